"""``kostka teach --mode colours|cards --out PROFILE --source SPEC``: show Kostka your own dice or cards once.

For each face (yellow, red, ..., star) the player puts one or more dice showing it under the
camera and names it, at the terminal or all at once with ``--names yellow,red,...``; Kostka
takes ``--frames`` frames of it (3 by default) from the source (``picamera2``, ``usb:0``, a
video, a folder of images: see ``firmware.devices.camera.open_source``), run with the frame size, focus,
exposure and mains of ``--config``'s ``[camera]`` (the defaults without it), as the box runs it.
Every die found in those frames teaches that name. The profile (JSON) then reads with
``kostka read --profile PROFILE``. With ``--mode cards`` the player shows Lezard cards of one
colour each (one square or a lizard) and names the colour, one of the board's (``--board``, else
the shipped board's); every such card found teaches it, and ``kostka read --mode cards --profile
PROFILE`` reads the player's cards by it.

With a folder, frames are taken in natural order: ``--names a,b`` with ``--frames 3`` uses
images 1-3 for ``a`` and 4-6 for ``b``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from firmware.cli import add_lang, fail
from firmware.errors import told
from firmware.games.stonoga.colours import COLOURS
from firmware.messages.i18n import colour, colour_forms, t, tn

FACES = COLOURS


def add_parser(subparsers: Any, lang: str) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "teach", help=t("usage.teach.help", lang), description=t("usage.teach.about", lang)
    )
    parser.add_argument(
        "--mode", default="colours", choices=["colours", "cards"], help=t("usage.teach.mode", lang)
    )
    parser.add_argument(
        "--out", required=True, metavar=t("usage.meta.profile", lang), help=t("usage.teach.out", lang)
    )
    parser.add_argument(
        "--source", required=True, metavar=t("usage.meta.source", lang), help=t("usage.teach.source", lang)
    )
    parser.add_argument("--frames", type=int, default=3, metavar="N", help=t("usage.teach.frames", lang))
    parser.add_argument(
        "--config", type=Path, metavar=t("usage.meta.file", lang), help=t("usage.teach.config", lang)
    )
    faces = ",".join(colour(face, lang) for face in FACES)
    parser.add_argument("--names", metavar="A,B,...", help=t("usage.teach.names", lang, faces=faces))
    parser.add_argument("--board", metavar=t("usage.meta.file", lang), help=t("usage.reader.board", lang))
    add_lang(parser, lang)
    return parser


def _names(args: argparse.Namespace, typed: dict[str, str]) -> list[str] | None:
    """The names of ``--names``, as the rules name them (``typed``: every form a player may type)."""
    if args.names is None:
        return None
    return [typed.get(n, n) for n in (w.strip().lower() for w in args.names.split(",")) if n]


def _ask(mode: str, names: tuple[str, ...], typed: dict[str, str], lang: str) -> str:
    try:
        answer = input(t(f"cli.teach.ask.{mode}", lang, names=said(names, lang)) + " ").strip().lower()
    except EOFError:
        return ""
    return typed.get(answer, answer)


def _names_known(mode: str, board: str | None, lang: str) -> tuple[str, ...] | str:
    """The names the player may teach (the faces, or the board's colours for cards), or what is wrong."""
    if mode == "colours":
        if board is not None:
            return t("cli.teach.board_for_cards", lang)
        return FACES
    from firmware.profiles import board_colours, reason_in

    try:
        return board_colours(board)
    except ValueError as error:
        return reason_in(error, lang)


def _not_on_board(listed: list[str], colours: tuple[str, ...], lang: str) -> str | None:
    """What is wrong with names of ``--names`` the board lacks (cards), or None."""
    unknown = [name for name in listed if name not in colours]
    if not unknown:
        return None
    key = "cli.teach.not_board_colour" if len(unknown) == 1 else "cli.teach.not_board_colours"
    return t(key, lang, names=said(tuple(unknown), lang), known=said(colours, lang))


def said(names: tuple[str, ...], lang: str) -> str:
    """Colour names as the player reads them, with commas."""
    return ", ".join(colour(name, lang) for name in names)


def typed_names(names: tuple[str, ...], lang: str) -> dict[str, str]:
    """Every form a player may type for each name (``zielona``, ``green``), to the name itself."""
    return {form: name for name in names for form in colour_forms(name, lang)}


LAID = 3
"""Dice or cards of a name the stand-in camera (``--source synthetic``) lays in its tray."""


def open_frames(spec: str, size: tuple[int, int], controls: Any) -> Any:
    """The frame source ``spec`` names; ``synthetic``: the stand-in camera, which lays in its tray
    what each name asks for (``shown_faces``), so teaching runs without a camera."""
    from firmware.devices.camera import open_source
    from firmware.standins.shown import SPEC, ShownTray

    if spec.strip().lower() == SPEC:
        return ShownTray(size=size)
    return open_source(spec, size=size, controls=controls)


def shown_faces(mode: str, name: str) -> list[Any]:
    """What a person shows for ``name``: dice showing that face, or one-square cards of that colour.

    >>> shown_faces("cards", "red")
    ['square:red', 'square:red', 'square:red']
    """
    return [name if mode == "colours" else f"square:{name}"] * LAID


def run(args: argparse.Namespace) -> int:
    from firmware.cli import config_or_say
    from firmware.cli._table import file_problem
    from firmware.devices.camera import CameraError, EndOfFrames
    from firmware.devices.camera.picamera2 import tray_controls
    from firmware.devices.onnx_runtime import chosen_networks
    from firmware.files import write_whole
    from firmware.standins.shown import ShownTray
    from vision.errors import ModelError, ProfileError
    from vision.profile import Profile
    from vision.reader import teach_features

    lang: str = args.lang
    if args.frames < 1:
        return fail(t("cli.teach.bad_frames", lang))
    known = _names_known(args.mode, args.board, lang)
    if isinstance(known, str):
        return fail(t("cli.teach.cannot", lang, reason=known))
    typed = typed_names(known, lang)
    listed = _names(args, typed)
    if listed is not None and not listed:
        example = ",".join(str(colour(name, lang)) for name in FACES[1:3])
        return fail(t("cli.teach.empty_names", lang, example=example))
    if args.mode == "cards" and (lacking := _not_on_board(listed or [], known, lang)):
        return fail(t("cli.teach.cannot", lang, reason=lacking))
    config = config_or_say("teach", args.config)
    if config is None:
        return 2
    camera = config.camera
    examples: dict[str, list[tuple[float, ...]]] = {}
    size = (camera.width, camera.height)
    try:
        # a camera held over the tray as in a Kostka box: focus, exposure, flicker
        with open_frames(args.source, size, tray_controls(camera)) as source:
            queue = list(listed) if listed is not None else None
            while True:
                name = (
                    (queue.pop(0) if queue else "")
                    if queue is not None
                    else _ask(args.mode, known, typed, lang)
                )
                if not name:
                    break
                if name not in known and args.mode == "cards":
                    print(
                        t("cli.teach.not_colour", lang, name=repr(name), known=said(known, lang)),
                        file=sys.stderr,
                    )
                    continue
                if isinstance(source, ShownTray):  # the stand-in camera: lay what a person would show
                    source.show(shown_faces(args.mode, name))
                found = 0
                for _ in range(args.frames):
                    vectors = teach_features(source.read(), args.mode, chosen_networks())
                    examples.setdefault(name, []).extend(vectors)
                    found += len(vectors)
                frames = tn("cli.teach.frames", args.frames, lang)
                print(tn(f"cli.teach.seen.{args.mode}", found, lang, name=colour(name, lang), frames=frames),
                      flush=True)  # fmt: skip
                if found == 0:
                    print(t(f"cli.teach.none.{args.mode}", lang, name=repr(str(colour(name, lang)))),
                          file=sys.stderr)  # fmt: skip
                    return 1
    except EndOfFrames:
        print(
            t("cli.teach.out_of_frames", lang, source=repr(args.source), frames=args.frames), file=sys.stderr
        )
        return 1
    except CameraError as error:
        return fail(t("cli.teach.no_frames", lang, reason=told(error, lang)))
    except ModelError as error:
        return fail(t("cli.teach.no_model", lang, reason=told(error, lang)))
    try:
        profile = Profile.teach(examples, mode=args.mode)
    except ProfileError as error:
        print(t("cli.teach.nothing", lang, reason=told(error, lang)), file=sys.stderr)
        return 1
    try:
        write_whole(args.out, profile.to_json())
    except OSError as error:
        return fail(t("cli.teach.unwritable", lang, path=repr(args.out), reason=file_problem(error, lang)))
    taught = ", ".join(
        t("cli.teach.taught", lang, name=colour(n, lang), n=s.count) for n, s in profile.classes
    )
    print(t("cli.teach.wrote", lang, path=args.out, taught=taught, mode=args.mode))
    return 0
