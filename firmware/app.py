"""The composition root: every part of the appliance built from the ``Config``, and closed once.

On a Raspberry Pi the parts are the real ones: gpiozero buttons, the luma OLED, picamera2. There,
and wherever the config names the part, a missing library is an error, never a stand-in
(``firmware.devices.board``):

- no GPIO pin library: ``PartMissing`` (Kostka does not start), said on the OLED and on stderr;
- no picamera2: the camera is down from the start, each roll says why on the OLED and the dice are
  entered by hand; ``Parts.notices`` says how to install it.

Off a Pi, or when asked for (``stand_ins``: ``kostka run --stand-ins``, the demo), a part whose
hardware is missing gets a stand-in, said in ``Parts.notices``:

- no GPIO pin factory: buttons from the keyboard (``KeyboardButtons`` on stdin);
- ``camera.source = "picamera2"`` where picamera2 is not installed, or ``"synthetic"``: frames of
  stand-in dice (``firmware.standins.tray``) that roll themselves when Kostka asks for a roll.

No I2C bus or no OLED on it gives the OLED drawn in the terminal (``display.driver = "terminal"``),
or kept in memory only when stdout is not a terminal (a service's journal is no screen), anywhere.
The state folder is locked while the parts are open (``firmware.state_lock``): a second Kostka on it
is a ``StateFolderBusy``.

A value that cannot work (a pin in use, no permission on /dev/i2c-1, a state directory that cannot
be written) is an ``AppError`` whose message says what happened and what to do; the verbs print it
and exit 2, never with a traceback. ``open_parts(config)`` gives ``Parts``, a context manager.
"""

from __future__ import annotations

import contextlib
import logging
import queue
import sys
import time
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, TextIO

from PIL import Image, ImageDraw

from firmware.cafe.publisher import Publisher
from firmware.config import Config
from firmware.devices.board import LIBRARIES, Hardware, Probe, has_module, is_raspberry_pi
from firmware.devices.buttons import ButtonPins, ButtonsError, GpioButtons
from firmware.devices.camera import Frame, FrameSource, open_source
from firmware.devices.camera.picamera2 import tray_controls
from firmware.devices.display import Display, DisplayError, open_display
from firmware.devices.notify import Notifier, Watchdog
from firmware.errors import KostkaError, told
from firmware.games.registry import TITLES, rulebook_from_switches
from firmware.games.rulebooks import RulebookError
from firmware.learning import LEARNING, Learner
from firmware.loop import LANGUAGE, CameraFeed, Keeper, Loop, Reader
from firmware.machine.step import Appliance, CameraChecked, Effect, ReadDice, Setup, start
from firmware.messages.i18n import LANGUAGES, t
from firmware.standins.buttons import KeyboardButtons, ScriptedButtons
from firmware.standins.tray import StandInDice, SyntheticSource, truth_reading
from firmware.state_lock import StateFolderBusy, StateLock
from firmware.storage import UNREADABLE, GameStore, SavedGame, SavedGameError, StorageError
from firmware.taught import TaughtColours
from firmware.views import MessageView, Snapshot, View
from vision.reading import Reading

log = logging.getLogger(__name__)


class AppError(KostkaError, RuntimeError):
    """A part that cannot be built; the message (a catalogue key and its fields) says what happened
    and what to do next."""

    @classmethod
    def of(cls, error: KostkaError) -> AppError:
        """The same message as ``error``'s, as the composition root's error."""
        return cls(error.key, **error.fields)


class PartMissing(AppError):
    """A part the box must have whose library is not installed (field ``library``); the message
    names it and the installer."""

    @property
    def library(self) -> str:
        return str(self.fields["library"])


ButtonSource = GpioButtons | KeyboardButtons | ScriptedButtons
SNAPSHOT_H = 64
"""The camera check's picture is as tall as the OLED."""


