"""The TOML config: defaults, the documented example, overrides, and errors that say what to do."""

from __future__ import annotations

import dataclasses
import doctest
import re
from pathlib import Path

import pytest

from firmware.config import (
    Buttons,
    Camera,
    Config,
    ConfigError,
    Display,
    Game,
    config_from_toml,
    load_config,
)

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "firmware" / "data" / "kostka.example.toml"


def test_no_file_gives_the_documented_defaults() -> None:
    config = load_config(None, environ={"STATE_DIRECTORY": "/var/lib/kostka"})
    assert config.buttons.pins() == {"previous": 17, "next": 27, "ok": 22}
    assert config.display == Display("ssd1306", 1, 0x3C, 0)
    assert (config.camera.source, config.camera.width, config.camera.height) == ("picamera2", 1280, 960)
    assert config.camera.idle_fps < config.camera.fps
    assert (config.language, config.game.default, config.game.players) == ("pl", "shut-the-box", 2)
    assert config.state_dir == Path("/var/lib/kostka")


def test_state_dir_default_off_systemd_is_xdg_state() -> None:
    config = load_config(None, environ={"HOME": "/home/ola"})
    assert config.state_dir == Path("/home/ola/.local/state/kostka")


def test_example_file_loads_and_shows_every_default(tmp_path: Path) -> None:
    example = load_config(EXAMPLE, environ={"STATE_DIRECTORY": str(tmp_path)})
    assert example == Config(state_dir=tmp_path)
    text = EXAMPLE.read_text(encoding="utf-8")
    for section in (Buttons, Display, Camera, Game):
        for item in dataclasses.fields(section):
            documented = re.search(rf"^#? ?(\[game\.)?{item.name}\b", text, flags=re.M)
            assert documented, f"{item.name} is not documented in {EXAMPLE.name}"
    assert re.search(r"^# state_dir = ", text, flags=re.M)


def test_a_file_names_only_what_differs(tmp_path: Path) -> None:
    path = tmp_path / "kostka.toml"
    path.write_text(
        """
language = "en"
state_dir = "saves"
[buttons]
ok = 5
long_press_s = 2
[display]
driver = "sh1106"
i2c_address = 0x3D
rotate = 180
[camera]
source = "usb:1"
fps = 15
focus_cm = 24
highlights = "normal"
mains_hz = 60
[game]
default = "lezard"
players = 4
[game.rules.shut-the-box]
flaps = 12
""",
        encoding="utf-8",
    )
    config = load_config(path)
    assert config.buttons == Buttons(previous=17, next=27, ok=5, long_press_s=2.0, debounce_ms=30)
    assert config.display == Display("sh1106", 1, 0x3D, 180)
    assert config.display.luma_rotate == 2
    assert (config.camera.kind, config.camera.device_index, config.camera.fps) == ("usb", 1, 15.0)
    assert config.camera.width == 1280
    assert (config.camera.focus_cm, config.camera.highlights, config.camera.mains_hz) == (24.0, "normal", 60)
    assert (config.language, config.game.default, config.game.players) == ("en", "lezard", 4)
    assert config.game.rules_for("shut-the-box") == {"flaps": 12}
    assert config.game.rules_for("stonoga") == {}
    assert config.state_dir == tmp_path / "saves"


def test_replay_sources_are_found_next_to_the_config(tmp_path: Path) -> None:
    (tmp_path / "frames").mkdir()
    (tmp_path / "roll.mp4").write_bytes(b"")
    folder = config_from_toml('[camera]\nsource = "frames"', base_dir=tmp_path).camera
    video = config_from_toml('[camera]\nsource = "roll.mp4"', base_dir=tmp_path).camera
    assert (folder.kind, folder.source) == ("folder", str(tmp_path / "frames"))
    assert (video.kind, video.source) == ("file", str(tmp_path / "roll.mp4"))
    shots = config_from_toml('[camera]\nsource = "shots/*.jpg"', base_dir=tmp_path).camera
    assert (shots.kind, shots.source) == ("glob", str(tmp_path / "shots" / "*.jpg"))
    assert config_from_toml('[camera]\nsource = "synthetic"').camera.kind == "synthetic"


