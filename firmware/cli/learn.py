"""``kostka learn DIR --out PROFILE [--mode pips] [--limit N]``: learn your own dice from labelled photos.

``DIR`` holds ``labels.csv`` and its images (the photo sets' format, ``measure.labels``). Each
image, in name order, is read as the box reads a tray, and every die found that a label matches
is an example, as if a player had confirmed it (``measure.examples``), until ``--limit`` dice.
The face classifiers are then adapted to the examples under a guard (``vision.learnt.adapt``):
the profile is written only when the adapted readers read the held-back examples at least as well
as the shipped ones; ``kostka read`` and ``kostka eval`` then take it as ``--profile``. Exit 1 when
the guard refuses (nothing is written), 2 for bad input.

Only pip dice are learnt this way; colour dice and cards are taught with ``kostka teach``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from firmware.cli import add_lang, fail
from firmware.messages.i18n import t, tn

LIMIT = 500
"""Examples learnt from at most, by default (the box keeps as many)."""


def add_parser(subparsers: Any, lang: str) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "learn", help=t("usage.learn.help", lang), description=t("usage.learn.about", lang)
    )
    parser.add_argument("folder", metavar=t("usage.meta.dir", lang), help=t("usage.learn.folder", lang))
    parser.add_argument(
        "--out", required=True, metavar=t("usage.meta.profile", lang), help=t("usage.learn.out", lang)
    )
    parser.add_argument(
        "--mode", default="pips", choices=("pips", "colours", "cards"), help=t("usage.learn.mode", lang)
    )
    parser.add_argument("--limit", type=int, default=LIMIT, metavar="N", help=t("usage.learn.limit", lang))
    parser.add_argument("--models", metavar=t("usage.meta.dir", lang), help=t("usage.models", lang))
    add_lang(parser, lang)
    return parser


def run(args: argparse.Namespace) -> int:
    import cv2

    from firmware.cli._table import file_problem
    from firmware.devices.images import try_load_image
    from firmware.devices.onnx_runtime import chosen_networks
    from firmware.files import write_whole
    from firmware.learning import guard_said, refusal_said
    from measure.examples import from_photos
    from measure.labels import LabelsError, labels_mode, load_set
    from vision.errors import FaceModelError, ModelError
    from vision.learnt import adapt

    lang: str = args.lang
    if args.mode != "pips":
        return fail(t("cli.learn.pips_only", lang, mode=args.mode), "learn")
    if args.limit < 1:
        return fail(t("cli.learn.bad_limit", lang), "learn")
    out = Path(args.out)
    if out.is_dir() or not out.parent.is_dir():
        problem = t(
            f"play.file.{'folder' if out.is_dir() else 'notdir' if out.parent.exists() else 'missing'}", lang
        )
        return fail(t("cli.learn.unwritable", lang, path=repr(args.out), reason=problem), "learn")
    try:
        labelled = load_set(args.folder)
        mode = labels_mode(labelled.labels)
    except LabelsError as error:
        return fail(t("cli.learn.cannot", lang, reason=str(error).rstrip(".")), "learn")
    except OSError as error:
        return fail(t("cli.learn.cannot", lang, reason=file_problem(error, lang)), "learn")
    if mode not in (None, "pips"):
        return fail(t("cli.learn.labels_mode", lang, mode=mode), "learn")
    cv2.setNumThreads(1)
    networks = chosen_networks(args.models)
    try:
        examples = from_photos(
            labelled, labelled.images, args.limit, networks, load=lambda p: try_load_image(p)[0]
        )
        if not examples.faces:
            return fail(t("cli.learn.no_examples", lang, folder=args.folder), "learn")
        made = adapt(examples.crops, examples.faces, networks)
    except (ModelError, FaceModelError) as error:
        return fail(t("cli.learn.cannot", lang, reason=str(error).rstrip(".")), "learn")
    dice = tn("cli.learn.dice", len(examples.faces), lang)
    images = tn("cli.learn.images", len(examples.images), lang)
    print(t("cli.learn.examples", lang, dice=dice, images=images), flush=True)
    if examples.unreadable:
        print(t("cli.learn.unreadable", lang, n=len(examples.unreadable), first=examples.unreadable[0]),
              file=sys.stderr)  # fmt: skip
    print(guard_said(made, lang), flush=True)
    if made.learnt is None:
        print(t("cli.learn.refused", lang, why=refusal_said(made, lang)), file=sys.stderr)
        return 1
    try:
        write_whole(args.out, made.learnt.to_json())
    except OSError as error:
        return fail(
            t("cli.learn.unwritable", lang, path=repr(args.out), reason=file_problem(error, lang)), "learn"
        )
    print(t("cli.learn.wrote", lang, path=args.out), flush=True)
    return 0