@dataclass(slots=True)
class Parts:
    """Everything the loop needs, built once; ``close`` closes each part exactly once."""

    config: Config
    events: queue.Queue[Any]
    display: Display
    buttons: ButtonSource
    camera: CameraFeed
    store: GameStore
    notifier: Notifier
    watchdog: Watchdog
    setup: Setup
    dice: StandInDice | None = None
    notices: list[str] = field(default_factory=list)
    taught: TaughtColours | None = None
    taught_cards: TaughtColours | None = None
    lock: StateLock | None = None
    learner: Learner | None = None
    cafe: Publisher | None = None
    """The café's publisher (``[cafe]`` in the config), None without one."""
    closed: bool = False

    def close(self) -> None:
        """Stop the threads first (camera, buttons), then blank the screen, close the store."""
        if self.closed:
            return
        self.closed = True
        errors: list[BaseException] = []
        threads = (self.learner, self.camera, self.buttons, self.cafe)
        for part in (*threads, self.display, self.store, self.notifier, self.lock):
            if part is None:
                continue
            try:
                part.close()
            except Exception as error:  # close the others even if one fails
                errors.append(error)
        if errors:
            raise errors[0]

    def __enter__(self) -> Parts:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def render_view(view: View, width: int = 128, height: int = 64) -> Image.Image:
    """A view drawn on a fresh 1-bit screen image by ``firmware.screens.render``."""
    from firmware.screens.render import render

    image = Image.new("1", (width, height), 0)
    render(ImageDraw.Draw(image), width, height, view)
    return image


def make_setup(config: Config, camera_missing: str | None = None) -> Setup:
    """The rule books of every title with the config's switches, why the networks run on OpenCV's
    dnn if they do (the camera check shows it), the camera's library if it is missing, and whether
    the Lezard board file is an unconfirmed guess (said when a Lezard game is set up)."""
    from firmware.devices.onnx_runtime import fallback
    from firmware.games.lezard.board_check import unchecked as board_unchecked
    from rules.lezard import Lezard

    books = []
    for title in TITLES:
        try:
            books.append(rulebook_from_switches(title, config.game.rules_for(title)))
        except RulebookError as error:
            said = error.message(config.language)
            raise AppError("box.rules_switch", section=f"[game.rules.{title}]", reason=said) from None
    lezard = [book for book in books if isinstance(book, Lezard)]
    unchecked = any(board_unchecked(book.data, config.lezard_board_checked) for book in lezard)
    return Setup(
        tuple(books),
        config.game.goal,
        networks=fallback(),
        camera_missing=camera_missing,
        board_unchecked=unchecked,
        names=config.game.names,
    )


def open_buttons(
    config: Config,
    events: queue.Queue[Any],
    *,
    keyboard: TextIO | None,
    pin_factory: object | None = None,
    required: bool = False,
) -> tuple[ButtonSource, str | None]:
    """GPIO buttons, or the keyboard (or nothing, ``keyboard=None``) where there is no GPIO;
    ``required``: no GPIO is ``PartMissing`` instead."""
    pins = ButtonPins(config.buttons.previous, config.buttons.next, config.buttons.ok)
    library, package = LIBRARIES["gpio"]
    try:
        with warnings.catch_warnings(record=True) as warned:  # gpiozero warns of each library it skips
            warnings.simplefilter("always")
            gpio = GpioButtons(
                pins,
                long_press_s=config.buttons.long_press_s,
                debounce_s=config.buttons.debounce_ms / 1000,
                events=events,
                pin_factory=pin_factory,
            )
        fallback = any(type(w.message).__name__ == "NativePinFactoryFallback" for w in warned)
        return gpio, t("hardware.gpio_fallback", config.language, package=package) if fallback else None
    except ButtonsError as error:
        if error.key != "buttons.no_gpio":
            raise AppError.of(error) from None
        if required:
            reason = error.fields.get("reason", "")
            raise PartMissing(
                "hardware.gpio_missing", library=library, package=package, reason=reason
            ) from None
        if keyboard is None:
            return ScriptedButtons((), events=events), t("box.no_gpio.script", config.language)
        return KeyboardButtons(keyboard, events=events), t("box.no_gpio.keyboard", config.language)


