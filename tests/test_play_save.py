"""``kostka play --save FILE`` / ``--resume FILE``: a game kept after every move and taken up again,
a power cut between moves, damaged saves; and the Lezard players' choice of lizards."""

from __future__ import annotations

import doctest
import io
import json
import os
from pathlib import Path
from typing import Any

import pytest

from firmware.cli import _save, main
from firmware.games.lezard import lizards
from firmware.games.lezard.lizards import seats_from_text


def play(
    argv: list[str], typed: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> str:
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    main(argv)
    out = capsys.readouterr()
    return out.out + out.err


def test_a_game_saved_after_each_move_goes_on_where_it_stopped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "game.json"
    argv = ["play", "shut-the-box", "--players", "Ala", "--lang", "en", "--flaps", "6", "--save", str(save)]
    out = play(argv, "3 4\nshut 1 6\n", monkeypatch, capsys)
    assert f"kostka play --resume {save}" in out
    assert json.loads(save.read_text())["moves"] == ["roll 3 4", "shut 1 6"]
    assert not list(tmp_path.glob("*.partial"))
    out = play(["play", "--resume", str(save)], "u\nshut 2 5\n", monkeypatch, capsys)
    assert "2 moves played" in out and "flaps: _ 2 3 4 5 _" in out  # the switches came back: 6 flaps
    assert "Undone: shut 1 6" in out
    assert json.loads(save.read_text())["moves"] == ["roll 3 4", "shut 2 5"]


def test_a_power_cut_between_moves_leaves_the_last_whole_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The save is written beside itself and renamed over the old one: when the power goes before
    the rename, the old file is whole, and the game opens again at the move before."""
    save = tmp_path / "game.json"
    play(
        ["play", "stonoga", "--players", "Ala,Olek", "--save", str(save)], "cz cz * n\n", monkeypatch, capsys
    )
    before = save.read_text()

    renamed = os.replace
    renames: list[object] = []

    def cut(*args: Any) -> None:
        renames.append(args)
        if len(renames) > 1:  # the save as the game resumes is whole; the power goes at the next move
            raise OSError(5, "Input/output error")
        renamed(*args)

    monkeypatch.setattr("firmware.files.os.replace", cut)
    out = play(["play", "--resume", str(save)], "1\n", monkeypatch, capsys)
    assert "Input/output error" in out and "zostaw cz cz *" in out  # said, and the game went on
    assert save.read_text() == before and (tmp_path / "game.json.partial").exists()
    monkeypatch.undo()
    out = play(["play", "--resume", str(save)], "", monkeypatch, capsys)
    assert "1 ruch za wami" in out  # it opens again, one move in


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b"", "not JSON"),
        (
            b'{"kind": "kostka play", "format": 1, "game": "stonoga", "switches": {}, "moves": ["x y"]',
            "not JSON",
        ),
        (b"\xff\xfe\x00garbage", "not text"),
        (b"[1, 2]", "not a save"),
        (b'{"kind": "kostka play", "format": 99}', "format 99"),
        (b'{"kind": "kostka play", "format": 1, "game": "chess", "switches": {}, "moves": []}', "missing"),
        (b'{"kind": "kostka play", "format": 1, "game": "stonoga", "switches": {}, "moves": ["zz"]}', "zz"),
    ],
)
def test_a_damaged_save_is_one_line_and_exit_2(
    content: bytes,
    words: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("firmware.cli.play.DEFAULT_LANGUAGE", "en")
    save = tmp_path / "game.json"
    save.write_bytes(content)
    assert main(["play", "--resume", str(save)]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and words in err and "Traceback" not in err


def test_a_finished_game_is_not_resumed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "game.json"
    argv = ["play", "shut-the-box", "--players", "bot:Ala", "--auto-dice", "--seed", "3", "--save", str(save)]
    play(argv, "", monkeypatch, capsys)
    assert main(["play", "--resume", str(save)]) == 2
    assert "skończona" in capsys.readouterr().err


def test_resume_takes_no_game_and_play_needs_one(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["play"]) == 2
    assert "--resume" in capsys.readouterr().err
    assert main(["play", "--resume", str(tmp_path / "x.json"), "stonoga"]) == 2
    assert len(capsys.readouterr().err.splitlines()) == 1


def test_lizards_doctests() -> None:
    assert doctest.testmod(lizards).failed == 0
    assert doctest.testmod(_save).failed == 0


def test_each_player_is_told_their_lizard_and_may_choose(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = play(["play", "lezard", "--players", "Ala,Olek,Ewa"], "", monkeypatch, capsys)
    assert "Ala: jaszczurka zielona" in out and "Olek: jaszczurka niebieska" in out
    argv = ["play", "lezard", "--players", "Ala,Olek", "--lizards", "Ala=czerwona+zielona", "--lang", "en"]
    out = play(argv, "", monkeypatch, capsys)
    assert "Ala: red lizard + green lizard" in out and "Olek: blue lizard + yellow lizard" in out


def test_the_chosen_lizard_decides_who_is_dealt_first(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Ewa flicks the red lizard: its owner gets the first dominoes of the deal."""
    moves = "red; ok; blue; ok; lizard red"
    for owner in ("Ala", "Olek"):
        argv = ["advise", "lezard", "--players", "Ala,Olek,Ewa", "--lizards", f"{owner}=red", "--json"]
        argv += ["--moves", moves]
        assert main(argv) == 0
    # the same flick, each owner: the deal's shares differ by who owns the red lizard
    deals = [
        {m["move"]: (m["gets_0"], m["gets_1"]) for m in json.loads(line)["moves"]}
        for line in capsys.readouterr().out.splitlines()
    ]
    assert deals[0]["fell 1"] == (1, 0) and deals[1]["fell 1"] == (0, 1)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Ala", "Ala=green"),
        ("Zosia=green", "no player Zosia"),
        ("Ala=purple", "no purple lizard"),
        ("Ala=green,Olek=zielona", "already has an owner"),
        ("Ala=green+blue", "each has 1"),
    ],
)
def test_a_bad_lizard_choice_is_one_line(text: str, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        seats_from_text(text, ["Ala", "Olek", "Ewa"], ("green", "blue", "red", "yellow"), "en")
