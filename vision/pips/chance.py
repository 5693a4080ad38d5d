"""The chance that a die's face is right: one calibrated model over what the reader already knows.

Each find the reader keeps is described by a few numbers (``FEATURES``: how surely the face
classifier's views name the face and how far they agree, the closer classifier's say when it was
asked, the dice network's heat and its own class chances, the die's size against the frame's dice
and in pixels, the finds in the frame, whether every check of ``vision.pips.trust`` stood by it).
A logistic model of these (``vision/data/face_chance.json``, fitted by ``tools/fit_face_chance.py``
on the tuning parts of the photo sets, ``measure.split``) gives the chance that the die is a die and
its face the one named. That chance is the die's ``confidence``; a die is ``ok`` only when every
check stood by it and the chance is at least the model's ``threshold``.

>>> model = Chance(names=("a", "b"), mean=(0.0, 0.0), scale=(1.0, 1.0), weights=(2.0, -1.0), bias=0.5,
...                threshold=0.9)
>>> round(model.of(np.array([1.0, 0.5])), 3)
0.881
>>> model.stands_by(0.95), model.stands_by(0.88)
(True, False)
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

from vision.errors import FaceModelError
from vision.pips.dice_net import CLASSES, Candidate
from vision.pips.face_net import FACE_CLASSES

MODEL = Path(__file__).resolve().parent.parent / "data" / "face_chance.json"
COCKED = FACE_CLASSES.index(0)
NONE = FACE_CLASSES.index(None)

FEATURES = (
    "face",  # logit of the first classifier's mean for the face it names
    "face_least",  # logit of that face's chance in its least sure view
    "runner_up",  # logit of the mean's second likeliest class
    "no_die",  # logit of the mean's "no die"
    "cocked",  # logit of the mean's "cocked"
    "views",  # views taken (1: the first was sure)
    "closer_asked",  # 1 when the closer classifier was asked
    "closer_face",  # logit of the closer classifier's mean for the face (0 when not asked)
    "heat",  # logit of the dice network's heat
    "net_face",  # logit of the dice network's own chance of that face (3x3 cells around the peak)
    "size_off",  # |log(size / the frame's dice)|
    "log_px",  # log2 of the die's side in frame pixels
    "finds",  # log2 of the finds in the frame
    "first_look_only",  # 1 for a find the closer look lost
    "checked",  # 1 when every check of ``vision.pips.trust`` stood by the face
)


def logit(p: float, clip: float = 7.0) -> float:
    """log(p / (1 - p)), clipped to +-``clip``.

    >>> logit(0.5), logit(1.0), round(logit(0.9), 3)
    (0.0, 7.0, 2.197)
    """
    p = min(max(float(p), 1e-12), 1 - 1e-12)
    return max(-clip, min(clip, math.log(p / (1 - p))))


def features(
    c: Candidate,
    views: NDArray[np.float32],
    closer: NDArray[np.float32] | None,
    typical: float | None,
    finds: int,
    checked: bool,
) -> NDArray[np.float64]:
    """``FEATURES`` of one find (``views``: the face classifier's, one row per view)."""
    mean = views.mean(axis=0)
    order = np.argsort(mean)[::-1]
    best = int(order[0])
    face = FACE_CLASSES[best]
    net = CLASSES.index(face) if face in CLASSES else None
    net_face = c.probs_around[net] if net is not None else 0.0
    return np.array(
        [
            logit(mean[best]),
            logit(views[:, best].min()),
            logit(mean[order[1]]),
            logit(mean[NONE]),
            logit(mean[COCKED]),
            len(views),
            closer is not None,
            logit(closer.mean(axis=0)[best]) if closer is not None else 0.0,
            logit(c.heat),
            logit(net_face),
            abs(math.log(c.size / typical)) if typical else 0.0,
            math.log2(max(c.size, 1.0)),
            math.log2(max(finds, 1)),
            c.first_look_only,
            checked,
        ],
        np.float64,
    )


@dataclass(frozen=True)
class Chance:
    """A fitted logistic model over ``names`` (standardised by ``mean`` and ``scale``) and the
    chance (``threshold``) from which the referee stands by a face."""

    names: tuple[str, ...]
    mean: tuple[float, ...]
    scale: tuple[float, ...]
    weights: tuple[float, ...]
    bias: float
    threshold: float

    def of(self, x: NDArray[np.float64]) -> float:
        """The chance for one find's features."""
        z = (x - np.asarray(self.mean)) / np.asarray(self.scale)
        score = float(z @ np.asarray(self.weights)) + self.bias
        return 1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, score))))

    def stands_by(self, chance: float) -> bool:
        return chance >= self.threshold


@cache
def load_chance(path: Path = MODEL) -> Chance | None:
    """The shipped model, or None when its file is absent (the checks alone decide, confidence is
    the network's heat times the classifier's chance); a file that does not fit ``FEATURES`` is
    refused."""
    if not path.is_file():
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        model = Chance(
            names=tuple(data["features"]),
            mean=tuple(data["mean"]),
            scale=tuple(data["scale"]),
            weights=tuple(data["weights"]),
            bias=float(data["bias"]),
            threshold=float(data["threshold"]),
        )
    except (ValueError, KeyError, TypeError) as error:
        raise FaceModelError(f"{path} is not a face-chance model ({error})") from error
    if model.names != FEATURES or not len(model.mean) == len(model.scale) == len(model.weights) == len(
        FEATURES
    ):
        raise FaceModelError(
            f"{path} was fitted to other features; fit it again with tools/fit_face_chance.py"
        )
    return model
