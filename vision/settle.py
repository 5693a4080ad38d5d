"""Settle detection: tell when the dice have stopped, so that the reader reads them once.

Feed frames one at a time with their time in seconds (``time.monotonic()``); ``feed`` answers with
the events that frame brought (usually none):

- ``ROLLING``: something moves in view (dice, a hand), after a settled or a starting tray;
- ``SETTLED``: nothing has moved for the hold window and the tray differs from the last settled
  one (or there was none): read the dice now, once;
- ``UNCHANGED``: things moved and stopped, but the tray looks as at the last settle (a hand passed
  over, a shadow): there is nothing new to read;
- ``IDLE``: nothing has changed for ``idle_after_s``: the loop may drop its frame rate. The next
  ``ROLLING`` ends it (``idle`` goes back to false): go back to the full rate then, since settling
  needs ``hold_frames`` still frames.

How: a frame becomes a small grey image (area-downscaled to ``analysis_width``, lightly blurred). It is
compared with the previous frame (motion), with the first frame of the current still spell (slow creep
that frame-to-frame differences miss) and, when the motion stops, with the last settled frame (is
it a new roll?). Each comparison first divides out each row's gain (its median brightness ratio:
auto-exposure drift, slow light changes, and the bands a lamp's flicker draws across the rows of a
camera that reads them one after another), then counts the pixels whose change exceeds a
threshold set from the camera's own noise, learnt on still frames. The scene moved when that count
is more than ``motion_area`` of the image. A still scene that differs from the last settled one
over a large area (``big_change_area``: a hand resting in the tray) must stay still longer before it
counts. While settled, the reference follows slow, non-uniform light drift (``drift_alpha``). All
the numbers live in ``SettleParams``.

>>> import numpy as np
>>> tray = np.full((120, 160, 3), 60, np.uint8)
>>> detector = SettleDetector()
>>> [e.kind.value for i in range(15) for e in detector.feed(tray, i / 30)]
['settled']
>>> tray[50:70, 40:60] = 230  # a die lands
>>> [e.kind.value for i in range(15, 40) for e in detector.feed(tray, i / 30)]
['rolling', 'settled']
"""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass

import cv2
import numpy as np
from numpy.typing import NDArray

Image = NDArray[np.float32]


@dataclass(frozen=True, slots=True)
class SettleParams:
    """Every tuned number of settle detection, in one place.

    Set on synthetic sequences (tests/test_settle.py: 320x240 and 640x480 frames, dice 16-40 px,
    sensor noise sigma 2-8 grey levels, brightness drifting 40 % over 20 s, a hand-sized blob)
    and for 1280x960 camera frames at about 30 frames a second. Not yet checked on a real camera.
    Areas are fractions of the image, so they hold at any analysis size.
    """

    analysis_width: int | None = 320
    """Frames wider than this are area-downscaled to it (height keeps the aspect); None: full size."""

    noise_k: float = 5.0
    """A pixel changed if it differs by more than noise_k x sigma, sigma being the robust standard
    deviation (1.4826 x median absolute difference) of frame-to-frame differences of still frames."""

    min_threshold: float = 3.0
    """Floor of that threshold in grey levels: clean or quantised frames have a sigma near 0."""

    max_threshold: float = 40.0
    """Ceiling in grey levels, so that a noisy start cannot make the detector blind."""

    relative_tolerance: float = 0.03
    """Extra tolerance as a fraction of the reference grey level: the tone curve makes an exposure
    change not quite a pure gain, more so on bright pixels."""

    motion_area: float = 0.0003
    """The scene moved if more than this fraction of pixels changed (320x240: 23 px; a die seen
    from 1280x960 at 60-80 px covers about 0.3-0.5 % of the view, 10-20x more)."""

    hold_frames: int = 4
    """Still frames needed in a row before settling ..."""

    hold_s: float = 0.4
    """... and still seconds: both must hold (a die rocking on an edge keeps resetting them)."""

    big_change_area: float = 0.08
    """A still scene that differs from the last settled one over more than this fraction is likely
    a hand or an arm resting in view, not dice: seen from above a hand and forearm cover 10-35 % of a
    tray, while a roll of five dice changes 1-4 % (old and new places, 0.1-0.4 % a die). Such a
    scene must stay still longer before it counts as settled; a roll that big only waits longer."""

    big_change_hold_s: float = 1.5
    """... so it must stay still this long before it counts as settled."""

    idle_after_s: float = 10.0
    """Nothing changed for this long: ``idle`` (the loop may read fewer frames)."""

    drift_alpha: float = 0.02
    """While settled, the reference moves this much towards each still frame (slow light drift)."""

    noise_alpha: float = 0.05
    """Weight of each still frame in the running noise estimate."""

    def __post_init__(self) -> None:
        problems = []
        if self.analysis_width is not None and self.analysis_width < 16:
            problems.append(f"analysis_width must be at least 16 or None, got {self.analysis_width}")
        if not 0 < self.min_threshold <= self.max_threshold:
            problems.append("need 0 < min_threshold <= max_threshold")
        for name in ("noise_k", "relative_tolerance", "hold_s"):
            if getattr(self, name) < 0:
                problems.append(f"{name} must not be negative")
        for name in ("motion_area", "big_change_area", "drift_alpha", "noise_alpha"):
            if not 0 < getattr(self, name) < 1:
                problems.append(f"{name} must be between 0 and 1, got {getattr(self, name)}")
        if self.big_change_area <= self.motion_area:
            problems.append("big_change_area must exceed motion_area")
        if self.hold_frames < 1:
            problems.append(f"hold_frames must be at least 1, got {self.hold_frames}")
        if not self.hold_s <= self.big_change_hold_s < self.idle_after_s:
            problems.append("need hold_s <= big_change_hold_s < idle_after_s")
        if problems:
            raise ValueError("bad settle parameters: " + "; ".join(problems))


