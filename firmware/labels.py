"""Labelled dice photos: the ``labels.csv`` format of ``../shared/data/dice-photos``.

One row per die: ``image,value,cx,cy,w,h`` with the box centre and size as fractions of
the image's width and height; ``value`` is the face on top, 1-6, or 0 for a die the
labeller marked unreadable (cocked).

>>> import io
>>> rows = parse_labels(io.StringIO("image,value,cx,cy,w,h\\na.jpg,5,0.5,0.25,0.1,0.1\\n"))
>>> rows["a.jpg"][0].value, rows["a.jpg"][0].centre_px(200, 100)
(5, (100.0, 25.0))
"""

from __future__ import annotations

import csv
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

COCKED = 0  # the value labellers give a die that rests tilted


class LabelsError(ValueError):
    """A labels.csv that cannot be read; the message names the file and the line."""


@dataclass(frozen=True, slots=True)
class LabelledDie:
    """One labelled die: face value (0 = cocked) and box as fractions of the image."""

    value: int
    cx: float
    cy: float
    w: float
    h: float

    def centre_px(self, width: int, height: int) -> tuple[float, float]:
        return self.cx * width, self.cy * height

    def box_px(self, width: int, height: int) -> tuple[float, float, float, float]:
        """``(x, y, w, h)`` in pixels, top-left corner first."""
        bw, bh = self.w * width, self.h * height
        return self.cx * width - bw / 2, self.cy * height - bh / 2, bw, bh


def parse_labels(lines: TextIO | Iterable[str], source: str = "labels.csv") -> dict[str, list[LabelledDie]]:
    """Rows grouped by image name, in file order."""
    found: dict[str, list[LabelledDie]] = {}
    reader = csv.DictReader(lines)
    missing = {"image", "value", "cx", "cy", "w", "h"} - set(reader.fieldnames or ())
    if missing:
        raise LabelsError(f"{source}: header lacks {sorted(missing)}; expected image,value,cx,cy,w,h")
    for row in reader:
        try:
            die = LabelledDie(int(row["value"]), *(float(row[k]) for k in ("cx", "cy", "w", "h")))
        except (TypeError, ValueError) as error:
            raise LabelsError(f"{source} line {reader.line_num}: {error}") from None
        if not 0 <= die.value <= 6:
            raise LabelsError(f"{source} line {reader.line_num}: value {die.value} is not 0-6")
        found.setdefault(row["image"], []).append(die)
    return found


@dataclass(frozen=True, slots=True)
class LabelledSet:
    """A folder with ``images/`` and ``labels.csv``; images without a row have no dice."""

    folder: Path
    labels: dict[str, list[LabelledDie]]

    @property
    def images(self) -> list[str]:
        names = {p.name for p in (self.folder / "images").iterdir() if p.is_file()}
        return sorted(names | set(self.labels))

    def path(self, image: str) -> Path:
        return self.folder / "images" / image


def load_set(folder: str | Path) -> LabelledSet:
    """Read ``folder/labels.csv``; raise LabelsError saying what is missing."""
    folder = Path(folder)
    csv_path = folder / "labels.csv"
    if not csv_path.is_file() or not (folder / "images").is_dir():
        raise LabelsError(f"{folder}: expected labels.csv and an images/ folder inside it")
    with csv_path.open(newline="", encoding="utf-8") as handle:
        return LabelledSet(folder, parse_labels(handle, str(csv_path)))
