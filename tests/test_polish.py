"""In Polish, everything Kostka says is Polish: whole games of ``kostka play`` (bots, stand-in dice,
bad input), ``kostka demo --auto``, the commands' errors and every OLED screen hold no English word.

An English word is a word of the English catalogue that is not also a Polish word or a name
(``SHARED``); command-line flags, file paths, ``[deck]`` and the games' own names are taken out
first. The Polish catalogue's own texts are checked the same way, so an English text copied into
it fails here too.
"""

from __future__ import annotations

import dataclasses
import io
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from firmware.cli import main
from firmware.games.lezard.table import LezardTable
from firmware.games.referee import Referee
from firmware.games.shut_the_box.table import ShutTheBoxTable
from firmware.games.stonoga.colours import COLOURS
from firmware.games.stonoga.table import StonogaTable, letters, to_book
from firmware.messages.i18n import catalogue, t
from firmware.screens.samples import samples
from rules.lezard import Lezard
from rules.lezard_board import EXAMPLE, parse_lezard_data
from rules.phrases import ENGLISH
from rules.shut_the_box import ShutTheBox
from rules.stonoga import LETTERS, STAR, Options, Stonoga

NAMES = (
    "Shut the Box",
    "shut-the-box",
    "Lezard Domino",
    "Nogi Stonogi",
    "Interface Options",
    "Raspberry Pi OS",
    "OpenCV VideoCapture",
    "ONNX Runtime",
    "OpenCV dnn",
    "Camera Module",
)
"""Names said in every language; taken out before the words are looked at."""

SHARED = frozenset(
    {
        # Polish words spelt like English ones
        "a", "do", "i", "to", "go", "no", "limit", "menu", "start", "stop", "folder", "domino", "pin",
        "bot", "zero", "same", "ok", "auto", "format", "terminal", "by", "argument", "test",
        # people, the appliance and the tools it names
        "ala", "olek", "ewa", "ola", "kostka", "bcm", "dnn", "gpio", "oled", "raspberry", "pi", "raspi",
        "config", "sudo", "usermod", "user", "python", "lgpio", "cdetect", "ag", "cm", "focus", "gnd", "scl",
        "sda", "vcc", "onnx", "opencv", "runtime", "toml", "apt", "venv", "gpiozero", "json",
        "sqlite", "utc", "program", "usb",
        "mqtt",
        # values typed on the command line, keys, units
        "fast", "enter", "px", "ms", "synthetic", "ctrl", "pl", "en", "png", "jpeg", "stonoga", "lezard",
        # the history: a date is "data", minutes "min", a spreadsheet's CSV, the chi-square test, a port
        "data", "min", "csv", "chi", "port",
    }
)  # fmt: skip

NOT_WORDS = re.compile(
    r"--[\w-]+|kostka \w+|\[\w+\]|`[^`]*`|\S*[/\\]\S*|\$\w+|[\w-]*\.(?:toml|sh|json|png|db)"
    r'|\w+ = (?:\w+|"[^"]*")|\w+(?:[._]\w+)+|\w+=|\w*\d\w*'
)
"""Flags (``--players``), commands (``kostka play``), a data file's tables, `keys` and settings
(``guess = false``), paths, file names and variables, the config's keys (``state_dir``,
``buttons.ok``, ``StateDirectory=``), names with a digit (``ext4``, ``sqlite3``) and saved-games
files (``games-damaged-….db``): not language."""


def words(text: str) -> list[str]:
    """The words of ``text`` a person reads as language, lower case (single letters are notation)."""
    for name in NAMES:
        text = text.replace(name, " ")
    text = NOT_WORDS.sub(" ", re.sub(r"\{[^}]*\}|%\(\w+\)[sr]", " ", text))
    return [w.lower() for w in re.findall(r"[^\W\d_]+", text) if len(w) > 1]


ENGLISH_WORDS = frozenset(w for text in catalogue("en").values() for w in words(text)) - SHARED


