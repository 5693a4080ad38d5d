"""Checking the camera on the box from the menu (firmware/machine/check.py), with no terminal.

The walk goes through the state machine: wrong presses, a press while the frames are measured, a
camera that dies mid-check, the menu opened mid-check, a check that fails, and leaving the check
back to the roll the game was waiting for. The camera thread measures real renderer frames with
``vision.camera_check``, and the real loop and parts check the stand-in camera.
"""

from __future__ import annotations

import doctest
import queue
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import box_driver
import numpy as np
import pytest
from box_driver import next_of

import firmware.machine.check
from firmware.app import begin, check_camera, open_parts, render_view, snapshot
from firmware.config import Camera, Config, Display, Game
from firmware.devices.camera import CameraError
from firmware.loop import CameraFeed, Loop
from firmware.machine.check import FRAMES
from firmware.machine.events import ButtonEvent
from firmware.machine.state import CheckCamera, Menu, RollNow, menu_items
from firmware.machine.step import (
    CameraBack,
    CameraChecked,
    CameraFailed,
    CheckFrames,
    ReadDice,
    start,
    step,
)
from firmware.screens.samples import sample_setup
from firmware.views import CheckView, MessageView, Snapshot, SnapshotView
from measure.synth import render
from vision.camera_check import CameraCheck

OK, PREV, NEXT, MENU = ButtonEvent.OK, ButtonEvent.PREV, ButtonEvent.NEXT, ButtonEvent.MENU
GOOD = CameraCheck(1280, 960, 4, 4, 118.0, 0.004, 0.002)
FAR = CameraCheck(1280, 960, 5, 3, 38.0, 0.012, 0.061)


class Box(box_driver.Box):
    """The state machine fed events (``box_driver.Box``), on the camera check's screen."""

    @property
    def check(self) -> CheckCamera:
        assert isinstance(self.state.screen, CheckCamera), self.state.screen
        return self.state.screen


def at_a_roll() -> Box:
    box = Box(*start(sample_setup(), lang="en", title="shut-the-box"))
    box(OK, OK, OK)  # Shut the Box, two players, the first seat starts
    assert isinstance(box.state.screen, RollNow)
    return box


def open_check(box: Box) -> None:
    box(MENU)
    items = menu_items(box.state)
    assert box.view.items[items.index("menu.check")] == "Check camera"
    box(*[NEXT] * items.index("menu.check"), OK)
    assert isinstance(box.view, MessageView) and box.view.title == "Camera check"


def test_the_check_shows_each_measure_and_what_to_change_first() -> None:
    box = at_a_roll()
    open_check(box)
    assert box(NEXT) == [] and box.view.hint == "OK check · ◀ back"
    assert box(OK) == [CheckFrames(FRAMES)]
    assert box.check.taking and box.view.hint == "Checking…"
    assert box(OK, NEXT) == []  # presses while the frames are measured do nothing
    box(CameraChecked(FAR, ("small", "bands")))
    view = box.view
    assert isinstance(view, CheckView) and not box.check.taking
    assert [good for _, _, good in view.rows] == [False, True, True, False]
    assert [figure for _, figure, _ in view.rows] == ["5 · 38 px", "0.0 %", "1.2 %", "6.1 %"]
    assert view.hint == "Lower the camera"  # the first fault; the camera's height comes first
    assert box(OK) == [CheckFrames(FRAMES)]  # the player lowered it: check again
    assert box.view.rows == view.rows and box.view.hint == "Checking…"  # the last result stays up
    box(CameraChecked(replace(GOOD, moving=True), ("moving",)))  # a hand passed: figures not to trust
    assert box.view.hint == "Something moved"
    box(OK, CameraChecked(GOOD, ()))
    assert [good for _, _, good in box.view.rows] == [True] * 4 and box.view.hint == "All good"
    assert box(NEXT) == [] and isinstance(box.view, CheckView)  # no picture came with this check
    box.state = step(box.state, PREV)[0]
    assert isinstance(box.state.screen, RollNow)