class Phase(enum.Enum):
    """Where the tray is: not yet settled since start, moving, or settled (dice readable)."""

    STARTING = "starting"
    ROLLING = "rolling"
    SETTLED = "settled"


class SettleKind(enum.Enum):
    """What a frame brought (see the module docstring)."""

    ROLLING = "rolling"
    SETTLED = "settled"
    UNCHANGED = "unchanged"
    IDLE = "idle"


@dataclass(frozen=True, slots=True)
class SettleEvent:
    """One event: its kind, the number of the frame that brought it (from 0), that frame's time, and
    the fraction of the image that changed (against the previous frame, or the start of the still
    spell, for ROLLING; against the last settled frame for SETTLED and UNCHANGED; 0 for IDLE)."""

    kind: SettleKind
    index: int
    t: float
    changed: float


class SettleDetector:
    """Stateful: feed it every frame of one camera, in order (see the module docstring)."""

    def __init__(self, params: SettleParams | None = None) -> None:
        self.params = params if params is not None else SettleParams()
        self.reset()

    def reset(self) -> None:
        """Forget everything, as if just made (e.g. after the camera was reopened)."""
        self._phase = Phase.STARTING
        self._idle = False
        self._index = 0
        self._prev: Image | None = None
        self._anchor: Image | None = None
        self._reference: Image | None = None
        self._noise: float | None = None
        self._still_frames = 0
        self._last_motion_t = 0.0

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def idle(self) -> bool:
        """True from the IDLE event until the next motion."""
        return self._idle

    @property
    def noise_sigma(self) -> float | None:
        """The learnt noise (grey levels on the analysis image), None before two frames."""
        return self._noise

    @property
    def threshold(self) -> float:
        """The per-pixel change threshold in grey levels now (before the relative tolerance)."""
        p = self.params
        return min(max(p.noise_k * (self._noise or 0.0), p.min_threshold), p.max_threshold)

    def feed(self, frame: NDArray[np.uint8], t: float) -> tuple[SettleEvent, ...]:
        """Take the next frame (BGR or grey uint8) seen at ``t`` seconds; return its events.

        A frame of a different size from the last starts over, as after ``reset()``.
        """
        image = analysis_image(frame, self.params.analysis_width)
        index = self._index
        self._index += 1
        if self._prev is None or self._prev.shape != image.shape:
            if self._prev is not None:
                self.reset()
                self._index = index + 1
            self._prev = self._anchor = image
            self._last_motion_t = t
            return ()
        assert self._anchor is not None
        p = self.params
        changed, sigma = self._compare(image, self._prev, with_sigma=True)
        assert self._noise is not None
        moving = changed > p.motion_area
        if not moving:
            creep = self._compare(image, self._anchor)[0]
            moving = creep > p.motion_area
            changed = max(changed, creep)
        events: list[SettleEvent] = []
        if moving:
            self._anchor = image
            self._still_frames = 0
            self._last_motion_t = t
            self._idle = False
            if self._phase is not Phase.ROLLING:
                self._phase = Phase.ROLLING
                events.append(SettleEvent(SettleKind.ROLLING, index, t, changed))
        else:
            self._noise += p.noise_alpha * (sigma - self._noise)
            self._still_frames += 1
            if self._phase is Phase.SETTLED:
                assert self._reference is not None
                self._reference = self._reference + p.drift_alpha * (image - self._reference)
                self._anchor = self._reference
            else:
                event = self._try_settle(image, index, t)
                if event is not None:
                    events.append(event)
            if not self._idle and self._phase is Phase.SETTLED and t - self._last_motion_t >= p.idle_after_s:
                self._idle = True
                events.append(SettleEvent(SettleKind.IDLE, index, t, 0.0))
        self._prev = image
        return tuple(events)

    def _try_settle(self, image: Image, index: int, t: float) -> SettleEvent | None:
        p = self.params
        still_for = t - self._last_motion_t
        if self._still_frames < p.hold_frames or still_for < p.hold_s:
            return None
        if self._reference is None:
            kind, changed = SettleKind.SETTLED, 1.0
        else:
            changed = self._compare(image, self._reference)[0]
            if changed > p.big_change_area and still_for < p.big_change_hold_s:
                return None
            kind = SettleKind.SETTLED if changed > p.motion_area else SettleKind.UNCHANGED
        self._phase = Phase.SETTLED
        self._reference = self._anchor = image
        return SettleEvent(kind, index, t, changed)

    def _compare(self, image: Image, reference: Image, with_sigma: bool = False) -> tuple[float, float]:
        """(fraction of pixels changed, robust sigma of the difference or 0) after removing the gain.

        The first comparison also sets the noise estimate, before it is used as a threshold.
        """
        p = self.params
        step = _sample_step(image.size)
        scaled = reference * row_gains(image, reference)
        difference = np.abs(image - scaled)
        sigma = 1.4826 * float(np.median(difference[::step, ::step])) if with_sigma else 0.0
        if self._noise is None and with_sigma:
            self._noise = sigma
        limit = scaled * np.float32(p.relative_tolerance)
        limit += np.float32(self.threshold)
        changed = np.count_nonzero(difference > limit) / difference.size
        return changed, sigma


