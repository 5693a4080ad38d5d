"""Colour mode on real photos: the body colours labelled in tests/data/colour_labels/.

    .venv/bin/python -m bench.eval_colour_photos            # every labelled set, even and odd images
    .venv/bin/python -m bench.eval_colour_photos --limit 10
    .venv/bin/python -m bench.eval_colour_photos --change warm    # the photos under a warm lamp

Reads each labelled photo of ../shared/data/dice-photos with ``read_colours`` (default profile)
and matches dice to labels by centre, the closest pair first (as ``kostka eval``), within 0.6 of
the die's box (colour mode's box stands half a die's rise from its top face). A die labelled with
a Stonoga colour (yellow, red, green, blue, black) counts correct when read ``ok`` with that
colour; any other body (white, purple, gold, marbled) must not be read ``ok`` with a colour: that
is a silent error. ``smoke``
(translucent dark grey) is shown apart: it is neither clearly black nor clearly not.
Figures are printed for the even- and odd-numbered images (sorted by name) of each set: the
settings were looked at on even ones only. ``--change`` reads the photos changed as another
camera or room would change them (darker, warmer, blurred, JPEG-40, half size: measure/changes.py);
with the camera nearer (``near-70``, ``near-50``: the photo's middle scaled back up) only the dice
whose labelled box lies wholly in that middle are scored, as ``bench/bench_photo_changes.py`` scores
the pips.
Each set's failures are drawn as a grid of crops (``kostka eval``'s picture: green the label, red what
colour mode said) in ``out/colour-photos-SET.jpg`` (``--failures DIR`` for another folder).
"""

from __future__ import annotations

import argparse
import csv
import math
import statistics
import sys
from collections import Counter, defaultdict
from pathlib import Path

import cv2

from firmware.devices.onnx_runtime import chosen_networks
from measure.changes import CHANGES, NEARER, as_taken, in_view
from measure.labels import LabelledDie, LabelledSet, load_set
from measure.photo_sets import DATA as PHOTOS
from measure.photo_sets import absent
from measure.scoring import Failure, closest_pairs, failures_picture
from vision.colours.looks import STONOGA
from vision.colours.reader import read_colours

ROOT = Path(__file__).resolve().parent.parent
LABELS = ROOT / "tests" / "data" / "colour_labels"


def score_set(
    name: str,
    limit: int,
    models: str | None = None,
    change: str = "as-taken",
    failures: list[Failure] | None = None,
) -> dict[str, Counter[str]]:
    """The tallies of a set's even and odd images; each die not read right is added to ``failures``."""
    failed = failures if failures is not None else []
    by_image: dict[str, list[tuple[float, float, str]]] = defaultdict(list)
    with (LABELS / f"{name}.csv").open(newline="") as handle:
        for row in csv.DictReader(handle):
            by_image[row["image"]].append((float(row["cx"]), float(row["cy"]), row["colour"]))
    images = sorted(by_image)[: limit or None]
    boxes = load_set(PHOTOS / name).labels if change in NEARER else {}
    halves: dict[str, Counter[str]] = {"even": Counter(), "odd": Counter()}
    for number, image in enumerate(images):
        tally = halves["even" if number % 2 == 0 else "odd"]
        frame = cv2.imread(str(PHOTOS / name / "images" / image), cv2.IMREAD_COLOR)
        if frame is None:
            tally["unreadable"] += 1
            continue
        changed = CHANGES[change](frame)
        reading = as_taken(read_colours(changed, networks=chosen_networks(models)), change, *frame.shape[:2])
        labels = by_image[image]
        if change in NEARER:
            kept, reading = in_view(boxed(labels, boxes.get(image, [])), reading, change, *frame.shape[:2])
            labels = [(label.cx, label.cy, str(label.value)) for label in kept]
        width, height = reading.width, reading.height
        sides = [max(d.box[2:]) for d in reading.dice]
        typical = statistics.median(sides) if sides else 0.1 * max(width, height)  # a missed die's crop
        gaps = [
            (math.hypot(d.centre[0] - cx * width, d.centre[1] - cy * height), n, i)
            for n, (cx, cy, _) in enumerate(labels)
            for i, d in enumerate(reading.dice)
        ]
        pairs = dict(closest_pairs(g for g in gaps if g[0] < 0.6 * max(reading.dice[g[2]].box[2:])))
        used = set(pairs.values())
        for n, (cx, cy, colour) in enumerate(labels):
            x, y = cx * width, cy * height
            kind = "stonoga" if colour in STONOGA else "smoke" if colour == "smoke" else "other"
            tally[f"{kind} dice"] += 1
            if n not in pairs:
                tally[f"{kind} missed"] += 1
                if kind == "stonoga":
                    failed.append(Failure(image, "missed", (x, y), typical, colour, "-"))
                continue
            die = reading.dice[pairs[n]]
            said = f"{die.face} {die.status} {die.confidence:.2f}"
            if die.status != "ok":
                tally[f"{kind} uncertain"] += 1
                if kind == "stonoga":
                    failed.append(Failure(image, "abstain", (x, y), max(die.box[2:]), colour, said))
            elif kind == "stonoga" and die.face == colour:
                tally[f"{kind} correct"] += 1
            elif kind == "smoke":
                tally[f"smoke read {die.face}"] += 1
            else:
                tally[f"{kind} silent"] += 1
                failed.append(Failure(image, "silent", (x, y), max(die.box[2:]), colour, said))
        for i, d in enumerate(reading.dice):
            if i not in used and d.status == "ok":
                tally["ok where no die"] += 1
                said = f"{d.face} ok {d.confidence:.2f}"
                failed.append(Failure(image, "false-ok", d.centre, max(d.box[2:]), None, said))
    return halves


