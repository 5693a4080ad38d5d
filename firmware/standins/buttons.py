"""Stand-in buttons: key presses from a terminal or a stream, and a fixed script of presses.

Both give the same ``ButtonEvent``s as the GPIO buttons (``firmware.devices.buttons``), on the same
kind of queue, and close the same way.
"""

from __future__ import annotations

import contextlib
import queue
import threading
from collections.abc import Iterable, Iterator, Mapping
from typing import Any, TextIO

from firmware.devices.buttons import QueueSource
from firmware.machine.events import ButtonEvent

# Keys for the keyboard stand-in. Arrow keys arrive as escape sequences, handled separately.
DEFAULT_KEYS: Mapping[str, ButtonEvent] = {
    "a": ButtonEvent.PREV,
    "h": ButtonEvent.PREV,
    ",": ButtonEvent.PREV,
    "<": ButtonEvent.PREV,
    "d": ButtonEvent.NEXT,
    "l": ButtonEvent.NEXT,
    ".": ButtonEvent.NEXT,
    ">": ButtonEvent.NEXT,
    " ": ButtonEvent.OK,
    "\n": ButtonEvent.OK,
    "\r": ButtonEvent.OK,
    "k": ButtonEvent.OK,
    "o": ButtonEvent.OK,
    "m": ButtonEvent.MENU,
}
_ARROWS = {
    "\x1b[D": ButtonEvent.PREV,
    "\x1b[C": ButtonEvent.NEXT,
    "\x1bOD": ButtonEvent.PREV,
    "\x1bOC": ButtonEvent.NEXT,
}


def events_from_keys(text: str, keys: Mapping[str, ButtonEvent] = DEFAULT_KEYS) -> list[ButtonEvent]:
    """Key presses (as typed) to events; unknown keys are ignored.

    >>> [e.value for e in events_from_keys("dd\\x1b[Dk m?")]
    ['next', 'next', 'prev', 'ok', 'ok', 'menu']
    """
    events: list[ButtonEvent] = []
    i = 0
    while i < len(text):
        if text.startswith("\x1b", i):
            arrow = _ARROWS.get(text[i : i + 3])
            if arrow is not None:
                events.append(arrow)
            i += 3 if arrow is not None else 1
            continue
        event = keys.get(text[i].lower())
        if event is not None:
            events.append(event)
        i += 1
    return events


@contextlib.contextmanager
def cbreak(stream: TextIO) -> Iterator[None]:
    """While inside, a terminal sends each key at once, without Enter and without echo; the old
    settings come back on the way out. Does nothing for a stream that is not a terminal."""
    if not stream.isatty():
        yield
        return
    import termios
    import tty

    fd = stream.fileno()
    saved = termios.tcgetattr(fd)
    try:
        tty.setcbreak(fd)
        yield
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)


class KeyboardButtons(QueueSource):
    """Buttons from key presses read off a text stream (a terminal, a pipe, ``io.StringIO``).

    A reader thread turns each key into an event; ``finished`` is set when the stream ends. On a
    terminal, wrap the session in ``with cbreak(sys.stdin):`` so keys arrive without Enter; this
    class only reads.
    """

    def __init__(
        self,
        stream: TextIO,
        *,
        keys: Mapping[str, ButtonEvent] = DEFAULT_KEYS,
        events: queue.Queue[Any] | None = None,
    ) -> None:
        super().__init__(events)
        self._stream = stream
        self._keys = keys
        self.finished = threading.Event()
        self._reader = threading.Thread(target=self._read, name="kostka-keys", daemon=True)
        self._reader.start()

    def _read(self) -> None:
        pending = ""
        try:
            while not self.closed:
                char = self._stream.read(1)
                if not char:
                    return
                pending += char
                if pending.startswith("\x1b") and len(pending) < 3:
                    continue  # wait for the rest of an arrow key
                for event in events_from_keys(pending, self._keys):
                    self.events.put(event)
                pending = ""
        except (OSError, ValueError):  # the stream was closed under us: no more keys
            return
        finally:
            self.finished.set()

    def close(self) -> None:
        """Stop listening (the thread ends at the next key or the end of the stream)."""
        self.closed = True


class ScriptedButtons(QueueSource):
    """A fixed list of presses, all waiting on ``events`` from the start (tests, demos).

    >>> with ScriptedButtons([ButtonEvent.NEXT, ButtonEvent.OK]) as b:
    ...     [b.get(0), b.get(0), b.get(0)]
    [<ButtonEvent.NEXT: 'next'>, <ButtonEvent.OK: 'ok'>, None]
    """

    def __init__(self, script: Iterable[ButtonEvent], *, events: queue.Queue[Any] | None = None) -> None:
        super().__init__(events)
        self.script = tuple(script)
        for event in self.script:
            self.events.put(event)

    @classmethod
    def parse(cls, text: str, *, events: queue.Queue[Any] | None = None) -> ScriptedButtons:
        """From words: ``"next next ok menu"`` (case does not matter).

        >>> ScriptedButtons.parse("prev OK").script
        (<ButtonEvent.PREV: 'prev'>, <ButtonEvent.OK: 'ok'>)
        """
        words = text.replace(",", " ").split()
        try:
            script = [ButtonEvent(word.lower()) for word in words]
        except ValueError:
            bad = next(w for w in words if w.lower() not in {e.value for e in ButtonEvent})
            raise ValueError(
                f"unknown button {bad!r} in the script: use {', '.join(e.value for e in ButtonEvent)}"
            ) from None
        return cls(script, events=events)
