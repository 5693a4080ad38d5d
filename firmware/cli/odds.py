"""``kostka odds GAME``: exact chances of a whole turn, from the rule books' advisors.

``kostka odds shut-the-box [switches] [--json]``: one player, all flaps open, best play for each goal.
``kostka odds stonoga --at-least K [--json]``: at least K dice of one colour fixed in advance, in three
rolls, keeping optimally.
"""

from __future__ import annotations

import argparse
import json
from fractions import Fraction

from firmware.cli import add_lang, exact, fail
from firmware.games.shut_the_box.switches import add_shut_the_box_switches, shut_the_box_rules
from firmware.games.shut_the_box.table import ShutTheBoxTable
from firmware.messages.i18n import t, tn
from firmware.messages.numbers import number, percent

STONOGA_DICE = 4


def add_parser(
    subparsers: argparse._SubParsersAction[argparse.ArgumentParser], lang: str
) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "odds", help=t("usage.odds.help", lang), description=t("usage.odds.about", lang)
    )
    games = parser.add_subparsers(dest="game", metavar=t("usage.meta.game", lang), required=True)
    box = games.add_parser(
        "shut-the-box", help=t("usage.odds.box.help", lang), description=t("usage.odds.box.about", lang)
    )
    add_shut_the_box_switches(box, lang)
    box.add_argument("--json", action="store_true", help=t("usage.json", lang))
    add_lang(box, lang)
    stonoga = games.add_parser(
        "stonoga", help=t("usage.odds.stonoga.help", lang), description=t("usage.odds.stonoga.about", lang)
    )
    stonoga.add_argument(
        "--at-least", type=int, required=True, metavar="K", help=t("usage.odds.at_least", lang)
    )
    stonoga.add_argument("--json", action="store_true", help=t("usage.json", lang))
    add_lang(stonoga, lang)
    return parser


def run(args: argparse.Namespace) -> int:
    if args.game == "stonoga":
        return _stonoga(args)
    return _shut_the_box(args)


def readable(p: Fraction, lang: str) -> dict[str, str]:
    """A chance as people read it: ``pct`` (``numbers.percent``), ``one_in`` ("about 1 in N";
    "about N in 10" from a half; how rarely it fails from 95 %) and ``exact`` (the fraction, only
    where it is short).

    >>> readable(Fraction(145, 1944), "en")
    {'pct': '7.5%', 'one_in': 'about 1 in 13', 'exact': ', exactly 145/1944'}
    >>> readable(Fraction(466473281, 6530347008), "pl")["exact"], readable(Fraction(9, 10), "pl")["one_in"]
    ('', 'około 9 na 10')
    """
    pct = percent(p, lang)
    if p == 0:
        one_in = t("odds.never", lang)
    elif p == 1:
        one_in = t("odds.in_ten", lang, n=10)
    elif p >= Fraction(19, 20):  # "about 10 in 10" would hide the few times it fails
        one_in = t("odds.fails", lang, n=f"{round(1 / (1 - p)):,}".replace(",", "\u00a0"))
    elif p >= Fraction(1, 2):
        one_in = t("odds.in_ten", lang, n=round(p * 10))
    else:
        ratio = 1 / p if p else Fraction(0)
        n = number(ratio, lang, 1) if ratio < 10 else f"{round(ratio):,}".replace(",", "\u00a0")
        one_in = t("odds.one_in", lang, n=n)
    short = len(exact(p)) <= SHORT
    return {"pct": pct, "one_in": one_in, "exact": t("odds.exact", lang, fraction=exact(p)) if short else ""}


SHORT = 11
"""The longest exact fraction the text shows (``145/1944``); --json always gives it."""


def _shut_the_box(args: argparse.Namespace) -> int:
    from rules.shut_the_box_advisor import odds

    lang: str = args.lang
    try:
        rules = shut_the_box_rules(args, lang)
    except ValueError as error:
        return fail(t("odds.bad_switches", lang, reason=str(error).rstrip("."), game="shut-the-box"))
    figures = odds(rules)
    # the rules in words, as kostka play says them, without a game's rounds and the advice's goal
    table = ShutTheBoxTable(rules)
    game_only = (tn("play.box.rounds", rules.rounds or 1, lang), t(f"play.box.rule.goal.{table.goal}", lang))
    words = [word for word in table.rules_words(lang) if word not in game_only]
    if args.json:
        report = {
            "game": "shut-the-box",
            "flaps": rules.flaps,
            "one_die": rules.one_die,
            "p_shut": float(figures.p_shut),
            "p_shut_exact": exact(figures.p_shut),
            "expected_penalty": float(figures.expected_penalty),
            "expected_penalty_exact": exact(figures.expected_penalty),
            "rules": {
                "scoring": rules.scoring,
                "double_chance": rules.double_chance,
                "last_chance": rules.last_chance,
                "maths": rules.maths,
                "full_shut_bonus": rules.full_shut_bonus,
            },
        }
        print(json.dumps(report))
    else:
        told = t("odds.box.rules", lang, flaps=rules.flaps, rules=", ".join(words))
        line = t(
            "odds.box.line",
            lang,
            penalty=number(figures.expected_penalty, lang, 2),
            **readable(figures.p_shut, lang),
        )
        print(f"{told}: {line}")
    return 0


def _stonoga(args: argparse.Namespace) -> int:
    k = args.at_least
    lang: str = args.lang
    if not 1 <= k <= STONOGA_DICE:
        return fail(t("odds.bad_at_least", lang, k=k))
    from rules.stonoga_advisor import p_at_least

    p: Fraction = p_at_least(k)
    if args.json:
        print(json.dumps({"game": "stonoga", "at_least": k, "p": float(p), "p_exact": exact(p)}))
    else:
        print(t("odds.pede.line", lang, dice=tn("odds.pede.dice", k, lang), **readable(p, lang)))
    return 0
