"""Lezard Domino: scripted games, random play against the table model, the data file's errors."""

from __future__ import annotations

import random
from fractions import Fraction
from importlib.resources import files

import pytest

from rules.game import CHANCE, TERMINAL, IllegalMoveError, InvalidMoveError, RuleBook, check_distribution
from rules.lezard import Lezard, LezardState, Phase, TableModel, deal, deal_steps
from rules.lezard_advisor import advise
from rules.lezard_board import (
    EXAMPLE,
    Card,
    Flicked,
    LezardDataError,
    LezardMove,
    Placed,
    RoyalFlick,
    parse_lezard_data,
)
from rules.match import Match

SHIPPED = files("rules").joinpath("data/lezard.toml").read_text(encoding="utf-8")

# A board of 20 squares, white and black in turn (white on odd squares), and a big deck, so that
# scripts can say which square fills next.
STRIPES = """\
format = 1
guess = false
dominoes = {dominoes}
lizards = ["green", "blue", "red", "yellow"]

[board]
squares = [{squares}]

[deck]
"white" = 20
"black" = 20
"white black" = 4
"lizard green" = 1
"lizard blue" = 1
"lizard red" = 1
"lizard yellow" = 1
"""


def stripes(dominoes: int = 60, squares: int = 20) -> Lezard:
    board = ", ".join('"white"' if i % 2 else '"black"' for i in range(1, squares + 1))
    return Lezard(parse_lezard_data(STRIPES.format(dominoes=dominoes, squares=board)))


def play(book: Lezard, state: LezardState, *texts: str) -> LezardState:
    """Apply typed moves, checking that each one's text reads back as the same move."""
    for text in texts:
        move = book.parse_move(state, text)
        assert book.parse_move(state, move.text()) == move
        state = book.apply(state, move)
        assert sum(state.hands) + state.on_board + state.out_of_play == book.data.dominoes
    return state


def fill(book: Lezard, state: LezardState, turns: int) -> LezardState:
    """``turns`` turns that each stand one domino, white and black in turn: squares fill in order."""
    for i in range(turns):
        state = play(book, state, "white" if i % 2 == 0 else "black", "ok")
    return state


# --- set-up and cards ------------------------------------------------------------------------------


def test_shipped_file_is_the_seed_box() -> None:
    data = parse_lezard_data(SHIPPED)
    assert data.dominoes == 60 and len(data.lizards) == 4 and data.guess
    assert sum(data.counts) == 44
    assert sum(n for card, n in zip(data.cards, data.counts, strict=True) if card.lizard) == 4
    assert all(square in data.board for card in data.cards for square in card.squares)


@pytest.mark.parametrize(
    ("players", "hands", "out", "cards"), [(2, 30, 0, 44), (3, 15, 15, 43), (4, 15, 0, 44)]
)
def test_set_up_by_player_count(players: int, hands: int, out: int, cards: int) -> None:
    book = Lezard(parse_lezard_data(SHIPPED))
    state = book.start([f"P{i}" for i in range(players)])
    assert state.hands == (hands,) * players
    assert state.out_of_play == out
    assert sum(state.pile) == cards
    assert book.to_act(state) == CHANCE
    odds = dict(book.chance_outcomes(state))
    check_distribution(list(odds.items()))
    assert odds[Card(("red",))] == Fraction(4, cards)
    assert odds[Card(("red", "blue"))] == Fraction(2, cards)
    assert (Card(lizard="yellow") in odds) == (players != 3)


def test_three_players_refuse_the_card_of_the_lizard_out_of_play() -> None:
    book = stripes()
    state = book.start(["A", "B", "C"])
    assert state.lizards == (("green",), ("blue",), ("red",))
    with pytest.raises(IllegalMoveError, match="out of play with 3 players"):
        book.apply(state, book.parse_move(state, "lizard yellow"))


def test_two_players_hold_two_lizards_each() -> None:
    assert stripes().start(["A", "B"]).lizards == (("green", "blue"), ("red", "yellow"))


def test_bad_seats_and_player_counts() -> None:
    with pytest.raises(ValueError, match="2 to 4 players"):
        stripes().start(["A"])
    with pytest.raises(ValueError, match="different lizards"):
        Lezard(stripes().data, seats=(("green",), ("green",), ("red",))).start(["A", "B", "C"])


