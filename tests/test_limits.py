"""At the limits the game goes on and the person is told, once, in their language: a camera that hands
the loop frames it cannot use (grey, RGBA, float, empty), a picture far too big for ``kostka read``,
and a state directory that fills up or turns read-only while a game is saved."""

from __future__ import annotations

import logging
import queue
import sqlite3
import threading
import time
import tracemalloc
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest
from box_driver import drain

from firmware.app import begin, loop_of, open_parts
from firmware.cli import main
from firmware.config import Camera, Config, Display, Game
from firmware.loop import CameraFeed
from firmware.machine.events import CameraBack, CameraFailed
from firmware.machine.state import Notice, Winner
from firmware.machine.step import ReadDice
from firmware.messages.i18n import t
from firmware.standins.autopilot import Autopilot
from firmware.standins.tray import StandInDice, SyntheticSource
from tests.test_polish import assert_polish
from tests.test_polish_box import png_of_one_colour

BAD_FRAMES = {
    "grey": np.zeros((240, 320), np.uint8),
    "rgba": np.zeros((240, 320, 4), np.uint8),
    "float": np.zeros((240, 320, 3), np.float32),
    "empty": np.zeros((0, 0, 3), np.uint8),
    "a-sliver": np.zeros((4, 320, 3), np.uint8),
}


class TurnsBad:
    """Stand-in camera sources whose frames turn into ``bad`` once ``bad_from`` frames were read in all."""

    def __init__(self, dice: StandInDice, bad: Any, bad_from: int = 0) -> None:
        self.dice, self.bad, self.bad_from = dice, bad, bad_from
        self.read = 0
        self.opened = 0

    def open(self) -> SyntheticSource:
        self.opened += 1
        camera = self

        class Source(SyntheticSource):
            def read(self) -> Any:
                camera.read += 1
                frame = super().read()
                return camera.bad if camera.read > camera.bad_from else frame

        return Source(self.dice, size=(320, 240))


@pytest.mark.parametrize("kind", BAD_FRAMES)
def test_frames_the_loop_cannot_use_are_a_camera_fault_said_once(
    kind: str, caplog: pytest.LogCaptureFixture
) -> None:
    events: queue.Queue[Any] = queue.Queue()
    camera = TurnsBad(StandInDice(seed=1), BAD_FRAMES[kind], bad_from=3)
    feed = CameraFeed(
        camera.open, events, lambda f, a: None, fps=50, idle_fps=50, backoff=(0.02, 0.05), lang="pl"
    )
    caplog.set_level(logging.WARNING, logger="firmware.loop")
    feed.start()
    try:
        failed = drain(events, CameraFailed)[-1]
        time.sleep(0.4)  # retried again and again: said no more
    finally:
        feed.close()
    assert camera.opened >= 3 and feed.failed
    later = []
    while not events.empty():
        later.append(events.get())
    assert not [e for e in later if isinstance(e, CameraFailed | CameraBack)], later
    said = [record.getMessage() for record in caplog.records]
    assert said == [f"kamera nie działa: {failed.reason}"]
    assert "klatka (synthetic) ma kształt" in failed.reason and "kostki wpisuje się ręcznie" in failed.reason
    assert_polish(failed.reason)


def stand_in_config(tmp_path: Path) -> Config:
    return Config(
        display=Display(driver="terminal"),
        camera=Camera(source="synthetic", width=320, height=240),
        game=Game(default="shut-the-box", players=1),
        language="pl",
        state_dir=tmp_path / "state",
    )


def play_to_the_end(
    tmp_path: Path, on_roll: Any = None, open_source: Any = None
) -> tuple[Any, list[str], list[str], tuple[int, str]]:
    """A whole game of Shut the Box in Polish on the real loop, played by the autopilot; ``on_roll``
    is told of each roll asked (its number from 1, and the parts). Once the winner is shown: the
    loop, the events it heard, the notices the box showed, and the moves of the game the store
    keeps as finished with SQLite's integrity check of the file."""
    config = stand_in_config(tmp_path)
    parts = open_parts(config, stream=None, scripted=True, fast_camera=True, seed=3, environ={})
    assert parts.dice is not None
    if open_source is not None:
        parts.camera._open_source = open_source(parts.dice)
        parts.camera._backoff = (0.05, 0.1)
    with parts:
        beginning = begin(parts, seed=3)
        pilot = Autopilot(parts.events, parts.dice, 3, "shut-the-box", 1)
        seen: list[str] = []
        notices: list[str] = []
        shown: list[Any] = [None]
        rolls: list[int] = []

        def roll(ask: ReadDice, moves: int) -> None:
            rolls.append(moves)
            if on_roll is not None:
                on_roll(len(rolls), parts)
            pilot.roll(ask, moves)

        def watch(state: Any, event: Any) -> None:
            seen.append(type(event).__name__)
            if isinstance(state.screen, Notice) and state.screen != shown[-1]:
                notices.append(state.screen.key)
            shown.append(state.screen)
            pilot(state, event)

        loop = loop_of(
            parts, beginning, on_read_dice=roll, on_state=watch, until=lambda s: isinstance(s.screen, Winner)
        )
        timer = threading.Timer(30.0, loop.stop)
        timer.start()
        loop.run()
        timer.cancel()
        assert isinstance(loop.state.screen, Winner), "the game went on to the end"
        store = parts.store
        assert store._db is not None
        kept = (store.history()[0].moves, store._db.execute("PRAGMA integrity_check").fetchone()[0])
        return loop, seen, notices, kept


