"""The small dice network: run it on a frame and turn its maps into die candidates.

The network (``vision/data/dice_net.onnx``, trained by ``tools/train_dice_net.py``) is a
CenterNet-style fully convolutional detector. For every 8x8 cell of its input it gives:

- channel 0: a logit that a die's centre lies in the cell (the *heat*);
- channels 1-7: logits for the top face, in the order of ``CLASSES`` (0 = cocked);
- channel 8: ``log(die size / SIZE_REF)``, the die's side in input pixels.

Candidates are local maxima of the heat. This module knows nothing of statuses: it reports
what the network saw; ``vision.pips.reader`` decides what the referee stands by.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from pathlib import Path

import cv2
import numpy as np
from numpy.typing import NDArray

from vision.errors import ModelError
from vision.frame import Pyramid
from vision.networks import DATA, DICE_NET, SHIPPED, Network, Networks
from vision.pips.settings import Touching

STRIDE = 8  # one output cell per 8x8 input pixels
CLASSES = (1, 2, 3, 4, 5, 6, 0)  # face values per class channel; 0 = cocked
SIZE_REF = 48.0  # the size channel is log(size / SIZE_REF)
ALIGN = 32  # input sides must be multiples of the network's total stride
MODEL = DATA / DICE_NET


@dataclass(frozen=True, slots=True)
class Candidate:
    """A heat peak, in the pixels of the frame the caller gave.

    ``probs`` are the class probabilities in ``CLASSES`` order at the peak;
    ``probs_around`` the same averaged over the 3x3 cells around it (a steadier look);
    ``second_probs`` those of a second look at the die's crop turned by 90 degrees, when taken;
    ``first_look_only``: a find the closer look lost, kept as the first look saw it
    (``vision.pips.reader.lost_on_closer_look``).
    """

    x: float
    y: float
    size: float
    heat: float
    probs: tuple[float, ...]
    probs_around: tuple[float, ...]
    second_probs: tuple[float, ...] | None = None
    first_look_only: bool = False


def load_net(path: str | Path = MODEL, networks: Networks = SHIPPED) -> Network:
    """The dice network, loaded once (``vision.networks``)."""
    return networks.open(path, "network.dice", "tools/train_dice_net.py", ModelError)


def sigmoid(x: NDArray[np.float32]) -> NDArray[np.float32]:
    """The logistic function, float32 (clipped: no overflow)."""
    out: NDArray[np.float32] = (1.0 / (1.0 + np.exp(-np.clip(x, -60.0, 60.0)))).astype(np.float32)
    return out


def run_maps(net: Network, image_bgr: NDArray[np.uint8]) -> NDArray[np.float32]:
    """The network's maps (9, H/8, W/8) for an image; the image is padded to a multiple of 32."""
    height, width = image_bgr.shape[:2]
    pad_h, pad_w = -height % ALIGN, -width % ALIGN
    if pad_h or pad_w:
        image_bgr = np.asarray(cv2.copyMakeBorder(image_bgr, 0, pad_h, 0, pad_w, cv2.BORDER_REPLICATE))
    blob = cv2.dnn.blobFromImage(image_bgr, 1.0 / 255.0)
    maps: NDArray[np.float32] = net.run(blob)[0]
    return maps[:, : -(-height // STRIDE), : -(-width // STRIDE)]


def softmax(logits: NDArray[np.float32], axis: int = 0) -> NDArray[np.float32]:
    """Probabilities over ``axis`` (the first: a map's classes)."""
    e = np.exp(logits - logits.max(axis=axis, keepdims=True))
    out: NDArray[np.float32] = e / e.sum(axis=axis, keepdims=True)
    return out


def die_sizes(logits: NDArray[np.float32]) -> NDArray[np.float64]:
    """The dice sides in network-input pixels from the size channel's logits, clipped: a
    featureless frame can give any logit, and a size must stay positive and finite.

    >>> sizes = die_sizes(np.array([0.0, -1e9, 1e9], np.float32))
    >>> float(sizes[0]), bool(sizes[1] > 0), bool(np.isfinite(sizes[2]))
    (48.0, True, True)
    """
    out: NDArray[np.float64] = SIZE_REF * np.exp(np.clip(np.asarray(logits, np.float64), -6.0, 6.0))
    return out


def find_candidates(net: Network, pyramid: Pyramid, scale: float, min_heat: float) -> list[Candidate]:
    """Heat peaks above ``min_heat`` with the frame resized by ``scale`` before the network."""
    seen = Seen(run_maps(net, pyramid.at(scale))[None])
    rows, cols = local_maxima(seen.heat[0], min_heat)
    return seen.candidates(np.zeros_like(rows), rows, cols, scale, np.zeros((1, 2)))


def local_maxima(
    heat: NDArray[np.float32], least: float = -np.inf
) -> tuple[NDArray[np.intp], NDArray[np.intp]]:
    """Rows and columns of the cells of heat ``least`` or more no 3x3 neighbour of which is hotter."""
    rows, cols = np.nonzero((heat >= cv2.dilate(heat, np.ones((3, 3), np.uint8))) & (heat >= least))
    return rows, cols


def framed(maps: NDArray[np.float32]) -> NDArray[np.float32]:
    """The maps (rows and columns last) with a frame of zeros one cell wide (as ``np.pad``, faster)."""
    out = np.zeros((*maps.shape[:-2], maps.shape[-2] + 2, maps.shape[-1] + 2), maps.dtype)
    out[..., 1:-1, 1:-1] = maps
    return out


def _windows(rows: NDArray[np.intp], cols: NDArray[np.intp]) -> tuple[NDArray[np.intp], NDArray[np.intp]]:
    """Indices (peaks, 3, 3) of the 3x3 cells around each cell (rows, cols) in maps ``framed``."""
    near = np.arange(3)
    return rows[:, None, None] + near[None, :, None], cols[:, None, None] + near[None, None, :]


def peak_offsets(
    framed_heat: NDArray[np.float32], which: NDArray[np.intp], rows: NDArray[np.intp], cols: NDArray[np.intp]
) -> tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.float32]]:
    """Where in its cell (dx, dy, in cells) each peak at cells (rows, cols) of images ``which``
    lies, by the heat of the 3x3 cells around it (``framed_heat``: the images' heat ``framed``),
    and those cells' weights (peaks, 3, 3; each peak's summing to 1), by which maps are averaged
    around it (``around``)."""
    windows = framed_heat[(which[:, None, None], *_windows(rows, cols))]
    weights: NDArray[np.float32] = windows / windows.sum(axis=(1, 2), keepdims=True)
    steps = np.array([-1.0, 0.0, 1.0])
    return weights.sum(axis=1) @ steps, weights.sum(axis=2) @ steps, weights


