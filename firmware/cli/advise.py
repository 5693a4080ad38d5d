"""``kostka advise GAME``: every legal move of a position with the advisor's exact figures.

``kostka advise shut-the-box --open 1,2,5,7 --roll 3,4``: every legal shut. Each figure assumes
best play for that figure's own goal from then on: ``p_shut`` the highest chance of shutting the
box, ``expected_penalty`` the lowest expected penalty of the turn. ``--goal`` picks the order
(best first). ``--roll 4`` is a one-die roll, where the one-die rule allows one.

``kostka advise stonoga --moves "r r * b"`` and ``kostka advise lezard --moves "red blue"``: the
position is the game reached by playing ``--moves`` (separated by ``;``, typed as in ``kostka play``)
from the start, with the game's switches and ``--players``; then every legal move with its figures
(Nogi Stonogi: the boots expected this turn under best play; Lezard Domino: what each report does
to the hands and the board, and the chance that the next turn ends on a flick).
"""

from __future__ import annotations

import argparse
import json
import re

from firmware.cli import add_lang, exact, fail
from firmware.cli._table import parse_players, replayed, table_for
from firmware.games.registry import game
from firmware.games.shut_the_box.switches import add_shut_the_box_switches, shut_the_box_rules
from firmware.messages.i18n import numbered, t, tn
from firmware.messages.numbers import number, percent
from rules.game import CHANCE, TERMINAL
from rules.shut_the_box import GOALS, ShutTheBox


