"""Stand-ins for a table with no camera: dice a seeded stand-in rolls, and a camera that films them.

The tray may also hold a Lezard card, drawn by the stand-in player: its face is written as the
card reader writes it (``square:red``, ``squares:red+blue``, ``lizard:green``).

``StandInDice`` is the tray: ``roll`` throws a number of pip or colour dice, chosen by a generator
seeded with the game's seed and a key (the number of moves saved so far), so the same game at the
same point always rolls the same faces, even after a restart. ``SyntheticSource`` is a frame source
(``firmware.devices.camera.FrameSource``) that films the tray: a few frames of dice tumbling after each
roll, then the same still frame, so settle detection sees a roll and then a settled tray.
``truth_reading`` is what a perfect reader would say of the tray.

Frames come from ``measure.synth`` (its ``easy`` preset: the dice as a camera over a tray sees
them); ``renderer="simple"`` draws them here instead (white squares with black pips, colour dice as
coloured squares), which costs almost nothing. Tumbling frames are the resting frame shifted.

>>> dice = StandInDice(seed=7)
>>> dice.roll(2, colours=False, key="0") == StandInDice(seed=7).roll(2, colours=False, key="0")
True
>>> source = SyntheticSource(dice, size=(320, 240))
>>> source.read().shape
(240, 320, 3)
"""

from __future__ import annotations

import random
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from types import TracebackType
from typing import TYPE_CHECKING, Literal, Self

import cv2
import numpy as np

from firmware.devices.camera import CameraError, Frame
from firmware.errors import Words
from firmware.games.lezard.faces import card_of, is_card, kind_of
from firmware.games.stonoga.colours import COLOURS

if TYPE_CHECKING:
    from measure.synth import CardFace
from vision.reading import Die, Face, Reading

"""Nogi Stonogi's die faces, as the reader and ``firmware.games.guide`` name them."""

_BGR = {
    "yellow": (40, 210, 235),
    "red": (40, 40, 210),
    "green": (60, 170, 40),
    "blue": (200, 90, 30),
    "black": (25, 25, 25),
    "star": (235, 235, 235),
    "orange": (30, 130, 240),
    "pink": (180, 120, 240),
    "grey": (128, 128, 128),
    "white": (245, 245, 245),
}
CARD_PAPER = (235, 238, 240)
"""A Lezard card's paper (BGR), for the simple renderer."""
_PIPS = {
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
}
FELT = (40, 70, 35)
"""The tray's floor (BGR): dark green felt."""
RIM = (215, 215, 215)
"""Drawn round every die, so that any die stands out from the felt in grey."""
TUMBLE_FRAMES = 3
"""Frames of moving dice after a roll (settle detection needs to see motion, then stillness)."""


@dataclass(frozen=True, slots=True)
class Tray:
    """What lies in the tray: faces, and each die's box ``(x, y, side)`` as fractions of the frame."""

    faces: tuple[Face, ...]
    places: tuple[tuple[float, float, float], ...]
    number: int
    """How many rolls the tray has seen (0: empty since the start)."""
    seed: int = 0
    """Seeds the synthetic scene (where the dice lie, the light) of this roll."""


