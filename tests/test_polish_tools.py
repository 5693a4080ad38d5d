"""The tools speak Polish too: ``kostka check``, ``teach``, ``wiring``, ``read``, ``advise``, ``odds``
and ``board``, their normal output and their errors, hold no English word in Polish (``assert_polish``
of tests/test_polish.py) and, with ``--lang en``, no Polish-only word.

A Polish-only word is a word of the Polish catalogue that is not also an English one nor shared
(``SHARED``): English output that still holds one was left half translated.
"""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

import pytest

from firmware.cli import main
from firmware.cli.check import report, verdicts
from firmware.messages.i18n import catalogue
from tests.test_polish import SHARED, assert_polish, english_in, words
from vision.camera_check import CameraCheck

POLISH_WORDS = (
    frozenset(w for text in catalogue("pl").values() for w in words(text))
    - frozenset(w for text in catalogue("en").values() for w in words(text))
    - SHARED
)
PHOTO = "tests/data/dice/images/six_57.jpg"
COLOUR_PHOTO = (
    "../shared/data/dice-photos/gissur-red-in-box/images/1ecadb58-WIN_20231227_13_09_07_Procropped_600px.jpg"
)


def polish_in(text: str) -> list[str]:
    return sorted({w for w in words(text) if w in POLISH_WORDS})


def assert_english(lines: str) -> None:
    found = {line: polish_in(line) for line in lines.splitlines() if polish_in(line)}
    assert not found, "Polish in English:\n" + "\n".join(f"  {w} in {line!r}" for line, w in found.items())