def test_deal_follows_the_seed_example() -> None:
    assert deal_steps(15, owner=2, flicker=0, seats=4) == ((2, 4), (3, 4), (1, 4), (2, 3))  # C D B C
    assert deal(15, owner=2, flicker=0, seats=4) == (0, 4, 7, 4)
    assert deal(9, owner=1, flicker=0, seats=2) == (0, 9)
    assert deal(5, owner=2, flicker=0, seats=3) == (0, 1, 4)


def test_draw_pile_reshuffles_the_discards_when_it_runs_out() -> None:
    book = Lezard(parse_lezard_data(EXAMPLE))
    state = book.start(["A", "B"])
    assert sum(state.pile) == 5
    state = play(book, state, "lizard green", "lizard pink", "red", "ok")  # A draws again twice
    state = play(book, state, "red", "ok", "red blue", "ok")  # B, then A: the 5th card empties the pile
    assert state.pile == book.data.counts and sum(state.discards) == 0
    check_distribution(book.chance_outcomes(state))


def test_drawing_a_card_the_pile_no_longer_holds_is_refused() -> None:
    book = Lezard(parse_lezard_data(EXAMPLE))
    state = play(book, book.start(["A", "B"]), "red", "ok", "red", "ok")
    with pytest.raises(IllegalMoveError, match="no 'red' card is left in the draw pile"):
        book.apply(state, Card(("red",)))


# --- scripted games ----------------------------------------------------------------------------------


def test_four_players_the_seed_flick_deals_4_4_4_3() -> None:
    book = Lezard(stripes().data, seats=(("green",), ("yellow",), ("blue",), ("red",)))
    state = fill(book, book.start(["A", "B", "C", "D"]), 16)
    assert state.squares_standing == tuple(range(1, 17))
    assert state.hands == (11, 11, 11, 11) and state.turn == 0
    state = play(book, state, "lizard blue")  # C's colour
    assert state.phase is Phase.FLICK and book.to_act(state) == 0
    state = play(book, state, "fell 15")
    assert state.hands == (11, 11 + 4, 11 + 4 + 3, 11 + 4)
    assert state.squares_standing == (1,) and state.turn == 1


def test_three_players_broken_chain_nb2() -> None:
    book = stripes()
    state = fill(book, book.start(["A", "B", "C"]), 12)
    assert state.hands == (11, 11, 11) and state.turn == 0
    state = play(book, state, "lizard red")  # C's colour
    with pytest.raises(IllegalMoveError, match="square 9 is in the chain"):
        book.apply(state, book.parse_move(state, "fell 5 +9"))
    with pytest.raises(IllegalMoveError, match="no domino stands on square 13"):
        book.apply(state, book.parse_move(state, "fell 5 +13"))
    with pytest.raises(IllegalMoveError, match="only 12 dominoes stand"):
        book.apply(state, book.parse_move(state, "fell 13"))
    state = play(book, state, "fell 5 +3 +4")
    # squares 12..8 fell in order: C 4, then clockwise from C skipping A: B 1; 3 and 4 go back to A
    assert state.hands == (13, 12, 15)
    assert state.squares_standing == (1, 2, 5, 6, 7)
    # the next white card fills the free white square nearest the head: square 3
    state = play(book, state, "white")
    assert state.targets == (3,)


def test_two_players_knock_over_nb1_draw_again_and_flick() -> None:
    book = stripes()
    state = fill(book, book.start(["A", "B"]), 4)
    assert state.hands == (28, 28)
    state = play(book, state, "white black")
    assert state.targets == (5, 6)
    state = play(book, state, "ok")
    assert state.targets == (6,) and state.turn == 0
    state = play(book, state, "fell 4-6")  # the domino for 6 fell, and took 4 and 5 with it
    assert state.hands == (29, 28) and state.squares_standing == (1, 2, 3) and state.turn == 1
    state = play(book, state, "white black")
    assert state.targets == (4, 5)
    state = play(book, state, "fell 3")  # the domino on 4 stood, the one on 3 fell: turn over
    assert state.squares_standing == (1, 2, 4) and state.hands == (29, 28) and state.turn == 0
    state = play(book, state, "lizard green")  # A's own colours: draw again, twice
    assert book.to_act(state) == CHANCE and state.turn == 0
    assert "draw a card again" in str(book.describe(state))
    state = play(book, state, "lizard blue", "lizard red")  # then B's colour: a flick
    state = play(book, state, "fell 1 +1")  # the tail domino (4) fell, and 1 out of order
    assert state.hands == (30, 29) and state.squares_standing == (2,) and state.turn == 1


