"""Shut the Box (seed 002): the rule book, with every variant of the seed as a switch.

A turn: all flaps open; roll; shut a set of open flaps that the roll allows; roll again while a
shut is possible. When none is, the turn ends and the open flaps are the player's penalty. Several
players take turns; rounds go on until a set number of rounds or a penalty limit; lowest total wins.

Moves, in the order a turn asks for them (OpenSpiel-like; chance is an actor too):

- ``ChooseDice`` (``"1 die"``/``"2 dice"``): only where the one-die rule gives the player a choice;
- ``Roll`` (``"roll 3 5"``, ``"roll 4"``): what the dice show, applied at ``CHANCE``;
- ``Shut`` (``"shut 2 5"``): the flaps the player shuts after a roll.

There is no "pass": a roll that allows no shut ends the turn at once (or brings the last chance), and
shutting the last flap ends it too. ``ShutTheBox`` holds the switches (it is the options value and
the rule book at once); flaps may be 9, 10 or 12, and 6 for the published one-die reference. The
advice (``rules.shut_the_box_advisor``, which builds on this module) is for the current turn: each
move's chance to shut the box and expected score.

How the seed and the issue are read here (each a choice where the text leaves one open):

- One-die rule ``one_die``: ``never`` (always two dice, the seed's base rule); ``low`` (the player
  may roll one die while the open flaps add up to 6 or less); ``forced-low`` (must, then); ``after-top``
  (may, once every flap from 7 up is shut; with 6 flaps there are none, so always may); ``always``
  (one die only, for the published 6-flap reference). Where it is a choice, the choice is a move.
- A one-die roll allows exactly the sets adding up to its value; double chance and maths change
  nothing there (there is no second die).
- Double chance: after a two-dice roll ``a b`` the player may shut any set adding up to the target(s),
  or the single flap ``a``, or the single flap ``b``, or both flaps ``a`` and ``b``; a double ``a a``
  adds only the single flap ``a``.
- Maths challenge: the targets of a two-dice roll are ``a+b``, ``|a-b|`` (when at least 1), ``a*b``,
  and ``max/min`` when it divides evenly (so ``a/a = 1``). Any set adding up to any target is legal;
  a set is one move however many targets it matches. Combines with double chance.
- Last chance: once per turn, a roll that allows no shut is followed by one more roll (automatically:
  rolling again can never hurt). If that roll allows a shut the turn goes on, the last chance spent.
- A player must shut something when a roll allows it (the seed: roll again while you can).
- Scoring ``sum``: penalty is the sum of the open flaps; ``digits``: the open flaps written one after
  another in increasing order read as one number (1, 4, 7 -> 147; 1, 10 -> 110); all shut -> 0.
- Full shut: shutting every flap in a turn scores ``-full_shut_bonus`` for that turn (0 = off): the
  bonus comes off the player's total and counts in that round's comparison.
- End: after ``rounds`` rounds (default 1), and/or once a player's total penalty passes (exceeds)
  ``penalty_limit``. The limit is checked when a round is complete, so all have had as many turns.
- Tournament: each round is won by the lowest round score (tied players all win it); the game's winner
  has won the most rounds; players tied on rounds share the win. Needs a number of rounds.
- Otherwise the lowest total wins; tied players share the win. ``Outcome.scores`` holds the totals
  (tournament: the rounds won).

>>> book = ShutTheBox(flaps=9)
>>> state = book.start(["Ala", "Olek"])
>>> state = book.apply(state, book.parse_move(state, "3 5"))
>>> [m.text() for m in book.legal_moves(state)][:3]
['shut 8', 'shut 1 7', 'shut 2 6']
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache
from itertools import combinations

from rules.dice import multiset_distribution
from rules.game import CHANCE, TERMINAL, IllegalMoveError, InvalidMoveError, Outcome, RulesError
from rules.phrases import Notation, Phrase

ONE_DIE_RULES = ("never", "low", "forced-low", "after-top", "always")
SCORINGS = ("sum", "digits")
FLAP_COUNTS = (6, 9, 10, 12)
GOALS = ("shut", "penalty")
DEFAULT_GOAL = "penalty"
"""The advice's goal unless a player asks for the other: every variant scores the flaps left open as a
penalty (sum or digits, lowest total wins), so by default the best move is the lowest expected penalty;
``shut`` aims at the highest chance of shutting every flap instead (they disagree in a few positions)."""
LOW_LIMIT = 6
"""``low``/``forced-low``: one die once the open flaps add up to this or less."""
TOP_FROM = 7
"""``after-top``: one die once every flap from this one up is shut."""


@dataclass(frozen=True, slots=True)
class ChooseDice:
    """The player's choice of how many dice to roll next (only where the one-die rule offers one)."""

    count: int

    def text(self) -> str:
        return "1 die" if self.count == 1 else f"{self.count} dice"