@pytest.mark.parametrize(
    ("written", "source", "kind", "index"),
    [
        ("picamera2", "picamera2", "picamera2", 0),
        ("picamera2:0", "picamera2", "picamera2", 0),
        ("picamera2:1", "picamera2:1", "picamera2", 1),
        ("usb", "usb:0", "usb", 0),
        ("usb:01", "usb:1", "usb", 1),
    ],
)
def test_camera_devices_are_spelt_as_open_source_takes_them(
    written: str, source: str, kind: str, index: int
) -> None:
    camera = config_from_toml(f'[camera]\nsource = "{written}"').camera
    assert (camera.source, camera.kind, camera.device_index) == (source, kind, index)


@pytest.mark.parametrize(
    ("toml", "expected"),
    [
        ("langauge = 'en'", "unknown key 'langauge' at the top level; allowed: buttons, display"),
        ("[buttons]\nnxt = 5", "unknown key 'buttons.nxt' in [buttons]; allowed: previous, next, ok"),
        ("[dispaly]\ndriver = 'sh1106'", "unknown key 'dispaly' at the top level"),
        ("[display]\ndriver = 'lcd'", "display.driver = 'lcd' is not a display driver; allowed: ssd1306,"),
        ("[buttons]\nok = 3", "buttons.ok = 3 is the OLED's I2C SCL pin; allowed: a free BCM pin 4-27"),
        ("[buttons]\nnext = 2", "buttons.next = 2 is the OLED's I2C SDA pin"),
        ("[buttons]\nok = 40", "buttons.ok = 40 is not a free GPIO pin; allowed: BCM 4-27"),
        ("[buttons]\nnext = 17", "buttons.next = 17 is already buttons.previous; allowed: three"),
        ("[buttons]\nok = true", "buttons.ok = True is not a whole number"),
        ("[buttons]\nok = '22'", "buttons.ok = '22' is not a whole number"),
        ("[buttons]\nlong_press_s = 0.1", "long_press_s = 0.1 is out of range; allowed: 0.3 to 5.0 seconds"),
        ("[buttons]\ndebounce_ms = 900", "buttons.debounce_ms = 900 is out of range; allowed: 0 to 500 ms"),
        ("[buttons]\nlong_press_s = 0.3\ndebounce_ms = 300", "shorter than long_press_s"),
        ("[display]\ni2c_address = 0x78", "display.i2c_address = 120 (0x78) is not a 7-bit I2C address"),
        ("[display]\nrotate = 90", "display.rotate = 90 is not a rotation; allowed: 0 or 180"),
        ("[display]\ni2c_port = -1", "display.i2c_port = -1 is not an I2C bus number"),
        ("[camera]\nsource = 'usb:x'", "camera.source = 'usb:x' has no device number"),
        ("[camera]\nsource = 7", "camera.source = 7 is not a camera source"),
        ("[camera]\nwidth = 100", "camera.width = 100 is out of range; allowed: 160 to 4608 pixels"),
        ("[camera]\nfps = 0", "camera.fps = 0.0 is out of range"),
        ("[camera]\nidle_fps = 20", "idle_fps = 20.0 is out of range; allowed: 0.1 up to camera.fps (10)"),
        ("[camera]\nidle_fps = 0.1\nstall_s = 10", "camera.stall_s = 10.0 is out of range"),
        ("[camera]\nfocus_cm = 5", "camera.focus_cm = 5.0 is out of range; allowed: 10 to 200 cm"),
        ("[camera]\nmains_hz = 55", "camera.mains_hz = 55 is not a mains frequency; allowed: 50, 60 or 0"),
        ("[camera]\nhighlights = 'hdr'", "highlights = 'hdr' is not an exposure; allowed: protect, normal"),
        ("camera = 3", "camera = 3 is not a table; allowed: a [camera] section"),
        ("language = 'de'", "language = 'de' is not a language; allowed: pl, en"),
        ("[game]\ndefault = 'chess'", "default = 'chess' is not a game; allowed: shut-the-box, stonoga,"),
        ("[game]\ndefault = 'lezard'\nplayers = 5", "players = 5 cannot play lezard; allowed: 2-4 players"),
        ("[game]\ngoal = 'win'", "game.goal = 'win' is not an advice goal; allowed: shut, penalty"),
        ("[game.rules.chess]\nx = 1", "unknown key 'game.rules.chess' in [game.rules]"),
        ("[game.rules]\nstonoga = 3", "game.rules.stonoga = 3 is not a table"),
        ("[game.rules.stonoga]\nx = [1, 2]", "game.rules.stonoga.x = [1, 2] is not a plain value"),
        ("state_dir = ''", "state_dir = '' is not a folder path"),
        ("[buttons\nok = 5", "<text>: not valid TOML (line 1, column 9)"),
    ],
)
def test_bad_values_are_named_with_what_is_allowed(toml: str, expected: str) -> None:
    with pytest.raises(ConfigError) as caught:
        config_from_toml(toml)
    message = caught.value.message("en")
    assert message.startswith("<text>: ")
    assert expected in message


