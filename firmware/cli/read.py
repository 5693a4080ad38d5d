"""``kostka read [--mode pips|colours|cards] [--profile PROFILE] [--json] IMAGE...``: read photos.

With ``--json`` each image gives one line:
``{"image", "width", "height", "ms", "dice": [{"face", "confidence", "status", "box"}]}``,
or ``{"image", "error"}`` when the file cannot be read. The exit code is 1 if any image failed,
2 if nothing could be read (a missing model, profile or board file).

``face`` is 1-6 in pips mode, a colour name (``"star"`` for the joker) in colours mode, and
``{"kind": "square"|"squares"|"lizard", "colours": [...]}`` in cards mode; ``null`` when the
reader cannot name it. Colours mode reads with a taught ``--profile`` (``kostka teach``) or the
built-in rules; cards mode knows the colours of the shipped Lezard board, or of ``--board FILE``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from firmware.games.shut_the_box.switches import add_reader_switches


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "read",
        help="read the dice in photos",
        description="Read the top face of every die (or every Lezard card) in each photo.",
    )
    parser.add_argument("images", nargs="+", metavar="IMAGE", help="photo files (JPEG, PNG, ...)")
    add_reader_switches(
        parser,
        mode_default="pips",
        mode_help="what the dice show: pips, colours (Nogi Stonogi) or cards (Lezard); default: pips",
    )
    parser.add_argument("--json", action="store_true", help="one JSON object per image per line")
    parser.add_argument(
        "--models",
        metavar="DIR",
        help="folder with other dice_net.onnx and face_net.onnx, and face_net_close.onnx if a closer"
        " look is wanted (default: shipped)",
    )
    return parser


def face_json(face: Any, mode: str) -> Any:
    """A die's face as JSON: as it is, or a card's ``{"kind", "colours"}``."""
    if mode == "cards" and face is not None:
        from vision.cards.reader import card_json

        return card_json(str(face))
    return face


def reading_json(image: str, reading: Any, ms: float, mode: str = "pips") -> dict[str, Any]:
    return {
        "image": image,
        "width": reading.width,
        "height": reading.height,
        "ms": round(ms, 1),
        "dice": [
            {
                "face": face_json(d.face, mode),
                "confidence": d.confidence,
                "status": d.status,
                "box": list(d.box),
            }
            for d in reading.dice
        ],
    }


def describe(image: str, reading: Any, ms: float, mode: str = "pips") -> str:
    things = "cards" if mode == "cards" else "dice"
    if not reading.dice:
        return f"{image}: no {things} found ({ms:.0f} ms)"
    parts = []
    for d in reading.dice:
        face = "?" if d.face is None else str(d.face)
        parts.append(face if d.status == "ok" else f"{face}({d.status})")
    doubtful = sum(d.status != "ok" for d in reading.dice)
    advice = f"; {doubtful} to confirm by hand" if doubtful else ""
    counted = "1 card" if things == "cards" and len(reading.dice) == 1 else f"{len(reading.dice)} {things}"
    return f"{image}: {' '.join(parts)} ({counted}{advice}, {ms:.0f} ms)"


def run(args: argparse.Namespace) -> int:
    import numpy as np

    from firmware.devices.images import try_load_image
    from firmware.devices.onnx_runtime import chosen_networks
    from firmware.profiles import ProfileError, ReaderSetupError, reader_inputs
    from vision.errors import FaceModelError, ModelError
    from vision.reader import read_dice

    try:
        profile, colours, lizards = reader_inputs(
            args.mode, models=args.models, profile_path=args.profile, board_path=args.board
        )
    except ReaderSetupError as error:
        print(f"Cannot read: {error}.", file=sys.stderr)
        return 2
    failed = 0
    for image in args.images:
        frame, why = try_load_image(image)
        if frame is None:
            failed += 1
            if args.json:
                print(json.dumps({"image": image, "error": why}), flush=True)
            else:
                print(f"{image}: {why}; check the path and the file.", file=sys.stderr)
            continue
        try:
            started = time.perf_counter()
            reading = read_dice(
                np.asarray(frame, np.uint8),
                args.mode,
                networks=chosen_networks(args.models),
                profile=profile,
                colours=colours,
                lizards=lizards,
            )
            ms = 1000 * (time.perf_counter() - started)
        except (ModelError, FaceModelError) as error:
            print(f"Cannot read dice: {error}.", file=sys.stderr)
            return 2
        except ProfileError as error:  # a profile of another version: features of another length
            print(f"Cannot read colours: {error}.", file=sys.stderr)
            return 2
        if args.json:
            print(json.dumps(reading_json(image, reading, ms, args.mode)), flush=True)
        else:
            print(describe(image, reading, ms, args.mode), flush=True)
    return 1 if failed else 0
