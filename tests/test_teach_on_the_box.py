"""Teaching the colours on the box, guided on the OLED (firmware/machine/teach.py), with no keyboard.

The whole walk goes through the state machine with synthetic frames (measure.synth renders colour
dice with their truth; vision.colours.reader finds their features): wrong presses, a face with no die
seen, a camera that dies mid-teach, the menu opened mid-teach. The profile is then kept in the state
directory and the appliance's colour reader reads with it, also after a restart. The camera thread
takes the frames asked for, and the real loop and parts play the whole teach with stand-in dice.
"""

from __future__ import annotations

import doctest
import queue
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from box_driver import Box, next_of

import firmware.machine.teach
import firmware.taught
from firmware.app import begin, loop_of, make_reader, open_parts, render_view
from firmware.config import Camera, Config, Display, Game
from firmware.games.stonoga.colours import COLOURS
from firmware.loop import CameraFeed, Loop
from firmware.machine.events import ButtonEvent
from firmware.machine.state import Appliance, GameMenu, Menu, Notice, RollNow, Teach, menu_items
from firmware.machine.step import (
    CameraBack,
    CameraFailed,
    ColoursNotKept,
    Effect,
    FacesSeen,
    KeepColours,
    ReadDice,
    ReopenCamera,
    Setup,
    TakeFrames,
    Tick,
    start,
    step,
)
from firmware.screens.samples import sample_setup
from firmware.taught import PROFILE_NAME, TaughtColours
from firmware.views import MessageView, TeachView
from measure.synth import render, sample_kit
from vision.colours.reader import face_features, read_colours

OK, PREV, NEXT, MENU = ButtonEvent.OK, ButtonEvent.PREV, ButtonEvent.NEXT, ButtonEvent.MENU
SIZE = (640, 480)


class Table:
    """The player's own dice (one kit under one light) and the frames the camera takes of them."""

    def __init__(self, seed: int = 11) -> None:
        self.rng = np.random.default_rng(seed)
        self.kit = sample_kit(self.rng, 1.5, (0.0, 0.5))

    def frame(self, faces: list[str]) -> Any:
        frame, _ = render(int(self.rng.integers(1 << 30)), "easy", "colours", faces=faces, kit=self.kit,
                          size=SIZE)  # fmt: skip
        return frame

    def features(self, face: str) -> tuple[tuple[float, ...], ...]:
        """What the camera thread sends for one frame of three dice showing ``face``."""
        return tuple(face_features(self.frame([face] * 3)))


def at_a_stonoga_roll(setup: Setup) -> Box:
    box = Box(*start(setup, lang="en", title="stonoga"))
    box(OK, OK, OK)  # Nogi Stonogi, two players, the first seat starts
    assert isinstance(box.state.screen, RollNow)
    return box


def open_teach(box: Box) -> None:
    box(MENU)
    assert isinstance(box.state.screen, Menu)
    items = menu_items(box.state)
    assert box.view.items[items.index("menu.teach")] == "Teach colours"
    box(*[NEXT] * items.index("menu.teach"), OK)
    assert box.teach.index == 0 and isinstance(box.view, TeachView)


def teach_face(box: Box, table: Table, shown: str | None = None) -> list[Effect]:
    """OK, then the frames of the dice showing ``shown`` (the face asked, unless told otherwise)."""
    face = COLOURS[box.teach.index]
    assert box(OK) == [TakeFrames(face, 3 - box.teach.taken)]
    effects: list[Effect] = []
    for _ in range(3 - box.teach.taken):
        effects = box(FacesSeen(face, table.features(shown or face)))
    return effects


