"""Colour mode's dice network: run it on a frame and turn its maps into top faces.

The network (``vision/data/colour_net.onnx``, trained by ``tools/train_colour_net.py`` on the
synthetic renderer only) is a CenterNet-style fully convolutional detector with a FIXED input
of ``INPUT`` (512x384 BGR, the frame resized so; OpenCV 4.11 cannot import dynamic shapes).
For every 8x8 cell of its input (``STRIDE``; a network with finer maps is decoded at its own
stride) it gives:

- channel 0: a logit that a die's top face is centred in the cell (the *heat*);
- channels 1-7: logits for what that face shows, in the order of ``CLASSES``;
- channel 8: a logit that the die is cocked (leans on a wall or another die), apart from what
  its top face shows: a cocked die still shows a colour;
- channel 9: ``log(top face side / SIZE_REF)`` in input pixels;
- channels 10-13 (the shipped network, ``tools/train_colour_fine.py``): a finer heat, the logits
  of the cell's four 4x4 quarters, row by row (``fine_heat``).

Finds are local maxima of the heat. Small dice are looked at again in enlarged 96x96 windows
around the finds (``closer_top_faces``): OpenCV's dnn runs the fixed-shape network on any input
that is a multiple of 32 (4.11 and 5.0 alike). Two touching dice may share one find; the finer
heat then shows two peaks on it (``pair_peaks``). This module reports what the network saw;
``vision.colours.with_net`` decides what the referee stands by.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np
from numpy.typing import NDArray

from vision.errors import ModelError
from vision.frame import Pyramid
from vision.networks import COLOUR_NET, DATA, SHIPPED, Network, Networks
from vision.pips.dice_net import around, framed, local_maxima, peak_offsets, sigmoid, softmax

STRIDE = 8
CLASSES = ("yellow", "red", "green", "blue", "black", "star", "other")
"""What a top face shows: the Stonoga colours, the star, or a colour that is not Stonoga's."""
MAPS = 1 + len(CLASSES) + 2
"""Channels of the network's output: heat, ``CLASSES``, cocked, size (then the finer heat's, if any)."""
FINE_CELLS = 4
"""Channels of the finer heat after ``MAPS``: each cell's 2x2 quarters."""
SIZE_REF = 16.0
INPUT = (512, 384)
"""The network's input (width, height): a 4:3 frame resized to this."""
MODEL = DATA / COLOUR_NET


@dataclass(frozen=True, slots=True)
class TopFace:
    """A heat peak in the caller's frame pixels: the top face's centre and side, the heat, the
    class probabilities (``CLASSES`` order) and the chance that the die is cocked, averaged over
    the cells around the peak."""

    x: float
    y: float
    side: float
    heat: float
    probs: tuple[float, ...]
    cocked: float

    @property
    def best(self) -> str:
        """The likeliest class."""
        return CLASSES[int(np.argmax(self.probs))]


@dataclass(frozen=True, slots=True)
class CloserLook:
    """When and how ``closer_top_faces`` looks again (``vision.colours.settings`` holds the tuned one)."""

    below: float  # the typical find's side, network input pixels, under which it looks closer
    side: float  # ...enlarged so that the typical find is this many pixels across
    most: float  # ...but at most this many times
    window: int  # side of the square read around each find (a multiple of 32)
    keep: float  # finds this share of a window or less from its middle (each way) are kept


class ColourNetError(ModelError):
    """The network file is missing or the runtime cannot load it."""


def load_colour_net(path: str | Path = MODEL, networks: Networks = SHIPPED) -> Network:
    """The colour network, loaded once (``vision.networks``)."""
    return networks.open(path, "network.colour", "tools/train_colour_net.py", ColourNetError)


def run_maps(net: Network, image_bgr: NDArray[np.uint8]) -> NDArray[np.float32]:
    """The network's maps (``MAPS``, 48, 64 for the shipped one at ``INPUT`` size) for an image whose
    sides are multiples of 32."""
    if image_bgr.shape[0] % 32 or image_bgr.shape[1] % 32:
        raise ValueError(f"the colour network takes sides that are multiples of 32, got {image_bgr.shape}")
    maps: NDArray[np.float32] = net.run(cv2.dnn.blobFromImage(image_bgr, 1.0 / 255.0))[0]
    return maps


