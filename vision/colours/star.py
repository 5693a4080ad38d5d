"""The star's shape: how five-pointed a mark on a face is, whatever way the die is turned.

The golden star of Nogi Stonogi and a yellow face can look alike in colour under a warm lamp;
their shapes do not. The outline of a mark, seen from its centre, is a radius for every
direction; a five-pointed star's radius rises and falls five times around the circle, a square
sticker's four times, a boot's once or twice. ``shape_of`` measures the strength of each of
those rhythms (the Fourier harmonics of the radius profile) relative to the mean radius, so
the measure does not change when the die turns or its picture grows.

>>> import cv2, numpy as np
>>> mask = np.zeros((40, 40), np.uint8)
>>> angles = -np.pi / 2 + np.arange(10) * np.pi / 5
>>> radii = np.where(np.arange(10) % 2 == 0, 17.0, 7.0)
>>> points = np.column_stack([20 + radii * np.cos(angles), 20 + radii * np.sin(angles)])
>>> _ = cv2.fillPoly(mask, [np.round(points).astype(np.int32)], 1)
>>> shape_of(mask.astype(bool)).star > STAR_SHAPE_OK
True
>>> square = np.zeros((40, 40), bool); square[8:32, 8:32] = True
>>> shape_of(square).star < STAR_SHAPE_OK / 2
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np
from numpy.typing import NDArray

BINS = 72
STAR_SHAPE_OK = 0.16
"""Strength of the five-fold rhythm above which a mark is a star. Measured on the renderer's
hardest frames (seeds 1000-1199) with the faces cut where they truly are: stars 0.18-0.35 (one
0.12), yellow boots 0.02-0.14, squares below 0.1."""
STAR_DOUBT = 0.115
"""Between this and STAR_SHAPE_OK a gold or yellow mark is neither surely a star nor surely not."""


@dataclass(frozen=True, slots=True)
class ShapeLook:
    """``star``, ``square``: strength of the 5- and 4-fold rhythms of the outline's radius,
    each relative to the mean radius (a sharp star about 0.3, a square about 0.1, a disc 0);
    ``solidity``: the mark's area over its convex hull's."""

    star: float
    square: float
    solidity: float


def radius_profile(mask: NDArray[np.bool_]) -> NDArray[np.float64] | None:
    """The outline's distance from the mark's centroid in ``BINS`` directions, or None (no mark)."""
    found, _ = cv2.findContours(mask.astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    if not found:
        return None
    outline = max(found, key=cv2.contourArea)
    moments = cv2.moments(outline)
    if moments["m00"] < 4:
        return None
    cx, cy = moments["m10"] / moments["m00"], moments["m01"] / moments["m00"]
    points = outline[:, 0, :].astype(np.float64)
    dx, dy = points[:, 0] - cx, points[:, 1] - cy
    bins = ((np.arctan2(dy, dx) + math.pi) / (2 * math.pi) * BINS).astype(np.int64) % BINS
    radius = np.zeros(BINS)
    np.maximum.at(radius, bins, np.hypot(dx, dy))
    seen = radius > 0
    if int(seen.sum()) < BINS // 3:
        return None
    where = np.flatnonzero(seen)
    radius = np.interp(np.arange(BINS), where, radius[where], period=BINS)
    return radius


def shape_of(mask: NDArray[np.bool_]) -> ShapeLook:
    """Measure a mark (a boolean mask); an empty or tiny mark measures all zeros."""
    profile = radius_profile(mask)
    if profile is None:
        return ShapeLook(0.0, 0.0, 0.0)
    spectrum = np.abs(np.fft.rfft(profile)) / BINS
    mean = float(spectrum[0]) or 1.0
    found, _ = cv2.findContours(mask.astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    outline = max(found, key=cv2.contourArea)
    hull = float(cv2.contourArea(cv2.convexHull(outline)))
    solidity = float(cv2.contourArea(outline)) / hull if hull > 0 else 0.0
    return ShapeLook(
        star=round(2 * float(spectrum[5]) / mean, 3),
        square=round(2 * float(spectrum[4]) / mean, 3),
        solidity=round(solidity, 3),
    )
