"""Exact advice for one turn of Shut the Box: the chance of shutting the box, and the expected penalty.

Dynamic programming over the ``2**flaps`` sets of open flaps (bitmasks, flap ``f`` is bit ``f - 1``)
and whether the last chance is still to come, for the rules in force. Two figures, each assuming best
play for its own goal from then on: ``p_shut`` (highest chance of shutting every flap) and
``expected_penalty`` (lowest expected score the turn adds: the open flaps' penalty, or minus the
full-shut bonus). Both are exact.

Every roll divides by 36 (two dice: 1/36 per ordered pair; one die: 6/36 per face), and from any
position at most ``flaps + 1`` rolls are left (each roll shuts a flap, except one last chance), so
each value times ``36**(flaps + 1)`` is a whole number. The DP works in those integers, which is
exact and fast, and hands out ``Fraction`` values. One solve per set of turn rules is cached;
advice after it is a lookup.

>>> from rules.shut_the_box import ShutTheBox
>>> odds(ShutTheBox()).p_shut
Fraction(466473281, 6530347008)
>>> for a in advise_roll(ShutTheBox(), (1, 2, 5, 7), (3, 4), False, "shut"):
...     print(a.flaps, a.p_shut, a.expected_penalty, a.best)
(7,) 103/648 433/108 True
(2, 5) 5/36 103/18 False
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache

from rules.dice import multiset_distribution
from rules.game import Advice
from rules.shut_the_box import (
    DEFAULT_GOAL,
    GOALS,
    ChooseDice,
    Move,
    Shut,
    ShutTheBox,
    State,
    clear_move_tables,
    flaps_mask,
    mask_flaps,
    shut_candidates,
)

STEP = 36
"""Every chance probability is a whole number of 36ths."""


@dataclass(frozen=True, slots=True)
class Figures:
    """The advisor's two exact figures for a position or a move."""

    p_shut: Fraction
    expected_penalty: Fraction


@dataclass(frozen=True, slots=True)
class ShutAdvice:
    """One legal shut after a roll, its figures, and whether it is best for the goal asked."""

    flaps: tuple[int, ...]
    p_shut: Fraction
    expected_penalty: Fraction
    best: bool


@dataclass(frozen=True, slots=True)
class DiceAdvice:
    """One choice of how many dice to roll, its figures, and whether it is best for the goal asked."""

    dice: int
    p_shut: Fraction
    expected_penalty: Fraction
    best: bool


@dataclass(frozen=True, slots=True, eq=False)
class Solution:
    """The solved turn: values times ``scale`` at each roll, indexed ``[last chance left][mask]``.

    ``shut``/``penalty`` are for the best choice of dice; ``shut_by_dice``/``penalty_by_dice`` are
    indexed ``[last chance left][dice - 1][mask]`` and meaningful where that many dice are allowed.
    """

    rules: ShutTheBox
    scale: int
    shut: tuple[tuple[int, ...], ...]
    penalty: tuple[tuple[int, ...], ...]
    shut_by_dice: tuple[tuple[tuple[int, ...], ...], ...]
    penalty_by_dice: tuple[tuple[tuple[int, ...], ...], ...]

    def figures(self, mask: int, last_chance_left: bool) -> Figures:
        """The value of the position before a roll (including the choice of dice)."""
        lc = int(last_chance_left and self.rules.last_chance)
        return Figures(
            Fraction(self.shut[lc][mask], self.scale), Fraction(self.penalty[lc][mask], self.scale)
        )


def turn_rules(rules: ShutTheBox) -> ShutTheBox:
    """The switches that matter for one turn (rounds, limits and tournament do not)."""
    return replace(rules, tournament=False, rounds=1, penalty_limit=None)


def solve(rules: ShutTheBox) -> Solution:
    """The solved turn for these rules (cached per set of turn rules)."""
    return _solve(turn_rules(rules))


def clear_caches() -> None:
    """Forget every solve and move table (for benchmarks that time a cold solve)."""
    _solve.cache_clear()
    clear_move_tables()


