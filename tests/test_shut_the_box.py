"""Shut the Box rule book: scripted games with fixed dice, parsing, and random-play invariants."""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction

import pytest

from rules.game import (
    CHANCE,
    TERMINAL,
    IllegalMoveError,
    InvalidMoveError,
    Outcome,
    RuleBook,
    check_distribution,
)
from rules.match import Match
from rules.shut_the_box import ChooseDice, Move, Roll, Shut, ShutTheBox, State, rounds_won, totals
from rules.shut_the_box_advisor import advise


def play(book: ShutTheBox, players: Sequence[str], texts: Sequence[str]) -> State:
    """The position after typing ``texts`` (rolls and shuts) from the start."""
    state = book.start(players)
    for text in texts:
        state = book.apply(state, book.parse_move(state, text))
    return state


# Round 1: Ala ends with 1 4 5 6 7 8 open (31), Olek with 1 open (1).
# Round 2: Ala ends with 4 5 6 7 8 open (30), Olek with 3 4 5 6 7 8 9 open (42).
ALA_1 = ["6 6", "3 9", "1 1", "2", "1,1"]
OLEK_1 = ["4 5", "9", "roll 5 6", "shut 3 8", "6 6", "5 7", "1 1", "2", "5 5", "4,6", "1 2"]
ALA_2 = ["2,1", "1 2", "6 6", "3 9", "1 1"]
OLEK_2 = ["1 2", "1 2", "1 1"]
TWO_ROUNDS = ALA_1 + OLEK_1 + ALA_2 + OLEK_2
FULL_SHUT = ["6 6", "3 9", "4 4", "8", "3 4", "7", "3 3", "6", "2 3", "5", "2 2", "4", "1 2", "1 2"]


def test_two_rounds_lowest_total_wins() -> None:
    book = ShutTheBox(rounds=2)
    state = play(book, ["Ala", "Olek"], TWO_ROUNDS)
    assert state.scores == ((31, 1), (30, 42))
    assert book.to_act(state) == TERMINAL
    assert state.open_flaps == (3, 4, 5, 6, 7, 8, 9)
    assert book.outcome(state) == Outcome((1,), (61, 43), "rounds-played")


def test_a_saved_game_replays_from_its_move_texts() -> None:
    book: RuleBook[State, Move] = ShutTheBox(rounds=2)
    match = Match.replay(book, ["Ala", "Olek"], TWO_ROUNDS)
    assert match.moves[:4] == ("roll 6 6", "shut 3 9", "roll 1 1", "shut 2")
    again = Match.replay(book, ["Ala", "Olek"], match.moves)
    assert again.state == match.state
    assert book.outcome(again.state) == Outcome((1,), (61, 43), "rounds-played")
    assert match.undo().state.seat == 1  # undoing Olek's last roll gives him his turn back


def test_turns_pass_in_seat_order_and_flaps_reopen() -> None:
    book = ShutTheBox(rounds=2)
    state = play(book, ["Ala", "Olek"], ALA_1)
    assert (state.seat, state.round, state.open_flaps) == (1, 1, book.all_flaps())
    assert totals(state) == (31, 0)
    state = play(book, ["Ala", "Olek"], ALA_1 + OLEK_1)
    assert (state.seat, state.round, book.to_act(state)) == (0, 2, CHANCE)
    assert book.outcome(state) is None


def test_tournament_counts_rounds_won_and_shares_a_tie() -> None:
    book = ShutTheBox(rounds=2, tournament=True)
    state = play(book, ["Ala", "Olek"], TWO_ROUNDS)
    assert rounds_won(state) == (1, 1)
    assert book.outcome(state) == Outcome((0, 1), (1, 1), "rounds-played")
    one_round = ShutTheBox(rounds=1, tournament=True)
    state = play(one_round, ["Ala", "Olek"], ALA_1 + OLEK_1)
    assert one_round.outcome(state) == Outcome((1,), (0, 1), "rounds-played")


