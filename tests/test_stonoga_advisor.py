"""The Nogi Stonogi advisor: published odds, an independent brute force, and advice that agrees
with the rule book's own moves and dice."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction
from functools import cache
from math import comb

import pytest

from rules.game import CHANCE
from rules.stonoga import Keep, Options, Steal, Stonoga, StonogaState, Stop, Take, TakeNothing, Tile
from rules.stonoga_advisor import (
    Table,
    advise,
    boots_table,
    end_value,
    p_at_least,
    position_figures,
    solve,
    target_table,
)


def fractions(*values: int) -> tuple[Fraction, ...]:
    return tuple(Fraction(value) for value in values)


def play(book: Stonoga, state: StonogaState, *texts: str) -> StonogaState:
    for text in texts:
        state = book.apply(state, book.parse_move(state, text))
    return state


@pytest.mark.parametrize(
    ("k", "published"),
    [(2, Fraction(162811, 177147)), (3, Fraction(116603, 177147)), (4, Fraction(130321, 531441))],
)
def test_the_published_odds(k: int, published: Fraction) -> None:
    assert p_at_least(k) == published
    assert p_at_least(k, dice=4, rolls=3) == published


@pytest.mark.parametrize("dice", [1, 2, 3, 4])
@pytest.mark.parametrize("rolls", [1, 2, 3, 4])
def test_odds_agree_with_the_binomial_of_independent_dice(dice: int, rolls: int) -> None:
    """Keeping every hit, each die hits within the rolls with 1 - (2/3)^rolls, independently."""
    hit = 1 - Fraction(2, 3) ** rolls
    for k in range(dice + 2):
        binomial = sum(
            (comb(dice, j) * hit**j * (1 - hit) ** (dice - j) for j in range(k, dice + 1)), Fraction(0)
        )
        assert p_at_least(k, dice, rolls) == binomial


def test_odds_outside_the_dice() -> None:
    assert p_at_least(0) == 1 and p_at_least(5) == 0
    with pytest.raises(ValueError, match="rolls >= 1"):
        p_at_least(2, rolls=0)


def _brute(table: Table, dice: int, rolls: int) -> Fraction:
    """Expectimax over ordered dice and sets of die positions, sharing no code with the solver."""

    @cache
    def after_roll(faces: tuple[int, ...], left: int) -> Fraction:
        have = [faces.count(c) + faces.count(5) for c in range(5)]
        value = max(table[c][have[c]] for c in range(5))
        if left == 0:
            return value
        for mask in itertools.product([False, True], repeat=dice):
            if all(mask):
                continue
            total = Fraction(0)
            for throw in itertools.product(range(6), repeat=mask.count(False)):
                rolled = iter(throw)
                total += after_roll(
                    tuple(f if keep else next(rolled) for f, keep in zip(faces, mask, strict=True)), left - 1
                )
            value = max(value, total / 6 ** mask.count(False))
        return value

    throws = list(itertools.product(range(6), repeat=dice))
    return sum((after_roll(t, rolls - 1) for t in throws), Fraction(0)) / len(throws)


@pytest.mark.parametrize("dice", [1, 2, 3])
def test_the_solver_agrees_with_a_brute_force(dice: int) -> None:
    rng = random.Random(dice)
    for _ in range(3 if dice < 3 else 1):
        table = tuple(tuple(Fraction(rng.choice([0, 0, 1, 2, 3])) for _ in range(dice + 1)) for _ in range(5))
        for rolls in (1, 2, 3) if dice < 3 else (3,):
            assert solve(table, dice, rolls).start == _brute(table, dice, rolls)


def test_expected_boots_from_one_tile_and_the_chance_of_a_target() -> None:
    book = Stonoga(target=Tile(1, 3))
    state = book.start(["Ala", "Olek"])
    assert dict(position_figures(book, state))["p_target"] == p_at_least(3)
    lonely = StonogaState(state.players, (Tile(1, 2),), state.centipedes)
    assert dict(position_figures(Stonoga(), lonely)) == {"expected_boots": 2 * p_at_least(2)}


def test_a_stealable_target_needs_the_exact_count() -> None:
    book = Stonoga(Options(stealing=True), target=Tile(1, 3))
    state = StonogaState(("Ala", "Olek"), (Tile(0, 2),), ((), (Tile(1, 3),)))
    table = target_table(book, state, Tile(1, 3))
    assert table[1] == fractions(0, 0, 0, 1, 0) and all(not any(row) for c, row in enumerate(table) if c != 1)
    assert 0 < solve(table).start < p_at_least(3)  # a fourth red or star would spoil it
    assert dict(position_figures(Stonoga(target=Tile(1, 3)), state))["p_target"] == 0  # no stealing
    assert boots_table(book, state)[1] == fractions(0, 0, 0, 3, 0)
    assert boots_table(book, state)[0] == fractions(0, 0, 2, 2, 2)


def test_advice_for_keeping_lists_every_move_best_first() -> None:
    book = Stonoga(target=Tile(1, 3))
    state = play(book, book.start(["Ala", "Olek"]), "r r * b")
    advice = advise(book, state)
    assert sorted(map(repr, (a.move for a in advice))) == sorted(map(repr, book.legal_moves(state)))
    best = advice[0]
    assert best.move == Keep((1, 1, 5)) and best.best and not any(a.best for a in advice[1:])
    # r r * is the red 3 already; the fourth red or star comes with 1 - (2/3)^2 in two rolls
    assert best.figure("p_target") == 1 and best.figure("expected_boots") == 3 + Fraction(5, 9)
    stop = next(a for a in advice if a.move == Stop())
    assert (stop.figure("p_target"), stop.figure("expected_boots")) == fractions(1, 3)
    keys = [(a.figure("p_target"), a.figure("expected_boots")) for a in advice]
    assert keys == sorted(keys, reverse=True)


def test_advice_for_the_tile_and_stealing() -> None:
    book = Stonoga(Options(stealing=True))
    state = play(book, book.start(["Ala", "Olek"]), "r r * b", "stop", "take r3", "r r r b", "stop")
    advice = advise(book, state)
    assert [(a.move.text(), a.figure("expected_boots"), a.best) for a in advice] == [
        ("steal r3", Fraction(3), True),
        ("take r2", Fraction(2), False),
    ]
    assert advise(book, play(book, state, "steal r3")) == ()  # the dice are to roll: no one chooses


def test_no_tile_fits_and_taking_nothing_is_worth_nothing() -> None:
    book = Stonoga()
    state = play(book, book.start(["Ala", "Olek"]), "y r g b", "stop")
    (only,) = advise(book, state)
    assert only.move == TakeNothing() and only.figure("expected_boots") == 0 and only.best


def test_ties_are_all_marked_best() -> None:
    book = Stonoga(Options(may_decline=True))
    state = play(book, book.start(["Ala", "Olek"]), "y y g g", "stop")
    advice = advise(book, state)
    assert [(a.move.text(), a.best) for a in advice] == [
        ("take y2", True),
        ("take g2", True),
        ("take nothing", False),
    ]


def _random_positions(book: Stonoga, rng: random.Random, count: int) -> list[StonogaState]:
    state, seen = book.start(["Ala", "Olek", "Ewa"]), list[StonogaState]()
    while len(seen) < count and book.outcome(state) is None:
        seen.append(state)
        if book.to_act(state) == CHANCE:
            outcomes = book.chance_outcomes(state)
            move = rng.choices([m for m, _ in outcomes], [float(p) for _, p in outcomes])[0]
        else:
            legal = book.legal_moves(state)
            move = max(legal, key=lambda m: m.tile.boots if isinstance(m, Take | Steal) else rng.random())
        state = book.apply(state, move)
    return seen


@pytest.mark.parametrize("options", [Options(), Options(stealing=True)])
def test_the_figures_agree_with_the_dice_of_the_rule_book(options: Options) -> None:
    """Before a roll, a position is worth the chance-weighted best figure after it (one DP step,
    checked against the rule book's own chance outcomes and moves)."""
    book = Stonoga(options, target=Tile(2, 4))
    rng = random.Random(str(options))
    rolls = [s for s in _random_positions(book, rng, 400) if book.to_act(s) == CHANCE]
    for state in rolls[:: max(1, len(rolls) // 12)]:
        before = dict(position_figures(book, state))
        after = {name: Fraction(0) for name in before}
        for roll, p in book.chance_outcomes(state):
            for name, value in position_figures(book, book.apply(state, roll)):
                after[name] += p * value
        assert after == before
        chosen = book.apply(state, book.chance_outcomes(state)[0][0])
        best = dict(position_figures(book, chosen))
        for name in best:
            assert best[name] == max(a.figure(name) for a in advise(book, chosen))


def test_solutions_are_cached_by_their_tiles() -> None:
    book = Stonoga()
    state = book.start(["Ala", "Olek"])
    table = boots_table(book, state)
    assert solve(table) is solve(table)
    assert end_value(table, (5, 5, 5, 5)) == 4 and end_value(table, (0, 1, 2, 3)) == 0
