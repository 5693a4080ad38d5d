"""The face classifier: a small CNN that names the top face of one centred die crop.

Input: a ``FACE_CROP`` x ``FACE_CROP`` BGR crop, the die centred with its side about
``FACE_DIE`` pixels. Output: logits for ``FACE_CLASSES`` (faces 1-6, 0 = cocked, ``None`` =
no die here). Trained by ``tools/train_face_net.py``; a second, independent reader beside
the dice network's own class maps.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
from numpy.typing import NDArray

from vision.errors import FaceModelError
from vision.frame import Pyramid
from vision.networks import CLOSE_FACE_NET, DATA, FACE_NET, SHIPPED, Network, Networks
from vision.pips.dice_net import softmax

FACE_CROP = 64
FACE_DIE = 40.0
FACE_CLASSES: tuple[int | None, ...] = (1, 2, 3, 4, 5, 6, 0, None)
MODEL = DATA / FACE_NET
CLOSE_CROP = 96
CLOSE_DIE = 60.0
CLOSE_MODEL = DATA / CLOSE_FACE_NET
"""A second classifier, the same network on a closer look (96x96 crop, die 60 px): asked only
about dice the first leaves unsure (``vision.pips.trust``). Alone it reads marbled and translucent
dice better and blurred ones worse."""


def load_face_net(path: str | Path = MODEL, networks: Networks = SHIPPED) -> Network:
    """A face classifier, loaded once (``vision.networks``)."""
    return networks.open(path, "network.face", "tools/train_face_net.py", FaceModelError)


def face_probs(
    net: Network,
    pyramid: Pyramid,
    dice: list[tuple[float, float, float]],
    turns: int = 2,
    sure: float = 1.0,
    layout: tuple[int, float] = (FACE_CROP, FACE_DIE),
) -> list[NDArray[np.float32]]:
    """Class probabilities for dice given as (x, y, size): per die an array (views, classes).

    Each die is cut once and shown to the network as it is; a die whose first view names no
    class with probability ``sure`` or more is shown again turned by 90, 180, ... degrees
    (``turns`` views in all). An ensemble file (``tools/train_face_net.py --ensemble``) gives
    each crop one view per member. ``layout``: the network's crop side and die side, pixels.
    """
    side, die = layout
    crops = [pyramid.crop(die / size, (x, y), side) for x, y, size in dice]
    views = [[view] for view in _probs(net, crops)]
    again = [i for i, die_views in enumerate(views) if die_views[0].max() < sure]
    turned = [np.ascontiguousarray(np.rot90(crops[i], k)) for i in again for k in range(1, turns)]
    more = _probs(net, turned)
    for n, i in enumerate(again):
        views[i] += list(more[n * (turns - 1) : (n + 1) * (turns - 1)])
    return [np.concatenate(die_views).astype(np.float32) for die_views in views]


def class_probs(net: Network, crops: list[NDArray[np.uint8]]) -> NDArray[np.float32]:
    """Each crop's class chances (``FACE_CLASSES``), shape (len(crops), classes); one network file."""
    return _probs(net, crops)[:, 0]


def _probs(net: Network, crops: list[NDArray[np.uint8]]) -> NDArray[np.float32]:
    """Softmax of the logits, shape (len(crops), members, classes)."""
    if not crops:
        return np.zeros((0, 1, len(FACE_CLASSES)), np.float32)
    logits = net.run(cv2.dnn.blobFromImages(crops, 1.0 / 255.0)).reshape(len(crops), -1, len(FACE_CLASSES))
    return softmax(logits, axis=2).astype(np.float32)
