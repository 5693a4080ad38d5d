"""``kostka play``: whole games through the terminal referee from typed input, undo, bad input,
quitting, and unattended games of bots with Kostka's stand-in dice."""

from __future__ import annotations

import doctest
import io
import random
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from firmware.cli import build_parser, main
from firmware.cli import play as verb_play
from firmware.games import referee
from firmware.games.lezard import table as table_lezard
from firmware.games.lezard.table import LezardTable
from firmware.games.referee import Ending, Referee, Table
from firmware.games.registry import advise
from firmware.games.shut_the_box import table as table_shut_the_box
from firmware.games.shut_the_box.table import ShutTheBoxTable, table_from_args
from firmware.games.stonoga import table as table_stonoga
from firmware.games.stonoga.table import StonogaTable
from firmware.messages.i18n import fields_of
from firmware.messages.play import EN, PL
from rules.lezard import Lezard
from rules.lezard_board import parse_lezard_data
from rules.shut_the_box import ShutTheBox
from rules.stonoga import Options, Stonoga

# A 20-square board, white on odd squares, and 8 dominoes (4 a player with two players).
STRIPES = """\
format = 1
guess = false
dominoes = 8
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
""".format(squares=", ".join('"white"' if i % 2 else '"black"' for i in range(1, 21)))

# Ala ends on 1 5 6 7 (penalty 19); Olek shuts the box. Moves typed as numbers, in both languages'
# words, and bare flaps (a number outside the menu is a flap).
BOX_GAME = [
    "6 6", "shut 3 9", "1 1", "2", "6 6", "shut 4 8", "1 1",
    "6 6", "zamknij 3 9", "6 5", "z 5 6", "6 6", "4 8", "3 4", "7", "1 2", "1",
]  # fmt: skip
BOX_MOVES = (
    "roll 6 6", "shut 3 9", "roll 1 1", "shut 2", "roll 6 6", "shut 4 8", "roll 1 1",
    "roll 6 6", "shut 3 9", "roll 5 6", "shut 5 6", "roll 6 6", "shut 4 8", "roll 3 4", "shut 7",
    "roll 1 2", "shut 1 2",
)  # fmt: skip


def play(table: Table[Any, Any], players: list[str], typed: list[str], **kw: Any) -> tuple[Ending, str]:
    """Run a whole session of the referee on typed lines; the ending and the transcript."""
    out = io.StringIO()
    typing = io.StringIO("".join(f"{line}\n" for line in typed))
    ending = Referee(table, players, kw.pop("lang", "en"), typing, out, echo=True, **kw).run()
    return ending, out.getvalue()


def box() -> ShutTheBoxTable:
    return ShutTheBoxTable(ShutTheBox())


# --- whole games ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "lines"),
    [
        ("pl", ["Ala: kara 19", "Olek: kara 0", "Wygrywa Olek!", "Olek zamyka wszystkie klapki!"]),
        ("en", ["Ala: penalty 19", "Olek: penalty 0", "Olek wins!", "Olek shuts the box!"]),
    ],
)
def test_a_whole_game_of_shut_the_box(lang: str, lines: list[str]) -> None:
    ending, out = play(box(), ["Ala", "Olek"], BOX_GAME, lang=lang)
    assert ending.how == "finished" and ending.moves == BOX_MOVES
    assert ending.outcome is not None and ending.outcome.scores == (19, 0) and ending.outcome.winners == (1,)
    for line in lines:
        assert line in out.splitlines()
    assert out.rstrip().endswith(lines[2])
    # the flaps as a row, the advisor's figures and the best move marked
    assert ("flaps: 1 2 _ 4 5 6 7 8 _" if lang == "en" else "klapki: 1 2 _ 4 5 6 7 8 _") in out
    best = "<- best" if lang == "en" else "<- najlepszy"
    first = next(line for line in out.splitlines() if line.lstrip().startswith("1) "))
    assert first.endswith(best) and "%" in first