def open_screen(
    config: Config,
    *,
    stream: TextIO | None,
    frames_dir: Path | None = None,
    gif_path: Path | None = None,
    gif_clock: Callable[[], float] = time.monotonic,
) -> tuple[Display, str | None]:
    """The OLED the config names, or the terminal stand-in where there is no I2C device."""
    d = config.display

    def stand_in() -> Display:
        return open_display(
            "terminal", stream=stream, frames_dir=frames_dir, gif_path=gif_path, clock=gif_clock
        )

    if d.driver == "terminal":
        return stand_in(), None
    try:
        return open_display(d.driver, port=d.i2c_port, address=d.i2c_address, rotate=d.luma_rotate), None
    except DisplayError as error:
        if error.key not in ("display.no_bus", "display.not_found") or d.driver == "dummy":
            raise AppError.of(error) from None
        where = "box.oled.terminal" if stream is not None else "box.oled.memory"
        return stand_in(), t(where, config.language, reason=error.message(config.language))


def camera_opener(config: Config, dice: StandInDice | None) -> Callable[[], FrameSource]:
    """A function that opens the camera (called again after each failure)."""
    size = (config.camera.width, config.camera.height)
    if dice is not None:
        return lambda: SyntheticSource(dice, size=size)
    controls = tray_controls(config.camera)
    return lambda: open_source(config.camera.source, size=size, loop=True, controls=controls)


def missing_camera_library(config: Config) -> str | None:
    """The library the config's camera needs and this Python cannot import, else None."""
    library = LIBRARIES["camera"][0]
    return library if config.camera.kind == library and not has_module(library) else None


def wants_stand_in_camera(config: Config, required: bool = False) -> bool:
    """Whether the camera is the stand-in: asked for (``synthetic``), or picamera2 named where it
    is missing and the real one is not ``required``."""
    if config.camera.source == "synthetic":
        return True
    return not required and missing_camera_library(config) is not None


def required_hardware(config: Config, *, stand_ins: bool, on_pi: Probe = is_raspberry_pi) -> Hardware:
    """The parts that must be real: on a Pi all, elsewhere those the config names; none with ``stand_ins``."""
    return Hardware.required(
        on_pi=on_pi(),
        camera_named=config.names("camera.source"),
        gpio_named=config.names("buttons.previous", "buttons.next", "buttons.ok"),
        stand_ins=stand_ins,
    )


def show_missing(display: Display, library: str, lang: str, hint: str) -> None:
    """Say on the screen that ``library`` is missing and how to install it, and leave it lit."""
    title = t("hardware.missing", lang, library=library)
    view = MessageView(title, t("hardware.install", lang), t(hint, lang))
    with contextlib.suppress(Exception):  # an OLED that fails now: stderr says it all the same
        display.show(render_view(view))
        display.leave_on()


def make_reader(
    dice: StandInDice | None,
    *,
    vision: bool = False,
    taught: TaughtColours | None = None,
    taught_cards: TaughtColours | None = None,
    learner: Learner | None = None,
) -> Reader:
    """How a settled frame becomes a ``Reading``: the stand-in's truth, or the vision readers
    (``vision.reader.read_dice`` for pips and, in its cards mode, Lezard cards, with the player's
    cards ``taught_cards`` when there are some; ``vision.colours.reader.read_colours`` for colour
    dice, with the colours ``taught`` on the box when there are some). Pip dice are read with what
    ``learner`` learnt of the players' dice, and it is shown each reading (``firmware.learning``)."""
    if dice is not None and not vision:
        stand_in = dice
        return lambda frame, ask: truth_reading(stand_in.tray, (frame.shape[1], frame.shape[0]))

    def read(frame: Frame, ask: ReadDice) -> Reading:
        if ask.cards:  # a Lezard card: read with the board's colours and its lizards'
            from vision.reader import read_dice

            cards = taught_cards.profile if taught_cards is not None else None
            return read_dice(frame, "cards", colours=ask.cards, profile=cards, lizards=ask.lizards or None)
        from firmware.devices.onnx_runtime import chosen_networks

        if ask.colours:
            from vision.colours.reader import read_colours

            profile = taught.profile if taught is not None else None
            return read_colours(frame, profile, networks=chosen_networks())
        from vision.reader import read_dice

        if learner is None:
            return read_dice(frame, networks=chosen_networks())
        reading = read_dice(frame, networks=chosen_networks(), profile=learner.profile)
        learner.saw(frame, reading)
        return reading

    return read