def test_the_guided_teach_survives_wrong_presses_no_dice_and_a_dead_camera(tmp_path: Path) -> None:
    setup, table = sample_setup(), Table()
    box = at_a_stonoga_roll(setup)
    game = box.state.match
    open_teach(box)
    first = box.view
    assert (first.title, first.show, first.name, first.taken) == ("Colours 1/6", "Show:", "yellow", 0)
    assert box(PREV, NEXT) == [] and box.view == first  # nothing to go back to, NEXT does nothing

    assert box(OK) == [TakeFrames("yellow", 3)]
    assert box(OK, PREV, NEXT) == [] and box.teach.taking  # presses while the frames come: ignored
    assert box.view.hint == "Taking photos…"
    box(FacesSeen("yellow", table.features("yellow")))
    assert box.view.taken == 1
    box(*[FacesSeen("yellow", table.features("yellow"))] * 2)
    assert box.teach.index == 1 and box.view.title == "Colours 2/6" and box.view.name == "red"

    box(PREV)  # the player goes back: yellow is asked again and its frames are forgotten
    assert box.teach.index == 0 and box.teach.taught == ()
    teach_face(box, table)
    teach_face(box, table)  # red
    assert box.teach.index == 2

    assert box(OK) == [TakeFrames("green", 3)]  # the tray is empty: nothing to teach
    box(*[FacesSeen("green", ())] * 3)
    assert box.teach.index == 2 and box.view.title == "No die seen" and not box.teach.taking
    teach_face(box, table)
    assert box.teach.index == 3

    assert box(OK) == [TakeFrames("blue", 3)]
    box(FacesSeen("blue", table.features("blue")))
    box(CameraFailed("unplugged"))  # the camera dies after one frame of blue
    assert (box.view.title, box.view.hint, box.view.taken) == ("Camera lost", "Retrying…", 1)
    assert box(FacesSeen("blue", table.features("blue"))) == []  # a frame in flight: not counted
    assert box(OK) == [] and box.view.taken == 1  # no frames while it is down
    assert ReopenCamera() in box(Tick(setup.camera_retry_s))
    box(CameraBack())
    assert box.view.title == "Colours 4/6" and box.view.taken == 1  # nothing lost
    assert box(OK) == [TakeFrames("blue", 2)]  # only the frames still missing
    box(*[FacesSeen("blue", table.features("blue"))] * 2)
    assert box.teach.index == 4

    assert box(OK) == [TakeFrames("black", 3)]
    box(FacesSeen("black", table.features("black")))
    box(MENU)  # the menu mid-teach, then back to the same face
    assert isinstance(box.state.screen, Menu)
    box(OK)  # "Back"
    assert box.teach.index == 4 and box.teach.taken == 1 and not box.teach.taking
    assert box(OK) == [TakeFrames("black", 2)]
    box(*[FacesSeen("black", table.features("black"))] * 2)

    effects = teach_face(box, table)  # the star, the last face
    assert len(effects) == 1 and isinstance(effects[0], KeepColours)
    taught = effects[0].taught
    assert [face for face, _ in taught] == list(COLOURS) and all(features for _, features in taught)
    assert isinstance(box.state.screen, Notice) and box.view == MessageView("Colours learnt")
    assert box(Tick(setup.notice_s)) == [ReadDice(4, True, 4)]  # back to the roll, asked again
    assert isinstance(box.state.screen, RollNow) and box.state.match == game  # the game is untouched

    TaughtColours(tmp_path).keep(taught)  # what the loop does with KeepColours
    again = TaughtColours(tmp_path)  # after a restart
    assert again.profile is not None and again.profile.names == tuple(sorted(COLOURS))
    read = make_reader(None, vision=True, taught=again)
    frame = table.frame(["red", "star", "blue"])
    reading = read(frame, ReadDice(3, True, 3))
    assert reading == read_colours(frame, again.profile)  # the reader is given the taught profile
    named = [die.face for die in reading.dice if die.face is not None]
    assert named and set(named) <= {"red", "star", "blue"}  # (how well it reads is vision's business)


def test_the_colour_reader_reads_with_what_was_taught_on_the_box(tmp_path: Path) -> None:
    """A kit whose red and yellow were shown the other way round: the taught names win."""
    table = Table(seed=5)
    box = at_a_stonoga_roll(sample_setup())
    open_teach(box)
    swapped = {"yellow": "red", "red": "yellow"}
    effects: list[Effect] = []
    for face in COLOURS:
        effects = teach_face(box, table, swapped.get(face, face))
    keep = effects[-1]
    assert isinstance(keep, KeepColours)
    TaughtColours(tmp_path).keep(keep.taught)
    frame = table.frame(["red", "red", "red"])
    built_in = make_reader(None, vision=True, taught=TaughtColours(tmp_path / "none"))
    taught = make_reader(None, vision=True, taught=TaughtColours(tmp_path))
    assert [die.face for die in built_in(frame, ReadDice(3, True, 3)).dice] == ["red"] * 3
    # named as taught; not "ok", since the built-in rules, asked too, are sure it is red
    assert [die.face for die in taught(frame, ReadDice(3, True, 3)).dice] == ["yellow"] * 3


def test_teaching_from_the_game_menu_and_a_profile_that_cannot_be_written() -> None:
    box = Box(*start(sample_setup(), lang="pl"))
    box(MENU, *[NEXT] * menu_items(box.state).index("menu.teach"), OK)
    assert box.view.title == "Kolory 1/6" and box.view.name == "żółtą"
    box(MENU, *[NEXT] * menu_items(box.state).index("menu.teach"), OK)  # teaching again: afresh
    assert isinstance(box.teach.back, GameMenu) and box.teach.index == 0  # not teaching over teaching
    box(ColoursNotKept("read-only"))
    assert box.view == MessageView("Nie zapisano kolorów")


def test_a_damaged_profile_falls_back_to_the_built_in_colours_with_a_notice(tmp_path: Path) -> None:
    (tmp_path / PROFILE_NAME).write_text("{not json", encoding="utf-8")
    kept = TaughtColours(tmp_path)
    assert kept.profile is None and kept.notice is not None and "taught again" in kept.notice.said("en")


# --- the camera thread and the whole loop ------------------------------------------------------------


