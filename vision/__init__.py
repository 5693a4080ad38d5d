"""Kostka's eyes: BGR uint8 frames in, dice readings out (numpy and OpenCV only).

``read_dice`` (``vision.reader``) is imported on first use: importing the values, the errors
or the networks' names loads neither numpy nor OpenCV, so a command that reads no frame
starts fast.

>>> import numpy as np
>>> from vision import read_dice
>>> read_dice(np.zeros((480, 640, 3), np.uint8), "colours").dice
()
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from vision.errors import VisionError
from vision.networks import SHIPPED, Networks
from vision.reading import Die, Face, Reading, Status

if TYPE_CHECKING:
    from vision.reader import MODES, read_dice

__all__ = ["MODES", "SHIPPED", "Die", "Face", "Networks", "Reading", "Status", "VisionError", "read_dice"]


def __getattr__(name: str) -> Any:
    if name in ("MODES", "read_dice"):
        from vision import reader

        return getattr(reader, name)
    raise AttributeError(f"module 'vision' has no attribute {name!r}")