@dataclass(frozen=True, slots=True)
class Peak:
    """A peak of the finer heat, in the caller's frame pixels."""

    x: float
    y: float
    heat: float


def find_top_faces(net: Network, pyramid: Pyramid, width: int, height: int, min_heat: float) -> list[TopFace]:
    """Heat peaks above ``min_heat`` of a frame (``width`` x ``height``), in frame pixels."""
    return first_look(net, pyramid, width, height, min_heat)[0]


def first_look(
    net: Network, pyramid: Pyramid, width: int, height: int, min_heat: float, shrink: float = 1.0
) -> tuple[list[TopFace], NDArray[np.float32] | None]:
    """``find_top_faces`` and the finer heat map of the frame (``fine_heat``; None if the network
    has none).

    The frame is resized to ``INPUT`` (a frame not 4:3 is stretched: the network sees dice a
    little squashed, as the renderer's tilted cameras show them too), or ``shrink`` times it (0.5:
    a look at half size, ``vision.colours.with_net.counted_twice``).
    """
    size = (round(INPUT[0] * shrink), round(INPUT[1] * shrink))
    sx, sy = size[0] / width, size[1] / height
    if abs(sx - sy) < 1e-3:
        image = pyramid.at(sx)
        if (image.shape[1], image.shape[0]) != size:
            image = np.asarray(cv2.resize(image, size, interpolation=cv2.INTER_LINEAR), np.uint8)
    else:
        image = np.asarray(cv2.resize(pyramid.at(max(sx, sy)), size, interpolation=cv2.INTER_AREA), np.uint8)
    maps = run_maps(net, image)
    return top_faces(maps, min_heat, (0.0, 0.0), (sx, sy), size[0] / maps.shape[-1]), fine_heat(maps)


def fine_heat(maps: NDArray[np.float32]) -> NDArray[np.float32] | None:
    """The finer heat (0-1) at twice the maps' resolution, from their last ``FINE_CELLS``
    channels; None for maps without them.

    >>> maps = np.full((MAPS + FINE_CELLS, 1, 2), -9.0, np.float32)
    >>> maps[MAPS + 2, 0, 1] = 9.0  # cell (0, 1), its lower left quarter
    >>> np.argwhere(fine_heat(maps) > 0.5).tolist()
    [[1, 2]]
    """
    if maps.shape[0] < MAPS + FINE_CELLS:
        return None
    quarters = maps[MAPS : MAPS + FINE_CELLS]
    rows, cols = maps.shape[1:]
    fine = quarters.reshape(2, 2, rows, cols).transpose(2, 0, 3, 1).reshape(2 * rows, 2 * cols)
    return sigmoid(np.ascontiguousarray(fine))


def fine_peaks(heat: NDArray[np.float32], scale: tuple[float, float], least: float) -> list[Peak]:
    """The peaks of the finer ``heat`` (the first look's, for a frame scaled by ``scale`` to the
    network's input) of at least ``least``, in the frame's pixels.

    >>> heat = np.zeros((96, 128), np.float32); heat[10, 20] = 0.9; heat[50, 60] = 0.3
    >>> [(p.x, p.y, round(p.heat, 1)) for p in fine_peaks(heat, (0.5, 0.5), 0.5)]
    [(164.0, 84.0, 0.9)]
    """
    rows, cols = local_maxima(heat, least)
    step = INPUT[0] / heat.shape[1]
    return [
        Peak((c + 0.5) * step / scale[0], (r + 0.5) * step / scale[1], float(heat[r, c]))
        for r, c in zip(rows.tolist(), cols.tolist(), strict=True)
    ]


def pair_peaks(
    heat: NDArray[np.float32],
    found: list[TopFace],
    scale: tuple[float, float],
    least: float,
    reach: float,
    apart: float,
) -> list[tuple[Peak, Peak] | None]:
    """For each find, the two hottest peaks of the finer ``heat`` (the first look's, for a frame
    scaled by ``scale`` to the network's input) of at least ``least`` that lie within ``reach``
    of its side from it and at least ``apart`` sides from each other, or None: two touching dice
    under one find of the coarser heat."""
    peaks = fine_peaks(heat, scale, least)
    out: list[tuple[Peak, Peak] | None] = []
    for f in found:
        near = [p for p in peaks if math.hypot(p.x - f.x, p.y - f.y) < reach * f.side]
        pairs = [
            (a, b)
            for i, a in enumerate(near)
            for b in near[i + 1 :]
            if math.hypot(a.x - b.x, a.y - b.y) >= apart * f.side
        ]
        out.append(max(pairs, key=lambda ab: ab[0].heat + ab[1].heat) if pairs else None)
    return out


