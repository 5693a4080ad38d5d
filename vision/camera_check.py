"""Is a camera set up to read dice? Measures of its frames of a still tray with a few dice in it.

``check_frames`` reads the last frame with the pip reader and with colour mode (the one that stands by
more dice: the tray may hold pip dice or Nogi Stonogi's colour dice) and measures:

- the dice's size in pixels (the median side of the boxes the reader finds): the dice network knows
  dice of 16-100 pixels in its first look, about 50-200 in a 1280x960 frame;
- how sharp the dice are: the width of their edges as a share of their size (``edge_width``); a
  lens focused at 1 m over a tray 35 cm below spreads each point over a tenth of a die;
- how much of the dice the camera clipped (a channel at ``CLIPPED`` or more): a clipped face loses
  its colour, and its pips may vanish in the glare;
- how deep the bands of light across the rows are that a lamp's flicker draws on a camera that reads
  its rows one after another: the spread of each row's brightness ratio between consecutive frames
  (``vision.settle.row_gains``; ``band_depth``). On a still tray under steady light it is the
  camera's noise, well under 1 %.

It also says whether anything moved while it measured (settle detection, ``vision.settle``): a hand
in the tray hides dice and makes the figures worthless. ``faults`` judges the measures against
``DIE_PX``, ``BLUR_MOST``, ``CLIPPED_MOST`` and ``BANDS_MOST``; ``kostka check`` and the box's menu
say what to change for each.

>>> import numpy as np
>>> still = [np.full((240, 320, 3), 90, np.uint8)] * 3
>>> check = check_frames(still)
>>> check.dice, check.band_depth
(0, 0.0)
>>> faults(check)
('no_dice',)
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Literal

import cv2
import numpy as np
from numpy.typing import NDArray

from vision.colours.looks import CLIPPED
from vision.colours.reader import read_colours
from vision.frame import as_bgr
from vision.networks import SHIPPED, Networks
from vision.reader import read_dice
from vision.settle import SettleDetector, SettleKind, SettleParams, analysis_image, row_gains

DIE_PX = (50.0, 250.0)
"""Dice this many pixels across read best: smaller ones the reader's first look may miss
(hardware/wiring.md), bigger ones it first takes for their pips."""
BLUR_MOST = 0.07
"""Dice edges wider than this share of a die: the camera is out of focus. ``bench/bench_camera_check.py``
(every 4th held-out photo made a 1280x960 frame, as ``bench/bench_vision.py`` makes them; min / median /
max): byler's dice (50 px) 2.8 / 3.9 / 4.6 % as taken, 4.0 / 5.6 / 6.6 % out of focus by a 3 px disc,
6.2 / 8.2 / 11.0 % by 6.2 px (a Camera Module 3 left at 1 m: 1.2 points fewer dice read right,
``bench/bench_photo_changes.py --changes defocus``; 19 of 25 frames called blurred, 16 at 7.5 %),
8.6 / 11.8 / 15.6 % by 9 px (all called); matteo's and gissur's dice, three times bigger, at most 3.5 %
as taken and 5.8 % at 9 px; renderer frames at most 5.5 %. The 3 px and 6.2 px blurs overlap (dice
differ): no bar parts them all."""
CLIPPED_MOST = 0.05
"""More of the dice's pixels clipped than this share: faces lose their colour, pips their edges."""
BANDS_MOST = 0.03
"""Flicker bands deeper than this (a share of the light): settle detection copes with 0.1 at most."""

Fault = Literal["moving", "no_dice", "small", "big", "blurred", "clipped", "bands"]
"""What ``faults`` finds wrong: something moved while measuring (check again, still), no dice seen,
dice too small or too big in the frame (the camera's height), blurred dice (the focus), too much of
them clipped (exposure, the lamp), flicker bands (the lamp, ``mains_hz``)."""


@dataclass(frozen=True, slots=True)
class CameraCheck:
    """What ``check_frames`` measured: frame size, dice found and read ``ok`` (by the reader of
    ``kind``, "pips" or "colours"), their median side in pixels (None without dice), the share of
    their pixels the camera clipped, the depth of the flicker bands (the deepest between two
    consecutive frames, a share of the light), whether anything moved in the frames measured, and
    the dice found in the last frame: ``(x, y, w, h, status)`` in its pixels."""

    width: int
    height: int
    dice: int
    ok: int
    die_px: float | None
    clipped: float
    band_depth: float
    kind: str = "pips"
    moving: bool = False
    found: tuple[tuple[int, int, int, int, str], ...] = ()
    blur: float = 0.0
    """The dice's edge width as a share of their size (``edge_width``; the median die; 0 without dice)."""