def around(
    framed_maps: NDArray[np.float32],
    which: NDArray[np.intp],
    rows: NDArray[np.intp],
    cols: NDArray[np.intp],
    weights: NDArray[np.float32],
) -> NDArray[np.float32]:
    """The images' maps (``framed``: images first, cells last) averaged over the 3x3 cells around
    each peak at cells (rows, cols) of images ``which`` by ``weights``: (peaks, channels), or
    (peaks,) for one map an image."""
    cells = framed_maps[(which[:, None, None], Ellipsis, *_windows(rows, cols))]  # (peaks, 3, 3, channels)
    spread = weights.reshape(*weights.shape, *([1] * (cells.ndim - 3)))
    out: NDArray[np.float32] = (cells * spread).sum(axis=(1, 2))
    return out


class Seen:
    """Maps of a batch of images (a frame, or crops of it), decoded once: the heat, the class
    probabilities and their framed copies, images first."""

    def __init__(self, maps: NDArray[np.float32]) -> None:
        self.maps = maps
        self.heat = sigmoid(maps[:, 0])
        self.probs = softmax(maps[:, 1 : 1 + len(CLASSES)], axis=1)
        self.framed_heat = framed(self.heat)
        self.framed_probs = framed(self.probs)

    def candidates(
        self,
        which: NDArray[np.intp],
        rows: NDArray[np.intp],
        cols: NDArray[np.intp],
        scale: float,
        origins: NDArray[np.float64],
    ) -> list[Candidate]:
        """The finds at cells (rows, cols) of images ``which``, in pixels of a frame that image k
        shows scaled by ``scale`` from frame point ``origins[k]`` (its top left corner, x and y)."""
        if rows.size == 0:
            return []
        dx, dy, weights = peak_offsets(self.framed_heat, which, rows, cols)
        xs = (origins[which, 0] + (cols + 0.5 + dx) * STRIDE / scale).tolist()
        ys = (origins[which, 1] + (rows + 0.5 + dy) * STRIDE / scale).tolist()
        sizes = (die_sizes(self.maps[which, -1, rows, cols]) / scale).tolist()
        heats = self.heat[which, rows, cols].tolist()
        probs = self.probs[which, :, rows, cols].tolist()
        probs_around = around(self.framed_probs, which, rows, cols, weights).tolist()
        return [
            Candidate(x=x, y=y, size=size, heat=heat, probs=tuple(p), probs_around=tuple(a))
            for x, y, size, heat, p, a in zip(xs, ys, sizes, heats, probs, probs_around, strict=True)
        ]


