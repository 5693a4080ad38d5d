"""``kostka read [--mode pips] [--json] IMAGE...``: read the dice in photos.

With ``--json`` each image gives one line:
``{"image", "width", "height", "ms", "dice": [{"face", "confidence", "status", "box"}]}``,
or ``{"image", "error"}`` when the file cannot be read. The exit code is 1 if any image failed.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "read",
        help="read the dice in photos",
        description="Read the top face of every die in each photo.",
    )
    parser.add_argument("images", nargs="+", metavar="IMAGE", help="photo files (JPEG, PNG, ...)")
    parser.add_argument("--mode", default="pips", choices=["pips"], help="what the dice show (default: pips)")
    parser.add_argument("--json", action="store_true", help="one JSON object per image per line")
    parser.add_argument(
        "--models", metavar="DIR", help="folder with other dice_net.onnx and face_net.onnx (default: shipped)"
    )
    return parser


def reading_json(image: str, reading: Any, ms: float) -> dict[str, Any]:
    return {
        "image": image,
        "width": reading.width,
        "height": reading.height,
        "ms": round(ms, 1),
        "dice": [
            {"face": d.face, "confidence": d.confidence, "status": d.status, "box": list(d.box)}
            for d in reading.dice
        ],
    }


def describe(image: str, reading: Any, ms: float) -> str:
    if not reading.dice:
        return f"{image}: no dice found ({ms:.0f} ms)"
    parts = []
    for d in reading.dice:
        face = "?" if d.face is None else str(d.face)
        parts.append(face if d.status == "ok" else f"{face}({d.status})")
    doubtful = sum(d.status != "ok" for d in reading.dice)
    advice = f"; {doubtful} to confirm by hand" if doubtful else ""
    return f"{image}: {' '.join(parts)} ({len(reading.dice)} dice{advice}, {ms:.0f} ms)"


def decode(path: str) -> tuple[Any, str]:
    """(BGR frame, "") or (None, why it cannot be read); quiet, unlike ``cv2.imread``."""
    import cv2
    import numpy as np

    try:
        data = np.fromfile(path, np.uint8)
    except FileNotFoundError:
        return None, f"there is no file {path!r}"
    except IsADirectoryError:
        return None, f"{path!r} is a folder, not a picture"
    except OSError as error:
        return None, f"cannot open {path!r} ({error.strerror})"
    frame = cv2.imdecode(data, cv2.IMREAD_COLOR) if data.size else None
    if frame is None:
        return None, f"{path!r} is not a picture OpenCV can read (or it is damaged)"
    return frame, ""


def run(args: argparse.Namespace) -> int:
    import numpy as np

    from vision.dice_net import ModelError
    from vision.face_net import FaceModelError
    from vision.reader import load_models, read_dice

    try:
        load_models(args.models)
    except (ModelError, FaceModelError) as error:
        print(f"Cannot read dice: {error}.", file=sys.stderr)
        return 2
    failed = 0
    for image in args.images:
        frame, why = decode(image)
        if frame is None:
            failed += 1
            if args.json:
                print(json.dumps({"image": image, "error": why}), flush=True)
            else:
                print(f"{image}: {why}; check the path and the file.", file=sys.stderr)
            continue
        try:
            started = time.perf_counter()
            reading = read_dice(np.asarray(frame, np.uint8), args.mode, models=args.models)
            ms = 1000 * (time.perf_counter() - started)
        except (ModelError, FaceModelError) as error:
            print(f"Cannot read dice: {error}.", file=sys.stderr)
            return 2
        if args.json:
            print(json.dumps(reading_json(image, reading, ms)), flush=True)
        else:
            print(describe(image, reading, ms), flush=True)
    return 1 if failed else 0
