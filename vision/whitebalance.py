"""White balance from the scene, and hue arithmetic: shared by colour mode and the cards.

White balance comes from what the camera sees, not from settings: a lamp's colour cast moves
every neutral surface (the white of a die, a grey tray, paper, a white table) along the
black-body locus, from daylight towards a warm 2700 K bulb. ``estimate_cast`` tries casts along
that line and keeps the one that makes the most (bright) pixels of the frame grey, then
refines it off the line a little (cameras add a green or magenta tint). Coloured felt and
coloured dice are far from grey under any cast on the line, so they do not vote; brighter
surfaces weigh more (the brightest grey-able surface is taken for white). Only half of the cast
found is undone (``TRUST``): a light wooden table looks like white under a warm lamp, and the
colour names' hue ranges are wide enough for the rest.

>>> grey = np.full((60, 80, 3), (150, 160, 170), np.uint8)  # a grey tray under a warm lamp
>>> cast = estimate_cast(grey)
>>> [round(g, 2) for g in cast.gains]  # half of the cast is undone (TRUST)
[1.03, 1.0, 0.97]
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, overload

import cv2
import numpy as np
from numpy.typing import NDArray

# The warm end of the line of casts: log(B/G), log(R/G) of encoded (gamma 2.2) values under a
# 2700 K black body that the camera left uncorrected, relative to daylight (CIE 1931 Planck locus).
WARM_END = (-0.672, 0.371)
CAST_STEPS = np.linspace(-0.15, 1.0, 24)
NEUTRAL = 0.09
"""A pixel is grey under a cast when its log-chromaticity lies this close to the cast's."""
TINT_LIMIT = 0.06
PRIOR_STEP = 0.3
TRUST = 0.5
"""Only this share of the estimated cast is undone: a light wooden table can pass for white under
a warm lamp, and a wrong full correction does more harm (a black die turns blue) than a partial
one; the colour names' hue ranges are wide enough for the rest of the cast."""
BRIGHT_POWER = 6.0
"""Votes weigh by brightness to this power: the brightest grey-able surface is taken for white
(white paper and cards beat a light wooden tray, which a warm lamp could also explain)."""


@dataclass(frozen=True, slots=True)
class Cast:
    """The scene's colour cast as gains that undo it (B, G, R) and the scene's white level.

    ``white`` is the encoded brightness (0-255) of a light neutral surface in the frame after the
    gains: dark faces are judged against it, so a dim room does not make every die black.
    ``votes`` is the share of the frame that looked grey under the chosen cast.
    """

    gains: tuple[float, float, float]
    white: float
    votes: float

    def whole(self) -> Cast:
        """The same cast undone whole, not only ``TRUST`` of it (a second look under a warm lamp).

        >>> [round(g, 2) for g in Cast((1.1, 1.0, 0.9), 200.0, 0.5).whole().gains]
        [1.21, 1.0, 0.81]
        """
        b, g, r = (gain ** (1 / TRUST) for gain in self.gains)
        return Cast((b, g, r), self.white, self.votes)


def estimate_cast(small_bgr: NDArray[np.uint8]) -> Cast:
    """The cast of a (small, e.g. 80 x 60) BGR copy of the frame; see the module docstring.

    Each channel is worked on as a plane of its own (numpy reduces a short axis slowly)."""
    b, g, r = (small_bgr[..., c].ravel().astype(np.float32) for c in range(3))
    bright = np.maximum(np.maximum(b, g), r)
    usable = (np.minimum(np.minimum(b, g), r) >= 12) & (bright <= 250)
    if int(usable.sum()) < 10:
        return Cast((1.0, 1.0, 1.0), max(64.0, percentile(bright, 95)), 0.0)
    b1, g1, r1 = b[usable] + 1.0, g[usable] + 1.0, r[usable] + 1.0
    chroma = np.log(b1 / g1), np.log(r1 / g1)  # log(B/G), log(R/G)
    level = (b1 + g1 + r1) / np.float32(3.0)
    weight = (np.minimum(level / percentile(level, 99), 1.0) ** BRIGHT_POWER).astype(np.float32)
    line = np.array(WARM_END, np.float32)
    scores = _grey_votes(chroma, weight, line)
    best = int(np.argmax(scores))
    share = float(scores[best]) / float(weight.sum())
    if share < 0.002:
        centre = np.array(PRIOR_STEP * line)
        share = 0.0
    else:
        centre = CAST_STEPS[best] * line
        dx, dy = (axis.astype(np.float64) - float(at) for axis, at in zip(chroma, centre, strict=True))
        near = dx * dx + dy * dy < NEUTRAL**2  # np.hypot(dx, dy) < NEUTRAL but for rounding; far quicker
        tint = np.array([percentile(axis[near], 50) for axis in chroma]) - centre
        centre = centre + np.clip(tint, -TINT_LIMIT, TINT_LIMIT)
    centre = centre * TRUST
    gains = (math.exp(-float(centre[0])), 1.0, math.exp(-float(centre[1])))
    lit = np.maximum(np.maximum(b * np.float32(gains[0]), g), r * np.float32(gains[2]))
    return Cast(gains, max(48.0, min(255.0, percentile(lit, 97))), share)