def test_next_shows_what_the_camera_saw_and_ok_checks_again_from_there() -> None:
    box = at_a_roll()
    open_check(box)
    box(NEXT)  # nothing measured yet: nothing to show
    assert isinstance(box.view, MessageView)
    box(OK)
    shot = Snapshot(4, 3, bytes(range(12)), ((1, 1, 2, 1),))
    box(CameraChecked(FAR, ("small", "bands"), snapshot=shot))
    box(NEXT)
    assert isinstance(box.view, SnapshotView) and box.view.snapshot == shot
    assert box.view.lines == ("5 dice", "OK ↻")
    assert box(OK) == [CheckFrames(FRAMES)] and box.view.lines[1] == "…"  # the picture stays up
    assert box(NEXT) == [] and isinstance(box.view, SnapshotView)  # ignored while measuring
    box(CameraChecked(GOOD, (), snapshot=replace(shot, boxes=())))
    assert isinstance(box.view, SnapshotView) and box.view.snapshot.boxes == ()
    box(NEXT)
    assert isinstance(box.view, CheckView) and box.view.hint == "All good"


def test_the_snapshot_is_the_frame_made_small_with_its_dice() -> None:
    frame = np.zeros((960, 1280, 3), np.uint8)
    frame[480:, :640] = 200
    shot = snapshot(frame, ((640, 480, 150, 75),))
    assert (shot.width, shot.height, len(shot.pixels)) == (85, 64, 85 * 64)
    assert shot.boxes == ((43, 32, 10, 5),)
    assert shot.pixels[63 * 85] == 200 and shot.pixels[84] == 0  # bottom left light, top right dark


def test_leaving_the_check_asks_for_the_roll_again() -> None:
    box = at_a_roll()
    open_check(box)
    assert box(OK) == [CheckFrames(FRAMES)]
    box(CameraChecked(GOOD, ()))
    effects = box(PREV)  # the reading asked before the menu opened may have been used up meanwhile
    assert isinstance(box.state.screen, RollNow) and any(isinstance(e, ReadDice) for e in effects)


def test_a_dead_camera_a_failed_check_and_the_menu_mid_check() -> None:
    box = at_a_roll()
    open_check(box)
    box(OK)
    box(CameraFailed("unplugged"))
    assert box.check.problem == "camera.lost" and not box.check.taking
    assert box.view.body == "Camera lost" and box.view.hint == "Retrying…"
    assert box(OK) == []  # nothing to check with
    box(CameraChecked(GOOD, ()))  # frames asked before it failed: not waited for
    assert box.check.result is None
    box(CameraBack())
    assert box.check.problem is None and box(OK) == [CheckFrames(FRAMES)]
    box(CameraChecked(None, error="the reader's network is missing"))
    assert box.check.problem == "check.failed" and box.view.body == "Check failed"
    assert box(OK) == [CheckFrames(FRAMES)]
    box(MENU)
    assert isinstance(box.state.screen, Menu)
    box(CameraChecked(GOOD, ()))  # measured while the menu is up: the check under it is not taking
    box(MENU)  # back to the check
    assert not box.check.taking and box(OK) == [CheckFrames(FRAMES)]
    box(MENU, *[NEXT] * menu_items(box.state).index("menu.check"), OK)  # checking again from the menu
    assert isinstance(box.check.back, RollNow) and box.check.result is None


def tray_frames(count: int, bands: float = 0.0) -> list[Any]:
    """``count`` frames of one still renderer tray of pip dice with sensor noise (``bands``: a lamp's
    flicker, as deep, in another place in each frame)."""
    frame = render(3, "default", "pips", size=(1280, 960))[0].astype(np.float32) * 0.85
    rng = np.random.default_rng(1)
    rows = np.arange(960, dtype=np.float32)[:, None, None]
    out = []
    for _ in range(count):
        light = frame + rng.normal(0, 3, frame.shape).astype(np.float32)
        light *= 1 + bands * np.sin(2 * np.pi * rows / 560 + rng.uniform(0, 2 * np.pi))
        out.append(np.clip(light, 0, 255).astype(np.uint8))
    return out


