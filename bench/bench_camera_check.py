"""The camera check's measures on real photos and renderer frames, and what a check costs.

    .venv/bin/python -m bench.bench_camera_check [--every 4] [--seeds 12]

``vision.camera_check`` tells a user whether the camera is set up (``kostka check``, "Check camera" on
the box). This prints what its sharpness measure (``blur``: the dice's edge width as a share of a die)
gives where the camera is set up well and where it is not, the evidence for ``BLUR_MOST``:

- the held-out (odd-numbered) photos of each set, every ``--every``-th, made 1280x960 frames as
  ``bench/bench_vision.py`` makes them, as taken and out of focus by a disc of 3, 6.2 and 9 pixels
  (6.2: a Camera Module 3 left at 1 m over a tray 35 cm below, ``photo_changes.DEFOCUS``);
- renderer frames of pip and of colour dice (the default preset, seeds 0..``--seeds``-1);

each as min / median / max over the frames with dice, and how many the check calls blurred. Then the
median time of one check of 10 frames (1280x960, one core), which the box runs in its camera thread.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

import cv2
import numpy as np

from bench.bench_vision import to_frame
from measure.changes import DEFOCUS, out_of_focus
from measure.photo_sets import DATA, SETS, absent

BLURS = (0.0, 3.0, DEFOCUS * 1280, 9.0)
"""Disc diameters (pixels of a 1280x960 frame) the photos are blurred by; 0: as taken."""


def line(name: str, values: list[float], most: float) -> str:
    """min / median / max of ``values`` (shares, printed as %) and how many exceed ``most``."""
    if not values:
        return f"  {name:42s} no frame with dice"
    low, mid, high = min(values), statistics.median(values), max(values)
    flagged = sum(v > most for v in values)
    return (
        f"  {name:42s} {100 * low:5.1f} / {100 * mid:5.1f} / {100 * high:5.1f} %"
        f"   called blurred {flagged} of {len(values)}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--every", type=int, default=4, help="every K-th held-out photo of each set")
    parser.add_argument("--seeds", type=int, default=12, help="renderer frames of each kind")
    args = parser.parse_args()
    from firmware.devices.onnx_runtime import choose_runtime
    from measure.labels import load_set
    from measure.synth import render
    from vision.camera_check import BLUR_MOST, check_frames

    cv2.setNumThreads(1)
    print(f"networks on {choose_runtime()}; blurred above {100 * BLUR_MOST:.1f} % (BLUR_MOST)")
    print("dice edges as a share of a die, min / median / max:")
    if not absent():
        for set_name in SETS:
            labelled = load_set(DATA / set_name)
            names = sorted(labelled.images)[1::2][:: args.every]
            frames = [to_frame(cv2.imread(str(labelled.path(n)), cv2.IMREAD_COLOR))[0] for n in names]
            for blur in BLURS:
                seen = [out_of_focus(f, blur) if blur else f for f in frames]
                checks = [check_frames([frame]) for frame in seen]
                values = [c.blur for c in checks if c.dice]
                label = "as taken" if not blur else f"out of focus, {blur:.1f} px"
                print(line(f"{set_name}, {label}", values, BLUR_MOST), flush=True)
    for mode in ("pips", "colours"):
        values = []
        for seed in range(args.seeds):
            frame = render(seed, "default", mode, size=(1280, 960))[0]
            check = check_frames([frame])
            if check.dice:
                values.append(check.blur)
        print(line(f"renderer, {mode}", values, BLUR_MOST), flush=True)
    frame = render(3, "default", "pips", size=(1280, 960))[0]
    noise = np.random.default_rng(0)
    ten = [np.clip(frame + noise.normal(0, 3, frame.shape), 0, 255).astype(np.uint8) for _ in range(10)]
    check_frames(ten)
    times = []
    for _ in range(5):
        started = time.perf_counter()
        check_frames(ten)
        times.append(1000 * (time.perf_counter() - started))
    print(f"one check of 10 frames (1280x960, one core): median {statistics.median(times):.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
