"""The composition root and the event loop: parts built and closed once, saves before screens,
the camera thread (settle, one reading per settle, failure and retry, idle rate), systemd notify
and the watchdog against a real datagram socket, SIGTERM, and stand-ins where there is no Pi."""

from __future__ import annotations

import io
import os
import queue
import signal
import socket
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from box_driver import drain

from firmware.app import AppError, begin, loop_of, open_buttons, open_parts, open_screen, render_view
from firmware.cli import main
from firmware.config import Camera, Config, Display, Game
from firmware.devices.notify import Notifier, Watchdog
from firmware.loop import CameraFeed, Keeper, Loop
from firmware.machine.events import ButtonEvent
from firmware.machine.state import CameraLost, Winner
from firmware.machine.step import (
    CameraBack,
    CameraFailed,
    DiceRead,
    DiceRolling,
    ReadDice,
    Setup,
    Show,
    start,
)
from firmware.standins.autopilot import Autopilot
from firmware.standins.buttons import ScriptedButtons
from firmware.standins.cable import Cable
from firmware.standins.tray import StandInDice, SyntheticSource, truth_reading
from firmware.storage import GameStore
from rules.game import Outcome
from rules.match import Match
from rules.shut_the_box import ShutTheBox
from vision.settle import SettleDetector, SettleParams


def stand_in_config(tmp_path: Path, **camera: Any) -> Config:
    return Config(
        display=Display(driver="terminal"),
        camera=Camera(source="synthetic", width=320, height=240, **camera),
        game=Game(default="shut-the-box", players=1),
        language="en",
        state_dir=tmp_path / "state",
    )


# --- the keeper: the store follows Save and Finish --------------------------------------------------


def test_keeper_saves_new_moves_undoes_and_starts_new_games(tmp_path: Path) -> None:
    book = ShutTheBox()
    with GameStore(tmp_path) as store:
        keeper = Keeper(store, language="en", seed=9)
        match = Match.start(book, ["1"])
        keeper.save(match)
        match = match.play_text("roll 3 5").play_text("shut 8")
        keeper.save(match)
        saved = store.current()
        assert saved is not None and saved.match.moves == ("roll 3 5", "shut 8") and saved.seed == 9
        keeper.save(match.undo())  # undo: one move deleted
        saved = store.current()
        assert saved is not None and saved.match.moves == ("roll 3 5",)
        keeper.save(match.undo().undo().play_text("roll 1 1"))  # another roll after undoing
        saved = store.current()
        assert saved is not None and saved.match.moves == ("roll 1 1",)
        keeper.finish(None)  # restart: abandoned, kept as history
        assert store.current() is None
        keeper.save(Match.start(book, ["1", "2"]))
        keeper.finish(Outcome((0,), (3, 9), "rounds-played"))
        history = store.history()
        assert [game.outcome.reason for game in history] == ["rounds-played", "abandoned"]
        assert store.current() is None


# --- the camera thread ------------------------------------------------------------------------------


def fast_detector() -> SettleDetector:
    return SettleDetector(SettleParams(hold_frames=2, hold_s=0.1, big_change_hold_s=0.5, idle_after_s=2.0))


def test_camera_reads_once_per_settle_and_only_when_asked() -> None:
    events: queue.Queue[Any] = queue.Queue()
    dice = StandInDice(seed=3)
    reads: list[ReadDice] = []

    def reader(frame: Any, ask: ReadDice) -> Any:
        reads.append(ask)
        return truth_reading(dice.tray, (frame.shape[1], frame.shape[0]))

    feed = CameraFeed(lambda: SyntheticSource(dice, size=(320, 240)), events, reader, fast=True)
    feed.start()
    try:
        ask = ReadDice(2, False, 2)
        feed.request(ask)
        faces = dice.roll(2, colours=False, key="a")
        seen = drain(events, DiceRead)
        assert any(isinstance(e, DiceRolling) for e in seen)
        assert seen[-1].reading.faces == faces and reads == [ask]
        dice.roll(2, colours=False, key="b")  # a roll nobody asked for is not read
        time.sleep(0.2)
        assert reads == [ask] and feed.wanted is None
        feed.request(ask)
        faces = dice.roll(2, colours=False, key="c")
        assert drain(events, DiceRead)[-1].reading.faces == faces
        assert len(reads) == 2
    finally:
        feed.close()
        feed.close()