def _peak_near_centre(logits: NDArray[np.float32], radius_cells: float) -> tuple[int, int] | None:
    """The heat's local maximum nearest the crop's centre, within ``radius_cells`` (``logits``:
    the heat channel before the sigmoid).

    Nearest, not hottest: a neighbouring die's peak may be hotter than this die's own.
    """
    rows, cols = logits.shape
    ys, xs = local_maxima(logits)
    if ys.size == 0:
        return None
    distance = np.hypot(ys + 0.5 - rows / 2, xs + 0.5 - cols / 2)
    best = int(np.argmin(distance))
    if distance[best] > radius_cells:
        return None
    return int(ys[best]), int(xs[best])


def look_closer(
    net: Network,
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
    ``touching`` the die touching it when the rough one was both (``vision.pips.settings.Touching``).
    """
    if not rough:
        return []
    crops = [pyramid.crop(scale, (c.x, c.y), crop) for c in rough]
    if turned:
        crops += [np.ascontiguousarray(np.rot90(c)) for c in crops]
    maps = net.run(cv2.dnn.blobFromImages(crops, 1.0 / 255.0))
    seen = Seen(maps)
    n = len(rough)
    origins = np.array([(c.x - crop / 2 / scale, c.y - crop / 2 / scale) for c in rough])
    radii = [0.5 * c.size * scale / STRIDE + 0.5 for c in rough]
    peaks = [_peak_near_centre(maps[i, 0], radius) for i, radius in enumerate(radii)]
    kept = [(i, peak) for i, peak in enumerate(peaks) if peak is not None]
    at = np.array([peak for _, peak in kept], np.intp).reshape(-1, 2)
    dice = seen.candidates(np.array([i for i, _ in kept], np.intp), at[:, 0], at[:, 1], scale, origins)
    found = []
    for (i, peak), die in zip(kept, dice, strict=True):
        turned_peak = _peak_near_centre(maps[n + i, 0], radii[i]) if turned else None
        if turned_peak is not None:
            second = tuple(seen.probs[n + i, :, turned_peak[0], turned_peak[1]].tolist())
            die = replace(die, second_probs=second)
        found.append(die)
        if touching is not None and rough[i].size >= touching.grown * die.size:
            found += _touching(seen, i, die, peak, scale, origins, touching)
    return found


def _touching(
    seen: Seen,
    image: int,
    die: Candidate,
    peak: tuple[int, int],
    scale: float,
    origins: NDArray[np.float64],
    touching: Touching,
) -> list[Candidate]:
    """The other finds of a closer look's crop (image ``image`` of ``seen``, from frame point
    ``origins[image]`` at ``scale``) that ``touching`` takes for a die beside ``die`` (the find
    at cell ``peak``)."""
    rows, cols = seen.heat.shape[1:]
    ys, xs = local_maxima(seen.maps[image, 0])
    reach = touching.reach * die.size * scale / STRIDE
    near = [
        k
        for k, (y, x) in enumerate(zip(ys.tolist(), xs.tolist(), strict=True))
        if (y, x) != peak and math.hypot(y + 0.5 - rows / 2, x + 0.5 - cols / 2) <= reach
    ]
    others = seen.candidates(np.full(len(near), image, np.intp), ys[near], xs[near], scale, origins)
    return [
        other
        for other in others
        if other.heat >= touching.heat
        and math.hypot(other.x - die.x, other.y - die.y) >= touching.apart * die.size
        and 1 / touching.alike <= other.size / die.size <= touching.alike
    ]