def _roll_groups(rules: ShutTheBox, dice: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """The rolls of ``dice`` dice merged by the flap sets they allow: (weight in 36ths, candidates)."""
    weights: dict[tuple[int, ...], int] = {}
    for faces, p in multiset_distribution(dice, 6):
        pips = tuple(face + 1 for face in faces)
        candidates = shut_candidates(rules.flaps, pips, rules.double_chance, rules.maths)
        weights[candidates] = weights.get(candidates, 0) + int(p * STEP)
    return tuple((w, c) for c, w in weights.items())


@cache
def _solve(rules: ShutTheBox) -> Solution:
    size = 1 << rules.flaps
    scale = STEP ** (rules.flaps + 1)
    groups = {dice: _roll_groups(rules, dice) for dice in (1, 2)}
    chances = (0, 1) if rules.last_chance else (0,)
    shut = [[0] * size for _ in range(2)]
    penalty = [[0] * size for _ in range(2)]
    shut_by = [[[0] * size for _ in range(2)] for _ in range(2)]
    penalty_by = [[[0] * size for _ in range(2)] for _ in range(2)]
    for lc in (0, 1):
        shut[lc][0] = scale
        penalty[lc][0] = -rules.full_shut_bonus * scale
    for mask in range(1, size):
        flaps = mask_flaps(mask)
        choices = rules.dice_choices(flaps)
        children = {
            dice: [(w, [mask ^ c for c in cands if c & mask == c]) for w, cands in groups[dice]]
            for dice in choices
        }
        for lc in chances:
            s_row, e_row = shut[lc], penalty[lc]
            stuck_s, stuck_e = (shut[0][mask], penalty[0][mask]) if lc else (0, rules.penalty(flaps) * scale)
            for dice in choices:
                total_s = total_e = 0
                for w, kids in children[dice]:
                    if kids:
                        total_s += w * max([s_row[k] for k in kids])
                        total_e += w * min([e_row[k] for k in kids])
                    else:
                        total_s += w * stuck_s
                        total_e += w * stuck_e
                shut_by[lc][dice - 1][mask] = total_s // STEP
                penalty_by[lc][dice - 1][mask] = total_e // STEP
            s_row[mask] = max(shut_by[lc][d - 1][mask] for d in choices)
            e_row[mask] = min(penalty_by[lc][d - 1][mask] for d in choices)
    return Solution(
        rules,
        scale,
        tuple(map(tuple, shut)),
        tuple(map(tuple, penalty)),
        tuple(tuple(map(tuple, by)) for by in shut_by),
        tuple(tuple(map(tuple, by)) for by in penalty_by),
    )


def _open_mask(rules: ShutTheBox, open_flaps: Sequence[int]) -> int:
    if len(set(open_flaps)) != len(open_flaps) or not all(1 <= f <= rules.flaps for f in open_flaps):
        wanted = f"different numbers from 1 to {rules.flaps}"
        raise ValueError(f"open flaps must be {wanted}, not {list(open_flaps)}")
    return flaps_mask(open_flaps)


def _goal_key(goal: str, p_shut: Fraction, expected_penalty: Fraction) -> tuple[Fraction, Fraction]:
    if goal not in GOALS:
        raise ValueError(f"goal must be shut or penalty, not {goal!r}")
    return (-p_shut, expected_penalty) if goal == "shut" else (expected_penalty, -p_shut)


def odds(rules: ShutTheBox) -> Figures:
    """One player's figures for a whole turn from all flaps open, with best play for each goal."""
    return position(rules, rules.all_flaps(), True)


def position(rules: ShutTheBox, open_flaps: Sequence[int], last_chance_left: bool) -> Figures:
    """The figures before a roll with these flaps open (the choice of dice included)."""
    return solve(rules).figures(_open_mask(rules, open_flaps), last_chance_left)


def advise_roll(
    rules: ShutTheBox, open_flaps: Sequence[int], pips: Sequence[int], last_chance_left: bool, goal: str
) -> tuple[ShutAdvice, ...]:
    """Every legal shut after this roll, each once, best first for ``goal`` (empty: the roll is lost)."""
    solution = solve(rules)
    mask = _open_mask(rules, open_flaps)
    found = []
    for flaps in rules.shut_options(open_flaps, pips):
        figures = solution.figures(mask & ~flaps_mask(flaps), last_chance_left)
        found.append((_goal_key(goal, figures.p_shut, figures.expected_penalty), flaps, figures))
    found.sort()
    return tuple(
        ShutAdvice(flaps, f.p_shut, f.expected_penalty, key == found[0][0]) for key, flaps, f in found
    )


def advise_dice(
    rules: ShutTheBox, open_flaps: Sequence[int], last_chance_left: bool, goal: str
) -> tuple[DiceAdvice, ...]:
    """Every allowed number of dice for the next roll, best first for ``goal``."""
    solution = solve(rules)
    mask = _open_mask(rules, open_flaps)
    lc = int(last_chance_left and rules.last_chance)
    found = []
    for dice in rules.dice_choices(open_flaps):
        if mask == 0:
            figures = solution.figures(0, last_chance_left)
        else:
            p_shut = Fraction(solution.shut_by_dice[lc][dice - 1][mask], solution.scale)
            penalty = Fraction(solution.penalty_by_dice[lc][dice - 1][mask], solution.scale)
            figures = Figures(p_shut, penalty)
        found.append((_goal_key(goal, figures.p_shut, figures.expected_penalty), dice, figures))
    found.sort()
    return tuple(DiceAdvice(dice, f.p_shut, f.expected_penalty, key == found[0][0]) for key, dice, f in found)


def advise(book: ShutTheBox, state: State, goal: str = DEFAULT_GOAL) -> tuple[Advice[Move], ...]:
    """Every legal move with its exact ``p_shut`` and ``expected_penalty`` (this turn), best first.

    Each figure assumes best play for its own goal from then on; ``goal`` (``shut`` or
    ``penalty``) orders the moves. The figures are for the current turn only.

    >>> book = ShutTheBox()
    >>> state = book.apply(book.start(["Ala"]), book.parse_move(book.start(["Ala"]), "3 4"))
    >>> [(a.move.text(), a.best) for a in advise(book, state)][:2]
    [('shut 7', True), ('shut 1 6', False)]
    """
    if book.to_act(state) < 0:
        return ()
    left = book.last_chance and not state.last_chance_used
    ranked: tuple[tuple[Move, Fraction, Fraction, bool], ...]
    if state.roll:
        ranked = tuple(
            (Shut(a.flaps), a.p_shut, a.expected_penalty, a.best)
            for a in advise_roll(book, state.open_flaps, state.roll, left, goal)
        )
    else:
        ranked = tuple(
            (ChooseDice(a.dice), a.p_shut, a.expected_penalty, a.best)
            for a in advise_dice(book, state.open_flaps, left, goal)
        )
    return tuple(
        Advice(move, (("p_shut", p), ("expected_penalty", e)), best) for move, p, e, best in ranked
    )
