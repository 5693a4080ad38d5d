"""Nogi Stonogi's rule book: scripted whole games, what players type, and random-play invariants."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest

from rules.game import (
    CHANCE,
    TERMINAL,
    IllegalMoveError,
    InvalidMoveError,
    RuleBook,
    RulesError,
    check_distribution,
)
from rules.stonoga import (
    ALL_TILES,
    Keep,
    Move,
    Options,
    Roll,
    Steal,
    Stonoga,
    StonogaState,
    Stop,
    Take,
    TakeNothing,
    Tile,
    counts,
    parse_tile,
)


def play(book: Stonoga, state: StonogaState, *texts: str) -> StonogaState:
    """Apply what the players type, one move after another."""
    for text in texts:
        state = book.apply(state, book.parse_move(state, text))
    return state


def star_turn(book: Stonoga, state: StonogaState, tile: str) -> StonogaState:
    """A turn of four stars at the first roll: every tile fits."""
    return play(book, state, "* * * *", "stop", f"take {tile}")


def names(state: StonogaState, seat: int) -> list[str]:
    return [tile.text() for tile in state.centipedes[seat]]


def test_the_rule_book_has_the_shared_shape() -> None:
    book: RuleBook[StonogaState, Move] = Stonoga()
    assert book.title == "stonoga"
    state = book.start(["Ala", "Olek"])
    assert book.to_act(state) == CHANCE
    assert len(ALL_TILES) == 15
    assert Counter(t.colour for t in ALL_TILES) == Counter({c: 3 for c in range(5)})
    assert Counter(t.boots for t in ALL_TILES) == Counter({2: 5, 3: 5, 4: 5})


@pytest.mark.parametrize("players", [[], ["Ala"], ["A", "B", "C", "D", "E"]])
def test_two_to_four_players(players: list[str]) -> None:
    with pytest.raises(RulesError, match="2 to 4 players"):
        Stonoga().start(players)


def test_a_turn_with_keeps_taking_back_and_the_third_roll() -> None:
    book = Stonoga()
    state = book.start(["Ala", "Olek"])
    state = play(book, state, "r r * b")
    assert (state.phase, state.rolls, counts(state.dice)[1]) == ("choose", 1, 3)
    state = play(book, state, "keep r r")  # the star goes back to be rolled again
    assert book.to_act(state) == CHANCE
    assert [m.text() for m, _ in book.chance_outcomes(state)][:2] == ["roll y y", "roll y r"]
    state = play(book, state, "g b", "keep r")
    state = play(book, state, "r r *")
    assert (state.phase, state.rolls) == ("take", 3)  # the third roll ends the rolls by itself
    assert [m.text() for m in book.legal_moves(state)] == ["take r2", "take r3", "take r4"]
    state = play(book, state, "take r4")
    assert names(state, 0) == ["r4"] and state.seat == 1 and state.phase == "roll"
    assert Tile(1, 4) not in state.centre


def test_no_tile_fits_so_the_turn_ends_empty() -> None:
    book = Stonoga()
    state = play(book, book.start(["Ala", "Olek"]), "y r g b", "stop")
    assert book.legal_moves(state) == (TakeNothing(),)
    state = play(book, state, "take nothing")
    assert state.centipedes == ((), ()) and state.seat == 1 and len(state.centre) == 15


def test_a_fitting_tile_must_be_taken_unless_declining_is_on() -> None:
    strict, lenient = Stonoga(), Stonoga(Options(may_decline=True))
    state = play(strict, strict.start(["Ala", "Olek"]), "k k g b", "stop")
    assert TakeNothing() not in strict.legal_moves(state)
    with pytest.raises(IllegalMoveError, match="a tile fits"):
        strict.parse_move(state, "nothing")
    assert lenient.legal_moves(state) == (Take(Tile(4, 2)), TakeNothing())


def test_a_smaller_tile_when_the_exact_one_is_gone() -> None:
    book = Stonoga()
    state = star_turn(book, book.start(["Ala", "Olek"]), "r3")
    state = play(book, state, "r r * y", "stop")
    assert [m.text() for m in book.legal_moves(state)] == ["take y2", "take r2"]


def test_scripted_game_the_longest_centipede_wins() -> None:
    book = Stonoga()
    state = book.start(["Ala", "Olek"])
    state = play(book, state, "r r * b", "keep r r *", "r", "stop", "take r4")  # Ala
    state = play(book, state, "y g b k", "keep nothing", "y g b k", "keep", "y g b k", "take nothing")
    tiles = ["y4", "y3", "g4", "g3", "b4", "b3", "k4", "k3", "r3", "r2", "y2", "g2", "b2", "k2"]
    for tile in tiles:
        assert book.outcome(state) is None
        state = star_turn(book, state, tile)
    assert book.to_act(state) == TERMINAL and not state.centre
    assert names(state, 0) == ["r4", "y4", "g4", "b4", "k4", "r3", "y2", "b2"]
    assert names(state, 1) == ["y3", "g3", "b3", "k3", "r2", "g2", "k2"]
    outcome = book.outcome(state)
    assert outcome is not None
    assert (outcome.winners, outcome.scores, outcome.reason) == ((0,), (27, 18), "centre-empty")
    assert book.legal_moves(state) == () and book.chance_outcomes(state) == ()
    with pytest.raises(IllegalMoveError, match="game is over"):
        book.parse_move(state, "r r r r")


def _deal(book: Stonoga, hands: list[list[str]]) -> StonogaState:
    """Play star turns round the table, each seat taking the next tile of its hand."""
    state = book.start([f"P{seat}" for seat in range(len(hands))])
    for turn in range(len(hands[0])):
        for hand in hands:
            state = star_turn(book, state, hand[turn])
    return state


@pytest.mark.parametrize(
    ("hands", "winners", "scores"),
    [
        (  # the longest centipede wins alone
            [["y2", "y3", "y4", "r3", "r4"], ["r2", "k2", "b2", "b3", "k3"], ["g2", "g3", "g4", "b4", "k4"]],
            (2,),
            (16, 12, 17),
        ),
        (  # 16 each: 6 green (or black) at best against 9 yellow
            [["g4", "b4", "k4", "g2", "k2"], ["y2", "y3", "y4", "r3", "r4"], ["r2", "g3", "b2", "b3", "k3"]],
            (1,),
            (16, 16, 13),
        ),
        (  # 16 each and 9 of one colour each: a shared win
            [["y2", "y3", "y4", "r3", "r4"], ["r2", "k2", "b2", "k3", "k4"], ["g2", "g3", "g4", "b3", "b4"]],
            (0, 2),
            (16, 13, 16),
        ),
        (  # all three tied twice over
            [["y2", "y3", "y4", "r2", "r4"], ["g2", "g3", "g4", "b2", "b4"], ["k2", "k3", "k4", "r3", "b3"]],
            (0, 1, 2),
            (15, 15, 15),
        ),
    ],
)
def test_whole_games_and_their_tie_breaks(
    hands: list[list[str]], winners: tuple[int, ...], scores: tuple[int, ...]
) -> None:
    book = Stonoga()
    state = _deal(book, hands)
    assert [names(state, seat) for seat in range(3)] == hands
    outcome = book.outcome(state)
    assert outcome is not None and (outcome.winners, outcome.scores) == (winners, scores)


def test_scripted_game_with_stealing() -> None:
    book = Stonoga(Options(stealing=True))
    state = book.start(["Ala", "Olek", "Ewa"])
    state = play(book, state, "r r * g", "stop", "take r3")  # Ala
    state = play(book, state, "r r r b", "stop")  # Olek: three red, exactly Ala's last tile
    assert [m.text() for m in book.legal_moves(state)] == ["take r2", "steal r3"]
    state = play(book, state, "r3")  # a bare tile not in the centre is a steal
    assert names(state, 0) == [] and names(state, 1) == ["r3"]
    state = play(book, state, "r r r *", "stop")  # Ewa: four red, not exactly three
    assert Steal(Tile(1, 3), 1) not in book.legal_moves(state)
    with pytest.raises(IllegalMoveError, match="exactly 3 red"):
        book.apply(state, Steal(Tile(1, 3), 1))
    assert [m.text() for m in book.legal_moves(state)] == ["take r2", "take r4"]
    state = play(book, state, "take r4")
    state = play(book, state, "y y y y", "stop", "take y4")  # Ala
    state = play(book, state, "y y * k", "stop")  # Olek: three yellow, and Ala's y4 needs exactly four
    assert [m.text() for m in book.legal_moves(state)] == ["take y2", "take y3", "take k2"]
    assert names(state, 0) == ["y4"] and names(state, 2) == ["r4"]


def test_stealing_takes_only_the_last_tile_and_never_from_oneself() -> None:
    book = Stonoga(Options(stealing=True))
    state = star_turn(book, book.start(["Ala", "Olek"]), "y3")
    state = star_turn(book, state, "k3")
    state = star_turn(book, state, "b3")  # Ala: y3 b3; Olek: k3
    state = play(book, state, "y y y g", "stop")  # Olek: three yellow, but y3 is not Ala's last tile
    assert [m.text() for m in book.legal_moves(state)] == ["take y2"]
    state = play(book, state, "take y2")  # Olek: k3 y2
    state = play(book, state, "y * g b", "stop")  # Ala: two yellow, exactly Olek's last tile
    assert [m.text() for m in book.legal_moves(state)] == ["take g2", "take b2", "steal y2"]
    state = play(book, state, "steal y2")
    assert names(state, 0) == ["y3", "b3", "y2"] and names(state, 1) == ["k3"]
    state = play(book, state, "* * b g", "stop", "steal y2")  # Olek steals it back
    assert names(state, 0) == ["y3", "b3"] and names(state, 1) == ["k3", "y2"]
    own = play(book, state, "b b * k", "stop")  # three blue: Ala's own b3 is never stolen
    assert not [m for m in book.legal_moves(own) if isinstance(m, Steal)]
    with pytest.raises(IllegalMoveError, match="cannot steal"):
        book.parse_move(own, "steal b3")


def test_without_the_variant_there_is_no_stealing() -> None:
    book = Stonoga()
    state = star_turn(book, book.start(["Ala", "Olek"]), "r3")
    state = play(book, state, "r r r b", "stop")
    with pytest.raises(IllegalMoveError, match="cannot steal"):
        book.parse_move(state, "steal r3")
    with pytest.raises(IllegalMoveError, match="not in play"):
        book.apply(state, Steal(Tile(1, 3), 0))


def test_the_game_ends_when_the_last_centre_tile_goes_even_with_stealing() -> None:
    book = Stonoga(Options(stealing=True))
    state = book.start(["Ala", "Olek"])
    for tile in ALL_TILES[:-1]:
        state = star_turn(book, state, tile.text())
    assert book.outcome(state) is None and state.centre == (Tile(4, 4),)
    state = play(book, state, "k k k k", "stop", "take k4")
    outcome = book.outcome(state)
    assert outcome is not None and outcome.scores == (24, 21) and outcome.winners == (0,)


@pytest.mark.parametrize(
    "text",
    ["r r * b", "rr*b", "R R * B", "red, red, star, blue", "Czerwony czerwony GWIAZDKA niebieski",
     "roll r r * b", "rzut czerwona czerwona joker niebieska", "b * r r", "r r ★ b"],
)  # fmt: skip
def test_what_players_type_for_a_roll(text: str) -> None:
    book = Stonoga()
    state = book.start(["Ala", "Olek"])
    assert book.parse_move(state, text) == Roll((1, 1, 3, 5))


def test_polish_and_english_colour_names() -> None:
    book = Stonoga()
    state = book.start(["Ala", "Olek"])
    assert book.parse_move(state, "żółty czerwony zielony niebieski") == Roll((0, 1, 2, 3))
    assert book.parse_move(state, "CZARNY gwiazdka Yellow black") == Roll((0, 4, 4, 5))
    assert book.parse_move(state, "ŻÓŁTY zolte k k") == Roll((0, 0, 4, 4))
    state = play(book, state, "y y k *")
    assert book.parse_move(state, "zostaw żółty gwiazdka") == Keep((0, 5))
    assert book.parse_move(state, "reroll k") == Keep((0, 0, 5))
    assert book.parse_move(state, "reroll all") == Keep(())
    assert book.parse_move(state, "koniec") == Stop()
    state = play(book, state, "stop")
    assert book.parse_move(state, "weź żółty 3") == Take(Tile(0, 3))
    assert book.parse_move(state, "3 yellow") == Take(Tile(0, 3)) == book.parse_move(state, "Y3")


def test_a_target_tile_as_written() -> None:
    assert parse_tile("r3") == parse_tile("Czerwony 3") == parse_tile("3 RED") == Tile(1, 3)
    with pytest.raises(InvalidMoveError, match="no tile is"):
        parse_tile("star 3")


@pytest.mark.parametrize(
    ("texts", "text", "error", "words"),
    [
        ([], "r r x b", InvalidMoveError, "'x' is not a die face"),
        ([], "", InvalidMoveError, "empty move"),
        ([], "r r *", IllegalMoveError, "4 dice are rolled, not 3"),
        ([], "stop", IllegalMoveError, "dice must be rolled first"),
        (["r r * b"], "keep g", IllegalMoveError, "dice on the table are r r b"),
        (["r r * b"], "r r * b", IllegalMoveError, "type 'stop'"),
        (["r r * b"], "reroll g", IllegalMoveError, "not among the dice"),
        (["r r * b"], "take r3", IllegalMoveError, "keep, or 'stop'"),
        (["r r * b", "stop"], "take r5", InvalidMoveError, "no tile is 'r5'"),
        (["r r * b", "stop"], "take red", InvalidMoveError, "not a tile"),
        (["r r * b", "stop"], "r4", IllegalMoveError, "at least 4 red"),
        (["r r * b", "stop"], "r r", IllegalMoveError, "rolls are over"),
        (["r r * b", "stop"], "keep r", IllegalMoveError, "rolls are over"),
    ],
)
def test_errors_say_what_is_wrong_and_where(texts: list[str], text: str, error: type, words: str) -> None:
    book = Stonoga()
    state = play(book, book.start(["Ala", "Olek"]), *texts)
    with pytest.raises(error, match=words) as caught:
        book.parse_move(state, text)
    assert "Ala's turn" in str(caught.value)
    assert not isinstance(caught.value, InvalidMoveError if error is IllegalMoveError else IllegalMoveError)


def test_a_roll_may_name_the_whole_table() -> None:
    book = Stonoga()
    state = play(book, book.start(["Ala", "Olek"]), "r r * b", "keep r r *")
    assert book.parse_move(state, "r r * b") == Roll((3,)) == book.parse_move(state, "b")
    with pytest.raises(IllegalMoveError, match="1 die is rolled, not 4"):
        book.parse_move(state, "r g g b")  # the kept r r * are not all on this table
    with pytest.raises(IllegalMoveError, match="1 die is rolled, not 2"):
        book.parse_move(state, "r b")


def test_moves_built_in_code_are_checked_too() -> None:
    book = Stonoga()
    state = book.start(["Ala", "Olek"])
    with pytest.raises(IllegalMoveError, match="order"):
        book.apply(state, Roll((5, 1, 1, 3)))
    state = play(book, state, "r r * b")
    with pytest.raises(IllegalMoveError):
        book.apply(state, Keep((5, 1)))  # unsorted: not the canonical move
    with pytest.raises(IllegalMoveError):
        book.apply(state, Roll((1,)))


def _greedy(state: StonogaState, legal: tuple[Move, ...]) -> Move:
    """A plain player: keep the commonest colour and the stars; take the largest tile."""
    if state.phase == "choose":
        have = counts(state.dice)
        colour = have.index(max(have))
        kept = tuple(face for face in state.dice if face in (colour, 5))
        return Stop() if len(kept) == 4 else Keep(kept)
    return max(legal, key=lambda m: m.tile.boots if isinstance(m, Take | Steal) else 0)


def _random_game(book: Stonoga, players: int, rng: random.Random) -> Counter[str]:
    """Play one random game checking every invariant; count the kinds of moves and the turns."""
    state = book.start([f"P{i}" for i in range(players)])
    kinds: Counter[str] = Counter()
    in_turn = 0
    while book.to_act(state) != TERMINAL:
        assert sorted(state.centre + sum(state.centipedes, ())) == sorted(ALL_TILES)
        assert book.outcome(state) is None
        if book.to_act(state) == CHANCE:
            assert book.legal_moves(state) == ()
            outcomes = book.chance_outcomes(state)
            check_distribution(outcomes)
            assert len(outcomes) == {4: 126, 3: 56, 2: 21, 1: 6}[4 - len(state.dice)]
            for roll, _ in outcomes[:: max(1, len(outcomes) // 7)]:
                assert book.parse_move(state, roll.text()) == roll
            move = rng.choices([m for m, _ in outcomes], [float(p) for _, p in outcomes])[0]
        else:
            assert book.chance_outcomes(state) == ()
            legal = book.legal_moves(state)
            assert legal and len(set(legal)) == len(legal)
            for option in legal:
                assert book.parse_move(state, option.text()) == option
                book.apply(state, option)
            move = rng.choice(legal) if rng.random() < 0.3 else _greedy(state, legal)
        before = state.seat
        state = book.apply(state, move)
        kinds[type(move).__name__] += 1
        in_turn += 1
        if state.seat != before or book.to_act(state) == TERMINAL:
            assert in_turn <= 6 and isinstance(move, Take | Steal | TakeNothing)
            kinds["turns"], in_turn = kinds["turns"] + 1, 0
        assert state.rolls <= 3
    outcome = book.outcome(state)
    assert outcome is not None and outcome.winners
    assert sum(outcome.scores) == 45 and sorted(sum(state.centipedes, ())) == sorted(ALL_TILES)
    return kinds


@pytest.mark.parametrize("stealing", [False, True])
@pytest.mark.parametrize("may_decline", [False, True])
def test_random_games_keep_every_invariant(stealing: bool, may_decline: bool) -> None:
    rng = random.Random(f"{stealing}{may_decline}")
    book = Stonoga(Options(stealing=stealing, may_decline=may_decline))
    kinds: Counter[str] = Counter()
    for game in range(6):
        played = _random_game(book, 2 + game % 3, rng)
        assert played["turns"] >= 15 and played["Take"] == 15
        kinds += played
    assert kinds["Keep"] and kinds["Stop"] and kinds["TakeNothing"]
    assert bool(kinds["Steal"]) == stealing


def test_chance_outcomes_match_the_faces() -> None:
    book = Stonoga()
    state = play(book, book.start(["Ala", "Olek"]), "r r * b", "keep r r *")
    outcomes = dict(book.chance_outcomes(state))
    assert outcomes == {Roll((face,)): Fraction(1, 6) for face in range(6)}
