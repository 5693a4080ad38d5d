"""Labelled dice photos: the ``labels.csv`` format of ``../shared/data/dice-photos``.

One row per die (or card): ``image,value,cx,cy,w,h`` with the box centre and size as fractions
of the image's width and height. ``value`` is what is on top:

- pips: the face 1-6;
- colours: a colour name or ``star`` (Nogi Stonogi dice);
- cards: ``kind:colour+colour`` with kind ``square``, ``squares`` or ``lizard`` (Lezard cards);
- ``0`` for a die the labeller marked unreadable (cocked), in every mode.

The images lie in ``images/`` beside labels.csv (the photo sets), or beside it directly (the
folders ``bench/synth_sheet.py --folder`` writes).

>>> import io
>>> rows = parse_labels(io.StringIO("image,value,cx,cy,w,h\\na.jpg,5,0.5,0.25,0.1,0.1\\n"))
>>> rows["a.jpg"][0].value, rows["a.jpg"][0].centre_px(200, 100)
(5, (100.0, 25.0))
>>> labels_mode(parse_labels(["image,value,cx,cy,w,h", "b.png,Red,0.5,0.5,0.1,0.1"]))
'colours'
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

COCKED = 0  # the value labellers give a die that rests tilted
CARD_KINDS = ("square", "squares", "lizard")
_WORD = re.compile(r"[a-z][a-z_-]*")

Value = int | str
"""A pip face (int, 0 = cocked), a colour name, or a card as ``kind:colour+colour``."""


class LabelsError(ValueError):
    """A labels.csv that cannot be read; the message names the file and the line."""


@dataclass(frozen=True, slots=True)
class LabelledDie:
    """One labelled die or card: its value (0 = cocked) and box as fractions of the image."""

    value: Value
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


def parse_value(text: str) -> Value:
    """A label's value: an int for pips (and 0), else a lower-case colour name or card.

    >>> parse_value("4"), parse_value(" Star "), parse_value("squares:red+blue")
    (4, 'star', 'squares:red+blue')
    >>> parse_value("7")
    Traceback (most recent call last):
    ...
    ValueError: value 7 is not 0-6
    """
    word = text.strip().lower()
    if word.lstrip("-").isdigit():
        number = int(word)
        if not 0 <= number <= 6:
            raise ValueError(f"value {number} is not 0-6")
        return number
    kind, colon, colours = word.partition(":")
    if colon:
        parts = colours.split("+")
        if kind not in CARD_KINDS or not 1 <= len(parts) <= 2 or not all(_WORD.fullmatch(p) for p in parts):
            raise ValueError(
                f"card {text!r} is not kind:colour or kind:colour+colour ({', '.join(CARD_KINDS)})"
            )
        return word
    if not _WORD.fullmatch(word):
        raise ValueError(f"value {text!r} is not 0-6, a colour name or a card (kind:colour+colour)")
    return word


def parse_labels(lines: TextIO | Iterable[str], source: str = "labels.csv") -> dict[str, list[LabelledDie]]:
    """Rows grouped by image name, in file order."""
    found: dict[str, list[LabelledDie]] = {}
    reader = csv.DictReader(lines)
    missing = {"image", "value", "cx", "cy", "w", "h"} - set(reader.fieldnames or ())
    if missing:
        raise LabelsError(f"{source}: header lacks {sorted(missing)}; expected image,value,cx,cy,w,h")
    for row in reader:
        try:
            die = LabelledDie(
                parse_value(row["value"] or ""), *(float(row[k]) for k in ("cx", "cy", "w", "h"))
            )
        except (TypeError, ValueError) as error:
            raise LabelsError(f"{source} line {reader.line_num}: {error}") from None
        found.setdefault(row["image"], []).append(die)
    return found


def labels_mode(labels: Mapping[str, list[LabelledDie]]) -> str | None:
    """The reading mode the labels call for (``pips``, ``colours`` or ``cards``); ``None`` when
    only cocked dice (0) are labelled; ``LabelsError`` when modes are mixed."""
    modes = set()
    for dice in labels.values():
        for die in dice:
            if isinstance(die.value, int):
                if die.value != COCKED:
                    modes.add("pips")
            else:
                modes.add("cards" if ":" in die.value else "colours")
    if len(modes) > 1:
        raise LabelsError(f"the labels mix {' and '.join(sorted(modes))}: keep one kind of dice per folder")
    return modes.pop() if modes else None


@dataclass(frozen=True, slots=True)
class LabelledSet:
    """A folder with labels.csv and its images (in ``images/`` or beside labels.csv);
    images without a row have no dice."""

    folder: Path
    labels: dict[str, list[LabelledDie]]
    pictures: Path | None = None
    """Where the images are (default: ``folder/images``)."""
    corrected: int = 0
    """How many labels ``measure.label_fixes`` corrected (the photo sets' known mistakes)."""

    @property
    def image_folder(self) -> Path:
        return self.pictures if self.pictures is not None else self.folder / "images"

    @property
    def images(self) -> list[str]:
        names = {p.name for p in self.image_folder.iterdir() if p.is_file() and p.suffix.lower() in PICTURES}
        return sorted(names | set(self.labels))

    def path(self, image: str) -> Path:
        return self.image_folder / image


PICTURES = {".jpg", ".jpeg", ".png", ".bmp", ".webp", ".tif", ".tiff"}


def load_set(folder: str | Path, as_labelled: bool = False) -> LabelledSet:
    """Read ``folder/labels.csv``; raise LabelsError saying what is missing.

    The known mistakes of the photo sets are corrected (``measure.label_fixes``) unless
    ``as_labelled``."""
    from measure.label_fixes import apply_fixes

    folder = Path(folder)
    csv_path = folder / "labels.csv"
    if not csv_path.is_file():
        raise LabelsError(f"{folder}: expected labels.csv and an images/ folder inside it")
    pictures = folder / "images" if (folder / "images").is_dir() else folder
    with csv_path.open(newline="", encoding="utf-8") as handle:
        labels = parse_labels(handle, str(csv_path))
    if as_labelled:
        return LabelledSet(folder, labels, pictures)
    fixed, corrected = apply_fixes(folder.name, labels)
    return LabelledSet(folder, fixed, pictures, corrected)