def test_flick_card_with_an_empty_board_ends_the_turn() -> None:
    book = stripes()
    state = play(book, book.start(["A", "B"]), "lizard red")
    assert state.phase is Phase.DRAW and state.turn == 1


def test_no_free_square_of_the_colour_places_nothing() -> None:
    book = stripes(squares=4)  # squares: 1 white, 2 black, 3 white, 4 black
    state = play(book, book.start(["A", "B"]), "white", "ok", "white", "ok")
    state = play(book, state, "white")
    assert state.phase is Phase.DRAW and state.turn == 1 and state.hands == (29, 29)
    state = play(book, state, "white black")  # only the black square is free
    assert state.targets == (2,)


@pytest.mark.parametrize(("ending", "reason"), [("royal", "royal-flick"), ("done", "no-dominoes")])
def test_two_player_game_to_the_end(ending: str, reason: str) -> None:
    book = stripes(dominoes=8)  # 2 per lizard: 4 dominoes each
    state = book.start(["A", "B"])
    state = play(book, state, "white", "ok", "black", "fell 2", "white black", "ok", "ok")
    assert state.hands == (1, 4)
    state = play(book, state, "lizard red", "lizard yellow", "black", "ok")  # B draws again
    state = play(book, state, "white black")
    assert state.targets == (5, 6)
    state = play(book, state, "ok")  # A's last domino stands: no need for the second square
    assert state.phase is Phase.ROYAL and book.outcome(state) is None and book.to_act(state) == 0
    state = play(book, state, ending)
    assert book.to_act(state) == TERMINAL and book.legal_moves(state) == ()
    outcome = book.outcome(state)
    assert outcome is not None
    assert (outcome.winners, outcome.scores, outcome.reason) == ((0,), (0, 3), reason)
    with pytest.raises(IllegalMoveError, match="game is over"):
        book.apply(state, Card(("white",)))


def test_three_player_game_to_the_end() -> None:
    book = stripes(dominoes=8)  # 2 each; the yellow lizard's 2 stay in the box
    state = book.start(["A", "B", "C"])
    assert state.hands == (2, 2, 2) and state.out_of_play == 2
    state = play(book, state, "white", "ok", "black", "ok", "white", "ok")
    state = play(book, state, "lizard blue", "fell 2")  # A flicks B's card: B gets both
    assert state.hands == (1, 3, 1) and state.squares_standing == (1,)
    state = play(book, state, "white black", "ok", "ok")  # B
    state = play(book, state, "black", "fell 4")  # C's domino fell as it was placed
    state = play(book, state, "black", "ok")  # A lays the last one
    state = play(book, state, "done")
    outcome = book.outcome(state)
    assert outcome is not None and outcome.winners == (0,) and outcome.scores == (0, 1, 1)


def test_four_player_game_to_the_end() -> None:
    book = stripes(dominoes=8)
    state = book.start(["A", "B", "C", "D"])
    state = fill(book, state, 5)  # A lays a 2nd and last domino on the 5th turn
    assert state.hands == (0, 1, 1, 1)
    assert state.phase is Phase.ROYAL and state.turn == 0
    outcome = book.outcome(play(book, state, "royal"))
    assert outcome is not None and outcome.winners == (0,) and outcome.reason == "royal-flick"


# --- notation and errors -------------------------------------------------------------------------


def test_move_texts_round_trip() -> None:
    book = stripes()
    state = fill(book, book.start(["A", "B"]), 6)
    flick = play(book, state, "lizard red")
    assert book.parse_move(flick, "f 5 + 2 +1") == Flicked(5, (1, 2))
    assert Flicked(5, (1, 2, 3)).text() == "fell 5 +1-3"
    assert book.parse_move(flick, "fell 5 +1-3") == Flicked(5, (1, 2, 3))
    place = play(book, state, "white")
    assert place.targets == (7,)
    assert book.parse_move(place, "fell") == Placed((7,))
    assert book.parse_move(place, "fell 7 5 6") == Placed((5, 6, 7))
    assert Placed((5, 6, 7, 9)).text() == "fell 5-7 9"
    assert book.parse_move(state, "l r") == Card(lizard="red")
    assert book.parse_move(state, "bl wh") == Card(("white", "black"))
    assert RoyalFlick(True).text() == "royal" and RoyalFlick(False).text() == "done"


