"""The box is honest about its hardware: on a Raspberry Pi (or where the config names the part) a
missing camera or GPIO library is said on the OLED and on stderr with the installer's command,
never replaced by stand-in dice that roll themselves or by the keyboard. Stand-ins come off a Pi,
or when asked for (``kostka run --stand-ins``, the demo)."""

from __future__ import annotations

import queue
import re
import sys
import warnings
from pathlib import Path
from typing import Any

import pytest
from PIL import ImageChops

import firmware.app as app
from firmware.app import AppError, PartMissing, begin, open_buttons, open_parts, render_view
from firmware.cli import main
from firmware.config import Camera, Config, Display, Game, config_from_toml
from firmware.devices import board
from firmware.machine.events import ButtonEvent
from firmware.machine.state import CameraLost, Correct
from firmware.machine.step import step
from firmware.messages.i18n import t
from firmware.standins.buttons import ScriptedButtons
from firmware.views import MessageView

ROOT = Path(__file__).resolve().parents[1]
INSTALLER = ROOT / "systemd" / "install.sh"


def on_a_pi() -> bool:
    return True


def off_a_pi() -> bool:
    return False


def box_config(tmp_path: Path, text: str = "") -> Config:
    """A config as the box has it, with a display that draws nowhere and a folder of its own."""
    config = config_from_toml(f'language = "en"\nstate_dir = "{tmp_path / "state"}"\n{text}')
    return Config(
        display=Display(driver="dummy"),
        camera=config.camera,
        game=Game(default="shut-the-box", players=1),
        language=config.language,
        state_dir=config.state_dir,
        named=config.named,
    )


@pytest.fixture
def no_picamera2(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "picamera2", None)  # import picamera2 now raises ImportError


@pytest.fixture
def no_gpio(monkeypatch: pytest.MonkeyPatch) -> None:
    """gpiozero finds no pin library: lgpio and RPi.GPIO blocked, and this machine is no Pi for its
    native driver."""
    from gpiozero import Device

    monkeypatch.delenv("GPIOZERO_PIN_FACTORY", raising=False)
    for name in ("lgpio", "RPi", "RPi.GPIO", "pigpio"):
        monkeypatch.setitem(sys.modules, name, None)
    Device.pin_factory = None
    yield
    Device.pin_factory = None


def test_the_board_is_read_from_the_device_tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    model = tmp_path / "model"
    model.write_bytes(b"Raspberry Pi 4 Model B Rev 1.5\x00")
    other = tmp_path / "other"
    other.write_bytes(b"Radxa ROCK 5B\x00")
    monkeypatch.setattr(board, "MODEL_PATHS", (tmp_path / "missing", model))
    assert board.is_raspberry_pi() and board.pi_model() == "Raspberry Pi 4 Model B Rev 1.5"
    monkeypatch.setattr(board, "MODEL_PATHS", (other,))
    assert not board.is_raspberry_pi()


def test_the_installer_named_in_the_messages_installs_the_packages_named(tmp_path: Path) -> None:
    script = INSTALLER.read_text(encoding="utf-8")
    for library, package in board.LIBRARIES.values():
        assert re.search(rf"APT_\w+=\([^)]*\b{re.escape(package)}\b", script), package
        for lang in ("pl", "en"):
            said = t("hardware.gpio_missing", lang, library=library, package=package, reason="r")
            said += t("hardware.camera_missing", lang, library=library, package=package)
            assert "sudo systemd/install.sh" in said and package in said
            assert "install.sh" in t("hardware.install", lang)
    assert "--system-site-packages" in script


def test_on_a_pi_without_picamera2_the_game_goes_on_with_dice_entered_by_hand(
    tmp_path: Path, no_picamera2: None
) -> None:
    with open_parts(box_config(tmp_path), stream=None, scripted=True, environ={}, on_pi=on_a_pi) as parts:
        assert parts.dice is None, "no stand-in dice on a Pi"
        assert parts.setup.camera_missing == "picamera2"
        [said] = [n for n in parts.notices if "picamera2" in n]
        assert "python3-picamera2" in said and "sudo systemd/install.sh" in said and "by hand" in said
        state = begin(parts).state
    assert not state.camera_ok
    for _ in range(3):  # the buttons told, the game menu, the players' menu (one: no one to ask who starts)
        state, _ = step(state, ButtonEvent.OK)
    assert isinstance(state.screen, CameraLost), "the roll is due and the camera is down"
    assert state.shown == MessageView("No picamera2", "Run install.sh", "OK: enter by hand")
    state, _ = step(state, ButtonEvent.OK)
    assert isinstance(state.screen, Correct) and state.screen.reason[0] == "camera.by_hand"


def test_a_config_that_names_picamera2_wants_it_off_a_pi_too(tmp_path: Path, no_picamera2: None) -> None:
    named = box_config(tmp_path, '[camera]\nsource = "picamera2"\n')
    with open_parts(named, stream=None, scripted=True, environ={}, on_pi=off_a_pi) as parts:
        assert parts.dice is None and parts.setup.camera_missing == "picamera2"


