"""The event loop: one queue in, ``machine.step`` in the middle, effects carried out in order.

Threads only put events on the queue: the buttons (``firmware.devices.buttons``) put ``ButtonEvent``s,
the camera thread (``CameraFeed``) puts ``DiceRolling``, ``DiceRead``, ``CameraFailed``,
``CameraBack``, ``FacesSeen`` and ``CameraChecked``. The loop, on the main thread, takes them one
at a time, calls ``step`` and carries out the effects in the order they come: ``Save`` (on disk
before anything else happens), ``Finish``, ``ReadDice``, ``ReopenCamera``, ``SetFrameRate``,
``SetLanguage``, ``TakeFrames``, ``KeepColours``, ``CheckFrames``, ``Show``; ``PowerOff`` ends
the loop after the effects in hand (``powering_off``: the caller powers a real box off). Time passing is a
``Tick`` the loop makes itself when no event came for a while.

The camera thread reads frames at the play rate (``camera.fps``), feeds them to settle detection,
drops to ``camera.idle_fps`` while the tray is idle or the machine says nobody plays, and reads the
dice once per settle, only when the machine asked (``ReadDice``). The first settle after the camera
opens is the tray as it was (after a restart: the last roll's dice), not a roll: it is not read.
A camera that fails is closed and opened again with a growing pause (1 s, 2 s, 4 s ... 30 s);
``ReopenCamera`` tries at once.

systemd: ``READY=1`` once the first screen is drawn; each time round the loop pets the watchdog
(which sends ``WATCHDOG=1`` only while the camera answers too); ``STOPPING=1`` on the way out.
SIGTERM and SIGINT end the loop after the event in hand; the caller then closes every part once.
"""

from __future__ import annotations

import contextlib
import logging
import queue
import signal
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from types import FrameType
from typing import Any, Protocol

from PIL import Image

from firmware.devices.camera import CameraError, Frame, FrameSource, frame_fault
from firmware.devices.notify import Notifier, Watchdog
from firmware.errors import KostkaError, Words, said, told
from firmware.history.marks import judge
from firmware.history.marks import to_json as mark_json
from firmware.history.summary import Summary, summarise
from firmware.learning import LEARNING, Learner
from firmware.machine.effects import ForgetDice, KeepDice, ReadHistory, SetLearning
from firmware.machine.events import DiceKept, Features, HistoryRead
from firmware.machine.step import (
    Appliance,
    CameraBack,
    CameraChecked,
    CameraFailed,
    CheckFrames,
    ColoursNotKept,
    DiceRead,
    DiceRolling,
    Effect,
    Event,
    FacesSeen,
    Finish,
    GameNotSaved,
    KeepColours,
    PowerOff,
    ReadDice,
    ReopenCamera,
    Save,
    SetFrameRate,
    SetLanguage,
    Show,
    TakeFrames,
    Tick,
    step,
)
from firmware.messages.i18n import t
from firmware.storage import GameStore, StorageError
from firmware.taught import TaughtColours
from firmware.views import View
from rules.game import Outcome
from rules.match import Match
from rules.shut_the_box import DEFAULT_GOAL
from vision.reading import Reading
from vision.settle import SettleDetector, SettleKind

log = logging.getLogger(__name__)

Reader = Callable[[Frame, ReadDice], Reading]
"""Reads the dice of a settled frame, told what was rolled (count, colour or pip dice)."""
Teacher = Callable[[Frame, str], Features]
"""The features of every die (mode ``colours``) or Lezard card (mode ``cards``) found in a frame,
to teach them (``TakeFrames``)."""
Checker = Callable[[list[Frame]], CameraChecked]
"""The camera's set-up measured from consecutive frames of a still tray (``CheckFrames``)."""
Render = Callable[[View], Image.Image]
"""Draws a view as a 128x64 mode "1" image."""

TICK_S = 0.25
"""The loop makes a ``Tick`` when this long has passed without one (notices, idle, retries)."""
BACKOFF_S = (1.0, 30.0)
"""First and longest pause between attempts to open a failed camera."""
LANGUAGE = "language"
"""The setting (``GameStore.setting``) that keeps the language chosen in the menu."""


