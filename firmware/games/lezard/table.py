"""Lezard Domino at the terminal referee: the board as a row, the hands, the card and report prompts.

The board is one row from the lizard's head, ``#`` for a standing domino and ``.`` for a free
square, in groups of ten. Players type the card they drew and report what fell; the reports after
placing are listed as a menu, a flick's report is a count typed in. Colours come from the data file
(English in the shipped one); Polish colour words are read and shown as well. A bot's reports come
from ``rules.lezard.TableModel`` (a made-up model of what falls), since a bot has no hands.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from importlib.resources import files
from pathlib import Path

from firmware.games.referee import names_list
from firmware.messages.i18n import Adjective, colour, colour_forms, t, tn
from firmware.messages.numbers import percent
from rules import lezard_advisor
from rules.game import Advice, Outcome
from rules.lezard import Lezard, LezardState, Phase, TableModel
from rules.lezard_board import (
    Card,
    Flicked,
    LezardData,
    LezardMove,
    Placed,
    RoyalFlick,
    chain_run,
    parse_lezard_data,
)

_POLISH_WORDS = {
    "jaszczurka": "lizard", "jaszczurki": "lizard", "jaszcz": "lizard",
    "upadło": "fell", "upadlo": "fell", "upadły": "fell", "upadly": "fell",
    "upadła": "fell", "upadla": "fell", "padło": "fell",
    "na": "", "polu": "", "polach": "", "on": "", "square": "", "squares": "",
    "królewski": "royal", "krolewski": "royal", "gotowe": "done", "koniec": "done",
}  # fmt: skip
GROUP = 10


def board_row(standing: Sequence[bool]) -> str:
    """The board from the head, ``#`` standing and ``.`` free, in groups of ten squares.

    >>> board_row([True, True, False] + [False] * 9)
    '##........ ..'
    """
    marks = "".join("#" if up else "." for up in standing)
    return " ".join(marks[i : i + GROUP] for i in range(0, len(marks), GROUP))


def squares_text(squares: Sequence[int]) -> str:
    """Squares as the notation writes them: ``(3, 4, 5, 9)`` -> ``'3-5 9'``."""
    return Placed(tuple(squares)).text().removeprefix("fell ") if squares else ""


@dataclass(frozen=True, slots=True)
class LezardTable:
    """The terminal side of one game of Lezard Domino; ``source`` names the data file."""

    book: Lezard
    source: str = "rules/data/lezard.toml"
    model: TableModel = field(default_factory=TableModel)

    @property
    def data(self) -> LezardData:
        return self.book.data

    def colour(self, name: str, lang: str) -> Adjective:
        return colour(name, lang)

    def card_text(self, card: Card, lang: str) -> str:
        if card.lizard is not None:
            return t("play.liz.lizard", lang, colour=self.colour(card.lizard, lang))
        return " ".join(self.colour(c, lang) for c in card.squares)

    def examples(self, lang: str) -> str:
        one = next((c for c in self.data.cards if len(c.squares) == 1), None)
        two = next((c for c in self.data.cards if len(c.squares) == 2), None)
        lizard = next((c for c in self.data.cards if c.lizard is not None), None)
        return ", ".join(self.card_text(c, lang) for c in (one, two, lizard) if c is not None)

    def intro(self, players: Sequence[str], lang: str) -> list[str]:
        from firmware.games.lezard.lizards import seat_lines

        start = self.book.start(players)
        lines = [
            t("play.liz.title", lang, players=", ".join(players)),
            *seat_lines(players, start.lizards, lang),
            t("play.liz.how", lang, examples=self.examples(lang)),
        ]
        if self.data.guess:
            lines.append(t("play.liz.guess", lang, source=self.source))
        return lines

    def show(self, state: LezardState, lang: str) -> list[str]:
        hands = " · ".join(f"{p} {h}" for p, h in zip(state.players, state.hands, strict=True))
        return [
            tn("play.liz.board", state.on_board, lang, row=board_row(state.standing)),
            t("play.liz.hands", lang, hands=hands),
        ]

    def prompt(self, state: LezardState, lang: str) -> str:
        name = state.players[state.turn]
        if state.phase is Phase.PLACE:
            square = state.targets[0]
            colour = self.colour(self.data.board[square - 1], lang)
            lines = [t("play.liz.place", lang, name=name, square=square, colour=colour)]
            advice = lezard_advisor.advise(self.book, state)
            if advice:
                lines.append(
                    t(
                        "play.liz.next_flick",
                        lang,
                        pct=percent(advice[0].figure("p_next_flick"), lang),
                        mine=percent(advice[0].figure("p_next_flick_on_you"), lang),
                    )
                )
            return "\n".join(lines)
        if state.phase is Phase.FLICK:
            lizard = state.card.lizard if state.card else None
            owner = next((state.players[k] for k, held in enumerate(state.lizards) if lizard in held), "?")
            told = tn(
                "play.liz.flick",
                state.on_board,
                lang,
                name=name,
                colour=self.colour(lizard or "?", lang),
                owner=owner,
                chain=chain_run(state.standing),
            )
            return f"{told}\n{t('play.liz.flick_ask', lang, n=state.on_board)}"
        if state.phase is Phase.ROYAL:
            return t("play.liz.royal", lang, name=name)
        return t("play.liz.draw", lang, name=name, example=self.examples(lang))

    def hint(self, state: LezardState, lang: str) -> str:
        return t(f"play.liz.hint.{state.phase.value}", lang, example=self.examples(lang))

    def label(self, state: LezardState, move: LezardMove, lang: str) -> str:
        if isinstance(move, Card):
            return self.card_text(move, lang)
        if isinstance(move, Placed):
            if not move.fell:
                return t("play.liz.ok", lang)
            return tn("play.liz.fell_on", len(move.fell), lang, squares=squares_text(move.fell))
        if isinstance(move, Flicked):
            strays = "".join(f" +{part}" for part in squares_text(move.strays).split())
            return tn("play.liz.fell_in_row", move.in_order, lang, strays=strays)
        return t("play.liz.royal_yes" if move.all_fell else "play.liz.royal_no", lang)

    def figures(self, state: LezardState, advice: Advice[LezardMove], lang: str) -> str:
        if isinstance(advice.move, RoyalFlick):
            return t("play.liz.royal_yes_about" if advice.move.all_fell else "play.liz.royal_no_about", lang)
        hand, standing = advice.figure("hand_after"), advice.figure("standing_after")
        return t("play.liz.figures", lang, hand=int(hand), standing=int(standing))

    def numbered(self, state: LezardState) -> bool:
        return state.phase is not Phase.FLICK

    def normalise(self, state: LezardState, text: str, lang: str) -> str:
        english = dict(_POLISH_WORDS)
        if state.phase is Phase.DRAW:  # colours name cards; in a report they are a mistake, said as typed
            english |= {form: name for name in self.known() for form in colour_forms(name, "pl")}
        return " ".join(english.get(word, self._prefix(word, english)) for word in text.lower().split())

    def _prefix(self, word: str, english: dict[str, str]) -> str:
        """A word that begins only one colour's words (``czerw``) as that colour, else itself."""
        named = {name for form, name in english.items() if form.startswith(word) and name in self.known()}
        return named.pop() if len(named) == 1 and len(word) >= 3 else word

    def notation(self, text: str, lang: str) -> str:
        """A card as typed (in the book's words) back in the player's words: ``lizard red`` ->
        ``jaszczurka czerwona``; other words as they are."""
        words: list[str] = []
        for word in text.split():
            if word in self.known():
                said = self.colour(word, lang)
                words.append(format(said, "f") if words[-1:] == [t("lezard.lizard", lang).lower()] else said)
            else:
                words.append(t("lezard.lizard", lang).lower() if word == "lizard" else word)
        return " ".join(words)

    def known(self) -> set[str]:
        """Every colour name the data file uses (board squares and lizards)."""
        return set(self.data.board) | set(self.data.lizards)

    def narrate(self, before: LezardState, move: LezardMove, after: LezardState, lang: str) -> list[str]:
        name = before.players[before.turn]
        if isinstance(move, Card):
            if after.phase is Phase.DRAW and after.turn == before.turn:
                return [t("play.liz.draw_again", lang, name=name)]
            if after.turn != before.turn:
                key = "play.liz.no_domino" if move.lizard is not None else "play.liz.no_square"
                return [t(key, lang)]
            return []
        if isinstance(move, Placed) and move.fell:
            return [tn("play.liz.fell_back", len(move.fell), lang, name=name)]
        if isinstance(move, Flicked):
            gains = [
                f"{p} +{a - b}"
                for p, a, b in zip(before.players, after.hands, before.hands, strict=True)
                if a > b
            ]
            if not gains:
                return [t("play.liz.nothing_fell", lang)]
            return [t("play.liz.dealt", lang, deal=", ".join(gains))]
        return []

    def result(self, state: LezardState, outcome: Outcome, lang: str) -> list[str]:
        winners = names_list((state.players[s] for s in outcome.winners), lang)
        hands = " · ".join(f"{p} {h}" for p, h in zip(state.players, outcome.scores, strict=True))
        return [
            t(f"play.liz.reason.{outcome.reason}", lang, names=winners),
            t("play.liz.hands", lang, hands=hands),
        ]

    def advise(self, state: LezardState) -> tuple[Advice[LezardMove], ...]:
        return lezard_advisor.advise(self.book, state)

    def stand_in(self, state: LezardState, rng: random.Random) -> LezardMove | None:
        return self.model.next_move(self.book, state, rng)


