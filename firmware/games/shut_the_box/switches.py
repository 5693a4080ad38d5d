"""Rule switches on the command line, shared by the verbs that build a rule book from them."""

from __future__ import annotations

import argparse

from firmware.messages.i18n import DEFAULT_LANGUAGE, t
from rules.shut_the_box import FLAP_COUNTS, ONE_DIE_RULES, SCORINGS, ShutTheBox


def add_shut_the_box_switches(parser: argparse.ArgumentParser, lang: str) -> None:
    """The Shut the Box rule switches for one turn (shared by ``odds`` and ``advise``), their help in
    ``lang``."""
    add = parser.add_argument
    add("--flaps", type=int, choices=FLAP_COUNTS, default=9, help=t("usage.box.flaps", lang))
    add("--one-die", choices=ONE_DIE_RULES, default="never", help=t("usage.box.one_die", lang))
    add("--double-chance", action="store_true", help=t("usage.box.double_chance", lang))
    add("--last-chance", action="store_true", help=t("usage.box.last_chance", lang))
    add("--maths", action="store_true", help=t("usage.box.maths", lang))
    add("--scoring", choices=SCORINGS, default="sum", help=t("usage.box.scoring", lang))
    add("--full-shut-bonus", type=int, default=0, metavar="N", help=t("usage.box.full_shut_bonus", lang))


def shut_the_box_rules(args: argparse.Namespace, lang: str = DEFAULT_LANGUAGE) -> ShutTheBox:
    """The rule book the switches describe; ``ValueError`` with a message in ``lang`` if they clash."""
    if args.full_shut_bonus < 0:
        raise ValueError(
            t("play.switch.at_least", lang, switch="--full-shut-bonus", least=0, value=args.full_shut_bonus)
        )
    return ShutTheBox(
        flaps=args.flaps,
        one_die=args.one_die,
        scoring=args.scoring,
        double_chance=args.double_chance,
        last_chance=args.last_chance,
        full_shut_bonus=args.full_shut_bonus,
        maths=args.maths,
    )


READ_MODES = ("pips", "colours", "cards")


def add_reader_switches(
    parser: argparse.ArgumentParser, lang: str, *, mode_help: str, mode_default: str | None
) -> None:
    """What the dice show and what the reader is told besides the frame (``read`` and ``eval``)."""
    parser.add_argument("--mode", default=mode_default, choices=READ_MODES, help=mode_help)
    parser.add_argument(
        "--profile", metavar=t("usage.meta.profile", lang), help=t("usage.reader.profile", lang)
    )
    parser.add_argument("--board", metavar=t("usage.meta.file", lang), help=t("usage.reader.board", lang))
