"""``kostka wiring``: the OLED's test screen and each button asked in turn, on gpiozero's own mock pins
and luma's dummy device (what a person pressing the box's buttons would do, from a thread)."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import pytest
from gpiozero.pins.mock import MockFactory
from PIL import Image

import firmware.devices.display
from firmware.cli import main

pytestmark = pytest.mark.usefixtures("english")  # these tests read the English lines

PREV_PIN, NEXT_PIN, OK_PIN = 17, 27, 22


@pytest.fixture
def shown(monkeypatch: pytest.MonkeyPatch) -> list[Image.Image]:
    """Every image the dummy OLED is sent."""
    images: list[Image.Image] = []
    opened = firmware.devices.display.open_display

    def open_display(driver: str, **kwargs: Any) -> Any:
        display = opened(driver, **kwargs)
        show = display.show
        display.show = lambda image: (images.append(image.copy()), show(image))[1]
        return display

    monkeypatch.setattr(firmware.devices.display, "open_display", open_display)
    return images


def config(tmp_path: Path) -> str:
    path = tmp_path / "kostka.toml"
    path.write_text('[display]\ndriver = "dummy"\n[buttons]\nlong_press_s = 0.3\ndebounce_ms = 20\n', "utf-8")
    return str(path)


def player(
    factory: MockFactory, shown: list[Image.Image], presses: list[tuple[int, float] | None]
) -> threading.Thread:
    """Presses pin ``n`` for ``s`` seconds once the OLED shows ask k (None: no press for that ask)."""

    def play() -> None:
        for k, press in enumerate(presses, start=1):
            end = time.monotonic() + 10
            while len(shown) < k and time.monotonic() < end:
                time.sleep(0.01)
            if press is None:
                continue
            pin, seconds = press
            factory.pin(pin).drive_low()  # pressed: the button joins the pin to ground
            time.sleep(seconds)
            factory.pin(pin).drive_high()

    thread = threading.Thread(target=play, daemon=True)
    thread.start()
    return thread


def test_a_box_wired_right(
    tmp_path: Path, factory: MockFactory, shown: list[Image.Image], capsys: pytest.CaptureFixture[str]
) -> None:
    presser = player(factory, shown, [(PREV_PIN, 0.05), (NEXT_PIN, 0.05), (OK_PIN, 0.05), (OK_PIN, 0.6)])
    code = main(["wiring", "--config", config(tmp_path), "--timeout", "5"])
    presser.join(timeout=5)
    out = capsys.readouterr().out
    assert code == 0 and "All good: the OLED and the buttons are wired right." in out, out
    assert "Press PREVIOUS (pin 11 (BCM 17))" in out and "Hold OK for 0.3 s" in out
    assert len(shown) == 5  # four asks and the verdict
    first = shown[0].convert("1")
    corners = [(0, 0), (127, 0), (0, 63), (127, 63), (64, 0), (0, 32)]
    assert all(first.getpixel(xy) for xy in corners)  # the frame on the very edge


def test_swapped_wires_and_a_dead_button_are_named(
    tmp_path: Path, factory: MockFactory, shown: list[Image.Image], capsys: pytest.CaptureFixture[str]
) -> None:
    presser = player(factory, shown, [(NEXT_PIN, 0.05), None, (OK_PIN, 0.05), (OK_PIN, 0.05)])
    code = main(["wiring", "--config", config(tmp_path), "--timeout", "1"])
    presser.join(timeout=5)
    out = capsys.readouterr().out
    assert code == 1, out
    assert (
        "NEXT came when PREV was asked: the wires of pins 13 (BCM 27) and 11 (BCM 17) may be swapped" in out
    )
    assert "no press of NEXT within 1 s: check the wire to pin 13 (BCM 27)" in out
    assert "that was a short press: hold OK down" in out  # the last ask: OK let go too soon
    assert "no press of MENU within 1 s" in out


def test_no_gpio_and_a_bad_config_stop_with_a_reason(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("[buttons]\nok = 99\n", "utf-8")
    assert main(["wiring", "--config", str(bad)]) == 2
    assert "99" in capsys.readouterr().err
