"""Shut the Box at the terminal referee: the flaps as a row, the dice prompts, the rule switches.

The position is one line, ``Round 1 · Ala · flaps: 1 2 _ 4 5 _ 7 8 9`` (``_`` is a shut flap),
with the players' penalties below once a turn has been played. Moves are listed with the
advisor's two figures, the chance to shut the box and the expected penalty of the turn; the
``--goal`` switch says which of them marks the best move (and guides bots).
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

from firmware.games.referee import names_list
from firmware.games.shut_the_box.switches import add_shut_the_box_switches, shut_the_box_rules
from firmware.messages.i18n import t, tn
from firmware.messages.numbers import number, percent
from rules import shut_the_box_advisor
from rules.game import CHANCE, Advice, Outcome
from rules.shut_the_box import (
    DEFAULT_GOAL,
    GOALS,
    ChooseDice,
    Move,
    Roll,
    Shut,
    ShutTheBox,
    State,
    rounds_won,
    totals,
)

_POLISH_WORDS = {
    "z": "shut", "zamknij": "shut", "zamykam": "shut", "zamknę": "shut",
    "kostka": "die", "kostką": "die", "kostki": "dice", "kostkami": "dice",
    "rzut": "roll", "wypadło": "roll",
}  # fmt: skip


def flaps_row(open_flaps: tuple[int, ...], flaps: int) -> str:
    """The box as players see it: open flaps by number, shut ones as ``_``.

    >>> flaps_row((1, 2, 4, 5, 7, 8, 9), 9)
    '1 2 _ 4 5 _ 7 8 9'
    >>> flaps_row((1, 10, 12), 12)
    ' 1  _  _  _  _  _  _  _  _ 10  _ 12'
    """
    width = len(str(flaps))
    return " ".join((str(f) if f in open_flaps else "_").rjust(width) for f in range(1, flaps + 1))


def pips_text(pips: tuple[int, ...]) -> str:
    return " ".join(map(str, pips))


@dataclass(frozen=True, slots=True)
class ShutTheBoxTable:
    """The terminal side of one game of Shut the Box; ``goal`` is ``shut`` or ``penalty``."""

    book: ShutTheBox
    goal: str = DEFAULT_GOAL

    def intro(self, players: Sequence[str], lang: str) -> list[str]:
        flaps = tn("play.box.flaps", self.book.flaps, lang)
        return [
            t("play.box.title", lang, flaps=flaps, players=", ".join(players)),
            t("play.box.rules", lang, rules=", ".join(self.rules_words(lang))),
            t("play.box.how", lang),
        ]

    def rules_words(self, lang: str) -> list[str]:
        """The rules in force, in words."""
        book = self.book
        words = []
        if book.rounds is not None:
            words.append(tn("play.box.rounds", book.rounds, lang))
        if book.penalty_limit is not None:
            words.append(t("play.box.rule.limit", lang, n=book.penalty_limit))
        words.append(t(f"play.box.rule.{book.scoring}", lang))
        if book.one_die != "never":
            words.append(t(f"play.box.rule.one_die.{book.one_die}", lang))
        switches = ("double_chance", "last_chance", "maths")
        words += [t(f"play.box.rule.{name}", lang) for name in switches if getattr(book, name)]
        if book.full_shut_bonus:
            words.append(t("play.box.rule.full_shut", lang, n=book.full_shut_bonus))
        if book.tournament:
            words.append(t("play.box.rule.tournament", lang))
        words.append(t(f"play.box.rule.goal.{self.goal}", lang))
        return words

    def show(self, state: State, lang: str) -> list[str]:
        name = state.players[state.seat]
        row = flaps_row(state.open_flaps, self.book.flaps)
        if self.book.rounds is not None and self.book.rounds > 1:
            rounds = self.book.rounds
            head = t("play.box.position_of", lang, round=state.round, rounds=rounds, name=name, flaps=row)
        else:
            head = t("play.box.position", lang, round=state.round, name=name, flaps=row)
        lines = [head]
        if len(state.players) > 1 and (state.round > 1 or state.seat > 0):
            scores = " · ".join(f"{p} {s}" for p, s in zip(state.players, totals(state), strict=True))
            lines.append(t("play.box.totals", lang, scores=scores))
            if self.book.tournament:
                won = " · ".join(f"{p} {w}" for p, w in zip(state.players, rounds_won(state), strict=True))
                lines.append(t("play.box.won_rounds", lang, scores=won))
        return lines

    def prompt(self, state: State, lang: str) -> str:
        name = state.players[state.seat]
        if self.book.to_act(state) == CHANCE:
            return t("play.box.roll_one" if state.dice == 1 else "play.box.roll_two", lang, name=name)
        if state.roll:
            return t("play.box.rolled", lang, name=name, roll=pips_text(state.roll))
        return t("play.box.choose_dice", lang, name=name)

    def hint(self, state: State, lang: str) -> str:
        if self.book.to_act(state) == CHANCE:
            return t("play.box.hint.roll", lang)
        return t("play.box.hint.shut" if state.roll else "play.box.hint.dice", lang)

    def label(self, state: State, move: Move, lang: str) -> str:
        if isinstance(move, Shut):
            return t("play.box.shut", lang, flaps=pips_text(move.flaps))
        if isinstance(move, ChooseDice):
            return t(f"play.box.dice.{move.count}", lang)
        return pips_text(move.pips)

    def figures(self, state: State, advice: Advice[Move], lang: str) -> str:
        return t(
            "play.box.figures",
            lang,
            pct=percent(advice.figure("p_shut"), lang).rjust(6),
            value=number(advice.figure("expected_penalty"), lang),
        )

    def numbered(self, state: State) -> bool:
        return True

    def normalise(self, state: State, text: str, lang: str) -> str:
        return " ".join(_POLISH_WORDS.get(word, word) for word in text.lower().split())

    def notation(self, text: str, lang: str) -> str:
        """What was typed, in the book's words, back in the player's: ``shut 1 3`` -> ``zamknij 1 3``."""
        if lang == "en":
            return text
        own = {english: polish for polish, english in reversed(_POLISH_WORDS.items())}
        return " ".join(own.get(word, word) for word in text.split())

    def narrate(self, before: State, move: Move, after: State, lang: str) -> list[str]:
        name = before.players[before.seat]
        lines = []
        stuck = isinstance(move, Roll) and not after.roll
        if stuck and isinstance(move, Roll):
            lines.append(t("play.box.stuck", lang, roll=pips_text(move.pips)))
        same_turn = after.seat == before.seat and after.round == before.round
        if same_turn and stuck and after.last_chance_used and not before.last_chance_used:
            lines.append(t("play.box.last_chance", lang))
        if same_turn:
            return lines
        score = after.scores[before.round - 1][before.seat]
        if isinstance(move, Shut):
            bonus = self.book.full_shut_bonus
            if bonus:
                lines.append(t("play.box.full_shut_bonus", lang, name=name, n=bonus))
            else:
                lines.append(t("play.box.full_shut", lang, name=name))
        lines.append(t("play.box.turn_over", lang, name=name, n=score))
        finished = after.scores[before.round - 1]
        if self.book.tournament and len(finished) == len(before.players):
            best = min(finished)
            winners = [p for p, s in zip(before.players, finished, strict=True) if s == best]
            lines.append(t("play.box.round_won", lang, round=before.round, names=names_list(winners, lang)))
        return lines

    def result(self, state: State, outcome: Outcome, lang: str) -> list[str]:
        reason = t(f"play.box.reason.{outcome.reason}", lang, limit=self.book.penalty_limit)
        if self.book.tournament:
            lines = [
                t("play.box.score_rounds", lang, name=p, n=n, total=total)
                for p, n, total in zip(state.players, outcome.scores, totals(state), strict=True)
            ]
        else:
            pairs = zip(state.players, outcome.scores, strict=True)
            lines = [t("play.box.score", lang, name=p, n=n) for p, n in pairs]
        return [reason, *lines]

    def advise(self, state: State) -> tuple[Advice[Move], ...]:
        advice = shut_the_box_advisor.advise(self.book, state, goal=self.goal)
        if advice and isinstance(advice[0].move, ChooseDice):  # keep 1 before 2, the way it is typed
            return tuple(sorted(advice, key=lambda a: a.move.count if isinstance(a.move, ChooseDice) else 0))
        return advice

    def stand_in(self, state: State, rng: random.Random) -> Move | None:
        return None


# --- the command line ---------------------------------------------------------------------------


def add_switches(parser: argparse.ArgumentParser, lang: str) -> None:
    """The rule switches of ``kostka play shut-the-box`` (those of ``kostka odds`` and the game's)."""
    add_shut_the_box_switches(parser, lang)
    parser.add_argument("--rounds", type=int, metavar="N", help=t("usage.box.rounds", lang))
    parser.add_argument("--penalty-limit", type=int, metavar="N", help=t("usage.box.penalty_limit", lang))
    parser.add_argument("--tournament", type=int, metavar="N", help=t("usage.box.tournament", lang))
    parser.add_argument("--goal", choices=GOALS, default=DEFAULT_GOAL, help=t("usage.box.goal", lang))


def table_from_args(args: argparse.Namespace) -> ShutTheBoxTable:
    """The game the switches describe; ``ValueError`` with a message in ``args.lang`` if they clash."""
    lang = args.lang
    for switch, least in (("rounds", 1), ("tournament", 1), ("penalty_limit", 0), ("full_shut_bonus", 0)):
        value = getattr(args, switch)
        if value is not None and value < least:
            flag = "--" + switch.replace("_", "-")
            raise ValueError(t("play.switch.at_least", lang, switch=flag, least=least, value=value))
    if args.tournament is not None and args.rounds is not None and args.rounds != args.tournament:
        raise ValueError(t("play.switch.tournament", lang, n=args.tournament))
    rounds = args.tournament or args.rounds
    if rounds is None and args.penalty_limit is None:
        rounds = 1
    book = replace(
        shut_the_box_rules(args, lang),
        rounds=rounds,
        penalty_limit=args.penalty_limit,
        tournament=args.tournament is not None,
    )
    return ShutTheBoxTable(book, args.goal)