def test_shut_the_box_figures_read_as_the_advisor_says() -> None:
    _, out = play(box(), ["Ala"], ["3 4", "q", "y"])
    menu = [line.split() for line in out.splitlines() if ") shut" in line]
    book = ShutTheBox()
    start = book.start(["Ala"])
    advice = advise(book, book.apply(start, book.parse_move(start, "3 4")), goal="penalty")
    assert len(menu) == len(advice) == 5  # 7, 1 6, 2 5, 3 4, 1 2 4
    for row, a in zip(menu, advice, strict=True):
        flaps = [str(f) for f in a.move.flaps]  # type: ignore[union-attr]
        p, e = float(a.figure("p_shut")), float(a.figure("expected_penalty"))
        expected = ["shut", *flaps, "chance", "to", "shut", "every", "flap", f"{100 * p:.1f}%",
                    "expected", "penalty", "this", "turn", f"{e:.1f}"]
        assert row[1:] == expected + (["<-", "best"] if a.best else [])
    assert menu[0][-2:] == ["<-", "best"]


def test_a_tournament_counts_rounds_won() -> None:
    table = ShutTheBoxTable(ShutTheBox(rounds=2, tournament=True))
    typed = ["1 1", "2", "1 1",  # round 1: Ala shuts 2, then is stuck: 43
             "1 1", "2", "1 2", "3", "1 1",  # Olek shuts 2 and 3: 40, wins the round
             "6 6", "3 9", "1 1", "2", "1 1",  # round 2: Ala shuts 3 9 and 2: 31, wins the round
             "1 1", "2", "1 1"]  # Olek 43  # fmt: skip
    ending, out = play(table, ["Ala", "Olek"], typed)
    assert ending.outcome is not None
    assert "Round 1 goes to Olek." in out and "Round 2 goes to Ala." in out
    assert ending.outcome.scores == (1, 1) and ending.outcome.winners == (0, 1)
    assert "A tie: Ala and Olek share the win!" in out
    assert "Ala: rounds won 1 (penalty 74)" in out and "Olek: rounds won 1 (penalty 83)" in out


def test_a_whole_game_of_stonoga() -> None:
    tiles = ["y4", "b3", "g4", "k3", "b4", "y2", "k4", "r2", "y3", "g2", "r3", "b2", "g3", "k2"]
    typed = ["r r * b", "zostaw r r *", "r", "stop", "weź r4"]  # Ala: three reds and a star
    for tile in tiles:
        typed += ["* * * *", "1", f"take {tile}"]  # "1" is the menu's best: stop
    ending, out = play(StonogaTable(Stonoga()), ["Ala", "Olek"], typed, lang="pl")
    assert ending.how == "finished"
    assert ending.moves[:5] == ("roll r r b *", "keep r r *", "roll r", "stop", "take r4")
    assert ending.outcome is not None and ending.outcome.scores == (20, 25)
    assert "Ala: 20 butów (r4 b3 k3 y2 r2 g2 b2 k2)" in out
    assert "Olek: 25 butów (y4 g4 b4 k4 y3 r3 g3)" in out
    assert out.rstrip().endswith("Wygrywa Olek!")
    assert "Środek jest pusty." in out.splitlines()


def test_stonoga_stealing_is_listed_with_its_victim() -> None:
    table = StonogaTable(Stonoga(Options(stealing=True)))
    typed = ["* * * *", "stop", "take r3", "r r r g", "stop"]
    _, out = play(table, ["Ala", "Olek"], typed)
    assert "steal r3 (from Ala)" in out


def lezard(board: str = STRIPES) -> LezardTable:
    return LezardTable(Lezard(parse_lezard_data(board)), source="stripes.toml")


# Ala holds the green and blue lizards, Olek red and yellow. A flick deals 2 to Olek; a domino
# falls as Olek places it; Ala's last domino stands and the royal flick knocks all over.
LEZARD_GAME = [
    "biały", "ok", "czarny", "1", "jaszczurka czerwony", "2", "white black", "ok", "1",
    "lizard green", "white", "1", "black", "upadło 4", "white black", "1", "1", "królewski",
]  # fmt: skip


def test_a_whole_game_of_lezard() -> None:
    ending, out = play(lezard(), ["Ala", "Olek"], LEZARD_GAME, lang="pl")
    assert ending.outcome is not None
    outcome = ending.outcome
    assert (outcome.winners, outcome.scores, outcome.reason) == ((0,), (0, 3), "royal-flick")
    for line in ("Rozdanie: Olek +2.", "To jaszczurka gracza Ala: ciągnie jeszcze raz.",
                 "Upadło 1 domino: Olek bierze je z powrotem; koniec tury.", "W ręce: Ala 0 · Olek 3",
                 "Plansza od głowy: #####..... ..........   (stoi 5)"):  # fmt: skip
        assert line in out.splitlines()
    assert out.rstrip().endswith("Wygrywa Ala!")
    assert ending.moves[4:6] == ("lizard red", "fell 2")