def check_frames(frames: Sequence[NDArray[np.uint8]], networks: Networks = SHIPPED) -> CameraCheck:
    """Measure a camera from a few consecutive frames (BGR uint8, one size) of a still tray; the
    first half only lets the camera's exposure settle (the last half is measured). ``networks``:
    the network files and runtime the readers use."""
    if not frames:
        raise ValueError("check_frames needs at least one frame")
    frames = frames[(len(frames) - 1) // 2 :]
    last = as_bgr(frames[-1])
    readings = {
        "pips": read_dice(last, networks=networks),
        "colours": read_colours(last, networks=networks),
    }
    kind = max(readings, key=lambda k: sum(d.status == "ok" for d in readings[k].dice))  # pips on a tie
    reading = readings[kind]
    boxes = [d.box for d in reading.dice]
    die_px = float(statistics.median(max(w, h) for _, _, w, h in boxes)) if boxes else None
    sure = [d.box for d in reading.dice if d.status == "ok"]
    depths = [band_depth(a, b) for a, b in pairwise(frames)]
    return CameraCheck(
        reading.width,
        reading.height,
        len(reading.dice),
        sum(d.status == "ok" for d in reading.dice),
        die_px,
        clipped_share(last, boxes),
        max(depths, default=0.0),
        kind,
        moved(frames),
        tuple((*d.box, d.status) for d in reading.dice),
        round(float(np.median([edge_width(last, box) for box in sure or boxes])), 4) if boxes else 0.0,
    )


def faults(check: CameraCheck) -> tuple[Fault, ...]:
    """What is wrong with the camera's set-up, in the order of the measures; () when all is good."""
    found: list[Fault] = ["moving"] if check.moving else []
    if check.die_px is None:
        found.append("no_dice")
    elif check.die_px < DIE_PX[0]:
        found.append("small")
    elif check.die_px > DIE_PX[1]:
        found.append("big")
    if check.blur > BLUR_MOST:
        found.append("blurred")
    if check.clipped > CLIPPED_MOST:
        found.append("clipped")
    if check.band_depth > BANDS_MOST:
        found.append("bands")
    return tuple(found)


def moved(frames: Sequence[NDArray[np.uint8]], fps: float = 10.0) -> bool:
    """Does settle detection see motion across these consecutive frames (taken ``fps`` a second)?"""
    detector = SettleDetector()
    return any(
        event.kind is SettleKind.ROLLING
        for n, frame in enumerate(frames)
        for event in detector.feed(frame, n / fps)
    )


def edge_width(frame: NDArray[np.uint8], box: tuple[int, int, int, int]) -> float:
    """How wide a die's edges are, as a share of its size: the spread of the light around it (5th to
    95th percentile, the box and a quarter of its side about it) over its steepest change (the
    99.5th percentile of the grey level's gradient, in levels a pixel), divided by the box's side.
    A sharp edge is a pixel or two wide; out of focus it is as wide as the blur.

    >>> frame = np.zeros((100, 100, 3), np.uint8); frame[30:70, 30:70] = 200
    >>> box = (30, 30, 40, 40)
    >>> round(edge_width(frame, box), 3), round(edge_width(cv2.blur(frame, (9, 9)), box), 3)
    (0.05, 0.203)
    """
    x, y, w, h = box
    grey = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY) if frame.ndim == 3 else frame
    pad = max(w, h) // 4
    crop = grey[max(0, y - pad) : y + h + pad, max(0, x - pad) : x + w + pad].astype(np.float32)
    gradient = (
        np.hypot(cv2.Sobel(crop, cv2.CV_32F, 1, 0, ksize=3), cv2.Sobel(crop, cv2.CV_32F, 0, 1, ksize=3)) / 8
    )
    low, high = np.percentile(crop, (5, 95))
    return float((high - low) / max(1e-3, float(np.percentile(gradient, 99.5))) / max(1, w, h))


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
