"""Examples to learn from, taken from labelled photos as the box takes them from a game.

The box reads a tray, and the players confirm or correct every die it found: each die then is an
example, its crop (``vision.learnt.example_crop``) and its true face. Here the labels play the
players: each image is read by the shipped reader, and each die found that a label matches
(``measure.scoring.match``) with a face 1-6 is an example. A labelled die the reader did not
find gives none (on the box the player would type it, and there is no crop of it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
from numpy.typing import NDArray

from measure.labels import LabelledSet
from measure.scoring import match
from vision.frame import Pyramid
from vision.learnt import example_crop
from vision.networks import SHIPPED, Networks
from vision.reader import read_dice
from vision.reading import Reading


@dataclass
class Examples:
    """Crops and their confirmed faces, and the images they came from."""

    crops: list[NDArray[np.uint8]] = field(default_factory=list)
    faces: list[int] = field(default_factory=list)
    images: list[str] = field(default_factory=list)
    unreadable: list[str] = field(default_factory=list)


def dice_crops(frame: NDArray[np.uint8], reading: Reading) -> list[NDArray[np.uint8]]:
    """Each die's example crop, from its box: the centre, and the longer side as its size."""
    pyramid = Pyramid(frame)
    crops = []
    for die in reading.dice:
        x, y = die.centre
        crops.append(example_crop(pyramid, x, y, float(max(die.box[2], die.box[3]))))
    return crops


def from_photos(
    labelled: LabelledSet,
    names: Sequence[str],
    limit: int,
    networks: Networks = SHIPPED,
    load: object = None,
) -> Examples:
    """The examples of the images ``names`` in order, until ``limit`` dice (0: no limit); an image is
    taken whole or not at all. ``load``: a function path -> frame or None (default: OpenCV's imread)."""
    import cv2

    found = Examples()
    for name in names:
        path = labelled.path(name)
        frame = load(path) if callable(load) else cv2.imread(str(path), cv2.IMREAD_COLOR)
        if frame is None:
            found.unreadable.append(name)
            continue
        image: NDArray[np.uint8] = np.asarray(frame, np.uint8)
        reading = read_dice(image, "pips", networks=networks)
        labels = labelled.labels.get(name, [])
        pairs = [(i, j) for i, j in match(labels, list(reading.dice), reading.width, reading.height)]
        kept = [(j, int(labels[i].value)) for i, j in pairs if labels[i].value in (1, 2, 3, 4, 5, 6)]
        if limit and found.faces and len(found.faces) + len(kept) > limit:
            break
        crops = dice_crops(image, reading)
        for j, face in kept:
            found.crops.append(crops[j])
            found.faces.append(face)
        found.images.append(name)
    return found