class Tray:
    """A frame source over the table: shows ``faces`` (changed by the test), fails when told."""

    def __init__(self, table: Table, fail: list[bool]) -> None:
        self.table, self.fail = table, fail
        self.faces = ["yellow"] * 3

    def read(self) -> Any:
        from firmware.devices.camera import CameraError

        if self.fail[0]:
            raise CameraError("test tray", "unplugged", "plug it in")
        return self.table.frame(self.faces)

    def close(self) -> None: ...


def test_the_camera_thread_takes_the_frames_asked_and_drops_them_when_it_fails() -> None:
    events: queue.Queue[Any] = queue.Queue()
    fail = [False]
    tray = Tray(Table(), fail)
    feed = CameraFeed(
        lambda: tray,
        events,
        lambda f, a: None,
        fast=True,  # type: ignore[arg-type,return-value]
        teacher=lambda frame, mode: tuple(face_features(frame)),
        backoff=(0.05, 0.05),
    )
    feed.start()
    try:
        feed.take(TakeFrames("yellow", 3))
        seen = [next_of(events, FacesSeen) for _ in range(3)]
        assert [s.face for s in seen] == ["yellow"] * 3 and all(s.features for s in seen)
        time.sleep(0.2)
        assert not any(isinstance(e, FacesSeen) for e in list(events.queue))  # three, not more
        fail[0] = True
        feed.take(TakeFrames("red", 3))
        next_of(events, CameraFailed)
        fail[0] = False
        feed.take(TakeFrames("red", 1))  # the player, asked again, presses OK once the camera is back
        next_of(events, CameraBack)
        assert next_of(events, FacesSeen).face == "red"
        time.sleep(0.2)
        assert not any(isinstance(e, FacesSeen) for e in list(events.queue))  # the 3 asked before: dropped
    finally:
        feed.close()


def test_the_whole_box_teaches_with_stand_in_dice_and_keeps_the_profile_across_a_restart(
    tmp_path: Path,
) -> None:
    camera = Camera(source="synthetic", width=640, height=480)
    game = Game(default="stonoga", players=2)
    config = Config(
        display=Display(driver="terminal"),
        camera=camera,
        game=game,
        language="en",
        state_dir=tmp_path / "state",
    )
    with open_parts(config, stream=None, scripted=True, fast_camera=True, environ={}) as parts:
        assert parts.taught is not None and parts.taught.profile is None and parts.dice is not None
        beginning = begin(parts)
        loop = loop_of(
            parts,
            beginning,
            taught=parts.taught,
        )
        loop.carry_out(beginning.effects)
        parts.camera.start()
        for press in (MENU, *[NEXT] * menu_items(loop.state).index("menu.teach"), OK):
            loop.handle(press)
        for face in COLOURS:
            parts.dice.roll(3, colours=True, key=face, faces=[face] * 3)  # the player lays them out
            loop.handle(OK)
            for _ in range(3):
                loop.handle(next_of(parts.events, FacesSeen))
        assert isinstance(loop.state.screen, Notice) and loop.state.screen.key == "teach.done"
        assert parts.taught.profile is not None
    with open_parts(config, stream=None, scripted=True, fast_camera=True, environ={}) as parts:
        assert parts.taught is not None and parts.taught.profile is not None
        assert parts.taught.profile.names == tuple(sorted(COLOURS))
        assert (config.state_dir / PROFILE_NAME).is_file()


def test_a_loop_that_cannot_keep_the_colours_tells_the_machine(tmp_path: Path) -> None:
    class Camera:
        def take(self, ask: TakeFrames) -> None: ...

    events: queue.Queue[Any] = queue.Queue()
    state, first = start(sample_setup(), lang="en")
    loop = Loop(
        state,
        first,
        events=events,
        screen=None,
        render=render_view,
        keeper=None,  # type: ignore[arg-type]
        camera=Camera(),
        notifier=None,
        watchdog=None,
        taught=None,
    )  # type: ignore[arg-type]
    loop.carry_out([KeepColours((("red", ((1.0,),)),))])
    assert isinstance(events.get_nowait(), ColoursNotKept)
    blocked = tmp_path / "file"
    blocked.write_text("")
    loop.taught = replace_taught(blocked)
    loop.carry_out([KeepColours((("red", ((1.0,),)),))])
    assert isinstance(events.get_nowait(), ColoursNotKept)


def replace_taught(where: Path) -> TaughtColours:
    """A keeper whose state directory is a file: writing the profile fails."""
    kept = TaughtColours(where.parent)
    kept.path = where / PROFILE_NAME
    return kept


@pytest.mark.parametrize("module", [firmware.machine.teach, firmware.taught])
def test_module_examples(module: Any) -> None:
    assert doctest.testmod(module).failed == 0


def test_every_teaching_screen_speaks_both_languages() -> None:
    for lang, words in (("pl", "Pokaż:"), ("en", "Show:")):
        state = Appliance(sample_setup(), Teach(RollNow()), lang)
        for index in range(len(COLOURS)):
            view = step(replace(state, screen=Teach(RollNow(), index)), Tick(0.0))[0].shown
            assert isinstance(view, TeachView) and view.show == words and view.face == COLOURS[index]