def test_penalty_limit_ends_the_game_when_the_round_is_complete() -> None:
    book = ShutTheBox(rounds=None, penalty_limit=20)
    after_ala = play(book, ["Ala", "Olek"], ALA_1)
    assert book.to_act(after_ala) == CHANCE and after_ala.seat == 1  # Olek still plays round 1
    state = play(book, ["Ala", "Olek"], ALA_1 + OLEK_1)
    assert book.outcome(state) == Outcome((1,), (31, 1), "penalty-limit")
    roomy = ShutTheBox(rounds=2, penalty_limit=60)
    assert roomy.outcome(play(roomy, ["Ala", "Olek"], TWO_ROUNDS)) == Outcome((1,), (61, 43), "penalty-limit")
    assert ShutTheBox(rounds=2, penalty_limit=61).outcome(
        play(ShutTheBox(rounds=2, penalty_limit=61), ["Ala", "Olek"], TWO_ROUNDS)
    ) == Outcome((1,), (61, 43), "rounds-played")


def test_digits_scoring_reads_open_flaps_as_a_number() -> None:
    book = ShutTheBox(scoring="digits")
    state = play(book, ["Ala", "Olek"], ALA_1 + OLEK_1)
    assert book.outcome(state) == Outcome((1,), (145678, 1), "rounds-played")
    assert ShutTheBox(flaps=12, scoring="digits").penalty([12, 1, 10]) == 11012


def test_full_shut_ends_the_turn_and_takes_the_bonus_off() -> None:
    book = ShutTheBox(full_shut_bonus=10, rounds=2)
    state = play(book, ["Ala", "Olek"], FULL_SHUT)
    assert state.scores == ((-10,),) and state.seat == 1
    state = play(book, ["Ala", "Olek"], FULL_SHUT + OLEK_1 + ALA_2 + OLEK_2)
    assert book.outcome(state) == Outcome((0,), (20, 43), "rounds-played")
    plain = ShutTheBox()
    assert plain.outcome(play(plain, ["Ala"], FULL_SHUT)) == Outcome((0,), (0,), "rounds-played")


def test_last_chance_gives_one_more_roll_per_turn() -> None:
    book = ShutTheBox(last_chance=True)
    state = play(book, ["Ala", "Olek"], ALA_1)
    assert (book.to_act(state), state.seat, state.last_chance_used) == (CHANCE, 0, True)
    assert state.open_flaps == (1, 4, 5, 6, 7, 8)
    state = play(book, ["Ala", "Olek"], [*ALA_1, "1 1"])
    assert state.scores == ((31,),) and state.seat == 1
    # the last chance can lead on: the turn goes on, and the next lost roll ends it
    state = play(book, ["Ala", "Olek"], [*ALA_1, "3 4", "7", "1 1"])
    assert state.scores == ((24,),)


def test_without_last_chance_a_lost_roll_ends_the_turn() -> None:
    book = ShutTheBox()
    state = play(book, ["Ala", "Olek"], ALA_1)
    assert state.scores == ((31,),) and state.seat == 1


def test_double_chance_shuts_one_die_or_each() -> None:
    book = ShutTheBox(double_chance=True)
    state = play(book, ["Ala"], ["3 5"])
    assert [m.text() for m in book.legal_moves(state)] == [
        "shut 3",
        "shut 5",
        "shut 8",
        "shut 1 7",
        "shut 2 6",
        "shut 3 5",
        "shut 1 2 5",
        "shut 1 3 4",
    ]
    double = play(book, ["Ala"], ["4 4"])
    assert Shut((4,)) in book.legal_moves(double)
    assert Shut((8,)) in book.legal_moves(double)
    with pytest.raises(IllegalMoveError, match="open flaps"):
        book.parse_move(double, "4 4")


def test_maths_challenge_targets() -> None:
    book = ShutTheBox(flaps=12, maths=True)
    state = play(book, ["Ala"], ["2 6"])
    singles = [m.flaps for m in book.legal_moves(state) if isinstance(m, Shut) and len(m.flaps) == 1]
    assert singles == [(3,), (4,), (8,), (12,)]
    double = play(book, ["Ala"], ["5 5"])
    singles = [m.flaps for m in book.legal_moves(double) if isinstance(m, Shut) and len(m.flaps) == 1]
    assert singles == [(1,), (10,)]  # 5/5 and 5+5; 5-5 = 0 is no target, 5*5 = 25 no flap
    plain = ShutTheBox(flaps=12)
    moves = plain.legal_moves(play(plain, ["Ala"], ["2 6"]))
    assert [m.flaps for m in moves if isinstance(m, Shut) and len(m.flaps) == 1] == [(8,)]


