"""Learning the players' dice: per labelled photo set, learn from the first images and read the rest.

For each set the images are sorted by name; the dice of the first ones (at most ``--dice``, an
image whole or not at all) are the examples, as players would confirm them on the box
(``measure.examples``); every later image is then read by the shipped readers and by the readers
with what was learnt (``vision.learnt``), and both are scored on the same dice. Printed per set:
right and ``ok`` %, silent errors % (wrong face ``ok``, or ``ok`` where no die is), the guard's
verdict, and the time to adapt. Then the time to adapt 500 examples (process time of this one
core) and to read a 1280x960 frame with a profile. Target: 99.5 % right, 0.2 % silent per set, and
never more silent errors than the shipped readers.

    .venv/bin/python -m bench.bench_learn                      # every set, about 10 minutes
    .venv/bin/python -m bench.bench_learn --sets casino-translucent-crops --images 40
"""

from __future__ import annotations

import argparse
import statistics
import time

import cv2
import numpy as np

from measure.examples import from_photos
from measure.labels import load_set
from measure.photo_sets import DATA, absent
from measure.scoring import Tally, score
from vision.learnt import adapt
from vision.networks import SHIPPED
from vision.reader import read_dice

ALL_SETS = (
    "byler-mixed-tray",
    "matteo-white-on-wood",
    "gissur-red-in-box",
    "rune55-cup-stacked",
    "dice3-oblique-translucent",
    "casino-translucent-crops",
)


def figures(tally: Tally) -> tuple[float, float]:
    n = max(tally.labelled, 1)
    return 100 * tally.counts["correct"] / n, 100 * tally.counts["silent"] / n


def bench_set(name: str, dice: int, images: int) -> tuple[Tally, Tally, bool]:
    labelled = load_set(DATA / name)
    names = labelled.images
    examples = from_photos(labelled, names, dice)
    started = time.process_time()
    made = adapt(examples.crops, examples.faces)
    took = time.process_time() - started
    rest = names[len(examples.images) + len(examples.unreadable) :]
    if images:
        rest = rest[:images]
    shipped, learnt = Tally(), Tally()
    for image in rest:
        loaded = cv2.imread(str(labelled.path(image)), cv2.IMREAD_COLOR)
        if loaded is None:
            continue
        frame = np.asarray(loaded, np.uint8)
        truth = labelled.labels.get(image, [])
        score(image, truth, read_dice(frame), shipped, [])
        reading = read_dice(frame, profile=made.learnt) if made.learnt is not None else read_dice(frame)
        score(image, truth, reading, learnt, [])
    verdict = "kept" if made.learnt is not None else f"refused: {made.why}"
    s_right, s_silent = figures(shipped)
    l_right, l_silent = figures(learnt)
    print(
        f"{name:28s} examples {len(examples.faces):3d} from {len(examples.images):3d} images; "
        f"read {len(rest):3d} images, {shipped.labelled:4d} dice | shipped {s_right:6.2f} / "
        f"{s_silent:5.2f} % ({shipped.counts['silent']}) | learnt {l_right:6.2f} / {l_silent:5.2f} % "
        f"({learnt.counts['silent']}) "
        f"| guard: shipped {made.shipped.right}/{made.shipped.silent}, adapted {made.adapted.right}/"
        f"{made.adapted.silent} of {made.adapted.examples}: {verdict} | adapt {took:.2f} s",
        flush=True,
    )
    return shipped, learnt, made.learnt is not None


def bench_speed() -> None:
    """Adapting 500 examples (the dice of byler's busiest photo, drawn again and again), and reading
    that photo as a 1280x960 frame with and without a profile."""
    from bench.bench_vision import to_frame
    from measure.examples import dice_crops

    labelled = load_set(DATA / ALL_SETS[0])
    busiest = max(labelled.images, key=lambda name: len(labelled.labels.get(name, [])))
    frame = np.asarray(
        to_frame(np.asarray(cv2.imread(str(labelled.path(busiest)), cv2.IMREAD_COLOR)))[0], np.uint8
    )
    reading = read_dice(frame)

    crops = dice_crops(frame, reading)
    faces = [d.face if isinstance(d.face, int) and 1 <= d.face <= 6 else 1 for d in reading.dice]
    rng = np.random.default_rng(0)
    picks = rng.integers(0, len(crops), 500)
    crops500 = [crops[k] for k in picks]
    faces500 = [faces[k] for k in picks]
    started = time.process_time()
    made = adapt(crops500, faces500)
    took = time.process_time() - started
    print(f"adapting 500 examples: {took:.2f} s of one core (views {made.seconds['views']:.2f} s, "
          f"fit and guard {made.seconds['fit']:.2f} s); {'kept' if made.learnt else made.why}")  # fmt: skip
    learnt = made.learnt
    times = {"shipped": [], "learnt": []}  # type: dict[str, list[float]]
    for _ in range(15):
        for key, profile in (("shipped", None), ("learnt", learnt)):
            t0 = time.perf_counter()
            read_dice(frame, profile=profile)
            times[key].append(1000 * (time.perf_counter() - t0))
    print(
        f"reading a 1280x960 frame ({len(reading.dice)} dice, networks on {SHIPPED.runtime_name}): "
        f"shipped {statistics.median(times['shipped']):.1f} ms, with a profile "
        f"{statistics.median(times['learnt']):.1f} ms (median of 15)"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", nargs="*", default=list(ALL_SETS))
    parser.add_argument("--dice", type=int, default=60, help="examples per set, at most")
    parser.add_argument("--images", type=int, default=0, help="read at most this many later images (0: all)")
    parser.add_argument("--speed", action=argparse.BooleanOptionalAction, default=True)
    args = parser.parse_args()
    cv2.setNumThreads(1)
    if args.sets and absent():
        return 0
    worse = 0
    for name in args.sets:
        shipped, learnt, _kept = bench_set(name, args.dice, args.images)
        worse += learnt.counts["silent"] > shipped.counts["silent"]
    if args.speed:
        bench_speed()
    print(f"sets with more silent errors than shipped: {worse}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
