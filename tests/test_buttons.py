"""Buttons on gpiozero's real MockFactory pins, the pure press decoder, and the stand-ins."""

from __future__ import annotations

import doctest
import io
import queue
import time
from collections.abc import Iterator

import gpiozero
import pytest
from gpiozero.pins.mock import MockFactory

import firmware.devices.buttons
import firmware.standins.buttons
from firmware.devices.buttons import (
    REPEAT_AFTER_S,
    REPEAT_EVERY_S,
    Button,
    ButtonPins,
    ButtonsError,
    GpioButtons,
    PressDecoder,
)
from firmware.machine.events import ButtonEvent
from firmware.standins.buttons import KeyboardButtons, ScriptedButtons, cbreak, events_from_keys

PREV, NEXT, OK, MENU = ButtonEvent.PREV, ButtonEvent.NEXT, ButtonEvent.OK, ButtonEvent.MENU
DEBOUNCE = 0.05
WAIT = 2.0  # generous upper bound for an event that must come (a loaded CI machine)


LONG = 0.5


@pytest.fixture
def buttons(factory: MockFactory) -> Iterator[GpioButtons]:
    with GpioButtons(long_press_s=LONG, debounce_s=DEBOUNCE) as b:
        yield b


class StoppedClock:
    """A clock that moves only when told: bounces then happen "at once" however slow the machine."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> StoppedClock:
    return StoppedClock()


@pytest.fixture
def slow_buttons(factory: MockFactory, clock: StoppedClock) -> Iterator[GpioButtons]:
    with GpioButtons(long_press_s=LONG, debounce_s=DEBOUNCE, clock=clock) as b:
        yield b


def drain(b: GpioButtons | KeyboardButtons | ScriptedButtons, quiet_s: float) -> list[ButtonEvent]:
    """Every event until none has come for ``quiet_s`` seconds."""
    events = []
    while (event := b.get(timeout=quiet_s)) is not None:
        events.append(event)
    return events


def test_module_examples() -> None:
    assert doctest.testmod(firmware.devices.buttons).failed == 0
    assert doctest.testmod(firmware.standins.buttons).failed == 0


# --- the real gpiozero Button on mock pins ------------------------------------------------------


def test_previous_and_next_fire_when_pressed(factory: MockFactory, buttons: GpioButtons) -> None:
    factory.pin(17).drive_low()
    assert buttons.get(timeout=WAIT) is PREV
    factory.pin(17).drive_high()
    factory.pin(27).drive_low()
    assert buttons.get(timeout=WAIT) is NEXT
    factory.pin(27).drive_high()
    assert drain(buttons, DEBOUNCE * 3) == []


def test_ok_fires_on_release_not_on_press(factory: MockFactory, buttons: GpioButtons) -> None:
    factory.pin(22).drive_low()
    assert buttons.get(timeout=0.15) is None  # held (shorter than the long press): nothing yet
    factory.pin(22).drive_high()
    assert buttons.get(timeout=WAIT) is OK
    assert drain(buttons, DEBOUNCE * 3) == []


def test_a_tap_shorter_than_the_debounce_window_is_one_press(
    factory: MockFactory, buttons: GpioButtons
) -> None:
    factory.pin(22).drive_low()
    factory.pin(22).drive_high()
    assert buttons.get(timeout=WAIT) is OK
    assert drain(buttons, DEBOUNCE * 3) == []


def test_long_press_on_ok_gives_menu_and_no_ok(factory: MockFactory, buttons: GpioButtons) -> None:
    start = time.monotonic()
    factory.pin(22).drive_low()
    assert buttons.get(timeout=WAIT) is MENU
    assert time.monotonic() - start >= LONG - 0.01  # not before the long press time
    factory.pin(22).drive_high()
    assert drain(buttons, DEBOUNCE * 3) == []


def test_bounce_within_the_window_gives_one_press(
    factory: MockFactory, slow_buttons: GpioButtons, clock: StoppedClock
) -> None:
    pin = factory.pin(17)
    for _ in range(5):  # five fast toggles, ending pressed
        pin.drive_low()
        pin.drive_high()
    pin.drive_low()
    assert slow_buttons.get(timeout=WAIT) is PREV
    clock.now += 0.3  # held briefly: less than REPEAT_AFTER_S, so no repeat
    for _ in range(5):  # the release bounces too
        pin.drive_high()
        pin.drive_low()
    pin.drive_high()
    clock.now += 1.0
    assert drain(slow_buttons, DEBOUNCE * 3) == []


def test_bouncing_ok_press_and_release_give_one_ok(
    factory: MockFactory, slow_buttons: GpioButtons, clock: StoppedClock
) -> None:
    pin = factory.pin(22)
    for _ in range(4):
        pin.drive_low()
        pin.drive_high()
    pin.drive_low()
    assert slow_buttons.get(timeout=DEBOUNCE * 3) is None  # still held
    clock.now += 0.2  # held for 0.2 s, less than the long press
    for _ in range(4):
        pin.drive_high()
        pin.drive_low()
    pin.drive_high()
    assert slow_buttons.get(timeout=WAIT) is OK
    clock.now += 1.0
    assert drain(slow_buttons, DEBOUNCE * 3) == []


def test_a_bounce_ending_released_within_the_window_is_still_one_press(
    factory: MockFactory, slow_buttons: GpioButtons, clock: StoppedClock
) -> None:
    pin = factory.pin(22)
    for _ in range(3):
        pin.drive_low()
        pin.drive_high()
    assert slow_buttons.get(timeout=DEBOUNCE * 3) is None  # the window has not ended yet
    clock.now += DEBOUNCE  # at its end, the last level (released) is taken: a tap
    assert slow_buttons.get(timeout=WAIT) is OK
    assert drain(slow_buttons, DEBOUNCE * 3) == []


def test_held_next_repeats_after_the_delay_then_steadily_and_stops_when_let_go(
    factory: MockFactory, slow_buttons: GpioButtons, clock: StoppedClock
) -> None:
    pin = factory.pin(27)
    pin.drive_low()
    assert slow_buttons.get(timeout=WAIT) is NEXT
    clock.now += REPEAT_AFTER_S - 0.01
    assert drain(slow_buttons, DEBOUNCE * 3) == []  # not yet: a normal press does not repeat
    clock.now += 0.01
    assert slow_buttons.get(timeout=WAIT) is NEXT  # held for the delay: the first repeat
    clock.now += REPEAT_EVERY_S / 2
    assert drain(slow_buttons, DEBOUNCE * 3) == []
    for _ in range(3):
        clock.now += REPEAT_EVERY_S / 2
        assert slow_buttons.get(timeout=WAIT) is NEXT  # then one every REPEAT_EVERY_S
        assert drain(slow_buttons, DEBOUNCE * 3) == []
        clock.now += REPEAT_EVERY_S / 2
    clock.now += 5.0  # the machine was busy for 5 s: one repeat, not a burst of 33
    assert slow_buttons.get(timeout=WAIT) is NEXT
    assert drain(slow_buttons, DEBOUNCE * 3) == []
    for _ in range(3):  # let go, with a bouncing contact
        pin.drive_high()
        pin.drive_low()
    pin.drive_high()
    clock.now += 2.0
    assert drain(slow_buttons, DEBOUNCE * 3) == []


def test_held_previous_scrolls_in_real_time_and_a_held_ok_never_repeats(
    factory: MockFactory, buttons: GpioButtons
) -> None:
    factory.pin(17).drive_low()
    time.sleep(REPEAT_AFTER_S + 3.5 * REPEAT_EVERY_S)  # the press, then about four repeats
    factory.pin(17).drive_high()
    events = drain(buttons, DEBOUNCE * 3)
    assert set(events) == {PREV} and 3 <= len(events) <= 6, events
    factory.pin(22).drive_low()
    time.sleep(LONG + 3 * REPEAT_EVERY_S)
    factory.pin(22).drive_high()
    assert drain(buttons, DEBOUNCE * 3) == [MENU]


def test_without_our_debounce_mock_pins_give_every_bounce(factory: MockFactory) -> None:
    """The control for the two tests above: gpiozero's mock pins do not debounce by themselves."""
    with GpioButtons(debounce_s=0.0) as b:
        pin = factory.pin(17)
        for _ in range(5):
            pin.drive_low()
            pin.drive_high()
        assert drain(b, 0.1) == [PREV] * 5