@pytest.mark.parametrize(
    ("script", "text", "message"),
    [
        ((), "purple", "'purple' is no square colour"),
        ((), "white black white", "one or two colours"),
        ((), "lizard purple", "no lizard colour"),
        (("white",), "fell x", "not a square number"),
        (("white",), "fell 3-1", "runs backwards"),
        (("white",), "banana", "a report on placing is"),
        (("white", "ok", "black", "ok", "lizard red"), "fell", "a report on a flick is"),
    ],
)
def test_bad_text_is_invalid_and_names_the_position(script: tuple[str, ...], text: str, message: str) -> None:
    book = stripes()
    state = play(book, book.start(["A", "B"]), *script)
    with pytest.raises(InvalidMoveError, match=message) as err:
        book.parse_move(state, text)
    assert "(at: " in str(err.value)


def test_illegal_reports_name_the_square() -> None:
    book = stripes()
    state = play(book, book.start(["A", "B"]), "white")
    with pytest.raises(IllegalMoveError, match=r"on square 5 \(at: A to place a domino on square 1 "):
        book.apply(state, Placed((1, 5)))
    with pytest.raises(IllegalMoveError, match="does not fit here"):
        book.apply(state, Flicked(0))


# --- advice --------------------------------------------------------------------------------------


def test_advice_next_flick_odds_are_exact() -> None:
    book = Lezard(parse_lezard_data(SHIPPED))
    state = play(book, book.start(["A", "B", "C", "D"]), "red")  # 43 cards left, A is green
    advice = advise(book, state)
    assert [a.move for a in advice] == list(book.legal_moves(state))
    # B (blue) ends on a flick if the card is one of 3 other lizards, or blue then one of them
    assert advice[0].figure("p_next_flick") == Fraction(3, 43) + Fraction(1, 43) * Fraction(3, 42)
    assert advice[0].figure("p_next_flick_on_you") == Fraction(1, 43) + Fraction(1, 43) * Fraction(1, 42)
    assert advice[0].figure("square") == state.targets[0]
    assert not any(a.best for a in advice)


def test_advice_on_a_flick_counts_the_deal() -> None:
    book = stripes()
    state = fill(book, book.start(["A", "B", "C"]), 6)
    state = play(book, state, "lizard blue")
    advice = {a.move.text(): a for a in advise(book, state)}
    assert set(advice) == {f"fell {n}" for n in range(7)}
    six = advice["fell 6"]
    assert six.figure("chain") == 6 and six.figure("given") == 6
    assert six.figure("gets_1") == 4 and six.figure("gets_2") == 2
    assert six.figure("standing_after") == 0


# --- random play ---------------------------------------------------------------------------------


def _random_game(book: Lezard, players: int, seed: int, full: bool) -> int:
    rng = random.Random(seed)
    state = book.start([f"P{i}" for i in range(players)])
    model = TableModel()
    steps = 0
    while book.to_act(state) != TERMINAL:
        assert sum(state.hands) + state.on_board + state.out_of_play == book.data.dominoes
        assert all(hand > 0 for hand in state.hands) or state.phase is Phase.ROYAL
        cards = zip(state.pile, state.discards, state.set_aside, strict=True)
        assert tuple(p + d + a for p, d, a in cards) == book.data.counts
        if book.to_act(state) == CHANCE:
            check_distribution(book.chance_outcomes(state))
        elif full:
            for legal in book.legal_moves(state):
                assert book.parse_move(state, legal.text()) == legal
                book.apply(state, legal)
            assert len(advise(book, state)) == len(book.legal_moves(state))
        move: LezardMove = model.next_move(book, state, rng)
        assert book.parse_move(state, move.text()) == move
        state = book.apply(state, move)
        steps += 1
        assert steps < 5000, "the game does not end"
    outcome = book.outcome(state)
    assert outcome is not None and len(outcome.winners) == 1
    assert outcome.scores[outcome.winners[0]] == 0
    return steps


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_every_domino_and_end(players: int) -> None:
    book = Lezard(parse_lezard_data(SHIPPED))
    lengths = [_random_game(book, players, seed, full=seed < 5) for seed in range(25)]
    assert min(lengths) >= book.data.dominoes // 4  # at least a quarter of the dominoes get placed