def test_the_readers_warm_up_before_the_camera_opens_and_a_failing_warm_up_stops_nothing() -> None:
    order: list[str] = []
    dice = StandInDice(seed=3)

    def open_source() -> SyntheticSource:
        order.append("camera")
        return SyntheticSource(dice, size=(160, 120))

    def warm_up() -> None:
        order.append("warm up")
        raise FileNotFoundError("no network file")  # the first reading would say so

    def reader(frame: Any, ask: ReadDice) -> Any:
        return truth_reading(dice.tray, (frame.shape[1], frame.shape[0]))

    events: queue.Queue[Any] = queue.Queue()
    feed = CameraFeed(open_source, events, reader, fast=True, warm_up=warm_up)
    feed.start()
    try:
        feed.request(ReadDice(2, False, 2))
        faces = dice.roll(2, colours=False, key="w")
        assert drain(events, DiceRead)[-1].reading.faces == faces
        assert order == ["warm up", "camera"]
    finally:
        feed.close()


def test_after_the_warm_up_the_first_readings_open_no_network() -> None:
    from firmware.app import warm_up_readers
    from firmware.devices.onnx_runtime import chosen_networks
    from measure.synth import render
    from vision import networks
    from vision.colours.reader import read_colours
    from vision.reader import read_dice

    networks._open.cache_clear()
    warm_up_readers()
    opened = networks._open.cache_info().misses
    assert opened == 6  # dice, face, closer-look, colour and the two colour face networks
    read_dice(render(1, "default", "pips")[0], networks=chosen_networks())
    read_colours(render(1, "default", "colours")[0], networks=chosen_networks())
    assert networks._open.cache_info().misses == opened


def test_a_camera_that_fails_is_reported_retried_and_back(tmp_path: Path) -> None:
    events: queue.Queue[Any] = queue.Queue()
    dice = StandInDice(seed=1)
    opened: list[SyntheticSource] = []

    def open_source() -> SyntheticSource:
        source = SyntheticSource(dice, size=(160, 120), fail_after=3 if not opened else None)
        opened.append(source)
        return source

    answered: list[float] = []
    dog = Watchdog(1.0, 5.0, send=lambda: True)
    dog.camera_answered = lambda: answered.append(time.monotonic())  # type: ignore[method-assign]
    feed = CameraFeed(
        open_source,
        events,
        lambda f, a: truth_reading(dice.tray, (160, 120)),
        watchdog=dog,
        fps=50,
        idle_fps=10,
        stall_s=1.0,
        backoff=(0.05, 0.2),
    )
    feed.start()
    try:
        failed = drain(events, CameraFailed)[-1]
        assert "told to fail" in failed.reason
        drain(events, CameraBack)
        assert len(opened) == 2 and opened[0].closed
        assert len(answered) >= 4  # every capture, frame or error, tells the watchdog
    finally:
        feed.close()
    assert opened[1].closed


def test_frames_replayed_from_a_folder_are_read_once_when_they_settle(tmp_path: Path) -> None:
    import cv2

    from firmware.devices.camera import open_source

    dice = StandInDice(seed=8)
    source = SyntheticSource(dice, size=(320, 240), renderer="simple")
    recording = [source.read() for _ in range(8)]  # the empty tray
    faces = dice.roll(3, colours=False, key="r")
    recording += [source.read() for _ in range(12)]  # tumbling, then at rest
    for number, frame in enumerate(recording):
        cv2.imwrite(str(tmp_path / f"frame{number}.png"), frame)
    events: queue.Queue[Any] = queue.Queue()
    read: list[int] = []

    def reader(frame: Any, ask: ReadDice) -> Any:
        read.append(1)
        return truth_reading(dice.tray, (320, 240))

    feed = CameraFeed(lambda: open_source(str(tmp_path)), events, reader, fast=True, backoff=(5.0, 5.0))
    feed.request(ReadDice(3, False, 3))
    feed.start()
    try:
        seen = drain(events, DiceRead)
        assert seen[-1].reading.faces == faces and read == [1]
        feed.request(ReadDice(3, False, 3))  # nothing settles again: the recording runs out
        assert "no more" in drain(events, CameraFailed)[-1].reason or read == [1]
        assert read == [1]
    finally:
        feed.close()


def test_frame_rate_drops_when_idle_and_comes_back() -> None:
    feed = CameraFeed(
        lambda: SyntheticSource(StandInDice()),
        queue.Queue(),
        lambda f, a: truth_reading(StandInDice().tray, (640, 480)),
        fps=10,
        idle_fps=2,
    )
    assert feed.interval == pytest.approx(0.1)
    feed.set_idle(True)
    assert feed.interval == pytest.approx(0.5)
    feed.set_idle(False)
    assert feed.interval == pytest.approx(0.1)