def test_two_buttons_at_once(factory: MockFactory, buttons: GpioButtons) -> None:
    factory.pin(17).drive_low()
    factory.pin(27).drive_low()
    assert sorted(e.value for e in drain(buttons, DEBOUNCE * 3)) == ["next", "prev"]
    factory.pin(22).drive_low()
    factory.pin(22).drive_high()
    factory.pin(17).drive_high()
    factory.pin(27).drive_high()
    assert drain(buttons, DEBOUNCE * 3) == [OK]


def test_configured_pins_and_a_shared_queue(factory: MockFactory) -> None:
    shared: queue.Queue[object] = queue.Queue()
    shared.put("camera frame")  # the loop's queue carries other events too
    with GpioButtons(ButtonPins(previous=5, next=6, ok=13), debounce_s=DEBOUNCE, events=shared) as b:
        factory.pin(6).drive_low()
        assert shared.get(timeout=WAIT) == "camera frame"
        assert shared.get(timeout=WAIT) is NEXT
        assert b.events is shared


def test_close_twice_releases_the_pins(factory: MockFactory) -> None:
    b = GpioButtons(debounce_s=DEBOUNCE)
    b.close()
    b.close()
    assert b.closed
    again = gpiozero.Button(17)  # raises GPIOPinInUse if close() had not released the pin
    again.close()
    factory.pin(17).drive_low()  # a closed GpioButtons hears nothing
    assert b.get(timeout=DEBOUNCE * 2) is None


def test_a_pin_in_use_is_a_clear_error(factory: MockFactory) -> None:
    taken = gpiozero.Button(27)
    with pytest.raises(ButtonsError, match="pin 27 is already in use") as raised:
        GpioButtons()
    assert "27" in raised.value.message("pl")
    taken.close()
    GpioButtons().close()  # the failed attempt released the pin it had claimed (17)


