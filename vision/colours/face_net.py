"""Colour mode's face classifier: a small CNN that says what one top face shows, from a crop.

The colour network (``vision.colours.net``) finds top faces in a 512x384 copy of the frame, where a
die is 10-25 pixels across; this classifier looks again at each find in the full frame, white
balanced (``vision.colours.looks.Cast``), its top face ``FACE_SIDE`` pixels across in a ``CROP`` x
``CROP`` crop so that the die's sides and what it leans on show too. Output: logits for
``FACE_CLASSES``: ``vision.colours.net.CLASSES`` (the Stonoga colours, the star, another colour),
``cocked`` and ``none`` (no die's top face is centred here: the floor, a die's side, a shadow).

Trained by ``tools/train_colour_face_net.py`` on the renderer only, at the colour network's own
finds, so that it learns the places the network is wrong about as well.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np
from numpy.typing import NDArray

from vision.colours.net import CLASSES
from vision.errors import ModelError
from vision.frame import Pyramid
from vision.networks import COLOUR_FACE_NET, DATA, SECOND_COLOUR_FACE_NET, SHIPPED, Network, Networks
from vision.pips.dice_net import softmax
from vision.whitebalance import Cast, percentile, times

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
MODEL = DATA / COLOUR_FACE_NET
SECOND_MODEL = MODEL.with_name(SECOND_COLOUR_FACE_NET)
"""The same recipe trained again (another draw): asked only whether it shares the first's doubt
of another colour on a face the first names yellow (``FaceClassifiers``)."""
YELLOW, OTHER = FACE_CLASSES.index("yellow"), FACE_CLASSES.index("other")


class ColourFaceNetError(ModelError):
    """The classifier file is missing or the runtime cannot load it (a ``ModelError``, as the pip
    reader's, so the commands report it alike)."""


def load_colour_face_net(path: str | Path = MODEL, networks: Networks = SHIPPED) -> Network:
    """The colour face classifier, loaded once (``vision.networks``)."""
    return networks.open(path, "network.colour_face", "tools/train_colour_face_net.py", ColourFaceNetError)


def second_model(path: str) -> str:
    """The second classifier beside the first one's file ``path`` (a folder of networks trained
    again), else the shipped one."""
    beside = Path(path).with_name(SECOND_MODEL.name)
    return str(beside if beside.is_file() else SECOND_MODEL)


DOUBT_ASKED = 0.001
"""A yellow face the first classifier doubts less than this for another colour is not shown to the
second: the most it could move to yellow is this little (the reader's bars on that doubt are 0.005
and up; the hardest bench seeds gave 711 of 722 right either way)."""


@dataclass(frozen=True)
class FaceClassifiers:
    """The face classifier, and (unless None) a second draw of its recipe that must share the
    first's doubt of another colour on a yellow face for that doubt to stand (``shared_doubt``)."""

    first: Network
    second: Network | None = None

    def chances(self, crops: list[NDArray[np.uint8]]) -> NDArray[np.float32]:
        """Class probabilities (``FACE_CLASSES`` order), one row per crop (from ``face_input``)."""
        probs = classify_faces(self.first, crops)
        if self.second is None:
            return probs
        doubted = np.flatnonzero((probs.argmax(axis=1) == YELLOW) & (probs[:, OTHER] >= DOUBT_ASKED))
        if doubted.size:
            second = classify_faces(self.second, [crops[i] for i in doubted])
            probs[doubted] = shared_doubt(probs[doubted], second)
        return probs


def shared_doubt(first: NDArray[np.float32], second: NDArray[np.float32]) -> NDArray[np.float32]:
    """The first classifier's chances for faces it names yellow, its doubt of another colour kept only
    as far as the second's view of the same crops shares it; the rest goes to yellow.

    A yellow face under a warm lamp and an orange one (another colour) can look alike to one draw of
    the classifier; two draws trained alike seldom doubt the same yellow faces, while an orange die's
    doubt both share (the renderer's 30 % foreign-colour seeds: no silent error more).

    >>> first = np.array([[0.88, 0, 0, 0, 0, 0, 0.1, 0.02, 0]], np.float32)
    >>> sure = np.array([[0.99, 0, 0, 0, 0, 0, 0.01, 0, 0]])  # the second all but sure of yellow
    >>> [round(float(p), 2) for p in shared_doubt(first, sure)[0, [YELLOW, OTHER]]]
    [0.97, 0.01]
    >>> doubting = np.array([[0.6, 0, 0, 0, 0, 0, 0.4, 0, 0]])  # the second doubts it more
    >>> [round(float(p), 2) for p in shared_doubt(first, doubting)[0, [YELLOW, OTHER]]]
    [0.88, 0.1]
    """
    out = first.copy()
    gone = np.maximum(out[:, OTHER] - second[:, OTHER], 0.0)
    out[:, OTHER] -= gone
    out[:, YELLOW] += gone
    return out


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
