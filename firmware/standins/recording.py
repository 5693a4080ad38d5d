"""A game recorded to play it again: every camera frame the loop read, and every button pressed.

A recording is a folder: ``frame-000001.png``, ``frame-000002.png``... in the order the camera
thread read them (PNG: lossless, so a replay's reader sees exactly what the live one saw), and
``presses.json``: each button press with the screen it was pressed on. To play it again, point
``camera.source`` at the folder (``firmware.devices.camera.replay`` reads it, through ``open_source``) and
let a ``PressPlayer`` press the buttons: with the same reader the game must go the same way, and
the player says where it does not (``diverged``).

>>> Press("Seen", "ok").button
<ButtonEvent.OK: 'ok'>
"""

from __future__ import annotations

import json
import queue
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import cv2

from firmware.app import Parts, camera_opener
from firmware.devices.camera import CameraError, Frame, FrameSource, SourceBase
from firmware.loop import CameraFeed, Reader
from firmware.machine.events import ButtonEvent
from firmware.machine.state import Appliance, RollNow, Winner
from firmware.machine.step import Event

PRESSES = "presses.json"
"""The name of the presses' file inside a recording folder."""
PNG_LEVEL = 1
"""zlib level of the frames: fast to write; PNG is lossless at every level."""

OnState = Callable[[Appliance, Event | None], None]


class FrameRecorder:
    """Saves frames into ``folder`` as numbered PNGs; ``count`` frames so far."""

    def __init__(self, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self.folder = folder
        self.count = 0

    def save(self, frame: Frame) -> None:
        self.count += 1
        path = self.folder / f"frame-{self.count:06d}.png"
        if not cv2.imwrite(str(path), frame, [cv2.IMWRITE_PNG_COMPRESSION, PNG_LEVEL]):
            raise CameraError(
                f"recording to {str(self.folder)!r}",
                f"could not write {path.name}",
                "Check the folder and the free space",
            )

    def opener(self, open_source: Callable[[], FrameSource]) -> Callable[[], FrameSource]:
        """``open_source``, its source made to save every frame it gives."""
        return lambda: TappedSource(open_source(), self)


class TappedSource(SourceBase):
    """A frame source whose every frame also goes to a ``FrameRecorder``."""

    def __init__(self, source: FrameSource, recorder: FrameRecorder) -> None:
        super().__init__(source.name, f"{source.description}, recorded")
        self.source = source
        self.recorder = recorder

    def read(self) -> Frame:
        self._check_open()
        frame = self.source.read()
        self.recorder.save(frame)
        return frame

    def _release(self) -> None:
        self.source.close()


def record_frames(parts: Parts, folder: Path, reader: Reader) -> FrameRecorder:
    """Give ``parts`` a camera feed like its own that also saves every frame it reads in ``folder``.

    Call it before the loop starts (the old feed, never started, is closed). ``reader``: the
    reader the feed uses (``firmware.app.make_reader``).
    """
    recorder = FrameRecorder(folder)
    old = parts.camera
    old.close()
    camera = parts.config.camera
    parts.camera = CameraFeed(
        recorder.opener(camera_opener(parts.config, parts.dice)),
        parts.events,
        reader,
        watchdog=parts.watchdog,
        fps=camera.fps,
        idle_fps=camera.idle_fps,
        stall_s=camera.stall_s,
        fast=old.fast,
    )
    return recorder


@dataclass(frozen=True, slots=True)
class Press:
    """One button press, and the name of the screen it was pressed on (``Seen``, ``Choose``...)."""

    screen: str
    value: str

    @property
    def button(self) -> ButtonEvent:
        return ButtonEvent(self.value)


@dataclass(slots=True)
class PressLog:
    """Wraps a loop's ``on_state`` (e.g. the autopilot): notes each press the loop handled, and where."""

    then: OnState
    presses: list[Press] = field(default_factory=list)
    _screen: str = ""

    def __call__(self, state: Appliance, event: Event | None) -> None:
        if isinstance(event, ButtonEvent):
            self.presses.append(Press(self._screen, event.value))
        self._screen = type(state.screen).__name__
        self.then(state, event)


def save_presses(folder: Path, presses: list[Press]) -> Path:
    path = folder / PRESSES
    path.write_text(json.dumps([[p.screen, p.value] for p in presses]) + "\n", encoding="utf-8")
    return path


def load_presses(folder: Path) -> list[Press]:
    """The presses of a recording; ``ValueError`` saying what is wrong with a bad file."""
    path = folder / PRESSES
    try:
        rows = json.loads(path.read_text(encoding="utf-8"))
        presses = [Press(str(screen), ButtonEvent(value).value) for screen, value in rows]
    except (OSError, ValueError, TypeError) as error:
        raise ValueError(f"{str(path)!r} is not a list of [screen, button] presses ({error})") from None
    return presses


@dataclass(slots=True)
class PressPlayer:
    """A loop's ``on_state`` that presses a recording's buttons again, one at a time.

    Like the autopilot it presses when its last press has been handled and the screen waits for
    one (not while the dice are rolled, not at the winner). A press is made only on the screen
    it was recorded on: elsewhere the replay has left the recording, and ``diverged`` says how.
    """

    events: queue.Queue[Any]
    presses: list[Press]
    played: int = 0
    pending: bool = False
    diverged: str | None = None

    def __call__(self, state: Appliance, event: Event | None) -> None:
        if isinstance(event, ButtonEvent):
            self.pending = False
        screen = state.screen
        if self.pending or self.diverged is not None or isinstance(screen, RollNow | Winner):
            return
        shown = type(screen).__name__
        if self.played == len(self.presses):
            self.diverged = f"all {self.played} presses made, and {shown} waits for another"
            return
        press = self.presses[self.played]
        if press.screen != shown:
            number = self.played + 1
            self.diverged = f"press {number} was {press.value} on {press.screen}, the replay shows {shown}"
            return
        self.played += 1
        self.pending = True
        self.events.put(press.button)
