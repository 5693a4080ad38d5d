"""``kostka odds GAME``: exact chances of a whole turn, from the rule books' advisors.

``kostka odds shut-the-box [switches] [--json]``: one player, all flaps open, best play for each goal.
``kostka odds stonoga --at-least K [--json]``: at least K dice of one colour fixed in advance, in three
rolls, keeping optimally.
"""

from __future__ import annotations

import argparse
import json
from fractions import Fraction

from firmware.cli import exact, fail
from firmware.games.shut_the_box.switches import add_shut_the_box_switches, shut_the_box_rules

STONOGA_DICE = 4


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
    from rules.stonoga_advisor import p_at_least

    p: Fraction = p_at_least(k)
    if args.json:
        print(json.dumps({"game": "stonoga", "at_least": k, "p": float(p), "p_exact": exact(p)}))
    else:
        print(f"Nogi Stonogi: at least {k} dice of one colour in three rolls: {float(p):.4%} ({exact(p)}).")
    return 0
