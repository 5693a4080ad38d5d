"""Kostka's three buttons (previous, next, OK) as a queue of events, through GPIO.

The keyboard and scripted stand-ins (``firmware.standins.buttons``) give the same events.

A long press on OK gives MENU instead of OK. PREV and NEXT fire when pressed; OK fires when let go
(only then is it known not to be a long press); MENU fires as soon as OK has been held long enough.
PREV and NEXT held down repeat, as on any device's menu: after ``repeat_after_s`` (0.5 s), then
every ``repeat_every_s`` (0.15 s) until let go, so a long list scrolls without a press per row.

Debouncing is ours (``PressDecoder``), not gpiozero's ``bounce_time``, which mock pins ignore: the
first edge of a button counts at once, then the button is deaf for ``debounce_s``; at the end of
that window the last level seen is taken as the truth. So a bouncing press is one press, and even a
tap shorter than the window is one press.

>>> d = PressDecoder(debounce_s=0.05, long_press_s=1.0)
>>> d.edge(Button.OK, True, 0.00) + d.edge(Button.OK, False, 0.01) + d.edge(Button.OK, True, 0.02)
[]
>>> d.edge(Button.OK, False, 0.30)
[<ButtonEvent.OK: 'ok'>]
>>> d.edge(Button.OK, True, 1.00), d.tick(2.01)
([], [<ButtonEvent.MENU: 'menu'>])
>>> d.edge(Button.NEXT, True, 3.00), d.tick(3.49), d.tick(3.50), d.tick(3.65)
([<ButtonEvent.NEXT: 'next'>], [], [<ButtonEvent.NEXT: 'next'>], [<ButtonEvent.NEXT: 'next'>])
"""

from __future__ import annotations

import enum
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from types import TracebackType
from typing import Any, Self

from firmware.errors import KostkaError
from firmware.machine.events import ButtonEvent


class Button(enum.Enum):
    """The three physical buttons (the config's names)."""

    PREVIOUS = "previous"
    NEXT = "next"
    OK = "ok"


_ON_PRESS = {Button.PREVIOUS: ButtonEvent.PREV, Button.NEXT: ButtonEvent.NEXT}
REPEAT_AFTER_S = 0.5
"""PREV or NEXT held this long starts repeating."""
REPEAT_EVERY_S = 0.15
"""Then it repeats this often while held."""


class ButtonsError(KostkaError, RuntimeError):
    """Buttons that cannot be set up; ``str()`` is English, ``message(lang)`` any language."""


@dataclass(frozen=True, slots=True)
class ButtonPins:
    """BCM pin numbers; each button connects its pin to ground (internal pull-up)."""

    previous: int = 17
    next: int = 27
    ok: int = 22

    def by_button(self) -> dict[Button, int]:
        return {Button.PREVIOUS: self.previous, Button.NEXT: self.next, Button.OK: self.ok}

    def check(self) -> None:
        """Raise ButtonsError for a pin that does not exist or is used twice."""
        seen: dict[int, Button] = {}
        for button, pin in self.by_button().items():
            if not 2 <= pin <= 27:
                raise ButtonsError("buttons.bad_pin", pin=pin, button=button.value)
            if pin in seen:
                raise ButtonsError("buttons.same_pin", first=seen[pin].value, second=button.value, pin=pin)
            seen[pin] = button


@dataclass(slots=True)
class _Debounced:
    pressed: bool = False  # the level we believe
    level: bool = False  # the last level an edge reported
    deaf_until: float | None = None
    held_since: float | None = None  # OK only: when the accepted press began
    menu_sent: bool = False
    repeat_at: float | None = None  # PREV/NEXT only: when the held press fires again


@dataclass(slots=True)
class PressDecoder:
    """Edges in, button events out: debounce, long press and repeat, pure (times are given, not read)."""

    debounce_s: float = 0.03
    long_press_s: float = 1.0
    repeat_after_s: float = REPEAT_AFTER_S
    repeat_every_s: float = REPEAT_EVERY_S
    _state: dict[Button, _Debounced] = field(default_factory=lambda: {b: _Debounced() for b in Button})

    def __post_init__(self) -> None:
        if not 0 <= self.debounce_s < self.long_press_s:
            raise ValueError(
                f"debounce {self.debounce_s} s must be at least 0 and shorter than the long press "
                f"{self.long_press_s} s"
            )
        if not self.debounce_s < self.repeat_after_s or not self.repeat_every_s > 0:
            raise ValueError(
                f"a held button repeats after {self.repeat_after_s} s, every {self.repeat_every_s} s: "
                f"the first must be longer than the debounce {self.debounce_s} s, the second above 0"
            )

    def edge(self, button: Button, pressed: bool, now: float) -> list[ButtonEvent]:
        """The pin of ``button`` went down (``pressed``) or up at ``now`` (seconds, any clock)."""
        events = self.tick(now)
        s = self._state[button]
        s.level = pressed
        if s.deaf_until is None and pressed != s.pressed:
            events += self._accept(button, pressed, now)
        return events

    def tick(self, now: float) -> list[ButtonEvent]:
        """Let time pass: ends deaf windows and notices long presses."""
        events: list[ButtonEvent] = []
        for button, s in self._state.items():
            if s.deaf_until is not None and now >= s.deaf_until:
                s.deaf_until = None
                if s.level != s.pressed:
                    events += self._accept(button, s.level, now)
            if (
                s.held_since is not None
                and not s.menu_sent
                and s.pressed
                and now >= s.held_since + self.long_press_s
            ):
                s.menu_sent = True
                events.append(ButtonEvent.MENU)
            if s.repeat_at is not None and s.pressed and now >= s.repeat_at:
                events.append(_ON_PRESS[button])
                # one repeat per tick: a late tick (a busy machine) must not fire a burst of them
                s.repeat_at = max(s.repeat_at + self.repeat_every_s, now + self.repeat_every_s / 2)
        return events

    def next_deadline(self) -> float | None:
        """The next time ``tick`` may have something to say, or None."""
        times = [s.deaf_until for s in self._state.values() if s.deaf_until is not None]
        times += [
            s.held_since + self.long_press_s
            for s in self._state.values()
            if s.held_since is not None and s.pressed and not s.menu_sent
        ]
        times += [s.repeat_at for s in self._state.values() if s.repeat_at is not None and s.pressed]
        return min(times, default=None)

    def _accept(self, button: Button, pressed: bool, now: float) -> list[ButtonEvent]:
        s = self._state[button]
        s.pressed = pressed
        s.deaf_until = now + self.debounce_s if self.debounce_s > 0 else None
        if button is not Button.OK:
            s.repeat_at = now + self.repeat_after_s if pressed else None
            return [_ON_PRESS[button]] if pressed else []
        if pressed:
            s.held_since, s.menu_sent = now, False
            return []
        short = not s.menu_sent
        s.held_since, s.menu_sent = None, False
        return [ButtonEvent.OK] if short else []


