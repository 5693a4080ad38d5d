"""Speed and accuracy of the pip reader on 1280x960 frames with up to six dice, on ONE core.

    .venv/bin/python -m bench.bench_vision [--per-set 40] [--models DIR] [--runtime R] [--against R]
                                           [--against-models DIR]

Frames are made from the labelled photos in ../shared/data/dice-photos that hold at most six
dice: each photo is scaled to fit 1280x960 and padded with its own edge, so a frame looks like
what a 1280x960 camera above the tray would give. Prints the median and 90th-percentile
reading time per frame (decode excluded) and the accuracy figures of ``kostka eval``.
The networks run on the runtime the commands choose (``firmware.devices.onnx_runtime``: ONNX Runtime where
installed) or ``--runtime``; ``--against dnn`` also times every frame on that one, the two read
alternately (this machine's speed drifts), and counts the frames where a die's face or status differs;
``--against-models DIR`` does the same with the networks in DIR (e.g. a folder holding only the float
face classifier, to time its int8 twin against it).
``--colour-frames N`` also reads N default and N hardest frames of Nogi Stonogi's colour dice
from the renderer (seeds 0..N-1) in pips mode: their faces show no pips, so every die read
``ok`` there is a pip face stated where there is none (the figure should be 0).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from typing import TYPE_CHECKING

import cv2
import numpy as np

from measure.photo_sets import DATA, SETS, absent

if TYPE_CHECKING:
    from vision.reading import Reading

FRAME_W, FRAME_H = 1280, 960


def to_frame(image: np.ndarray) -> tuple[np.ndarray, float, int, int]:
    """The image scaled to fit 1280x960 and padded; (frame, scale, left pad, top pad)."""
    height, width = image.shape[:2]
    scale = min(FRAME_W / width, FRAME_H / height)
    # shrunk by area, enlarged smoothly: a camera shows no blocks of equal pixels
    smooth = cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR
    resized = cv2.resize(image, None, fx=scale, fy=scale, interpolation=smooth)
    top = (FRAME_H - resized.shape[0]) // 2
    left = (FRAME_W - resized.shape[1]) // 2
    frame = cv2.copyMakeBorder(
        resized,
        top,
        FRAME_H - resized.shape[0] - top,
        left,
        FRAME_W - resized.shape[1] - left,
        cv2.BORDER_REPLICATE,
    )
    return frame, scale, left, top


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--per-set", type=int, default=40, help="frames per set (spread over the set)")
    parser.add_argument(
        "--models", help="folder with other dice_net.onnx and face_net.onnx (and face_net_close.onnx)"
    )
    parser.add_argument("--colour-frames", type=int, default=60, help="renderer colour frames per preset")
    parser.add_argument("--runtime", help="onnxruntime or dnn (default: as the commands choose)")
    parser.add_argument("--against", help="also time each frame on this runtime (onnxruntime or dnn)")
    parser.add_argument("--against-models", metavar="DIR", help="also time each frame with these networks")
    args = parser.parse_args()
    if absent():
        return 0
    from firmware.devices.onnx_runtime import choose_runtime, chosen_networks
    from measure.labels import LabelledDie, load_set
    from measure.scoring import Tally, report, score
    from vision.reader import read_dice

    cv2.setNumThreads(1)
    runtime = choose_runtime(args.runtime)
    against = args.against or args.against_models
    other = Other(args.against or args.runtime, args.against_models or args.models) if against else None
    total = Tally()
    for set_name in SETS:
        labelled = load_set(DATA / set_name)
        names = [n for n in labelled.images if len(labelled.labels.get(n, [])) <= 6]
        names = names[:: max(1, len(names) // args.per_set)][: args.per_set]
        tally = Tally()
        for name in names:
            image = cv2.imread(str(labelled.path(name)), cv2.IMREAD_COLOR)
            frame, scale, left, top = to_frame(image)
            height, width = image.shape[:2]
            labels = [
                LabelledDie(
                    d.value,
                    (d.cx * width * scale + left) / FRAME_W,
                    (d.cy * height * scale + top) / FRAME_H,
                    d.w * width * scale / FRAME_W,
                    d.h * height * scale / FRAME_H,
                )
                for d in labelled.labels[name]
            ]
            read_dice(frame, networks=chosen_networks(args.models))  # warm caches; the timed read follows
            started = time.perf_counter()
            reading = read_dice(frame, networks=chosen_networks(args.models))
            ms = 1000 * (time.perf_counter() - started)
            if other is not None:
                other.read(frame, reading, args.runtime)
            tally.ms.append(ms)
            total.ms.append(ms)
            for t in (tally, total):
                score(name, labels, reading, t, [])
        print(report(f"{set_name} as {FRAME_W}x{FRAME_H} frames, {len(names)} frames", tally, runtime))
    ms = sorted(total.ms)
    p90 = ms[int(0.9 * (len(ms) - 1))]
    print(
        f"all frames: median {statistics.median(ms):.1f} ms, 90th percentile {p90:.1f} ms"
        f" per {FRAME_W}x{FRAME_H} frame on one core (cv2.setNumThreads(1)), networks on {runtime}"
    )
    if other is not None:
        print(other.summary())
    print(report("all sets together", total, runtime))
    if args.colour_frames:
        print(colour_dice_as_pips(args.colour_frames, args.models))
    return 0


class Other:
    """The same frames read on a second runtime or with other networks (``models``), each right
    after the first's timed read."""

    def __init__(self, runtime: str | None, models: str | None) -> None:
        self.runtime, self.models = runtime, models
        self.name, self.ms, self.frames, self.differ = "", [], 0, 0

    def read(self, frame: np.ndarray, reading: Reading, back_to: str | None) -> None:
        from firmware.devices.onnx_runtime import choose_runtime, chosen_networks
        from vision.reader import read_dice

        self.name = choose_runtime(self.runtime)
        read_dice(frame, networks=chosen_networks(self.models))  # warm caches
        started = time.perf_counter()
        again = read_dice(frame, networks=chosen_networks(self.models))
        self.ms.append(1000 * (time.perf_counter() - started))
        choose_runtime(back_to)
        self.frames += 1
        self.differ += verdicts(again) != verdicts(reading)

    def summary(self) -> str:
        ms = sorted(self.ms)
        networks = f"the networks in {self.models}" if self.models else "the shipped networks"
        return (
            f"the same frames, {networks} on {self.name}: median {statistics.median(ms):.1f} ms, 90th"
            f" percentile {ms[int(0.9 * (len(ms) - 1))]:.1f} ms; a face or status differs on {self.differ}"
            f" of {self.frames} frames"
        )


def verdicts(reading: Reading) -> list[tuple[object, str]]:
    """What the referee would say of each die, in the reading's order (left to right): its face
    and status (a box may move by a pixel's rounding, a confidence by a float's)."""
    return [(d.face, d.status) for d in reading.dice]


def colour_dice_as_pips(frames: int, models: str | None) -> str:
    """How many of the renderer's colour dice (no pips) pips mode reads ``ok``."""
    from firmware.devices.onnx_runtime import chosen_networks
    from measure.synth import render
    from vision.reader import read_dice

    dice = ok = 0
    for seed in range(frames):
        for preset in ("default", "hardest"):
            frame, scene = render(seed, preset, "colours")
            dice += len(scene.things)
            ok += sum(d.status == "ok" for d in read_dice(frame, networks=chosen_networks(models)).dice)
    return (
        f"Nogi Stonogi colour dice read in pips mode ({2 * frames} renderer frames): {ok} of {dice}"
        f" read ok as a pip face ({100 * ok / max(1, dice):.1f}%; there are no pips)"
    )


if __name__ == "__main__":
    sys.exit(main())
