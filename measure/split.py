"""Which photos of a labelled set may tune the reader and which are held out to measure it.

The three development sets (``measure.photo_sets.SETS``) trained the networks on their
even-numbered images (sorted by name); their odd-numbered half is held out. Every other set is
split by photo: a photo is held out when the first 32 bits of the SHA-256 of its file name are odd,
so a photo's part never depends on which other photos lie beside it.

>>> part_of("byler-mixed-tray", 3, "IMG_3.jpg"), part_of("byler-mixed-tray", 4, "IMG_3.jpg")
('held-out', 'tuning')
>>> part_of("rune55-cup-stacked", 0, "00002_jpg_1.jpg") == part_of("other", 7, "00002_jpg_1.jpg")
True
"""

from __future__ import annotations

import hashlib
from typing import Literal

from measure.photo_sets import SETS

Part = Literal["tuning", "held-out"]
PARTS: tuple[Part, ...] = ("tuning", "held-out")


def by_name(name: str) -> Part:
    """The part of a photo of a set split by photo."""
    return "held-out" if int(hashlib.sha256(name.encode()).hexdigest()[:8], 16) % 2 else "tuning"


def part_of(folder: str, index: int, name: str) -> Part:
    """The part of the photo ``name``, the ``index``-th (from 0) of set ``folder`` sorted by name."""
    if folder in SETS:
        return "held-out" if index % 2 else "tuning"
    return by_name(name)


def chosen(folder: str, names: list[str], part: Part) -> list[str]:
    """The photos of ``names`` (the set's, sorted by name) in ``part``."""
    return [name for index, name in enumerate(names) if part_of(folder, index, name) == part]
