"""Driving the appliance in tests: the state machine fed events as the loop would, and waiting for
what a thread puts on the loop's queue."""

from __future__ import annotations

import queue
import time
from typing import Any

from firmware.machine.state import Teach
from firmware.machine.step import Appliance, Effect, Event, Show, step


class Box:
    """The state machine fed events, as the loop would, keeping the effects of the last step."""

    def __init__(self, state: Appliance, effects: list[Effect]) -> None:
        self.state, self.effects = state, effects

    def __call__(self, *events: Event) -> list[Effect]:
        """Feed ``events``; the effects they asked for, but ``Show`` (the view is ``view``)."""
        out: list[Effect] = []
        for event in events:
            self.state, effects = step(self.state, event)
            out += effects
        self.effects = out
        return [e for e in out if not isinstance(e, Show)]

    @property
    def view(self) -> Any:
        """The view on the screen now."""
        return self.state.shown

    @property
    def teach(self) -> Teach:
        """The teaching screen (colours or cards) the box is on."""
        assert isinstance(self.state.screen, Teach), self.state.screen
        return self.state.screen


def drain(events: queue.Queue[Any], until: type, timeout: float = 5.0) -> list[Any]:
    """Events taken from the queue up to and including the first of type ``until``; fails after
    ``timeout`` seconds."""
    seen: list[Any] = []
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            event = events.get(timeout=0.05)
        except queue.Empty:
            continue
        seen.append(event)
        if isinstance(event, until):
            return seen
    raise AssertionError(f"no {until.__name__} within {timeout} s; saw {seen}")


def next_of(events: queue.Queue[Any], kind: type, timeout: float = 10.0) -> Any:
    """The next event of type ``kind`` on the queue (the others before it are dropped)."""
    return drain(events, kind, timeout)[-1]