def test_off_a_pi_or_when_asked_the_camera_films_stand_in_dice(tmp_path: Path, no_picamera2: None) -> None:
    with open_parts(box_config(tmp_path), stream=None, scripted=True, environ={}, on_pi=off_a_pi) as parts:
        assert parts.dice is not None and parts.setup.camera_missing is None
        assert any("stand-in dice" in notice for notice in parts.notices)
    asked = dict(stream=None, scripted=True, environ={}, on_pi=on_a_pi, stand_ins=True)
    with open_parts(box_config(tmp_path), **asked) as parts:  # type: ignore[arg-type]
        assert parts.dice is not None and begin(parts).state.camera_ok


def test_on_a_pi_without_a_gpio_library_kostka_stops_and_says_it_on_the_oled(
    tmp_path: Path, no_gpio: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    screens: list[Any] = []
    opened = app.open_display
    monkeypatch.setattr(app, "open_display", lambda *a, **k: screens.append(opened(*a, **k)) or screens[-1])
    config = box_config(tmp_path, '[camera]\nsource = "synthetic"\n')
    with pytest.raises(PartMissing) as raised:
        open_parts(config, stream=None, keyboard=None, environ={}, on_pi=on_a_pi)
    said = str(raised.value)
    assert "\n" not in said and "python3-lgpio" in said and "sudo systemd/install.sh" in said
    [oled] = screens
    assert oled.closed and oled.image is not None, "closed, with the error left lit"
    expected = render_view(MessageView("No lgpio", "Run install.sh", "Buttons do not work"))
    assert ImageChops.difference(oled.image.convert("1"), expected).getbbox() is None
    with open_parts(config, stream=None, keyboard=None, environ={}, on_pi=off_a_pi) as parts:
        assert isinstance(parts.buttons, ScriptedButtons)  # off a Pi: the stand-in, as before
    with open_parts(config, stream=None, keyboard=None, environ={}, on_pi=on_a_pi, stand_ins=True) as parts:
        assert isinstance(parts.buttons, ScriptedButtons)


def test_a_config_that_names_the_pins_wants_gpio_off_a_pi_too(tmp_path: Path, no_gpio: None) -> None:
    config = box_config(tmp_path, "[buttons]\nok = 22\n")
    with pytest.raises(PartMissing, match="lgpio"):
        open_buttons(config, queue.Queue(), keyboard=None, required=True)
    config = box_config(tmp_path, '[camera]\nsource = "synthetic"\n[buttons]\nok = 22\n')
    with pytest.raises(AppError, match="python3-lgpio"):
        open_parts(config, stream=None, keyboard=None, environ={}, on_pi=off_a_pi)


def test_gpiozero_s_fallback_driver_is_said(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from gpiozero.exc import NativePinFactoryFallback

    def native(*args: Any, events: queue.Queue[Any], **kwargs: Any) -> ScriptedButtons:
        warnings.warn(NativePinFactoryFallback("falling back to the native pin factory"), stacklevel=1)
        return ScriptedButtons((), events=events)

    monkeypatch.setattr(app, "GpioButtons", native)
    buttons, notice = open_buttons(box_config(tmp_path), queue.Queue(), keyboard=None, required=True)
    assert notice is not None and "python3-lgpio" in notice
    buttons.close()


def test_kostka_run_on_a_pi_without_gpio_is_one_line_and_exit_2(
    tmp_path: Path, no_gpio: None, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    model = tmp_path / "model"
    model.write_text("Raspberry Pi 3 Model B Plus Rev 1.3\x00")
    monkeypatch.setattr(board, "MODEL_PATHS", (model,))
    monkeypatch.setattr("firmware.cli.run.choose_networks", lambda state_dir, lang: "networks: test")
    monkeypatch.setattr("firmware.loop.Loop.run", lambda self: 0)  # were the start to go on, it must not hang
    config = tmp_path / "kostka.toml"
    config.write_text(f'state_dir = "{tmp_path / "state"}"\n[display]\ndriver = "dummy"\n', encoding="utf-8")
    assert main(["run", "--config", str(config)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("kostka run: Brak biblioteki GPIO lgpio"), err


def test_the_demo_uses_stand_ins_on_a_pi(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    model = tmp_path / "model"
    model.write_text("Raspberry Pi 5 Model B Rev 1.0\x00")
    monkeypatch.setattr(board, "MODEL_PATHS", (model,))
    assert main(["demo", "--auto", "--json", "--seed", "1", "--state", str(tmp_path / "s")]) == 0
    assert '"winner"' in capsys.readouterr().out


def test_a_camera_source_other_than_picamera2_is_not_asked_for_its_library(tmp_path: Path) -> None:
    config = Config(camera=Camera(source="synthetic"), state_dir=tmp_path)
    assert app.missing_camera_library(config) is None
