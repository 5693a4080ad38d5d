"""A game's terminal table built from the command line, shared by ``kostka play`` and ``kostka advise``:
the players, the game's switches, and a game reached from a list of moves.
"""

from __future__ import annotations

import argparse
import errno
from collections.abc import Sequence
from typing import Any

from firmware.config import check_names
from firmware.errors import told
from firmware.games.registry import game
from firmware.messages.i18n import t
from rules.game import RulesError
from rules.match import Match

BOT_PREFIX = "bot:"


def parse_players(text: str | None, lang: str) -> tuple[list[str], set[int]]:
    """Names in seat order and the seats marked ``bot:``; ``ValueError`` for an empty or repeated name.

    >>> parse_players("Ala, bot:Olek", "en")
    (['Ala', 'Olek'], {1})
    """
    if text is None:
        return [t("player.name", lang, n=n) for n in (1, 2)], set()
    names, bots = [], set()
    for seat, raw in enumerate(text.split(",")):
        name = raw.strip()
        if name.lower().startswith(BOT_PREFIX):
            name = name[len(BOT_PREFIX) :].strip()
            bots.add(seat)
        names.append(name)
    names = list(check_names(names, lang))
    return names, bots


def file_problem(error: OSError, lang: str) -> str:
    """Why a file cannot be read, in ``lang`` for the usual reasons (else the system's words).

    >>> file_problem(FileNotFoundError(2, "No such file or directory"), "pl")
    'nie ma takiego pliku'
    """
    key = {errno.ENOENT: "missing", errno.EACCES: "denied", errno.EPERM: "denied", errno.EISDIR: "folder"}
    key[errno.ENOTDIR] = "notdir"
    if error.errno in key:
        return t(f"play.file.{key[error.errno]}", lang)
    return str(error.strerror or error)


def table_for(args: argparse.Namespace, players: Sequence[str], lang: str) -> Any | str:
    """The terminal table of ``args.game`` with its switches and these players, or the one line
    saying why it cannot be built."""
    module = game(args.game).table_module()
    try:
        table = module.table_from_args(args)
        chosen = getattr(module, "for_players", None)  # a game whose seats hold more than a name
        if chosen is not None:
            table = chosen(table, args, players, lang)
    except OSError as error:
        return t("play.bad_file", lang, path=error.filename, reason=file_problem(error, lang))
    except UnicodeDecodeError:
        return t("play.bad_file", lang, path=getattr(args, "board", None), reason=t("file.not_text", lang))
    except RulesError as error:  # a data file that cannot be used: the message names the place and the fix
        return told(error, lang)
    except ValueError as error:
        return t("play.bad_switches", lang, reason=str(error).rstrip("."), game=args.game)
    try:
        table.book.start(players)
    except (RulesError, ValueError) as error:
        return t("play.bad_players", lang, reason=told(error, lang))
    return table


def replayed(table: Any, players: Sequence[str], moves: Sequence[str], lang: str) -> Match[Any, Any] | str:
    """The game reached by playing ``moves`` (as a person types them) from the start, or the line
    saying which move does not fit and why."""
    match: Match[Any, Any] = Match.start(table.book, players)
    for number, text in enumerate(moves, start=1):
        try:
            match = match.play_text(table.normalise(match.state, text, lang))
        except RulesError as error:
            return t("advise.bad_move", lang, n=number, text=text, reason=told(error, lang).rstrip("."))
    return match
