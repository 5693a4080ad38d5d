"""The small dice network: run it on a frame and turn its maps into die candidates.

The network (``vision/data/dice_net.onnx``, trained by ``tools/train_dice_net.py``) is a
CenterNet-style fully convolutional detector. For every 8x8 cell of its input it gives:

- channel 0: a logit that a die's centre lies in the cell (the *heat*);
- channels 1-7: logits for the top face, in the order of ``CLASSES`` (0 = cocked);
- channel 8: ``log(die size / SIZE_REF)``, the die's side in input pixels.

Candidates are local maxima of the heat. This module knows nothing of statuses: it reports
what the network saw; ``vision.reader`` decides what the referee stands by.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np
from numpy.typing import NDArray

from vision.scaling import Pyramid
from vision.tuning import Touching

STRIDE = 8  # one output cell per 8x8 input pixels
CLASSES = (1, 2, 3, 4, 5, 6, 0)  # face values per class channel; 0 = cocked
SIZE_REF = 48.0  # the size channel is log(size / SIZE_REF)
ALIGN = 32  # input sides must be multiples of the network's total stride
MODEL = Path(__file__).with_name("data") / "dice_net.onnx"


@dataclass(frozen=True, slots=True)
class Candidate:
    """A heat peak, in the pixels of the frame the caller gave.

    ``probs`` are the class probabilities in ``CLASSES`` order at the peak;
    ``probs_around`` the same averaged over the 3x3 cells around it (a steadier look);
    ``second_probs`` those of a second look at the die's crop turned by 90 degrees, when taken.
    """

    x: float
    y: float
    size: float
    heat: float
    probs: tuple[float, ...]
    probs_around: tuple[float, ...]
    second_probs: tuple[float, ...] | None = None


class ModelError(RuntimeError):
    """The network file is missing or OpenCV cannot load it."""


@lru_cache(maxsize=4)
def load_net(path: str = str(MODEL)) -> cv2.dnn.Net:
    """Load (once) the ONNX network through OpenCV's dnn module."""
    if not Path(path).is_file():
        raise ModelError(f"dice network {path} is missing; train it with tools/train_dice_net.py")
    try:
        return cv2.dnn.readNetFromONNX(path)
    except cv2.error as error:
        raise ModelError(f"OpenCV cannot load the dice network {path}: {error}") from None


def _sigmoid(x: NDArray[np.float32]) -> NDArray[np.float32]:
    out: NDArray[np.float32] = (1.0 / (1.0 + np.exp(-np.clip(x, -60.0, 60.0)))).astype(np.float32)
    return out