class Screen(Protocol):
    def show(self, image: Image.Image) -> None: ...


@dataclass(frozen=True, slots=True)
class _Stop:
    """Put on the queue to end the loop (``Loop.stop``)."""


STOP = _Stop()


# --- the camera thread ----------------------------------------------------------------------------


class CameraFeed:
    """Frames in, ``DiceRolling`` / ``DiceRead`` / ``CameraFailed`` / ``CameraBack`` out (a thread).

    ``open_source`` opens the camera (again after a failure); ``reader`` reads a settled frame;
    ``warm_up``, run once in the thread before the camera opens, loads what ``reader`` needs, so
    that the first roll's reading does not wait for it (a failure is left to that reading to tell).
    ``fast``: for stand-ins: frames are taken back to back while a reading is wanted, and not at all
    otherwise, and settle detection is given times ``1 / fps`` apart (no waiting in real time).
    """

    def __init__(
        self,
        open_source: Callable[[], FrameSource],
        events: queue.Queue[Any],
        reader: Reader,
        *,
        watchdog: Watchdog | None = None,
        fps: float = 10.0,
        idle_fps: float = 2.0,
        stall_s: float = 10.0,
        fast: bool = False,
        detector: SettleDetector | None = None,
        clock: Callable[[], float] = time.monotonic,
        backoff: tuple[float, float] = BACKOFF_S,
        teacher: Teacher | None = None,
        checker: Checker | None = None,
        warm_up: Callable[[], None] | None = None,
        lang: str = "en",
    ) -> None:
        self._open_source = open_source
        self._lang = lang  # what a camera failure is said in
        self._warm_up = warm_up
        self._events = events
        self._reader = reader
        self._teacher = teacher
        self._taking: TakeFrames | None = None  # the face being taught and the frames still due
        self._checker = checker
        self._checking: tuple[int, list[Frame]] | None = None  # frames wanted for a check, those taken
        self._dog = watchdog
        self.fps = fps
        self.idle_fps = idle_fps
        self._stall_s = stall_s
        self.fast = fast
        self.detector = detector if detector is not None else SettleDetector()
        self._clock = clock
        self._backoff = backoff
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._stopping = threading.Event()
        self._wanted: ReadDice | None = None
        self._told_idle = False
        self._source: FrameSource | None = None
        self._thread: threading.Thread | None = None
        self._reader_errors: set[str] = set()
        self._moved = False  # motion seen since the camera (re)opened: only then is a settle a roll
        self.frames = 0
        self.readings = 0
        self.failed = False
        self.closed = False

    # called from the loop's thread

    def start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="kostka-camera", daemon=True)
            self._thread.start()

    def request(self, ask: ReadDice) -> None:
        """Read the dice at the next settle (once)."""
        with self._lock:
            self._wanted = ask
        self._wake.set()

    def take(self, ask: TakeFrames) -> None:
        """Take the next ``ask.count`` frames for teaching, whether the tray is still or not (the
        player pressed OK with the dice laid out); a ``FacesSeen`` for each. Replaces an older ask."""
        with self._lock:
            self._taking = ask
        self._wake.set()

    def check(self, ask: CheckFrames) -> None:
        """Take the next ``ask.count`` frames, still tray or not, and send one ``CameraChecked`` of
        them all. Replaces an older ask."""
        with self._lock:
            self._checking = (ask.count, [])
        self._wake.set()

    def set_idle(self, idle: bool) -> None:
        """The machine's word: nobody plays (drop the frame rate) or play again."""
        self._told_idle = idle
        self._wake.set()

    def reopen(self) -> None:
        """Try the camera again now (it failed)."""
        self._wake.set()

    @property
    def wanted(self) -> ReadDice | None:
        with self._lock:
            return self._wanted

    @property
    def interval(self) -> float:
        """Seconds between frames now."""
        slow = self._told_idle or self.detector.idle
        return 1.0 / (self.idle_fps if slow else self.fps)

    def close(self) -> None:
        """Stop the thread and close the camera; safe to call more than once."""
        if self.closed:
            return
        self.closed = True
        self._stopping.set()
        self._wake.set()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=5.0)
        self._close_source()

    # the thread

    def _put(self, event: Event) -> None:
        self._events.put(event)

    def _answered(self) -> None:
        if self._dog is not None:
            self._dog.camera_answered()

    def _close_source(self) -> None:
        source, self._source = self._source, None
        if source is not None:
            with contextlib.suppress(Exception):
                source.close()

    def _run(self) -> None:
        if self._warm_up is not None:
            with contextlib.suppress(Exception):  # a missing network file: the first reading says it
                self._warm_up()
        pause = self._backoff[0]
        virtual_t = 0.0
        while not self._stopping.is_set():
            if self._source is None:
                try:
                    self._source = self._open_source()
                except CameraError as error:
                    self._answered()
                    self._fail(error)
                    self._sleep(pause)
                    pause = min(pause * 2, self._backoff[1])
                    continue
                self.detector.reset()
                self._moved = False
                self._say_missing(self._source)
            if self.fast and self.wanted is None and self._taking is None and self._checking is None:
                self._answered()
                self._wake.wait(timeout=min(0.5, self._stall_s / 3))
                self._wake.clear()
                continue
            began = self._clock()
            try:
                frame = self._source.read()
                fault = frame_fault(frame, getattr(self._source, "name", "read()"))
                if fault is not None:  # grey, RGBA, float, empty: said as a camera fault, retried
                    raise CameraError(self._source_said(), fault, Words("camera.bad_frame.advice"))
            except CameraError as error:
                self._answered()
                self._close_source()
                self._fail(error)
                self._sleep(pause)
                pause = min(pause * 2, self._backoff[1])
                continue
            self._answered()
            pause = self._backoff[0]
            if self.failed:
                self.failed = False
                self._put(CameraBack())
            self.frames += 1
            if self.fast:
                virtual_t += 1.0 / self.fps
                now = virtual_t
            else:
                now = began
            self._teach(frame)
            self._check(frame)
            self._look(frame, now)
            if not self.fast:
                self._sleep(self.interval - (self._clock() - began))

    def _teach(self, frame: Frame) -> None:
        with self._lock:
            if self._taking is None:
                return
            ask = self._taking
            self._taking = replace(ask, count=ask.count - 1) if ask.count > 1 else None
        try:
            features = self._teacher(frame, ask.mode) if self._teacher is not None else ()
        except Exception as error:  # like the reader: a frame that teaches nothing, never a dead camera
            log.error("%s", t("box.teach_failed", self._lang, reason=told(error, self._lang)))
            features = ()
        self._put(FacesSeen(ask.face, features))

    def _check(self, frame: Frame) -> None:
        with self._lock:
            if self._checking is None:
                return
            count, frames = self._checking
            frames.append(frame)
            if len(frames) < count:
                return
            self._checking = None
        try:
            if self._checker is None:
                raise KostkaError("box.no_checker")
            checked = self._checker(frames)
        except Exception as error:  # like the reader: a failed check, never a dead camera
            said = told(error, self._lang)
            log.error("%s", t("box.check_failed", self._lang, reason=said))
            checked = CameraChecked(None, error=said)
        else:
            if checked.check is not None:
                faults = ", ".join(checked.faults) or "nothing"
                log.info("camera check: %s, to change: %s", checked.check, faults)
        self._put(checked)

    def _say_missing(self, source: FrameSource) -> None:
        """Say which of the controls asked for the camera does not offer (it runs without them)."""
        missing = getattr(source, "missing", ())
        if missing:
            camera = said(getattr(source, "said", source.description), self._lang)
            log.warning(
                "%s", t("box.controls_missing", self._lang, camera=camera, controls=", ".join(missing))
            )

    def _source_said(self) -> str | Words:
        """The open source as messages name it."""
        source = self._source
        return getattr(source, "said", getattr(source, "description", "")) if source is not None else ""

    def _fail(self, error: CameraError) -> None:
        reason = error.message(self._lang)
        with self._lock:
            self._taking = None  # frames asked of a camera that failed are asked again by the player
            self._checking = None
        if not self.failed:
            self.failed = True
            log.warning("%s", t("box.camera_failed", self._lang, reason=reason))
            self._put(CameraFailed(reason))

    def _sleep(self, seconds: float) -> None:
        """Wait, waking for ``close``/``reopen`` and to tell the watchdog the thread lives on."""
        end = self._clock() + seconds
        while not self._stopping.is_set():
            left = end - self._clock()
            if left <= 0:
                return
            if self._wake.wait(timeout=min(left, self._stall_s / 3)):
                self._wake.clear()
                return
            self._answered()

    def _look(self, frame: Frame, now: float) -> None:
        for event in self.detector.feed(frame, now):
            wanted = self.wanted
            if event.kind is SettleKind.ROLLING:
                self._moved = True
                if wanted is not None:
                    self._put(DiceRolling())
            elif event.kind is SettleKind.SETTLED and wanted is not None and self._moved:
                with self._lock:
                    self._wanted = None
                self.readings += 1
                try:
                    reading = self._reader(frame, wanted)
                except Exception as error:  # a reader that fails must not stop the camera: ask the player
                    if str(error) not in self._reader_errors:
                        self._reader_errors.add(str(error))
                        said = told(error, self._lang)
                        log.error("%s", t("box.reading_failed", self._lang, reason=said))
                    reading = Reading((), frame.shape[1], frame.shape[0])
                self._put(DiceRead(reading))


