"""``kostka demo --auto``: a whole game played unattended on stand-ins, start to winner.

The same program as ``kostka run``, with every part a stand-in: the OLED drawn in the terminal
(half blocks), a synthetic camera filming stand-in dice that a seeded player rolls, and button
presses from ``firmware.standins.autopilot``, which chooses the advisor's best move. The same ``--seed``
plays the same game. Every confirmed move is saved in ``--state`` (a temporary folder when not
given): killed at any moment and started again with the same ``--state``, the demo carries on from
the last saved move and ends as an uninterrupted run would. ``--json`` prints the result as the
last line: ``{"game": G, "seed": S, "moves": N, "winner": ..., "scores": {...}}``.

On a terminal the game goes at a person's pace (``firmware.standins.pace``: about 1.5 s a screen,
the winner longer); ``--pace fast`` plays it at full speed, ``--pace SECONDS`` sets the time of a
screen. With ``--json`` or when the output is not a terminal it goes at full speed unless
``--pace`` says otherwise. The GIF of ``--frames-out`` always plays at the pace (a person's when
the game went at full speed), each OLED pixel 4x4 in a dark bezel; the PNG frames stay 128x64.

``--config FILE`` with a ``[cafe]`` section publishes the game to the café's broker as a box at that
table would (``firmware.cafe``); the rest of the file is not used.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from firmware.games.registry import PLAYERS, TITLES
from firmware.messages.i18n import t, tn
from firmware.standins.pace import WATCH_S, WINNER_TIMES

STALL_S = 20.0
"""Nothing happening for this long (beyond the longest a screen stays up) stops the demo."""
FAST = "fast"


def add_parser(
    subparsers: argparse._SubParsersAction[argparse.ArgumentParser], lang: str
) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "demo", help=t("usage.demo.help", lang), description=t("usage.demo.about", lang)
    )
    add = parser.add_argument
    add("--auto", action="store_true", help=t("usage.demo.auto", lang))
    add("--game", choices=TITLES, default=TITLES[0], help=t("usage.demo.game", lang))
    add("--seed", type=int, metavar="S", help=t("usage.demo.seed", lang))
    add(
        "--players",
        metavar=f"N|{t('usage.meta.names', lang)}",
        default="2",
        help=t("usage.demo.players", lang),
    )
    add("--lang", choices=("pl", "en"), default="pl", help=t("usage.demo.lang", lang))
    add("--state", type=Path, metavar=t("usage.meta.dir", lang), help=t("usage.demo.state", lang))
    add("--frames-out", type=Path, metavar=t("usage.meta.dir", lang), help=t("usage.demo.frames_out", lang))
    add("--reader", choices=("truth", "vision"), default="truth", help=t("usage.demo.reader", lang))
    add("--json", action="store_true", help=t("usage.demo.json", lang))
    add("--config", type=Path, metavar=t("usage.meta.file", lang), help=t("usage.demo.config", lang))
    pace = t("usage.demo.pace", lang, fast=FAST, watch=f"{WATCH_S:g}", times=WINNER_TIMES)
    add("--pace", metavar=t("usage.meta.seconds", lang), help=pace)
    return parser


def pace_s(text: str) -> float | None:
    """Seconds a screen from ``--pace`` (0 for ``fast``), None for a value that is neither."""
    if text == FAST:
        return 0.0
    try:
        seconds = float(text)
    except ValueError:
        return None
    return seconds if 0 <= seconds < float("inf") else None


def fail(message: str) -> int:
    print(f"kostka demo: {message}", file=sys.stderr)
    return 2


def run(args: argparse.Namespace) -> int:
    if not args.auto:
        return fail(t("demo.auto", args.lang))
    from firmware.config import check_names

    text = args.players.strip()
    try:
        args.names = () if text.isdigit() else check_names(text.split(","), args.lang)
    except ValueError as error:
        return fail(t("play.bad_players", args.lang, reason=error))
    args.players = len(args.names) or int(text)
    low, high = PLAYERS[args.game]
    if not low <= args.players <= high:
        game = t(f"game.{args.game.replace('-', '_')}", args.lang)
        return fail(t("demo.players", args.lang, game=game, low=low, high=high, n=args.players))
    if args.pace is None:
        args.pace = str(WATCH_S) if sys.stdout.isatty() and not args.json else FAST
    pace = pace_s(args.pace)
    if pace is None:
        return fail(t("demo.pace", args.lang, pace=args.pace))
    args.pace = pace
    if args.frames_out is not None:
        try:
            args.frames_out.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            reason = error.strerror or error
            return fail(t("demo.frames_out", args.lang, path=args.frames_out, reason=reason))
    args.cafe = None
    if getattr(args, "config", None) is not None:
        from firmware.cli import config_or_say

        config = config_or_say("demo", args.config)
        if config is None:
            return 2
        args.cafe = config.cafe
    if args.state is not None:
        return play(args, args.state)
    with tempfile.TemporaryDirectory(prefix="kostka-demo-") as folder:
        return play(args, Path(folder))


def play(args: argparse.Namespace, state_dir: Path) -> int:
    from firmware.app import AppError, begin, loop_of, open_parts
    from firmware.config import Camera, Config, Display, Game
    from firmware.machine.state import Winner
    from firmware.standins.autopilot import Autopilot
    from firmware.standins.pace import Pacer
    from firmware.storage import StorageError

    config = Config(
        display=Display(driver="terminal"),
        camera=Camera(source="synthetic", width=640, height=480),
        game=Game(default=args.game, players=args.players, names=args.names),
        language=args.lang,
        state_dir=state_dir,
        cafe=args.cafe,
    )
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1_000_000)
    frames = args.frames_out
    pacer = Pacer(lambda state, event: None, base_s=args.pace or WATCH_S, live=args.pace > 0)
    try:
        parts = open_parts(
            config,
            stream=None if args.json else sys.stdout,
            frames_dir=frames,
            gif_path=frames / "demo.gif" if frames is not None else None,
            gif_clock=pacer.clock,
            seed=seed,
            fast_camera=True,
            scripted=True,
            vision_reader=args.reader == "vision",
            environ={},
            stand_ins=True,
        )
    except AppError as error:
        return fail(error.message(args.lang))
    with parts:
        if not args.json:
            for notice in parts.notices:
                print(f"kostka demo: {notice}", file=sys.stderr)
        start = begin(
            parts,
            seed=seed,
            resume=lambda saved: (
                saved.title == args.game
                and len(saved.match.players) == args.players
                and all(name in args.names for name in saved.match.players if not name.isdigit())
                and (args.seed is None or saved.seed == args.seed)
            ),
        )
        if start.resumed and start.seed is not None:
            seed = start.seed
        assert parts.dice is not None, "the demo's camera is the stand-in"
        parts.dice.seed = seed
        pilot = Autopilot(parts.events, parts.dice, seed, args.game, args.players)
        pacer.then = pilot
        loop = loop_of(
            parts,
            start,
            on_read_dice=pilot.roll,
            on_state=pacer,
            until=lambda state: isinstance(state.screen, Winner),
        )
        done = threading.Event()
        stall_s = STALL_S + (pacer.longest_s if pacer.live else 0.0)
        guard = threading.Thread(
            target=stall_guard, args=(loop, done, stall_s), name="kostka-demo-guard", daemon=True
        )
        guard.start()
        try:
            loop.run()
        except StorageError as error:
            return fail(error.message(args.lang))
        finally:
            done.set()
        state = loop.state
        if not isinstance(state.screen, Winner) or state.match is None:
            return fail(t("demo.stopped", args.lang))
        result = summary(state.match, seed)
        line = summary_line(state.match, seed, args.lang)
    if args.json:
        print(json.dumps(result, ensure_ascii=False))
    else:
        print(line)
        if start.resumed:
            print(t("demo.resumed", args.lang))
    return 0


def stall_guard(loop: Any, done: threading.Event, stall_s: float = STALL_S) -> None:
    """Stop the loop when nothing has happened for ``stall_s`` (a bug must not hang CI)."""
    while not done.wait(0.5):
        if time.monotonic() - loop.last_event_at > stall_s:
            print(f"kostka demo: nothing happened for {stall_s:g} s: stopping", file=sys.stderr)
            loop.stop()
            return


def summary_line(match: Any, seed: int, lang: str) -> str:
    """The demo's last line, in ``lang``: game, seed, winner, moves and scores."""
    from firmware.games.guide import player_name
    from firmware.games.referee import names_list

    outcome = match.book.outcome(match.state)
    names = [player_name(name, lang) for name in match.players]
    winners = [names[seat] for seat in outcome.winners]
    if len(winners) == 1:
        winner = t("demo.winner", lang, name=winners[0])
    else:
        winner = t("demo.tie", lang, names=names_list(winners, lang))
    scores = ", ".join(f"{name} {score}" for name, score in zip(names, outcome.scores, strict=True))
    game = t(f"game.{match.book.title.replace('-', '_')}", lang)
    moves = tn("play.moves", len(match.moves), lang)
    return t("demo.summary", lang, game=game, seed=seed, winner=winner, moves=moves, scores=scores)


def summary(match: Any, seed: int) -> dict[str, Any]:
    """The result line: game, seed, moves, winner (a name, or a list of names for a tie), scores."""
    from firmware.cafe.moments import result

    said = result(match)
    return {"game": said["game"], "seed": seed, **{key: said[key] for key in ("moves", "winner", "scores")}}