# --- the loop: Save before Show, notify, watchdog, SIGTERM -----------------------------------------


class RecordingScreen:
    """Records, for each frame shown, the moves saved in the store at that moment."""

    def __init__(self, store: GameStore) -> None:
        self.store = store
        self.saved_at_show: list[tuple[str, ...]] = []

    def show(self, image: Any) -> None:
        saved = self.store.current()
        self.saved_at_show.append(saved.match.moves if saved else ())


class IdleCamera:
    def __init__(self) -> None:
        self.asked: list[ReadDice] = []

    def start(self) -> None: ...
    def request(self, ask: ReadDice) -> None:
        self.asked.append(ask)

    def reopen(self) -> None: ...
    def set_idle(self, idle: bool) -> None: ...


def test_every_move_is_saved_before_the_next_screen(tmp_path: Path) -> None:
    with GameStore(tmp_path) as store:
        screen = RecordingScreen(store)
        camera = IdleCamera()
        state, first = start(Setup((ShutTheBox(),)), lang="en", players=1)
        loop = Loop(
            state,
            first,
            events=queue.Queue(),
            screen=screen,
            render=render_view,
            keeper=Keeper(store, language="en"),
            camera=camera,  # type: ignore[arg-type]
            notifier=Notifier(None),
            watchdog=Watchdog(None, 10.0, lambda: True),
        )
        loop.carry_out(first)
        for press in (ButtonEvent.OK, ButtonEvent.OK):  # the game, one player
            loop.handle(press)
        assert camera.asked == [ReadDice(2, False, 2)]
        dice = StandInDice(5)
        faces: tuple[Any, ...] = dice.roll(2, colours=False, key="0", faces=(3, 5))
        loop.handle(DiceRead(truth_reading(dice.tray, (640, 480))))
        loop.handle(ButtonEvent.OK)  # the reading is right
        assert screen.saved_at_show[-1] == ("roll 3 5",)  # on disk before the choices were drawn
        loop.handle(ButtonEvent.OK)  # the first (best) choice
        loop.handle(ButtonEvent.OK)  # confirmed
        moves = store.current()
        assert moves is not None and len(moves.match.moves) == 2
        assert list(screen.saved_at_show[-1]) == list(moves.match.moves)
        assert faces == (3, 5)


def test_notify_ready_watchdog_and_stopping_on_sigterm(tmp_path: Path) -> None:
    path = str(tmp_path / "notify")
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    listener.bind(path)
    listener.settimeout(0.05)
    environ = {"NOTIFY_SOCKET": path, "WATCHDOG_USEC": "200000"}
    config = stand_in_config(tmp_path)
    parts = open_parts(config, stream=None, scripted=True, fast_camera=True, environ=environ)
    closes: dict[str, int] = {}
    for name in ("camera", "buttons", "display", "store", "notifier"):
        part = getattr(parts, name)
        original = part.close

        def counted(original: Any = original, name: str = name) -> None:
            closes[name] = closes.get(name, 0) + 1
            original()

        part.close = counted
    with parts:
        beginning = begin(parts)
        loop = loop_of(
            parts,
            beginning,
        )
        sigterm = threading.Timer(0.6, os.kill, (os.getpid(), signal.SIGTERM))
        sigterm.start()
        try:
            assert loop.run() == 0
        finally:
            sigterm.cancel()  # never let it reach pytest itself
    parts.close()
    assert closes == dict.fromkeys(("camera", "buttons", "display", "store", "notifier"), 1)
    messages = []
    while True:
        try:
            messages.append(listener.recv(4096).decode())
        except TimeoutError:
            break
    listener.close()
    assert messages[0].startswith("READY=1")
    assert sum(m == "WATCHDOG=1" for m in messages) >= 3  # every 0.1 s for 0.6 s
    assert messages[-1].startswith("STOPPING=1")
    assert signal.getsignal(signal.SIGTERM) is signal.SIG_DFL or callable(signal.getsignal(signal.SIGTERM))


