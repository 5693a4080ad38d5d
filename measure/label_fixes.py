"""Corrections to the labels of ../shared/data/dice-photos, each checked by eye.

The photo sets were labelled by other people; a few labels are wrong (a die showing three pips
labelled 2) and a few dice have none. Scored as they are, each would count as a silent error of
the reader, and trained on, each teaches it a wrong face. ``measure/data/label_fixes.csv`` lists
every correction: the set (folder name), image, label centre as written in labels.csv (for a
missing label: the die's centre and size ``w``, ``h``), the value there (``was``; ``-`` when the
die has no label), the face on top (``now``; ``-`` when the label marks no die, a stray box)
and what the die shows. A correction applies only
where the row still says ``was`` (and a missing label only where no label lies on the die), so a
set fixed at its source is left alone. How they were found: the reader's confident disagreements
with the labels (all images, trained and held-out alike) were cut out at four times the size and
looked at; only faces that are plain to see were corrected, the rest left as labelled.

>>> from measure.labels import LabelledDie
>>> rows = {"IMG_20191209_095439.jpg": [LabelledDie(5, 0.519189, 0.603801, 0.05, 0.05)]}
>>> fixed, count = apply_fixes("byler-mixed-tray", rows)
>>> fixed["IMG_20191209_095439.jpg"][0].value, count
(4, 1)
>>> apply_fixes("another-set", rows)[1]
0
"""

from __future__ import annotations

import csv
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import NamedTuple

from measure.labels import LabelledDie, Value, parse_value

FIXES = Path(__file__).with_name("data") / "label_fixes.csv"
_CLOSE = 1e-5  # label centres are written with six decimals


class _Fix(NamedTuple):
    set: str
    image: str
    die: LabelledDie  # the corrected label (its value is ignored when ``drop``)
    was: Value | None  # None: the die had no label
    drop: bool  # the label marks no die at all (a stray box): it goes


@cache
def _fixes() -> tuple[_Fix, ...]:
    with FIXES.open(newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    return tuple(
        _Fix(
            row["set"],
            row["image"],
            LabelledDie(
                parse_value(row["was"] if row["now"] == "-" else row["now"]),
                float(row["cx"]),
                float(row["cy"]),
                float(row["w"] or 0),
                float(row["h"] or 0),
            ),
            None if row["was"] == "-" else parse_value(row["was"]),
            row["now"] == "-",
        )
        for row in rows
    )


def apply_fixes(
    set_name: str, labels: dict[str, list[LabelledDie]]
) -> tuple[dict[str, list[LabelledDie]], int]:
    """The labels with the corrections for ``set_name`` applied, and how many applied."""
    fixed = {image: list(dice) for image, dice in labels.items()}
    count = 0
    for fix in _fixes():
        if fix.set != set_name or fix.image not in fixed:
            continue
        dice = fixed[fix.image]
        if fix.was is None:
            if not any(_covers(die, fix.die) for die in dice):
                dice.append(fix.die)
                count += 1
            continue
        for i, die in enumerate(dice):
            if _same_place(die, fix.die) and die.value == fix.was:
                if fix.drop:
                    del dice[i]
                else:
                    dice[i] = replace(die, value=fix.die.value)
                count += 1
                break
    return fixed, count


def _same_place(a: LabelledDie, b: LabelledDie) -> bool:
    return abs(a.cx - b.cx) < _CLOSE and abs(a.cy - b.cy) < _CLOSE


def _covers(label: LabelledDie, die: LabelledDie) -> bool:
    """Whether ``label``'s centre lies on ``die`` (then the die has a label after all)."""
    return abs(label.cx - die.cx) < die.w / 2 and abs(label.cy - die.cy) < die.h / 2
