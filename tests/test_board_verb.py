"""``kostka board``: the Lezard board and deck file as a picture to compare with a real box, and the
config line that records its owner's confirmation."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest
from PIL import Image

from firmware.cli import main
from firmware.games.lezard import board_check, board_picture
from firmware.games.lezard.board_picture import MARGIN, SQUARE, rgb
from firmware.games.lezard.book import shipped_lezard_text
from rules.lezard_board import parse_lezard_data


def test_the_doctests() -> None:
    assert doctest.testmod(board_check).failed == 0
    assert doctest.testmod(board_picture).failed == 0


def test_the_picture_shows_each_square_in_its_colour(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "board.png"
    assert main(["board", "--out", str(out), "--lang", "en"]) == 0
    told = capsys.readouterr().out
    assert "60 squares, 44 cards" in told and "best guess" in told  # the shipped file is unchecked
    picture = Image.open(out).convert("RGB")
    data = parse_lezard_data(shipped_lezard_text())
    top = MARGIN + 90  # title, note and the squares' line above the board
    for index in (0, 9, 10, 59):  # the corners of the board: square 1, 10, 11 and 60
        x = MARGIN + (index % 10) * SQUARE + SQUARE - 12
        y = top + (index // 10) * SQUARE + SQUARE // 2
        assert picture.getpixel((x, y)) == rgb(data.board[index]), index


def test_confirming_prints_the_config_line_that_silences_the_notice(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["board", "--confirm", "--lang", "en"]) == 0
    line = capsys.readouterr().out.split(": ", 1)[1].strip()
    assert line.startswith("lezard_board_checked = ")
    config = tmp_path / "kostka.toml"
    config.write_text(line + "\n", encoding="utf-8")
    assert main(["board", "--config", str(config), "--out", str(tmp_path / "b.png"), "--lang", "en"]) == 0
    assert "best guess" not in capsys.readouterr().out
    data = parse_lezard_data(shipped_lezard_text())
    assert board_check.unchecked(data, "") and not board_check.unchecked(data, board_check.fingerprint(data))


def test_a_changed_file_needs_confirming_again() -> None:
    text = shipped_lezard_text()
    data = parse_lezard_data(text)
    changed = parse_lezard_data(text.replace('"lizard green" = 1', '"lizard green" = 2'))
    assert board_check.fingerprint(changed) != board_check.fingerprint(data)
    assert board_check.unchecked(changed, board_check.fingerprint(data))


def test_another_board_file_with_colours_of_its_own(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    board = tmp_path / "mine.toml"
    board.write_text(
        'format = 1\nguess = false\ndominoes = 8\nlizards = ["green", "pink", "grey", "white"]\n'
        '[board]\nsquares = ["white", "grey"]\n[deck]\n"white" = 3\n"white grey" = 1\n"lizard pink" = 1\n',
        encoding="utf-8",
    )
    assert main(["board", "--board", str(board), "--out", str(tmp_path / "m.png")]) == 0
    assert "2 pola, 5 kart" in capsys.readouterr().out