# --- keeping the saved game in step ---------------------------------------------------------------


class Keeper:
    """Carries out ``Save``, ``Finish`` and ``SetLanguage`` on a ``GameStore``: only the moves that
    changed are written.

    A ``Save`` of a match that extends the saved one saves the new moves; one that is shorter (undo)
    deletes the extra ones; a match of another book or other players starts a new saved game. Each
    move someone chose is saved with its mark (``firmware.history.marks``: the advisor's figures of
    the move and of the best, for Shut the Box's advice ``goal``).
    ``saved`` is the match whose game is on disk and ``moves`` its moves there, kept true write by
    write: when the store refuses one (a full disk, a read-only one), the ``StorageError`` goes up
    and the next ``Save`` writes what is missing.
    """

    def __init__(
        self, store: GameStore, *, language: str, seed: int | None = None, goal: str = DEFAULT_GOAL
    ) -> None:
        self.store = store
        self.language = language
        self.seed = seed
        self.goal = goal
        self.saved: Match[Any, Any] | None = None
        self.moves: tuple[str, ...] = ()

    def resumed(self, match: Match[Any, Any]) -> None:
        """The saved game ``match`` was taken up again."""
        self.saved, self.moves = match, match.moves

    def save(self, match: Match[Any, Any]) -> None:
        saved = self.saved
        if saved is None or saved.book != match.book or saved.players != match.players:
            self.saved, self.moves = None, ()
            self.store.start(match.book, match.players, language=self.language, seed=self.seed)
            self.saved = match
        common = 0
        for old, new in zip(self.moves, match.moves, strict=False):
            if old != new:
                break
            common += 1
        while len(self.moves) > common:
            self.store.undo()
            self.moves = self.moves[:-1]
        for number in range(common + 1, len(match.moves) + 1):
            text = match.moves[number - 1]
            mark = judge(match.book, match.states[number - 1], text, self.goal)
            self.store.save_move(number, text, None if mark is None else mark_json(mark))
            self.moves = match.moves[:number]
        self.saved = match

    def choose_language(self, lang: str) -> None:
        """The player chose ``lang``: kept on disk, so Kostka starts in it after a restart."""
        self.language = lang
        self.store.keep_setting(LANGUAGE, lang)

    def summary(self) -> Summary:
        """The last games and the wins per player, for the History screen (none if the store
        cannot be read: the screen then says there are no games, and the log why)."""
        try:
            return summarise(self.store.archive())
        except StorageError as error:
            log.error("%s", t("history.unreadable", self.language, reason=error.message(self.language)))
            return Summary((), ())

    def finish(self, outcome: Outcome | None) -> None:
        if self.saved is None:
            return
        try:
            if outcome is None:
                self.store.abandon()
            else:
                self.store.finish(outcome)
        finally:  # not finished on disk: the next game's start sets it aside
            self.saved, self.moves = None, ()