# --- the command line ---------------------------------------------------------------------------


def add_switches(parser: argparse.ArgumentParser, lang: str) -> None:
    """The switches of ``kostka play lezard``."""
    parser.add_argument("--board", metavar=t("usage.meta.file", lang), help=t("usage.lezard.board", lang))
    parser.add_argument(
        "--lizards", metavar=t("usage.meta.lizards", lang), help=t("usage.lezard.lizards", lang)
    )


def for_players(
    table: LezardTable, args: argparse.Namespace, players: Sequence[str], lang: str
) -> LezardTable:
    """The table with each player's lizards as ``--lizards`` chose them; ``ValueError`` saying what
    is wrong with the choice."""
    from firmware.games.lezard.lizards import seats_from_text

    try:
        seats = seats_from_text(args.lizards, players, table.data.lizards, lang)
    except ValueError as error:
        raise ValueError(t("lizard.bad", lang, text=args.lizards, reason=error)) from None
    return replace(table, book=replace(table.book, seats=seats))


def table_from_args(args: argparse.Namespace) -> LezardTable:
    """The game on the shipped board, or on ``--board FILE``; ``OSError`` if the file cannot be
    read, ``ValueError`` (``LezardDataError``) naming the line if it cannot be used."""
    if args.board is None:
        text = files("rules").joinpath("data/lezard.toml").read_text(encoding="utf-8")
        return LezardTable(Lezard(parse_lezard_data(text, source="rules/data/lezard.toml")))
    text = Path(args.board).read_text(encoding="utf-8")
    return LezardTable(Lezard(parse_lezard_data(text, source=args.board)), source=args.board)