def test_a_camera_dying_mid_game_keeps_the_game_and_dice_can_be_entered_by_hand(tmp_path: Path) -> None:
    config = stand_in_config(tmp_path)
    parts = open_parts(config, stream=None, scripted=True, fast_camera=True, seed=2, environ={})
    assert parts.dice is not None
    plug = Cable(parts.dice)
    parts.camera._open_source = plug.open
    parts.camera._backoff = (0.05, 0.1)
    with parts:
        beginning = begin(parts, seed=2)
        pilot = Autopilot(parts.events, parts.dice, 2, "shut-the-box", 2)
        seen: list[str] = []
        rolls: list[int] = []

        def roll(ask: ReadDice, moves: int) -> None:
            rolls.append(moves)
            if len(rolls) in (2, 4):
                plug.alive = False  # pulled out: the first time for a moment, the second for good
            pilot.roll(ask, moves)

        def watch(state: Any, event: Any) -> None:
            seen.append(type(event).__name__)
            if isinstance(state.screen, CameraLost) and "CameraBack" not in seen:
                if not plug.alive and len(rolls) < 4:
                    threading.Timer(0.1, setattr, (plug, "alive", True)).start()
                return  # the first time, wait for the camera to come back
            pilot(state, event)

        loop = loop_of(
            parts,
            beginning,
            on_read_dice=roll,
            on_state=watch,
            until=lambda state: isinstance(state.screen, Winner),
        )
        timer = threading.Timer(20.0, loop.stop)
        timer.start()
        loop.run()
        timer.cancel()
        assert isinstance(loop.state.screen, Winner), "the game went on to the end"
        assert seen.count("CameraFailed") == 2 and "CameraBack" in seen and plug.opened >= 3, seen
        after = seen[[i for i, name in enumerate(seen) if name == "CameraFailed"][1] :]
        assert after.count("ButtonEvent") >= 5  # after the camera died for good: dice by hand
        finished = parts.store.history()[0]
        assert loop.state.match is not None and finished.moves == len(loop.state.match.moves)


# --- stand-ins and clear messages --------------------------------------------------------------------


def test_gpio_buttons_on_mock_pins_put_events_on_the_loop_queue(tmp_path: Path) -> None:
    from gpiozero import Device
    from gpiozero.pins.mock import MockFactory

    factory = MockFactory()
    events: queue.Queue[Any] = queue.Queue()
    buttons, notice = open_buttons(stand_in_config(tmp_path), events, keyboard=None, pin_factory=factory)
    try:
        assert notice is None
        pin = factory.pin(17)
        pin.drive_low()
        assert events.get(timeout=2) is ButtonEvent.PREV
        pin.drive_high()
    finally:
        buttons.close()
        factory.reset()
        Device.pin_factory = None