def test_errors_speak_the_files_language_and_polish_before_it_is_known() -> None:
    with pytest.raises(ConfigError) as polish:
        config_from_toml("[camera]\nfps = 99")
    assert (
        str(polish.value)
        == "<text>: camera.fps = 99.0 jest poza zakresem; dozwolone: od 0.5 do 60 klatek na sekundę"
    )
    with pytest.raises(ConfigError) as english:
        config_from_toml("language = 'en'\n[camera]\nfps = 99")
    assert (
        str(english.value) == "<text>: camera.fps = 99.0 is out of range; allowed: 0.5 to 60 frames a second"
    )
    with pytest.raises(ConfigError) as unparsed:
        config_from_toml("language = 'en'\n[camera\n")
    assert str(unparsed.value) == "<text>: to nie jest poprawny TOML (wiersz 2, kolumna 8)"


def test_a_missing_camera_file_is_named_with_its_full_path(tmp_path: Path) -> None:
    expected = r"camera.source = 'gone.mp4' names nothing that exists \(/.*gone.mp4\)"
    with pytest.raises(ConfigError) as caught:
        config_from_toml('[camera]\nsource = "gone.mp4"', base_dir=tmp_path)
    assert re.search(expected, caught.value.message("en"))


def test_errors_name_the_file(tmp_path: Path) -> None:
    path = tmp_path / "kostka.toml"
    path.write_text("[display]\ndriver = 'oled'\n", encoding="utf-8")
    with pytest.raises(ConfigError, match=rf"^{re.escape(str(path))}: display.driver = 'oled'"):
        load_config(path)
    with pytest.raises(ConfigError) as caught:
        load_config(tmp_path / "absent.toml")
    assert "no such config file; copy firmware/data/kostka.example.toml" in caught.value.message("en")
    assert issubclass(ConfigError, ValueError)


def test_pins_2_and_3_are_free_without_an_i2c_display_but_still_not_buttons() -> None:
    with pytest.raises(ConfigError, match=r"buttons\.ok = 3 nie jest wolnym pinem GPIO"):
        config_from_toml("[display]\ndriver = 'terminal'\n[buttons]\nok = 3")


def test_config_values_are_frozen() -> None:
    config = config_from_toml("[game.rules.stonoga]\nrolls = 3")
    with pytest.raises(dataclasses.FrozenInstanceError):
        config.buttons.ok = 5  # type: ignore[misc]
    with pytest.raises(TypeError):
        config.game.rules["stonoga"]["rolls"] = 4  # type: ignore[index]


def test_the_docstring_examples_hold() -> None:
    """pytest collects doctests from tests/, rules/ and vision/ only: run these here."""
    import firmware.config

    result = doctest.testmod(firmware.config)
    assert (result.failed, result.attempted > 5) == (0, True)
