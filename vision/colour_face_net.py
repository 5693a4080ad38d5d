"""Colour mode's face classifier: a small CNN that says what one top face shows, from a crop.

The colour network (``vision.colour_net``) finds top faces in a 512x384 copy of the frame, where a
die is 10-25 pixels across; this classifier looks again at each find in the full frame, white
balanced (``vision.colour.Cast``), its top face ``FACE_SIDE`` pixels across in a ``CROP`` x
``CROP`` crop so that the die's sides and what it leans on show too. Output: logits for
``FACE_CLASSES``: ``vision.colour_net.CLASSES`` (the Stonoga colours, the star, another colour),
``cocked`` and ``none`` (no die's top face is centred here: the floor, a die's side, a shadow).

Trained by ``tools/train_colour_face_net.py`` on the renderer only, at the colour network's own
finds, so that it learns the places the network is wrong about as well.
"""

from __future__ import annotations

import math
from pathlib import Path

import cv2
import numpy as np
from numpy.typing import NDArray

from vision.colour import Cast, percentile, times
from vision.colour_net import CLASSES
from vision.dice_net import ModelError, softmax
from vision.networks import Network, load
from vision.scaling import Pyramid

CROP = 48
FACE_SIDE = 18.0
FACE_CLASSES = (*CLASSES, "cocked", "none")
WHITE = 230.0
"""The scene's white level (``Cast.white``) is brought to this before the crop is classified..."""
FACE_BRIGHT, FACE_CLIP = 95.0, 250.0
FACE_COLOURED, FACE_COLOURED_SHARE = 0.3, 0.1
"""...but a coloured face is brightened no further than brings this percentile of its coloured pixels'
brightest channel (in the crop's middle; a pixel whose channels spread over ``FACE_COLOURED`` of its
brightest, at least ``FACE_COLOURED_SHARE`` of the middle) to this level. In a dim scene with nothing
white the scene's white is the table's or the floor's, and brightening a yellow face to it clipped red
and green alike: an orange face would look the same, and the classifier doubted (yellow 0.3-0.95,
another colour the rest). Hardest tuning seeds 1000-1599 and 3200-3599: 15 of 3421 dice more right,
silent errors as before (every face held back at the 99th or 80th percentile or a level of 200-230:
14-16). A white die, brighter than the table, is brightened to WHITE as before: clipped, it stays white
(held back too, a matteo pip on a white die read black ``ok`` under JPEG-40)."""
MODEL = Path(__file__).with_name("data") / "colour_face_net.onnx"


class ColourFaceNetError(ModelError):
    """The classifier file is missing or the runtime cannot load it (a ``ModelError``, as the pip
    reader's, so the commands report it alike)."""


def load_colour_face_net(path: str = str(MODEL)) -> Network:
    """The colour face classifier, loaded once (``vision.networks``)."""
    return load(path, "colour face classifier", "tools/train_colour_face_net.py", ColourFaceNetError)


def face_input(
    pyramid: Pyramid, x: float, y: float, side: float, cast: Cast, zoom: int = 1
) -> NDArray[np.uint8]:
    """The classifier's view of the top face of side ``side`` centred on frame point (x, y):
    a ``CROP`` x ``CROP`` crop, the cast undone and the scene's white brought to ``WHITE`` (a bright
    coloured face in a dim scene only until it would clip, ``FACE_CLIP``); ``zoom`` times as many
    pixels each way, for training's cache. The crop is turned so that the way out from the frame's
    centre points up: a flat die seen in perspective then always shows its sides below its top
    face, which a die leaning on a wall need not."""
    height, width = pyramid.at(1.0).shape[:2]
    dx, dy = x - width / 2, y - height / 2
    far = math.hypot(dx, dy)
    up = (dx / far, dy / far) if far > 1.0 else (0.0, -1.0)
    crop = pyramid.crop(zoom * FACE_SIDE / max(side, 1.0), (x, y), zoom * CROP, up)
    lit = times(crop.astype(np.float32), cast.gains)
    brighten = WHITE / max(cast.white, 1.0)
    if brighten > 1.0:
        quarter = lit.shape[0] // 4
        middle = lit[quarter:-quarter, quarter:-quarter]
        top, bottom = middle.max(axis=2), middle.min(axis=2)
        coloured = top[top - bottom >= FACE_COLOURED * top]
        if coloured.size >= FACE_COLOURED_SHARE * top.size:
            brighten = max(1.0, min(brighten, FACE_CLIP / max(percentile(coloured, FACE_BRIGHT), 1.0)))
    return np.asarray(np.clip(lit * np.float32(brighten), 0, 255), np.uint8)


def classify_faces(net: Network, crops: list[NDArray[np.uint8]]) -> NDArray[np.float32]:
    """Class probabilities (``FACE_CLASSES`` order), one row per crop (from ``face_input``)."""
    if not crops:
        return np.zeros((0, len(FACE_CLASSES)), np.float32)
    logits = net.run(cv2.dnn.blobFromImages(crops, 1.0 / 255.0)).reshape(len(crops), len(FACE_CLASSES))
    return softmax(logits, axis=1).astype(np.float32)