def warm_up_readers() -> None:
    """Load the vision readers' networks and run the pip reader's once (ONNX Runtime takes about
    0.1 s here to set them up; the first roll's reading would wait for it)."""
    from firmware.devices.onnx_runtime import chosen_networks
    from vision.colours.face_net import MODEL, SECOND_MODEL, load_colour_face_net
    from vision.colours.net import MODEL as COLOUR_MODEL
    from vision.colours.net import load_colour_net
    from vision.pips.reader import load_networks

    networks = chosen_networks()
    load_networks(networks)
    load_colour_net(COLOUR_MODEL, networks)
    load_colour_face_net(MODEL, networks)
    load_colour_face_net(str(SECOND_MODEL), networks)


def teach_features(frame: Frame, mode: str = "colours") -> tuple[tuple[float, ...], ...]:
    """The features of the dice (``mode`` colours) or Lezard cards (``mode`` cards) in a frame, to
    teach them (``vision.colours.reader.teach_features``)."""
    from firmware.devices.onnx_runtime import chosen_networks
    from vision.reader import teach_features as features

    return tuple(features(frame, mode, chosen_networks()))


def check_camera(frames: list[Frame]) -> CameraChecked:
    """The camera's set-up measured from consecutive frames of a still tray (``vision.camera_check``),
    with the last frame made small for the screen."""
    from firmware.devices.onnx_runtime import chosen_networks
    from vision.camera_check import check_frames, faults

    check = check_frames(frames, chosen_networks())
    boxes = tuple((x, y, w, h) for x, y, w, h, _ in check.found)
    return CameraChecked(check, faults(check), snapshot=snapshot(frames[-1], boxes))


def snapshot(
    frame: Frame, boxes: tuple[tuple[int, int, int, int], ...], height: int = SNAPSHOT_H
) -> Snapshot:
    """``frame`` as a grey picture ``height`` pixels tall (shrunk by area), with ``boxes`` (frame pixels)
    shrunk alike."""
    import cv2

    grey = frame if frame.ndim == 2 else cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
    scale = height / grey.shape[0]
    width = max(1, round(grey.shape[1] * scale))
    small = cv2.resize(grey, (width, height), interpolation=cv2.INTER_AREA)
    shrunk = tuple(
        (round(x * scale), round(y * scale), round(w * scale), round(h * scale)) for x, y, w, h in boxes
    )
    return Snapshot(width, height, small.tobytes(), shrunk)