def run_maps(net: cv2.dnn.Net, image_bgr: NDArray[np.uint8]) -> NDArray[np.float32]:
    """The network's maps (9, H/8, W/8) for an image; the image is padded to a multiple of 32."""
    height, width = image_bgr.shape[:2]
    pad_h, pad_w = -height % ALIGN, -width % ALIGN
    if pad_h or pad_w:
        image_bgr = np.asarray(cv2.copyMakeBorder(image_bgr, 0, pad_h, 0, pad_w, cv2.BORDER_REPLICATE))
    blob = cv2.dnn.blobFromImage(image_bgr, 1.0 / 255.0)
    net.setInput(blob)
    maps: NDArray[np.float32] = net.forward()[0]
    return maps[:, : -(-height // STRIDE), : -(-width // STRIDE)]


def _softmax(logits: NDArray[np.float32]) -> NDArray[np.float32]:
    e = np.exp(logits - logits.max(axis=0, keepdims=True))
    out: NDArray[np.float32] = e / e.sum(axis=0, keepdims=True)
    return out


def die_size(logit: float) -> float:
    """The die side in network-input pixels from the size channel, clipped: a featureless frame
    can give any logit, and a size must stay positive and finite.

    >>> die_size(0.0), die_size(-1e9) > 0, die_size(1e9) < float("inf")
    (48.0, True, True)
    """
    return float(SIZE_REF * np.exp(np.clip(logit, -6.0, 6.0)))


def find_candidates(net: cv2.dnn.Net, pyramid: Pyramid, scale: float, min_heat: float) -> list[Candidate]:
    """Heat peaks above ``min_heat`` with the frame resized by ``scale`` before the network."""
    maps = run_maps(net, pyramid.at(scale))
    heat = _sigmoid(maps[0])
    peaks = (heat >= min_heat) & (heat >= cv2.dilate(heat, np.ones((3, 3), np.uint8)))
    rows, cols = np.nonzero(peaks)
    if rows.size == 0:
        return []
    probs = _softmax(maps[1 : 1 + len(CLASSES)])
    padded_heat = np.pad(heat, 1)
    padded_probs = np.pad(probs, ((0, 0), (1, 1), (1, 1)))
    found = []
    for r, c in zip(rows.tolist(), cols.tolist(), strict=True):
        window = padded_heat[r : r + 3, c : c + 3]
        weight = window.sum()
        dy = float((window.sum(axis=1) * np.array([-1, 0, 1])).sum() / weight)
        dx = float((window.sum(axis=0) * np.array([-1, 0, 1])).sum() / weight)
        around = (padded_probs[:, r : r + 3, c : c + 3] * window).sum(axis=(1, 2)) / weight
        found.append(
            Candidate(
                x=(c + 0.5 + dx) * STRIDE / scale,
                y=(r + 0.5 + dy) * STRIDE / scale,
                size=die_size(float(maps[-1, r, c])) / scale,
                heat=float(heat[r, c]),
                probs=tuple(float(p) for p in probs[:, r, c]),
                probs_around=tuple(float(p) for p in around),
            )
        )
    return found


def _peak_near_centre(maps: NDArray[np.float32], radius_cells: float) -> tuple[int, int] | None:
    """The heat's local maximum nearest the crop's centre, within ``radius_cells``.

    Nearest, not hottest: a neighbouring die's peak may be hotter than this die's own.
    """
    heat = maps[0]
    rows, cols = heat.shape
    peaks = heat >= cv2.dilate(heat, np.ones((3, 3), np.uint8))
    ys, xs = np.nonzero(peaks)
    if ys.size == 0:
        return None
    distance = np.hypot(ys + 0.5 - rows / 2, xs + 0.5 - cols / 2)
    best = int(np.argmin(distance))
    if distance[best] > radius_cells:
        return None
    return int(ys[best]), int(xs[best])


Look = tuple[float, float, float, NDArray[np.float32], NDArray[np.float32]]


def _look(maps: NDArray[np.float32], r: int, c: int) -> Look:
    """(heat, dx, dy, probs, probs_around) at cell (r, c) of one crop's maps."""
    heat = _sigmoid(maps[0])
    probs = _softmax(maps[1 : 1 + len(CLASSES)])
    padded_heat = np.pad(heat, 1)
    window = padded_heat[r : r + 3, c : c + 3]
    weight = window.sum()
    dy = float((window.sum(axis=1) * np.array([-1, 0, 1])).sum() / weight)
    dx = float((window.sum(axis=0) * np.array([-1, 0, 1])).sum() / weight)
    padded_probs = np.pad(probs, ((0, 0), (1, 1), (1, 1)))
    around = (padded_probs[:, r : r + 3, c : c + 3] * window).sum(axis=(1, 2)) / weight
    return float(heat[r, c]), dx, dy, probs[:, r, c], around


def look_closer(
    net: cv2.dnn.Net,
    pyramid: Pyramid,
    rough: list[Candidate],
    scale: float,
    crop: int = 128,
    turned: bool = False,
    touching: Touching | None = None,
) -> list[Candidate]:
    """Read each rough candidate again on a ``crop``-pixel square of the frame resized by ``scale``.

    The peak nearest the crop's centre (within half a die) is the die; with ``turned`` each
    crop is also looked at turned by 90 degrees (``Candidate.second_probs``). Returns one
    candidate per rough one that still has a peak there, in frame pixels, and with
    ``touching`` the die touching it when the rough one was both (``vision.tuning.Touching``).
    """
    if not rough:
        return []
    crops = [pyramid.crop(scale, (c.x, c.y), crop) for c in rough]
    if turned:
        crops += [np.ascontiguousarray(np.rot90(c)) for c in crops]
    net.setInput(cv2.dnn.blobFromImages(crops, 1.0 / 255.0))
    maps = net.forward()
    n = len(rough)
    found = []
    for i, c in enumerate(rough):
        radius = 0.5 * c.size * scale / STRIDE + 0.5
        peak = _peak_near_centre(maps[i], radius)
        if peak is None:
            continue
        turned_peak = _peak_near_centre(maps[n + i], radius) if turned else None
        second = None
        if turned_peak is not None:
            second = tuple(float(p) for p in _look(maps[n + i], *turned_peak)[3])
        die = _found(c, maps[i], peak, scale, crop, second)
        found.append(die)
        if touching is not None and c.size >= touching.grown * die.size:
            found += _touching(c, die, maps[i], peak, scale, crop, touching)
    return found


def _found(
    rough: Candidate,
    maps: NDArray[np.float32],
    peak: tuple[int, int],
    scale: float,
    crop: int,
    second: tuple[float, ...] | None = None,
) -> Candidate:
    """The find at cell ``peak`` of the crop around ``rough`` (the frame resized by ``scale``), in
    frame pixels."""
    heat, dx, dy, probs, around = _look(maps, *peak)
    r, col = peak
    return Candidate(
        x=rough.x + ((col + 0.5 + dx) * STRIDE - crop / 2) / scale,
        y=rough.y + ((r + 0.5 + dy) * STRIDE - crop / 2) / scale,
        size=float(SIZE_REF * np.exp(maps[-1, r, col])) / scale,
        heat=heat,
        probs=tuple(float(p) for p in probs),
        probs_around=tuple(float(p) for p in around),
        second_probs=second,
    )


def _touching(
    rough: Candidate,
    die: Candidate,
    maps: NDArray[np.float32],
    peak: tuple[int, int],
    scale: float,
    crop: int,
    touching: Touching,
) -> list[Candidate]:
    """The other finds of the crop around ``rough`` that ``touching`` takes for a die beside
    ``die`` (the find at cell ``peak``)."""
    heat = maps[0]
    rows, cols = heat.shape
    ys, xs = np.nonzero(heat >= cv2.dilate(heat, np.ones((3, 3), np.uint8)))
    reach = touching.reach * die.size * scale / STRIDE
    found = []
    for y, x in zip(ys.tolist(), xs.tolist(), strict=True):
        if (y, x) == peak or math.hypot(y + 0.5 - rows / 2, x + 0.5 - cols / 2) > reach:
            continue
        other = _found(rough, maps, (y, x), scale, crop)
        if (
            other.heat >= touching.heat
            and math.hypot(other.x - die.x, other.y - die.y) >= touching.apart * die.size
            and 1 / touching.alike <= other.size / die.size <= touching.alike
        ):
            found.append(other)
    return found
