"""Shut the Box advisor: the published figures exactly, and agreement with a plain expectimax."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules.game import CHANCE, TERMINAL
from rules.shut_the_box import ChooseDice, Roll, Shut, ShutTheBox, State
from rules.shut_the_box_advisor import advise, advise_dice, advise_roll, odds, position, solve


@pytest.mark.parametrize(
    ("book", "p_shut"),
    [
        (ShutTheBox(), Fraction(466473281, 6530347008)),  # always two dice (Butler's table)
        (ShutTheBox(one_die="low"), Fraction(956177159, 9795520512)),  # one die allowed at open sum <= 6
        (ShutTheBox(one_die="forced-low"), Fraction(956177159, 9795520512)),  # ... or forced
        (ShutTheBox(flaps=6, one_die="always"), Fraction(145, 1944)),
    ],
)
def test_published_chances_of_shutting_the_box(book: ShutTheBox, p_shut: Fraction) -> None:
    assert odds(book).p_shut == p_shut


def expectimax(
    book: ShutTheBox, state: State, memo: dict[State, tuple[Fraction, Fraction]]
) -> tuple[Fraction, Fraction]:
    """P(shut) and expected score of a one-player, one-round game, straight from the rule book."""
    if state in memo:
        return memo[state]
    actor = book.to_act(state)
    if actor == TERMINAL:
        outcome = book.outcome(state)
        assert outcome is not None
        value = (Fraction(int(not state.open_flaps)), Fraction(outcome.scores[0]))
    elif actor == CHANCE:
        pairs = [(p, expectimax(book, book.apply(state, m), memo)) for m, p in book.chance_outcomes(state)]
        p_shut = sum((p * v[0] for p, v in pairs), Fraction(0))
        value = (p_shut, sum((p * v[1] for p, v in pairs), Fraction(0)))
    else:
        children = [expectimax(book, book.apply(state, m), memo) for m in book.legal_moves(state)]
        value = (max(c[0] for c in children), min(c[1] for c in children))
    memo[state] = value
    return value


SMALL_BOXES = [
    ShutTheBox(flaps=6),
    ShutTheBox(flaps=6, one_die="low", last_chance=True),
    ShutTheBox(flaps=6, one_die="forced-low", scoring="digits"),
    ShutTheBox(flaps=6, one_die="after-top", full_shut_bonus=7),
    ShutTheBox(flaps=6, one_die="always", last_chance=True),
    ShutTheBox(flaps=6, double_chance=True),
    ShutTheBox(flaps=6, maths=True, last_chance=True),
    ShutTheBox(flaps=6, maths=True, double_chance=True, one_die="low", scoring="digits", full_shut_bonus=3),
    ShutTheBox(flaps=9, one_die="after-top", double_chance=True, last_chance=True),
]


@pytest.mark.parametrize("book", SMALL_BOXES, ids=lambda b: repr(b)[11:80])
def test_advice_agrees_with_expectimax_over_the_rule_book(book: ShutTheBox) -> None:
    memo: dict[State, tuple[Fraction, Fraction]] = {}
    start = book.start(["Ala"])
    assert (odds(book).p_shut, odds(book).expected_penalty) == expectimax(book, start, memo)
    checked = 0
    for state, value in list(memo.items()):
        actor = book.to_act(state)
        if actor == CHANCE:
            left = book.last_chance and not state.last_chance_used
            if len(book.dice_choices(state.open_flaps)) == 1:
                figures = position(book, state.open_flaps, left)
                assert (figures.p_shut, figures.expected_penalty) == value
            else:  # the player chose state.dice
                choices = advise_dice(book, state.open_flaps, left, "shut")
                (dice,) = [a for a in choices if a.dice == state.dice]
                assert (dice.p_shut, dice.expected_penalty) == value
        elif actor == 0:
            advice = advise(book, state)
            assert sorted(a.move.text() for a in advice) == sorted(m.text() for m in book.legal_moves(state))
            for a in advice:
                child = expectimax(book, book.apply(state, a.move), memo)
                assert (a.figure("p_shut"), a.figure("expected_penalty")) == child
            checked += 1
    assert checked > 20


def test_every_move_once_best_first_for_either_goal() -> None:
    book = ShutTheBox()
    by_shut = advise_roll(book, range(1, 10), (4, 6), True, "shut")
    by_penalty = advise_roll(book, range(1, 10), (4, 6), True, "penalty")
    expected = {(1, 9), (2, 8), (3, 7), (4, 6), (1, 2, 7), (1, 3, 6), (1, 4, 5), (2, 3, 5), (1, 2, 3, 4)}
    assert {a.flaps for a in by_shut} == expected and len(by_shut) == len(expected)
    assert {a.flaps for a in by_penalty} == expected
    shut_keys = [a.p_shut for a in by_shut]
    assert shut_keys == sorted(shut_keys, reverse=True) and by_shut[0].best and not by_shut[-1].best
    penalty_keys = [a.expected_penalty for a in by_penalty]
    assert penalty_keys == sorted(penalty_keys) and by_penalty[0].best
    assert all(a.best == (a.p_shut == by_shut[0].p_shut) for a in by_shut)


def test_a_lost_roll_has_no_moves_and_figures_stay_exact() -> None:
    book = ShutTheBox()
    assert advise_roll(book, (1, 7), (1, 1), True, "shut") == ()
    (only,) = advise_roll(book, (1, 7), (3, 5), True, "shut")
    assert (only.flaps, only.p_shut, only.expected_penalty) == ((1, 7), Fraction(1), Fraction(0))
    assert position(book, (1, 7), True).p_shut == Fraction(5, 36)  # only a roll of 8 shuts both


def test_dice_choice_is_advised_and_the_position_takes_the_best() -> None:
    book = ShutTheBox(one_die="low")
    choices = advise_dice(book, (1, 2), False, "shut")
    assert [c.dice for c in choices] == [1, 2]
    assert choices[0].p_shut == position(book, (1, 2), False).p_shut
    # one die: a 3 shuts both; a 1 or a 2 shuts one, and the other needs its own face next (one die)
    assert choices[0].p_shut == Fraction(1, 6) + 2 * Fraction(1, 6) * Fraction(1, 6)
    # two dice: 1 2 or 2 1 shuts both; 1 1 shuts the 2, then the 1 needs a one-die 1
    assert choices[1].p_shut == Fraction(2, 36) + Fraction(1, 36) * Fraction(1, 6)
    state = book.apply(book.start(["Ala"]), Roll((6, 6)))
    advice = advise(book, state, goal="penalty")
    assert advice[0].best and all(isinstance(a.move, Shut) for a in advice)
    after_top = ShutTheBox(one_die="after-top")
    assert advise(after_top, after_top.start(["Ala"])) == ()


def test_the_dice_choice_reaches_the_rule_book_advice() -> None:
    book = ShutTheBox(flaps=6, one_die="after-top")  # no flap from 7 up: the choice is there at once
    state = book.start(["Ala"])
    for goal in ("shut", "penalty"):
        advice = advise(book, state, goal)
        assert {a.move for a in advice} == {ChooseDice(1), ChooseDice(2)}
        choices = advise_dice(book, (1, 2, 3, 4, 5, 6), False, goal)
        direct = {a.dice: (a.p_shut, a.expected_penalty) for a in choices}
        for a in advice:
            assert isinstance(a.move, ChooseDice)
            assert (a.figure("p_shut"), a.figure("expected_penalty")) == direct[a.move.count]
    assert position(book, (1, 2, 3, 4, 5, 6), False) == odds(book)


def test_solutions_are_cached_per_turn_rules() -> None:
    assert solve(ShutTheBox()) is solve(ShutTheBox(rounds=5, tournament=True, penalty_limit=40))
    assert solve(ShutTheBox()) is not solve(ShutTheBox(last_chance=True))


def test_bad_positions_and_goals_are_refused() -> None:
    with pytest.raises(ValueError, match="from 1 to 9"):
        position(ShutTheBox(), (0, 3), True)
    with pytest.raises(ValueError, match="from 1 to 9"):
        advise_roll(ShutTheBox(), (3, 3), (1, 2), True, "shut")
    with pytest.raises(ValueError, match="goal"):
        advise_roll(ShutTheBox(), (3,), (1, 2), True, "fun")