def test_one_die_low_is_a_choice_forced_low_is_not() -> None:
    to_one_two = ["6 6", "3 9", "4 4", "8", "3 4", "7", "3 3", "6", "2 3", "5", "1 3", "4"]
    low = ShutTheBox(one_die="low")
    state = play(low, ["Ala"], to_one_two)
    assert state.open_flaps == (1, 2) and book_actor(low, state) == 0
    assert low.legal_moves(state) == (ChooseDice(1), ChooseDice(2))
    state = play(low, ["Ala"], [*to_one_two, "1 die", "2", "2", "one", "roll 1", "1"])
    assert low.outcome(state) == Outcome((0,), (0,), "rounds-played")
    forced = ShutTheBox(one_die="forced-low")
    state = play(forced, ["Ala"], to_one_two)
    assert forced.to_act(state) == CHANCE and state.dice == 1
    assert [p for _, p in forced.chance_outcomes(state)] == [Fraction(1, 6)] * 6
    with pytest.raises(IllegalMoveError, match="1 die"):
        forced.parse_move(state, "1 2")
    never = ShutTheBox()
    assert never.to_act(play(never, ["Ala"], to_one_two)) == CHANCE


def test_one_die_after_top_and_always() -> None:
    top = ShutTheBox(one_die="after-top")
    state = play(top, ["Ala"], ["6 6", "3 9", "4 4", "8"])
    assert top.to_act(state) == CHANCE
    state = play(top, ["Ala"], ["6 6", "3 9", "4 4", "8", "3 4", "7"])
    assert top.legal_moves(state) == (ChooseDice(1), ChooseDice(2))
    always = ShutTheBox(flaps=6, one_die="always")
    start = always.start(["Ala"])
    assert always.to_act(start) == CHANCE and [m.text() for m, _ in always.chance_outcomes(start)] == [
        f"roll {n}" for n in range(1, 7)
    ]


def book_actor(book: ShutTheBox, state: State) -> int:
    return book.to_act(state)


def test_parse_accepts_what_players_type() -> None:
    book = ShutTheBox()
    start = book.start(["Ala"])
    for text in ("3 5", "5 3", "3,5", "roll 3 5", " 3, 5 "):
        assert book.parse_move(start, text) == Roll((3, 5))
    rolled = book.apply(start, Roll((3, 5)))
    for text in ("2 6", "6,2", "shut 2 6", "2, 6"):
        assert book.parse_move(rolled, text) == Shut((2, 6))


@pytest.mark.parametrize(
    ("moves", "text", "error", "words"),
    [
        ([], "3 x", InvalidMoveError, "round 1, Ala to roll 2 dice"),
        ([], "", InvalidMoveError, "a roll like"),
        ([], "4", IllegalMoveError, "2 dice"),
        ([], "3 7", IllegalMoveError, "1 to 6"),
        ([], "1 2 3", IllegalMoveError, "open flaps 1 2 3 4 5 6 7 8 9"),
        (["3 5"], "2 7", IllegalMoveError, "shut one of: 8, 1 7, 2 6, 3 5, 1 2 5"),
        (["3 5"], "two", InvalidMoveError, "after rolling 3 5"),
        (["3 5"], "8 8", IllegalMoveError, "cannot shut 8 8"),
    ],
)
def test_bad_moves_get_clear_errors(moves: list[str], text: str, error: type[Exception], words: str) -> None:
    book = ShutTheBox()
    state = play(book, ["Ala"], moves)
    with pytest.raises(error, match=words):
        book.parse_move(state, text)


