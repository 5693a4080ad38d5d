"""``kostka eval DIR``: score the dice reader on a labelled folder (labels.csv + images).

The labels say the mode (``measure.labels``): pip faces 1-6, colour names (colours mode, with
the built-in rules or ``--profile``) or cards ``kind:colour+colour`` (cards mode, with the
colours of the shipped Lezard board or ``--board``); ``--mode`` may say it too.

Detections are matched to labels by box centre (some sets box only the pips). Per labelled
die the outcome is one of: correct (right face, ``ok``), silent error (wrong face with ``ok``,
or ``ok`` on a die labelled cocked), abstention (``uncertain``/``cocked``) or missed. An ``ok``
die where no die is labelled is a silent error too (``measure.scoring``).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

from firmware.games.shut_the_box.switches import add_reader_switches
from firmware.messages.i18n import t
from measure.calibration import reliability_diagram
from measure.labels import LabelsError, labels_mode, load_set
from measure.scoring import Failure, Tally, failures_picture, report, score
from measure.split import PARTS, chosen


def add_parser(subparsers: Any, lang: str) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "eval", help=t("usage.eval.help", lang), description=t("usage.eval.about", lang)
    )
    parser.add_argument("folder", metavar=t("usage.meta.dir", lang), help=t("usage.eval.folder", lang))
    add_reader_switches(parser, lang, mode_default=None, mode_help=t("usage.eval.mode", lang))
    parser.add_argument("--every", type=int, default=1, metavar="K", help=t("usage.eval.every", lang))
    parser.add_argument("--offset", type=int, default=0, metavar="J", help=t("usage.eval.offset", lang))
    parser.add_argument("--part", choices=PARTS, help=t("usage.eval.part", lang))
    parser.add_argument("--limit", type=int, default=0, metavar="N", help=t("usage.eval.limit", lang))
    parser.add_argument("--failures", metavar=t("usage.meta.path", lang), help=t("usage.eval.failures", lang))
    parser.add_argument("--as-labelled", action="store_true", help=t("usage.eval.as_labelled", lang))
    parser.add_argument("--models", metavar=t("usage.meta.dir", lang), help=t("usage.models", lang))
    return parser


def progress(done: int, total: int, started: float) -> None:
    width = 30
    filled = width * done // max(total, 1)
    rate = done / max(time.perf_counter() - started, 1e-9)
    eta = (total - done) / rate if rate else 0.0
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} images, {eta:.0f} s left ")
    sys.stderr.flush()


def run(args: argparse.Namespace) -> int:
    import cv2
    import numpy as np

    from firmware.devices.images import try_load_image
    from firmware.devices.onnx_runtime import chosen_networks
    from firmware.profiles import ProfileError, ReaderSetupError, reader_inputs
    from vision.errors import FaceModelError, ModelError
    from vision.reader import read_dice
    from vision.reading import Reading

    cv2.setNumThreads(1)
    folder = Path(args.folder)
    try:
        labelled = load_set(folder, as_labelled=args.as_labelled)
    except LabelsError as error:
        print(f"Cannot evaluate: {error}.", file=sys.stderr)
        return 2
    if args.every < 1 or args.offset < 0 or args.limit < 0:
        print(
            "Cannot evaluate: --every must be at least 1, --offset and --limit not negative.", file=sys.stderr
        )
        return 2
    try:
        mode = labels_mode(labelled.labels) or args.mode or "pips"
    except LabelsError as error:
        print(f"Cannot evaluate: {error}.", file=sys.stderr)
        return 2
    if args.mode is not None and args.mode != mode:
        print(f"Cannot evaluate: the labels hold {mode}, not {args.mode}; leave out --mode or label "
              f"the folder for {args.mode}.", file=sys.stderr)  # fmt: skip
        return 2
    try:
        profile, colours, lizards = reader_inputs(
            mode, models=args.models, profile_path=args.profile, board_path=args.board
        )
    except ReaderSetupError as error:
        print(f"Cannot evaluate: {error}.", file=sys.stderr)
        return 2
    names = chosen(folder.resolve().name, labelled.images, args.part) if args.part else labelled.images
    names = names[args.offset :: args.every]
    if args.limit:
        names = names[: args.limit]
    if not names:
        subset = " with these --every/--offset" if args.every > 1 or args.offset else ""
        print(f"Cannot evaluate: {folder / 'labels.csv'} names no image{subset}; label some photos first.",
              file=sys.stderr)  # fmt: skip
        return 2
    tally = Tally()
    failures: list[Failure] = []
    unreadable = []
    started = time.perf_counter()
    for done, name in enumerate(names, 1):
        image, _why = try_load_image(labelled.path(name))
        if image is None:
            unreadable.append(name)
            score(name, labelled.labels.get(name, []), Reading((), 1, 1), tally, failures)
            continue
        try:
            t0 = time.perf_counter()
            reading = read_dice(
                np.asarray(image, np.uint8),
                mode,
                networks=chosen_networks(args.models),
                profile=profile,
                colours=colours,
                lizards=lizards,
            )
            tally.ms.append(1000 * (time.perf_counter() - t0))
        except (ModelError, FaceModelError, ProfileError) as error:
            print(f"\nCannot evaluate: {error}.", file=sys.stderr)
            return 2
        score(name, labelled.labels.get(name, []), reading, tally, failures)
        if sys.stderr.isatty() or done % 10 == 0 or done == len(names):
            progress(done, len(names), started)
    sys.stderr.write("\n")
    subset = f" (images {args.offset}::{args.every}" + (f", first {args.limit}" if args.limit else "") + ")"
    title = folder.name + (f" ({args.part} part)" if args.part else "")
    title += subset if args.every > 1 or args.offset or args.limit else ""
    print(report(f"{title} ({mode})", tally, chosen_networks().runtime_name))
    if labelled.corrected:
        print(f"  labels corrected  {labelled.corrected:3d}  (whole set; measure/data/label_fixes.csv, "
              "checked by eye; --as-labelled scores the labels as written)")  # fmt: skip
    if unreadable:
        print(f"  unreadable images: {len(unreadable)} (first: {unreadable[0]}); their dice count as missed")
    picture = Path(args.failures) if args.failures else Path("out") / f"eval-{folder.resolve().name}.jpg"
    shown = failures_picture(labelled, failures, picture)
    if shown:
        print(f"  failures picture: {picture} ({shown} of {len(failures)} failures)")
    else:
        print("  no failures to show")
    if tally.said:
        diagram = picture.with_name(picture.stem + "-reliability.png")
        reliability_diagram(tally.said, diagram, title)
        print(f"  reliability diagram: {diagram}")
    return 1 if unreadable else 0
