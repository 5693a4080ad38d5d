"""Changes a photo undergoes under another camera or in another room (for the benches on real photos)."""

from __future__ import annotations

import math
from collections.abc import Callable

import cv2
import numpy as np

from measure.labels import LabelledDie
from vision.reading import Die, Reading


def _lit(gains: float | tuple[float, float, float]) -> Callable[[np.ndarray], np.ndarray]:
    """Every pixel's channels (B, G, R) times ``gains``: less light, or a lamp's colour."""
    factors = np.array(gains, np.float32)
    return lambda image: np.asarray(np.clip(image.astype(np.float32) * factors, 0, 255), np.uint8)


def _blurred(image: np.ndarray) -> np.ndarray:
    return cv2.GaussianBlur(image, (0, 0), 1.5 * max(image.shape[:2]) / 1000)


def _jpeg(image: np.ndarray) -> np.ndarray:
    return np.asarray(
        cv2.imdecode(cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 40])[1], cv2.IMREAD_COLOR)
    )


def _half(image: np.ndarray) -> np.ndarray:
    return cv2.resize(image, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA)


def _noisy(image: np.ndarray) -> np.ndarray:
    """A small sensor in dim light: Gaussian noise of sigma 8 on every channel (the same each run)."""
    noise = np.random.default_rng(0).normal(0.0, 8.0, image.shape)
    return np.asarray(np.clip(image.astype(np.float32) + noise, 0, 255), np.uint8)


def _turned(image: np.ndarray) -> np.ndarray:
    """The camera turned by 90 degrees (clockwise)."""
    return np.ascontiguousarray(cv2.rotate(image, cv2.ROTATE_90_CLOCKWISE))


