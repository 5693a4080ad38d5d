"""``kostka demo --auto``: whole games of each title on stand-ins, the same game for the same seed,
frames out, and the kill -9 test: killed mid-game and started again, it ends as an uninterrupted run."""

from __future__ import annotations

import json
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageSequence

from firmware.cli import main
from firmware.machine.events import ButtonEvent
from firmware.standins.pace import WATCH_S, WINNER_TIMES
from firmware.storage import GameStore

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("shut-the-box", "stonoga", "lezard")


def demo(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    assert main(["demo", "--auto", "--json", *args]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    result: dict[str, Any] = json.loads(lines[-1])
    return result


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_of_each_title(game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    result = demo(capsys, "--game", game, "--seed", "2", "--state", str(tmp_path), "--lang", "en")
    assert set(result) == {"game", "seed", "moves", "winner", "scores"}
    assert result["game"] == game and result["seed"] == 2 and result["moves"] > 5
    assert list(result["scores"]) == ["Player 1", "Player 2"]
    scores = result["scores"]
    best = {"shut-the-box": min, "stonoga": max, "lezard": min}[game](scores.values())
    winners = result["winner"] if isinstance(result["winner"], list) else [result["winner"]]
    assert all(scores[name] == best for name in winners)  # the winner's score is the best one
    with GameStore(tmp_path) as store:  # every move was saved, and the game is history now
        assert store.current() is None
        [finished] = store.history()
        assert finished.title == game and finished.moves == result["moves"] and finished.seed == 2


def test_the_same_seed_plays_the_same_game(capsys: pytest.CaptureFixture[str]) -> None:
    first = demo(capsys, "--game", "stonoga", "--seed", "11", "--players", "3")
    assert demo(capsys, "--game", "stonoga", "--seed", "11", "--players", "3") == first
    assert len(first["scores"]) == 3


def test_frames_out_and_the_terminal_oled(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--auto", "--seed", "5", "--frames-out", str(tmp_path), "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "▀" in out and "▄" in out  # the OLED in half blocks
    assert out.strip().splitlines()[-1].startswith("shut-the-box, seed 5: Player")
    frames = sorted(tmp_path.glob("frame-*.png"))
    assert len(frames) > 10
    with Image.open(frames[0]) as first:
        assert first.size == (128, 64)
    with Image.open(tmp_path / "demo.gif") as gif:
        assert getattr(gif, "n_frames", 1) > 10


def test_bad_arguments_say_what_to_do(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--auto", "--game", "stonoga", "--players", "7"]) == 2
    assert "2 to 4 players" in capsys.readouterr().err
    assert main(["demo"]) == 2
    assert "--auto" in capsys.readouterr().err
    for pace in ("slow", "-1", "nan"):
        assert main(["demo", "--auto", "--json", "--pace", pace]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "--pace is a number of seconds" in err and "fast" in err


def gif_durations(folder: Path) -> list[int]:
    with Image.open(folder / "demo.gif") as gif:
        assert gif.size == (128 * 4 + 2 * 24, 64 * 4 + 2 * 24)  # 4x, in a bezel: watchable on a laptop
        return [frame.info["duration"] for frame in ImageSequence.Iterator(gif)]


def test_the_gif_of_a_game_played_at_full_speed_plays_at_a_person_s_pace(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    began = time.monotonic()
    assert main(["demo", "--auto", "--seed", "5", "--frames-out", str(tmp_path), "--pace", "fast"]) == 0
    assert time.monotonic() - began < 30, "full speed"
    durations = gif_durations(tmp_path)
    assert durations[-1] == WATCH_S * WINNER_TIMES * 1000, "the winner stays longest"
    assert max(set(durations), key=durations.count) == WATCH_S * 1000, "most screens stay 1.5 s"
    assert min(durations) >= WATCH_S * 1000 / 3  # a cursor step is a glance, not a flash
    with Image.open(sorted(tmp_path.glob("frame-*.png"))[0]) as first:
        assert first.size == (128, 64)


def test_a_pace_given_in_seconds_is_waited_live_and_times_the_gif(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    began = time.monotonic()
    paced = ["--seed", "5", "--frames-out", str(tmp_path), "--pace", "0.1"]
    assert main(["demo", "--auto", "--json", *paced]) == 0
    took = time.monotonic() - began
    durations = gif_durations(tmp_path)
    assert durations[-1] == 400 and max(set(durations), key=durations.count) == 100
    assert took >= sum(durations) / 1000 * 0.8, "the screens were waited in real time"
    assert json.loads(capsys.readouterr().out.strip().splitlines()[-1])["seed"] == 5


def test_frames_out_that_is_a_file_is_said_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a_file = tmp_path / "hostname"
    a_file.write_text("box\n")
    assert main(["demo", "--auto", "--json", "--frames-out", str(a_file)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot keep the frames in" in err and "--frames-out" in err
    assert a_file.read_text() == "box\n"


def saved_moves(state: Path) -> int:
    try:
        with sqlite3.connect(f"file:{state / 'games.db'}?mode=ro", uri=True, timeout=0.2) as db:
            return int(db.execute("SELECT count(*) FROM moves").fetchone()[0])
    except sqlite3.Error:
        return 0


@pytest.mark.parametrize(("game", "kill_after"), [("stonoga", 15), ("lezard", 40)])
def test_killed_with_sigkill_and_started_again_it_ends_as_an_uninterrupted_run(
    game: str, kill_after: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    whole = demo(capsys, "--game", game, "--seed", "5")
    state = tmp_path / "state"
    command = [sys.executable, "-m", "firmware", "demo", "--auto", "--game", game, "--seed", "5",
               "--state", str(state), "--json"]
    slow = subprocess.Popen([*command, "--pace", "0.004"], cwd=ROOT, stdout=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while saved_moves(state) < kill_after and slow.poll() is None and time.monotonic() < deadline:
        time.sleep(0.01)
    slow.send_signal(signal.SIGKILL)
    slow.communicate()
    assert slow.returncode == -signal.SIGKILL, "the demo was killed, not finished"
    at_kill = saved_moves(state)
    assert kill_after <= at_kill < whole["moves"], "killed mid-game"
    again = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120, check=True)
    assert json.loads(again.stdout.strip().splitlines()[-1]) == whole
    with GameStore(state) as store:
        [finished] = store.history()
        assert finished.moves == whole["moves"]


@pytest.mark.parametrize("game", GAMES)
def test_a_reader_that_errs_is_corrected_with_the_buttons_and_the_game_is_the_same(
    game: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Wrong faces, unsure dice, a die missed, a cocked die, a reader that raises: the player fixes
    each reading with the buttons, so the game ends exactly as with a reader that never errs.
    Lezard's cards the same way: another card read, an unsure card, no card seen."""
    import dataclasses

    from firmware import app
    from vision.reading import Reading

    truthful = demo(capsys, "--game", game, "--seed", "6")
    honest = app.make_reader
    calls: list[str] = []

    def liar(dice: Any, *, vision: bool = False, **taught: Any) -> Any:
        read = honest(dice, vision=vision, **taught)

        def wrong(frame: Any, ask: Any) -> Reading:
            reading = read(frame, ask)
            kind = ("wrong", "unsure", "missed", "cocked", "raises", "right")[len(calls) % 6]
            calls.append(kind)
            first = reading.dice[0]
            if kind == "wrong" and isinstance(first.face, str) and ":" in first.face:  # a Lezard card
                other: Any = "lizard:red" if first.face != "lizard:red" else "square:red"
                return dataclasses.replace(reading, dice=(dataclasses.replace(first, face=other),))
            if kind == "wrong":
                other = 6 if first.face == 1 else 1 if isinstance(first.face, int) else (
                    "star" if first.face != "star" else "red")
                return dataclasses.replace(reading, dice=(dataclasses.replace(first, face=other),
                                                          *reading.dice[1:]))
            if kind == "unsure":
                return dataclasses.replace(reading, dice=(dataclasses.replace(
                    first, face=None, confidence=0.3, status="uncertain"), *reading.dice[1:]))
            if kind == "missed":
                return dataclasses.replace(reading, dice=reading.dice[1:])
            if kind == "cocked":
                return dataclasses.replace(reading, dice=(dataclasses.replace(first, status="cocked"),
                                                          *reading.dice[1:]))
            if kind == "raises":
                raise RuntimeError("the reader broke")
            return reading

        return wrong

    monkeypatch.setattr(app, "make_reader", liar)
    assert demo(capsys, "--game", game, "--seed", "6") == truthful
    assert {"wrong", "unsure", "missed", "cocked", "raises"} <= set(calls)


def test_the_stand_in_camera_films_the_card_drawn_and_the_card_reader_reads_it() -> None:
    from firmware.app import make_reader
    from firmware.machine.step import ReadDice
    from firmware.profiles import board_colours
    from firmware.standins.tray import StandInDice, SyntheticSource, render_tray, truth_reading

    dice = StandInDice(seed=4)
    ask = ReadDice(1, False, 1, board_colours())
    read = make_reader(dice, vision=True)
    for face in ("square:red", "squares:orange+blue", "lizard:green"):
        dice.roll(1, colours=False, key=face, faces=[face])
        source = SyntheticSource(dice, size=(640, 480))
        frame = source.read()
        while dice.next_view()[1]:  # let the card come to rest
            frame = source.read()
        frame = source.read()
        assert read(frame, ask).faces == (face,)
        assert truth_reading(dice.tray, (640, 480)).faces == (face,)
        simple = render_tray(dice.tray, (320, 240))
        assert (simple != render_tray(StandInDice(seed=4).tray, (320, 240))).any()  # a card is drawn


def test_the_box_reads_a_lizard_card_in_the_colours_of_its_lizards() -> None:
    """``make_reader`` passes the ask's lizards on: the shipped box has no orange lizard, so an
    orange lizard card is not guessed; a box with one reads it."""
    from firmware.app import make_reader
    from firmware.machine.step import ReadDice
    from firmware.profiles import board_data
    from measure.synth import CardFace, render

    frame, _ = render(0, "easy", "cards", faces=[CardFace("lizard", ("orange",))])
    box = board_data()
    read = make_reader(None, vision=True)
    shipped = ReadDice(1, False, 1, box.colours, box.lizards)
    assert [d.status for d in read(frame, shipped).dice] == ["uncertain"]
    orange_too = ReadDice(1, False, 1, box.colours, ("green", "blue", "red", "orange"))
    assert [(d.face, d.status) for d in read(frame, orange_too).dice] == [("lizard:orange", "ok")]


def test_the_pacer_holds_each_new_screen_its_time_before_the_autopilot_presses() -> None:
    from firmware.machine.step import Setup, start, step
    from firmware.standins.pace import Pacer
    from rules.shut_the_box import ShutTheBox

    told: list[tuple[str, list[float]]] = []
    slept: list[float] = []
    pacer = Pacer(lambda state, event: told.append((type(state.screen).__name__, list(slept))),
                  base_s=1.5, sleep=slept.append)
    menu, _ = start(Setup((ShutTheBox(),)), lang="en")
    pacer(menu, None)
    pacer(menu, None)  # the same screen again: no second wait
    players, _ = step(menu, ButtonEvent.OK)
    pacer(players, ButtonEvent.OK)
    moved, _ = step(players, ButtonEvent.NEXT)
    pacer(moved, ButtonEvent.NEXT)  # a cursor step: a third
    assert slept == [1.5, 1.5, 0.5] and pacer.clock() == 3.5
    assert told == [("GameMenu", [1.5]), ("GameMenu", [1.5]), ("PlayersMenu", [1.5, 1.5]),
                    ("PlayersMenu", [1.5, 1.5, 0.5])], "the autopilot is told after the wait"
    quick = Pacer(lambda state, event: None, base_s=1.5, live=False, sleep=slept.append)
    quick(menu, None)
    assert slept == [1.5, 1.5, 0.5] and quick.clock() == 1.5  # full speed: only the clock moves
