"""``kostka play GAME --players Ala,Olek``: referee a whole game in the terminal.

The players type what the table shows in their language (``3 5``, ``cz cz * n`` or ``r r * b``,
``czerwony niebieski`` or ``red blue``); Kostka lists the legal moves with the advisor's figures,
keeps the scores, undoes (``u``) and announces the winner. Everything it says, its errors too,
is in ``--lang`` (Polish by default).
``--bots 2`` (seats from 1, or names; or ``bot:Olek`` in ``--players``) lets the advisor play a
seat; ``--auto-dice`` lets Kostka roll stand-in dice (``--seed`` repeats a game), so a game with
only bots runs unattended. Each game adds its rule switches (``kostka play GAME --help``).
``--save FILE`` keeps the game in FILE after every move, written whole so that a power cut leaves
the last move's file; ``kostka play --resume FILE`` goes on with it, with its own switches.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

from firmware.cli import add_lang, fail
from firmware.cli._save import Saved, SaveError, load_save, write_save
from firmware.cli._table import parse_players, table_for
from firmware.errors import told
from firmware.games.referee import Referee
from firmware.games.registry import GAMES, game
from firmware.machine.seating import rule_key
from firmware.messages.i18n import DEFAULT_LANGUAGE, t, tn
from rules.game import TERMINAL, RulesError
from rules.match import Match


def table_module(title: str) -> ModuleType:
    """The terminal table module of a game: its switches, ``table_from_args``, its table."""
    return game(title).table_module()


def add_parser(
    subparsers: argparse._SubParsersAction[argparse.ArgumentParser], lang: str
) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "play", help=t("usage.play.help", lang), description=t("usage.play.about", lang)
    )
    parser.add_argument("--resume", metavar=t("usage.meta.file", lang), help=t("usage.play.resume", lang))
    parser.set_defaults(resume_from=None)
    games = parser.add_subparsers(dest="game", metavar=t("usage.meta.game", lang))
    for known in GAMES:
        about = t(known.about_key, lang)
        sub = games.add_parser(known.title, help=about, description=about)
        sub.add_argument("--players", metavar=t("usage.meta.names", lang), help=t("usage.play.players", lang))
        add_lang(sub, lang)
        sub.add_argument("--bots", metavar=t("usage.meta.seats", lang), help=t("usage.play.bots", lang))
        sub.add_argument("--auto-dice", action="store_true", help=t("usage.play.auto_dice", lang))
        sub.add_argument("--seed", type=int, metavar="S", help=t("usage.play.seed", lang))
        sub.add_argument("--first", metavar=t("usage.meta.name", lang), help=t("usage.play.first", lang))
        sub.add_argument("--save", metavar=t("usage.meta.file", lang), help=t("usage.play.save", lang))
        known.table_module().add_switches(sub, lang)
    return parser


def parse_bots(text: str | None, players: list[str]) -> set[int] | str:
    """The seats ``--bots`` names (numbers from 1, names, or ``all``), or the word that names none.

    >>> parse_bots("2,Ala", ["Ala", "Olek", "Ewa"])
    {0, 1}
    """
    if text is None:
        return set()
    seats: set[int] = set()
    for raw in text.split(","):
        word = raw.strip()
        if word.lower() in ("all", "wszyscy"):
            seats |= set(range(len(players)))
        elif word.isdigit() and 1 <= int(word) <= len(players):
            seats.add(int(word) - 1)
        elif word in players:
            seats.add(players.index(word))
        else:
            return word
    return seats


def first_seat(text: str | None, players: list[str]) -> int | None:
    """The seat ``--first`` names (a name, or a seat number from 1); 0 when not given, None when it
    names no player.

    >>> first_seat("Olek", ["Ala", "Olek"]), first_seat("2", ["Ala", "Olek"]), first_seat("Ewa", ["Ala"])
    (1, 1, None)
    """
    if text is None:
        return 0
    word = text.strip()
    if word in players:
        return players.index(word)
    if word.isdigit() and 1 <= int(word) <= len(players):
        return int(word) - 1
    return None


def run(args: argparse.Namespace) -> int:
    moves: tuple[str, ...] = ()
    if args.resume is not None:
        if args.game is not None:
            return fail(t("save.both", DEFAULT_LANGUAGE))
        try:
            saved = load_save(Path(args.resume))
        except SaveError as error:
            reason = t(error.why, DEFAULT_LANGUAGE, **error.fields)
            return fail(t(error.key, DEFAULT_LANGUAGE, path=args.resume, reason=reason))
        args, moves = resumed(saved, args.resume), saved.moves
    elif args.game is None:
        return fail(t("save.no_game", DEFAULT_LANGUAGE))
    lang: str = args.lang
    try:
        players, bots = parse_players(args.players, lang)
    except ValueError as error:
        return fail(t("play.bad_players", lang, reason=error))
    first = first_seat(args.first, players)
    if first is None:
        return fail(t("first.unknown", lang, name=args.first, players=", ".join(players)))
    players = players[first:] + players[:first]  # in turn order from the first, clockwise
    bots = {(seat - first) % len(players) for seat in bots}
    more = parse_bots(args.bots, players)
    if isinstance(more, str):
        return fail(t("play.bad_bots", lang, text=more))
    table = table_for(args, players, lang)
    if isinstance(table, str):
        return fail(table)
    try:
        match = Match.replay(table.book, players, moves)
    except RulesError as error:
        return fail(t("save.damaged", lang, path=args.resume_from, reason=told(error, lang).rstrip(".")))
    if moves and table.book.to_act(match.state) == TERMINAL:
        return fail(t("save.finished", lang, path=args.resume_from))
    if args.seed is None:
        args.seed = random.SystemRandom().randrange(10**6)
    seed: int = args.seed
    keep = None
    if moves:
        print(tn("save.resumed", len(moves), lang, path=args.resume_from))
    if args.save is not None:
        path = Path(args.save)
        switches = kept_switches(args)
        try:
            write_save(path, args.game, switches, match.moves)
        except OSError as error:
            return fail(t("save.unwritable", lang, path=path, reason=error.strerror or error))
        keep = saver(path, args.game, switches, lang)
        print(t("save.saved", lang, path=path))
    if args.auto_dice:
        print(t("play.seed", lang, seed=seed))
    if len(players) > 1 and not moves:
        more_hint = "" if args.first is not None else " " + t("first.option", lang)
        rule = f"{t('first.title', lang)} {t(rule_key(args.game), lang)}"
        print(f"{rule} {t('first.starts', lang, name=players[0])}{more_hint}")
    again = f"{seed}/{len(moves)}" if moves else None  # a resumed game rolls on, not from its start
    referee = Referee(
        table,
        players,
        lang,
        sys.stdin,
        sys.stdout,
        bots=bots | more,
        dice=random.Random(again or seed) if args.auto_dice else None,
        rng=random.Random(f"{again}/bots" if again else seed + 1),
        echo=not sys.stdin.isatty(),
        match=match,
        keep=keep,
    )
    ending = referee.run()
    return 1 if ending.how == "input-ended" else 0


NOT_SWITCHES = ("run", "verb", "game", "resume", "resume_from", "save")
"""What a save does not keep of the command line: the save itself and where it came from."""


def kept_switches(args: argparse.Namespace) -> dict[str, Any]:
    """The command line's switches as a save keeps them (a board file by its full path)."""
    switches = {k: v for k, v in vars(args).items() if k not in NOT_SWITCHES}
    if switches.get("board"):
        switches["board"] = str(Path(switches["board"]).resolve())
    return switches


def resumed(saved: Saved, path: str) -> argparse.Namespace:
    """The command line of a saved game: the game's defaults with the saved switches over them, and
    the save kept in the same file."""
    from firmware.cli import build_parser

    args = build_parser().parse_args(["play", saved.game])
    known = vars(args)
    for key, value in saved.switches.items():
        if key in known and key not in NOT_SWITCHES:
            setattr(args, key, value)
    args.save = args.resume_from = path
    return args


def saver(path: Path, game: str, switches: dict[str, Any], lang: str) -> Callable[[Match[Any, Any]], None]:
    """What the referee calls after every move: the save written again (a failure is said, and the
    game goes on)."""

    def keep(match: Match[Any, Any]) -> None:
        try:
            write_save(path, game, switches, match.moves)
        except OSError as error:
            print(t("save.unwritable", lang, path=path, reason=error.strerror or error), file=sys.stderr)

    return keep
