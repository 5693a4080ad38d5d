"""What the reader says about a frame: plain frozen values, no behaviour beyond summaries.

>>> die = Die(face=5, confidence=0.97, status="ok", box=(10, 20, 48, 50))
>>> reading = Reading(dice=(die, Die(None, 0.3, "uncertain", (90, 20, 47, 47))), width=640, height=480)
>>> reading.faces, reading.all_ok
((5,), False)
>>> die.centre
(34.0, 45.0)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Status = Literal["ok", "uncertain", "cocked"]
STATUSES: tuple[Status, ...] = ("ok", "uncertain", "cocked")

SMALLEST_FRAME = 8
"""A frame's shortest side, pixels, below which no die can be read (``vision.frame.as_bgr`` and
``firmware.devices.images.load_image`` refuse it)."""

Face = int | str | None
"""A pip face 1-6; in colour mode a colour name; ``None`` when the reader cannot name it."""


@dataclass(frozen=True, slots=True)
class Die:
    """One die in the frame.

    ``status`` is ``ok`` when the referee stands by ``face``, ``uncertain`` when it would ask
    the player, ``cocked`` when the die rests tilted and must be re-rolled or confirmed.
    ``box`` is ``(x, y, w, h)`` in frame pixels, top-left corner first.
    """

    face: Face
    confidence: float
    status: Status
    box: tuple[int, int, int, int]

    def __post_init__(self) -> None:
        if self.status not in STATUSES:
            raise ValueError(f"status {self.status!r} is not one of {STATUSES}")
        if not 0.0 <= self.confidence <= 1.0:
            raise ValueError(f"confidence {self.confidence!r} is outside 0..1")

    @property
    def centre(self) -> tuple[float, float]:
        x, y, w, h = self.box
        return x + w / 2, y + h / 2


@dataclass(frozen=True, slots=True)
class Reading:
    """Every die found in one frame, left to right then top to bottom as found."""

    dice: tuple[Die, ...]
    width: int
    height: int

    @property
    def faces(self) -> tuple[Face, ...]:
        """Faces of the dice read ``ok``."""
        return tuple(d.face for d in self.dice if d.status == "ok")

    @property
    def all_ok(self) -> bool:
        """True when there is at least one die and the referee stands by every one."""
        return bool(self.dice) and all(d.status == "ok" for d in self.dice)
