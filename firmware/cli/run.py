"""``kostka run [--config FILE]``: the appliance itself.

On a Raspberry Pi: the buttons, the OLED and the camera the config names (the systemd service runs
this); a missing GPIO library stops the start, a missing camera library leaves the dice to be
entered by hand, both said on the OLED and on stderr with the command that installs them. Off a
Pi, or with ``--stand-ins``, the missing parts are stand-ins (``firmware.app``): keys for buttons,
the OLED drawn in the terminal, and stand-in dice that roll themselves when Kostka asks for a roll.
A bad config value, a part that cannot work or a state folder another Kostka holds stops the start
with one line and exit status 2.

"Power off" in the box's menu ends the program with exit status ``POWER_OFF`` (4); the systemd
unit (``systemd/kostka.service``) then powers the Pi off. Anywhere else the program just ends.
"""

from __future__ import annotations

import argparse
import contextlib
import random
import sys
import threading
import time
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from firmware.messages.i18n import t

if TYPE_CHECKING:
    from firmware.config import Config

ROLL_AFTER_S = 1.5
"""The stand-in dice roll this long after Kostka asks (as a person would reach for them)."""
STARTING_S = 10
"""While ONNX Runtime is probed, systemd is told every second that the start may take this much longer."""
POWER_OFF = 4
"""The exit status after "Power off" in the menu: the unit's ExecStopPost powers the Pi off on it."""
POWER_OFF_SHOW_S = 2.0
"""How long a real box keeps "Powering off…" on its OLED before the program ends and blanks it."""


def add_parser(
    subparsers: argparse._SubParsersAction[argparse.ArgumentParser], lang: str
) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "run", help=t("usage.run.help", lang), description=t("usage.run.about", lang)
    )
    parser.add_argument(
        "--config", type=Path, metavar=t("usage.meta.file", lang), help=t("usage.run.config", lang)
    )
    parser.add_argument("--stand-ins", action="store_true", help=t("usage.run.stand_ins", lang))
    parser.add_argument("--players", metavar=t("usage.meta.names", lang), help=t("usage.run.players", lang))
    parser.add_argument(
        "--profile", type=Path, metavar=t("usage.meta.profile", lang), help=t("usage.run.profile", lang)
    )
    return parser


def with_players(config: Config, text: str | None) -> Config:
    """``config`` with the names of ``--players`` (and as many players, where the first title allows
    it); ValueError says why the names cannot be used."""
    if text is None:
        return config
    from firmware.config import check_names
    from firmware.games.registry import PLAYERS

    names = check_names(text.split(","), config.language)
    low, high = PLAYERS[config.game.default]
    players = len(names) if low <= len(names) <= high else config.game.players
    return replace(config, game=replace(config.game, names=names, players=players))


def choose_networks(state_dir: Path, lang: str) -> str:
    """ONNX Runtime for the networks only if it passed its probe (kept in ``state_dir``), else
    OpenCV's dnn; returns the line for the journal, in ``lang``, that says which and why. While a
    probe runs, systemd's watchdog is petted and its start timeout extended."""
    from firmware.devices.notify import Notifier
    from firmware.devices.onnx_runtime import choose_probed_runtime, runtime_line
    from firmware.devices.runtime_probe import probe
    from firmware.messages.i18n import t

    with Notifier.from_environ() as notifier:

        def starting() -> None:
            notifier.send("WATCHDOG=1", f"EXTEND_TIMEOUT_USEC={STARTING_S * 1_000_000}")

        notifier.status("checking ONNX Runtime in a child process")
        _, probed = choose_probed_runtime(state_dir, probe=lambda: probe(tick=starting))
    line = runtime_line(lang)
    return t("box.runtime.probed", lang, line=line) if probed else line


def run(args: argparse.Namespace) -> int:
    from firmware.app import AppError, begin, loop_of, open_parts
    from firmware.cli import config_or_say
    from firmware.devices.buttons import GpioButtons
    from firmware.machine.step import ReadDice
    from firmware.messages.i18n import t
    from firmware.standins.buttons import KeyboardButtons, cbreak
    from firmware.storage import StorageError

    config = config_or_say("run", args.config)
    if config is None:
        return 2
    try:
        config = with_players(config, args.players)
    except ValueError as error:
        print(f"kostka run: {t('play.bad_players', config.language, reason=error)}", file=sys.stderr)
        return 2
    lang = config.language
    networks = choose_networks(config.state_dir, lang)  # before the parts: the box's check shows it
    if args.profile is not None:
        from firmware.devices.onnx_runtime import chosen_networks
        from firmware.profiles import ProfileFileError, read_learnt_file

        try:
            read_learnt_file(str(args.profile), chosen_networks())
        except ProfileFileError as error:
            print(f"kostka run: {error.message(lang)}", file=sys.stderr)
            return 2
    tty = sys.stdout.isatty()
    try:
        seed = random.SystemRandom().randrange(2**31)  # the stand-in dice's, if there are any
        stream = sys.stdout if tty else None
        learnt = args.profile
        parts = open_parts(
            config, keyboard=sys.stdin, stream=stream, seed=seed, stand_ins=args.stand_ins, learnt=learnt
        )
    except AppError as error:
        print(f"kostka run: {error.message(lang)}", file=sys.stderr)
        return 2
    with parts, cbreak(sys.stdin) if sys.stdin.isatty() else contextlib.nullcontext():
        start = begin(parts)
        for notice in [networks, *parts.notices]:
            print(f"kostka run: {notice}", file=sys.stderr)
        if isinstance(parts.buttons, KeyboardButtons):
            print(t("box.keys", lang), file=sys.stderr)
        dice = parts.dice
        timers: list[threading.Timer] = []

        def roll_stand_in(ask: ReadDice, moves: int) -> None:
            if dice is None:
                return
            key = f"run/{moves}/{len(timers)}"
            timer = threading.Timer(ROLL_AFTER_S, lambda: dice.roll(ask.count, colours=ask.colours, key=key))
            timer.daemon = True
            timers.append(timer)
            timer.start()

        loop = loop_of(
            parts,
            start,
            on_read_dice=roll_stand_in,
            taught=parts.taught,
            taught_cards=parts.taught_cards,
        )
        try:
            status = loop.run()
        except StorageError as error:  # a move that cannot be saved: stop (systemd starts again)
            print(f"kostka run: {error.message(lang)}", file=sys.stderr)
            status = 1
        for timer in timers:
            timer.cancel()
        if loop.powering_off:
            if isinstance(parts.buttons, GpioButtons):  # a real box: let "Powering off…" be read
                time.sleep(POWER_OFF_SHOW_S)
            status = POWER_OFF
    return status