def test_the_same_pin_twice_is_refused_before_touching_gpio(factory: MockFactory) -> None:
    with pytest.raises(ButtonsError, match="share pin 17"):
        GpioButtons(ButtonPins(previous=17, next=17, ok=22))
    with pytest.raises(ButtonsError, match="no pin 40"):
        GpioButtons(ButtonPins(ok=40))


def test_no_gpio_at_all_says_what_to_do(factory: MockFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    def no_factory(*args: object, **kwargs: object) -> None:
        raise gpiozero.BadPinFactory("Unable to load any default pin factory!")

    monkeypatch.setattr(gpiozero, "DigitalInputDevice", no_factory)
    with pytest.raises(ButtonsError, match="python3-lgpio") as raised:
        GpioButtons()
    assert "klawiatury" in raised.value.message("pl")


# --- the pure decoder, with made-up times ----------------------------------------------------------


def test_decoder_bounce_counts_once_and_the_window_end_takes_the_last_level() -> None:
    d = PressDecoder(debounce_s=0.05, long_press_s=1.0)
    events = []
    for i in range(6):  # toggles every 5 ms, ending released at 25 ms
        events += d.edge(Button.PREVIOUS, i % 2 == 0, i * 0.005)
    assert events == [PREV]
    assert d.next_deadline() == pytest.approx(0.05)
    assert d.tick(0.05) == []  # released: accepted at the window's end, no event for PREV
    assert d.edge(Button.PREVIOUS, True, 0.2) == [PREV]  # a fresh press after the window


def test_decoder_long_press_fires_once_at_the_deadline() -> None:
    d = PressDecoder(debounce_s=0.03, long_press_s=1.0)
    assert d.edge(Button.OK, True, 10.0) == []
    assert d.tick(10.99) == []
    assert d.next_deadline() == pytest.approx(11.0)
    assert d.tick(11.0) == [MENU]
    assert d.tick(12.0) == []
    assert d.edge(Button.OK, False, 13.0) == []  # letting go after MENU is not an OK
    assert d.edge(Button.OK, True, 14.0) + d.edge(Button.OK, False, 14.5) == [OK]


def test_decoder_refuses_a_window_longer_than_the_long_press() -> None:
    with pytest.raises(ValueError, match="shorter than the long press"):
        PressDecoder(debounce_s=1.0, long_press_s=0.5)
    with pytest.raises(ValueError, match="longer than the debounce"):
        PressDecoder(debounce_s=0.1, long_press_s=1.0, repeat_after_s=0.05)


def test_decoder_repeats_prev_and_next_only_while_held() -> None:
    d = PressDecoder(debounce_s=0.03, long_press_s=1.0, repeat_after_s=0.5, repeat_every_s=0.15)
    assert d.edge(Button.PREVIOUS, True, 0.0) == [PREV]
    assert d.next_deadline() == pytest.approx(0.03)
    assert d.tick(0.03) == [] and d.next_deadline() == pytest.approx(0.5)
    ticks = [0.5 + 0.15 * i + 1e-9 for i in range(4)]
    assert [d.tick(at) for at in ticks] == [[PREV]] * 4
    assert d.edge(Button.PREVIOUS, False, 1.0) == []
    assert d.next_deadline() == pytest.approx(1.03)  # only the debounce window is left
    assert d.tick(1.03) == [] and d.next_deadline() is None and d.tick(5.0) == []


# --- stand-ins ----------------------------------------------------------------------------------------


def test_keys_map_to_the_same_events() -> None:
    assert events_from_keys("ad \nmx\x1b[C\x1b[DK") == [PREV, NEXT, OK, OK, MENU, NEXT, PREV, OK]


def test_keyboard_reads_a_stream_until_it_ends() -> None:
    with KeyboardButtons(io.StringIO("dd\x1b[Dk?m")) as b:
        assert b.finished.wait(WAIT)
        assert drain(b, 0.01) == [NEXT, NEXT, PREV, OK, MENU]
    b.close()


def test_cbreak_sets_a_terminal_to_single_keys_and_back() -> None:
    import os
    import pty
    import termios

    leader, follower = pty.openpty()
    with os.fdopen(follower, "r", closefd=True) as tty_stream:
        before = termios.tcgetattr(follower)
        assert before[3] & termios.ICANON
        with cbreak(tty_stream):
            inside = termios.tcgetattr(follower)
            assert not inside[3] & termios.ICANON and not inside[3] & termios.ECHO
        assert termios.tcgetattr(follower) == before
    os.close(leader)
    with cbreak(io.StringIO("not a terminal")):
        pass


def test_scripted_buttons_and_their_words() -> None:
    b = ScriptedButtons.parse("next, NEXT ok menu prev")
    assert drain(b, 0.0) == [NEXT, NEXT, OK, MENU, PREV]
    with pytest.raises(ValueError, match="unknown button 'enter'"):
        ScriptedButtons.parse("next enter")
