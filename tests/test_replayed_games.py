"""Whole games of each title through the state machine with replayed frames.

Each title is played once on stand-ins (synthetic camera, seeded dice, the autopilot pressing the
buttons, the vision readers reading the frames) while every frame the camera thread reads and
every press are recorded (``firmware.standins.recording``). Then the game is played again from the folder
through the real replay source (``camera.source`` = the folder, opened by ``open_source``), with
settle detection, the same readers and the recorded presses: it must make the same moves and end
the same way. A recording with two rolls' frames swapped must not.

Lezard Domino's rolls are card draws: the stand-in lays the card drawn in the tray, the camera
films it and the card reader (``read_dice`` in cards mode) reads it; a card it cannot read at this
small size is picked from the list, as a player would. A recording with a press dropped before a
choice must not replay the game either.
"""

from __future__ import annotations

import json
import os
import shutil
import threading
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from firmware.app import Beginning, Parts, begin, loop_of, make_reader, open_parts
from firmware.cli import main
from firmware.config import Camera, Config, Display, Game
from firmware.machine.events import ButtonEvent
from firmware.machine.state import Appliance, Winner
from firmware.machine.step import Event, ReadDice
from firmware.standins.autopilot import Autopilot
from firmware.standins.recording import (
    Press,
    PressLog,
    PressPlayer,
    load_presses,
    record_frames,
    save_presses,
)
from vision.reading import Face

GAMES = ("shut-the-box", "stonoga", "lezard")
SEED = 5
SIZE = (320, 240)
"""Small frames keep the file fast; the readers and settle detection work at this size too."""
GUARD_S = 40.0
"""A loop that has not reached the winner by then is stopped (a bug must not hang the tests)."""


@dataclass(frozen=True, slots=True)
class Played:
    """What a game came to: its moves, its outcome, how many frames the camera read, and how."""

    moves: tuple[str, ...]
    outcome: tuple[tuple[int, ...], tuple[Any, ...], str]
    frames: int
    readings: int
    ended: bool


@dataclass(frozen=True, slots=True)
class Roll:
    """One roll of the recording: its frames are ``first`` up to the next roll's, and its faces."""

    first: int
    faces: tuple[Face, ...]


@dataclass(frozen=True, slots=True)
class Recording:
    game: str
    folder: Path
    played: Played
    rolls: tuple[Roll, ...]
    presses: tuple[Press, ...]


def config(game: str, source: str, state_dir: Path) -> Config:
    return Config(
        display=Display(driver="terminal"),
        camera=Camera(source=source, width=SIZE[0], height=SIZE[1]),
        game=Game(default=game, players=2),
        language="en",
        state_dir=state_dir,
    )


def play(
    parts: Parts,
    start: Beginning,
    on_state: Callable[[Appliance, Event | None], None],
    *,
    on_read_dice: Callable[[ReadDice, int], None] | None = None,
    give_up: Callable[[], bool] = lambda: False,
) -> Played:
    """Run the loop until the winner (or ``give_up``, or ``GUARD_S``); what the game came to."""
    loop = loop_of(
        parts,
        start,
        on_read_dice=on_read_dice,
        on_state=on_state,
        until=lambda state: isinstance(state.screen, Winner) or give_up(),
    )
    guard = threading.Timer(GUARD_S, loop.stop)
    guard.start()
    try:
        loop.run()
    finally:
        guard.cancel()
    match = loop.state.match
    assert match is not None, "a game was started"
    ended = isinstance(loop.state.screen, Winner)
    outcome = match.book.outcome(match.state) if ended else None
    summary = (tuple(outcome.winners), tuple(outcome.scores), outcome.reason) if outcome else ((), (), "")
    return Played(match.moves, summary, parts.camera.frames, parts.camera.readings, ended)


def record(game: str, folder: Path, state_dir: Path) -> Recording:
    """Play ``game`` on stand-ins, every frame read saved in ``folder``, the presses beside them."""
    parts = open_parts(
        config(game, "synthetic", state_dir),
        stream=None,
        seed=SEED,
        fast_camera=True,
        scripted=True,
        environ={},
    )
    with parts:
        dice = parts.dice
        assert dice is not None, "the camera films stand-in dice"
        recorder = record_frames(parts, folder, make_reader(dice, vision=True))
        start = begin(parts, seed=SEED)
        pilot = Autopilot(parts.events, dice, SEED, game, 2)
        log = PressLog(pilot)
        firsts: list[int] = []

        def roll(ask: ReadDice, moves: int) -> None:
            firsts.append(recorder.count)  # the camera reads nothing between a settle and the next ask
            pilot.roll(ask, moves)  # a card is laid in the tray as soon as the pilot sees the state

        played = play(parts, start, log, on_read_dice=roll)
    save_presses(folder, log.presses)
    assert recorder.count == played.frames
    rolls = tuple(Roll(first, faces) for first, faces in zip(firsts, pilot.rolled, strict=True))
    return Recording(game, folder, played, rolls, tuple(log.presses))


def replay(
    recording: Recording, folder: Path, state_dir: Path, presses: list[Press]
) -> tuple[Played, PressPlayer]:
    """Play the game again from ``folder`` through the replay source, pressing ``presses``."""
    parts = open_parts(
        config(recording.game, str(folder), state_dir),
        stream=None,
        fast_camera=True,
        scripted=True,
        environ={},
    )
    with parts:
        assert parts.dice is None, "no stand-in dice: the frames come from the folder"
        player = PressPlayer(parts.events, presses)
        played = play(parts, begin(parts, seed=SEED), player, give_up=lambda: player.diverged is not None)
    return played, player