def test_without_gpio_the_keyboard_or_a_script_stands_in(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("GPIOZERO_PIN_FACTORY", raising=False)
    from gpiozero import Device

    Device.pin_factory = None
    events: queue.Queue[Any] = queue.Queue()
    buttons, notice = open_buttons(stand_in_config(tmp_path), events, keyboard=io.StringIO("d "))
    try:
        assert notice is not None and "keyboard" in notice
        assert [events.get(timeout=2), events.get(timeout=2)] == [ButtonEvent.NEXT, ButtonEvent.OK]
    finally:
        buttons.close()
    buttons, notice = open_buttons(stand_in_config(tmp_path), events, keyboard=None)
    assert isinstance(buttons, ScriptedButtons) and notice is not None


def test_no_oled_means_the_terminal_stand_in_with_a_notice(tmp_path: Path) -> None:
    config = Config(display=Display(driver="ssd1306", i2c_port=29), state_dir=tmp_path)
    stream = io.StringIO()
    display, notice = open_screen(config, stream=stream)
    with display:
        assert notice is not None and "/dev/i2c-29" in notice and "terminal" in notice
        display.show(render_view(start(Setup((ShutTheBox(),)), lang="pl")[1][-1].view))  # type: ignore[union-attr]
    assert "▀" in stream.getvalue() or "▄" in stream.getvalue()


def test_first_effects_show_the_menu(tmp_path: Path) -> None:
    _, effects = start(Setup((ShutTheBox(),)), lang="en")
    assert isinstance(effects[-1], Show)


def test_an_unwritable_state_dir_is_a_clear_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    config = Config(display=Display(driver="dummy"), state_dir=blocker / "state")
    with pytest.raises(AppError, match="state directory"):
        open_parts(config, stream=None, scripted=True, environ={})


def test_run_with_a_bad_config_says_what_to_fix(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "kostka.toml"
    path.write_text("[buttons]\nok = 2\n", encoding="utf-8")
    assert main(["run", "--config", str(path)]) == 2
    err = capsys.readouterr().err
    assert "buttons.ok = 2" in err and "SDA" in err and "Traceback" not in err
    assert main(["run", "--config", str(tmp_path / "missing.toml")]) == 2
    assert "nie ma takiego pliku konfiguracji" in capsys.readouterr().err


def test_a_saved_game_is_taken_up_again(tmp_path: Path) -> None:
    config = stand_in_config(tmp_path)
    with GameStore(config.state_dir) as store:
        store.start(ShutTheBox(), ["1"], language="en", seed=4)
        store.save_move(1, "roll 2 6")
    with open_parts(config, stream=None, scripted=True, environ={}) as parts:
        beginning = begin(parts)
        assert beginning.resumed and beginning.seed == 4
        assert beginning.state.match is not None and beginning.state.match.moves == ("roll 2 6",)
        assert beginning.keeper.saved is beginning.state.match


def test_a_hung_camera_stops_the_watchdog_so_systemd_restarts_kostka(tmp_path: Path) -> None:
    path = str(tmp_path / "notify")
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    listener.bind(path)
    listener.settimeout(0.05)
    heard: list[tuple[float, str]] = []
    began = time.monotonic()

    def listen() -> None:
        while time.monotonic() - began < 3.0:
            try:
                heard.append((time.monotonic() - began, listener.recv(4096).decode()))
            except TimeoutError:
                continue

    hang = threading.Event()

    class HangingSource(SyntheticSource):
        def read(self) -> Any:
            if time.monotonic() - began > 0.5:
                hang.wait(10)  # a camera call that never returns
            return super().read()

    notifier = Notifier(path)
    dog = Watchdog(0.05, camera_stall_s=1.0, send=notifier.watchdog, on_unhealthy=notifier.status)
    events: queue.Queue[Any] = queue.Queue()
    feed = CameraFeed(
        lambda: HangingSource(StandInDice()),
        events,
        lambda f, a: truth_reading(StandInDice().tray, (640, 480)),
        watchdog=dog,
        stall_s=1.0,
    )
    state, first = start(Setup((ShutTheBox(),)), lang="en")
    with GameStore(tmp_path / "state") as store:
        loop = Loop(
            state,
            first,
            events=events,
            screen=RecordingScreen(store),
            render=render_view,
            keeper=Keeper(store, language="en"),
            camera=feed,
            notifier=notifier,
            watchdog=dog,
        )
        listening = threading.Thread(target=listen)
        listening.start()
        threading.Timer(2.5, loop.stop).start()
        loop.run()
        hang.set()
        feed.close()
        listening.join()
    listener.close()
    notifier.close()
    pets = [at for at, message in heard if message == "WATCHDOG=1"]
    assert pets and min(pets) < 0.6, "petted while the camera answered"
    assert max(pets) < 1.8, "no WATCHDOG=1 once the camera had been silent for 1 s"
    assert any("camera silent" in message for _, message in heard)


# --- the language chosen in the menu outlives a restart ---------------------------------------------


def _loop_for(parts: Any, beginning: Any) -> Loop:
    return loop_of(
        parts,
        beginning,
    )


@pytest.mark.parametrize("in_a_game", [False, True], ids=["at-the-menu", "mid-game"])
def test_the_language_chosen_in_the_menu_comes_back_after_the_plug_is_pulled(
    tmp_path: Path, in_a_game: bool
) -> None:
    from dataclasses import replace

    from firmware.machine.state import Menu, menu_items
    from firmware.views import ButtonsView, RollView

    config = replace(stand_in_config(tmp_path), language="pl")  # the config's default: Polish
    with open_parts(config, stream=None, scripted=True, environ={}) as parts:
        beginning = begin(parts)
        loop = _loop_for(parts, beginning)
        loop.carry_out(beginning.effects)
        if in_a_game:
            for press in (ButtonEvent.OK,) * 3:  # the buttons told, Shut the Box, one player: saved in Polish
                loop.handle(press)
        loop.handle(ButtonEvent.MENU)
        assert isinstance(loop.state.screen, Menu)
        for _ in range(menu_items(loop.state).index("menu.language")):
            loop.handle(ButtonEvent.NEXT)
        loop.handle(ButtonEvent.OK)  # Polish -> English
        assert loop.state.lang == "en"
    # the plug is pulled: the same state directory, everything built again
    with open_parts(config, stream=None, scripted=True, environ={}) as parts:
        beginning = begin(parts)
        first = [e.view for e in beginning.effects if isinstance(e, Show)][-1]
        assert beginning.state.lang == "en" and beginning.resumed is in_a_game
        if in_a_game:
            assert isinstance(first, RollView) and first.prompt == "Roll now!"
        else:
            assert first == ButtonsView(("back", "choose", "next"), "Menu: hold OK", "OK: let's play")
        assert begin(parts, lang="pl").state.lang == "pl"  # an explicit language still wins
