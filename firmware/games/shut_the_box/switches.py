"""Rule switches on the command line, shared by the verbs that build a rule book from them."""

from __future__ import annotations

import argparse

from firmware.messages.i18n import DEFAULT_LANGUAGE, t
from rules.shut_the_box import FLAP_COUNTS, ONE_DIE_RULES, SCORINGS, ShutTheBox


def add_shut_the_box_switches(parser: argparse.ArgumentParser) -> None:
    """The Shut the Box rule switches for one turn (shared by ``odds`` and ``advise``)."""
    parser.add_argument("--flaps", type=int, choices=FLAP_COUNTS, default=9, help="flaps (default 9)")
    parser.add_argument(
        "--one-die",
        choices=ONE_DIE_RULES,
        default="never",
        help="when one die may (low, after-top) or must (forced-low, always) be rolled (default never)",
    )
    parser.add_argument("--double-chance", action="store_true", help="a die's own value may shut its flap")
    parser.add_argument("--last-chance", action="store_true", help="one more roll per turn when stuck")
    parser.add_argument("--maths", action="store_true", help="targets a+b, |a-b|, a*b and a/b where whole")
    parser.add_argument("--scoring", choices=SCORINGS, default="sum", help="penalty as sum or digits")
    parser.add_argument(
        "--full-shut-bonus", type=int, default=0, metavar="N", help="taken off when every flap is shut"
    )


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


def add_reader_switches(parser: argparse.ArgumentParser, *, mode_help: str, mode_default: str | None) -> None:
    """What the dice show and what the reader is told besides the frame (``read`` and ``eval``)."""
    parser.add_argument("--mode", default=mode_default, choices=READ_MODES, help=mode_help)
    parser.add_argument(
        "--profile",
        metavar="PROFILE",
        help="colours or cards: a profile written by `kostka teach` (default: built in)",
    )
    parser.add_argument(
        "--board",
        metavar="FILE",
        help="cards: a Lezard data file with the board's colours (default: shipped)",
    )
