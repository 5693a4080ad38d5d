"""The pip reader on the held-out photos changed as another camera or room would change them.

    .venv/bin/python -m bench.bench_photo_changes [--every 2] [--offset 1] [--changes dark-60 warm ...]

The figures of ``kostka eval`` on the odd-numbered images of each set in ../shared/data/dice-photos (the
networks were trained on the even-numbered ones), first as they are, then darker (a dim room: 60 % and
75 % of the light), under a warm lamp (blue down, red up), blurred (a soft lens), out of focus as a
Camera Module 3 that nobody focused would be over a tray 35 cm below it (defocus:
``photo_changes.DEFOCUS``), saved as a low-quality JPEG, at half the size, and framed by a border of
their own edge (far-60, far-100: a camera higher above the tray, the dice 1.6 and 2 times smaller in the
frame; dice read in the border are left out), and cut to their middle 70 % or 50 % scaled back up
(near-70, near-50: a camera closer, the dice 1.4 and 2 times larger; only the dice wholly in the middle
are scored, so the dice count differs), with sensor noise (sigma 8), turned by 90 degrees, as a camera
at a slant would show them (the top edge 30 % shorter) and with a motion blur (a die still sliding). A
reader that only knows these photos loses right dice there; one that states wrong faces there is not one
to trust with other photos. Prints correct ``ok`` and silent errors (the sets read together; ``--sets``
names fewer) per change, and the set each silent error came from.
"""

from __future__ import annotations

import argparse
import sys
import time

import cv2

from measure.changes import CHANGES, as_taken, in_view
from measure.photo_sets import DATA, SETS, absent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--every", type=int, default=2, help="use every K-th image of each set")
    parser.add_argument("--offset", type=int, default=1, help="starting at this one (1: the held-out half)")
    parser.add_argument("--changes", nargs="+", choices=list(CHANGES), default=list(CHANGES))
    parser.add_argument("--sets", nargs="+", choices=SETS, default=SETS, help="the photo sets to read")
    parser.add_argument(
        "--models", help="folder with other dice_net.onnx and face_net.onnx (and face_net_close.onnx)"
    )
    args = parser.parse_args()
    if absent():
        return 0
    cv2.setNumThreads(1)
    from firmware.devices.onnx_runtime import choose_runtime, chosen_networks
    from measure.labels import load_set
    from measure.scoring import Tally, score
    from vision.reader import read_dice

    sets = {name: load_set(DATA / name) for name in args.sets}
    pictures = [(name, image) for name in args.sets for image in sets[name].images[args.offset :: args.every]]
    runtime = choose_runtime()
    chosen = f"images {args.offset}::{args.every}"
    print(f"{len(pictures)} photos ({', '.join(args.sets)}, {chosen}), one core, networks on {runtime}")
    heads = ("dice", "correct ok", "silent", "abstain", "missed")
    print(
        f"{'change':10s} "
        + " ".join(f"{h:>{w}s}" for h, w in zip(heads, (5, 11, 7, 8, 7), strict=True))
        + "  silent by set"
    )
    for change in args.changes:
        alter = CHANGES[change]
        tallies = {name: Tally() for name in args.sets}
        started = time.perf_counter()
        for done, (name, image) in enumerate(pictures, 1):
            frame = cv2.imread(str(sets[name].path(image)), cv2.IMREAD_COLOR)
            if frame is None:
                print(f"\n{name}/{image}: unreadable, skipped")
                continue
            reading = read_dice(alter(frame), networks=chosen_networks(args.models))
            reading = as_taken(reading, change, *frame.shape[:2])
            score(
                image,
                *in_view(sets[name].labels.get(image, []), reading, change, *frame.shape[:2]),
                tallies[name],
                [],
            )
            if sys.stdout.isatty():
                print(
                    f"\r{change}: {done}/{len(pictures)} photos, {time.perf_counter() - started:.0f} s",
                    end="",
                )
        if sys.stdout.isatty():
            print("\r" + " " * 60 + "\r", end="")
        dice = sum(t.labelled for t in tallies.values())
        counts = {
            k: sum(t.counts[k] for t in tallies.values()) for k in ("correct", "silent", "abstain", "missed")
        }
        by_set = ", ".join(f"{name.split('-')[0]} {t.counts['silent']}" for name, t in tallies.items())
        correct, silent = 100 * counts["correct"] / dice, 100 * counts["silent"] / dice
        print(
            f"{change:10s} {dice:5d} {correct:10.2f}% {silent:6.2f}%"
            f" {counts['abstain']:8d} {counts['missed']:7d}  {by_set}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
