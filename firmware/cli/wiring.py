"""``kostka wiring [--config FILE] [--timeout S]``: are the OLED and the three buttons wired right?

For whoever builds the box (hardware/wiring.md), with the service stopped: it opens the OLED the
config names and draws a test screen with a frame on its very edge (a picture shifted or cut off:
the wrong driver, sh1106 or ssd1306), then asks for each button in turn, on the OLED and in the
terminal: PREVIOUS, NEXT, a short press of OK, and OK held for the menu. A press of another button
than the one asked is named with the pins to look at (two wires swapped), and a button that gives
nothing within ``--timeout`` seconds with its pin and the ground pin. Exit status 0 when all is
right, 1 when something is not, 2 when the parts cannot be opened (no GPIO, a bad config).
"""

from __future__ import annotations

import argparse
import queue
import sys
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from firmware.cli import add_lang, fail
from firmware.machine.events import ButtonEvent
from firmware.messages.i18n import t
from firmware.messages.numbers import number

if TYPE_CHECKING:  # gpiozero and luma load when the test runs (``kostka --help`` stays quick)
    from firmware.devices.display import Display

HEADER_PIN = {
    2: 3, 3: 5, 4: 7, 5: 29, 6: 31, 7: 26, 8: 24, 9: 21, 10: 19, 11: 23, 12: 32, 13: 33, 14: 8,
    15: 10, 16: 36, 17: 11, 18: 12, 19: 35, 20: 38, 21: 40, 22: 15, 23: 16, 24: 18, 25: 22, 26: 37, 27: 13,
}  # fmt: skip
"""The 40-pin header's physical pin of each BCM GPIO number (the same on every 40-pin Pi)."""
GROUND_PIN = 9


def add_parser(subparsers: Any, lang: str) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "wiring", help=t("usage.wiring.help", lang), description=t("usage.wiring.about", lang)
    )
    parser.add_argument(
        "--config", type=Path, metavar=t("usage.meta.file", lang), help=t("usage.wiring.config", lang)
    )
    parser.add_argument(
        "--timeout", type=float, default=20.0, metavar="S", help=t("usage.wiring.timeout", lang)
    )
    parser.add_argument("--keyboard", action="store_true", help=t("usage.wiring.keyboard", lang))
    add_lang(parser, lang)
    return parser


def keys(event: ButtonEvent, lang: str) -> str:
    """The stand-in keyboard's keys for a button (``firmware.standins.buttons.DEFAULT_KEYS``)."""
    return t(f"cli.wiring.key.{event.name.lower()}", lang)


def button(event: ButtonEvent, lang: str) -> str:
    """A button's name as the test says it."""
    return t(f"cli.wiring.button.{event.name}", lang)


class PrintedOled:
    """The OLED drawn in the terminal, each test screen below the last (the lines asking for each
    button come between them)."""

    width, height = 128, 64

    def show(self, image: Any) -> None:
        from firmware.standins.terminal_display import TerminalDisplay

        print(TerminalDisplay(None, style="braille").render_text(image), end="", flush=True)

    def close(self) -> None:
        pass


def run(args: argparse.Namespace) -> int:
    lang: str = args.lang
    if not args.timeout > 0:
        return fail(t("cli.wiring.bad_timeout", lang, value=f"{args.timeout:g}"), "wiring")
    if args.keyboard:
        return keyboard(args.timeout, lang)
    from firmware.cli import config_or_say
    from firmware.devices.buttons import ButtonPins, ButtonsError, GpioButtons
    from firmware.machine.events import ButtonEvent

    config = config_or_say("wiring", args.config)
    if config is None:
        return 2
    oled, problems = open_oled(config, lang)
    display = oled  # None once it stops answering
    b = config.buttons
    pins = {
        ButtonEvent.PREV: b.previous,
        ButtonEvent.NEXT: b.next,
        ButtonEvent.OK: b.ok,
        ButtonEvent.MENU: b.ok,
    }
    events: queue.Queue[Any] = queue.Queue()
    try:
        with warnings.catch_warnings():  # gpiozero warns of each pin library it falls back from
            warnings.simplefilter("ignore")
            buttons = GpioButtons(
                ButtonPins(b.previous, b.next, b.ok),
                long_press_s=b.long_press_s,
                debounce_s=b.debounce_ms / 1000,
                events=events,
            )
    except ButtonsError as error:
        fail(error.message(lang), "wiring")
        if oled is not None:
            oled.close()
        return 2
    seconds = number(b.long_press_s, lang) if b.long_press_s % 1 else f"{b.long_press_s:g}"
    asks = (
        (ButtonEvent.PREV, t("cli.wiring.ask.prev", lang), "◀"),
        (ButtonEvent.NEXT, t("cli.wiring.ask.next", lang), "▶"),
        (ButtonEvent.OK, t("cli.wiring.ask.ok", lang), "OK"),
        (ButtonEvent.MENU, t("cli.wiring.ask.menu", lang, seconds=seconds), "OK…"),
    )
    try:
        for wanted, words, mark in asks:
            if (failed := show(display, mark, words, lang)) is not None:
                print(failed)
                problems.append(failed)
                display = None
            print(t("cli.wiring.asked_pin", lang, words=words, pin=where(pins[wanted])), flush=True)
            problem = wait_for(events, wanted, pins, args.timeout, lang)
            print(f"  {problem or t('cli.wiring.good', lang)}", flush=True)
            problems += [problem] if problem else []
        show(display, *ending(problems, lang), lang)
    finally:
        buttons.close()
        if oled is not None:
            oled.close()
    print(t("cli.wiring.all_good", lang) if not problems else "\n".join(problems))
    return 1 if problems else 0


