"""Teaching the Lezard cards on the box, in a Lezard game, guided on the OLED (the menu's "teach cards").

The walk goes through the state machine with synthetic frames (measure.synth renders the player's own
cards, a copy whose yellow is amber: between the built-in bands of orange and yellow); the profile is
then kept in the state directory as ``cards.json`` and the box's card reader reads the amber yellow
card with it. The camera thread hands the teacher the mode asked for, a loop with nowhere to keep
the cards tells the machine, and the whole box teaches stand-in cards and keeps them across a restart.
"""

from __future__ import annotations

import queue
from pathlib import Path
from typing import Any

import numpy as np
from box_driver import Box, next_of
from test_teach_cards import AMBER, TEACH_LIGHT

from firmware.app import begin, make_reader, open_parts, render_view, teach_features
from firmware.config import Camera, Config, Display, Game
from firmware.loop import CameraFeed, Loop
from firmware.machine.events import ButtonEvent
from firmware.machine.state import Menu, Notice, menu_items
from firmware.machine.step import ColoursNotKept, FacesSeen, KeepColours, ReadDice, TakeFrames, Tick, start
from firmware.screens.samples import sample_setup, shipped_lezard
from firmware.taught import PROFILE_NAME, TaughtColours
from firmware.views import MessageView, TeachView
from measure.synth import CardFace, Light, render

OK, PREV, NEXT, MENU = ButtonEvent.OK, ButtonEvent.PREV, ButtonEvent.NEXT, ButtonEvent.MENU
BOARD = shipped_lezard().data.colours  # orange, red, yellow, blue, green
READ_LIGHT = Light(kelvin=6000.0, white_balance_left=0.3, brightness=1.0)


def cards_frame(colour: str | None, seed: int, light: Light = TEACH_LIGHT) -> Any:
    """Two one-square cards of ``colour`` under the camera (None: an empty tray)."""
    shown = [CardFace("square", (colour,))] * 2 if colour else []
    frame, _ = render(seed, "easy", "cards", faces=shown, kit=AMBER, light=light, size=(640, 480))
    return frame


def at_a_game_of(title: str) -> Box:
    box = Box(*start(sample_setup(), lang="en", title=title))
    box(OK, OK, OK)  # the title, two players, the first seat starts
    if title == "lezard":
        box(OK)  # the players' lizards: the first seat's first choice, the second seat the others
    assert box.state.match is not None and box.state.match.book.title == title
    return box


def test_teach_cards_is_offered_in_a_lezard_game_only() -> None:
    assert "menu.teach_cards" not in menu_items(at_a_game_of("stonoga").state)
    box = at_a_game_of("lezard")
    box(MENU)
    items = menu_items(box.state)
    assert isinstance(box.state.screen, Menu)
    assert box.view.items[items.index("menu.teach_cards")] == "Teach cards"


def test_the_board_s_colours_are_taught_one_by_one_and_the_box_reads_its_cards_with_them(
    tmp_path: Path,
) -> None:
    box = at_a_game_of("lezard")
    asked = box.effects
    box(MENU)
    box(*[NEXT] * menu_items(box.state).index("menu.teach_cards"), OK)
    assert box.teach.cards == BOARD and box.teach.index == 0
    first = box.view
    assert isinstance(first, TeachView) and first.card
    assert (first.title, first.show, first.name) == ("Cards 1/5", "Card colour:", "orange")

    assert box(OK) == [TakeFrames("orange", 3, "cards")]  # frames of cards, not dice
    for n in range(3):  # an empty tray: nothing seen, asked again
        box(FacesSeen("orange", teach_features(cards_frame(None, 700 + n), "cards")))
    assert box.teach.problem == "teach.no_card_seen" and box.view.title == "No card seen"
    seed = 710
    for colour in BOARD:
        assert box(OK) == [TakeFrames(colour, 3, "cards")]
        effects = []
        for _ in range(3):
            seed += 1
            features = teach_features(cards_frame(colour, seed), "cards")
            assert len(features) == 2  # both cards seen, each teaching its one mark
            effects = box(FacesSeen(colour, features))
        if colour == "orange":  # PREV after a colour goes back to it, still teaching cards
            assert box.teach.index == 1 and box(PREV) == [] and box.teach.index == 0 and box.teach.cards
            assert box(OK) == [TakeFrames("orange", 3, "cards")]
            effects = box(*[FacesSeen("orange", features)] * 3)
    assert len(effects) == 1 and isinstance(effects[0], KeepColours) and effects[0].mode == "cards"
    taught = effects[0].taught
    assert [colour for colour, _ in taught] == list(BOARD)
    assert isinstance(box.state.screen, Notice) and box.view == MessageView("Cards learnt")
    again = box(Tick(sample_setup().notice_s))
    assert again == [a for a in asked if isinstance(a, ReadDice)] and again[0].cards == BOARD  # the card

    kept = TaughtColours(tmp_path, "cards")
    kept.keep(taught)  # what the loop does with KeepColours(mode="cards")
    assert (tmp_path / "cards.json").is_file() and not (tmp_path / PROFILE_NAME).exists()
    restarted = TaughtColours(tmp_path, "cards")
    assert restarted.profile is not None and restarted.profile.mode == "cards"
    yellow = cards_frame("yellow", 790, READ_LIGHT)
    read = make_reader(None, vision=True, taught_cards=restarted)(yellow, ReadDice(1, False, 1, BOARD))
    assert [(str(d.face), d.status) for d in read.dice] == [("square:yellow", "ok")] * 2
    built_in = make_reader(None, vision=True)(yellow, ReadDice(1, False, 1, BOARD))
    assert [d.status for d in built_in.dice] == ["uncertain"] * 2  # amber: neither orange nor yellow