class QueueSource:
    """The part every button source shares: an event queue, ``get``, idempotent ``close``."""

    def __init__(self, events: queue.Queue[Any] | None) -> None:
        self.events: queue.Queue[Any] = events if events is not None else queue.Queue()
        self.closed = False

    def get(self, timeout: float | None = None) -> ButtonEvent | None:
        """The next event, waiting at most ``timeout`` seconds (None: forever); None if none came."""
        try:
            event: ButtonEvent = self.events.get(timeout=timeout)
        except queue.Empty:
            return None
        return event

    def close(self) -> None:
        self.closed = True

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()


class GpioButtons(QueueSource):
    """The real buttons through gpiozero; events arrive on ``events`` from a small worker thread.

    gpiozero's callbacks (its own threads) only put raw edges on an internal queue; the worker
    debounces them with ``PressDecoder`` and puts ``ButtonEvent``s on ``events``.
    """

    def __init__(
        self,
        pins: ButtonPins = ButtonPins(),
        *,
        long_press_s: float = 1.0,
        debounce_s: float = 0.03,
        repeat_after_s: float = REPEAT_AFTER_S,
        repeat_every_s: float = REPEAT_EVERY_S,
        events: queue.Queue[Any] | None = None,
        pin_factory: object | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__(events)
        pins.check()
        self._decoder = PressDecoder(debounce_s, long_press_s, repeat_after_s, repeat_every_s)
        self._clock = clock
        self._edges: queue.Queue[tuple[Button, bool, float] | None] = queue.Queue()  # None: stop
        self._devices: list[Any] = []
        self._lock = threading.Lock()
        self._open_devices(pins, pin_factory)
        self._worker = threading.Thread(target=self._work, name="kostka-buttons", daemon=True)
        self._worker.start()

    def _open_devices(self, pins: ButtonPins, pin_factory: object | None) -> None:
        from gpiozero import DigitalInputDevice
        from gpiozero.exc import BadPinFactory, GPIOPinInUse, PinInvalidPin

        button: Button | None = None
        try:
            for button, pin in pins.by_button().items():
                # gpiozero's Button adds a hold thread we do not use (and that makes close() slow)
                device = DigitalInputDevice(pin, pull_up=True, bounce_time=None, pin_factory=pin_factory)
                self._devices.append(device)
                device.when_activated = self._callback(button, True)
                device.when_deactivated = self._callback(button, False)
        except BadPinFactory as error:
            self._close_devices()
            raise ButtonsError("buttons.no_gpio", reason=str(error)) from error
        except GPIOPinInUse as error:
            self._close_devices()
            name = button.value if button else "?"
            raise ButtonsError("buttons.pin_in_use", pin=getattr(pins, name, "?"), button=name) from error
        except PinInvalidPin as error:
            self._close_devices()
            name = button.value if button else "?"
            raise ButtonsError("buttons.bad_pin", pin=getattr(pins, name, "?"), button=name) from error

    def _callback(self, button: Button, pressed: bool) -> Callable[[], None]:
        def on_edge() -> None:  # runs on gpiozero's thread: only queue the edge
            self._edges.put((button, pressed, self._clock()))

        return on_edge

    def _work(self) -> None:
        decoder = self._decoder
        while True:
            deadline = decoder.next_deadline()
            timeout = None if deadline is None else max(0.0, deadline - self._clock())
            try:
                item = self._edges.get(timeout=timeout)
            except queue.Empty:
                out = decoder.tick(self._clock())
            else:
                if item is None:
                    return
                out = decoder.edge(*item)
            for event in out:
                self.events.put(event)

    def _close_devices(self) -> None:
        for device in self._devices:
            device.close()
        self._devices.clear()

    def close(self) -> None:
        """Release the pins and stop the worker; safe to call more than once."""
        with self._lock:
            if self.closed:
                return
            self.closed = True
        self._close_devices()
        self._edges.put(None)
        if self._worker is not threading.current_thread():
            self._worker.join(timeout=2.0)