def ending(problems: list[str], lang: str) -> tuple[str, str]:
    """The last test screen: a tick and "all good", or a cross and "see the terminal"."""
    return ("✘", t("cli.wiring.screen.bad", lang)) if problems else ("✔", t("cli.wiring.screen.good", lang))


def where(bcm: int) -> str:
    """A BCM pin as the header's physical pin: ``11 (BCM 17)``."""
    return f"{HEADER_PIN[bcm]} (BCM {bcm})" if bcm in HEADER_PIN else f"BCM {bcm}"


def keyboard(timeout: float, lang: str) -> int:
    """The test with the stand-in keyboard buttons and the OLED drawn in the terminal: what the
    test asks of a box, tried without one."""
    from firmware.machine.events import ButtonEvent
    from firmware.standins.buttons import KeyboardButtons, cbreak

    events: queue.Queue[Any] = queue.Queue()
    oled = PrintedOled()
    asks = (
        (ButtonEvent.PREV, t("cli.wiring.ask.prev", lang), "◀"),
        (ButtonEvent.NEXT, t("cli.wiring.ask.next", lang), "▶"),
        (ButtonEvent.OK, t("cli.wiring.ask.ok_keys", lang), "OK"),
        (ButtonEvent.MENU, t("cli.wiring.ask.menu_keys", lang), "OK…"),
    )
    print(t("cli.wiring.keyboard", lang))
    problems: list[str] = []

    def key_words(event: ButtonEvent) -> str:
        return t("cli.wiring.key", lang, keys=keys(event, lang))

    with cbreak(sys.stdin):
        buttons = KeyboardButtons(sys.stdin, events=events)
        try:
            for wanted, words, mark in asks:
                show(oled, mark, words, lang)  # type: ignore[arg-type]
                print(t("cli.wiring.asked_key", lang, words=words, keys=keys(wanted, lang)), flush=True)
                problem = wait_for(events, wanted, key_words, timeout, lang)
                print(f"  {problem or t('cli.wiring.good', lang)}", flush=True)
                problems += [problem] if problem else []
        finally:
            buttons.close()
    show(oled, *ending(problems, lang), lang)  # type: ignore[arg-type]
    print(t("cli.wiring.all_good_keys", lang) if not problems else "\n".join(problems))
    return 1 if problems else 0


def wait_for(
    events: queue.Queue[Any],
    wanted: ButtonEvent,
    pins: dict[ButtonEvent, int] | Callable[[ButtonEvent], str],
    timeout: float,
    lang: str,
) -> str | None:
    """Wait for ``wanted``; None when it came, else what went wrong and what to look at (``pins``:
    each button's BCM pin, or how to name where a button comes from)."""
    from firmware.machine.events import ButtonEvent

    def at(event: ButtonEvent) -> str:
        return pins(event) if callable(pins) else t("cli.wiring.pin", lang, pin=where(pins[event]))

    end = time.monotonic() + timeout
    while (left := end - time.monotonic()) > 0:
        try:
            event = events.get(timeout=min(left, 0.1))
        except queue.Empty:
            continue
        if event is wanted:
            return None
        if wanted is ButtonEvent.MENU and event is ButtonEvent.OK:
            print(f"  {t('cli.wiring.short_press', lang)}", flush=True)
            continue
        if wanted is ButtonEvent.OK and event is ButtonEvent.MENU:
            return t("cli.wiring.held", lang)
        came, asked = button(event, lang), button(wanted, lang)
        if callable(pins):
            return t("cli.wiring.wrong", lang, came=came, wanted=asked, at=at(wanted))
        return t(
            "cli.wiring.swapped",
            lang,
            came=came,
            wanted=asked,
            pin=where(pins[event]),
            wanted_pin=where(pins[wanted]),
        )
    said = {"wanted": button(wanted, lang), "seconds": f"{timeout:g}", "at": at(wanted)}
    if callable(pins):
        return t("cli.wiring.none", lang, **said)
    return t("cli.wiring.none_pin", lang, ground=GROUND_PIN, **said)


def open_oled(config: Any, lang: str) -> tuple[Display | None, list[str]]:
    """The OLED the config names (None when there is none to test), and the problem if it fails."""
    from firmware.devices.display import DisplayError, open_display

    d = config.display
    if d.driver == "terminal":
        print(t("cli.wiring.no_oled", lang))
        return None, []
    try:
        display = open_display(d.driver, port=d.i2c_port, address=d.i2c_address, rotate=d.luma_rotate)
    except DisplayError as error:
        problem = t("cli.wiring.oled_failed", lang, reason=error)
        print(problem)
        return None, [problem]
    print(t("cli.wiring.oled", lang, driver=d.driver, address=f"0x{d.i2c_address:02X}"))
    return display, []


def show(display: Display | None, big: str, words: str, lang: str) -> str | None:
    """A test screen: ``big`` over ``words``, in a frame on the screen's outermost pixels; the
    problem when the OLED does not take it."""
    if display is None:
        return None
    from PIL import Image, ImageDraw

    from firmware.screens.render import render
    from firmware.views import MessageView

    image = Image.new("1", (display.width, display.height), 0)
    draw = ImageDraw.Draw(image)
    render(draw, display.width, display.height, MessageView(big, words))
    draw.rectangle((0, 0, display.width - 1, display.height - 1), outline=1)
    try:
        display.show(image)
    except Exception as error:  # the OLED stopped answering on the bus: a finding, not a crash
        return t("cli.wiring.oled_stopped", lang, reason=error)
    return None