@pytest.fixture(scope="module", params=GAMES)
def recording(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Recording]:
    game: str = request.param
    where = tmp_path_factory.mktemp(f"recorded-{game}")
    yield record(game, where / "frames", where / "state")
    shutil.rmtree(where)  # tens of MB of frames: not kept with pytest's last runs


def test_the_recorded_game_is_whole_and_the_demos_game(
    recording: Recording, capsys: pytest.CaptureFixture[str]
) -> None:
    played = recording.played
    assert played.ended and len(played.moves) > 5
    assert main(["demo", "--auto", "--json", "--game", recording.game, "--seed", str(SEED)]) == 0
    demo = json.loads(capsys.readouterr().out.strip().splitlines()[-1])  # read by the stand-in's truth
    assert demo["moves"] == len(played.moves) and list(demo["scores"].values()) == list(played.outcome[1])
    frames = sorted(recording.folder.glob("frame-*.png"))
    assert len(frames) == played.frames
    assert played.readings == len(recording.rolls) > 3  # one reading per roll (or card drawn)
    assert played.frames > 3 * len(recording.rolls)  # tumbling and still frames for each
    if recording.game == "lezard":  # every roll is one card, and the camera's reading was shown
        assert all(len(roll.faces) == 1 and ":" in str(roll.faces[0]) for roll in recording.rolls)
        screens = Counter(press.screen for press in recording.presses)
        assert screens["SeenCard"] > 0, screens
    assert load_presses(recording.folder) == list(recording.presses)


def test_the_replayed_game_makes_the_same_moves_and_ends_the_same(
    recording: Recording, tmp_path: Path
) -> None:
    played, player = replay(recording, recording.folder, tmp_path / "state", load_presses(recording.folder))
    assert player.diverged is None and player.played == len(recording.presses)
    assert played.moves == recording.played.moves
    assert played.outcome == recording.played.outcome and played.ended
    assert played.frames == recording.played.frames  # the same frames, each read once
    assert played.readings == recording.played.readings


def swapped(recording: Recording, folder: Path) -> tuple[int, int]:
    """A copy of the recording in ``folder`` with two rolls' frames swapped (rolls of other faces)."""
    rolls = recording.rolls
    first = 1
    faces = Counter(rolls[first].faces)
    other = next(i for i in range(first + 1, len(rolls)) if Counter(rolls[i].faces) != faces)
    frames = sorted(recording.folder.glob("frame-*.png"))
    ends = [roll.first for roll in rolls[1:]] + [len(frames)]

    def block(i: int) -> list[Path]:
        return frames[rolls[i].first : ends[i]]

    order = (
        frames[: rolls[first].first]
        + block(other)
        + frames[ends[first] : rolls[other].first]
        + block(first)
        + frames[ends[other] :]
    )
    assert sorted(order) == frames and order != frames
    folder.mkdir()
    for number, path in enumerate(order, 1):
        os.link(path, folder / f"frame-{number:06d}.png")  # same files, new order: no copies
    return first, other


def cursor_press_dropped(presses: tuple[Press, ...]) -> list[Press]:
    """The presses with the first walk to a choice one step short (another card or report chosen)."""
    for i in range(1, len(presses)):
        walked, chosen = presses[i - 1], presses[i]
        if chosen.value == "ok" and walked.screen == chosen.screen and walked.value in ("next", "prev"):
            return list(presses[: i - 1] + presses[i:])
    raise AssertionError("no choice was walked to")


def test_a_tampered_recording_does_not_replay_the_game(recording: Recording, tmp_path: Path) -> None:
    folder = tmp_path / "swapped"
    swapped(recording, folder)
    try:
        played, player = replay(recording, folder, tmp_path / "state", list(recording.presses))
    finally:
        shutil.rmtree(folder)  # links to the recording's frames: they would keep them on disk
    same = played.ended and played.moves == recording.played.moves and player.diverged is None
    assert not same, "a recording with two rolls' frames swapped replayed the very same game"
    if recording.game == "lezard":  # the same frames, but another card or report chosen
        presses = cursor_press_dropped(recording.presses)
        played, player = replay(recording, recording.folder, tmp_path / "state-dropped", presses)
        same = played.ended and played.moves == recording.played.moves and player.diverged is None
        assert not same, "a recording with a press dropped replayed the very same game"


def test_press_player_presses_only_on_the_screen_it_was_recorded_on() -> None:
    import queue

    from firmware.machine.step import Setup, start
    from rules.shut_the_box import ShutTheBox

    state, _ = start(Setup((ShutTheBox(),)), lang="en", title="shut-the-box", players=2)
    events: queue.Queue[Any] = queue.Queue()
    player = PressPlayer(events, [Press("GameMenu", "ok"), Press("PlayersMenu", "next")])
    player(state, None)
    assert events.get_nowait() is ButtonEvent.OK and player.pending
    player(state, None)  # the press is not handled yet: nothing more
    assert events.empty()
    player(state, ButtonEvent.OK)  # handled, but still the game menu: not the recorded screen
    assert events.empty() and player.diverged == "press 2 was next on PlayersMenu, the replay shows GameMenu"


def test_the_recording_module_doctests() -> None:
    import doctest

    import firmware.standins.recording

    assert doctest.testmod(firmware.standins.recording).failed == 0


def test_a_bad_presses_file_says_what_is_wrong(tmp_path: Path) -> None:
    (tmp_path / "presses.json").write_text('[["Seen", "jump"]]', encoding="utf-8")
    with pytest.raises(ValueError, match="not a list of \\[screen, button\\] presses"):
        load_presses(tmp_path)
