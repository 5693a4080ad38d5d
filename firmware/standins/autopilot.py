"""The demo's player: presses the buttons a person would, one at a time, from what the box shows.

It picks the game and the number of players in the menus (the names offered in order, the
first seat to start), rolls the stand-in dice when Kostka
asks for a roll, accepts a reading that matches the dice as they lie (and corrects one that does
not, face by face), chooses the advisor's best move, and confirms. Where nothing is a choice
(Lezard Domino's cards and reports of what fell) it plays what a made-up table produces
(``rules.lezard.TableModel``); a card drawn is laid in the stand-in tray for the camera to
read, and the reading confirmed or corrected as for dice. Every random draw is seeded with the
game's seed and the number of moves saved, so a game taken up again after a crash goes on
exactly as it would have.
"""

from __future__ import annotations

import queue
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from firmware.games.lezard.faces import card_of, face_of
from firmware.games.registry import PLAYERS
from firmware.machine.events import ButtonEvent
from firmware.machine.lizards import LizardsMenu
from firmware.machine.state import (
    Appliance,
    CameraLost,
    Choose,
    Confirm,
    Correct,
    FirstPlayer,
    GameMenu,
    Menu,
    Notice,
    PickCard,
    PlayersMenu,
    RestartAsk,
    RollNow,
    Seat,
    Seen,
    SeenCard,
    TurnOver,
    Welcome,
    game_items,
)
from firmware.machine.step import Event, ReadDice
from firmware.standins.tray import StandInDice
from firmware.views import Face
from rules.lezard import Lezard, TableModel
from rules.lezard_board import Card


def walk(cursor: int, target: int, count: int) -> ButtonEvent:
    """The press that moves a round-robin list's cursor towards ``target`` (OK when there).

    >>> walk(0, 2, 5).value, walk(0, 4, 5).value, walk(3, 3, 5).value
    ('next', 'prev', 'ok')
    """
    if cursor == target:
        return ButtonEvent.OK
    forward = (target - cursor) % count
    return ButtonEvent.NEXT if forward <= count - forward else ButtonEvent.PREV


@dataclass(slots=True)
class Autopilot:
    """Call it with each state of the loop (``Loop(on_state=...)``); it queues one press at a time."""

    events: queue.Queue[Any]
    dice: StandInDice
    seed: int
    title: str
    players: int
    pending: int = 0
    presses: int = 0
    table: TableModel = field(default_factory=TableModel)
    card_due: int | None = None
    """A card is to be drawn at this many moves saved (laid in the tray once the state is seen)."""
    rolled: list[tuple[Face, ...]] = field(default_factory=list)
    """What each roll or card draw put in the tray, in order."""

    def roll(self, ask: ReadDice, moves: int) -> None:
        """Kostka asks for a roll: throw the stand-in dice (the same ones for the same move); for a
        card, draw it when the state is seen (the table draws from the pile the state holds)."""
        if ask.cards:
            self.card_due = moves
            return
        self.rolled.append(self.dice.roll(ask.count, colours=ask.colours, key=f"{moves}"))

    def _draw_card(self, state: Appliance) -> None:
        match = state.match
        if self.card_due is None or match is None or len(match.moves) != self.card_due:
            return
        self.card_due = None
        if not isinstance(state.screen, RollNow) or not isinstance(match.book, Lezard):
            return
        card = self.table.next_move(match.book, match.state, self._rng(state))
        if not isinstance(card, Card):  # the table reports what fell: not a draw (cannot be at CHANCE)
            return
        face = face_of(card)
        self.rolled.append(self.dice.roll(1, colours=False, key=f"{len(match.moves)}", faces=[face]))

    def __call__(self, state: Appliance, event: Event | None) -> None:
        self._draw_card(state)
        if isinstance(event, ButtonEvent):
            self.pending = max(0, self.pending - 1)
        if self.pending:
            return
        press = self.decide(state)
        if press is not None:
            self.pending += 1
            self.presses += 1
            self.events.put(press)

    def _rng(self, state: Appliance) -> random.Random:
        moves = len(state.match.moves) if state.match is not None else 0
        return random.Random(f"kostka-table/{self.seed}/{moves}")

    def decide(self, state: Appliance) -> ButtonEvent | None:
        """The next press in ``state``, or None while waiting (for the dice, or at the end)."""
        screen = state.screen
        if isinstance(screen, GameMenu):
            items = game_items(state)
            target = items.index("resume") if "resume" in items else items.index(self.title)
            return walk(screen.cursor, target, len(items))
        if isinstance(screen, PlayersMenu):
            low, high = PLAYERS[state.title]
            return walk(screen.cursor, self.players - low, high - low + 1)
        if isinstance(screen, Seen):
            same = sorted(map(str, screen.faces)) == sorted(map(str, self.dice.tray.faces))
            return ButtonEvent.OK if same else ButtonEvent.NEXT
        if isinstance(screen, Correct):
            return self._correct(screen)
        if isinstance(screen, SeenCard):
            return ButtonEvent.OK if screen.card == self._tray_card() else ButtonEvent.NEXT
        if isinstance(screen, PickCard):
            return self._pick_card(state, screen)
        if isinstance(screen, Choose):
            return walk(screen.cursor, self._choice(state, screen), len(screen.advice))
        if isinstance(screen, Welcome | Seat | FirstPlayer):  # the names in order, the first seat starts
            return ButtonEvent.OK
        if isinstance(screen, Confirm | TurnOver | Notice | CameraLost | LizardsMenu):
            return ButtonEvent.OK
        if isinstance(screen, Menu | RestartAsk):
            return ButtonEvent.MENU if isinstance(screen, Menu) else ButtonEvent.PREV
        if isinstance(screen, RollNow):
            return None
        return None  # the winner: the game is over

    def _correct(self, screen: Correct) -> ButtonEvent:
        """OK when the face under the cursor is one of the dice not yet set, else the next face.

        A roll is a set of faces, not a row: the reader's order need not be the tray's.
        """
        left = Counter(self.dice.tray.faces) - Counter(screen.faces[: screen.index])
        if not left or left[screen.faces[screen.index]] > 0:
            return ButtonEvent.OK
        return ButtonEvent.NEXT

    def _pick_card(self, state: Appliance, screen: PickCard) -> ButtonEvent:
        match = state.match
        assert match is not None and isinstance(match.book, Lezard)
        cards = state.guide.cards(match.state)
        card: Any = self._tray_card()
        if card is None:  # nothing in the tray (entered by hand): the table's draw
            card = self.table.next_move(match.book, match.state, self._rng(state))
        target = cards.index(card) if card in cards else 0
        return walk(screen.cursor, target, len(cards))

    def _tray_card(self) -> Card | None:
        faces = self.dice.tray.faces
        return card_of(faces[0]) if len(faces) == 1 else None

    def _choice(self, state: Appliance, screen: Choose) -> int:
        moves = [advice.move for advice in screen.advice]
        match = state.match
        assert match is not None
        if isinstance(match.book, Lezard):
            report = self.table.next_move(match.book, match.state, self._rng(state))
            return moves.index(report) if report in moves else 0
        best = [i for i, advice in enumerate(screen.advice) if advice.best]
        return best[0] if best else 0