def english_in(text: str) -> list[str]:
    return sorted({w for w in words(text) if w in ENGLISH_WORDS})


def assert_polish(lines: str) -> None:
    found = {line: english_in(line) for line in lines.splitlines() if english_in(line)}
    assert not found, "English in Polish:\n" + "\n".join(
        f"  {words} in {line!r}" for line, words in found.items()
    )


def test_the_check_finds_english() -> None:
    assert english_in("Cannot play 'r r x b': 'x' is not a die face") == [
        "cannot",
        "die",
        "face",
        "is",
        "not",
        "play",
    ]
    assert english_in("Jaszczurki: Ala – green, niebieska") == ["green"]
    assert english_in("Wygrywa Olek! Shut the Box, --players Ala,Olek, plik rules/data/lezard.toml") == []


def test_the_polish_catalogue_holds_no_english() -> None:
    found = {key: english_in(text) for key, text in catalogue("pl").items() if english_in(text)}
    assert not found


def test_every_reason_the_rules_give_is_in_both_languages() -> None:
    """Every literal key a rule book raises or says has its English text and a Polish one."""
    source = "".join(path.read_text(encoding="utf-8") for path in Path("rules").glob("*.py"))
    keys = set(re.findall(r'(?:Error|Phrase)\(\s*"([\w.-]+)"', source))
    assert len(keys) > 50
    for key in keys:
        texts = [k for k in ENGLISH if k == key or k.rsplit(".", 1)[0] == key]
        assert texts, key
        for text in texts:
            assert f"rules.{text}" in catalogue("pl"), text


# --- kostka play ---------------------------------------------------------------------------------


