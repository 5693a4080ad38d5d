"""Nogi Stonogi at the terminal referee: the centre and the centipedes as tile lists, the dice prompts.

Tiles and dice are written with a colour letter and boots (``r3``; ``*`` the star), which is also
what players type. The letters are the language's (``play.pede.letters``: ``y r g b k *`` in
English, ``ż cz z n cza *`` in Polish, each the start of its colour's name, as the box's screen
names the dice); the table turns them into the rule book's letters and back. Letters typed together
are read longest first (``czaz`` is czarny, zielony; ``czz`` czerwony, zielony). The intro gives
the colours' names. The advisor's figure is the boots expected this turn under best play.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence
from dataclasses import dataclass

from firmware.messages.i18n import t, tn
from firmware.messages.numbers import number, percent
from rules import stonoga_advisor
from rules.game import CHANCE, Advice, InvalidMoveError, Outcome
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
    describe,
    faces_text,
)


def letters(lang: str) -> tuple[str, ...]:
    """The letters players type for the faces in ``lang``, in the rule book's face order.

    >>> letters("pl"), letters("en")
    (('ż', 'cz', 'z', 'n', 'cza', '*'), ('y', 'r', 'g', 'b', 'k', '*'))
    """
    return tuple(t("play.pede.letters", lang).split())


def to_book(word: str, lang: str) -> str | None:
    """One typed word of letters (a roll ``czczn*``, a tile ``cza3``) in the rule book's letters, or
    None when it is not letters of ``lang`` (a word such as ``zostaw``, a colour's name).

    >>> to_book("czaz*", "pl"), to_book("cza3", "pl"), to_book("zostaw", "pl"), to_book("r", "pl")
    ('kg*', 'k3', None, None)
    """
    own = letters(lang)
    by_length = sorted(range(len(own)), key=lambda face: -len(own[face]))
    out, i = "", 0
    while i < len(word):
        if word[i].isdigit():
            out, i = out + word[i], i + 1
            continue
        face = next((f for f in by_length if word.startswith(own[f], i)), None)
        if face is None:
            return None
        out, i = out + LETTERS[face], i + len(own[face])
    return out if out.strip("0123456789") else None


def legend(lang: str) -> str:
    """The letters with the colours they stand for: ``ż żółty, c czerwony, ...``."""
    names = (t(f"colour.{name}", lang) for name in ENGLISH)
    return ", ".join(f"{letter} {name}" for letter, name in zip(letters(lang), names, strict=True))


def from_book(text: str, lang: str) -> str:
    """The rule book's letters (``r r *``, ``r3``) as players of ``lang`` type them (``cz cz *``, ``cz3``)."""
    own = letters(lang)
    return "".join(own[LETTERS.index(ch)] if ch in LETTERS else ch for ch in text)


def tiles_text(tiles: Sequence[Tile], lang: str) -> str:
    """Tiles head to tail, or a dash for none: ``r3 g2``."""
    return " ".join(from_book(tile.text(), lang) for tile in tiles) or t("play.pede.empty", lang)


def boots(tiles: Sequence[Tile], lang: str) -> str:
    return tn("stonoga.boots", sum(tile.boots for tile in tiles), lang)


@dataclass(frozen=True, slots=True)
class StonogaTable:
    """The terminal side of one game of Nogi Stonogi."""

    book: Stonoga

    def intro(self, players: Sequence[str], lang: str) -> list[str]:
        lines = [
            t("play.pede.title", lang, players=", ".join(players)),
            t("play.pede.colours", lang, legend=legend(lang)),
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
                kept = from_book(faces_text(state.dice), lang)
                return t("play.pede.roll_rest", lang, name=name, n=n, kept=kept)
            return t("play.pede.roll_all", lang, name=name, n=n)
        dice = from_book(faces_text(state.dice), lang)
        if state.phase == "choose":
            return t("play.pede.choose", lang, name=name, dice=dice, n=state.rolls)
        have = counts(state.dice)
        shown = " ".join(f"{letters(lang)[c]}{have[c]}" for c in range(STAR))
        return t("play.pede.take", lang, name=name, dice=dice, counts=shown)

    def hint(self, state: StonogaState, lang: str) -> str:
        phase = "roll" if self.book.to_act(state) == CHANCE else state.phase
        return t(f"play.pede.hint.{phase}", lang, legend=legend(lang))

    def label(self, state: StonogaState, move: Move, lang: str) -> str:
        if isinstance(move, Roll):
            return from_book(faces_text(move.faces), lang)
        if isinstance(move, Stop):
            return t("play.pede.stop", lang)
        if isinstance(move, Keep):
            if not move.faces:
                return t("play.pede.keep_nothing", lang)
            return t("play.pede.keep", lang, faces=from_book(faces_text(move.faces), lang))
        if isinstance(move, Take):
            return t("play.pede.take_tile", lang, tile=from_book(move.tile.text(), lang))
        if isinstance(move, Steal):
            tile = from_book(move.tile.text(), lang)
            return t("play.pede.steal", lang, tile=tile, name=state.players[move.victim])
        return t("play.pede.nothing", lang)

    def figures(self, state: StonogaState, advice: Advice[Move], lang: str) -> str:
        parts = []
        for name, value in advice.figures:
            if name == "p_target" and self.book.target is not None:
                parts.append(
                    t(
                        "play.pede.target",
                        lang,
                        tile=from_book(self.book.target.text(), lang),
                        pct=percent(value, lang),
                    )
                )
            elif name == "expected_boots":
                parts.append(t("play.pede.figures", lang, value=number(value, lang, 2)))
        return "   ".join(parts)

    def numbered(self, state: StonogaState) -> bool:
        return True

    def normalise(self, state: StonogaState, text: str, lang: str) -> str:
        """Letters of the player's language to the book's; words pass (the book reads Polish and
        English words itself). In Polish, the English letters are refused: ``g`` is no gwiazdka."""
        words = []
        for word in text.lower().replace(",", " ").split():
            book = to_book(word, lang)
            if book is None and lang != "en" and to_book(word, "en") is not None:
                raise InvalidMoveError("stonoga.no-face", word=word, at=describe(state))
            words.append(word if book is None else book)
        return " ".join(words)

    def notation(self, text: str, lang: str) -> str:
        return from_book(text, lang)

    def narrate(self, before: StonogaState, move: Move, after: StonogaState, lang: str) -> list[str]:
        name = before.players[before.seat]
        if isinstance(move, Take):
            return [t("play.pede.took", lang, name=name, tile=from_book(move.tile.text(), lang))]
        if isinstance(move, Steal):
            victim, tile = before.players[move.victim], from_book(move.tile.text(), lang)
            return [t("play.pede.stole", lang, name=name, tile=tile, victim=victim)]
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


def add_switches(parser: argparse.ArgumentParser, lang: str) -> None:
    """The rule switches of ``kostka play stonoga``."""
    parser.add_argument("--steal", action="store_true", help=t("usage.stonoga.steal", lang))
    parser.add_argument("--may-decline", action="store_true", help=t("usage.stonoga.may_decline", lang))


def table_from_args(args: argparse.Namespace) -> StonogaTable:
    return StonogaTable(Stonoga(Options(stealing=args.steal, may_decline=args.may_decline)))
