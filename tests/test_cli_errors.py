"""Every wing's error root reaches a person as one line on stderr and exit code 2, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

import firmware.cli.odds
from firmware.cli import main
from firmware.errors import KostkaError
from firmware.games.rulebooks import RulebookError
from firmware.messages.i18n import say
from rules.game import IllegalMoveError, RulesError
from vision.errors import FaceModelError, ModelError, ProfileError


def one_line(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    assert "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 1, err
    return lines[0]


@pytest.mark.parametrize(
    "error",
    [
        RulesError("match.nothing-to-undo"),
        IllegalMoveError("shut.cannot-shut", flaps="9", at="round 1", choices=("1 2",)),
        KostkaError("the state directory cannot be written"),
        RulebookError("stonoga: stealing = 'yes' is not true or false"),
        ModelError("the network file is damaged"),
        FaceModelError("the face network is missing"),
        ProfileError("the profile is of another version"),
    ],
    ids=lambda error: type(error).__name__,
)
def test_each_wing_error_root_is_one_line_and_exit_2(
    error: Exception, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def run(args: object) -> int:
        raise error

    monkeypatch.setattr(firmware.cli.odds, "run", run)
    assert main(["odds", "shut-the-box"]) == 2
    said = say(error.reason, "pl") if isinstance(error, RulesError) else str(error)  # pl: the default
    assert one_line(capsys) == f"kostka: {said}"


def test_a_bug_is_not_dressed_up_as_a_message(monkeypatch: pytest.MonkeyPatch) -> None:
    def run(args: object) -> int:
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr(firmware.cli.odds, "run", run)
    with pytest.raises(ZeroDivisionError):
        main(["odds", "shut-the-box"])


def test_a_broken_config_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "kostka.toml"
    config.write_text("[display\ndriver =", encoding="utf-8")
    assert main(["run", "--config", str(config)]) == 2
    line = one_line(capsys)
    assert line.startswith("kostka run: ") and "to nie jest poprawny TOML (wiersz 1, kolumna 9)" in line


def test_a_bad_rule_switch_in_the_config(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "kostka.toml"
    config.write_text(
        f'language = "en"\nstate_dir = "{tmp_path / "state"}"\n[display]\ndriver = "terminal"\n'
        '[game.rules.stonoga]\nstealing = "yes"\n',
        encoding="utf-8",
    )
    assert main(["run", "--config", str(config)]) == 2
    assert one_line(capsys) == (
        "kostka run: [game.rules.stonoga] in the config: stonoga: stealing = 'yes' is not true or false; "
        "fix or delete the switch"
    )


def test_a_corrupt_image_is_one_line_and_exit_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``kostka read`` reads many photos: one it cannot decode is a line and exit code 1 (the others are
    still read); 2 is kept for nothing readable at all (no picture given could be used, a missing
    network or profile)."""
    broken = tmp_path / "broken.jpg"
    broken.write_bytes(b"not a jpeg at all")
    photo = sorted((Path(__file__).parent / "data" / "dice" / "images").iterdir())[0]
    assert main(["read", str(broken), str(photo)]) == 1
    assert "to nie jest czytelny obraz" in capsys.readouterr().err
    assert main(["read", str(broken)]) == 2
    assert "to nie jest czytelny obraz" in one_line(capsys)
