"""Shut the Box on the box's screen: pip dice, flaps, penalties; the advice ordered by the goal.

>>> from rules.shut_the_box import ShutTheBox
>>> from rules.match import Match
>>> guide = ShutGuide(ShutTheBox())
>>> match = Match.start(guide.book, ["1", "2"])
>>> guide.dice(match.state), guide.roll_text(match.state, (5, 3))
(DiceAsk(count=2, colours=False, table=2, kept=(), cards=(), lizards=()), 'roll 3 5')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from firmware.games.guide import DiceAsk, player_name, score_rows
from firmware.messages.i18n import t, tn
from firmware.messages.numbers import number, percent
from firmware.views import Face, Flaps, RollView, ScoresView
from rules import shut_the_box_advisor
from rules.game import Advice
from rules.lezard_board import Card
from rules.match import Match
from rules.shut_the_box import DEFAULT_GOAL, ChooseDice, Shut, ShutTheBox, totals
from rules.shut_the_box import State as ShutState


@dataclass(frozen=True, slots=True)
class ShutGuide:
    """Shut the Box: pip dice, flaps, penalties; ``goal`` orders the advice and says which figure
    is shown (``penalty``, the expected penalty, as the game scores; ``shut``, the chance to shut)."""

    book: ShutTheBox
    goal: str = DEFAULT_GOAL

    def turn(self, state: ShutState) -> int:
        return state.seat

    def dice(self, state: ShutState) -> DiceAsk | None:
        return DiceAsk(state.dice, False, state.dice)

    def roll_text(self, state: ShutState, faces: Sequence[Face]) -> str:
        return "roll " + " ".join(str(f) for f in sorted(int(str(f)) for f in faces))

    def advise(self, state: ShutState) -> tuple[Advice[Any], ...]:
        return shut_the_box_advisor.advise(self.book, state, self.goal)

    def turn_note(self, before: ShutState, after: ShutState) -> tuple[str, int] | None:
        if (after.round, after.seat) == (before.round, before.seat):
            return None
        score = totals(after)[before.seat] - totals(before)[before.seat]
        return ("shut.lost_roll", score) if not before.roll else ("shut.all_shut", score)

    def move_label(self, state: ShutState, move: Any, lang: str) -> str:
        if isinstance(move, Shut):
            return t("shut.shut", lang, flaps=" ".join(map(str, move.flaps)))
        if isinstance(move, ChooseDice):
            return tn("shut.dice", move.count, lang)
        return str(move.text())

    def row_label(self, state: Any, move: Any, lang: str) -> str:
        return self.move_label(state, move, lang)

    def figures(self, advice: Advice[Any], lang: str) -> tuple[str, str]:
        if self.goal == "shut":
            chance = percent(advice.figure("p_shut"), lang)
            return chance, t("advice.shut", lang, pct=chance)
        penalty = number(advice.figure("expected_penalty"), lang)
        return penalty, t("advice.penalty", lang, value=penalty)

    def figure_unit(self, state: ShutState, lang: str) -> str:
        return t(f"advice.unit.{self.goal}", lang)

    def choice_title(self, match: Match[Any, Any], lang: str) -> str:
        state: ShutState = match.state
        if state.roll:  # the roll, and the figures' unit beside it (the roll screen named the player)
            return " + ".join(map(str, state.roll))
        return player_name(state.players[state.seat], lang)

    def flaps(self, state: ShutState) -> Flaps:
        numbers = self.book.all_flaps()
        return Flaps(numbers, tuple(f in state.open_flaps for f in numbers))

    def roll_view(self, match: Match[Any, Any], lang: str) -> RollView:
        state: ShutState = match.state
        prompt = t("shut.roll_one", lang) if state.dice == 1 else t("roll.now", lang)
        info = t("shut.last_chance", lang) if state.last_chance_used else ""
        return RollView(player_name(state.players[state.seat], lang), prompt, info, self.flaps(state))

    def scores_view(self, match: Match[Any, Any], lang: str) -> ScoresView:
        state: ShutState = match.state
        sums = totals(state)
        best = min(sums)
        level = state.seat == 0 and state.round > 1  # all have played as many turns
        leaders = [i for i, s in enumerate(sums) if s == best and level]
        rows = score_rows(state.players, [str(s) for s in sums], leaders, lang)
        return ScoresView(t("scores.title", lang) + " · " + t("shut.round", lang, n=state.round), rows)

    def cards(self, state: ShutState) -> tuple[Card, ...]:
        return ()

    def card_label(self, state: ShutState, card: Card, lang: str) -> str:
        return card.text()