def test_lezard_from_the_command_line_with_a_board_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    board = tmp_path / "my-board.toml"
    board.write_text(STRIPES, encoding="utf-8")
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(LEZARD_GAME) + "\n"))
    code = main(["play", "lezard", "--players", "Ala,Olek", "--board", str(board)])
    out = capsys.readouterr().out
    assert code == 0 and out.rstrip().endswith("Wygrywa Ala!")


# --- undo, bad input, quitting ---------------------------------------------------------------------


def test_undo_takes_back_typed_moves_and_the_game_goes_on_the_same() -> None:
    typed = [*BOX_GAME[:3], "u", "u", "u", "u", "u", *BOX_GAME]
    ending, out = play(box(), ["Ala", "Olek"], typed)
    assert ending.moves == BOX_MOVES
    assert "Undone: 1 1." in out and "Undone: shut 3 9." in out and "Undone: 6 6." in out
    assert out.count("Nothing to undo.") == 2


def test_bad_input_says_why_and_changes_nothing() -> None:
    bad = ["7 x", "shut 2 2", "99", "", "roll", "1 2 3"]
    typed = [bad[0], BOX_GAME[0], *bad[1:4], *BOX_GAME[1:3], bad[4], bad[5], *BOX_GAME[3:]]
    ending, out = play(box(), ["Ala", "Olek"], typed)
    assert ending.moves == BOX_MOVES
    assert "Cannot play '7 x': '7 x' is not a roll" in out
    assert "Cannot play 'shut 2 2': cannot shut 2 2" in out
    assert "Cannot play '99': cannot shut 99" in out
    assert "Cannot play '1 2 3':" in out
    assert out.count("Type a number from the list, or the flaps to shut, e.g. shut 2 5.") == 5


def test_bad_input_in_polish_and_in_the_other_games() -> None:
    _, out = play(StonogaTable(Stonoga()), ["Ala", "Olek"], ["r r x b", "q", "t"], lang="pl")
    assert "Nie da się zagrać „r r x b”: 'x' is not a die face" in out
    assert "Wpisz kolory kostek, które rzuciłeś" in out
    _, out = play(lezard(), ["Ala", "Olek"], ["purple", "white", "fell 7", "q", "y"])
    assert "Cannot play 'purple'" in out and "Cannot play 'fell 7'" in out


def test_quit_asks_first_and_stops_only_on_yes() -> None:
    ending, out = play(box(), ["Ala"], ["3 5", "q", "n", "1", "q", "tak"], lang="pl")
    assert ending.how == "quit" and ending.moves == ("roll 3 5", "shut 8")
    assert "Gramy dalej." in out and out.rstrip().endswith("Gra przerwana po 2 ruchach.")


def test_input_ending_mid_game_is_reported() -> None:
    ending, out = play(box(), ["Ala"], ["3 5"])
    assert ending.how == "input-ended" and ending.moves == ("roll 3 5",)
    assert out.rstrip().endswith("The input ended before the game did (after 1 move).")


def test_help_lists_the_commands_and_what_to_type() -> None:
    _, out = play(box(), ["Ala"], ["?", "q", "y"])
    assert "u – undo the last typed move" in out and "Type the dice, e.g. 3 5 (one die: 4)." in out


def test_undo_skips_the_moves_that_played_themselves() -> None:
    ending, out = play(box(), ["Ala", "Olek"], ["1", "u", "1", "q", "y"], bots={1}, dice=random.Random(7))
    # Kostka rolled 3 3, Ala shut 6, Kostka rolled again; undo goes back past that roll to Ala's choice
    assert out.count("Ala rolled 3 3. Which flaps do you shut?") == 2
    assert "Undone: shut 6." in out
    assert ending.how == "quit" and ending.moves[:2] == ("roll 3 3", "shut 6") and len(ending.moves) == 3


