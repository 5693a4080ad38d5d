"""``kostka advise shut-the-box --open 1,2,5,7 --roll 3,4``: every legal shut with its exact figures.

Each figure assumes best play for that figure's own goal from then on: ``p_shut`` the highest chance
of shutting the box, ``expected_penalty`` the lowest expected penalty of the turn. ``--goal`` picks the
order (best first). ``--roll 4`` is a one-die roll, where the one-die rule allows one.
"""

from __future__ import annotations

import argparse
import json
import re

from firmware.cli import exact, fail
from firmware.games.shut_the_box.switches import add_shut_the_box_switches, shut_the_box_rules
from rules.shut_the_box import GOALS, ShutTheBox


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "advise", help="the best move for a position", description="Every legal move with exact figures."
    )
    games = parser.add_subparsers(dest="game", metavar="GAME", required=True)
    box = games.add_parser(
        "shut-the-box",
        help="which flaps to shut after a roll",
        description="Every legal set of flaps to shut after a roll, best first.",
    )
    box.add_argument("--open", default=None, metavar="FLAPS", help="open flaps, e.g. 1,2,5,7 (default: all)")
    box.add_argument("--roll", required=True, metavar="PIPS", help="the dice, e.g. 3,4 (or 4 for one die)")
    add_shut_the_box_switches(box)
    box.add_argument("--last-chance-used", action="store_true", help="the last chance is spent this turn")
    box.add_argument("--goal", choices=GOALS, default="shut", help="order by chance to shut or by penalty")
    box.add_argument("--json", action="store_true", help="print JSON")
    return parser


def _numbers(text: str) -> list[int] | None:
    words = [w for w in re.split(r"[\s,]+", text.strip()) if w]
    return [int(w) for w in words] if all(w.isdigit() for w in words) else None


def _position(rules: ShutTheBox, open_text: str | None, roll_text: str) -> tuple[list[int], list[int]] | str:
    """The open flaps and the roll, or a message saying what is wrong with them."""
    open_flaps = list(rules.all_flaps()) if open_text is None else _numbers(open_text)
    if open_flaps is None or len(set(open_flaps)) != len(open_flaps):
        return f"--open {open_text!r} is not a list of different flaps; write them like 1,2,5,7."
    if not all(1 <= f <= rules.flaps for f in open_flaps):
        return f"--open {open_text!r}: flaps go from 1 to {rules.flaps} (use --flaps for another box)."
    pips = _numbers(roll_text)
    if pips is None or not 1 <= len(pips) <= 2 or not all(1 <= p <= 6 for p in pips):
        return f"--roll {roll_text!r} is not a roll; write two dice like 3,4 or one die like 4."
    allowed = rules.dice_choices(open_flaps) if open_flaps else (1, 2)
    if len(pips) not in allowed:
        board = ",".join(map(str, open_flaps))
        need = "two dice, like 3,4" if allowed == (2,) else "one die, like 4"
        return (
            f"--roll {roll_text!r}: with flaps {board} open and --one-die {rules.one_die}, "
            f"the roll is {need}."
        )
    return sorted(open_flaps), sorted(pips)


def run(args: argparse.Namespace) -> int:
    from rules.shut_the_box_advisor import advise_roll

    try:
        rules = shut_the_box_rules(args)
    except ValueError as error:
        return fail(f"{error}. Check the switches (kostka advise shut-the-box --help).")
    position = _position(rules, args.open, args.roll)
    if isinstance(position, str):
        return fail(position)
    open_flaps, pips = position
    last_chance_left = rules.last_chance and not args.last_chance_used
    advice = advise_roll(rules, open_flaps, pips, last_chance_left, args.goal)
    moves = [
        {
            "close": list(a.flaps),
            "p_shut": float(a.p_shut),
            "expected_penalty": float(a.expected_penalty),
            "p_shut_exact": exact(a.p_shut),
            "expected_penalty_exact": exact(a.expected_penalty),
            "best": a.best,
        }
        for a in advice
    ]
    if args.json:
        report = {"game": "shut-the-box", "open": open_flaps, "roll": pips, "goal": args.goal, "moves": moves}
        print(json.dumps(report))
        return 0
    roll = " ".join(map(str, pips))
    print(f"Open flaps {' '.join(map(str, open_flaps)) or '(none)'}, roll {roll}, goal: {args.goal}")
    if not advice:
        then = "roll once more (last chance)" if last_chance_left else f"penalty {rules.penalty(open_flaps)}"
        print(f"  No flap can be shut with this roll: {then}.")
    for a in advice:
        mark = "  <- best" if a.best else ""
        print(
            f"  shut {' '.join(map(str, a.flaps)):<10} chance to shut the box {float(a.p_shut):7.3%}  "
            f"expected penalty {float(a.expected_penalty):6.3f}{mark}"
        )
    return 0
