"""Learning the players' dice: per labelled photo set, learn from the first images and read the rest.

For each set the images are sorted by name; the dice of the first ones (at most ``--dice``, an
image whole or not at all) are the examples, as players would confirm them on the box
(``measure.examples``); every later image is then read by the shipped readers and by the readers
with what was learnt (``vision.learnt``), and both are scored on the same dice. Printed per set:
right and ``ok`` %, silent errors % (wrong face ``ok``, or ``ok`` where no die is), the guard's
verdict, and the time to adapt. Then the time to adapt 500 examples (process time of this one
core) and to read a 1280x960 frame with a profile, on ONNX Runtime where it is installed. Target:
99.5 % right, 0.2 % silent per set, and never more silent errors than the shipped readers.

    .venv/bin/python -m bench.bench_learn                      # every set, about 10 minutes
    .venv/bin/python -m bench.bench_learn --sets casino-translucent-crops --images 40
"""

from __future__ import annotations

import argparse
import statistics
import time

import cv2
import numpy as np

from firmware.devices.onnx_runtime import choose_runtime, chosen_networks
from measure.examples import from_photos
from measure.labels import load_set
from measure.photo_sets import DATA, PIP_SETS, absent
from measure.scoring import Tally, score
from vision.learnt import adapt
from vision.networks import Networks
from vision.reader import read_dice


def figures(tally: Tally) -> tuple[float, float]:
    n = max(tally.labelled, 1)
    return 100 * tally.counts["correct"] / n, 100 * tally.counts["silent"] / n


def bench_set(name: str, dice: int, images: int, networks: Networks) -> tuple[Tally, Tally, bool]:
    labelled = load_set(DATA / name)
    names = labelled.images
    examples = from_photos(labelled, names, dice, networks)
    started = time.process_time()
    made = adapt(examples.crops, examples.faces, networks)
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
        before = read_dice(frame, networks=networks)
        score(image, truth, before, shipped, [])
        after = (
            read_dice(frame, networks=networks, profile=made.learnt) if made.learnt is not None else before
        )
        score(image, truth, after, learnt, [])
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


def bench_speed(networks: Networks, frames: int) -> None:
    """Adapting 500 examples (the dice of gissur's first photos, drawn again and again), and reading
    gissur's later photos as 1280x960 frames with and without what was learnt from them, in turn."""
    from bench.bench_vision import to_frame

    labelled = load_set(DATA / "gissur-red-in-box")
    examples = from_photos(labelled, labelled.images, 60, networks)
    picks = np.random.default_rng(0).integers(0, len(examples.faces), 500)
    started = time.process_time()
    made = adapt([examples.crops[k] for k in picks], [examples.faces[k] for k in picks], networks)
    took = time.process_time() - started
    print(f"adapting 500 examples: {took:.2f} s of one core (views {made.seconds['views']:.2f} s, "
          f"fit and guard {made.seconds['fit']:.2f} s); {'kept' if made.learnt else made.why}")  # fmt: skip
    times: dict[str, list[float]] = {"shipped": [], "learnt": []}
    later = labelled.images[len(examples.images) :][:frames]
    for image in later:
        loaded = np.asarray(cv2.imread(str(labelled.path(image)), cv2.IMREAD_COLOR), np.uint8)
        frame = np.asarray(to_frame(loaded)[0], np.uint8)
        for key, profile in (("shipped", None), ("learnt", made.learnt)):
            t0 = time.perf_counter()
            read_dice(frame, networks=networks, profile=profile)
            times[key].append(1000 * (time.perf_counter() - t0))
    print(
        f"reading a 1280x960 frame ({len(later)} frames, networks on {networks.runtime_name}): median "
        f"shipped {statistics.median(times['shipped']):.1f} ms, with a profile "
        f"{statistics.median(times['learnt']):.1f} ms"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", nargs="*", default=list(PIP_SETS))
    parser.add_argument("--dice", type=int, default=60, help="examples per set, at most")
    parser.add_argument("--images", type=int, default=0, help="read at most this many later images (0: all)")
    parser.add_argument("--speed", action=argparse.BooleanOptionalAction, default=True)
    parser.add_argument("--frames", type=int, default=60, help="frames timed for the reading speed")
    parser.add_argument("--runtime", help="onnxruntime or dnn (default: ONNX Runtime where installed)")
    args = parser.parse_args()
    cv2.setNumThreads(1)
    choose_runtime(args.runtime)
    networks = chosen_networks()
    if args.sets and absent():
        return 0
    worse = 0
    for name in args.sets:
        shipped, learnt, _kept = bench_set(name, args.dice, args.images, networks)
        worse += learnt.counts["silent"] > shipped.counts["silent"]
    if args.speed:
        bench_speed(networks, args.frames)
    print(f"sets with more silent errors than shipped: {worse}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