def open_parts(
    config: Config,
    *,
    keyboard: TextIO | None = None,
    stream: TextIO | None = sys.stdout,
    frames_dir: Path | None = None,
    gif_path: Path | None = None,
    gif_clock: Callable[[], float] = time.monotonic,
    seed: int = 0,
    fast_camera: bool = False,
    scripted: bool = False,
    vision_reader: bool = False,
    pin_factory: object | None = None,
    environ: dict[str, str] | None = None,
    stand_ins: bool = False,
    on_pi: Probe = is_raspberry_pi,
    learnt: Path | None = None,
) -> Parts:
    """Build every part; on failure, close what was built and raise ``AppError``.

    ``keyboard``: where keys come from when there is no GPIO; ``scripted``: no buttons at all but
    presses put on ``Parts.events`` (the demo); ``stream``, ``frames_dir``, ``gif_path``: the
    terminal stand-in's output, ``gif_clock`` what times the GIF's frames; ``seed``: the stand-in
    dice's; ``fast_camera``: see ``CameraFeed``; ``vision_reader``: read stand-in frames with the
    vision readers too (else their truth); ``stand_ins``: stand-ins for missing hardware also on a
    Pi; ``on_pi``: whether this is a Pi; ``learnt``: the learnt dice profile the box reads and adapts
    (default: ``dice.json`` in the state folder, ``firmware.learning``). A state folder another
    process holds is an ``AppError`` that names the holder in the config's language (``firmware.state_lock``).
    """
    events: queue.Queue[Any] = queue.Queue()
    notices: list[str] = []
    hardware = required_hardware(config, stand_ins=stand_ins, on_pi=on_pi)
    camera_missing = missing_camera_library(config) if hardware.camera else None
    with contextlib.ExitStack() as built:
        setup = make_setup(config, camera_missing)
        lock: StateLock | None = None
        try:
            lock = StateLock(config.state_dir)
        except StateFolderBusy as error:
            raise AppError.of(error) from None
        except OSError:  # a folder that cannot be written: the store says so, and how to fix it
            pass
        else:
            built.callback(lock.close)
        notifier = built.enter_context(Notifier.from_environ(environ))
        watchdog = Watchdog.for_service(notifier, config.camera.stall_s, environ)
        try:
            store = built.enter_context(GameStore(config.state_dir))
        except StorageError as error:
            raise AppError.of(error) from None
        if store.notice:
            notices.append(store.notice.said(config.language))
        display, notice = open_screen(
            config, stream=stream, frames_dir=frames_dir, gif_path=gif_path, gif_clock=gif_clock
        )
        built.callback(display.close)
        notices += [notice] if notice else []
        if scripted:
            buttons: ButtonSource = ScriptedButtons((), events=events)
            notice = None
        else:
            try:
                buttons, notice = open_buttons(
                    config, events, keyboard=keyboard, pin_factory=pin_factory, required=hardware.gpio
                )
            except PartMissing as error:
                show_missing(display, error.library, config.language, "hardware.no_buttons")
                raise
        built.callback(buttons.close)
        notices += [notice] if notice else []
        dice: StandInDice | None = None
        if wants_stand_in_camera(config, hardware.camera):
            dice = StandInDice(seed)
            if config.camera.source != "synthetic":
                notices.append(t("box.no_picamera2", config.language))
        if camera_missing is not None:
            package = LIBRARIES["camera"][1]
            said = t("hardware.camera_missing", config.language, library=camera_missing, package=package)
            notices.append(said)
        taught, taught_cards = TaughtColours(config.state_dir), TaughtColours(config.state_dir, "cards")
        notices += [kept.notice.said(config.language) for kept in (taught, taught_cards) if kept.notice]
        learner = make_learner(config, store, learnt)
        notices += [learner.notice.said(config.language)] if learner.notice else []
        camera = CameraFeed(
            camera_opener(config, dice),
            events,
            make_reader(
                dice, vision=vision_reader, taught=taught, taught_cards=taught_cards, learner=learner
            ),
            teacher=teach_features,
            checker=check_camera,
            warm_up=warm_up_readers if dice is None or vision_reader else None,
            watchdog=watchdog,
            fps=config.camera.fps,
            idle_fps=config.camera.idle_fps,
            stall_s=config.camera.stall_s,
            fast=fast_camera,
            lang=config.language,
        )
        learner.is_idle = lambda: camera.detector.idle
        cafe = None
        if config.cafe is not None:
            try:
                cafe = Publisher(config.cafe, config.state_dir, config.language)
            except OSError as error:  # the store could write there: not a reason to stop the game
                said = told(error, config.language)
                log.error("%s", t("cafe.no_outbox", config.language, path=config.state_dir, reason=said))
            else:
                cafe.start()
                built.callback(cafe.close, 0.0)
        built.pop_all()
    return Parts(
        config, events, display, buttons, camera, store, notifier, watchdog, setup, dice, notices,
        taught=taught, taught_cards=taught_cards, lock=lock, learner=learner, cafe=cafe,
    )  # fmt: skip