def run(
    argv: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, stdin: str = ""
) -> tuple[int, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(argv)
    captured = capsys.readouterr()
    return code, captured.out + captured.err


def both(
    argv: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, stdin: str = ""
) -> tuple[tuple[int, str], tuple[int, str]]:
    """The command in Polish (the default) and in English; each passes its language's check."""
    polish = run(argv, capsys, monkeypatch, stdin)
    english = run([*argv, "--lang", "en"], capsys, monkeypatch, stdin)
    assert polish[1].strip() and english[1].strip()
    assert_polish(polish[1])
    assert_english(english[1])
    return polish, english


def test_the_checks_find_each_language() -> None:
    assert polish_in("Otwarte klapki 1 2 5 7, rzut 3 4, cel: shut") == ["cel", "klapki", "otwarte", "rzut"]
    assert english_in("Open flaps 1 2 5 7, roll 3 4, goal: zamknąć") == ["flaps", "goal", "open", "roll"]
    assert polish_in("Wszystko dobrze: kamera jest gotowa.") and not polish_in("All good: Ala, Olek, OK.")


# --- advise and odds ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "argv",
    [
        ["advise", "shut-the-box", "--open", "1,2,5,7", "--roll", "3,4"],
        ["advise", "shut-the-box", "--open", "1,2,5,7", "--roll", "3,4", "--goal", "penalty"],
        ["advise", "shut-the-box", "--open", "1,2", "--roll", "6,6"],
        ["advise", "shut-the-box", "--open", "1,2", "--roll", "6,6", "--last-chance"],
        ["advise", "shut-the-box", "--open", "", "--roll", "6,6"],
    ],
)
def test_shut_the_box_advice_is_said_in_each_language(
    argv: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    (code, polish), (_, english) = both(argv, capsys, monkeypatch)
    assert code == 0
    assert polish.startswith("Otwarte klapki") and english.startswith("Open flaps")


@pytest.mark.parametrize(
    "argv",
    [
        ["advise", "shut-the-box", "--open", "1,2,5,7", "--roll", "4"],
        ["advise", "shut-the-box", "--open", "1,2", "--roll", "1,4", "--one-die", "forced-low"],
        ["advise", "shut-the-box", "--open", "1,x", "--roll", "3,4"],
        ["advise", "shut-the-box", "--open", "1,11", "--roll", "3,4"],
        ["advise", "shut-the-box", "--open", "1,1", "--roll", "3,4"],
        ["advise", "shut-the-box", "--roll", "3,9"],
        ["advise", "shut-the-box", "--roll", "3,4", "--full-shut-bonus", "-1"],
        ["odds", "shut-the-box", "--full-shut-bonus", "-1"],
        ["odds", "stonoga", "--at-least", "5"],
    ],
)
def test_advise_and_odds_errors_are_one_line_in_each_language(
    argv: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    (code, polish), (english_code, english) = both(argv, capsys, monkeypatch)
    assert code == english_code == 2
    assert polish.count("\n") == english.count("\n") == 1


# --- check ---------------------------------------------------------------------------------------


def test_the_camera_check_is_said_in_each_language(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    (code, polish), (_, english) = both(
        ["check", "--source", "synthetic", "--frames", "4"], capsys, monkeypatch
    )
    assert code == 0
    assert "Wszystko dobrze" in polish and "All good" in english
    (code, polish), _ = both(
        ["check", "--source", "synthetic", "--frames", "4", "--watch", "--rounds", "1"], capsys, monkeypatch
    )
    assert code == 0 and "rozmycie" in polish


@pytest.mark.parametrize(
    "check",
    [
        CameraCheck(640, 480, 0, 0, None, 0.2, 0.2, moving=True, blur=0.3),
        CameraCheck(640, 480, 4, 2, 12.0, 0.0, 0.0, kind="colours"),
        CameraCheck(640, 480, 1, 1, 900.0, 0.0, 0.0),
    ],
    ids=["everything-wrong", "small", "big"],
)
def test_each_piece_of_camera_advice_is_said_in_each_language(check: CameraCheck) -> None:
    polish = report("usb:0", check, verdicts(check, "pl"), "pl")
    english = report("usb:0", check, verdicts(check, "en"), "en")
    assert polish.count("\n- ") == english.count("\n- ") >= 1
    assert_polish(polish)
    assert_english(english)


@pytest.mark.parametrize(
    "argv",
    [
        ["check", "--frames", "1"],
        ["check", "--source", "synthetic", "--frames", "4", "--picture", "/nonexistent/folder/x.png"],
    ],
)
def test_camera_check_errors_are_one_line_in_each_language(
    argv: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    (code, polish), _ = both(argv, capsys, monkeypatch)
    assert code == 2 and polish.startswith("kostka check: ") and polish.count("\n") == 1


# --- teach ---------------------------------------------------------------------------------------


def test_teaching_takes_polish_colour_names(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    out = str(tmp_path / "p.json")
    code, said = run(
        ["teach", "--out", out, "--source", "synthetic", "--frames", "1", "--names", "czerwona,gwiazdka"],
        capsys,
        monkeypatch,
    )
    assert code == 0
    assert "czerwony: 3 ścianki widziane na 1 klatce" in said and "Zapisano" in said
    assert_polish(said)
    code, said = run(
        ["teach", "--out", out, "--source", "synthetic", "--frames", "2", "--names", "red", "--lang", "en"],
        capsys,
        monkeypatch,
    )
    assert code == 0 and "red: 6 faces seen in 2 frames" in said
    assert_english(said)


def test_teaching_at_the_terminal_asks_in_polish(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = [
        "teach",
        "--mode",
        "cards",
        "--out",
        str(tmp_path / "c.json"),
        "--source",
        "synthetic",
        "--frames",
        "1",
    ]
    code, polish = run(argv, capsys, monkeypatch, stdin="zielona\nfioletowa\n\n")
    assert code == 0
    assert "Połóż pod kamerą karty" in polish and "zielony: 3 karty widziane na 1 klatce" in polish
    assert "na planszy nie ma koloru 'fioletowa'" in polish
    assert_polish(polish)
    code, english = run([*argv, "--lang", "en"], capsys, monkeypatch, stdin="green\npurple\n\n")
    assert code == 0 and "green: 3 cards seen in 1 frame" in english
    assert_english(english)


@pytest.mark.parametrize(
    "args",
    [
        ["--frames", "0"],
        ["--names", ","],
        ["--names", "red", "--board", "BOARD"],
        ["--mode", "cards", "--names", "purple,brown"],
        ["--mode", "cards", "--board", "MISSING"],
        ["--mode", "cards", "--board", "FOLDER"],
        ["--out", "FOLDER", "--names", "red", "--frames", "1"],
    ],
)
def test_teaching_errors_are_one_line_in_each_language(
    args: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    paths = {
        "BOARD": "rules/data/lezard.toml",
        "MISSING": str(tmp_path / "none.toml"),
        "FOLDER": str(tmp_path),
    }
    argv = ["teach", "--out", str(tmp_path / "p.json"), "--source", "synthetic", *args]
    (code, polish), (_, english) = both([paths.get(a, a) for a in argv], capsys, monkeypatch)
    assert code == 2 and polish.splitlines()[-1].startswith("kostka: ")
    assert english.splitlines()[-1].startswith("kostka: ")


# --- wiring --------------------------------------------------------------------------------------


@pytest.mark.parametrize(("keys", "code"), [("ad m", 0), ("da", 1)], ids=["right", "swapped-and-missing"])
def test_the_wiring_test_is_said_in_each_language(
    keys: str, code: int, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    (polish_code, polish), (english_code, english) = both(
        ["wiring", "--keyboard", "--timeout", "0.3"], capsys, monkeypatch, stdin=keys
    )
    assert polish_code == english_code == code
    assert "Naciśnij POPRZEDNI" in polish and "Press PREVIOUS" in english
    if code:
        assert "naciśnięto NASTĘPNY, a proszono o POPRZEDNI" in polish and "nikt nie nacisnął OK" in polish


def test_a_bad_wiring_timeout_is_one_line_in_each_language(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    (code, polish), _ = both(["wiring", "--keyboard", "--timeout", "0"], capsys, monkeypatch)
    assert code == 2 and polish.count("\n") == 1


# --- read ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("mode", ["pips", "colours", "cards"])
def test_reading_photos_is_said_in_each_language(
    mode: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    photo = COLOUR_PHOTO if mode == "colours" and Path(COLOUR_PHOTO).exists() else PHOTO
    (code, polish), _ = both(["read", "--mode", mode, photo], capsys, monkeypatch)
    assert code == 0
    assert re.search(r"\(\d+ (kost|kart)|: nie widzę", polish), polish


@pytest.mark.parametrize(
    "args",
    [
        ["--profile", "MISSING"],
        ["--mode", "colours", "--profile", "MISSING"],
        ["--mode", "colours", "--profile", "FOLDER"],
        ["--mode", "colours", "--profile", "BROKEN"],
        ["--mode", "cards", "--board", "MISSING"],
        ["--mode", "cards", "--board", "BROKEN"],
        ["--board", "MISSING"],
    ],
)
def test_reading_errors_are_one_line_in_each_language(
    args: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "broken.json").write_bytes(b"\xff\xfe\x00")
    paths = {
        "MISSING": str(tmp_path / "none"),
        "FOLDER": str(tmp_path),
        "BROKEN": str(tmp_path / "broken.json"),
    }
    (code, polish), (_, english) = both(
        ["read", *[paths.get(a, a) for a in args], PHOTO], capsys, monkeypatch
    )
    assert code == 2 and polish.count("\n") == english.count("\n") == 1


@pytest.mark.parametrize(
    ("text", "polish_says", "english_says"),
    [
        ("{", "nie jest plikiem JSON", "is not JSON"),
        ('{"format": "other"}', "to nie jest profil kolorów", "not a Kostka colour profile"),
        ('{"format": "kostka-colour-profile", "version": 9}', "wersja profilu 9", "profile version 9"),
        ('{"format": "kostka-colour-profile", "version": 1, "classes": {}}', "nauczonych klas", "no taught"),
        (
            '{"format": "kostka-colour-profile", "version": 1,'
            ' "classes": {"r1": {"mean": [1], "spread": [-1]}}}',
            "ujemny rozrzut",
            "negative spread",
        ),
        (
            '{"format": "kostka-colour-profile", "version": 1, "mode": "pips",'
            ' "classes": {"r1": {"mean": [1], "spread": [1]}}}',
            "tryb profilu `'pips'`",
            "mode `'pips'`",
        ),
    ],
)
def test_a_damaged_profile_says_what_is_wrong_in_each_language(
    text: str,
    polish_says: str,
    english_says: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    profile = tmp_path / "profile.json"
    profile.write_text(text, encoding="utf-8")
    (code, polish), (_, english) = both(
        ["read", "--mode", "colours", "--profile", str(profile), PHOTO], capsys, monkeypatch
    )
    assert code == 2 and polish_says in polish and english_says in english, (polish, english)


# --- board ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args", [[], ["--confirm"], ["--out", "OUT.xyz"], ["--out", "OUT/inside.png"], ["--board", "BAD"]]
)
def test_the_board_is_said_in_each_language(
    args: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "bad.toml").write_text("[lezard]\nx = 1\n", encoding="utf-8")
    (tmp_path / "file").write_text("", encoding="utf-8")
    paths = {"OUT.xyz": str(tmp_path / "b.xyz"), "OUT/inside.png": str(tmp_path / "file" / "b.png")}
    paths["BAD"] = str(tmp_path / "bad.toml")
    argv = ["board", "--out", str(tmp_path / "b.png"), *[paths.get(a, a) for a in args]]
    (code, _), _ = both(argv, capsys, monkeypatch)
    assert code == (0 if args in ([], ["--confirm"]) else 2)
