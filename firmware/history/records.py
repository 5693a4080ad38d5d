"""The history's records: each finished game as stored, checked and replayed once.

A record is what ``kostka history`` lists and what the statistics add up: the game, its rule
switches, the players, scores and winners, when it began and how long it took, every mark
(``marks``: how each choice compared with the best) and every roll of the dice as confirmed. A
row that cannot be read (damaged JSON, a move that no longer applies, rules this Kostka does not
know) is skipped with the reason (``Skipped``), never a stop.

>>> import tempfile
>>> from pathlib import Path
>>> from firmware.storage import GameStore
>>> from rules.game import Outcome
>>> from rules.shut_the_box import ShutTheBox
>>> with tempfile.TemporaryDirectory() as folder, GameStore(Path(folder)) as store:
...     _ = store.start(ShutTheBox(flaps=9), ["Ala"], language="pl")
...     store.save_move(1, "roll 6 6")
...     _ = store.finish(Outcome((0,), (33,), "rounds-played"))
...     records, skipped = read_records(store.archive())
>>> [(r.title, r.players, r.scores, r.winners, r.rolls) for r in records], skipped
([('shut-the-box', ('Ala',), (33,), ('Ala',), (('pips', (6, 6)),))], [])
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from firmware.errors import Words
from firmware.games.registry import rulebook_from_json
from firmware.games.rulebooks import RulebookError
from firmware.history.marks import Mark, from_json, judge
from firmware.history.summary import UNFINISHED
from firmware.storage import ArchivedGame
from rules.game import CHANCE, RulesError
from rules.match import Match
from rules.shut_the_box import DEFAULT_GOAL, ShutTheBox

DICE = {"shut-the-box": "pips", "stonoga": "colours"}
"""The set of dice each game rolls: pips (1-6) or Nogi Stonogi's colours (the star a sixth face)."""


@dataclass(frozen=True, slots=True)
class Turn:
    """One player's Shut the Box turn: who, the chance to shut the box from its start with best
    play (``p_start``), and whether every flap was shut."""

    seat: int
    p_start: Any  # Fraction
    shut: bool


@dataclass(frozen=True, slots=True)
class Record:
    """One game of the history (see the module docstring)."""

    id: int
    title: str
    switches: dict[str, Any]
    players: tuple[str, ...]
    language: str
    started: datetime
    finished: datetime
    reason: str
    scores: tuple[int, ...]
    winner_seats: tuple[int, ...]
    moves: int
    marks: tuple[Mark, ...]
    rolls: tuple[tuple[str, tuple[int, ...]], ...]
    turns: tuple[Turn, ...]

    @property
    def winners(self) -> tuple[str, ...]:
        return tuple(self.players[seat] for seat in self.winner_seats)

    @property
    def finished_properly(self) -> bool:
        """Played to the end (not abandoned, not set aside as unreadable)."""
        return self.reason not in UNFINISHED

    @property
    def seconds(self) -> int:
        """How long the game took, from its start to its end, in whole seconds (0 if the clock
        jumped back)."""
        return max(0, int((self.finished - self.started).total_seconds()))


@dataclass(frozen=True, slots=True)
class Skipped:
    """A stored game that cannot be read: its id and why (``Words``, said in the person's language)."""

    id: object
    why: Words


def read_records(archive: Iterable[ArchivedGame]) -> tuple[list[Record], list[Skipped]]:
    """Every stored game that can be read, oldest first, and those skipped with why."""
    records: list[Record] = []
    skipped: list[Skipped] = []
    for stored in archive:
        try:
            records.append(_record(stored))
        except (RulebookError, RulesError, ValueError, TypeError, KeyError, IndexError) as error:
            detail = error.reason if isinstance(error, RulesError) else str(error)
            skipped.append(Skipped(stored.game[0], Words("history.skipped", {"detail": str(detail)[:80]})))
    return records, skipped


def _record(stored: ArchivedGame) -> Record:
    game_id, title, rules, players, language, _seed, started, finished, winners, scores, reason = stored.game
    book = rulebook_from_json(str(title), str(rules))
    names = json.loads(players)
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names) or not names:
        raise ValueError(f"players {str(players)[:40]!r}")
    numbers = [number for number, _, _, _ in stored.moves]
    if numbers != list(range(1, len(numbers) + 1)):
        raise ValueError("move numbers with a gap")
    texts = [str(text) for _, text, _, _ in stored.moves]
    match = Match.replay(book, names, texts)
    won = tuple(int(seat) for seat in json.loads(winners))
    final = tuple(int(score) for score in json.loads(scores))
    if any(not 0 <= seat < len(names) for seat in won):
        raise ValueError(f"winners {winners!r}")
    marks = []
    for (_, text, _, stored_mark), state in zip(stored.moves, match.states, strict=False):
        mark = from_json(stored_mark) if stored_mark is not None else judge(book, state, text, DEFAULT_GOAL)
        if mark is not None:
            marks.append(mark)
    return Record(
        id=int(game_id),
        title=str(title),
        switches=json.loads(rules),
        players=tuple(names),
        language=str(language),
        started=datetime.fromisoformat(started),
        finished=datetime.fromisoformat(finished),
        reason=str(reason),
        scores=final,
        winner_seats=won,
        moves=len(texts),
        marks=tuple(marks),
        rolls=_rolls(match),
        turns=_turns(match) if isinstance(book, ShutTheBox) else (),
    )


def _rolls(match: Match[Any, Any]) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """Every roll of the dice, as confirmed: (the set of dice, the faces)."""
    dice = DICE.get(match.book.title)
    if dice is None:
        return ()
    found = []
    for state, text in zip(match.states, match.moves, strict=False):
        if match.book.to_act(state) == CHANCE:
            move = match.book.parse_move(state, text)
            faces = getattr(move, "pips", None) or getattr(move, "faces", None)
            if faces:
                found.append((dice, tuple(int(face) for face in faces)))
    return tuple(found)


def _turns(match: Match[Any, Any]) -> tuple[Turn, ...]:
    """Shut the Box's turns: the chance to shut from each turn's start, and whether it shut."""
    from rules.shut_the_box_advisor import position

    book: ShutTheBox = match.book  # type: ignore[assignment]
    turns = []
    begun: Any = None
    for state, after in zip(match.states, match.states[1:], strict=False):
        if begun is None:
            begun = state
        if _scored(after) > _scored(state):
            left = book.last_chance and not begun.last_chance_used
            p_start = position(book, begun.open_flaps, left).p_shut
            turns.append(Turn(begun.seat, p_start, _last_score(after) <= 0))
            begun = None
    return tuple(turns)


def _scored(state: Any) -> int:
    return sum(len(scores) for scores in state.scores)


def _last_score(state: Any) -> int:
    row = state.scores[-1] if state.scores[-1] else state.scores[-2]
    return int(row[-1])
