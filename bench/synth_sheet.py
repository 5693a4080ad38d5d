"""Write a contact sheet of synthetic scenes (measure/synth/frames.py) for a person to look at.

    .venv/bin/python -m bench.synth_sheet --preset hardest --mode colours --out /tmp/sheet.png
    .venv/bin/python -m bench.synth_sheet --mode all --boxes --crops --out /tmp/sheet.png
    .venv/bin/python -m bench.synth_sheet --speed 30          # median time per frame, each preset and mode
    .venv/bin/python -m bench.synth_sheet --folder /tmp/synth-hardest --count 200 --mode colours

Each tile is a whole 1280x960 frame scaled down; ``--boxes`` draws the truth boxes and faces,
``--crops`` adds a row of full-resolution crops around the first dice or cards, so that pips,
boots, stars and lizards can be judged at the size the reader sees them. It also prints the
median rendering time per frame (process CPU time, one OpenCV thread).

``--folder`` writes frames (PNG, so nothing is compressed twice) and a labels.csv in the format
of ../shared/data/dice-photos (``Scene.labels``: pip value, colour name, or ``kind:colours`` for
a card; 0 for a cocked die) for ``kostka eval``.
"""

from __future__ import annotations

import argparse
import csv
import statistics
import sys
import time
from pathlib import Path

import cv2
import numpy as np
from numpy.typing import NDArray

from measure.synth import MODES, PRESETS, CardFace, Mode, Scene, render

Image = NDArray[np.uint8]


def label(face: object) -> str:
    if isinstance(face, CardFace):
        return f"{face.kind}:{'+'.join(face.colours)}"
    return str(face)


def overlay(frame: Image, scene: Scene) -> Image:
    out = frame.copy()
    for thing in scene.things:
        x, y, w, h = thing.box
        colour = (0, 0, 255) if thing.cocked else (255, 0, 255)
        cv2.rectangle(out, (x, y), (x + w, y + h), colour, 2)
        text = label(thing.face) + (" cocked" if thing.cocked else "")
        cv2.putText(out, text, (x, max(12, y - 6)), cv2.FONT_HERSHEY_SIMPLEX, 0.7, (0, 0, 0), 4, cv2.LINE_AA)
        cv2.putText(
            out, text, (x, max(12, y - 6)), cv2.FONT_HERSHEY_SIMPLEX, 0.7, (255, 255, 255), 1, cv2.LINE_AA
        )
    return out


def caption(tile: Image, scene: Scene, mode: str) -> None:
    light, cap = scene.light, scene.capture
    text = (
        f"{mode} {scene.difficulty} {scene.floor} {light.kelvin:.0f}K wb{light.white_balance_left:.2f} "
        f"x{light.brightness:.2f}{' glare' if light.glare else ''}{' hand' if light.hand else ''} "
        f"q{cap.jpeg_quality or '-'} n{cap.noise_sigma:.1f}"
    )
    cv2.rectangle(tile, (0, 0), (tile.shape[1], 18), (0, 0, 0), -1)
    cv2.putText(tile, text, (4, 13), cv2.FONT_HERSHEY_SIMPLEX, 0.4, (255, 255, 255), 1, cv2.LINE_AA)


