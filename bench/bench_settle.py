"""Milliseconds per frame of settle detection on one core, 1280x960 frames, several analysis sizes;
then what it makes of the same throw under a flickering lamp.

Run: .venv/bin/python -m bench.bench_settle [--frames N] [--repeat R]

The frames are synthetic (green felt, five white dice thrown in and coming to rest, sensor noise
sigma 4), made before timing starts. Only ``SettleDetector.feed`` is timed: grey conversion,
downscale, blur and the comparisons. OpenCV is held to one thread and the process to one core.

Flicker: a lamp on 50 Hz mains flickers at 100 Hz, and a camera that reads its rows one after another
with an exposure that is not a whole number of flicker periods shows dark and light bands across the
frame, in another place in every frame (``banded``: bands about 560 rows apart, their brightness
``FLICKER`` of the light's either way). The same frames are fed at the box's frame rate (``[camera]
fps``); the events show whether the dice still settle once (``vision.settle`` divides out each row's
brightness; the Raspberry Pi camera also avoids the bands with ``AeFlickerMode``, ``[camera] mains_hz``).
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import time

import cv2
import numpy as np
from numpy.typing import NDArray

from firmware.config import Camera
from vision.settle import SettleDetector, SettleParams

WIDTH, HEIGHT, FPS = 1280, 960, 30


def one_core() -> str:
    cv2.setNumThreads(1)
    if hasattr(os, "sched_setaffinity"):
        core = min(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {core})
        return f"core {core}, OpenCV threads {cv2.getNumThreads()}"
    return f"OpenCV threads {cv2.getNumThreads()} (no CPU pinning on this OS)"


def frames(count: int, seed: int = 7) -> list[NDArray[np.uint8]]:
    """Still tray, five dice thrown in over 0.8 s, then at rest; ``count`` frames in all."""
    rng = np.random.default_rng(seed)
    felt = np.clip(rng.normal((50, 100, 60), 6, (HEIGHT, WIDTH, 3)), 0, 255).astype(np.uint8)
    landing = [(rng.uniform(0.2, 0.8) * WIDTH, rng.uniform(0.2, 0.8) * HEIGHT) for _ in range(5)]
    noise = rng.normal(0, 4, (8, HEIGHT, WIDTH, 3)).astype(np.float32)
    out = []
    for i in range(count):
        image = felt.copy()
        s = min(max((i - FPS) / (0.8 * FPS), 0.0), 1.0)  # 0 before the throw, 1 at rest
        if s > 0:
            e = 1 - (1 - s) ** 3
            for k, (x, y) in enumerate(landing):
                cx, cy = -80 + (x + 80) * e, y
                angle = math.radians(400 * (1 - e) + 30 * k)
                c, si = math.cos(angle) * 34, math.sin(angle) * 34
                box = np.array(
                    [
                        [cx - c + si, cy - si - c],
                        [cx + c + si, cy + si - c],
                        [cx + c - si, cy + si + c],
                        [cx - c - si, cy - si + c],
                    ]
                )
                corners = (box * 16).round().astype(np.int32)
                cv2.fillConvexPoly(image, corners, (235, 238, 240), cv2.LINE_AA, 4)
                cv2.circle(image, (round(cx), round(cy)), 7, (30, 30, 35), -1, cv2.LINE_AA)
        light = image.astype(np.float32) + noise[i % len(noise)]
        out.append(np.clip(light, 0, 255).astype(np.uint8))
    return out


FLICKER = (0.0, 0.01, 0.02, 0.05, 0.1, 0.2)
"""Depths of the flicker bands tried: their brightness this share of the light's above and below."""


def banded(sequence: list[NDArray[np.uint8]], depth: float, seed: int = 11) -> list[NDArray[np.uint8]]:
    """The frames with flicker bands ``depth`` deep, 560 rows apart, at a random place in each frame."""
    rng = np.random.default_rng(seed)
    rows = np.arange(HEIGHT, dtype=np.float32)[:, None, None]
    return [
        np.clip(f * (1 + depth * np.sin(2 * np.pi * rows / 560 + rng.uniform(0, 2 * np.pi))), 0, 255).astype(
            np.uint8
        )
        for f in sequence
    ]


def bench(
    sequence: list[NDArray[np.uint8]], width: int | None, repeat: int, fps: float = FPS
) -> tuple[list[float], list[str]]:
    times: list[float] = []
    kinds: list[str] = []
    for r in range(repeat):
        detector = SettleDetector(SettleParams(analysis_width=width))
        for i, frame in enumerate(sequence):
            start = time.perf_counter_ns()
            events = detector.feed(frame, i / fps)
            times.append((time.perf_counter_ns() - start) / 1e6)
            if r == 0:
                kinds += [f"{e.kind.value}@{e.index}" for e in events]
    return times, kinds


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=120, help="frames in the sequence (default 120)")
    parser.add_argument("--repeat", type=int, default=3, help="passes over the sequence (default 3)")
    args = parser.parse_args()
    where = one_core()
    sequence = frames(args.frames)
    print(f"settle detection, {WIDTH}x{HEIGHT} BGR frames, {args.frames} frames x {args.repeat}, {where}")
    print(f"{'analysis size':>14} {'median ms':>10} {'p90 ms':>8} {'max ms':>8}  events")
    for width in (None, 640, 320, 160):
        times, kinds = bench(sequence, width, args.repeat)
        size = f"{WIDTH}x{HEIGHT}" if width is None else f"{width}x{round(HEIGHT * width / WIDTH)}"
        p90 = statistics.quantiles(times, n=10)[-1]
        default = " (default)" if width == SettleParams().analysis_width else ""
        print(
            f"{size:>14} {statistics.median(times):>10.2f} {p90:>8.2f} {max(times):>8.2f}  "
            f"{' '.join(kinds)}{default}"
        )
    box_fps = Camera().fps
    print(
        f"under a flickering lamp, {box_fps:g} frames a second as the box takes them:"
        " depth of the bands, events"
    )
    for depth in FLICKER:
        _, kinds = bench(banded(sequence, depth), SettleParams().analysis_width, 1, box_fps)
        print(f"{100 * depth:>13g}% {' '.join(kinds) or '(none: the dice are never read)'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
