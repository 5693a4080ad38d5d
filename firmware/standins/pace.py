"""How long the demo leaves each screen up, so that a person can follow the game it plays.

A person at the box reads "roll now", sees "reading…", checks the dice read, looks over the
choices, confirms: about ``WATCH_S`` a screen. A cursor stepping along a list (or a die set by
hand) is a glance, the turn's scores a longer look, the winner longest. ``Pacer`` wraps the demo's
autopilot (``Loop(on_state=...)``): each new screen is held for its time before the next press,
in real time when the demo is watched live, and always on its own clock, which the GIF of the
screens takes its frame times from (``firmware.standins.terminal_display``): a GIF made at full
speed plays at a person's pace.

>>> from firmware.machine.state import Choose, RollNow, TurnOver, Winner
>>> [dwell_s(None, RollNow(), 1.5), dwell_s(RollNow(), RollNow(reading=True), 1.5)]
[1.5, 0.75]
>>> [dwell_s(Choose(()), Choose((), 1), 1.5), dwell_s(None, TurnOver(), 1.5), dwell_s(None, Winner(), 1.5)]
[0.5, 3.0, 6.0]
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from firmware.machine.state import Appliance, RollNow, Screen, TurnOver, Winner
from firmware.machine.step import Event
from firmware.views import View

WATCH_S = 1.5
"""Seconds a screen stays up at a person's pace: time to read it and see what is pressed."""
STEP_SHARE = 1 / 3
"""A step within the same screen (a cursor moving, a die set by hand) lasts this share of a screen."""
READING_SHARE = 1 / 2
""""Reading…" lasts this share (the box reads a roll in a fraction of a second)."""
SCORES_TIMES = 2
"""The scores after a turn stay this many screens' time (names and figures to read)."""
WINNER_TIMES = 4
"""The winner stays this many screens' time: the end of the game."""

OnState = Callable[[Appliance, Event | None], None]


def dwell_s(before: Screen | None, screen: Screen, base_s: float) -> float:
    """Seconds ``screen`` stays up after ``before`` (None: the first), at ``base_s`` a screen."""
    if isinstance(screen, Winner):
        return base_s * WINNER_TIMES
    if isinstance(screen, TurnOver):
        return base_s * SCORES_TIMES
    if isinstance(screen, RollNow) and screen.reading:
        return base_s * READING_SHARE
    if before is not None and type(before) is type(screen):
        return base_s * STEP_SHARE
    return base_s


@dataclass(slots=True)
class Pacer:
    """``then`` (the autopilot) told of each state only after a new screen has stayed up its time.

    ``base_s``: seconds a screen (``WATCH_S`` for a person); ``live``: wait in real time (else only
    the clock moves, for a GIF made at full speed); ``now``: the pace's own clock, in seconds.
    """

    then: OnState
    base_s: float = WATCH_S
    live: bool = True
    sleep: Callable[[float], None] = time.sleep
    now: float = 0.0
    _view: View | None = None
    _screen: Screen | None = None
    dwells: list[float] = field(default_factory=list)

    def clock(self) -> float:
        """The pace's clock: the sum of the times the screens shown so far stayed up."""
        return self.now

    def __call__(self, state: Appliance, event: Event | None) -> None:
        if state.shown is not None and state.shown != self._view:
            seconds = dwell_s(self._screen, state.screen, self.base_s)
            self._view, self._screen = state.shown, state.screen
            self.dwells.append(seconds)
            if self.live:
                self.sleep(seconds)
            self.now += seconds
        self.then(state, event)

    @property
    def longest_s(self) -> float:
        """The longest a screen stays up (the winner)."""
        return self.base_s * WINNER_TIMES
