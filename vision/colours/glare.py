"""A red die whose top face the lamp's glare pales to pink.

Under a lamp straight above, the top face of a glossy red die can look pale pink (saturation a
fifth of its paint's) while its sides, turned away from the lamp, keep the deep red; a pastel
pink die would show pink sides too. So a pale red-or-pink top face is named red only when the
die's own sides say so: the sides the camera sees are those turned towards the middle of the
frame, just beyond the top face (``red_sides``).
"""

from __future__ import annotations

import math

import cv2
import numpy as np
from numpy.typing import NDArray

from vision.colours.settings import COLOUR_SETTINGS, ColourSettings
from vision.frame import Pyramid
from vision.whitebalance import Cast, corrected

SIDE_PX = 48
"""The die and its sides are looked at in a SIDE_PX x SIDE_PX crop..."""
REACH = 2.4
"""...this many top face sides wide."""
PINK_HUES = (158, 8)
"""Hues (OpenCV units) of a red paint paled to pink: at least the first or below the second
(paled, its hue turns towards purple)..."""
RED_HUES = (168, 8)
"""...and of the deep red of its sides (``vision.colours.looks``'s red: a magenta die is not red)."""
TINTED = 25
"""A top face pixel at least this saturated (0-255) is tinted: not a pip, nor the lamp's spot."""
DEEP = 150
"""A side's pixel this saturated is deep red paint, not a pastel."""
DARK = 0.2
"""...and at least this share of the scene's white bright (not a shadow's noise)."""
PALE_VALUE = 0.7
"""A top face paled by glare is bright: its tinted pixels' median at least this share of white..."""
PALE_SATURATION = 120
"""...and pale: their median saturation (0-255) below this."""


def _grid() -> tuple[NDArray[np.float32], NDArray[np.float32]]:
    yy, xx = (np.mgrid[0:SIDE_PX, 0:SIDE_PX].astype(np.float32) + 0.5 - SIDE_PX / 2) * (REACH / SIDE_PX)
    return xx, yy


_X, _Y = _grid()
_RIM = np.maximum(np.abs(_X), np.abs(_Y))
_TOP = _RIM <= 0.4


def red_sides(
    pyramid: Pyramid,
    x: float,
    y: float,
    side: float,
    cast: Cast,
    frame_size: tuple[int, int],
    settings: ColourSettings = COLOUR_SETTINGS,
) -> bool:
    """Is the top face of side ``side`` at point (x, y) of a frame ``frame_size`` (width,
    height) a red face paled by glare?

    Its tinted pixels (``TINTED``) cover ``glare_tinted`` of the face's middle, at least
    ``glare_red`` of them red or pink, pale and bright (``PALE_SATURATION``, ``PALE_VALUE``);
    and deep red paint covers ``glare_sides`` of the band just beyond the face on the side
    towards the frame's middle.
    """
    width, height = frame_size
    crop = pyramid.crop(SIDE_PX / (REACH * side), (x, y), SIDE_PX)
    hsv = cv2.cvtColor(corrected(crop, cast), cv2.COLOR_BGR2HSV)
    hue, saturation, value = hsv[..., 0], hsv[..., 1], hsv[..., 2]
    pink = (hue >= PINK_HUES[0]) | (hue < PINK_HUES[1])
    tinted = _TOP & (saturation >= TINTED)
    count = int(tinted.sum())
    if count < settings.glare_tinted * int(_TOP.sum()) or (tinted & pink).sum() < settings.glare_red * count:
        return False
    pale = float(np.median(saturation[tinted])) < PALE_SATURATION
    if not pale or float(np.median(value[tinted])) < PALE_VALUE * cast.white:
        return False
    towards_x, towards_y = width / 2 - x, height / 2 - y
    reach = math.hypot(towards_x, towards_y)
    if reach < 1.0:
        return False  # straight below the camera no side shows
    band = (_RIM > 0.6) & (_RIM < 1.1) & ((_X * towards_x + _Y * towards_y) / reach > 0.3)
    red = (hue >= RED_HUES[0]) | (hue < RED_HUES[1])
    deep = band & red & (saturation >= DEEP) & (value >= DARK * cast.white)
    return int(deep.sum()) >= settings.glare_sides * int(band.sum())
