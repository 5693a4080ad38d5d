"""What the state machine asks the loop to do, in order: save, finish, read dice, show a view..."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from firmware.machine.events import Features
from firmware.views import View
from rules.game import Outcome
from rules.match import Match


@dataclass(frozen=True, slots=True)
class Show:
    """Draw this view."""

    view: View


@dataclass(frozen=True, slots=True)
class Save:
    """Store this match (its title, players and move texts) before anything else is shown."""

    match: Match[Any, Any]


@dataclass(frozen=True, slots=True)
class Finish:
    """This game is over: keep it as history. ``outcome`` None: abandoned (restart, new game)."""

    match: Match[Any, Any]
    outcome: Outcome | None


@dataclass(frozen=True, slots=True)
class ReadDice:
    """Watch the tray and send ``DiceRead`` when the dice settle: ``count`` dice rolled,
    ``colours`` for colour dice, ``table`` dice that may lie in the tray (dice set aside too);
    ``cards``: not dice but a Lezard card drawn, read with the board's colours (``mode`` "cards"),
    and ``lizards``, the colours its lizard cards show.

    >>> ReadDice(1, False, 1, ("red", "blue")).mode, ReadDice(2, False, 2).mode
    ('cards', 'pips')
    """

    count: int
    colours: bool
    table: int
    cards: tuple[str, ...] = ()
    lizards: tuple[str, ...] = ()

    @property
    def mode(self) -> str:
        """The reader's mode: ``pips``, ``colours`` or ``cards`` (``vision.reader.read_dice``)."""
        return "cards" if self.cards else "colours" if self.colours else "pips"


@dataclass(frozen=True, slots=True)
class ReopenCamera:
    """Try to open the camera again (it failed); send ``CameraBack`` when it works."""


@dataclass(frozen=True, slots=True)
class SetFrameRate:
    """Drop the camera's frame rate while nobody plays (``idle``), or go back to full rate."""

    idle: bool


@dataclass(frozen=True, slots=True)
class SetLanguage:
    """The player chose another language (the loop may remember it)."""

    lang: str


@dataclass(frozen=True, slots=True)
class TakeFrames:
    """Take ``count`` frames now and send a ``FacesSeen`` for each, with the features of the dice
    (``mode`` colours) or cards (``mode`` cards) found (a new request replaces an old one)."""

    face: str
    count: int
    mode: str = "colours"


@dataclass(frozen=True, slots=True)
class KeepColours:
    """Every face is taught: make the profile of ``taught`` (face, features), keep it in the state
    directory and read colour dice (``mode`` colours) or Lezard cards (``mode`` cards) with it from
    now on; ``ColoursNotKept`` if it cannot be written."""

    taught: tuple[tuple[str, Features], ...]
    mode: str = "colours"


@dataclass(frozen=True, slots=True)
class CheckFrames:
    """Take the next ``count`` frames, still tray or not, measure them and send ``CameraChecked``
    (a new request replaces an old one)."""

    count: int


@dataclass(frozen=True, slots=True)
class PowerOff:
    """The player chose to power the box off: end the program, and on a real box power it off."""


@dataclass(frozen=True, slots=True)
class ReadHistory:
    """Read the last games and the wins per player, and send ``HistoryRead``."""


@dataclass(frozen=True, slots=True)
class KeepDice:
    """The players confirmed these pip faces for the last reading: keep them as examples to learn from
    (``firmware.learning``; the loop answers ``DiceKept``)."""

    faces: tuple[Any, ...]


@dataclass(frozen=True, slots=True)
class SetLearning:
    """Learn the players' dice from now on (``on``), or stop keeping them; kept across restarts."""

    on: bool


@dataclass(frozen=True, slots=True)
class ForgetDice:
    """Delete the dice kept to learn from and what was learnt: the shipped readers read again."""


Effect = (
    Show | Save | Finish | ReadDice | ReopenCamera | SetFrameRate | SetLanguage | TakeFrames | KeepColours
    | CheckFrames | PowerOff | ReadHistory | KeepDice | SetLearning | ForgetDice
)