# --- the loop -------------------------------------------------------------------------------------


class Loop:
    """The main loop (see the module docstring). ``run`` returns when stopped or ``until`` holds.

    ``on_read_dice``: also told of every ``ReadDice`` with the number of moves played (stand-in
    dice roll then); ``on_state``: told of every state after its effects, with the event that led
    there (None for the first state): the demo's autopilot presses buttons from it; ``on_step``:
    told of every step, the state before, the event, the state after and the effects (the café's
    publisher, ``firmware.cafe``), after the effects are carried out.
    """

    def __init__(
        self,
        state: Appliance,
        first: list[Effect],
        *,
        events: queue.Queue[Any],
        screen: Screen,
        render: Render,
        keeper: Keeper,
        camera: CameraFeed,
        notifier: Notifier,
        watchdog: Watchdog,
        on_read_dice: Callable[[ReadDice, int], None] | None = None,
        on_state: Callable[[Appliance, Event | None], None] | None = None,
        on_step: Callable[[Appliance, Event, Appliance, list[Effect]], None] | None = None,
        until: Callable[[Appliance], bool] | None = None,
        clock: Callable[[], float] = time.monotonic,
        tick_s: float = TICK_S,
        taught: TaughtColours | None = None,
        taught_cards: TaughtColours | None = None,
        learner: Learner | None = None,
    ) -> None:
        self.state = state
        self.taught = taught
        self.taught_cards = taught_cards
        self.learner = learner
        self._first = first
        self.events = events
        self.screen = screen
        self.render = render
        self.keeper = keeper
        self.camera = camera
        self.notifier = notifier
        self.watchdog = watchdog
        self.on_read_dice = on_read_dice
        self.on_state = on_state
        self.on_step = on_step
        self.until = until
        self._clock = clock
        self.tick_s = tick_s
        self.stop_requested = False
        self.last_event_at = clock()
        self.shown = 0
        self.first_screen_at: float | None = None
        self.lang = state.lang
        self._display_failed = False
        self.not_saved = False  # the store refused the last write (said once until one works)
        self.powering_off = False

    def stop(self) -> None:
        """End the loop after the event in hand (from any thread)."""
        self.stop_requested = True
        self.events.put(STOP)

    def _on_signal(self, number: int, frame: FrameType | None) -> None:
        # No queue.put here: the main thread may hold the queue's lock when the signal lands.
        self.stop_requested = True

    @contextlib.contextmanager
    def signals(self) -> Iterator[None]:
        """SIGTERM and SIGINT stop the loop while inside (main thread only; elsewhere nothing)."""
        if threading.current_thread() is not threading.main_thread():
            yield
            return
        old = {sig: signal.signal(sig, self._on_signal) for sig in (signal.SIGTERM, signal.SIGINT)}
        try:
            yield
        finally:
            for sig, handler in old.items():
                signal.signal(sig, handler)

    def run(self) -> int:
        """Play until stopped; 0 on a clean stop."""
        with self.signals():
            self.carry_out(self._first)
            self.first_screen_at = self._clock()
            self.notifier.ready("first screen up")
            self.camera.start()
            self._observe(None)
            last_tick = self._clock()
            while not self.stop_requested and not (self.until is not None and self.until(self.state)):
                timeout = self.tick_s
                soon = self.watchdog.seconds_to_next()
                if soon is not None:
                    timeout = min(timeout, soon)
                try:
                    event = self.events.get(timeout=max(0.0, timeout))
                except queue.Empty:
                    event = None
                while event is not None and not self.stop_requested:
                    if event is not STOP:
                        self.handle(event)
                    try:
                        event = self.events.get_nowait()
                    except queue.Empty:
                        event = None
                now = self._clock()
                if now - last_tick >= self.tick_s and not self.stop_requested:
                    self.handle(Tick(now - last_tick))
                    last_tick = now
                self.watchdog.pet()
        self.notifier.stopping("stopping")
        return 0

    def handle(self, event: Event) -> None:
        """One event through ``step``, its effects carried out, observers told."""
        if not isinstance(event, Tick):
            self.last_event_at = self._clock()
        before = self.state
        self.state, effects = step(before, event)
        self.carry_out(effects)
        if self.on_step is not None:
            self.on_step(before, event, self.state, effects)
        self._observe(event)

    def _observe(self, event: Event | None) -> None:
        if self.on_state is not None:
            self.on_state(self.state, event)

    def carry_out(self, effects: list[Effect]) -> None:
        for effect in effects:
            if isinstance(effect, Save):
                self.kept(self.keeper.save, effect.match)
            elif isinstance(effect, Finish):
                self.kept(self.keeper.finish, effect.outcome)
            elif isinstance(effect, ReadDice):
                self.camera.request(effect)
                if self.on_read_dice is not None:
                    match = self.state.match  # saved before, unless the disk refused it
                    self.on_read_dice(effect, len(match.moves) if match is not None else 0)
            elif isinstance(effect, ReopenCamera):
                self.camera.reopen()
            elif isinstance(effect, SetFrameRate):
                self.camera.set_idle(effect.idle)
            elif isinstance(effect, SetLanguage):
                self.lang = effect.lang
                self.kept(self.keeper.choose_language, effect.lang)
            elif isinstance(effect, TakeFrames):
                self.camera.take(effect)
            elif isinstance(effect, KeepColours):
                self.keep_colours(effect)
            elif isinstance(effect, CheckFrames):
                self.camera.check(effect)
            elif isinstance(effect, Show):
                self.show(effect.view)
            elif isinstance(effect, ReadHistory):
                self.events.put(HistoryRead(self.keeper.summary()))
            elif isinstance(effect, PowerOff):
                self.powering_off = True  # the caller powers a real box off once the loop ends
                self.stop_requested = True
            elif isinstance(effect, KeepDice | SetLearning | ForgetDice):
                self.learn(effect)

    def learn(self, effect: KeepDice | SetLearning | ForgetDice) -> None:
        """Keep confirmed dice, switch learning, or forget (``firmware.learning``); the machine hears
        ``DiceKept`` with the number kept."""
        learner = self.learner
        if learner is None:
            return
        if isinstance(effect, SetLearning):
            learner.enabled = effect.on
            self.keeper.store.keep_setting(LEARNING, "on" if effect.on else "off")
            return
        if isinstance(effect, ForgetDice):
            try:
                learner.forget()
            except OSError as error:
                log.error("%s", t("learn.not_forgotten", self.lang, reason=told(error, self.lang)))
            self.events.put(DiceKept(learner.kept.count()))
            return
        kept = learner.confirmed(effect.faces)
        if kept is not None:
            self.events.put(DiceKept(kept))

    def kept(self, write: Callable[[Any], None], what: Any) -> None:
        """Carry out one of the keeper's writes; a store that refuses it (a full or read-only disk) is
        said once, in the log and on the box (``GameNotSaved``), and the game goes on in memory: the
        next write that works catches the saved game up, and that too is logged."""
        try:
            write(what)
        except StorageError as error:
            if not self.not_saved:
                log.error("%s", t("box.not_saved", self.lang, reason=error.message(self.lang)))
                self.events.put(GameNotSaved(error.screen_key))
            self.not_saved = True
            return
        if self.not_saved:
            log.warning("%s", t("box.saved_again", self.lang))
        self.not_saved = False

    def keep_colours(self, effect: KeepColours) -> None:
        """Write the taught profile; if it cannot be, the machine hears ``ColoursNotKept``."""
        kept = self.taught_cards if effect.mode == "cards" else self.taught
        try:
            if kept is None:
                raise KostkaError("box.no_state_dir")
            kept.keep(effect.taught)
        except (OSError, ValueError, KostkaError) as error:  # ValueError: a profile that cannot be made
            said = told(error, self.lang)
            mode = "cards" if effect.mode == "cards" else "colours"
            log.error("%s", t(f"box.not_kept.{mode}", self.lang, reason=said))
            self.events.put(ColoursNotKept(said))

    def show(self, view: View) -> None:
        image = self.render(view)
        try:
            self.screen.show(image)
        except Exception as error:  # an OLED that stops answering must not stop the game
            if not self._display_failed:
                log.error("%s", t("box.display_failed", self.lang, reason=told(error, self.lang)))
                self.notifier.status(f"display failed: {error}")
            self._display_failed = True
            return
        self._display_failed = False
        self.shown += 1