def test_a_loop_keeps_the_cards_apart_from_the_colours_and_says_when_it_cannot(tmp_path: Path) -> None:
    class Camera:
        def take(self, ask: TakeFrames) -> None: ...

    events: queue.Queue[Any] = queue.Queue()
    state, first = start(sample_setup(), lang="en")
    colours = TaughtColours(tmp_path)
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
        taught=colours,
    )  # type: ignore[arg-type]
    cards = KeepColours((("red", ((1.0, 0.0),)), ("blue", ((-1.0, 0.0),))), "cards")
    loop.carry_out([cards])
    assert isinstance(events.get_nowait(), ColoursNotKept) and colours.profile is None  # nowhere for cards
    loop.taught_cards = TaughtColours(tmp_path, "cards")
    loop.carry_out([cards])
    assert events.empty() and colours.profile is None and not (tmp_path / PROFILE_NAME).exists()
    assert TaughtColours(tmp_path, "cards").profile == loop.taught_cards.profile


def test_the_camera_thread_hands_the_teacher_the_mode_asked() -> None:
    class Tray:
        def read(self) -> Any:
            return np.zeros((480, 640, 3), np.uint8)

        def close(self) -> None: ...

    events: queue.Queue[Any] = queue.Queue()
    modes: list[str] = []

    def teacher(frame: Any, mode: str) -> tuple[tuple[float, ...], ...]:
        modes.append(mode)
        return ((float(len(modes)),),)

    feed = CameraFeed(lambda: Tray(), events, lambda f, a: None, fast=True,  # type: ignore[arg-type,return-value]
                      teacher=teacher, backoff=(0.05, 0.05))  # fmt: skip
    feed.start()
    try:
        feed.take(TakeFrames("yellow", 2, "cards"))
        seen = [next_of(events, FacesSeen) for _ in range(2)]
        feed.take(TakeFrames("star", 1))
        seen.append(next_of(events, FacesSeen))
    finally:
        feed.close()
    assert [s.face for s in seen] == ["yellow", "yellow", "star"] and modes == ["cards", "cards", "colours"]


def test_the_whole_box_teaches_stand_in_cards_and_keeps_them_across_a_restart(tmp_path: Path) -> None:
    camera = Camera(source="synthetic", width=640, height=480)
    config = Config(display=Display(driver="terminal"), camera=camera, game=Game(default="lezard", players=2),
                    language="en", state_dir=tmp_path / "state")  # fmt: skip
    with open_parts(config, stream=None, scripted=True, fast_camera=True, environ={}) as parts:
        assert parts.taught_cards is not None and parts.taught_cards.profile is None
        assert parts.dice is not None
        beginning = begin(parts)
        loop = Loop(beginning.state, beginning.effects, events=parts.events, screen=parts.display,
                    render=render_view, keeper=beginning.keeper, camera=parts.camera,
                    notifier=parts.notifier, watchdog=parts.watchdog, taught=parts.taught,
                    taught_cards=parts.taught_cards)  # fmt: skip
        loop.carry_out(beginning.effects)
        parts.camera.start()
        loop.handle(OK)  # the buttons told
        loop.handle(OK)  # Lezard Domino, as set
        loop.handle(OK)  # two players
        loop.handle(OK)  # the first seat starts
        loop.handle(OK)  # the word that the shipped board file is unchecked
        loop.handle(OK)  # the players' lizards
        assert loop.state.match is not None and loop.state.match.book.title == "lezard"
        for press in (MENU, *[NEXT] * menu_items(loop.state).index("menu.teach_cards"), OK):
            loop.handle(press)
        for colour in BOARD:
            shown = [f"square:{colour}"] * 2  # the player lays two cards of the colour out
            parts.dice.roll(2, colours=True, key=colour, faces=shown)
            loop.handle(OK)
            for _ in range(3):
                loop.handle(next_of(parts.events, FacesSeen))
        assert isinstance(loop.state.screen, Notice) and loop.state.screen.key == "teach.cards_done"
        assert parts.taught_cards.profile is not None and parts.taught is not None
        assert parts.taught.profile is None  # the dice's colours are not touched
    with open_parts(config, stream=None, scripted=True, fast_camera=True, environ={}) as parts:
        assert parts.taught_cards is not None and parts.taught_cards.profile is not None
        assert parts.taught_cards.profile.mode == "cards"
        assert set(parts.taught_cards.profile.names) == set(BOARD)
        assert (config.state_dir / "cards.json").is_file() and not (config.state_dir / PROFILE_NAME).exists()
