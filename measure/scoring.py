"""Scoring readings against labelled dice: matching detections to labels, counting outcomes.

Detections are matched to labels by box centre (some sets box only the pips). Per labelled
die the outcome is one of: correct (right face, ``ok``), silent error (wrong face with ``ok``,
or ``ok`` on a die labelled cocked), abstention (``uncertain``/``cocked``) or missed. An ``ok``
die where no die is labelled is a silent error too. ``kostka eval`` and the benches use it.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from measure.calibration import BINS, expected_calibration_error
from measure.labels import COCKED, LabelledDie, LabelledSet, Value

OUTCOMES = ("correct", "silent", "abstain", "missed")


@dataclass
class Tally:
    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(OUTCOMES, 0))
    labelled: int = 0
    cocked_labels: int = 0
    wrong_face: int = 0
    ok_on_cocked: int = 0
    false_ok: int = 0
    extra_uncertain: int = 0
    abstain_cocked: int = 0
    ms: list[float] = field(default_factory=list)
    said: list[tuple[float, bool]] = field(default_factory=list)
    """(confidence, right) of every die given a face: right when a labelled die under it shows that
    face (``measure.calibration``)."""


@dataclass(frozen=True)
class Failure:
    image: str
    kind: str  # silent, abstain, missed, false-ok
    centre: tuple[float, float]
    size: float
    label: Value | None
    said: str


def match(labels: list[LabelledDie], dice: list[Any], width: int, height: int) -> list[tuple[int, int]]:
    """Greedy nearest pairs (label index, die index) whose centres lie close enough.

    A pair counts when the centres are within half the label's box or 0.4 of the die's size
    (a pip-only "1" box is tiny, the die around it is not).
    """
    pairs = []
    for i, label in enumerate(labels):
        lx, ly = label.centre_px(width, height)
        lsize = max(label.w * width, label.h * height)
        for j, die in enumerate(dice):
            dx, dy = die.centre
            distance = math.hypot(dx - lx, dy - ly)
            if distance <= max(0.5 * lsize, 0.4 * max(die.box[2], die.box[3])):
                pairs.append((distance, i, j))
    return closest_pairs(pairs)


def closest_pairs(candidates: Iterable[tuple[float, int, int]]) -> list[tuple[int, int]]:
    """The pairs (i, j) of ``candidates`` (distance, i, j), the closest first, each i and each j
    in one pair at most: a label takes the die nearest it only if no other label lies nearer.

    >>> closest_pairs([(5.0, 0, 0), (1.0, 1, 0), (3.0, 0, 1)])
    [(1, 0), (0, 1)]
    """
    used_i: set[int] = set()
    used_j: set[int] = set()
    out = []
    for _d, i, j in sorted(candidates):
        if i not in used_i and j not in used_j:
            used_i.add(i)
            used_j.add(j)
            out.append((i, j))
    return out


def score(name: str, labels: list[LabelledDie], reading: Any, tally: Tally, failures: list[Failure]) -> None:
    width, height = reading.width, reading.height
    dice = list(reading.dice)
    pairs = dict(match(labels, dice, width, height))
    matched = set(pairs.values())
    for i, label in enumerate(labels):
        tally.labelled += 1
        tally.cocked_labels += label.value == COCKED
        centre = label.centre_px(width, height)
        size = max(label.w * width, label.h * height)
        if i not in pairs:
            tally.counts["missed"] += 1
            failures.append(Failure(name, "missed", centre, size, label.value, "-"))
            continue
        die = dice[pairs[i]]
        if die.face is not None:
            tally.said.append((die.confidence, label.value != COCKED and die.face == label.value))
        said = f"{die.face if die.face is not None else '?'} {die.status} {die.confidence:.2f}"
        size = max(size, die.box[2], die.box[3])
        if label.value == COCKED:
            if die.status == "ok":
                tally.counts["silent"] += 1
                tally.ok_on_cocked += 1
                failures.append(Failure(name, "silent", centre, size, label.value, said))
            else:
                tally.counts["correct"] += 1
        elif die.status == "ok" and die.face == label.value:
            tally.counts["correct"] += 1
        elif die.status == "ok":
            tally.counts["silent"] += 1
            tally.wrong_face += 1
            failures.append(Failure(name, "silent", centre, size, label.value, said))
        else:
            tally.counts["abstain"] += 1
            tally.abstain_cocked += die.status == "cocked"
            failures.append(Failure(name, "abstain", centre, size, label.value, said))
    for j, die in enumerate(dice):
        if j in matched:
            continue
        if die.face is not None:
            tally.said.append((die.confidence, False))
        if die.status == "ok":
            tally.false_ok += 1
            tally.counts["silent"] += 1
            failures.append(
                Failure(
                    name,
                    "false-ok",
                    die.centre,
                    max(die.box[2:]),
                    None,
                    f"{die.face} ok {die.confidence:.2f}",
                )
            )
        else:
            tally.extra_uncertain += 1


def report(title: str, tally: Tally, runtime: str) -> str:
    """The tally of ``title`` as lines for a person; ``runtime``: the name of the networks' runtime."""
    n = max(tally.labelled, 1)
    c = tally.counts
    lines = [
        f"{title}: {tally.labelled} labelled dice ({tally.cocked_labels} cocked)",
        f"  correct ok     {c['correct']:5d}  {100 * c['correct'] / n:6.2f}%",
        f"  silent errors  {c['silent']:5d}  {100 * c['silent'] / n:6.2f}%  (wrong face {tally.wrong_face}, "
        f"ok on a cocked die {tally.ok_on_cocked}, ok where no die is {tally.false_ok})",
        f"  abstentions    {c['abstain']:5d}  {100 * c['abstain'] / n:6.2f}%  "
        f"(cocked {tally.abstain_cocked}; unlabelled uncertain finds {tally.extra_uncertain})",
        f"  missed         {c['missed']:5d}  {100 * c['missed'] / n:6.2f}%",
        f"  calibration    ECE {expected_calibration_error(tally.said):.3f}  (confidence against the share "
        f"right, {len(tally.said)} dice given a face, {BINS} bins)",
        f"  median ms      {statistics.median(tally.ms) if tally.ms else float('nan'):7.1f}"
        f"  (reading only, decode excluded; {len(tally.ms)} images; networks on {runtime})",
    ]
    return "\n".join(lines)