@dataclass(frozen=True, slots=True)
class Roll:
    """What the dice show, smallest first: ``Roll((3, 5))`` or ``Roll((4,))``."""

    pips: tuple[int, ...]

    def text(self) -> str:
        return "roll " + " ".join(map(str, self.pips))


@dataclass(frozen=True, slots=True)
class Shut:
    """The flaps a player shuts after a roll, smallest first."""

    flaps: tuple[int, ...]

    def text(self) -> str:
        return "shut " + " ".join(map(str, self.flaps))


Move = ChooseDice | Roll | Shut


@dataclass(frozen=True, slots=True)
class State:
    """A position: the players, the round scores so far, and the turn in progress.

    ``scores`` has one tuple per round begun, holding the scores of the seats that have played it;
    the seat to play is the next one. ``dice`` is how many dice the next roll uses (0 while the
    player has yet to choose). At the end of the game ``open_flaps`` shows the last turn's board.
    """

    players: tuple[str, ...]
    scores: tuple[tuple[int, ...], ...]
    open_flaps: tuple[int, ...]
    roll: tuple[int, ...] = ()
    dice: int = 0
    last_chance_used: bool = False

    @property
    def seat(self) -> int:
        """The seat whose turn it is (at the end: the number of players)."""
        return len(self.scores[-1])

    @property
    def round(self) -> int:
        """The round being played, from 1."""
        return len(self.scores)


def flaps_mask(flaps: Sequence[int]) -> int:
    """The bitmask of a set of flaps: flap ``f`` is bit ``f - 1``.

    >>> flaps_mask([1, 2, 5])
    19
    """
    mask = 0
    for flap in flaps:
        mask |= 1 << (flap - 1)
    return mask


def mask_flaps(mask: int) -> tuple[int, ...]:
    """The flaps of a bitmask, smallest first.

    >>> mask_flaps(19)
    (1, 2, 5)
    """
    return tuple(bit + 1 for bit in range(mask.bit_length()) if mask >> bit & 1)


