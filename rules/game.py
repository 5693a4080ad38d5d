"""What every rule book in Kostka shares: who acts, moves as text, outcomes, advice, errors.

A rule book is a frozen value holding the rule switches of one game (``ShutTheBox(flaps=12)``).
It never stores a position: positions are frozen ``State`` values passed in and returned, so a
referee can keep the whole history as a list and undo by dropping its last element.

Chance is just another actor (as in OpenSpiel): when the dice (or a card, or a flick) decide,
``to_act(state)`` is ``CHANCE`` and the next move is what the table shows, applied with the same
``apply`` as a player's choice. Every move has a text notation that round-trips through
``parse_move``, so a game is saved as its rule switches, its players and its list of move texts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Generic, Protocol, TypeVar

from rules.phrases import Phrase

CHANCE = -1
"""``to_act`` value: the next move is a chance event (a roll, a card drawn, a flick's result)."""

TERMINAL = -2
"""``to_act`` value: the game is over; ``outcome`` says who won."""


class RulesError(ValueError):
    """Base of every error the rule books raise: a ``Phrase`` (``reason``) that names the position.

    >>> error = RulesError("stonoga.players", n=5)
    >>> error.reason.key, str(error)
    ('stonoga.players', 'Nogi Stonogi is for 2 to 4 players, not 5')
    """

    def __init__(self, key: str, /, **fields: object) -> None:
        self.reason = Phrase(key, **fields)
        super().__init__(str(self.reason))

    def __reduce__(self) -> tuple[object, ...]:  # pickled as its reason, not as its English
        return _rebuilt, (type(self), self.reason.key, dict(self.reason.fields))


def _rebuilt(kind: type[RulesError], key: str, fields: dict[str, object]) -> RulesError:
    return kind(key, **fields)


class InvalidMoveError(RulesError):
    """Text that is not a move of this game at all (``'7 x'`` as a roll)."""


class IllegalMoveError(RulesError):
    """A well-formed move that the rules do not allow in this position."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game: who won, and every seat's final score in the game's own unit.

    ``winners`` holds several seats when they share the win. ``reason`` is a short key
    (``"rounds-played"``, ``"centre-empty"``, ``"royal-flick"``) that screens translate.
    """

    winners: tuple[int, ...]
    scores: tuple[int, ...]
    reason: str


M = TypeVar("M")
S = TypeVar("S")


@dataclass(frozen=True, slots=True)
class Advice(Generic[M]):
    """One legal move with the advisor's exact figures for it.

    ``figures`` are named exact values, e.g. ``(("p_shut", Fraction(1, 9)), ("expected_penalty", ...))``;
    ``best`` marks the move(s) the advisor recommends for the goal in force.
    """

    move: M
    figures: tuple[tuple[str, Fraction], ...]
    best: bool

    def figure(self, name: str) -> Fraction:
        """The figure called ``name``; KeyError if this advice has none of that name."""
        for key, value in self.figures:
            if key == name:
                return value
        raise KeyError(name)


class RuleBook(Protocol[S, M]):
    """The shape every game's rule book has; the referee and the appliance need nothing more.

    Advice is not the book's: each game's advisor (``rules.<game>_advisor``) builds on its book
    and has ``advise(book, state)``: every legal move with exact figures (``Advice``), best first,
    empty where no one chooses. No book imports its advisor.
    """

    @property
    def title(self) -> str:
        """The game's command-line name: ``"shut-the-box"``, ``"stonoga"``, ``"lezard"``."""
        ...

    def start(self, players: Sequence[str]) -> S:
        """The position before the first move, for these player names in seat order."""
        ...

    def to_act(self, state: S) -> int:
        """The seat that chooses next, or ``CHANCE``, or ``TERMINAL``."""
        ...

    def legal_moves(self, state: S) -> tuple[M, ...]:
        """Every legal choice of the seat to act (empty at ``CHANCE`` and ``TERMINAL``)."""
        ...

    def chance_outcomes(self, state: S) -> tuple[tuple[M, Fraction], ...]:
        """At ``CHANCE``: every event that may happen with its probability (they sum to 1)."""
        ...

    def apply(self, state: S, move: M) -> S:
        """The position after ``move``; ``IllegalMoveError`` if the rules forbid it here."""
        ...

    def parse_move(self, state: S, text: str) -> M:
        """The move that ``text`` names in this position (the inverse of ``move.text()``)."""
        ...

    def outcome(self, state: S) -> Outcome | None:
        """The result once the game is over, ``None`` while it runs."""
        ...


def check_distribution(outcomes: Sequence[tuple[object, Fraction]]) -> None:
    """Raise ``RulesError`` unless the probabilities are positive and add up to exactly 1.

    >>> check_distribution([("a", Fraction(1, 3)), ("b", Fraction(2, 3))])
    >>> check_distribution([("a", Fraction(1, 2))])
    Traceback (most recent call last):
    ...
    rules.game.RulesError: chance outcomes add up to 1/2, not 1
    """
    total = sum((p for _, p in outcomes), Fraction(0))
    if any(p <= 0 for _, p in outcomes):
        raise RulesError("chance.not-positive")
    if total != 1:
        raise RulesError("chance.not-one", total=total)