class StandInDice:
    """The tray of a stand-in player: thread-safe, seeded per key (see the module docstring)."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self._lock = threading.Lock()
        self._tray = Tray((), (), 0)
        self._tumble = 0

    def roll(
        self, count: int, *, colours: bool, key: str, faces: Sequence[Face] | None = None
    ) -> tuple[Face, ...]:
        """Throw ``count`` dice (``faces`` forces what they show); the faces, left to right."""
        rng = random.Random(f"kostka-dice/{self.seed}/{key}")
        if faces is None:
            faces = [rng.choice(COLOURS) if colours else rng.randint(1, 6) for _ in range(count)]
        shown = tuple(faces)
        with self._lock:
            self._tray = Tray(shown, _places(len(shown), rng), self._tray.number + 1, rng.randrange(2**32))
            self._tumble = TUMBLE_FRAMES
        return shown

    def clear(self) -> None:
        """Take the dice out of the tray."""
        with self._lock:
            self._tray = Tray((), (), self._tray.number + 1, self._tray.seed + 1)
            self._tumble = TUMBLE_FRAMES

    @property
    def tray(self) -> Tray:
        with self._lock:
            return self._tray

    def next_view(self) -> tuple[Tray, int]:
        """The tray and how many tumbling frames are left before this one (0: the dice lie still)."""
        with self._lock:
            tumble = self._tumble
            self._tumble = max(0, tumble - 1)
            return self._tray, tumble


def _places(count: int, rng: random.Random) -> tuple[tuple[float, float, float], ...]:
    """Where ``count`` dice come to rest: a row of cells, each die jittered inside its own cell."""
    side = 0.12
    cells = max(count, 1)
    width = 0.8 / cells
    out = []
    for i in range(count):
        x = 0.1 + i * width + rng.uniform(0, max(0.0, width - side * 0.8))
        y = rng.uniform(0.25, 0.6)
        out.append((min(x, 0.88 - side * 0.75), y, side * 0.75))
    return tuple(out)


def render_tray(tray: Tray, size: tuple[int, int], tumble: int = 0) -> Frame:
    """A BGR frame of ``tray`` (``tumble`` > 0 shifts every die: a frame of dice in motion)."""
    width, height = size
    frame = np.empty((height, width, 3), np.uint8)
    frame[:] = FELT
    for face, (fx, fy, fside) in zip(tray.faces, tray.places, strict=True):
        shift = 0.05 * tumble
        side = max(8, round(fside * width))
        x = min(width - side - 3, max(2, round((fx + shift) * width)))
        y = min(height - side - 3, max(2, round((fy - shift / 2) * height)))
        if is_card(face):
            _draw_card(frame, x, y, side, str(face))
        else:
            _draw_die(frame, x, y, side, face)
    return frame


def _draw_card(frame: Frame, x: int, y: int, side: int, face: str) -> None:
    """A card 3:2, its marks side by side: squares as squares, a lizard as a long thin bar."""
    width = frame.shape[1]
    w = min(width - x - 3, round(side * 1.5))
    cv2.rectangle(frame, (x, y), (x + w, y + side), CARD_PAPER, thickness=-1)
    kind, _, named = face.partition(":")
    colours = named.split("+") if named else []
    for i, colour in enumerate(colours):
        left = x + (i + 1) * w // (len(colours) + 1)
        body = _BGR.get(colour, (128, 128, 128))
        if kind == "lizard":
            top, bottom = y + side * 2 // 5, y + side * 3 // 5
            cv2.rectangle(frame, (x + w // 6, top), (x + w * 5 // 6, bottom), body, thickness=-1)
        else:
            half, mid = side // 5, y + side // 2
            cv2.rectangle(frame, (left - half, mid - half), (left + half, mid + half), body, thickness=-1)


def _draw_die(frame: Frame, x: int, y: int, side: int, face: Face) -> None:
    body = _BGR[face] if isinstance(face, str) else (240, 240, 240)
    # a light rim: a red or blue die is about as grey as the felt, and motion is seen in grey
    cv2.rectangle(frame, (x - 2, y - 2), (x + side + 2, y + side + 2), RIM, thickness=-1)
    cv2.rectangle(frame, (x, y), (x + side, y + side), body, thickness=-1)
    ink = (20, 20, 20) if face != "black" else (230, 230, 230)
    if isinstance(face, int) and face in _PIPS:
        radius = max(1, side // 11)
        for col, row in _PIPS[face]:
            cx = x + round(side * (0.22 + 0.28 * col))
            cy = y + round(side * (0.22 + 0.28 * row))
            cv2.circle(frame, (cx, cy), radius, ink, thickness=-1)
    elif face == "star":
        centre = (x + side // 2, y + side // 2)
        cv2.drawMarker(frame, centre, ink, cv2.MARKER_STAR, max(4, side // 2), max(1, side // 12))


class SyntheticSource:
    """A frame source filming a ``StandInDice`` tray (``camera.source = "synthetic"``).

    ``renderer``: ``"synth"`` (``measure.synth``) or ``"simple"`` (the drawing above).
    ``fail_after``: raise ``CameraError`` from that many reads on (tests: a camera that dies).
    """

    def __init__(
        self,
        dice: StandInDice,
        *,
        size: tuple[int, int] = (640, 480),
        renderer: str = "synth",
        fail_after: int | None = None,
    ) -> None:
        if renderer not in ("synth", "simple"):
            raise ValueError(f"renderer {renderer!r} is not synth or simple")
        self.dice = dice
        self.size = size
        self.renderer = renderer
        self.fail_after = fail_after
        self.reads = 0
        self.closed = False
        self._still: tuple[int, Frame] | None = None

    @property
    def name(self) -> str:
        return "synthetic"

    @property
    def description(self) -> str:
        return self.said.said("en")

    @property
    def said(self) -> Words:
        """The source as messages name it, in the person's language."""
        return Words("standin.camera")

    def read(self) -> Frame:
        if self.closed:
            raise CameraError(self.description, "read() after close()", "Open the source again")
        self.reads += 1
        if self.fail_after is not None and self.reads > self.fail_after:
            raise CameraError(self.said, Words("standin.told_to_fail"), Words("standin.reconnect"))
        tray, tumble = self.dice.next_view()
        if self._still is None or self._still[0] != tray.number:
            self._still = (tray.number, self._render(tray))
        still = self._still[1]
        if tumble:  # the dice still rolling: the resting picture, shifted a little more each frame back
            return np.roll(still, (7 * tumble, 11 * tumble), axis=(0, 1))
        return still

    def _render(self, tray: Tray) -> Frame:
        if self.renderer == "simple":
            return render_tray(tray, self.size)
        from measure.synth import render

        colours = any(isinstance(face, str) for face in tray.faces)
        shown = [face for face in tray.faces if face is not None]
        faces: list[int | str | CardFace] = list(shown)
        mode: Literal["colours", "pips", "cards"] = "colours" if colours else "pips"
        if any(is_card(face) for face in shown):
            mode, faces = "cards", [_card_face(str(face)) for face in shown]
        frame, _ = render(np.random.default_rng(tray.seed), "easy", mode, faces=faces, size=self.size)
        return frame

    def close(self) -> None:
        self.closed = True

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()


def _card_face(face: str) -> CardFace:
    """``squares:red+blue`` as ``measure.synth``'s ``CardFace``."""
    from measure.synth import CardFace

    card = card_of(face)
    assert card is not None, f"not a card: {face!r}"
    colours = (card.lizard,) if card.lizard is not None else card.squares
    return CardFace(kind_of(card), colours)  # type: ignore[arg-type]


def truth_reading(tray: Tray, size: tuple[int, int]) -> Reading:
    """What a reader that never errs would say of ``tray`` in a frame of ``size``.

    >>> dice = StandInDice(1)
    >>> faces = dice.roll(3, colours=False, key="x")
    >>> truth_reading(dice.tray, (640, 480)).faces == faces
    True
    """
    width, height = size
    dice = tuple(
        Die(face, 1.0, "ok", (round(x * width), round(y * height), round(s * width), round(s * width)))
        for face, (x, y, s) in zip(tray.faces, tray.places, strict=True)
    )
    return Reading(dice, width, height)