def add_parser(
    subparsers: argparse._SubParsersAction[argparse.ArgumentParser], lang: str
) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "advise",
        help=t("usage.advise.help", lang),
        description=t("usage.advise.about", lang),
        epilog=examples("usage.advise.examples", "usage.advise.example", lang),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    games = parser.add_subparsers(dest="game", metavar=t("usage.meta.game", lang), required=True)
    box = games.add_parser(
        "shut-the-box", help=t("usage.advise.box.help", lang), description=t("usage.advise.box.about", lang)
    )
    add_lang(box, lang)
    box.add_argument(
        "--open", default=None, metavar=t("usage.meta.flaps", lang), help=t("usage.advise.open", lang)
    )
    box.add_argument(
        "--roll", required=True, metavar=t("usage.meta.pips", lang), help=t("usage.advise.roll", lang)
    )
    add_shut_the_box_switches(box, lang)
    box.add_argument("--last-chance-used", action="store_true", help=t("usage.advise.last_chance_used", lang))
    box.add_argument("--goal", choices=GOALS, default="shut", help=t("usage.advise.goal", lang))
    box.add_argument("--json", action="store_true", help=t("usage.json", lang))
    for title in EXAMPLES:
        known = game(title)
        about = t(known.about_key, lang)
        sub = games.add_parser(
            title,
            help=t("usage.advise.game.help", lang, game=t(known.name_key, lang)),
            description=t("usage.advise.game.about", lang, about=about),
            epilog=examples("usage.examples", f"usage.advise.{title}.example", lang),
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        sub.add_argument(
            "--moves", required=True, metavar=t("usage.meta.moves", lang), help=t("usage.advise.moves", lang)
        )
        sub.add_argument(
            "--players", metavar=t("usage.meta.names", lang), help=t("usage.advise.players", lang)
        )
        add_lang(sub, lang)
        known.table_module().add_switches(sub, lang)
        sub.add_argument("--json", action="store_true", help=t("usage.advise.json", lang))
    return parser


EXAMPLES = ("stonoga", "lezard")
"""The games advised after a list of moves, each with its examples for ``--help``
(``usage.advise.GAME.example.1``..., in the notation ``kostka play`` takes in each language)."""


def examples(heading: str, stem: str, lang: str) -> str:
    """An ``--help``'s closing examples: a heading, then the lines ``stem.1``, ``stem.2``... indented."""
    return "\n".join((t(heading, lang), *(f"  {line}" for line in numbered(stem, lang))))


def _numbers(text: str) -> list[int] | None:
    words = [w for w in re.split(r"[\s,]+", text.strip()) if w]
    return [int(w) for w in words] if all(w.isdigit() for w in words) else None


def _position(
    rules: ShutTheBox, open_text: str | None, roll_text: str, lang: str
) -> tuple[list[int], list[int]] | str:
    """The open flaps and the roll, or a message in ``lang`` saying what is wrong with them."""
    open_flaps = list(rules.all_flaps()) if open_text is None else _numbers(open_text)
    if open_flaps is None or len(set(open_flaps)) != len(open_flaps):
        return t("advise.box.bad_open", lang, text=repr(open_text))
    if not all(1 <= f <= rules.flaps for f in open_flaps):
        return t("advise.box.open_range", lang, text=repr(open_text), flaps=rules.flaps)
    pips = _numbers(roll_text)
    if pips is None or not 1 <= len(pips) <= 2 or not all(1 <= p <= 6 for p in pips):
        return t("advise.box.bad_roll", lang, text=repr(roll_text))
    allowed = rules.dice_choices(open_flaps) if open_flaps else (1, 2)
    if len(pips) not in allowed:
        need = t("advise.box.need.two" if allowed == (2,) else "advise.box.need.one", lang)
        board = ",".join(map(str, open_flaps))
        return t(
            "advise.box.roll_dice", lang, text=repr(roll_text), board=board, rule=rules.one_die, need=need
        )
    return sorted(open_flaps), sorted(pips)


def run(args: argparse.Namespace) -> int:
    if args.game != "shut-the-box":
        return _after_moves(args)
    from rules.shut_the_box_advisor import advise_roll

    lang: str = args.lang
    try:
        rules = shut_the_box_rules(args, lang)
    except ValueError as error:
        return fail(t("advise.bad_switches", lang, reason=str(error).rstrip("."), game="shut-the-box"))
    position = _position(rules, args.open, args.roll, lang)
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
    flaps = " ".join(map(str, open_flaps)) or t("advise.box.none_open", lang)
    goal = t(f"advise.box.goal.{args.goal}", lang)
    print(t("advise.box.head", lang, open=flaps, roll=" ".join(map(str, pips)), goal=goal))
    if not advice:
        then = (
            t("advise.box.then.last_chance", lang)
            if last_chance_left
            else t("advise.box.then.penalty", lang, penalty=rules.penalty(open_flaps))
        )
        print(f"  {t('advise.box.stuck', lang, then=then)}")
    for a in advice:
        mark = f"   {t('play.best', lang)}" if a.best else ""
        line = t(
            "advise.box.move",
            lang,
            flaps=f"{' '.join(map(str, a.flaps)):<10}",
            pct=f"{percent(a.p_shut, lang):>6}",
            penalty=f"{number(a.expected_penalty, lang, 2):>5}",
        )
        print(f"  {line}{mark}")
    return 0


def _after_moves(args: argparse.Namespace) -> int:
    """Nogi Stonogi and Lezard Domino: the position after ``--moves``, and its moves with figures."""
    lang: str = args.lang
    try:
        players, _ = parse_players(args.players, lang)
    except ValueError as error:
        return fail(t("play.bad_players", lang, reason=error))
    table = table_for(args, players, lang)
    if isinstance(table, str):
        return fail(table)
    moves = [move.strip() for move in args.moves.split(";") if move.strip()]
    match = replayed(table, players, moves, lang)
    if isinstance(match, str):
        return fail(match)
    state = match.state
    actor = table.book.to_act(state)
    advice = table.advise(state) if actor not in (CHANCE, TERMINAL) else ()
    if args.json:
        report = {
            "game": args.game,
            "players": players,
            "moves_played": list(match.moves),
            "to_act": None if actor in (CHANCE, TERMINAL) else players[actor],
            "moves": [
                {
                    "move": a.move.text(),
                    "best": a.best,
                    **{name: float(value) for name, value in a.figures},
                    **{f"{name}_exact": exact(value) for name, value in a.figures},
                }
                for a in advice
            ],
        }
        print(json.dumps(report, ensure_ascii=False))
        return 0
    played = tn("play.moves", len(match.moves), lang) if match.moves else ""
    print(t("advise.position", lang, moves=played) if match.moves else t("advise.start", lang))
    for line in table.show(state, lang):
        print(f"  {line}")
    if actor == TERMINAL:
        print(t("advise.over", lang))
        return 0
    if not advice:
        print(t("advise.nothing", lang, what=table.prompt(state, lang)))
        return 0
    print(table.prompt(state, lang))
    labels = [table.label(state, a.move, lang) for a in advice]
    width = max(len(label) for label in labels)
    for a, label in zip(advice, labels, strict=True):
        mark = f"   {t('play.best', lang)}" if a.best else ""
        print(f"  {label:<{width}}   {table.figures(state, a, lang)}{mark}".rstrip())
    return 0
