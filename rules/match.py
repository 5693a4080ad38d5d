"""A game in progress: a rule book, the players, and every move so far (as text and as positions).

A ``Match`` is what a referee keeps and what storage saves: replaying its move texts from the start
gives back every position, so undo is dropping the last move and a saved game is a list of strings.

>>> from rules.game import CHANCE
>>> from rules.match import Match
>>> class Count:  # a tiny rule book: players add 1 or 2 until 5 is reached
...     title = "count"
...     def start(self, players): return 0
...     def to_act(self, s): return -2 if s >= 5 else 0
...     def legal_moves(self, s): return tuple(m for m in (1, 2) if s + m <= 5)
...     def chance_outcomes(self, s): return ()
...     def apply(self, s, m): return s + m
...     def parse_move(self, s, text): return int(text)
...     def outcome(self, s): return None
>>> m = Match.start(Count(), ["Ala"]).play_text("2").play_text("2")
>>> m.state, m.moves
(4, ('2', '2'))
>>> m.undo().state
2
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from rules.game import RuleBook, RulesError

S = TypeVar("S")
M = TypeVar("M")


def _text(move: object) -> str:
    text = getattr(move, "text", None)
    return str(text()) if callable(text) else str(move)


@dataclass(frozen=True, slots=True)
class Match(Generic[S, M]):
    """A rule book, its players, the move texts played and the positions they led to."""

    book: RuleBook[S, M]
    players: tuple[str, ...]
    moves: tuple[str, ...]
    states: tuple[S, ...]

    @classmethod
    def start(cls, book: RuleBook[S, M], players: Sequence[str]) -> Match[S, M]:
        """A new game of ``book`` for ``players`` in seat order."""
        return cls(book, tuple(players), (), (book.start(players),))

    @classmethod
    def replay(cls, book: RuleBook[S, M], players: Sequence[str], moves: Iterable[str]) -> Match[S, M]:
        """The game reached by playing ``moves`` (texts) from the start.

        A move that does not apply raises ``RulesError`` naming its number and text.
        """
        match = cls.start(book, players)
        for number, text in enumerate(moves, start=1):
            try:
                match = match.play_text(text)
            except RulesError as error:
                raise RulesError("match.saved-move", number=number, text=text, error=error.reason) from error
        return match

    @property
    def state(self) -> S:
        """The current position."""
        return self.states[-1]

    def play(self, move: M) -> Match[S, M]:
        """This match with ``move`` applied (``IllegalMoveError`` if the rules forbid it)."""
        after = self.book.apply(self.state, move)
        return Match(self.book, self.players, (*self.moves, _text(move)), (*self.states, after))

    def play_text(self, text: str) -> Match[S, M]:
        """This match with the move that ``text`` names applied."""
        return self.play(self.book.parse_move(self.state, text))

    def undo(self) -> Match[S, M]:
        """This match without its last move; ``RulesError`` when nothing has been played."""
        if not self.moves:
            raise RulesError("match.nothing-to-undo")
        return Match(self.book, self.players, self.moves[:-1], self.states[:-1])

    def summary(self) -> dict[str, Any]:
        """What storage needs to rebuild this match: title, players and move texts."""
        return {"game": self.book.title, "players": list(self.players), "moves": list(self.moves)}