def test_a_camera_turning_to_grey_frames_mid_game_is_said_once_and_the_dice_are_entered_by_hand(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING, logger="firmware.loop")
    _, seen, _, _ = play_to_the_end(
        tmp_path, open_source=lambda dice: TurnsBad(dice, BAD_FRAMES["grey"], bad_from=40).open
    )
    assert seen.count("CameraFailed") == 1 and "CameraBack" not in seen
    after = seen[seen.index("CameraFailed") :]
    assert after.count("ButtonEvent") >= 3  # the dice entered by hand from then on
    said = [record.getMessage() for record in caplog.records]
    assert len(said) == 1 and "klatka (synthetic) ma kształt (240, 320)" in said[0], said
    assert_polish(said[0])


class FullDisk:
    """The store's SQLite connection on a disk that is full while ``full``: every write is refused as
    SQLite refuses it then (``SQLITE_FULL``, "database or disk is full"); the rest goes through."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db
        self.full = True

    def execute(self, sql: str, *args: Any) -> Any:
        if self.full and sql.lstrip().split()[0].upper() in ("INSERT", "UPDATE", "DELETE"):
            error = sqlite3.OperationalError("database or disk is full")
            error.sqlite_errorcode = sqlite3.SQLITE_FULL  # type: ignore[attr-defined]
            raise error
        return self.db.execute(sql, *args)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.db, name)


@pytest.mark.parametrize(
    ("limit", "notice", "why"),
    [("full", "storage.failed", "jest pełny"), ("read-only", "storage.unwritable", "nie mogę pisać w")],
)
def test_a_state_directory_that_fills_up_or_turns_read_only_keeps_the_game_going(
    limit: str, notice: str, why: str, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Mid-game the store refuses every write (a full disk, a read-only one): said once in
    the log and on the box, the game goes on in memory, and once writes work again the saved game
    catches up, whole, with every move."""
    caplog.set_level(logging.WARNING, logger="firmware.loop")

    def on_roll(number: int, parts: Any) -> None:
        store = parts.store
        if number == 2:  # read-only: SQLite's own refusal; full: as SQLite says it
            if limit == "full":
                store._db = FullDisk(store._db)
            else:
                store._db.execute("PRAGMA query_only = 1")
        if number == 6:  # space freed, the disk writable again
            if isinstance(store._db, FullDisk):
                store._db.full = False
            store._db.execute("PRAGMA query_only = 0")

    loop, seen, notices, kept = play_to_the_end(tmp_path, on_roll=on_roll)
    assert seen.count("GameNotSaved") == 1 and notices.count(notice) == 1, (seen, notices)
    said = [record.getMessage() for record in caplog.records]
    assert len(said) == 2, said
    assert said[0].startswith("nie mogę zapisać gry: Zapisuję ruch: ") and why in said[0]
    assert said[0].endswith("; gra toczy się dalej w pamięci") and said[1] == "gra znów się zapisuje"
    assert_polish("\n".join(line.replace(str(tmp_path), "") for line in said))
    assert loop.state.match is not None and kept == (len(loop.state.match.moves), "ok")
    assert t(notice, "pl") in ("Nie mogę zapisać gry", "Brak miejsca na zapis")


# --- kostka read and a huge picture -----------------------------------------------------------------


@pytest.fixture
def huge(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("huge") / "huge.png"
    png_of_one_colour(path, 30000, 30000)
    return path


def test_kostka_read_refuses_a_30000_pixel_square_picture_before_decoding_it(
    huge: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert huge.stat().st_size < 500_000  # a whole picture, its 900 megapixels squeezed small

    def no_decoding(*args: Any) -> Any:
        raise AssertionError("the huge picture was decoded")

    monkeypatch.setattr(cv2, "imdecode", no_decoding)
    tracemalloc.start()
    try:
        code = main(["read", str(huge)])
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1, err
    assert err == f"{huge}: '{huge}' ma ponad 64 Mpx; sprawdź ścieżkę i plik.\n"
    assert_polish(err)
    assert peak < 50_000_000, peak  # the file was never read whole, let alone decoded (2.7 GB as BGR)
    assert main(["read", "--lang", "en", str(huge)]) == 2
    assert "is more than 64 megapixels" in capsys.readouterr().err
