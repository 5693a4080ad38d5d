"""``kostka run`` in Polish says everything in Polish: its start (the networks, the OLED, the buttons and
the camera stand-ins, the keys), a damaged saved-games file and taught colours, and its failures (a
bad config value, a state folder that cannot be written or that another Kostka holds). With
``language = "en"`` the same lines are English.

The whole start runs in a child process, as a person runs it off a Pi, and ends by "Power off" in the
box's menu (pressed on the keyboard stand-in); the failures stop before the loop and run in-process.
"""

from __future__ import annotations

import os
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import pytest
from test_polish import assert_polish, english_in

from firmware.cli import main
from firmware.cli.run import POWER_OFF
from firmware.machine.events import ButtonEvent
from firmware.machine.state import menu_items
from firmware.machine.step import start, step
from firmware.screens.samples import sample_setup
from firmware.state_lock import StateLock

ROOT = Path(__file__).resolve().parent.parent


def power_off_keys() -> str:
    """The keys that pass the first screen, open the menu and power the box off."""
    state, _ = start(sample_setup(), welcome=True)
    state, _ = step(state, ButtonEvent.OK)
    return " m" + "d" * menu_items(state).index("menu.power_off") + "  "


def write_config(folder: Path, *lines: str) -> Path:
    config = folder / "kostka.toml"
    text = "\n".join([*lines, f'state_dir = "{folder / "state"}"', "[camera]", 'source = "picamera2"'])
    config.write_text(text + "\n", encoding="utf-8")
    return config


def run_box(config: Path, *, stand_ins: bool = True, until: str = "") -> str:
    """What ``kostka run --config config`` (with stand-ins) writes, powered off by the keys on its
    stdin once its stderr has said ``until``."""
    env = {**os.environ, "KOSTKA_RUNTIME": "dnn"}
    env.pop("NOTIFY_SOCKET", None)
    command = [sys.executable, "-m", "firmware", "run", *(["--stand-ins"] if stand_ins else [])]
    command += ["--config", str(config)]
    with subprocess.Popen(
        command,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env=env,
    ) as child:
        assert child.stdin is not None and child.stderr is not None
        said = ""
        while until not in said:
            line = child.stderr.readline()
            assert line, f"kostka run ended without saying {until!r}: {said}"
            said += line
        out, err = child.communicate(power_off_keys(), timeout=240)
    assert child.returncode == POWER_OFF, (said + err)[-2000:]
    return said + err + out


@pytest.fixture
def runtime_dnn(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KOSTKA_RUNTIME", "dnn")
    monkeypatch.delenv("NOTIFY_SOCKET", raising=False)


def said_by_run(config: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """What ``kostka run`` says when it cannot start: one line on stderr, exit status 2."""
    assert main(["run", "--config", str(config)]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1, captured.err
    assert captured.err.startswith("kostka run: ")
    return captured.err


def test_a_whole_start_off_a_pi_is_polish(tmp_path: Path) -> None:
    said = run_box(write_config(tmp_path))
    assert "klawisze: a/← wstecz" in said and "tu nie ma GPIO" in said and "sieci: OpenCV dnn" in said
    assert_polish(said)


def test_a_camera_the_config_names_but_cannot_open_is_said_in_polish(tmp_path: Path) -> None:
    """Off a Pi without --stand-ins, the config's picamera2 is required: it is missing here, so the
    camera thread fails to open it and says so (the dice are then entered by hand)."""
    said = run_box(write_config(tmp_path), stand_ins=False, until="kamera nie działa")
    assert "kamera nie działa: Kamera Raspberry Pi 0 (picamera2, " in said
    assert "picamera2 nie jest zainstalowana" in said
    assert_polish(said)


def test_a_damaged_saved_games_file_and_taught_colours_are_said_in_polish(tmp_path: Path) -> None:
    state = tmp_path / "state"
    state.mkdir()
    (state / "games.db").write_bytes(b"not a database at all" * 100)
    (state / "colours.json").write_text("{not json", encoding="utf-8")
    said = run_box(write_config(tmp_path))
    assert "jest uszkodzony: odłożyłam go jako games-damaged-" in said
    assert "Nauczonych kolorów z " in said and "plik jest uszkodzony" in said
    assert_polish(said)


def test_in_english_the_start_is_english(tmp_path: Path) -> None:
    state = tmp_path / "state"
    state.mkdir()
    (state / "games.db").write_bytes(b"not a database at all" * 100)
    said = run_box(write_config(tmp_path, 'language = "en"'))
    assert "keys: a/← previous · d/→ next" in said and "no GPIO here: buttons come from the keyboard" in said
    assert "it was moved aside to games-damaged-" in said
    assert english_in(said)
    assert "klawisze" not in said and "uszkodzony" not in said


@pytest.mark.parametrize(
    ("lines", "expected"),
    [
        (("[camera]", "fps = 99"), "camera.fps = 99.0 jest poza zakresem; dozwolone: od 0.5 do 60 klatek"),
        (("[buttons]", "ok = 2"), "buttons.ok = 2 to pin SDA magistrali I2C ekranu OLED"),
        (("[game.rules.chess]", "x = 1"), "nieznany klucz 'game.rules.chess' w [game.rules]; dozwolone: "),
        (
            ("[game]", "names = ['Ala', 'Ala']"),
            "game.names = ['Ala', 'Ala'] nie nadaje się (dwóch graczy ma na imię Ala)",
        ),
        (("[display",), "to nie jest poprawny TOML (wiersz 1, kolumna 9)"),
    ],
)
def test_a_bad_config_value_is_one_polish_line(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    runtime_dnn: None,
    lines: tuple[str, ...],
    expected: str,
) -> None:
    config = tmp_path / "kostka.toml"
    config.write_text("\n".join(lines) + "\n", encoding="utf-8")
    said = said_by_run(config, capsys)
    assert f"kostka run: {config}: " in said and expected in said, said
    assert_polish(said)


def test_a_bad_config_value_is_english_in_an_english_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], runtime_dnn: None
) -> None:
    config = tmp_path / "kostka.toml"
    config.write_text('language = "en"\n[camera]\nfps = 99\n', encoding="utf-8")
    said = said_by_run(config, capsys)
    assert (
        said
        == f"kostka run: {config}: camera.fps = 99.0 is out of range; allowed: 0.5 to 60 frames a second\n"
    )


def test_a_state_folder_that_cannot_be_made_is_said_in_polish(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], runtime_dnn: None
) -> None:
    (tmp_path / "blocker").write_text("a file, not a folder", encoding="utf-8")
    config = tmp_path / "kostka.toml"
    config.write_text(f'state_dir = "{tmp_path / "blocker" / "state"}"\n', encoding="utf-8")
    said = said_by_run(config, capsys)
    assert "Nie mogę utworzyć katalogu zapisu " in said and "ustaw state_dir w konfiguracji" in said
    assert_polish(said)


def test_a_state_folder_another_kostka_holds_is_said_in_polish(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], runtime_dnn: None
) -> None:
    config = write_config(tmp_path)
    with closing(StateLock(tmp_path / "state", command="kostka run")):
        said = said_by_run(config, capsys)
    assert f"Katalog zapisu {tmp_path / 'state'} jest zajęty: używa go proces {os.getpid()}" in said
    assert_polish(said)
    english = write_config(tmp_path, 'language = "en"')
    with closing(StateLock(tmp_path / "state", command="kostka run")):
        said = said_by_run(english, capsys)
    assert "is in use: process" in said