def boxed(labels: list[tuple[float, float, str]], pips: list[LabelledDie]) -> list[LabelledDie]:
    """The colour labels of a photo with the boxes of its pip labels, for ``in_view`` (each colour
    label lies at the centre of a die in the set's own labels.csv: ``tests/data/colour_labels/README.md``).

    >>> pips = [LabelledDie(3, 0.2, 0.3, 0.1, 0.1), LabelledDie(5, 0.6, 0.5, 0.12, 0.1)]
    >>> boxed([(0.6, 0.5, "red")], pips)
    [LabelledDie(value='red', cx=0.6, cy=0.5, w=0.12, h=0.1)]
    """
    out = []
    for cx, cy, colour in labels:
        pip = min(pips, key=lambda p: math.hypot(p.cx - cx, p.cy - cy))
        out.append(LabelledDie(colour, cx, cy, pip.w, pip.h))
    return out


def report(name: str, half: str, t: Counter[str]) -> str:
    stonoga, other = t["stonoga dice"], t["other dice"]
    silent = t["stonoga silent"] + t["other silent"] + t["ok where no die"]
    every = max(1, stonoga + other)
    parts = []
    if stonoga:
        right = t["stonoga correct"]
        parts.append(f"Stonoga colours {stonoga} dice, correct ok {right} ({100 * right / stonoga:.2f}%)")
    if other:
        parts.append(f"other bodies {other} dice, read ok as a colour {100 * t['other silent'] / other:.2f}%")
    parts.append(f"silent errors overall {100 * silent / every:.2f}% ({silent})")
    if t["smoke dice"]:
        smoke = {k.removeprefix("smoke read "): v for k, v in t.items() if k.startswith("smoke read")}
        parts.append(f"smoke {t['smoke dice']} dice, read ok as {smoke}")
    return f"{name} {half}: " + "; ".join(parts)


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--limit", type=int, default=0, help="images per set (0: all labelled)")
    parser.add_argument(
        "--models", metavar="DIR", help="folder with another dice_net.onnx (default: shipped)"
    )
    parser.add_argument(
        "--change",
        choices=list(CHANGES),
        default="as-taken",
        help="change the photos first",
    )
    parser.add_argument(
        "--failures",
        metavar="DIR",
        default=str(ROOT / "out"),
        help="folder for the failures pictures (default: out/)",
    )
    args = parser.parse_args()
    if absent():
        return 0
    cv2.setNumThreads(1)
    from firmware.devices.onnx_runtime import choose_runtime

    print(f"networks on {choose_runtime()}", flush=True)
    together: dict[str, Counter[str]] = {"even": Counter(), "odd": Counter()}
    for path in sorted(LABELS.glob("*.csv")):
        failures: list[Failure] = []
        for half, tally in score_set(path.stem, args.limit, args.models, args.change, failures).items():
            print(report(path.stem, half, tally), flush=True)
            together[half].update(tally)
        if failures:
            picture = Path(args.failures) / f"colour-photos-{path.stem}.jpg"
            shown = failures_picture(LabelledSet(PHOTOS / path.stem, {}), failures, picture)
            taken = "" if args.change == "as-taken" else ", the photos as taken"
            print(f"  failures picture: {picture} ({shown} of {len(failures)} failures{taken})", flush=True)
    for half, tally in together.items():
        print(report("all sets", half, tally), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
