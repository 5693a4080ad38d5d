"""The face classifier: a small CNN that names the top face of one centred die crop.

Input: a ``FACE_CROP`` x ``FACE_CROP`` BGR crop, the die centred with its side about
``FACE_DIE`` pixels. Output: logits for ``FACE_CLASSES`` (faces 1-6, 0 = cocked, ``None`` =
no die here). Trained by ``tools/train_face_net.py``; a second, independent reader beside
the dice network's own class maps.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np
from numpy.typing import NDArray

from vision.scaling import Pyramid

FACE_CROP = 48
FACE_DIE = 30.0
FACE_CLASSES: tuple[int | None, ...] = (1, 2, 3, 4, 5, 6, 0, None)
MODEL = Path(__file__).with_name("data") / "face_net.onnx"


class FaceModelError(RuntimeError):
    """The classifier file is missing or OpenCV cannot load it."""


@lru_cache(maxsize=4)
def load_face_net(path: str = str(MODEL)) -> cv2.dnn.Net:
    if not Path(path).is_file():
        raise FaceModelError(f"face classifier {path} is missing; train it with tools/train_face_net.py")
    try:
        return cv2.dnn.readNetFromONNX(path)
    except cv2.error as error:
        raise FaceModelError(f"OpenCV cannot load the face classifier {path}: {error}") from None


def face_probs(
    net: cv2.dnn.Net, pyramid: Pyramid, dice: list[tuple[float, float, float]], turns: int = 2
) -> NDArray[np.float32]:
    """Class probabilities, shape (len(dice), views, classes), for dice given as (x, y, size).

    Each die is cut once and shown to the network turned by 0, 90, ... degrees (``turns``
    crops); views = turns x the members of an ensemble file (``tools/train_face_net.py``).
    """
    if not dice:
        return np.zeros((0, turns, len(FACE_CLASSES)), np.float32)
    crops = []
    for x, y, size in dice:
        crop = pyramid.crop(FACE_DIE / size, (x, y), FACE_CROP)
        crops += [np.ascontiguousarray(np.rot90(crop, k)) for k in range(turns)]
    net.setInput(cv2.dnn.blobFromImages(crops, 1.0 / 255.0))
    # an ensemble file gives each crop several members' logits: each is one more view
    logits = net.forward().reshape(len(dice), -1, len(FACE_CLASSES))
    e = np.exp(logits - logits.max(axis=2, keepdims=True))
    probs: NDArray[np.float32] = (e / e.sum(axis=2, keepdims=True)).astype(np.float32)
    return probs
