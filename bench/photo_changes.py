"""Changes a photo undergoes under another camera or in another room (for the benches on real photos)."""

from __future__ import annotations

from collections.abc import Callable

import cv2
import numpy as np


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


CHANGES: dict[str, Callable[[np.ndarray], np.ndarray]] = {
    "as-taken": lambda image: image,
    "dark-75": _lit(0.75),
    "dark-60": _lit(0.6),
    "warm": _lit((0.7, 0.9, 1.1)),  # a 2700 K bulb the camera did not undo
    "blur": _blurred,
    "jpeg-40": _jpeg,
    "half-size": _half,
}