def run(
    argv: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> tuple[int, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    code = main(argv)
    captured = capsys.readouterr()
    return code, captured.out + captured.err


@pytest.mark.parametrize("game", ["shut-the-box", "stonoga", "lezard"])
@pytest.mark.parametrize(("players", "seed"), [("Ala,Olek", 1), ("Ala,Olek,Ewa,Jan", 2), ("Ala,Olek,Ewa", 3)])
def test_a_game_with_bots_is_wholly_polish(
    game: str, players: str, seed: int, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out = run(
        ["play", game, "--players", players, "--bots", "all", "--auto-dice", "--seed", str(seed)],
        capsys,
        monkeypatch,
    )
    assert code == 0 and "Koniec gry." in out
    assert_polish(out)


def typed(table: Any, lines: list[str], players: tuple[str, ...] = ("Ala", "Olek"), **kw: Any) -> str:
    out = io.StringIO()
    Referee(
        table, players, "pl", io.StringIO("".join(f"{line}\n" for line in lines)), out, echo=True, **kw
    ).run()
    return out.getvalue()


@pytest.mark.parametrize(
    ("table", "lines"),
    [
        (ShutTheBoxTable(ShutTheBox(one_die="low", last_chance=True)),
         ["", "?", "7 x", "z 1 3", "3 5", "zamknij 3", "99", "1 2 3", "1", "u", "u", "9 9", "q", "n",
          "q", "t"]),
        (StonogaTable(Stonoga(Options(stealing=True, may_decline=True))),
         ["r r * b", "cz cz x n", "", "stop", "cz cz *", "ż z cza n", "zostaw n", "zostaw ż z cza n",
          "przerzuć cz", "weź cz3", "czcz*n", "zostaw cz cz *", "*", "weź ż9", "wez cz7", "zabierz cz3",
          "weź n4", "weź cz4", "?", "u", "q", "t"]),
        # the example board: squares red blue red blue; Ala holds the green and pink lizards
        (LezardTable(Lezard(parse_lezard_data(EXAMPLE)), source="example.toml"),
         ["zostaw", "jaszczurka", "jaszczurka fiol", "czerw", "niebieski", "upadło 9", "upadło 3-1", "ok",
          "czerwony niebieski", "1", "1", "jaszczurka różowa", "jaszczurka szara", "czerwony",
          "jaszczurka zielona", "fioletowy", "7", "1 +4", "1 +3", "1", "?", "q", "t"]),
    ],
    ids=["shut-the-box", "stonoga", "lezard"],
)  # fmt: skip
def test_bad_input_help_and_undo_are_polish(table: Any, lines: list[str]) -> None:
    out = typed(table, lines)
    assert out.count("Nie da się zagrać") >= 5
    assert_polish(out)


def test_polish_dice_letters_do_not_clash() -> None:
    own = letters("pl")
    for colour, letter in zip(COLOURS[:STAR], own, strict=False):  # each begins its colour's name
        assert t(f"colour.{colour}", "pl").startswith(letter), (colour, letter)
    assert len(set(own)) == len(own) == len(LETTERS)
    assert set(own) & set(letters("en")) == {"*"}  # no letter means one face in Polish, another in English
    for face, letter in enumerate(own):
        assert to_book(letter, "pl") == LETTERS[face]
        assert to_book(letter * 2, "pl") == LETTERS[face] * 2
    assert [to_book(w, "pl") for w in ("ż", "z", "cz", "cza", "czz", "zcza", "czacz", "n*")] == [
        "y",
        "g",
        "r",
        "k",
        "rg",
        "gk",
        "kr",
        "b*",
    ]


# --- kostka demo, the commands' errors, the screens ---------------------------------------------


@pytest.mark.parametrize("game", ["shut-the-box", "stonoga", "lezard"])
def test_the_demo_says_its_result_in_polish(
    game: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out = run(["demo", "--auto", "--game", game, "--seed", "2", "--pace", "0"], capsys, monkeypatch)
    assert code == 0
    said = "\n".join(
        line for line in out.splitlines() if not re.search(r"[\u2500-\u259f]", line)
    )  # not the OLED
    assert "ziarno 2: wygrywa" in said
    assert_polish(said)


@pytest.mark.parametrize(
    "argv",
    [
        ["play", "shut-the-box", "--players", "Ala,Ala"],
        ["play", "shut-the-box", "--players", "Ala,"],
        ["play", "stonoga", "--players", "A,B,C,D,E"],
        ["play", "lezard", "--players", "Ala"],
        ["play", "shut-the-box", "--players", "Ala,Olek", "--bots", "Zosia"],
        ["play", "lezard", "--board", "BAD"],
        ["play", "lezard", "--board", "MISSING"],
        ["play", "shut-the-box", "--rounds", "0"],
        ["demo", "--auto", "--game", "stonoga", "--players", "7"],
        ["demo", "--game", "stonoga"],
        ["demo", "--auto", "--pace", "-1"],
    ],
)
def test_the_commands_errors_are_polish(
    argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "bad.toml").write_text(EXAMPLE.replace('"red" = 2', '"red" = -2'), encoding="utf-8")
    paths = {"BAD": str(tmp_path / "bad.toml"), "MISSING": str(tmp_path / "missing.toml")}
    code, out = run([paths.get(arg, arg) for arg in argv], capsys, monkeypatch)
    assert code == 2 and out.count("\n") == 1
    assert_polish(out)


def strings(value: object, field: str = "") -> Iterator[str]:
    """Every text a view holds (not its data: faces, tiles and card kinds are names for drawing)."""
    if isinstance(value, str):
        if field not in ("faces", "kept", "tiles", "face", "kind"):
            yield value
    elif dataclasses.is_dataclass(value):
        for f in dataclasses.fields(value):
            yield from strings(getattr(value, f.name), f.name)
    elif isinstance(value, tuple | list):
        for item in value:
            yield from strings(item, field)


def test_every_screen_is_polish() -> None:
    texts = [text for _, view in samples("pl") for text in strings(view)]
    assert len(texts) > 100
    assert_polish("\n".join(texts))
    english = [text for _, view in samples("en") for text in strings(view)]
    assert english_in("\n".join(english))  # the same check finds the English screens English