# --- unattended games ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "switches"),
    [
        ("shut-the-box", ["--rounds", "2", "--double-chance"]),
        ("stonoga", ["--steal"]),
        ("lezard", []),
    ],
)
def test_bots_with_stand_in_dice_play_a_whole_game_the_same_for_a_seed(
    game: str, switches: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["play", game, "--players", "Ala,bot:Olek", "--bots", "1", "--auto-dice", "--seed", "11"]
    argv += ["--lang", "en", *switches]
    transcripts = []
    for _ in range(2):
        monkeypatch.setattr("sys.stdin", io.StringIO(""))
        assert main(argv) == 0
        transcripts.append(capsys.readouterr().out)
    assert transcripts[0] == transcripts[1]
    last = transcripts[0].rstrip().splitlines()[-1]
    assert last.endswith(" wins!") or last.startswith("A tie:")
    assert "Game over." in transcripts[0] and "seed 11" in transcripts[0]
    assert "Ala (bot):" in transcripts[0] and "Olek (bot):" in transcripts[0]
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main([*argv, "--seed", "12"]) == 0  # the last --seed counts
    assert capsys.readouterr().out != transcripts[0]


def test_bots_play_a_whole_game_from_a_scripted_list_of_dice() -> None:
    rolls = ["6 6", "5 4", "4 1", "3 3", "2 5", "1 2", "6 1", "2 2"] * 5
    ending, out = play(box(), ["Ala", "Olek"], rolls, bots={0, 1})
    assert ending.how == "finished" and ending.outcome is not None
    typed = [move.removeprefix("roll ") for move in ending.moves if move.startswith("roll")]
    assert typed == [" ".join(sorted(roll.split())) for roll in rolls[: len(typed)]]
    assert sum(1 for line in out.splitlines() if "(bot): shut" in line) == len(ending.moves) - len(typed)


# --- the command line ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "stonoga", "--players", "Ala"], "Nogi Stonogi is for 2 to 4 players, not 1"),
        (["play", "shut-the-box", "--players", "Ala,Ala"], "two players are called Ala"),
        (["play", "shut-the-box", "--players", "Ala,"], "a player's name is empty"),
        (["play", "shut-the-box", "--bots", "3"], "--bots 3: no such player"),
        (["play", "shut-the-box", "--tournament", "3", "--rounds", "2"], "--tournament 3 already sets"),
        (["play", "shut-the-box", "--rounds", "0"], "--rounds must be 1 or more"),
        (["play", "lezard", "--board", "/nonexistent/board.toml"], "Cannot read /nonexistent/board.toml"),
    ],
)
def test_bad_command_lines_say_what_to_do(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([*argv, "--lang", "en"]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_a_broken_board_file_names_its_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    board = tmp_path / "board.toml"
    board.write_text(STRIPES.replace("dominoes = 8", "dominoes = 9"), encoding="utf-8")
    assert main(["play", "lezard", "--board", str(board), "--lang", "en"]) == 2
    assert f"{board} line 3, dominoes" in capsys.readouterr().err


def test_the_shut_the_box_switches_reach_the_rule_book() -> None:
    args = build_parser().parse_args(
        ["play", "shut-the-box", "--flaps", "12", "--one-die", "low", "--scoring", "digits", "--maths",
         "--full-shut-bonus", "10", "--tournament", "3", "--last-chance", "--double-chance", "--goal", "shut"]
    )  # fmt: skip
    table = table_from_args(args)
    assert table.goal == "shut"
    assert table.book == ShutTheBox(flaps=12, one_die="low", scoring="digits", double_chance=True,
                                    last_chance=True, full_shut_bonus=10, maths=True, tournament=True,
                                    rounds=3)  # fmt: skip
    limit = table_from_args(build_parser().parse_args(["play", "shut-the-box", "--penalty-limit", "45"]))
    assert limit.book.rounds is None and limit.book.penalty_limit == 45


def test_both_languages_have_the_same_messages() -> None:
    assert PL.keys() == EN.keys()
    assert all(key.startswith("play.") for key in PL)
    assert {k: fields_of(v) for k, v in PL.items()} == {k: fields_of(v) for k, v in EN.items()}


@pytest.mark.parametrize("module", [referee, table_shut_the_box, table_stonoga, table_lezard, verb_play])
def test_module_examples(module: ModuleType) -> None:
    assert doctest.testmod(module).failed == 0
