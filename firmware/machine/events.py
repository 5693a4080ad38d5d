"""What happens to the box, as the state machine hears it: a button, dice rolling or read, the camera
failing or coming back, time passing, frames taken for teaching or checking, a game or colours not
saved."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import TYPE_CHECKING

from firmware.games.guide import Box
from firmware.history.summary import Summary
from firmware.views import Snapshot
from vision.reading import Reading

if TYPE_CHECKING:
    from vision.camera_check import CameraCheck

Features = tuple[tuple[float, ...], ...]
"""The feature vectors of the dice found in frames (``vision.colour_reader.face_features``)."""


class ButtonEvent(enum.Enum):
    """What the game loop hears from the buttons."""

    PREV = "prev"
    NEXT = "next"
    OK = "ok"
    MENU = "menu"


@dataclass(frozen=True, slots=True)
class DiceRolling:
    """Something moves in the tray: the dice are being rolled (show "reading…")."""


@dataclass(frozen=True, slots=True)
class DiceRead:
    """The dice settled and the reader read them. ``tray``: the tray in frame pixels
    ``(x, y, w, h)``, when known; a die whose centre lies outside it is off the tray."""

    reading: Reading
    tray: Box | None = None


@dataclass(frozen=True, slots=True)
class CameraFailed:
    """The camera stopped giving frames (the loop keeps retrying with ``ReopenCamera``)."""

    reason: str = ""


@dataclass(frozen=True, slots=True)
class CameraBack:
    """The camera gives frames again."""


@dataclass(frozen=True, slots=True)
class Tick:
    """``seconds`` have passed since the last tick (idle frame rate, camera retries, notices)."""

    seconds: float


@dataclass(frozen=True, slots=True)
class FacesSeen:
    """One frame taken for teaching ``face``: the features of every die found in it (maybe none)."""

    face: str
    features: Features


@dataclass(frozen=True, slots=True)
class ColoursNotKept:
    """The taught colours could not be written in the state directory (``reason`` goes to the log)."""

    reason: str = ""


@dataclass(frozen=True, slots=True)
class GameNotSaved:
    """The store refused to save the game (a full or read-only disk); it goes on in memory. ``key``:
    the catalogue message the box shows (``StorageError.screen_key``)."""

    key: str = "storage.failed"


@dataclass(frozen=True, slots=True)
class CameraChecked:
    """The frames asked by ``CheckFrames`` measured: ``check`` (``vision.camera_check.CameraCheck``)
    and its ``faults`` (catalogue keys ``check.fault.<fault>`` say what to change), and the last
    frame made small (``snapshot``); or ``error`` when they could not be measured."""

    check: CameraCheck | None
    faults: tuple[str, ...] = ()
    error: str = ""
    snapshot: Snapshot | None = None


@dataclass(frozen=True, slots=True)
class HistoryRead:
    """The last games and the wins per player, read for the History screen (``ReadHistory``)."""

    summary: Summary


@dataclass(frozen=True, slots=True)
class DiceKept:
    """How many confirmed dice the box keeps to learn from now (after ``KeepDice`` or ``ForgetDice``)."""

    count: int


Event = (
    ButtonEvent
    | DiceRolling
    | DiceRead
    | CameraFailed
    | CameraBack
    | Tick
    | FacesSeen
    | ColoursNotKept
    | CameraChecked
    | HistoryRead
    | DiceKept
    | GameNotSaved
)
