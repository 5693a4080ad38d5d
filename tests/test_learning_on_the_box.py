"""The box learns the players' pip dice (firmware/learning.py): confirmed dice kept as crops in the state
folder, bounded and written whole, adapted under the guard, forgotten from the menu; a bad profile said
and not used; the whole box with a stand-in camera keeping what the players confirm."""

from __future__ import annotations

import logging
import os
import queue
from dataclasses import replace
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest
from box_driver import next_of

from firmware.app import Beginning, loop_of, make_reader, open_parts
from firmware.config import Camera, Config, Display, Game, Learn
from firmware.learning import FOLDER, PROFILE_NAME, KeptDice, Learner
from firmware.loop import Keeper, Loop
from firmware.machine.effects import ForgetDice, KeepDice, SetLearning
from firmware.machine.events import ButtonEvent, DiceKept, DiceRead
from firmware.machine.state import Correct, Menu, Notice, Seen, menu_items
from firmware.machine.step import start, step
from firmware.screens.samples import sample_setup
from measure.labels import load_set
from measure.scoring import match
from rules.match import Match
from vision.networks import SHIPPED

OK, PREV, NEXT, MENU = ButtonEvent.OK, ButtonEvent.PREV, ButtonEvent.NEXT, ButtonEvent.MENU
DICE = Path(__file__).parent / "data" / "dice"


def crop(value: int) -> np.ndarray:
    return np.full((96, 96, 3), value, np.uint8)


def test_examples_are_bounded_the_oldest_dropped_first(tmp_path: Path) -> None:
    kept = KeptDice(tmp_path / FOLDER, limit=3)
    assert kept.add([crop(1), crop(2)], [1, 2]) == 2
    assert kept.add([crop(3), crop(4)], [3, 4]) == 3
    assert [face for _, face in kept.load()] == [2, 3, 4]
    assert [int(c[0, 0, 0]) for c, _ in kept.load()] == [2, 3, 4]  # crops, not frames: 96x96 each
    assert all(c.shape == (96, 96, 3) for c, _ in kept.load())


