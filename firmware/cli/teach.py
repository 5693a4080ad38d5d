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
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from firmware.games.stonoga.colours import COLOURS

FACES = COLOURS


@dataclass(frozen=True, slots=True)
class Shown:
    """What the player shows in one mode, in the words the prompts use."""

    thing: str
    """One of what is seen, counted after each name ("3 face(s) seen")."""
    ask: str
    """What to put under the camera."""
    missing: str
    """One of what was not found."""


CARD = "card of one colour (a square or a lizard)"
SHOWN = {
    "colours": Shown("face", "dice showing one face", "die"),
    "cards": Shown("card", "cards of one colour (a square or a lizard)", CARD),
}


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "teach",
        help="teach Kostka the colours of your own dice",
        description="Show each face of your dice under the camera and name it; "
        "Kostka writes a profile that `kostka read --profile` uses.",
    )
    parser.add_argument(
        "--mode",
        default="colours",
        choices=["colours", "cards"],
        help="what to teach: colour dice or Lezard cards",
    )
    parser.add_argument("--out", required=True, metavar="PROFILE", help="the profile file to write (JSON)")
    parser.add_argument(
        "--source",
        required=True,
        metavar="SPEC",
        help="picamera2, usb:N, a video, a folder or a glob of images; synthetic: the stand-in camera",
    )
    parser.add_argument("--frames", type=int, default=3, metavar="N", help="frames per face (default 3)")
    parser.add_argument(
        "--config",
        type=Path,
        metavar="FILE",
        help="settings (TOML) whose [camera] frame size, focus, exposure and mains to use; default: defaults",
    )
    parser.add_argument(
        "--names",
        metavar="A,B,...",
        help=f"names in the order shown (e.g. {','.join(FACES)}; cards: the board's colours); else asked",
    )
    parser.add_argument(
        "--board",
        metavar="FILE",
        help="cards: a Lezard data file with the board's colours (default: shipped)",
    )
    return parser


def _names(args: argparse.Namespace) -> list[str] | None:
    if args.names is None:
        return None
    names = [n.strip().lower() for n in args.names.split(",") if n.strip()]
    return names


def _ask(mode: str, names: tuple[str, ...]) -> str:
    try:
        answer = input(
            f"Put {SHOWN[mode].ask} under the camera and type its name ({', '.join(names)});"
            " empty to finish: "
        )
    except EOFError:
        return ""
    return answer.strip().lower()


def _names_known(mode: str, listed: list[str] | None, board: str | None) -> tuple[str, ...] | str:
    """The names the player may teach (the faces, or the board's colours for cards), or what is wrong."""
    if mode == "colours":
        if board is not None:
            return "--board is for cards, not colours; add --mode cards or leave it out"
        return FACES
    from firmware.profiles import board_colours

    try:
        colours = board_colours(board)
    except ValueError as error:
        return f"the board file cannot be used: {error}"
    unknown = [name for name in listed or [] if name not in colours]
    if unknown:
        return f"{', '.join(unknown)} is not a colour of the board ({', '.join(colours)}); check --names"
    return colours


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
    from firmware.devices.camera import CameraError, EndOfFrames
    from firmware.devices.camera.picamera2 import tray_controls
    from firmware.devices.onnx_runtime import chosen_networks
    from firmware.profiles import write_profile_file
    from firmware.standins.shown import ShownTray
    from vision.errors import ModelError, ProfileError
    from vision.profile import Profile
    from vision.reader import teach_features

    if args.frames < 1:
        print("--frames must be at least 1; try --frames 3.", file=sys.stderr)
        return 2
    listed = _names(args)
    if listed is not None and not listed:
        print("--names is empty; give the faces in the order you show them, e.g. --names red,blue.",
              file=sys.stderr)  # fmt: skip
        return 2
    known = _names_known(args.mode, listed, args.board)
    if isinstance(known, str):
        print(f"Cannot teach: {known}.", file=sys.stderr)
        return 2
    config = config_or_say("teach", args.config)
    if config is None:
        return 2
    shown = SHOWN[args.mode]
    camera = config.camera
    examples: dict[str, list[tuple[float, ...]]] = {}
    size = (camera.width, camera.height)
    try:
        # a camera held over the tray as in a Kostka box: focus, exposure, flicker
        with open_frames(args.source, size, tray_controls(camera)) as source:
            queue = list(listed) if listed is not None else None
            while True:
                name = (queue.pop(0) if queue else "") if queue is not None else _ask(args.mode, known)
                if not name:
                    break
                if name not in known and args.mode == "cards":
                    print(f"{name!r} is not a colour of the board ({', '.join(known)}); type one of them.",
                          file=sys.stderr)  # fmt: skip
                    continue
                if isinstance(source, ShownTray):  # the stand-in camera: lay what a person would show
                    source.show(shown_faces(args.mode, name))
                found = 0
                for _ in range(args.frames):
                    vectors = teach_features(source.read(), args.mode, chosen_networks())
                    examples.setdefault(name, []).extend(vectors)
                    found += len(vectors)
                print(f"{name}: {found} {shown.thing}(s) seen in {args.frames} frame(s)", flush=True)
                if found == 0:
                    print(f"No {shown.missing} was found for {name!r}: check the light and that it is "
                          "in view, then teach again.", file=sys.stderr)  # fmt: skip
                    return 1
    except EndOfFrames:
        print(f"The source {args.source!r} ran out of frames: give {args.frames} frames per name.",
              file=sys.stderr)  # fmt: skip
        return 1
    except CameraError as error:
        print(f"Cannot take frames: {error}", file=sys.stderr)
        return 2
    except ModelError as error:
        print(f"Cannot find dice: {error}.", file=sys.stderr)
        return 2
    try:
        profile = Profile.teach(examples, mode=args.mode)
    except ProfileError as error:
        print(f"Nothing to save: {error}.", file=sys.stderr)
        return 1
    try:
        write_profile_file(args.out, profile.to_json())
    except OSError as error:
        print(
            f"Cannot write the profile {args.out!r} ({error.strerror}); choose another --out.",
            file=sys.stderr,
        )
        return 2
    taught = ", ".join(f"{n} ({s.count})" for n, s in profile.classes)
    print(f"Wrote {args.out}: {taught}. Read with: kostka read --mode {args.mode} --profile {args.out} IMAGE")
    return 0
