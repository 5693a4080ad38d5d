"""Exact advice for Nogi Stonogi: which dice to keep, when to stop, which tile to take.

Dynamic programming over the multisets of the dice (126 for four dice with six faces) and the
rolls left, in exact fractions. What the dice are worth when the rolls end is a table
``value[colour][count]`` (count = dice of that colour + stars; the best colour is chosen), so one
solver serves every goal:

- the boots gained this turn: the largest tile of that colour that the count takes from the
  centre, or a stealable tile of exactly that count (variant);
- the chance of one chosen tile: 1 where the count takes it, else 0;
- the published odds: 1 where the count of one colour fixed in advance reaches ``k``.

>>> p_at_least(3)
Fraction(116603, 177147)

Solutions are cached by their table, so advice after the first solve of a position's tiles is
a lookup.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import lcm

from rules.dice import multiset_distribution
from rules.game import Advice
from rules.stonoga import (
    DICE,
    FACES,
    ROLLS,
    STAR,
    Keep,
    Move,
    Steal,
    Stonoga,
    StonogaState,
    Stop,
    Take,
    Tile,
    counts,
    set_asides,
)

Faces = tuple[int, ...]
Table = tuple[tuple[Fraction, ...], ...]
"""``table[colour][count]``: what ending the rolls is worth with that count in that colour."""


@dataclass(frozen=True, slots=True)
class TurnSolution:
    """One turn's exact values under best play for one end table.

    ``stop[dice]``: ending the rolls with these faces on the table. ``keep[(left, kept)]``:
    setting ``kept`` aside and rolling the other dice with ``left`` rolls to go, this roll
    included. ``start``: the whole turn, before its first roll.
    """

    stop: Mapping[Faces, Fraction]
    keep: Mapping[tuple[int, Faces], Fraction]
    start: Fraction


def end_value(table: Table, dice: Faces) -> Fraction:
    """What the faces ``dice`` are worth when the rolls end: the best colour's entry."""
    have = counts(dice)
    return max(table[colour][have[colour]] for colour in range(STAR))


@lru_cache(maxsize=16)
def solve(table: Table, dice: int = DICE, rolls: int = ROLLS) -> TurnSolution:
    """Solve a turn of ``rolls`` rolls of ``dice`` dice for the end values ``table``.

    Exact throughout: values are kept as whole numbers over one common denominator per roll
    (the table's, times 6 to the dice for each roll), which is several times faster than
    adding fractions, and become fractions at the end. The cache keeps the last few tables only:
    a turn asks about two tables, which change with the board, so older ones are rarely asked again.
    """
    if dice < 0 or rolls < 1 or len(table) != STAR or any(len(row) != dice + 1 for row in table):
        raise ValueError(f"need dice >= 0, rolls >= 1 and a 5 x (dice + 1) table, got {dice}, {rolls}")
    scale = lcm(*(value.denominator for row in table for value in row))
    hands = [faces for faces, _ in multiset_distribution(dice, FACES)]
    stop = {hand: end_value(table, hand) for hand in hands}
    stopped = {hand: int(value * scale) for hand, value in stop.items()}  # over `scale`
    best = stopped  # with no roll left
    keep: dict[tuple[int, Faces], Fraction] = {}
    for left in range(1, rolls + 1):
        denominator = scale * FACES ** (dice * left)  # of every value with `left` rolls to go
        worth: dict[Faces, int] = {}
        for size in range(dice) if left < rolls else range(1):  # the first roll throws every die
            throws = [
                (throw, int(p * FACES ** (dice - size)))
                for throw, p in multiset_distribution(dice - size, FACES)
            ]
            for kept, _ in multiset_distribution(size, FACES):
                ways = sum(count * best[tuple(sorted(kept + throw))] for throw, count in throws)
                worth[kept] = ways * FACES**size
                keep[(left, kept)] = Fraction(worth[kept], denominator)
        if left < rolls:
            rest = FACES ** (dice * left)
            best = {
                hand: max([stopped[hand] * rest, *(worth[k] for k in set_asides(hand) if len(k) < dice)])
                for hand in hands
            }
    return TurnSolution(stop, keep, keep[(rolls, ())])