def test_a_power_cut_between_write_and_rename_loses_only_that_example(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    kept = KeptDice(tmp_path / FOLDER, limit=10)
    kept.add([crop(1)], [1])

    def cut(*_: Any) -> None:
        raise OSError("power cut")

    monkeypatch.setattr(os, "replace", cut)
    with pytest.raises(OSError):
        kept.add([crop(2)], [2])
    monkeypatch.undo()
    assert any(p.name.endswith(".partial") for p in (tmp_path / FOLDER).iterdir())
    after = KeptDice(tmp_path / FOLDER, limit=10)  # the box after the restart
    assert after.count() == 1 and [f for _, f in after.load()] == [1]
    assert after.add([crop(3)], [3]) == 2
    after.forget()
    assert after.count() == 0 and not list((tmp_path / FOLDER).iterdir())


def photo_examples() -> tuple[np.ndarray, list[int], Any]:
    """A labelled photo, its faces as the players would confirm them, and the reading."""
    from vision.reader import read_dice

    labelled = load_set(DICE)
    name = labelled.images[0]
    frame = np.asarray(cv2.imread(str(labelled.path(name)), cv2.IMREAD_COLOR), np.uint8)
    reading = read_dice(frame)
    labels = labelled.labels[name]
    pairs = dict((j, i) for i, j in match(labels, list(reading.dice), reading.width, reading.height))
    faces = [int(labels[pairs[j]].value) if j in pairs else 1 for j in range(len(reading.dice))]
    return frame, faces, reading


def test_confirmed_dice_are_kept_only_when_they_match_the_reading(tmp_path: Path) -> None:
    frame, faces, reading = photo_examples()
    learner = Learner(tmp_path, SHIPPED, every=1000)
    learner.saw(frame, reading)
    assert learner.confirmed(faces[:-1]) is None  # one die fewer than read: which is which?
    assert learner.confirmed(faces) is None  # the crops were taken by the last confirmation
    learner.saw(frame, reading)
    assert learner.confirmed(faces) == len(faces) == learner.kept.count()
    learner.enabled = False
    learner.saw(frame, reading)
    assert learner.confirmed(faces) is None and learner.kept.count() == len(faces)


def test_the_box_adapts_and_reads_with_what_it_learnt_after_a_restart(tmp_path: Path) -> None:
    frame, faces, reading = photo_examples()
    learner = Learner(tmp_path, SHIPPED, every=1000)
    for _ in range(3):
        learner.saw(frame, reading)
        learner.confirmed(faces)
    made = learner.adapt_now()
    assert made is not None and learner.profile == made and (tmp_path / PROFILE_NAME).is_file()
    again = Learner(tmp_path, SHIPPED)
    assert again.profile == made and again.notice is None
    read = make_reader(None, vision=True, learner=again)
    from firmware.machine.effects import ReadDice

    assert read(
        frame, ReadDice(count=len(faces), colours=False, table=len(faces))
    ).dice  # read with the profile, crops held
    assert again.confirmed(faces) == 3 * len(faces) + len(faces)


def test_the_guard_refuses_dice_confirmed_wrongly_and_the_log_says_so(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("vision.learnt.PULLS", (1.0,))
    frame, faces, reading = photo_examples()
    learner = Learner(tmp_path, SHIPPED, every=1000, lang="pl")
    for turn in range(4):
        learner.saw(frame, reading)
        # three games confirmed each die one pip higher than it shows, one game right: held back,
        # the right ones would be read wrong
        learner.confirmed([f % 6 + 1 for f in faces] if turn else faces)
    with caplog.at_level(logging.INFO, logger="firmware.learning"):
        assert learner.adapt_now() is None
    assert learner.profile is None and not (tmp_path / PROFILE_NAME).exists()
    assert "Nie dopasowałam czytników" in caplog.text and "wbudowanymi czytnikami" in caplog.text


def test_a_damaged_or_foreign_profile_is_said_and_not_used(tmp_path: Path) -> None:
    (tmp_path / PROFILE_NAME).write_text("{not json", encoding="utf-8")
    learner = Learner(tmp_path, SHIPPED)
    assert learner.profile is None and learner.notice is not None
    assert "cannot be used" in learner.notice.said("en") and "nie da się użyć" in learner.notice.said("pl")
    from vision.learnt import Head, Learnt

    other = Learnt(Head.identity(), Head.identity(), (("face_net.onnx", "0" * 64),), 8)
    (tmp_path / PROFILE_NAME).write_text(other.to_json(), encoding="utf-8")
    learner = Learner(tmp_path, SHIPPED)
    assert learner.profile is None and "other networks" in learner.notice.said("en")  # type: ignore[union-attr]


def test_the_menu_switches_learning_and_forgets() -> None:
    state, _ = start(sample_setup(), lang="en")
    state = replace(state, learnt=12)
    state, _ = step(state, MENU)
    assert isinstance(state.screen, Menu)
    at = menu_items(state).index("menu.learn")
    for _ in range(at):
        state, _ = step(state, NEXT)
    assert "Learn my dice: on" in state.shown.items  # type: ignore[union-attr]
    assert "Forget 12 dice" in state.shown.items  # type: ignore[union-attr]
    state, effects = step(state, OK)
    assert not state.learning and SetLearning(False) in effects
    assert "Learn my dice: off" in state.shown.items  # type: ignore[union-attr]
    state, _ = step(state, NEXT)
    state, effects = step(state, OK)
    assert ForgetDice() in effects and state.learnt == 0
    assert isinstance(state.screen, Notice) and state.screen.key == "learn.forgotten"
    state, _ = step(state, DiceKept(5))
    assert state.learnt == 5


def test_confirmed_pips_ask_to_be_kept_only_while_learning() -> None:
    setup = sample_setup()
    game = Match.start(setup.book("shut-the-box"), ["Ala", "Olek"])
    state, _ = start(setup, lang="en", match=game)
    from vision.reading import Die, Reading

    read = DiceRead(
        Reading((Die(3, 0.9, "ok", (10, 10, 40, 40)), Die(4, 0.9, "ok", (90, 10, 40, 40))), 640, 480)
    )
    seen, _ = step(state, read)
    assert isinstance(seen.screen, Seen)
    _, effects = step(seen, OK)
    assert KeepDice((3, 4)) in effects
    off = replace(seen, learning=False)
    _, effects = step(off, OK)
    assert not any(isinstance(e, KeepDice) for e in effects)


def test_the_whole_box_keeps_what_the_players_confirm_and_forgets_it(tmp_path: Path) -> None:
    config = Config(
        display=Display(driver="terminal"),
        camera=Camera(source="synthetic", width=640, height=480),
        game=Game(default="shut-the-box", players=2),
        language="en",
        state_dir=tmp_path / "state",
        learn=Learn(keep=50, every=50),
    )
    with open_parts(
        config, stream=None, scripted=True, fast_camera=True, vision_reader=True, environ={}
    ) as parts:
        assert parts.learner is not None and parts.dice is not None
        game = Match.start(parts.setup.book("shut-the-box"), ["Ala", "Olek"])
        state, effects = start(parts.setup, lang="en", match=game)
        loop = loop_of(parts, Beginning(state, effects, Keeper(parts.store, language="en"), False, 0))
        loop.carry_out(effects)
        parts.camera.start()
        shown = parts.dice.roll(2, colours=False, key="learn", faces=[2, 5])
        loop.handle(next_of(parts.events, DiceRead))
        screen = loop.state.screen
        if isinstance(screen, Correct):  # the reader asked: the player sets each die with the buttons
            for index, face in enumerate(shown):
                while loop.state.screen.faces[index] != face:  # type: ignore[union-attr]
                    loop.handle(NEXT)
                loop.handle(OK)
        else:
            assert isinstance(screen, Seen)
            loop.handle(OK)
        assert loop.state.learnt == 0
        loop.handle(next_of(parts.events, DiceKept))
        assert loop.state.learnt == 2 == parts.learner.kept.count()
        files = sorted((config.state_dir / FOLDER).iterdir())
        assert [f.name[-5] for f in files] == ["2", "5"]
        assert all(np.asarray(cv2.imread(str(f))).shape == (96, 96, 3) for f in files)  # crops, not frames
        loop.carry_out([ForgetDice()])
        loop.handle(next_of(parts.events, DiceKept))
        assert loop.state.learnt == 0 and not any((config.state_dir / FOLDER).iterdir())


def test_a_loop_without_a_learner_ignores_the_effects() -> None:
    events: queue.Queue[Any] = queue.Queue()
    state, first = start(sample_setup(), lang="en")

    class Nothing:
        def __getattr__(self, name: str) -> Any:
            return lambda *a, **k: None

    loop = Loop(
        state, first, events=events, screen=Nothing(), render=Nothing(), keeper=Nothing(),  # type: ignore[arg-type]
        camera=Nothing(), notifier=Nothing(), watchdog=Nothing(),  # type: ignore[arg-type]
    )  # fmt: skip
    loop.carry_out([KeepDice((1, 2)), SetLearning(False), ForgetDice()])
    assert events.empty()


def test_adapting_waits_for_an_idle_tray_after_every_n_new_dice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import threading

    idle, adapted = threading.Event(), threading.Event()
    learner = Learner(tmp_path, SHIPPED, every=4, is_idle=idle.is_set)
    monkeypatch.setattr(learner, "adapt_now", adapted.set)
    for _ in range(3):
        learner._seen = [crop(1)]  # the crop of one die read (``saw``)
        learner.confirmed([1])
    assert learner._thread is None  # three new dice: not yet
    learner._seen = [crop(1)]
    learner.confirmed([1])
    assert learner._thread is not None and not adapted.wait(0.8)  # the tray is not idle
    idle.set()
    assert adapted.wait(5.0)


def test_the_settings_bound_what_is_kept() -> None:
    from firmware.config import ConfigError, config_from_toml

    assert config_from_toml("[learn]\nkeep = 200\nevery = 10").learn == Learn(200, 10)
    for bad in (
        "keep = 10",
        "keep = 9000",
        "every = 0",
        "keep = 100\nevery = 101",
        'keep = "many"',
        "often = 1",
    ):
        with pytest.raises(ConfigError):
            config_from_toml(f"[learn]\n{bad}")