def test_random_games_on_a_small_crowded_board() -> None:
    book = stripes(dominoes=16, squares=6)  # fewer squares than dominoes: often no free square
    for seed in range(20):
        _random_game(book, 2 + seed % 3, seed, full=True)


def test_lezard_is_a_rule_book() -> None:
    book: RuleBook[LezardState, LezardMove] = Lezard(parse_lezard_data(SHIPPED))
    assert book.title == "lezard"


# --- the data file -----------------------------------------------------------------------------------


LIZARDS = 'lizards = ["green", "blue", "red", "yellow"]'
SQUARE_1 = '"orange", "red"'
SQUARE_51 = '"orange", "red", "blue", "red"'


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('"red blue" = 2', '"red purple" = 2', r"line 4\d, \[deck\] red purple: the board has no square"),
        ('"green blue" = 2', '"blue green" = 1\n"green blue" = 2', "the same card as 'blue green'"),
        ('"red" = 4', '"red" = -1', r"\[deck\] red: the count must be a whole number"),
        ('"red" = 4', '"red blue green" = 4', "one or two squares"),
        ('"lizard red" = 1', '"lizard purple" = 1', "lizard card is written"),
        ("dominoes = 60", "dominoes = 62", "lezard.toml line 11, dominoes: dominoes must split evenly"),
        ("dominoes = 60", "dominos = 60", "unknown key 'dominos'"),
        (LIZARDS, 'lizards = ["green", "blue", "red"]', "must name 4 colours"),
        (LIZARDS, 'lizards = ["green", "blue", "red", "red"]', "its own colour"),
        ("guess = true", "guess = 1", "guess must be true or false"),
        (SQUARE_1, '"ok", "red"', r"line 22, \[board\] squares entry 1: 'ok' is a word of the move"),
        (SQUARE_51, '"orange", "red", "blu e"', r"line 27, \[board\] squares entry 53: colour 'blu e'"),
        (SQUARE_1, '"or ange", "red"', "entry 1: colour 'or ange' must be one word"),
        ("[deck]", "[dock]", "unknown key 'dock'"),
        ("format = 1", "format = 2", "format must be 1"),
        ("squares = [", "squares = [[", "not valid TOML"),
    ],
)
def test_data_file_errors_name_the_place(old: str, new: str, message: str) -> None:
    assert old in SHIPPED
    with pytest.raises(LezardDataError, match=message):
        parse_lezard_data(SHIPPED.replace(old, new, 1), source="lezard.toml")


def test_a_file_without_deck_is_refused() -> None:
    with pytest.raises(LezardDataError, match=r"the \[deck\] table is missing"):
        parse_lezard_data(SHIPPED.split("[deck]")[0])


def test_a_deck_without_colour_cards_is_refused() -> None:
    text = EXAMPLE.replace('"red" = 2\n"red blue" = 1\n', "")
    with pytest.raises(LezardDataError, match="no colour card"):
        parse_lezard_data(text)


def test_a_user_file_changes_the_board_without_code() -> None:
    text = SHIPPED.replace('  "orange", "red", "yellow"', '  "red", "orange", "yellow"', 1)
    book = Lezard(parse_lezard_data(text, source="my-lezard.toml"))
    state = play(book, book.start(["A", "B"]), "red")
    assert state.targets == (1,)
    shipped = Lezard(parse_lezard_data(SHIPPED))
    assert play(shipped, shipped.start(["A", "B"]), "red").targets == (2,)


def test_a_saved_game_replays_to_the_same_position() -> None:
    book = stripes()
    match = Match.start(book, ["A", "B", "C"])
    model = TableModel()
    rng = random.Random(7)
    for _ in range(150):
        if book.to_act(match.state) == TERMINAL:
            break
        match = match.play(model.next_move(book, match.state, rng))
    again = Match.replay(book, ["A", "B", "C"], match.moves)
    assert again.states == match.states
    assert match.undo().state == match.states[-2]