def targets(pips: tuple[int, ...], maths: bool) -> frozenset[int]:
    """The numbers a set of flaps may add up to after this roll.

    >>> sorted(targets((2, 6), maths=True))
    [3, 4, 8, 12]
    >>> sorted(targets((3, 3), maths=True))
    [1, 6, 9]
    """
    if len(pips) == 1 or not maths:
        return frozenset({sum(pips)})
    low, high = sorted(pips)
    found = {low + high, high - low, low * high}
    if high % low == 0:
        found.add(high // low)
    return frozenset(t for t in found if t >= 1)


@cache
def _sets_by_sum(flaps: int) -> dict[int, tuple[int, ...]]:
    by_sum: dict[int, list[int]] = {}
    numbers = range(1, flaps + 1)
    for size in range(1, flaps + 1):
        for combo in combinations(numbers, size):
            by_sum.setdefault(sum(combo), []).append(flaps_mask(combo))
    return {total: tuple(masks) for total, masks in by_sum.items()}


@cache
def shut_candidates(flaps: int, pips: tuple[int, ...], double_chance: bool, maths: bool) -> tuple[int, ...]:
    """Every flap set (as a bitmask) this roll lets a player shut on a box with all flaps open.

    With some flaps shut, the legal sets are the candidates that lie inside the open ones.
    """
    by_sum = _sets_by_sum(flaps)
    found = {mask for t in targets(pips, maths) for mask in by_sum.get(t, ())}
    if double_chance and len(pips) == 2:
        found |= {flaps_mask([p]) for p in pips if p <= flaps}
        if all(p <= flaps for p in pips):
            found.add(flaps_mask(pips))
    return tuple(sorted(found, key=lambda m: (bin(m).count("1"), mask_flaps(m))))


def clear_move_tables() -> None:
    """Forget the cached flap sets (for benchmarks that time a cold start)."""
    shut_candidates.cache_clear()
    _sets_by_sum.cache_clear()


@dataclass(frozen=True, slots=True)
class ShutTheBox:
    """The rule switches of one game of Shut the Box; also the rule book (see the module docstring)."""

    flaps: int = 9
    one_die: str = "never"
    scoring: str = "sum"
    double_chance: bool = False
    last_chance: bool = False
    full_shut_bonus: int = 0
    maths: bool = False
    tournament: bool = False
    rounds: int | None = 1
    penalty_limit: int | None = None

    def __post_init__(self) -> None:
        """Refuse the first switch that makes no game (a ``RulesError``, so a ``ValueError``)."""
        if self.flaps not in FLAP_COUNTS:
            raise RulesError("shut.switch.flaps", allowed=FLAP_COUNTS, value=self.flaps)
        if self.one_die not in ONE_DIE_RULES:
            raise RulesError("shut.switch.one-die", allowed=ONE_DIE_RULES, value=repr(self.one_die))
        if self.scoring not in SCORINGS:
            raise RulesError("shut.switch.scoring", value=repr(self.scoring))
        if self.full_shut_bonus < 0:
            raise RulesError("shut.switch.bonus", value=self.full_shut_bonus)
        if self.rounds is not None and self.rounds < 1:
            raise RulesError("shut.switch.rounds", value=self.rounds)
        if self.penalty_limit is not None and self.penalty_limit < 0:
            raise RulesError("shut.switch.penalty-limit", value=self.penalty_limit)
        if self.rounds is None and self.penalty_limit is None:
            raise RulesError("shut.switch.no-end")
        if self.tournament and self.rounds is None:
            raise RulesError("shut.switch.tournament")

    @property
    def title(self) -> str:
        return "shut-the-box"

    # --- the turn ------------------------------------------------------------------------------

    def all_flaps(self) -> tuple[int, ...]:
        return tuple(range(1, self.flaps + 1))

    def dice_choices(self, open_flaps: Sequence[int]) -> tuple[int, ...]:
        """How many dice the player may roll with these flaps open: ``(2,)``, ``(1,)`` or ``(1, 2)``.

        >>> ShutTheBox(one_die="low").dice_choices([1, 5])
        (1, 2)
        >>> ShutTheBox(one_die="forced-low").dice_choices([1, 5])
        (1,)
        """
        rule = self.one_die
        if rule == "always":
            return (1,)
        if rule in ("low", "forced-low") and sum(open_flaps) <= LOW_LIMIT:
            return (1,) if rule == "forced-low" else (1, 2)
        if rule == "after-top" and all(f < TOP_FROM for f in open_flaps):
            return (1, 2)
        return (2,)

    def shut_options(self, open_flaps: Sequence[int], pips: Sequence[int]) -> tuple[tuple[int, ...], ...]:
        """Every set of open flaps this roll lets the player shut (empty: the roll is lost).

        >>> ShutTheBox(double_chance=True).shut_options([1, 2, 3, 4], (1, 3))
        ((1,), (3,), (4,), (1, 3))
        """
        open_mask = flaps_mask(open_flaps)
        candidates = shut_candidates(self.flaps, tuple(sorted(pips)), self.double_chance, self.maths)
        return tuple(mask_flaps(m) for m in candidates if m & open_mask == m)

    def penalty(self, open_flaps: Sequence[int]) -> int:
        """The penalty of a board: sum of the open flaps, or (``digits``) the flaps read as one number.

        >>> ShutTheBox(scoring="digits").penalty([7, 1, 4])
        147
        """
        if not open_flaps:
            return 0
        if self.scoring == "digits":
            return int("".join(str(f) for f in sorted(open_flaps)))
        return sum(open_flaps)

    def turn_score(self, open_flaps: Sequence[int]) -> int:
        """What a turn ending with these flaps open adds to the total (the bonus for a full shut)."""
        return self.penalty(open_flaps) if open_flaps else -self.full_shut_bonus

    def _auto_dice(self, open_flaps: Sequence[int]) -> int:
        choices = self.dice_choices(open_flaps)
        return choices[0] if len(choices) == 1 else 0

    # --- the protocol --------------------------------------------------------------------------

    def start(self, players: Sequence[str]) -> State:
        names = tuple(players)
        if not names:
            raise RulesError("shut.players")
        board = self.all_flaps()
        return State(names, ((),), board, (), self._auto_dice(board), False)

    def to_act(self, state: State) -> int:
        if state.seat >= len(state.players):
            return TERMINAL
        if state.roll or state.dice == 0:
            return state.seat
        return CHANCE

    def legal_moves(self, state: State) -> tuple[Move, ...]:
        actor = self.to_act(state)
        if actor < 0:
            return ()
        if state.roll:
            return tuple(Shut(s) for s in self.shut_options(state.open_flaps, state.roll))
        return tuple(ChooseDice(n) for n in self.dice_choices(state.open_flaps))

    def chance_outcomes(self, state: State) -> tuple[tuple[Move, Fraction], ...]:
        if self.to_act(state) != CHANCE:
            return ()
        return tuple(
            (Roll(tuple(face + 1 for face in faces)), p) for faces, p in multiset_distribution(state.dice, 6)
        )

    def apply(self, state: State, move: Move) -> State:
        actor = self.to_act(state)
        if actor == TERMINAL:
            raise IllegalMoveError("shut.over", at=describe(state))
        if isinstance(move, Roll):
            return self._apply_roll(state, move, actor)
        if actor == CHANCE:
            raise IllegalMoveError("shut.roll-first", at=describe(state))
        if isinstance(move, ChooseDice):
            if state.roll or move.count not in self.dice_choices(state.open_flaps):
                raise IllegalMoveError("shut.not-a-choice", at=describe(state))
            return replace(state, dice=move.count)
        if not state.roll:
            raise IllegalMoveError("shut.choose-dice-first", at=describe(state))
        flaps = tuple(sorted(move.flaps))
        if flaps not in self.shut_options(state.open_flaps, state.roll):
            raise IllegalMoveError("shut.not-by-this-roll", at=describe(state))
        left = tuple(f for f in state.open_flaps if f not in flaps)
        if not left:
            return self._end_turn(state, left)
        return replace(state, open_flaps=left, roll=(), dice=self._auto_dice(left))

    def _apply_roll(self, state: State, move: Roll, actor: int) -> State:
        if actor != CHANCE:
            raise IllegalMoveError("shut.no-roll-due", at=describe(state))
        if len(move.pips) != state.dice or not all(1 <= p <= 6 for p in move.pips):
            raise IllegalMoveError("shut.roll-size", n=state.dice, at=describe(state))
        pips = tuple(sorted(move.pips))
        if self.shut_options(state.open_flaps, pips):
            return replace(state, roll=pips)
        if self.last_chance and not state.last_chance_used:
            return replace(state, dice=self._auto_dice(state.open_flaps), last_chance_used=True)
        return self._end_turn(state, state.open_flaps)

    def _end_turn(self, state: State, open_flaps: tuple[int, ...]) -> State:
        played = (*state.scores[-1], self.turn_score(open_flaps))
        scores = (*state.scores[:-1], played)
        if len(played) < len(state.players):
            board = self.all_flaps()
            return State(state.players, scores, board, (), self._auto_dice(board), False)
        if self._game_ends(scores, len(state.players)):
            return State(state.players, scores, open_flaps, (), 0, state.last_chance_used)
        board = self.all_flaps()
        return State(state.players, (*scores, ()), board, (), self._auto_dice(board), False)

    def _limit_passed(self, scores: tuple[tuple[int, ...], ...], players: int) -> bool:
        limit = self.penalty_limit
        return limit is not None and any(t > limit for t in _totals(scores, players))

    def _game_ends(self, scores: tuple[tuple[int, ...], ...], players: int) -> bool:
        return (self.rounds is not None and len(scores) >= self.rounds) or self._limit_passed(scores, players)

    def parse_move(self, state: State, text: str) -> Move:
        actor = self.to_act(state)
        words = [w for w in re.split(r"[\s,]+", text.strip().lower()) if w]
        if actor == TERMINAL:
            raise IllegalMoveError("shut.over", at=describe(state))
        if actor == CHANCE:
            if words[:1] == ["roll"]:
                words = words[1:]
            numbers = _numbers(words, text, "roll", state)
            move: Move = Roll(tuple(sorted(numbers)))
        elif state.roll:
            if words[:1] == ["shut"]:
                words = words[1:]
            numbers = _numbers(words, text, "flaps", state)
            move = Shut(tuple(sorted(numbers)))
        else:
            count = {"1": 1, "one": 1, "2": 2, "two": 2}.get(words[0] if words else "")
            if count is None or len(words) > 2 or words[1:] not in ([], ["die"], ["dice"]):
                raise InvalidMoveError("shut.how-many-dice", text=Notation(text), at=describe(state))
            move = ChooseDice(count)
        self._check(state, move)
        return move

    def _check(self, state: State, move: Move) -> None:
        """Raise the error ``apply`` would, with the legal choices named."""
        if isinstance(move, Shut) and move not in self.legal_moves(state):
            options = self.shut_options(state.open_flaps, state.roll)
            choices = tuple(" ".join(map(str, s)) for s in options)
            flaps = " ".join(map(str, move.flaps))
            raise IllegalMoveError("shut.cannot-shut", flaps=flaps, at=describe(state), choices=choices)
        self.apply(state, move)

    def outcome(self, state: State) -> Outcome | None:
        if self.to_act(state) != TERMINAL:
            return None
        totals = _totals(state.scores, len(state.players))
        reason = "penalty-limit" if self._limit_passed(state.scores, len(state.players)) else "rounds-played"
        if self.tournament:
            won = rounds_won(state)
            return Outcome(tuple(i for i, w in enumerate(won) if w == max(won)), won, reason)
        return Outcome(tuple(i for i, t in enumerate(totals) if t == min(totals)), totals, reason)


def _numbers(words: list[str], text: str, wanted: str, state: State) -> list[int]:
    if not words or not all(w.isdigit() for w in words):
        raise InvalidMoveError(f"shut.not-{wanted}", text=Notation(text), at=describe(state))
    return [int(w) for w in words]


def _totals(scores: tuple[tuple[int, ...], ...], players: int) -> tuple[int, ...]:
    return tuple(sum(r[seat] for r in scores if seat < len(r)) for seat in range(players))


def totals(state: State) -> tuple[int, ...]:
    """Every seat's total penalty so far (bonuses taken off)."""
    return _totals(state.scores, len(state.players))


def rounds_won(state: State) -> tuple[int, ...]:
    """How many complete rounds each seat has won (lowest round score; ties all win the round)."""
    won = [0] * len(state.players)
    for scores in state.scores:
        if len(scores) == len(state.players):
            for seat, score in enumerate(scores):
                won[seat] += score == min(scores)
    return tuple(won)


def describe(state: State) -> Phrase:
    """The position in words, for messages: whose turn, the open flaps and the roll.

    >>> str(describe(ShutTheBox().start(["Ala"])))
    'round 1, Ala to roll 2 dice, open flaps 1 2 3 4 5 6 7 8 9'
    """
    if state.seat >= len(state.players):
        return Phrase("shut.at.over", round=state.round)
    name = state.players[state.seat]
    board = " ".join(map(str, state.open_flaps))
    if state.roll:
        roll = " ".join(map(str, state.roll))
        return Phrase("shut.at.shut", round=state.round, name=name, roll=roll, flaps=board)
    if state.dice == 0:
        return Phrase("shut.at.choose", round=state.round, name=name, flaps=board)
    return Phrase("shut.at.roll", round=state.round, name=name, n=state.dice, flaps=board)
