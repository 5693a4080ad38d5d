"""``kostka eval DIR``: score the dice reader on a labelled folder (labels.csv + images).

The labels say the mode (``firmware.labels``): pip faces 1-6, colour names (colours mode, with
the built-in rules or ``--profile``) or cards ``kind:colour+colour`` (cards mode, with the
colours of the shipped Lezard board or ``--board``); ``--mode`` may say it too.

Detections are matched to labels by box centre (some sets box only the pips). Per labelled
die the outcome is one of: correct (right face, ``ok``), silent error (wrong face with ``ok``,
or ``ok`` on a die labelled cocked), abstention (``uncertain``/``cocked``) or missed. An ``ok``
die where no die is labelled is a silent error too.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from firmware.games.shut_the_box.switches import add_reader_switches
from firmware.labels import COCKED, LabelledDie, LabelledSet, LabelsError, Value, labels_mode, load_set

OUTCOMES = ("correct", "silent", "abstain", "missed")


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "eval",
        help="score the dice reader on a folder of labelled photos",
        description="Score the dice reader on a folder with labels.csv and images/ "
        "(the format of ../shared/data/dice-photos).",
    )
    parser.add_argument("folder", metavar="DIR", help="folder holding labels.csv and images/")
    add_reader_switches(
        parser,
        mode_default=None,
        mode_help="what the dice show (default: what the labels hold; pips when they hold no face)",
    )
    parser.add_argument(
        "--every", type=int, default=1, metavar="K", help="use every K-th image (sorted by name)"
    )
    parser.add_argument(
        "--offset", type=int, default=0, metavar="J", help="start at the J-th image (with --every)"
    )
    parser.add_argument("--limit", type=int, default=0, metavar="N", help="stop after N images")
    parser.add_argument(
        "--failures",
        metavar="PATH",
        help="where to write the failures picture (default: out/eval-DIRNAME.jpg)",
    )
    parser.add_argument(
        "--as-labelled",
        action="store_true",
        help="score against labels.csv as written (default: with the known mistakes corrected, "
        "firmware/data/label_fixes.csv)",
    )
    parser.add_argument(
        "--models",
        metavar="DIR",
        help="folder with other dice_net.onnx and face_net.onnx, and face_net_close.onnx if a closer"
        " look is wanted (default: shipped)",
    )
    return parser


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


def progress(done: int, total: int, started: float) -> None:
    width = 30
    filled = width * done // max(total, 1)
    rate = done / max(time.perf_counter() - started, 1e-9)
    eta = (total - done) / rate if rate else 0.0
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} images, {eta:.0f} s left ")
    sys.stderr.flush()


def report(title: str, tally: Tally) -> str:
    from vision.networks import runtime_name

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
        f"  median ms      {statistics.median(tally.ms) if tally.ms else float('nan'):7.1f}"
        f"  (reading only, decode excluded; {len(tally.ms)} images; networks on {runtime_name()})",
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


def run(args: argparse.Namespace) -> int:
    import cv2
    import numpy as np

    from firmware.devices.images import try_load_image
    from firmware.profiles import ProfileError, ReaderSetupError, reader_inputs
    from vision.dice_net import ModelError
    from vision.face_net import FaceModelError
    from vision.reader import read_dice
    from vision.reading import Reading

    cv2.setNumThreads(1)
    folder = Path(args.folder)
    try:
        labelled = load_set(folder, as_labelled=args.as_labelled)
    except LabelsError as error:
        print(f"Cannot evaluate: {error}.", file=sys.stderr)
        return 2
    if args.every < 1 or args.offset < 0 or args.limit < 0:
        print(
            "Cannot evaluate: --every must be at least 1, --offset and --limit not negative.", file=sys.stderr
        )
        return 2
    try:
        mode = labels_mode(labelled.labels) or args.mode or "pips"
    except LabelsError as error:
        print(f"Cannot evaluate: {error}.", file=sys.stderr)
        return 2
    if args.mode is not None and args.mode != mode:
        print(f"Cannot evaluate: the labels hold {mode}, not {args.mode}; leave out --mode or label "
              f"the folder for {args.mode}.", file=sys.stderr)  # fmt: skip
        return 2
    try:
        profile, colours, lizards = reader_inputs(
            mode, models=args.models, profile_path=args.profile, board_path=args.board
        )
    except ReaderSetupError as error:
        print(f"Cannot evaluate: {error}.", file=sys.stderr)
        return 2
    names = labelled.images[args.offset :: args.every]
    if args.limit:
        names = names[: args.limit]
    tally = Tally()
    failures: list[Failure] = []
    unreadable = []
    started = time.perf_counter()
    for done, name in enumerate(names, 1):
        image, _why = try_load_image(labelled.path(name))
        if image is None:
            unreadable.append(name)
            score(name, labelled.labels.get(name, []), Reading((), 1, 1), tally, failures)
            continue
        try:
            t0 = time.perf_counter()
            reading = read_dice(
                np.asarray(image, np.uint8),
                mode,
                models=args.models,
                profile=profile,
                colours=colours,
                lizards=lizards,
            )
            tally.ms.append(1000 * (time.perf_counter() - t0))
        except (ModelError, FaceModelError, ProfileError) as error:
            print(f"\nCannot evaluate: {error}.", file=sys.stderr)
            return 2
        score(name, labelled.labels.get(name, []), reading, tally, failures)
        if sys.stderr.isatty() or done % 10 == 0 or done == len(names):
            progress(done, len(names), started)
    sys.stderr.write("\n")
    subset = f" (images {args.offset}::{args.every}" + (f", first {args.limit}" if args.limit else "") + ")"
    title = folder.name + (subset if args.every > 1 or args.offset or args.limit else "")
    print(report(f"{title} ({mode})", tally))
    if labelled.corrected:
        print(f"  labels corrected  {labelled.corrected:3d}  (whole set; firmware/data/label_fixes.csv, "
              "checked by eye; --as-labelled scores the labels as written)")  # fmt: skip
    if unreadable:
        print(f"  unreadable images: {len(unreadable)} (first: {unreadable[0]}); their dice count as missed")
    picture = Path(args.failures) if args.failures else Path("out") / f"eval-{folder.resolve().name}.jpg"
    shown = failures_picture(labelled, failures, picture)
    if shown:
        print(f"  failures picture: {picture} ({shown} of {len(failures)} failures)")
    else:
        print("  no failures to show")
    return 1 if unreadable else 0
