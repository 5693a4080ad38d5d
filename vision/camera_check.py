"""Is a camera set up to read dice? Measures of its frames of a still tray with a few dice in it.

``check_frames`` reads the last frame and measures:

- the dice's size in pixels (the median side of the boxes the reader finds): the dice network knows
  dice of 16-100 pixels in its first look, about 50-200 in a 1280x960 frame;
- how much of the dice the camera clipped (a channel at ``CLIPPED`` or more): a clipped face loses
  its colour, and its pips may vanish in the glare;
- how deep the bands of light across the rows are that a lamp's flicker draws on a camera that reads
  its rows one after another: the spread of each row's brightness ratio between consecutive frames
  (``vision.settle.row_gains``; ``band_depth``). On a still tray under steady light it is the
  camera's noise, well under 1 %.

>>> import numpy as np
>>> still = [np.full((240, 320, 3), 90, np.uint8)] * 3
>>> check = check_frames(still)
>>> check.dice, check.band_depth
(0, 0.0)
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

import numpy as np
from numpy.typing import NDArray

from vision.colour import CLIPPED
from vision.reader import as_bgr, read_dice
from vision.settle import SettleParams, analysis_image, row_gains


@dataclass(frozen=True, slots=True)
class CameraCheck:
    """What ``check_frames`` measured: frame size, dice found and read ``ok``, their median side in
    pixels (None without dice), the share of their pixels the camera clipped, and the depth of the
    flicker bands (the deepest between two consecutive frames, a share of the light)."""

    width: int
    height: int
    dice: int
    ok: int
    die_px: float | None
    clipped: float
    band_depth: float


def check_frames(frames: Sequence[NDArray[np.uint8]]) -> CameraCheck:
    """Measure a camera from a few consecutive frames (BGR uint8, one size) of a still tray."""
    if not frames:
        raise ValueError("check_frames needs at least one frame")
    last = as_bgr(frames[-1])
    reading = read_dice(last)
    boxes = [d.box for d in reading.dice]
    die_px = statistics.median(max(w, h) for _, _, w, h in boxes) if boxes else None
    depths = [band_depth(a, b) for a, b in pairwise(frames)]
    return CameraCheck(
        reading.width,
        reading.height,
        len(reading.dice),
        sum(d.status == "ok" for d in reading.dice),
        die_px,
        clipped_share(last, boxes),
        max(depths, default=0.0),
    )


def clipped_share(frame: NDArray[np.uint8], boxes: Sequence[tuple[int, int, int, int]]) -> float:
    """The share of the pixels inside ``boxes`` (x, y, w, h) with a channel at ``CLIPPED`` or more.

    >>> frame = np.zeros((10, 10, 3), np.uint8); frame[:5, :, 2] = 255
    >>> clipped_share(frame, [(0, 0, 10, 10)])
    0.5
    """
    inside = clipped = 0
    for x, y, w, h in boxes:
        patch = frame[y : y + h, x : x + w]
        inside += patch.shape[0] * patch.shape[1]
        clipped += int(np.count_nonzero(patch.max(axis=2) >= CLIPPED))
    return clipped / inside if inside else 0.0


def band_depth(before: NDArray[np.uint8], after: NDArray[np.uint8]) -> float:
    """How deep flicker bands across the rows are, from two frames of a still tray: the rows'
    brightness ratios of ``after`` to ``before`` (5th to 95th percentile) swing as far as the bands
    of either frame reach both ways, twice over when the two frames' bands lie opposite, so a
    quarter of that spread (for the deepest of several pairs, about the bands' depth).

    >>> flat = np.full((120, 160, 3), 100, np.float32)
    >>> rows = np.arange(120, dtype=np.float32)[:, None, None]
    >>> light, dark = ((flat * (1 + s * 0.1 * np.sin(rows / 10))).astype(np.uint8) for s in (1, -1))
    >>> round(band_depth(light, dark), 2), band_depth(light, light)
    (0.1, 0.0)
    """
    width = SettleParams().analysis_width  # the frames as settle detection sees them
    a, b = (analysis_image(f, width) for f in (before, after))
    if a.shape != b.shape:
        raise ValueError(f"frames of different sizes: {before.shape} and {after.shape}")
    gains = row_gains(b, a)
    low, high = np.percentile(gains, (5, 95))
    return round(float(high - low) / 4, 4)
