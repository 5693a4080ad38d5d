"""Nogi Stonogi at the terminal referee: the centre and the centipedes as tile lists, the dice prompts.

Tiles and dice are written as the rule book writes them, a colour letter and boots (``r3``;
``y r g b k``, ``*`` the star), which is also what players type; the intro gives the colours'
names. The advisor's figure is the boots expected this turn under best play.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence
from dataclasses import dataclass

from firmware.messages.i18n import t, tn
from firmware.messages.numbers import number, percent
from rules import stonoga_advisor
from rules.game import CHANCE, Advice, Outcome
from rules.stonoga import (
    ENGLISH,
    LETTERS,
    STAR,
    Keep,
    Move,
    Options,
    Roll,
    Steal,
    Stonoga,
    StonogaState,
    Stop,
    Take,
    TakeNothing,
    Tile,
    counts,
    faces_text,
)


def tiles_text(tiles: Sequence[Tile], lang: str) -> str:
    """Tiles head to tail, or a dash for none: ``r3 g2``."""
    return " ".join(tile.text() for tile in tiles) or t("play.pede.empty", lang)


def boots(tiles: Sequence[Tile], lang: str) -> str:
    return tn("stonoga.boots", sum(tile.boots for tile in tiles), lang)


@dataclass(frozen=True, slots=True)
class StonogaTable:
    """The terminal side of one game of Nogi Stonogi."""

    book: Stonoga

    def intro(self, players: Sequence[str], lang: str) -> list[str]:
        names = (t(f"colour.{name}", lang) for name in ENGLISH)
        legend = ", ".join(f"{letter} {name}" for letter, name in zip(LETTERS, names, strict=True))
        lines = [
            t("play.pede.title", lang, players=", ".join(players)),
            t("play.pede.colours", lang, legend=legend),
            t("play.pede.how", lang),
        ]
        if self.book.options.stealing:
            lines.append(t("play.pede.rules.steal", lang))
        if self.book.options.may_decline:
            lines.append(t("play.pede.rules.decline", lang))
        return lines

    def show(self, state: StonogaState, lang: str) -> list[str]:
        lines = [t("play.pede.centre", lang, tiles=tiles_text(state.centre, lang))]
        lines += [
            t("play.pede.centipede", lang, name=name, tiles=tiles_text(pede, lang), boots=boots(pede, lang))
            for name, pede in zip(state.players, state.centipedes, strict=True)
        ]
        return lines

    def prompt(self, state: StonogaState, lang: str) -> str:
        name = state.players[state.seat]
        n = state.rolls + 1
        if self.book.to_act(state) == CHANCE:
            if state.rolls == 0:
                return t("play.pede.roll_first", lang, name=name)
            if state.dice:
                return t("play.pede.roll_rest", lang, name=name, n=n, kept=faces_text(state.dice))
            return t("play.pede.roll_all", lang, name=name, n=n)
        dice = faces_text(state.dice)
        if state.phase == "choose":
            return t("play.pede.choose", lang, name=name, dice=dice, n=state.rolls)
        have = counts(state.dice)
        shown = " ".join(f"{LETTERS[c]}{have[c]}" for c in range(STAR))
        return t("play.pede.take", lang, name=name, dice=dice, counts=shown)

    def hint(self, state: StonogaState, lang: str) -> str:
        phase = "roll" if self.book.to_act(state) == CHANCE else state.phase
        return t(f"play.pede.hint.{phase}", lang)

    def label(self, state: StonogaState, move: Move, lang: str) -> str:
        if isinstance(move, Roll):
            return faces_text(move.faces)
        if isinstance(move, Stop):
            return t("play.pede.stop", lang)
        if isinstance(move, Keep):
            if not move.faces:
                return t("play.pede.keep_nothing", lang)
            return t("play.pede.keep", lang, faces=faces_text(move.faces))
        if isinstance(move, Take):
            return t("play.pede.take_tile", lang, tile=move.tile.text())
        if isinstance(move, Steal):
            return t("play.pede.steal", lang, tile=move.tile.text(), name=state.players[move.victim])
        return t("play.pede.nothing", lang)

    def figures(self, state: StonogaState, advice: Advice[Move], lang: str) -> str:
        parts = []
        for name, value in advice.figures:
            if name == "p_target" and self.book.target is not None:
                parts.append(
                    t("play.pede.target", lang, tile=self.book.target.text(), pct=percent(value, lang))
                )
            elif name == "expected_boots":
                parts.append(t("play.pede.figures", lang, value=number(value, lang, 2)))
        return "   ".join(parts)

    def numbered(self, state: StonogaState) -> bool:
        return True

    def normalise(self, state: StonogaState, text: str) -> str:
        return text  # the rule book reads Polish and English words itself

    def narrate(self, before: StonogaState, move: Move, after: StonogaState, lang: str) -> list[str]:
        name = before.players[before.seat]
        if isinstance(move, Take):
            return [t("play.pede.took", lang, name=name, tile=move.tile.text())]
        if isinstance(move, Steal):
            victim = before.players[move.victim]
            return [t("play.pede.stole", lang, name=name, tile=move.tile.text(), victim=victim)]
        if isinstance(move, TakeNothing):
            return [t("play.pede.took_nothing", lang, name=name)]
        return []

    def result(self, state: StonogaState, outcome: Outcome, lang: str) -> list[str]:
        lines = [t("play.pede.reason", lang)]
        lines += [
            t("play.pede.score", lang, name=name, boots=boots(pede, lang), tiles=tiles_text(pede, lang))
            for name, pede in zip(state.players, state.centipedes, strict=True)
        ]
        top = max(outcome.scores)
        if sum(score == top for score in outcome.scores) > len(outcome.winners):
            lines.append(t("play.pede.tie_break", lang))
        return lines

    def advise(self, state: StonogaState) -> tuple[Advice[Move], ...]:
        return stonoga_advisor.advise(self.book, state)

    def stand_in(self, state: StonogaState, rng: random.Random) -> Move | None:
        return None


# --- the command line ---------------------------------------------------------------------------


def add_switches(parser: argparse.ArgumentParser) -> None:
    """The rule switches of ``kostka play stonoga``."""
    parser.add_argument(
        "--steal", action="store_true", help="variant: take the last tile of another centipede instead"
    )
    parser.add_argument("--may-decline", action="store_true", help="a player may take no tile at all")


def table_from_args(args: argparse.Namespace) -> StonogaTable:
    return StonogaTable(Stonoga(Options(stealing=args.steal, may_decline=args.may_decline)))
