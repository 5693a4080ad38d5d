"""What the history adds up to: per player and game, wins and scores, how close to perfect they
played, Shut the Box's luck apart from skill, and the dice's faces per set.

>>> from datetime import datetime
>>> when = datetime(2026, 1, 1)
>>> def game(scores, winners):
...     players = ("Ala", "Olek")
...     return Record(1, "stonoga", {}, players, "pl", when, when, "end", scores, winners, 0, (), (), ())
>>> games = [game((9, 4), (0,)), game((3, 8), (1,))]
>>> [(s.player, s.games, s.wins, s.average, s.best) for s in standings(games)]
[('Ala', 2, 1, Fraction(6, 1), 9), ('Olek', 2, 1, Fraction(6, 1), 8)]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction

from firmware.history.fairness import FACES, Check, chi_square_test
from firmware.history.marks import cost
from firmware.history.records import Record


def lower_is_better(record: Record) -> bool:
    """Whether a lower score is the better one: Shut the Box's penalty (not its tournament, where
    the score is rounds won), Lezard Domino's cards left; Nogi Stonogi's boots count up."""
    if record.title == "shut-the-box":
        return not record.switches.get("tournament", False)
    return record.title == "lezard"


@dataclass(slots=True)
class Standing:
    """One player in one game: games, wins, scores, and their choices against the best."""

    title: str
    player: str
    games: int = 0
    wins: int = 0
    total: int = 0
    best: int | None = None
    choices: int = 0
    matched: int = 0
    given: dict[str, Fraction] = field(default_factory=dict)
    """What the other choices cost, summed figure by figure (``marks.cost``)."""
    turns: int = 0
    shuts: int = 0
    p_perfect: Fraction = Fraction(0)
    """Shut the Box: the shuts expected with best play from each turn's start, summed."""

    @property
    def win_rate(self) -> Fraction:
        return Fraction(self.wins, self.games) if self.games else Fraction(0)

    @property
    def average(self) -> Fraction:
        return Fraction(self.total, self.games) if self.games else Fraction(0)

    @property
    def luck(self) -> Fraction:
        """Shut the Box: what the rolls brought (or took) beyond best play: the shuts made, less
        those expected with best play, plus the chance the choices gave away. Exact: each turn's
        result is its chance at the start plus every roll's luck less every choice's cost."""
        return self.shuts - self.p_perfect + self.given.get("p_shut", Fraction(0))


def standings(records: Iterable[Record]) -> list[Standing]:
    """Every player of every game played to the end, by game (menu order) and name."""
    table: dict[tuple[str, str], Standing] = {}
    for record in records:
        if not record.finished_properly:
            continue
        low = lower_is_better(record)
        for seat, name in enumerate(record.players):
            row = table.setdefault((record.title, name), Standing(record.title, name))
            row.games += 1
            row.wins += seat in record.winner_seats
            if seat < len(record.scores):
                score = record.scores[seat]
                row.total += score
                if row.best is None or (score < row.best if low else score > row.best):
                    row.best = score
            for mark in record.marks:
                if mark.seat == seat:
                    row.choices += 1
                    row.matched += mark.matched
                    for name_, value in cost(mark).items():
                        row.given[name_] = row.given.get(name_, Fraction(0)) + value
            for turn in record.turns:
                if turn.seat == seat:
                    row.turns += 1
                    row.shuts += turn.shut
                    row.p_perfect += turn.p_start
    order = {"shut-the-box": 0, "stonoga": 1, "lezard": 2}
    return sorted(table.values(), key=lambda s: (order.get(s.title, 9), s.player.casefold()))


def best_moves(record: Record, seat: int) -> tuple[int, int]:
    """How many of ``seat``'s choices in ``record`` were the best, of how many."""
    marks = [mark for mark in record.marks if mark.seat == seat]
    return sum(mark.matched for mark in marks), len(marks)


def dice_checks(records: Iterable[Record]) -> dict[str, Check]:
    """Every set of dice's faces as confirmed (all games, the unfinished ones too), tested."""
    counts: dict[str, list[int]] = {}
    for record in records:
        for dice, faces in record.rolls:
            row = counts.setdefault(dice, [0] * FACES)
            for face in faces:
                row[face - 1 if dice == "pips" else face] += 1
    return {
        dice: chi_square_test(row) for dice, row in sorted(counts.items(), key=lambda item: item[0] != "pips")
    }