def p_at_least(k: int, dice: int = DICE, rolls: int = ROLLS) -> Fraction:
    """The chance of at least ``k`` dice of one colour fixed in advance (stars count) within
    ``rolls`` rolls, keeping optimally.

    >>> p_at_least(4)
    Fraction(130321, 531441)
    >>> p_at_least(1, dice=1, rolls=1)
    Fraction(1, 3)
    """
    hit = tuple(Fraction(int(count >= k)) for count in range(dice + 1))
    none = tuple(Fraction(0) for _ in range(dice + 1))
    return solve((hit, *(none for _ in range(STAR - 1))), dice, rolls).start


def boots_table(book: Stonoga, state: StonogaState) -> Table:
    """End values for the boots gained this turn by the seat to play, with the tiles in play."""
    gain = [[0] * (DICE + 1) for _ in range(STAR)]
    for tile in state.centre:
        for count in range(tile.boots, DICE + 1):
            gain[tile.colour][count] = max(gain[tile.colour][count], tile.boots)
    for steal in book.stealable(state):
        tile = steal.tile
        gain[tile.colour][tile.boots] = max(gain[tile.colour][tile.boots], tile.boots)
    return tuple(tuple(Fraction(g) for g in row) for row in gain)


def target_table(book: Stonoga, state: StonogaState, target: Tile) -> Table:
    """End values for getting ``target``: from the centre, or stolen with the exact count."""
    row = [Fraction(0)] * (DICE + 1)
    if target in state.centre:
        row[target.boots :] = [Fraction(1)] * (DICE + 1 - target.boots)
    elif any(steal.tile == target for steal in book.stealable(state)):
        row[target.boots] = Fraction(1)
    none = tuple(Fraction(0) for _ in range(DICE + 1))
    return tuple(tuple(row) if colour == target.colour else none for colour in range(STAR))


Goal = tuple[str, Table, Callable[[Tile], Fraction]]


def _goals(book: Stonoga, state: StonogaState) -> list[Goal]:
    goals: list[Goal] = []
    target = book.target
    if target is not None:
        goals.append(("p_target", target_table(book, state, target), lambda t: Fraction(int(t == target))))
    goals.append(("expected_boots", boots_table(book, state), lambda t: Fraction(t.boots)))
    return goals


def _figure(state: StonogaState, move: Move, goal: Goal) -> Fraction:
    _, table, tile_value = goal
    if isinstance(move, Keep):
        return solve(table).keep[(ROLLS - state.rolls, move.faces)]
    if isinstance(move, Stop):
        return solve(table).stop[state.dice]
    if isinstance(move, Take | Steal):
        return tile_value(move.tile)
    return Fraction(0)


def advise(book: Stonoga, state: StonogaState) -> tuple[Advice[Move], ...]:
    """Every legal move with its exact figures, best first.

    Figures: ``p_target`` (only when ``book.target`` is set: the chance of getting that tile
    this turn) and ``expected_boots`` (the boots expected this turn). Each assumes best play for
    its own goal from then on; moves are ranked by ``p_target`` first when there is a target.
    """
    goals = _goals(book, state)
    rows = [
        (move, tuple((goal[0], _figure(state, move, goal)) for goal in goals))
        for move in book.legal_moves(state)
    ]
    rows.sort(key=lambda row: tuple(-value for _, value in row[1]))
    return tuple(Advice(move, figures, figures == rows[0][1]) for move, figures in rows)


def position_figures(book: Stonoga, state: StonogaState) -> tuple[tuple[str, Fraction], ...]:
    """The position's own figures under best play: before a roll, what the rest of the turn is
    worth; at a choice, the best move's figures taken goal by goal; nothing once the game is over.

    >>> book = Stonoga()
    >>> dict(position_figures(book, book.start(["Ala", "Olek"])))["expected_boots"] > 3
    True
    """
    if not state.centre:
        return ()
    goals = _goals(book, state)
    if state.phase == "roll":
        return tuple((goal[0], solve(goal[1]).keep[(ROLLS - state.rolls, state.dice)]) for goal in goals)
    moves = book.legal_moves(state)
    return tuple((goal[0], max(_figure(state, move, goal) for move in moves)) for goal in goals)