class Tray:
    """A frame source of the given frames, round and round; fails while ``fail[0]``."""

    def __init__(self, frames: list[Any], fail: list[bool]) -> None:
        self.frames, self.fail, self.reads = frames, fail, 0

    def read(self) -> Any:
        if self.fail[0]:
            raise CameraError("test tray", "unplugged", "plug it in")
        self.reads += 1
        return self.frames[(self.reads - 1) % len(self.frames)]

    def close(self) -> None: ...


def test_the_camera_thread_measures_the_frames_asked_and_drops_them_when_it_fails() -> None:
    events: queue.Queue[Any] = queue.Queue()
    fail = [False]
    tray = Tray(tray_frames(4, bands=0.08), fail)
    feed = CameraFeed(lambda: tray, events, lambda f, a: None, fps=50.0,  # type: ignore[arg-type,return-value]
                      checker=check_camera, backoff=(0.05, 0.05))  # fmt: skip
    feed.start()
    try:
        feed.check(CheckFrames(4))
        checked = next_of(events, CameraChecked)
        assert checked.check is not None and checked.check.dice >= 1
        assert checked.faults == ("bands",) and 0.04 < checked.check.band_depth < 0.12
        fail[0] = True
        feed.check(CheckFrames(4))
        next_of(events, CameraFailed)
        fail[0] = False
        next_of(events, CameraBack)  # the thread reads on at 50 frames a second
        time.sleep(0.5)
        assert not any(isinstance(e, CameraChecked) for e in list(events.queue))  # asked before: dropped
    finally:
        feed.close()


def test_a_checker_that_fails_gives_a_failed_check_and_the_camera_goes_on() -> None:
    def broken(frames: list[Any]) -> CameraChecked:
        raise ValueError("no network file")

    events: queue.Queue[Any] = queue.Queue()
    tray = Tray(tray_frames(2), [False])
    feed = CameraFeed(lambda: tray, events, lambda f, a: None, fast=True, checker=broken)  # type: ignore[arg-type,return-value]
    feed.start()
    try:
        feed.check(CheckFrames(2))
        checked = next_of(events, CameraChecked)
        assert checked.check is None and "no network file" in checked.error
        feed.check(CheckFrames(2))
        assert next_of(events, CameraChecked).check is None  # asked again: the thread still runs
    finally:
        feed.close()


def test_the_whole_box_checks_its_stand_in_camera(tmp_path: Path) -> None:
    camera = Camera(source="synthetic", width=1280, height=960)
    config = Config(display=Display(driver="terminal"), camera=camera, game=Game(default="shut-the-box"),
                    language="en", state_dir=tmp_path / "state")  # fmt: skip
    with open_parts(config, stream=None, scripted=True, fast_camera=True, environ={}) as parts:
        beginning = begin(parts)
        loop = Loop(beginning.state, beginning.effects, events=parts.events, screen=parts.display,
                    render=render_view, keeper=beginning.keeper, camera=parts.camera,
                    notifier=parts.notifier, watchdog=parts.watchdog, taught=parts.taught)  # fmt: skip
        loop.carry_out(beginning.effects)
        assert parts.dice is not None
        parts.dice.roll(4, colours=False, key="check")  # the player puts four dice in the tray
        parts.camera.start()
        for press in (MENU, *[NEXT] * menu_items(loop.state).index("menu.check"), OK, OK):
            loop.handle(press)
        loop.handle(next_of(parts.events, CameraChecked, timeout=60.0))
        screen = loop.state.screen
        assert isinstance(screen, CheckCamera) and screen.result is not None and screen.result.check
        assert screen.result.check.dice >= 1 and screen.result.check.width == 1280
        assert isinstance(loop.state.shown, CheckView)
        shot = screen.result.snapshot
        assert shot is not None and (shot.width, shot.height) == (85, 64)
        assert len(shot.boxes) == len(screen.result.check.found) == screen.result.check.dice
        loop.handle(NEXT)
        assert isinstance(loop.state.shown, SnapshotView)


@pytest.mark.parametrize("module", [firmware.machine.check])
def test_module_examples(module: Any) -> None:
    assert doctest.testmod(module).failed == 0