_CASTS_AT_ONCE = 4


def _grey_votes(
    chroma: tuple[NDArray[np.float32], NDArray[np.float32]],
    weight: NDArray[np.float32],
    line: NDArray[np.float32],
) -> NDArray[np.float32]:
    """Per cast of ``CAST_STEPS`` the weight of the pixels (log-chromaticities) within ``NEUTRAL`` of it.

    A few casts at a time, so that the distances stay in the processor's cache."""
    casts = (CAST_STEPS[:, None] * line[None, :]).astype(np.float32)  # steps x 2
    out = []
    for first in range(0, len(casts), _CASTS_AT_ONCE):
        few = casts[first : first + _CASTS_AT_ONCE]
        dx = np.subtract(chroma[0][None, :], few[:, 0, None])
        dy = np.subtract(chroma[1][None, :], few[:, 1, None])
        np.multiply(dx, dx, out=dx)
        np.multiply(dy, dy, out=dy)
        np.add(dx, dy, out=dx)
        out.append((dx < NEUTRAL**2).astype(np.float32) @ weight)
    return np.concatenate(out)


def times(image: NDArray[np.float32], factors: list[float] | tuple[float, ...]) -> NDArray[np.float32]:
    """``image * factors`` per channel (float32, three channels): numpy's products, in a third of the time."""
    return np.asarray(cv2.multiply(image, (*factors, 0.0)), np.float32)  # type: ignore[call-overload]


def corrected(crop_bgr: NDArray[np.uint8], cast: Cast) -> NDArray[np.uint8]:
    """The crop with the cast undone (clipped at 255, the fractions dropped; the gains are
    positive, so only the top needs clipping)."""
    if crop_bgr.size == 0:
        return np.array(crop_bgr, np.uint8)  # OpenCV gives None for an empty input
    out = times(crop_bgr.astype(np.float32), cast.gains)
    return np.asarray(np.minimum(out, np.float32(255.0), out=out), np.uint8)


# Hue boundaries in OpenCV's units (0-180 = 0-360 degrees), tuned on the renderer's paints under
# 2700-6500 K and on the byler-mixed-tray photos (see vision/colours/settings.py).


@overload
def hue_offset(hue: float, reference: float) -> float: ...
@overload
def hue_offset(hue: NDArray[Any], reference: float) -> NDArray[Any]: ...
def hue_offset(hue: float | NDArray[Any], reference: float) -> float | NDArray[Any]:
    """How far OpenCV hues (0-180, a circle) lie from ``reference``, signed, in -90..90.

    >>> hue_offset(2.0, 178.0), hue_offset(178.0, 2.0)
    (4.0, -4.0)
    """
    return (hue - reference + 90) % 180 - 90


def percentile(values: NDArray[Any], q: float) -> float:
    """``np.percentile(values, q)`` (linear interpolation between the two nearest ranks), without
    its setting-up, which costs more than partitioning a card's 15,000 pixels.

    >>> percentile(np.array([[1, 4], [2, 3]], np.float32), 50), percentile(np.arange(11.0), 90)
    (2.5, 9.0)
    """
    flat = np.asarray(values).flatten()  # a copy: partitioned in place
    if flat.size == 0:
        return math.nan  # as np.median of nothing
    at = (flat.size - 1) * q / 100.0
    low = math.floor(at)
    high = min(low + 1, flat.size - 1)
    flat.partition((low, high))
    a, b = float(flat[low]), float(flat[high])
    t = at - low
    return b - (b - a) * (1 - t) if t >= 0.5 else a + (b - a) * t  # numpy's way round


def circular_median(hue: NDArray[np.float32]) -> float:
    """Median of OpenCV hues (0-180), unwrapped around the circular mean (reds straddle 0);
    rounded to 1/1000, so that whole hues stay whole (unwrapping in float32 gave 20.999998 for
    21, and such a face missed a threshold of 4 hue units inside yellow by a hair).

    >>> circular_median(np.array([21, 21, 22], np.float32))
    21.0
    >>> circular_median(np.array([178, 2, 3], np.float32))
    2.0
    """
    angle = hue * (np.pi / 90)
    mean = math.atan2(float(np.sin(angle).mean()), float(np.cos(angle).mean()))
    centred = hue_offset(hue, mean * 90 / np.pi)
    return round(float((np.median(centred) + mean * 90 / np.pi) % 180), 3) % 180