def _smeared(image: np.ndarray) -> np.ndarray:
    """A die still sliding: a horizontal motion blur 1/120 of the photo's width long."""
    length = max(3, image.shape[1] // 120)
    return np.asarray(cv2.filter2D(image, -1, np.full((1, length), 1.0 / length, np.float32)), np.uint8)


def defocus_share(focused_m: float, tray_m: float) -> float:
    """The blur circle's diameter, as a share of a 4:3 frame's width, of a Camera Module 3 (4.74 mm
    lens at f/1.8; a 4:3 frame spans 3456 x 2592 of the sensor's pixels of 1.4 um) focused at
    ``focused_m`` metres and looking at a tray ``tray_m`` metres away (thin lens: the tray's image
    lies behind the sensor by the difference of the two image distances; the cone of light, as wide
    as the aperture at the lens, is that much of its length wide at the sensor).

    >>> round(defocus_share(1.0, 0.35) * 1280, 1)  # picamera2 leaves the lens at 1 dioptre: 6 px
    6.2
    >>> defocus_share(0.35, 0.35)
    0.0
    """
    focal, aperture, frame_width = 4.74e-3, 4.74e-3 / 1.8, 3456 * 1.4e-6
    image_tray = 1 / (1 / focal - 1 / tray_m)
    image_focused = 1 / (1 / focal - 1 / focused_m)
    return aperture * abs(image_tray - image_focused) / image_tray / frame_width


DEFOCUS = defocus_share(1.0, 0.35)
"""A Camera Module 3 that nobody focused: picamera2 leaves its lens where the camera's tuning file
puts it (1 dioptre, focused at 1 m: raspberrypi/libcamera, imx708.json, ``rpi.af``), while the tray
lies 35 cm below it (hardware/wiring.md): 6 pixels of a 1280x960 frame, a tenth of a 16 mm die
(59 pixels, 4.6 % of the width). The byler photos' dice take up as much of theirs (4.75 %)."""


def _defocused(image: np.ndarray) -> np.ndarray:
    """Every point spread over a disc (a lens out of focus), ``DEFOCUS`` of the photo's width across."""
    return out_of_focus(image, DEFOCUS * image.shape[1])


def out_of_focus(image: np.ndarray, diameter: float) -> np.ndarray:
    """Every point of ``image`` spread over a disc ``diameter`` pixels across (a lens out of focus)."""
    radius = max(1, math.ceil(diameter / 2))
    yy, xx = np.mgrid[-radius : radius + 1, -radius : radius + 1]
    disc = (np.hypot(xx, yy) <= diameter / 2).astype(np.float32)
    return np.asarray(cv2.filter2D(image, -1, disc / disc.sum()), np.uint8)


SLANT = 0.15
"""A camera looking at a slant: the photo's top edge drawn in by this share of its width each side."""


def _keystone(height: int, width: int) -> np.ndarray:
    """The perspective map of the slanted camera (the photo's pixels -> the slanted frame's)."""
    corners = np.array([[0, 0], [width, 0], [width, height], [0, height]], np.float32)
    drawn_in = np.array(
        [[width * SLANT, 0], [width * (1 - SLANT), 0], [width, height], [0, height]], np.float32
    )
    return np.asarray(cv2.getPerspectiveTransform(corners, drawn_in), np.float64)


def _slanted(image: np.ndarray) -> np.ndarray:
    height, width = image.shape[:2]
    warp = _keystone(height, width)
    return np.asarray(
        cv2.warpPerspective(image, warp, (width, height), borderMode=cv2.BORDER_REPLICATE), np.uint8
    )


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


NEARER = {"near-70": 0.7, "near-50": 0.5}
"""A camera closer above the tray: the middle of the photo this share of its size wide and high,
scaled back up to the photo's size, so the dice are 1.4 or 2 times larger in the frame."""


def _middle(height: int, width: int, share: float) -> tuple[int, int, int, int]:
    """The middle ``share`` of a photo: (top, left, height, width) in its pixels."""
    cut_h, cut_w = round(height * share), round(width * share)
    return (height - cut_h) // 2, (width - cut_w) // 2, cut_h, cut_w


def _nearer(share: float) -> Callable[[np.ndarray], np.ndarray]:
    def nearer(image: np.ndarray) -> np.ndarray:
        top, left, cut_h, cut_w = _middle(image.shape[0], image.shape[1], share)
        middle = image[top : top + cut_h, left : left + cut_w]
        return cv2.resize(middle, (image.shape[1], image.shape[0]), interpolation=cv2.INTER_CUBIC)

    return nearer


def as_taken(reading: Reading, change: str, height: int, width: int) -> Reading:
    """A reading of the changed photo in the pixels of the photo as taken (``height`` x ``width``;
    a framed photo's dice in the border, a nearer photo's outside its middle, are left out: no
    label lies there)."""
    if change == "turned":
        boxes = [(d.box[1], height - d.box[0] - d.box[2], d.box[3], d.box[2]) for d in reading.dice]
    elif change == "slant":
        back = np.linalg.inv(_keystone(height, width))
        boxes = []
        for d in reading.dice:
            x, y, w = back @ np.array([d.centre[0], d.centre[1], 1.0])
            boxes.append((x / w - d.box[2] / 2, y / w - d.box[3] / 2, d.box[2], d.box[3]))
    elif change in FARTHER or change in NEARER or change == "half-size":
        if change == "half-size":
            top, left, zoom_y, zoom_x = 0, 0, reading.height / height, reading.width / width
        elif change in FARTHER:
            dy, dx = _border(height, width, FARTHER[change])
            top, left, zoom_y, zoom_x = -dy, -dx, 1.0, 1.0
        else:
            top, left, cut_h, cut_w = _middle(height, width, NEARER[change])
            zoom_y, zoom_x = height / cut_h, width / cut_w
        boxes = [
            (left + d.box[0] / zoom_x, top + d.box[1] / zoom_y, d.box[2] / zoom_x, d.box[3] / zoom_y)  # type: ignore[misc]
            for d in reading.dice
        ]
    else:
        return reading
    dice = (Die(d.face, d.confidence, d.status, box) for d, box in zip(reading.dice, boxes, strict=True))
    return Reading(
        tuple(d for d in dice if 0 <= d.centre[0] < width and 0 <= d.centre[1] < height), width, height
    )


def in_view(
    labels: list[LabelledDie], reading: Reading, change: str, height: int, width: int
) -> tuple[list[LabelledDie], Reading]:
    """The labels and dice to score for a changed photo (``as_taken``'s reading): for a nearer
    photo, the labels whose box lies wholly in its middle, and the dice but those within 0.6 of a
    box's size of a label the middle cuts (half a die may or may not be read: neither is scored)."""
    if change not in NEARER:
        return labels, reading
    top, left, cut_h, cut_w = _middle(height, width, NEARER[change])

    def wholly(label: LabelledDie) -> bool:
        x, y, w, h = label.box_px(width, height)
        return left <= x and x + w <= left + cut_w and top <= y and y + h <= top + cut_h

    cut = [
        (*label.centre_px(width, height), max(label.w * width, label.h * height))
        for label in labels
        if not wholly(label)
    ]
    dice = tuple(
        d
        for d in reading.dice
        if not any(math.hypot(d.centre[0] - x, d.centre[1] - y) <= 0.6 * size for x, y, size in cut)
    )
    return [label for label in labels if wholly(label)], Reading(dice, width, height)


CHANGES: dict[str, Callable[[np.ndarray], np.ndarray]] = {
    "as-taken": lambda image: image,
    "dark-75": _lit(0.75),
    "dark-60": _lit(0.6),
    "warm": _lit((0.7, 0.9, 1.1)),  # a 2700 K bulb the camera did not undo
    "blur": _blurred,
    "defocus": _defocused,
    "jpeg-40": _jpeg,
    "half-size": _half,
    **{name: _framed(share) for name, share in FARTHER.items()},
    **{name: _nearer(share) for name, share in NEARER.items()},
    "noise": _noisy,
    "turned": _turned,
    "slant": _slanted,
    "motion": _smeared,
}