def closer_top_faces(
    net: Network,
    pyramid: Pyramid,
    found: list[TopFace],
    size: tuple[int, int],
    typical: float,
    min_heat: float,
    look: CloserLook,
    shrink: float = 1.0,
) -> list[TopFace]:
    """``found`` (``find_top_faces``'s, or ``first_look``'s at ``shrink`` times its size) looked at
    again closer when the dice are small.

    At the network's scale two small touching dice fall under one heat peak (stride 8), and the
    second die is missed. When the frame's ``typical`` find (its side, frame pixels) is smaller
    than ``look.below`` pixels of the network's input, the network reads a ``look.window`` pixel
    square around each find, enlarged so that the typical find is ``look.side`` pixels across
    (at most ``look.most`` times), all in one batch; the finds within ``look.keep`` windows of a
    window's middle replace the first ones (near its borders the window lacks context)."""
    width, height = size
    scale = shrink * INPUT[0] / width
    if not found or typical * scale >= look.below:
        return found
    scale *= min(look.most, look.side / (typical * scale))
    side = look.window
    half = side / 2 / scale
    # each window around its find, moved inside the frame where it can be
    middles = [(_inside(f.x, half, width), _inside(f.y, half, height)) for f in found]
    windows = net.run(cv2.dnn.blobFromImages([pyramid.crop(scale, m, side) for m in middles], 1.0 / 255.0))
    reach = look.keep * side / scale
    closer = []
    for f, maps, (mx, my) in zip(found, windows, middles, strict=True):
        seen = top_faces(maps, min_heat, (mx - half, my - half), (scale, scale), side / maps.shape[-1])
        closer += [t for t in seen if abs(t.x - f.x) <= reach and abs(t.y - f.y) <= reach]
    return closer


def _inside(at: float, half: float, length: int) -> float:
    """``at`` moved so that ``at`` +- ``half`` lies within 0..``length`` (when it fits)."""
    return min(max(at, half), length - half) if 2 * half <= length else length / 2


def top_faces(
    maps: NDArray[np.float32],
    min_heat: float,
    origin: tuple[float, float],
    scale: tuple[float, float],
    stride: float = STRIDE,
) -> list[TopFace]:
    """The heat peaks above ``min_heat`` of the network's ``maps`` for an image that is the
    frame scaled by ``scale`` (x, y) from frame point ``origin``, in frame pixels; ``stride``:
    input pixels per cell of the maps."""
    sx, sy = scale
    heat = sigmoid(maps[0])
    rows, cols = local_maxima(heat, min_heat)
    if rows.size == 0:
        return []
    probs = softmax(maps[1 : 1 + len(CLASSES)])
    cocked = sigmoid(maps[1 + len(CLASSES)])
    # as a batch of one image (``vision.pips.dice_net.Seen``)
    framed_heat, framed_probs, framed_cocked = (framed(m)[None] for m in (heat, probs, cocked))
    image = np.zeros_like(rows)
    dx, dy, weights = peak_offsets(framed_heat, image, rows, cols)
    xs = (origin[0] + (cols + 0.5 + dx) * stride / sx).tolist()
    ys = (origin[1] + (rows + 0.5 + dy) * stride / sy).tolist()
    sides = ((SIZE_REF * np.exp(maps[MAPS - 1, rows, cols])).astype(np.float64) / ((sx + sy) / 2)).tolist()
    heats = heat[rows, cols].tolist()
    probs = around(framed_probs, image, rows, cols, weights).tolist()
    leaning = around(framed_cocked, image, rows, cols, weights).tolist()
    return [
        TopFace(x=x, y=y, side=side, heat=h, probs=tuple(p), cocked=lean)
        for x, y, side, h, p, lean in zip(xs, ys, sides, heats, probs, leaning, strict=True)
    ]
