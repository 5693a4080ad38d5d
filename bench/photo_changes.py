"""Changes a photo undergoes under another camera or in another room (for the benches on real photos)."""

from __future__ import annotations

from collections.abc import Callable

import cv2
import numpy as np

from vision.reading import Die, Reading


def _lit(gains: float | tuple[float, float, float]) -> Callable[[np.ndarray], np.ndarray]:
    """Every pixel's channels (B, G, R) times ``gains``: less light, or a lamp's colour."""
    factors = np.array(gains, np.float32)
    return lambda image: np.asarray(np.clip(image.astype(np.float32) * factors, 0, 255), np.uint8)


def _blurred(image: np.ndarray) -> np.ndarray:
    return cv2.GaussianBlur(image, (0, 0), 1.5 * max(image.shape[:2]) / 1000)


def _jpeg(image: np.ndarray) -> np.ndarray:
    return cv2.imdecode(cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 40])[1], cv2.IMREAD_COLOR)


def _half(image: np.ndarray) -> np.ndarray:
    return cv2.resize(image, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA)


FARTHER = {"far-60": 0.6, "far-100": 1.0}
"""A camera higher above the tray: the photo framed by a border of its own edge this share of its
size wide all round, so the dice are 1.6 or 2 times smaller in the frame."""


def _framed(share: float) -> Callable[[np.ndarray], np.ndarray]:
    def framed(image: np.ndarray) -> np.ndarray:
        dy, dx = _border(image.shape[0], image.shape[1], share)
        return cv2.copyMakeBorder(image, dy, dy, dx, dx, cv2.BORDER_REPLICATE)

    return framed


def _border(height: int, width: int, share: float) -> tuple[int, int]:
    return int(height * share / 2), int(width * share / 2)


def as_taken(reading: Reading, change: str, height: int, width: int) -> Reading:
    """A reading of the changed photo in the pixels of the photo as taken (``height`` x ``width``;
    a framed photo's dice in the border are left out: no label lies there)."""
    if change not in FARTHER:
        return reading
    dy, dx = _border(height, width, FARTHER[change])
    dice = tuple(
        Die(d.face, d.confidence, d.status, (d.box[0] - dx, d.box[1] - dy, d.box[2], d.box[3]))
        for d in reading.dice
        if dx <= d.centre[0] < dx + width and dy <= d.centre[1] < dy + height
    )
    return Reading(dice, width, height)


CHANGES: dict[str, Callable[[np.ndarray], np.ndarray]] = {
    "as-taken": lambda image: image,
    "dark-75": _lit(0.75),
    "dark-60": _lit(0.6),
    "warm": _lit((0.7, 0.9, 1.1)),  # a 2700 K bulb the camera did not undo
    "blur": _blurred,
    "jpeg-40": _jpeg,
    "half-size": _half,
    **{name: _framed(share) for name, share in FARTHER.items()},
}
