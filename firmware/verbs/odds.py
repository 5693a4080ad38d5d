"""``kostka odds GAME``: exact chances of a whole turn, from the rule books' advisors.

``kostka odds shut-the-box [switches] [--json]``: one player, all flaps open, best play for each goal.
``kostka odds stonoga --at-least K [--json]``: at least K dice of one colour fixed in advance, in three
rolls, keeping optimally.
"""

from __future__ import annotations

import argparse
import json
import sys
from fractions import Fraction

from rules.shut_the_box import FLAP_COUNTS, ONE_DIE_RULES, SCORINGS, ShutTheBox

STONOGA_DICE = 4


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


def shut_the_box_rules(args: argparse.Namespace) -> ShutTheBox:
    """The rule book the switches describe; ``ValueError`` with a readable message if they clash."""
    if args.full_shut_bonus < 0:
        raise ValueError(f"--full-shut-bonus must be 0 (off) or more, not {args.full_shut_bonus}")
    return ShutTheBox(
        flaps=args.flaps,
        one_die=args.one_die,
        scoring=args.scoring,
        double_chance=args.double_chance,
        last_chance=args.last_chance,
        full_shut_bonus=args.full_shut_bonus,
        maths=args.maths,
    )


def exact(value: Fraction) -> str:
    """A fraction as ``"num/den"``, also when it is whole (``"1/1"``)."""
    return f"{value.numerator}/{value.denominator}"


def fail(message: str) -> int:
    """Tell the person what went wrong and what to do; the exit code for bad arguments."""
    print(f"kostka: {message}", file=sys.stderr)
    return 2


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "odds", help="exact chances of a whole turn", description="Exact chances of a whole turn."
    )
    games = parser.add_subparsers(dest="game", metavar="GAME", required=True)
    box = games.add_parser(
        "shut-the-box",
        help="chance to shut the box and expected penalty",
        description="One player, all flaps open, best play for each goal.",
    )
    add_shut_the_box_switches(box)
    box.add_argument("--json", action="store_true", help="print JSON")
    stonoga = games.add_parser(
        "stonoga",
        help="chance of at least K dice of one colour",
        description="At least K of the 4 dice in one colour fixed in advance (stars count), "
        "within three rolls, keeping optimally.",
    )
    stonoga.add_argument("--at-least", type=int, required=True, metavar="K", help="dice of the colour, 1-4")
    stonoga.add_argument("--json", action="store_true", help="print JSON")
    return parser


def run(args: argparse.Namespace) -> int:
    if args.game == "stonoga":
        return _stonoga(args)
    return _shut_the_box(args)


def _shut_the_box(args: argparse.Namespace) -> int:
    from rules.shut_the_box_advisor import odds

    try:
        rules = shut_the_box_rules(args)
    except ValueError as error:
        return fail(f"{error}. Check the switches (kostka odds shut-the-box --help).")
    figures = odds(rules)
    if args.json:
        report = {
            "game": "shut-the-box",
            "flaps": rules.flaps,
            "one_die": rules.one_die,
            "p_shut": float(figures.p_shut),
            "p_shut_exact": exact(figures.p_shut),
            "expected_penalty": float(figures.expected_penalty),
            "expected_penalty_exact": exact(figures.expected_penalty),
        }
        print(json.dumps(report))
    else:
        print(
            f"Shut the Box, {rules.flaps} flaps, one die: {rules.one_die}: "
            f"chance to shut the box {float(figures.p_shut):.4%} ({exact(figures.p_shut)}), "
            f"expected penalty {float(figures.expected_penalty):.3f} (best play for each)."
        )
    return 0


def _stonoga(args: argparse.Namespace) -> int:
    k = args.at_least
    if not 1 <= k <= STONOGA_DICE:
        return fail(f"--at-least must be from 1 to {STONOGA_DICE} (there are {STONOGA_DICE} dice), not {k}.")
    try:
        from rules.stonoga_advisor import p_at_least
    except ImportError:
        print("kostka: the Nogi Stonogi advisor is not installed in this version yet.", file=sys.stderr)
        return 1
    p: Fraction = p_at_least(k)
    if args.json:
        print(json.dumps({"game": "stonoga", "at_least": k, "p": float(p), "p_exact": exact(p)}))
    else:
        print(f"Nogi Stonogi: at least {k} dice of one colour in three rolls: {float(p):.4%} ({exact(p)}).")
    return 0