def make_learner(config: Config, store: GameStore, profile: Path | None = None) -> Learner:
    """What the box learns of the players' pip dice (``firmware.learning``): on unless switched off in
    the menu (a saved setting); ``profile``: its profile file instead of the state folder's."""
    from firmware.devices.onnx_runtime import chosen_networks

    return Learner(
        config.state_dir,
        chosen_networks(),
        limit=config.learn.keep,
        every=config.learn.every,
        enabled=store.setting(LEARNING) != "off",
        profile=profile,
        lang=config.language,
    )


@dataclass(frozen=True, slots=True)
class Beginning:
    """Where the loop starts: the first state and effects, and the keeper of the saved game."""

    state: Appliance
    effects: list[Effect]
    keeper: Keeper
    resumed: bool
    seed: int | None


def begin(
    parts: Parts,
    *,
    lang: str | None = None,
    title: str | None = None,
    players: int | None = None,
    seed: int | None = None,
    resume: Callable[[SavedGame], bool] = lambda saved: True,
) -> Beginning:
    """The unfinished saved game taken up again (when ``resume`` agrees), else the game menu
    after the first screen (the three buttons, how to open the menu).

    The language: ``lang`` if given, else the one last chosen in the menu (kept in the state
    directory), else the saved game's, else the config's. A saved game that cannot be rebuilt goes
    to the history as unreadable, with a notice.
    """
    config = parts.config
    chosen = parts.store.setting(LANGUAGE)
    lang = lang or (chosen if chosen in LANGUAGES else None)
    try:
        saved = parts.store.current()
    except SavedGameError as error:
        parts.notices.append(error.message(config.language))
        parts.store.abandon(UNREADABLE)
        saved = None
    if saved is not None and resume(saved):
        lang = lang or saved.language
        keeper = Keeper(parts.store, language=lang, seed=saved.seed, goal=parts.setup.goal)
        keeper.resumed(saved.match)
        players_now = len(saved.match.players)
        state, effects = start(parts.setup, lang=lang, match=saved.match, players=players_now)
        return Beginning(_learning(state, parts), effects, keeper, True, saved.seed)
    lang = lang or config.language
    keeper = Keeper(parts.store, language=lang, seed=seed, goal=parts.setup.goal)
    state, effects = start(
        parts.setup,
        lang=lang,
        title=title or config.game.default,
        players=players or config.game.players,
        welcome=True,
    )
    return Beginning(_learning(state, parts), effects, keeper, False, seed)


def _learning(state: Appliance, parts: Parts) -> Appliance:
    """``state`` told whether the box learns the players' dice and how many it keeps."""
    if parts.learner is None:
        return state
    return replace(state, learning=parts.learner.enabled, learnt=parts.learner.kept.count())


def loop_of(parts: Parts, beginning: Beginning, **hooks: Any) -> Loop:
    """The event loop over ``parts`` from ``beginning``, the OLED drawn by ``render_view``; ``hooks``
    are the loop's own options (``on_read_dice``, ``on_state``, ``until``, ``taught``...). A box with a
    café (``parts.cafe``) tells it every step."""
    if parts.cafe is not None:
        parts.cafe.begin(beginning.state, beginning.resumed)
        hooks.setdefault("on_step", parts.cafe.step)
    return Loop(
        beginning.state,
        beginning.effects,
        events=parts.events,
        screen=parts.display,
        render=render_view,
        keeper=beginning.keeper,
        camera=parts.camera,
        notifier=parts.notifier,
        watchdog=parts.watchdog,
        **({"learner": parts.learner} | hooks),
    )