def crops(frames: list[tuple[Image, Scene]], side: int, count: int) -> Image:
    """Full-resolution crops around things, side x side each, in one row."""
    row = []
    for frame, scene in frames:
        for thing in scene.things:
            x, y, w, h = thing.box
            cx, cy = x + w // 2, y + h // 2
            big = max(side, w + 8, h + 8)
            x0, y0 = max(0, cx - big // 2), max(0, cy - big // 2)
            crop = frame[y0 : y0 + big, x0 : x0 + big]
            crop = np.asarray(
                cv2.resize(
                    crop, (side, side), interpolation=cv2.INTER_NEAREST if big == side else cv2.INTER_AREA
                ),
                np.uint8,
            )
            row.append(crop)
            if len(row) == count:
                return np.hstack(row)
    while len(row) < count:
        row.append(np.zeros((side, side, 3), np.uint8))
    return np.hstack(row)


def speed(count: int, modes: list[Mode]) -> int:
    """Print the median and 90th percentile time of a 1280x960 frame for each preset and mode."""
    render(0, "default", "pips")  # warm up caches and OpenCV
    print("1280x960 frames, CPU time of this process, one OpenCV thread")
    print(f"{'preset':8} {'mode':8} {'median ms':>10} {'p90 ms':>8}")
    for name in PRESETS:
        for mode in modes:
            times = []
            for i in range(count):
                start = time.process_time()
                render(np.random.default_rng([99, i]), name, mode)
                times.append((time.process_time() - start) * 1000)
            times.sort()
            print(f"{name:8} {mode:8} {statistics.median(times):10.1f} {times[int(0.9 * (count - 1))]:8.1f}")
    return 0


def folder(out: Path, count: int, preset: str, modes: list[Mode], seed: int) -> int:
    """Write ``count`` frames and their labels.csv into ``out``."""
    try:
        out.mkdir(parents=True, exist_ok=True)
        with (out / "labels.csv").open("w", newline="", encoding="utf-8") as handle:
            writer = csv.writer(handle)
            writer.writerow(["image", "value", "cx", "cy", "w", "h"])
            for i in range(count):
                mode = modes[i % len(modes)]
                frame, scene = render(np.random.default_rng([seed, i]), preset, mode)
                name = f"{preset}-{mode}-{i:05d}.png"
                if not cv2.imwrite(str(out / name), frame):
                    raise OSError(f"could not write {out / name}")
                for row in scene.labels(name):
                    writer.writerow([row[0], row[1], *(f"{v:.6f}" for v in row[2:])])
    except OSError as error:
        print(f"could not write the folder {out}: {error}; check the path and free space", file=sys.stderr)
        return 1
    print(f"wrote {count} frames and labels.csv to {out} (preset {preset}, modes {', '.join(modes)})")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="hardest", choices=sorted(PRESETS))
    parser.add_argument("--mode", default="all", choices=[*MODES, "all"])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rows", type=int, default=3)
    parser.add_argument("--cols", type=int, default=4)
    parser.add_argument("--tile", type=int, default=480, help="tile width in pixels")
    parser.add_argument("--boxes", action="store_true", help="draw the truth boxes and faces")
    parser.add_argument("--crops", action="store_true", help="add rows of full-resolution crops")
    parser.add_argument("--out", type=Path, default=Path("synth_sheet.png"))
    parser.add_argument("--speed", type=int, metavar="N", help="only time N frames of each preset and mode")
    parser.add_argument("--folder", type=Path, help="write --count frames and a labels.csv there instead")
    parser.add_argument("--count", type=int, default=100)
    args = parser.parse_args(argv)
    cv2.setNumThreads(1)
    modes: list[Mode] = list(MODES) if args.mode == "all" else [args.mode]
    if args.speed:
        return speed(args.speed, modes)
    if args.folder:
        return folder(args.folder, args.count, args.preset, modes, args.seed)
    rendered: list[tuple[Image, Scene, str]] = []
    times = []
    for i in range(args.rows * args.cols):
        mode = modes[i % len(modes)]
        start = time.process_time()
        frame, scene = render(np.random.default_rng([args.seed, i]), args.preset, mode)
        times.append(time.process_time() - start)
        rendered.append((frame, scene, mode))
    th = round(args.tile * 3 / 4)
    tiles = []
    for frame, scene, shown_mode in rendered:
        shown = overlay(frame, scene) if args.boxes else frame
        tile = np.asarray(cv2.resize(shown, (args.tile, th), interpolation=cv2.INTER_AREA), np.uint8)
        caption(tile, scene, shown_mode)
        tiles.append(tile)
    grid = np.vstack([np.hstack(tiles[r * args.cols : (r + 1) * args.cols]) for r in range(args.rows)])
    if args.crops:
        side = grid.shape[1] // 8
        pairs = [(f, s) for f, s, _ in rendered]
        grid = np.vstack([grid, crops(pairs, side, 8), crops(pairs[len(pairs) // 2 :], side, 8)])
    args.out.parent.mkdir(parents=True, exist_ok=True)
    if not cv2.imwrite(str(args.out), grid):
        print(f"could not write {args.out}: check that the folder is writable", file=sys.stderr)
        return 1
    print(
        f"wrote {args.out} ({grid.shape[1]}x{grid.shape[0]}): {len(rendered)} scenes, preset {args.preset}, "
        f"median {statistics.median(times) * 1000:.1f} ms CPU per 1280x960 frame"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
