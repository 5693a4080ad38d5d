"""Lezard Domino on the box's screen: the card drawn, reports of what fell, dominoes in hand."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from firmware.games.guide import DiceAsk, colour_name, player_name, score_rows
from firmware.messages.i18n import t, tn
from firmware.views import Face, RollView, ScoresView
from rules import lezard_advisor
from rules.game import Advice
from rules.lezard import Lezard, LezardState, Phase
from rules.lezard_board import Card, Flicked, Placed, RoyalFlick
from rules.match import Match


@dataclass(frozen=True, slots=True)
class LezardGuide:
    """Lezard Domino: a card read by the camera (or chosen with the buttons), reports of what fell,
    dominoes in hand."""

    book: Lezard

    def turn(self, state: LezardState) -> int:
        return state.turn

    def dice(self, state: LezardState) -> DiceAsk | None:
        return DiceAsk(1, False, 1, cards=self.book.data.colours, lizards=self.book.data.lizards)

    def roll_text(self, state: LezardState, faces: Sequence[Face]) -> str:
        raise ValueError("Lezard Domino has no dice")

    def advise(self, state: LezardState) -> tuple[Advice[Any], ...]:
        return lezard_advisor.advise(self.book, state)

    def turn_note(self, before: LezardState, after: LezardState) -> tuple[str, int] | None:
        return None

    def move_label(self, state: LezardState, move: Any, lang: str) -> str:
        if isinstance(move, Placed):
            if not move.fell:
                return t("lezard.stands", lang)
            if move.fell == (state.targets[0],):
                return t("lezard.fell_this", lang)
            return t("lezard.fell_squares", lang, squares=move.text().removeprefix("fell "))
        if isinstance(move, Flicked):
            return t("lezard.fell_count", lang, n=move.in_order)
        if isinstance(move, RoyalFlick):
            return t("lezard.royal_yes" if move.all_fell else "lezard.royal_no", lang)
        return str(move.text())

    def row_label(self, state: Any, move: Any, lang: str) -> str:
        return self.move_label(state, move, lang)

    def figures(self, advice: Advice[Any], lang: str) -> tuple[str, str]:
        if isinstance(advice.move, Flicked):  # the flicker's hand stays: say what is dealt out
            return "", t("lezard.dealt", lang, n=int(advice.figure("given")))
        if isinstance(advice.move, RoyalFlick):  # the game is won either way
            return "", ""
        hand = int(advice.figure("hand_after"))
        return str(hand), t("advice.hand", lang, dominoes=tn("lezard.dominoes", hand, lang))

    def figure_unit(self, state: LezardState, lang: str) -> str:
        return t("advice.unit.hand", lang) if state.phase is Phase.PLACE else ""

    def choice_title(self, match: Match[Any, Any], lang: str) -> str:
        state: LezardState = match.state
        if state.phase is Phase.PLACE:
            square = state.targets[0]
            colour = colour_name(self.book.data.board[square - 1], lang)
            return t("lezard.square", lang, n=square, colour=colour)
        if state.phase is Phase.FLICK:
            return t("lezard.flick", lang)
        return t("lezard.royal_flick", lang)

    def roll_view(self, match: Match[Any, Any], lang: str) -> RollView:
        state: LezardState = match.state
        return RollView(player_name(state.players[state.turn], lang), t("lezard.draw_card", lang))

    def scores_view(self, match: Match[Any, Any], lang: str) -> ScoresView:
        state: LezardState = match.state
        least = min(state.hands)
        leaders = [i for i, h in enumerate(state.hands) if h == least]
        rows = score_rows(state.players, [str(h) for h in state.hands], leaders, lang)
        footer = t("lezard.standing", lang, n=state.on_board)
        return ScoresView(t("scores.title", lang), rows, footer)

    def cards(self, state: LezardState) -> tuple[Card, ...]:
        return tuple(card for card, n in zip(self.book.data.cards, state.pile, strict=True) if n)

    def card_label(self, state: LezardState, card: Card, lang: str) -> str:
        if card.lizard is not None:
            return t("lezard.lizard_card", lang, colour=colour_name(card.lizard, lang))
        return "\n".join(colour_name(c, lang) for c in card.squares)
