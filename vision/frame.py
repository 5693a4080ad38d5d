"""Frames as every mode takes them: ``as_bgr`` checks and normalises one, ``Pyramid`` shrinks it.

Shrinking is fast and alias-free: a Gaussian pyramid, then a linear step under 2x.

OpenCV's INTER_AREA takes ~45 ms for a 2736x2736 photo and ~12 ms for 1280x960 here; a
``pyrDown`` chain plus one INTER_LINEAR step takes 1-2 ms for 1280x960 and keeps pips round.

>>> import numpy as np
>>> pyramid = Pyramid(np.zeros((960, 1280, 3), np.uint8))
>>> pyramid.at(0.3).shape
(288, 384, 3)
>>> pyramid.crop(0.3, (640.0, 480.0), 64).shape
(64, 64, 3)
"""

from __future__ import annotations

import cv2
import numpy as np
from numpy.typing import NDArray

from vision.reading import SMALLEST_FRAME


class Pyramid:
    """Halvings of one frame, made when first needed; scales are relative to the frame."""

    def __init__(self, frame_bgr: NDArray[np.uint8]) -> None:
        self._levels: list[NDArray[np.uint8]] = [frame_bgr]

    def _level_for(self, scale: float) -> tuple[NDArray[np.uint8], float]:
        """The smallest level at least ``scale`` of the frame, and that level's own scale."""
        level_scale = 1.0
        index = 0
        while scale <= level_scale / 2 and min(self._levels[index].shape[:2]) >= 16:
            index += 1
            level_scale /= 2
            if index == len(self._levels):
                self._levels.append(np.asarray(cv2.pyrDown(self._levels[-1]), np.uint8))
        return self._levels[index], level_scale

    def at(self, scale: float) -> NDArray[np.uint8]:
        """The whole frame resized by ``scale``."""
        level, level_scale = self._level_for(scale)
        rest = scale / level_scale
        if abs(rest - 1.0) < 1e-3:
            return level
        height, width = self._levels[0].shape[:2]
        size = (max(1, round(width * scale)), max(1, round(height * scale)))
        return np.asarray(cv2.resize(level, size, interpolation=cv2.INTER_LINEAR), np.uint8)

    def crop(
        self, scale: float, centre: tuple[float, float], side: int, up: tuple[float, float] = (0.0, -1.0)
    ) -> NDArray[np.uint8]:
        """A ``side`` x ``side`` square of the frame resized by ``scale``; the frame point
        ``centre`` lands on pixel ``(side / 2, side / 2)``, turned so that the frame's direction
        ``up`` (a unit vector; by default the frame's own up) points up in the square."""
        level, level_scale = self._level_for(scale)
        rest = scale / level_scale
        # pyrDown keeps every second pixel's place: level x is frame x times the level's scale
        cx, cy = centre[0] * level_scale, centre[1] * level_scale
        # the rotation taking (ux, uy) to (0, -1)
        turn = rest * np.array([[-up[1], up[0]], [-up[0], -up[1]]])
        matrix = np.hstack([turn, np.array([[side / 2], [side / 2]]) - turn @ np.array([[cx], [cy]])])
        out = cv2.warpAffine(
            level, matrix, (side, side), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE
        )
        return np.asarray(out, np.uint8)


def as_bgr(frame: object) -> NDArray[np.uint8]:
    """Check and normalise a frame to H x W x 3 uint8 BGR (grey and BGRA are converted)."""
    if not isinstance(frame, np.ndarray):
        raise TypeError(f"a frame must be a numpy array, got {type(frame).__name__}")
    if frame.dtype != np.uint8:
        raise ValueError(f"a frame must be uint8 BGR, got dtype {frame.dtype}")
    if frame.ndim == 2:
        frame = np.repeat(frame[:, :, None], 3, axis=2)
    if frame.ndim != 3 or frame.shape[2] not in (3, 4):
        raise ValueError(f"a frame must be H x W x 3 (BGR), got shape {frame.shape}")
    if frame.shape[0] < SMALLEST_FRAME or frame.shape[1] < SMALLEST_FRAME:
        raise ValueError(
            f"a frame must be at least {SMALLEST_FRAME} x {SMALLEST_FRAME} pixels, got shape {frame.shape}"
        )
    bgr: NDArray[np.uint8] = np.ascontiguousarray(frame[:, :, :3])
    return bgr
