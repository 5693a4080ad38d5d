"""``kostka check [--config FILE] [--source SPEC] [--frames N] [--json] [--picture FILE] [--watch]``:
is the camera set up?

Put a few dice in the tray, keep hands out, and run it: it takes ``--frames`` frames from the camera
(or another source), with the focus, exposure and flicker settings of the config's ``[camera]``, and
says for each measure of ``vision.camera_check`` whether it is good and, if not, what to change:
the dice's size in the frame (camera height), how sharp they are (``focus_cm``), how much of them
the camera clips (exposure, light), how deep a lamp's flicker bands run across the frames
(``mains_hz``, the lamp), and whether anything moved meanwhile (check again). A last line says
which runtime the networks run on and why (ONNX Runtime only when it passed its probe,
``firmware.devices.runtime_probe``). The first half of
the frames only lets the camera's exposure settle. ``--picture`` writes the last frame with each die
found boxed (green: read ``ok``, orange: uncertain, red: cocked) and the camera's clipped pixels in
magenta, to look at over SSH. ``--watch`` checks again and again, a line each, until Ctrl-C (or
``--rounds`` checks), while the camera is raised or lowered and the lamp moved. Exit status 0 when
all is good (at the last check), 1 when there is advice, 2 when the camera cannot be used.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING, Any

from firmware.cli import add_lang, fail
from firmware.devices.onnx_runtime import runtime_line, runtime_reason
from firmware.messages.i18n import t, tn
from firmware.messages.numbers import number

if TYPE_CHECKING:  # numpy and OpenCV load when the check runs (``kostka --help`` stays quick)
    from vision.camera_check import CameraCheck


def add_parser(subparsers: Any, lang: str) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "check", help=t("usage.check.help", lang), description=t("usage.check.about", lang)
    )
    parser.add_argument(
        "--config", type=Path, metavar=t("usage.meta.file", lang), help=t("usage.check.config", lang)
    )
    parser.add_argument("--source", metavar=t("usage.meta.source", lang), help=t("usage.check.source", lang))
    parser.add_argument("--frames", type=int, default=10, metavar="N", help=t("usage.check.frames", lang))
    parser.add_argument("--json", action="store_true", help=t("usage.check.json", lang))
    parser.add_argument(
        "--picture", type=Path, metavar=t("usage.meta.file", lang), help=t("usage.check.picture", lang)
    )
    parser.add_argument("--watch", action="store_true", help=t("usage.check.watch", lang))
    parser.add_argument("--rounds", type=int, metavar="N", help=t("usage.check.rounds", lang))
    add_lang(parser, lang)
    return parser


def verdicts(check: CameraCheck, lang: str) -> list[tuple[str, str, str, str | None]]:
    """Per measure, in ``lang``: its name, what was measured, the aim, and what to change (None when good)."""
    from vision.camera_check import BANDS_MOST, BLUR_MOST, CLIPPED_MOST, DIE_PX, faults

    def pct(share: float, digits: int = 1) -> str:
        return number(100 * share, lang, digits)

    size = (
        t("cli.check.no_size", lang)
        if check.die_px is None
        else t("cli.check.size", lang, px=f"{check.die_px:.0f}")
    )
    figures = {
        "size": size,
        "blur": pct(check.blur, 0),
        "clipped": pct(check.clipped, 0),
        "bands": pct(check.band_depth, 0),
    }
    told = {fault: t(f"cli.check.advice.{fault}", lang, **figures) for fault in faults(check)}
    sizing = told.get("no_dice") or told.get("small") or told.get("big")
    found = tn("cli.check.n_dice", check.dice, lang)
    kind = t(f"cli.check.kind.{check.kind}", lang)
    still = t("cli.check.unmoved", lang)
    return [
        ("dice", t("cli.check.dice", lang, found=found, ok=check.ok, kind=kind, size=size),
         t("cli.check.aim.px", lang, low=f"{DIE_PX[0]:.0f}", high=f"{DIE_PX[1]:.0f}"), sizing),
        ("sharp", t("cli.check.sharp", lang, blur=pct(check.blur)),
         t("cli.check.aim.under", lang, most=pct(BLUR_MOST)), told.get("blurred")),
        ("clipped", t("cli.check.clipped", lang, clipped=pct(check.clipped)),
         t("cli.check.aim.under", lang, most=pct(CLIPPED_MOST, 0)), told.get("clipped")),
        ("flicker", t("cli.check.flicker", lang, bands=pct(check.band_depth)),
         t("cli.check.aim.under", lang, most=pct(BANDS_MOST, 0)), told.get("bands")),
        ("still", t("cli.check.moved", lang) if check.moving else still, still, told.get("moving")),
    ]  # fmt: skip


def run(args: argparse.Namespace) -> int:
    from firmware.cli import config_or_say
    from firmware.devices.camera import CameraError, EndOfFrames
    from firmware.devices.camera.picamera2 import tray_controls
    from firmware.devices.onnx_runtime import choose_probed_runtime, chosen_networks
    from vision.camera_check import check_frames
    from vision.errors import ModelError

    lang: str = args.lang
    if args.frames < 2:
        return fail(t("cli.check.bad_frames", lang), "check")
    config = config_or_say("check", args.config)
    if config is None:
        return 2
    choose_probed_runtime(config.state_dir)
    spec = args.source or config.camera.source
    size = (config.camera.width, config.camera.height)
    try:
        with open_frames(spec, size, args.watch, tray_controls(config.camera)) as source:
            if args.watch:
                print(runtime_line(lang), file=sys.stderr, flush=True)  # stdout: a line per check
                return watch(source, args.frames, args.rounds, lang)
            frames = [source.read() for _ in range(args.frames)]
        check = check_frames(frames, chosen_networks())
    except EndOfFrames:
        return fail(tn("cli.check.few_frames", args.frames, lang, source=repr(spec)), "check")
    except (CameraError, ModelError, ValueError) as error:
        print(f"kostka check: {error}", file=sys.stderr)
        return 2
    rows = verdicts(check, lang)
    told = [change for *_, change in rows if change]
    if args.picture is not None and not write_picture(args.picture, frames[-1], check, lang):
        return 2
    if args.json:
        why = runtime_reason()
        networks = {"runtime": chosen_networks().runtime_name, "reason": None if why is None else asdict(why)}
        print(json.dumps({"source": spec, **asdict(check), "advice": told, "networks": networks}))
    else:
        print(report(spec, check, rows, lang))
    return 1 if told else 0


SHOWN_DICE = 5
"""Dice the stand-in camera (``--source synthetic``) lays in its tray for the check."""


def open_frames(spec: str, size: tuple[int, int], loop: bool, controls: Any) -> Any:
    """The frame source ``spec`` names; ``synthetic``: the stand-in camera over a still tray of a few
    dice (no camera needed: the check of a box without its camera, or of the check itself)."""
    from firmware.devices.camera import open_source
    from firmware.standins.shown import SPEC, ShownTray

    if spec.strip().lower() != SPEC:
        return open_source(spec, size=size, loop=loop, controls=controls)
    tray = ShownTray(size=size)
    tray.show_pips(SHOWN_DICE)
    return tray


def watch(source: Any, count: int, rounds: int | None, lang: str) -> int:
    """Check on ``count`` frames at a time, a line each, until Ctrl-C or ``rounds`` checks; the exit
    status of the last check (1: something to change)."""
    from firmware.devices.onnx_runtime import chosen_networks
    from vision.camera_check import check_frames, faults

    found: tuple[str, ...] = ()
    done = 0
    try:
        while rounds is None or done < rounds:
            check = check_frames([source.read() for _ in range(count)], chosen_networks())
            found = faults(check)
            size = "-" if check.die_px is None else f"{check.die_px:.0f} px"
            named = ", ".join(t(f"cli.check.fault.{fault}", lang) for fault in found)
            verdict = t("cli.check.watch.change", lang, faults=named) if found else t("cli.check.good", lang)
            figures = {
                name: number(100 * share, lang, 1)
                for name, share in (
                    ("blur", check.blur),
                    ("clipped", check.clipped),
                    ("bands", check.band_depth),
                )
            }
            print(
                t("cli.check.watch", lang, dice=check.dice, size=size, verdict=verdict, **figures), flush=True
            )
            done += 1
    except KeyboardInterrupt:
        print()
    return 1 if found else 0


STATUS_BGR = {"ok": (0, 200, 0), "uncertain": (0, 160, 255), "cocked": (0, 0, 255)}
"""Box colours of the picture by the die's status."""