def test_wrong_kind_of_move_is_illegal_and_game_over_refuses_moves() -> None:
    book = ShutTheBox()
    start = book.start(["Ala"])
    with pytest.raises(IllegalMoveError, match="rolled first"):
        book.apply(start, Shut((8,)))
    with pytest.raises(IllegalMoveError, match="no roll is due"):
        book.apply(book.apply(start, Roll((3, 5))), Roll((1, 1)))
    with pytest.raises(IllegalMoveError, match="not a choice"):
        book.apply(book.apply(start, Roll((3, 5))), ChooseDice(1))
    with pytest.raises(IllegalMoveError, match="rolled first"):
        book.apply(start, ChooseDice(1))
    assert book.apply(book.apply(start, Roll((5, 3))), Shut((7, 1))).open_flaps == (2, 3, 4, 5, 6, 8, 9)
    over = play(book, ["Ala"], FULL_SHUT)
    with pytest.raises(IllegalMoveError, match="game is over"):
        book.parse_move(over, "3 5")
    assert book.legal_moves(over) == () and book.chance_outcomes(over) == ()


@pytest.mark.parametrize(
    ("switches", "words"),
    [
        ({"flaps": 7}, "flaps must be one of 6, 9, 10, 12"),
        ({"one_die": "sometimes"}, "one_die must be one of"),
        ({"scoring": "max"}, "scoring"),
        ({"rounds": None}, "needs an end"),
        ({"rounds": None, "penalty_limit": 40, "tournament": True}, "tournament needs"),
        ({"full_shut_bonus": -1}, "full_shut_bonus"),
        ({"rounds": 0}, "rounds must be"),
    ],
)
def test_bad_switches_are_refused(switches: dict[str, object], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        ShutTheBox(**switches)  # type: ignore[arg-type]


def random_book(rng: random.Random) -> ShutTheBox:
    one_die = rng.choice(["never", "low", "forced-low", "after-top", "always"])
    return ShutTheBox(
        flaps=rng.choice([6, 9, 10, 12]),
        one_die=one_die,
        scoring=rng.choice(["sum", "digits"]),
        double_chance=rng.random() < 0.5,
        last_chance=rng.random() < 0.5,
        full_shut_bonus=rng.choice([0, 0, 5]),
        maths=rng.random() < 0.5,
        tournament=rng.random() < 0.3,
        rounds=rng.choice([1, 2, 3]),
        penalty_limit=rng.choice([None, 30]),
    )


def test_random_play_keeps_every_invariant() -> None:
    rng = random.Random(2026)
    for _ in range(100):
        book = random_book(rng)
        players = ["Ala", "Olek", "Zosia", "Kuba"][: rng.randint(1, 4)]
        state = book.start(players)
        moves_this_turn = 0
        while (actor := book.to_act(state)) != TERMINAL:
            before = state
            if actor == CHANCE:
                outcomes = book.chance_outcomes(state)
                check_distribution(outcomes)
                assert len({m for m, _ in outcomes}) == len(outcomes)
                assert book.legal_moves(state) == ()
                for move, _ in outcomes:
                    assert book.parse_move(state, move.text()) == move
                    book.apply(state, move)
                move = rng.choices([m for m, _ in outcomes], [float(p) for _, p in outcomes])[0]
            else:
                legal = book.legal_moves(state)
                assert legal and actor == state.seat and book.chance_outcomes(state) == ()
                assert len(set(legal)) == len(legal)
                for choice in legal:
                    assert book.parse_move(state, choice.text()) == choice
                    book.apply(state, choice)
                if book.flaps == 6:  # a tiny solve: check the advice covers the legal moves, best first
                    advice = advise(book, state, rng.choice(["shut", "penalty"]))
                    assert sorted(a.move.text() for a in advice) == sorted(m.text() for m in legal)
                    assert advice[0].best
                move = rng.choice(legal)
            state = book.apply(state, move)
            moves_this_turn += 1
            if state.seat == before.seat and state.round == before.round:
                assert set(state.open_flaps) <= set(before.open_flaps)
            else:
                moves_this_turn = 0
            assert moves_this_turn <= 3 * book.flaps + 3, "a turn must end"
        outcome = book.outcome(state)
        assert outcome is not None and outcome.winners
        assert all(len(r) == len(players) for r in state.scores)
        if book.tournament:
            assert outcome.scores == rounds_won(state)
            assert sum(outcome.scores) >= len(state.scores)
        else:
            assert outcome.scores == totals(state)
            assert all(outcome.scores[w] == min(outcome.scores) for w in outcome.winners)
        ended_by_rounds = book.rounds is not None and len(state.scores) == book.rounds
        assert ended_by_rounds or outcome.reason == "penalty-limit"
