"""``kostka read [--mode pips|colours|cards] [--profile PROFILE] [--json] IMAGE...``: read photos.

With ``--json`` each image gives one line:
``{"image", "width", "height", "ms", "dice": [{"face", "confidence", "status", "box"}]}``,
or ``{"image", "error"}`` when the file cannot be read (the error in ``--lang``). The exit code
is 1 if some images failed, 2 if nothing could be read (no image given could be used, or a missing
model, profile or board file).

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

from firmware.cli import add_lang, fail
from firmware.errors import told
from firmware.games.shut_the_box.switches import add_reader_switches
from firmware.messages.i18n import DEFAULT_LANGUAGE, colour, t, tn


def add_parser(subparsers: Any, lang: str) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "read",
        help=t("usage.read.help", lang),
        description=t("usage.read.about", lang),
        epilog=t("usage.read.fields", lang),
    )
    parser.add_argument(
        "images", nargs="+", metavar=t("usage.meta.image", lang), help=t("usage.read.images", lang)
    )
    add_reader_switches(parser, lang, mode_default="pips", mode_help=t("usage.read.mode", lang))
    parser.add_argument("--json", action="store_true", help=t("usage.read.json", lang))
    parser.add_argument("--models", metavar=t("usage.meta.dir", lang), help=t("usage.models", lang))
    add_lang(parser, lang)
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


def face_words(face: object, mode: str, lang: str) -> str:
    """A face as the player says it: pips as they are, a colour or a card in ``lang``, ``?`` for none.

    >>> face_words("lizard:green", "cards", "pl"), face_words("squares:red+blue", "cards", "en")
    ('jaszczurka zielona', 'red+blue')
    """
    if face is None:
        return "?"
    if mode == "colours":
        return str(colour(str(face), lang))
    if mode == "cards":
        kind, _, names = str(face).partition(":")
        colours = _Listed(colour(name, lang) for name in names.split("+") if name)
        return t(f"cli.read.card.{kind}", lang, colour=colours)
    return str(face)


class _Listed(tuple[object, ...]):
    """Colours of one card joined with ``+``; a form spec applies to each (``{colour:f}``)."""

    def __format__(self, spec: str) -> str:
        return "+".join(format(item, spec) for item in self)


def describe(image: str, reading: Any, ms: float, mode: str = "pips", lang: str = DEFAULT_LANGUAGE) -> str:
    """One line for an image: each face read (with its doubt), how many, how long."""
    took = f"{ms:.0f}"
    if not reading.dice:
        return t(f"cli.read.none.{mode}", lang, image=image, ms=took)
    parts = []
    for d in reading.dice:
        face = face_words(d.face, mode, lang)
        parts.append(face if d.status == "ok" else f"{face}({t(f'cli.read.status.{d.status}', lang)})")
    doubtful = sum(d.status != "ok" for d in reading.dice)
    counted = tn("cli.read.cards" if mode == "cards" else "cli.read.dice", len(reading.dice), lang)
    told = tn("cli.read.doubtful", doubtful, lang) if doubtful else ""
    return t(
        "cli.read.line", lang, image=image, faces=" ".join(parts), counted=counted, doubtful=told, ms=took
    )


def run(args: argparse.Namespace) -> int:
    import numpy as np

    from firmware.devices.images import try_load_image
    from firmware.devices.onnx_runtime import chosen_networks
    from firmware.profiles import ProfileError, ReaderSetupError, reader_inputs
    from vision.errors import FaceModelError, ModelError
    from vision.reader import read_dice

    lang: str = args.lang
    try:
        profile, colours, lizards = reader_inputs(
            args.mode, models=args.models, profile_path=args.profile, board_path=args.board
        )
    except ReaderSetupError as error:
        return fail(t("cli.read.cannot", lang, reason=error.message(lang)))
    failed = 0
    for image in args.images:
        frame, why = try_load_image(image, lang)
        if frame is None:
            failed += 1
            if args.json:
                print(json.dumps({"image": image, "error": why}), flush=True)
            else:
                print(t("cli.read.bad_image", lang, image=image, reason=why), file=sys.stderr)
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
            return fail(t("cli.read.cannot_dice", lang, reason=told(error, lang).rstrip(".")))
        except ProfileError as error:  # a profile of another version: features of another length
            return fail(t("cli.read.cannot_colours", lang, reason=str(error).rstrip(".")))
        if args.json:
            print(json.dumps(reading_json(image, reading, ms, args.mode)), flush=True)
        else:
            print(describe(image, reading, ms, args.mode, lang), flush=True)
    if failed:
        return 2 if failed == len(args.images) else 1  # 2: nothing given could be read
    return 0