def failures_picture(labelled: LabelledSet, failures: list[Failure], path: Path, limit: int = 240) -> int:
    """A grid of crops around each failure; green = label, red = what the reader said."""
    import cv2
    import numpy as np

    tile = 160
    chosen = sorted(failures, key=lambda f: ("silent", "false-ok", "missed", "abstain").index(f.kind))[:limit]
    tiles = []
    cache: dict[str, Any] = {}
    for f in chosen:
        if f.image not in cache:
            cache.clear()
            cache[f.image] = cv2.imread(str(labelled.path(f.image)), cv2.IMREAD_COLOR)
        image = cache[f.image]
        if image is None:  # unreadable: reported as such, nothing to show
            continue
        half = max(int(f.size), 12)
        x, y = int(f.centre[0]), int(f.centre[1])
        crop = cv2.copyMakeBorder(image, half, half, half, half, cv2.BORDER_CONSTANT)[
            y : y + 2 * half, x : x + 2 * half
        ]
        crop = cv2.resize(crop, (tile, tile), interpolation=cv2.INTER_AREA)
        q = tile / (2 * half)
        s = int(f.size * q / 2)
        cv2.rectangle(crop, (tile // 2 - s, tile // 2 - s), (tile // 2 + s, tile // 2 + s), (0, 255, 255), 1)
        banner = np.zeros((34, tile, 3), np.uint8)
        label = "none" if f.label is None else ("cocked" if f.label == COCKED else str(f.label))
        cv2.putText(banner, f"{f.kind} label {label}", (2, 13), cv2.FONT_HERSHEY_SIMPLEX, 0.4, (0, 255, 0), 1)
        cv2.putText(banner, f"said {f.said}", (2, 29), cv2.FONT_HERSHEY_SIMPLEX, 0.4, (80, 80, 255), 1)
        name = np.zeros((14, tile, 3), np.uint8)
        cv2.putText(name, f.image[-24:], (2, 11), cv2.FONT_HERSHEY_SIMPLEX, 0.33, (200, 200, 200), 1)
        tiles.append(np.vstack([banner, crop, name]))
    if not tiles:
        return 0
    cols = 8
    blank = np.zeros_like(tiles[0])
    while len(tiles) % cols:
        tiles.append(blank)
    grid = np.vstack([np.hstack(tiles[r : r + cols]) for r in range(0, len(tiles), cols)])
    path.parent.mkdir(parents=True, exist_ok=True)
    cv2.imwrite(str(path), grid)
    return len(chosen)