def write_picture(path: Path, frame: Any, check: CameraCheck, lang: str) -> bool:
    """The frame with its clipped pixels in magenta and each die found boxed by status; False (and
    why, on stderr) when the file cannot be written."""
    import cv2
    import numpy as np

    from vision.colours.looks import CLIPPED

    picture = frame.copy()
    picture[frame.max(axis=2) >= CLIPPED] = (255, 0, 255)
    thick = max(2, frame.shape[1] // 400)
    for x, y, w, h, status in check.found:
        cv2.rectangle(picture, (x, y), (x + w - 1, y + h - 1), STATUS_BGR.get(status, (255, 255, 255)), thick)
    try:
        written = cv2.imwrite(str(path), np.ascontiguousarray(picture))
    except cv2.error as error:
        written, reason = False, str(error).strip().splitlines()[-1]
    else:
        reason = t("cli.check.picture_why", lang)
    if not written:
        fail(t("cli.check.bad_picture", lang, path=path, reason=reason), "check")
    return bool(written)


def report(spec: str, check: CameraCheck, rows: list[tuple[str, str, str, str | None]], lang: str) -> str:
    """The measures, a line each with its verdict, then what to change."""
    lines = [t("cli.check.title", lang, source=spec, width=check.width, height=check.height)]
    names = [t(f"cli.check.row.{name}", lang) for name, *_ in rows]
    wide = max(8, *map(len, names))
    widest = max(44, *(len(value) + 1 for _, value, _, _ in rows))
    verdict = {True: t("cli.check.change", lang), False: t("cli.check.good", lang)}
    lines += [
        f"  {named:{wide}s} {value:{widest}s} {verdict[change is not None]} ({aim})"
        for named, (_, value, aim, change) in zip(names, rows, strict=True)
    ]
    lines.append(f"  {runtime_line(lang)}")
    lines += [f"- {change}" for *_, change in rows if change] or [t("cli.check.all_good", lang)]
    return "\n".join(lines)
