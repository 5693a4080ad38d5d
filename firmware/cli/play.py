"""``kostka play GAME --players Ala,Olek``: referee a whole game in the terminal.

The players type what the table shows (``3 5``, ``r r * b``, ``red blue``); Kostka lists the legal
moves with the advisor's figures, keeps the scores, undoes (``u``) and announces the winner.
``--bots 2`` (seats from 1, or names; or ``bot:Olek`` in ``--players``) lets the advisor play a
seat; ``--auto-dice`` lets Kostka roll stand-in dice (``--seed`` repeats a game), so a game with
only bots runs unattended. Each game adds its rule switches (``kostka play GAME --help``).
"""

from __future__ import annotations

import argparse
import random
import sys
from types import ModuleType
from typing import Any

from firmware.cli import fail
from firmware.games.referee import Referee
from firmware.games.registry import GAMES, game
from firmware.machine.seating import rule_key
from firmware.messages.i18n import DEFAULT_LANGUAGE, LANGUAGES, t
from rules.game import RulesError

BOT_PREFIX = "bot:"


def table_module(title: str) -> ModuleType:
    """The terminal table module of a game: its switches, ``table_from_args``, its table."""
    return game(title).table_module()


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "play",
        help="referee a whole game in the terminal",
        description="Referee a whole game: type the dice, pick moves with the advisor's figures.",
    )
    games = parser.add_subparsers(dest="game", metavar="GAME", required=True)
    for known in GAMES:
        sub = games.add_parser(known.title, help=known.about, description=known.about)
        sub.add_argument(
            "--players", metavar="NAMES", help="player names in seat order, e.g. Ala,Olek (bot:Ola for a bot)"
        )
        sub.add_argument(
            "--lang",
            choices=LANGUAGES,
            default=DEFAULT_LANGUAGE,
            help=f"language (default {DEFAULT_LANGUAGE})",
        )
        sub.add_argument(
            "--bots", metavar="SEATS", help="seats (1 = first) or names the advisor plays, or all"
        )
        sub.add_argument(
            "--auto-dice", action="store_true", help="Kostka rolls stand-in dice (and draws cards)"
        )
        sub.add_argument("--seed", type=int, metavar="S", help="seed of the stand-in dice, to repeat a game")
        sub.add_argument(
            "--first", metavar="NAME",
            help="who starts (a name or a seat number; the rule sheet's way is said at the start)",
        )
        known.table_module().add_switches(sub)
    return parser


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
        if not name:
            raise ValueError("a player's name is empty")
        if name in names:
            raise ValueError(f"two players are called {name}")
        names.append(name)
    return names, bots


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
    try:
        table: Any = table_module(args.game).table_from_args(args)
    except OSError as error:
        return fail(t("play.bad_file", lang, path=error.filename, reason=error.strerror or error))
    except RulesError as error:  # a data file that cannot be used: the message names the place and the fix
        return fail(str(error))
    except ValueError as error:
        return fail(t("play.bad_switches", lang, reason=str(error).rstrip("."), game=args.game))
    try:
        table.book.start(players)
    except (RulesError, ValueError) as error:
        return fail(t("play.bad_players", lang, reason=error))
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
    if args.auto_dice:
        print(t("play.seed", lang, seed=seed))
    if len(players) > 1:
        told = "" if args.first is not None else " " + t("first.option", lang)
        rule = f"{t('first.title', lang)} {t(rule_key(args.game), lang)}"
        print(f"{rule} {t('first.starts', lang, name=players[0])}{told}")
    referee = Referee(
        table,
        players,
        lang,
        sys.stdin,
        sys.stdout,
        bots=bots | more,
        dice=random.Random(seed) if args.auto_dice else None,
        rng=random.Random(seed + 1),
        echo=not sys.stdin.isatty(),
    )
    ending = referee.run()
    return 1 if ending.how == "input-ended" else 0
