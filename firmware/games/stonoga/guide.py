"""Nogi Stonogi on the box's screen: colour dice (some set aside), tiles, centipedes."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from firmware.games.guide import DiceAsk, colour_name, player_name, short_names
from firmware.games.stonoga.colours import COLOURS, letter_of
from firmware.messages.i18n import t
from firmware.messages.numbers import number, percent
from firmware.views import Face, LegendView, RollView, ScoreRow, ScoresView
from rules import stonoga_advisor
from rules.game import Advice
from rules.lezard_board import Card
from rules.match import Match
from rules.stonoga import ROLLS, Keep, Steal, Stonoga, StonogaState, Stop, Take, TakeNothing


def legend_view(lang: str) -> LegendView:
    """The colour dice's key for the player: every face as the screens draw it, with its name."""
    return LegendView(COLOURS, short_names(COLOURS, lang))


def kept_text(faces: Sequence[int], lang: str) -> str:
    """Dice kept, counted by colour in short names: ``2×czerw ★``.

    >>> kept_text((1, 1, 5), "pl"), kept_text((0, 3), "en")
    ('2×czerw ★', 'yellow blue')
    """
    counts = Counter(faces)
    named = ((counts[f], t(f"colour.{COLOURS[f]}.short", lang)) for f in sorted(counts))
    return " ".join(f"{n}×{name}" if n > 1 else name for n, name in named)


@dataclass(frozen=True, slots=True)
class StonogaGuide:
    """Nogi Stonogi: colour dice (four on the table, some set aside), tiles, centipedes."""

    book: Stonoga

    def turn(self, state: StonogaState) -> int:
        return state.seat

    def dice(self, state: StonogaState) -> DiceAsk | None:
        kept = tuple(COLOURS[f] for f in state.dice)
        return DiceAsk(4 - len(kept), True, 4, kept)

    def roll_text(self, state: StonogaState, faces: Sequence[Face]) -> str:
        return "roll " + " ".join(letter_of(str(f)) for f in faces)

    def advise(self, state: StonogaState) -> tuple[Advice[Any], ...]:
        return stonoga_advisor.advise(self.book, state)

    def turn_note(self, before: StonogaState, after: StonogaState) -> tuple[str, int] | None:
        return None

    def move_label(self, state: StonogaState, move: Any, lang: str) -> str:
        if isinstance(move, Stop):
            return t("stonoga.stop", lang)
        if isinstance(move, Keep):
            if not move.faces:
                return t("stonoga.reroll_all", lang)
            return t("stonoga.keep_faces", lang, faces=kept_text(move.faces, lang))
        if isinstance(move, Take):
            return t("stonoga.take_tile", lang, colour=colour_name(COLOURS[move.tile.colour], lang),
                       n=move.tile.boots)
        if isinstance(move, Steal):
            return t("stonoga.steal", lang, name=player_name(state.players[move.victim], lang))
        if isinstance(move, TakeNothing):
            return t("stonoga.no_tile", lang)
        return str(move.text())

    def row_label(self, state: StonogaState, move: Any, lang: str) -> str:
        """Dice to keep without the verb: the list's title says it (``stonoga.keep_title``)."""
        if isinstance(move, Keep) and move.faces:
            return kept_text(move.faces, lang)
        return self.move_label(state, move, lang)

    def figures(self, advice: Advice[Any], lang: str) -> tuple[str, str]:
        names = dict(advice.figures)
        if "p_target" in names and self.book.target is not None:
            chance = percent(names["p_target"], lang)
            return chance, t("advice.target", lang, tile=self._target(lang), pct=chance)
        boots = number(names["expected_boots"], lang)
        return boots, t("advice.boots", lang, value=boots)

    def figure_unit(self, state: StonogaState, lang: str) -> str:
        if self.book.target is not None:
            return t("advice.unit.target", lang, tile=self._target(lang))
        return t("advice.unit.boots", lang)

    def _target(self, lang: str) -> str:
        """The tile a target game aims at, as "czerw. 3"."""
        target = self.book.target
        assert target is not None
        return f"{t(f'colour.{COLOURS[target.colour]}.short', lang)} {target.boots}"

    def choice_title(self, match: Match[Any, Any], lang: str) -> str:
        state: StonogaState = match.state
        return t("stonoga.tile" if state.phase == "take" else "stonoga.keep_title", lang)

    def roll_view(self, match: Match[Any, Any], lang: str) -> RollView:
        state: StonogaState = match.state
        kept = tuple(COLOURS[f] for f in state.dice)
        info = t("roll.number", lang, n=state.rolls + 1, of=ROLLS)
        return RollView(
            player_name(state.players[state.seat], lang), t("roll.now", lang), info,
            kept=kept, names=short_names(kept, lang),
        )

    def scores_view(self, match: Match[Any, Any], lang: str) -> ScoresView:
        state: StonogaState = match.state
        boots = [sum(tile.boots for tile in pede) for pede in state.centipedes]
        rows = tuple(
            ScoreRow(
                player_name(name, lang), str(seat + 1), str(b),
                tuple((COLOURS[tile.colour], tile.boots) for tile in pede), leader=b == max(boots) and b > 0,
            )
            for seat, (name, b, pede) in enumerate(zip(state.players, boots, state.centipedes, strict=True))
        )
        footer = t("stonoga.tiles_left", lang, n=len(state.centre))
        return ScoresView(t("stonoga.centipede", lang), rows, footer, centipedes=True)

    def cards(self, state: StonogaState) -> tuple[Card, ...]:
        return ()

    def card_label(self, state: StonogaState, card: Card, lang: str) -> str:
        return card.text()