def analysis_image(frame: NDArray[np.uint8], width: int | None) -> Image:
    """The small grey image a frame is compared as: grey, area-downscaled to ``width`` (None: as it
    is), lightly blurred; a ``ValueError`` for what is no BGR or grey uint8 image."""
    if not isinstance(frame, np.ndarray) or frame.dtype != np.uint8:
        kind = f"array of {frame.dtype}" if isinstance(frame, np.ndarray) else type(frame).__name__
        raise ValueError(f"settle detection needs a uint8 BGR or grey image, got {kind}")
    if not (frame.ndim == 2 or (frame.ndim == 3 and frame.shape[2] == 3)) or min(frame.shape[:2]) < 2:
        raise ValueError(
            f"settle detection needs a BGR (h, w, 3) or grey (h, w) image, got shape {frame.shape}"
        )
    grey = frame if frame.ndim == 2 else cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
    height, wide = grey.shape
    if width is not None and wide > width:
        size = (width, max(2, round(height * width / wide)))
        grey = cv2.resize(grey, size, interpolation=cv2.INTER_AREA)
    grey = cv2.GaussianBlur(grey, (3, 3), 0)
    return grey.astype(np.float32)


def _sample_step(size: int, target: int = 5000) -> int:
    """Stride that leaves about ``target`` pixels for the robust statistics."""
    return max(1, math.isqrt(size // target))


def row_gains(image: Image, reference: Image) -> NDArray[np.float32]:
    """Per row, the median brightness ratio of ``image`` to ``reference`` (within 0.5-2; 1.0 where
    the row is dark), as a column to multiply the reference by. A camera reads its rows one after
    another: a lamp's flicker makes bands across the frame that differ from row to row, and a row's
    median is that of its floor, which a die or two do not change.

    >>> a = np.full((4, 40), 100, np.float32)
    >>> bands = np.float32([[0.9], [1.0], [1.1], [1.0]])
    >>> row_gains(a * bands, a).ravel().tolist() == bands.ravel().tolist()
    True
    """
    columns = slice(None, None, _sample_step(image.size))  # about 5000 pixels
    lit = reference[:, columns]
    ratio = np.where(lit > 8.0, image[:, columns] / np.maximum(lit, np.float32(8.0)), np.float32(1.0))
    middle = ratio.shape[1] // 2  # the row's middle ratio by partition: a fifth of np.median's time
    gains: NDArray[np.float32] = np.clip(np.partition(ratio, middle, axis=1)[:, middle], 0.5, 2.0).astype(
        np.float32
    )
    return gains[:, None]
