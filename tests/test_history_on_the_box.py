"""The history on the box: the winner's line of best moves, and the History screen opened from the
menu (the loop reads the store, the machine shows the wins, then the last games)."""

from __future__ import annotations

import queue
from pathlib import Path

from PIL import Image

from firmware.devices.notify import Notifier, Watchdog
from firmware.history.summary import Summary
from firmware.loop import Keeper, Loop
from firmware.machine.effects import ReadHistory
from firmware.machine.events import ButtonEvent, HistoryRead
from firmware.machine.state import HistoryPages, menu_items
from firmware.machine.step import start, step
from firmware.machine.views import best_moves_line
from firmware.screens.samples import sample_setup
from firmware.storage import GameStore
from firmware.views import HelpView, MessageView, ScoresView
from rules.match import Match
from rules.shut_the_box import ShutTheBox
from tests.test_flows import Camera, Screen
from tests.test_history import GAME, played

OK, PREV, NEXT, MENU = ButtonEvent.OK, ButtonEvent.PREV, ButtonEvent.NEXT, ButtonEvent.MENU


def test_the_winner_line_counts_the_winners_best_moves() -> None:
    book = ShutTheBox()
    match = Match.replay(book, ["Ala", "Olek"], GAME)
    assert best_moves_line(match, 1, "penalty", "en") == "best moves 1 of 2"
    assert best_moves_line(match, 1, "penalty", "pl") == "najlepsze ruchy: 1 z 2"
    alone = Match.replay(book, ["Ala"], ["roll 1 1", "shut 2", "roll 1 1"])  # forced, then none: no choice
    assert best_moves_line(alone, 0, "penalty", "en") == ""


def test_history_opens_from_the_menu_and_shows_wins_then_games(tmp_path: Path) -> None:
    state, _ = start(sample_setup(), lang="en", title="shut-the-box", players=2)
    state, _ = step(state, OK)
    state, _ = step(state, OK)
    events: queue.Queue[object] = queue.Queue()
    with GameStore(tmp_path) as store:
        played(store)
        played(store)
        loop = Loop(state, [], events=events, screen=Screen(), render=lambda view: Image.new("1", (128, 64)),
                    keeper=Keeper(store, language="en"), camera=Camera(),  # type: ignore[arg-type]
                    notifier=Notifier(None), watchdog=Watchdog(None, 10.0, lambda: True))
        back = loop.state.screen
        loop.handle(MENU)
        for _ in range(menu_items(loop.state).index("menu.history")):
            loop.handle(NEXT)
        loop.state, effects = step(loop.state, OK)
        assert any(isinstance(e, ReadHistory) for e in effects)
        assert isinstance(loop.state.screen, HistoryPages)
        assert loop.state.shown == MessageView("History", "Reading…")
        loop.carry_out(effects)
        read = events.get_nowait()
        assert isinstance(read, HistoryRead)
        loop.handle(read)
    wins = loop.state.shown
    assert isinstance(wins, ScoresView) and wins.title == "History: wins"
    assert [(row.name, row.value, row.leader) for row in wins.rows] == [
        ("Olek", "2 of 2", True), ("Ala", "0 of 2", False)
    ]
    loop.handle(NEXT)
    game = loop.state.shown
    assert isinstance(game, HelpView) and game.text == "Shut the Box: Olek won, 26:22" and game.pages == 3
    loop.handle(PREV)
    loop.handle(PREV)
    assert isinstance(loop.state.shown, HelpView) and loop.state.shown.page == 2
    loop.handle(OK)
    assert loop.state.screen == back


def test_history_read_elsewhere_changes_nothing() -> None:
    state, _ = start(sample_setup(), lang="en", title="shut-the-box", players=2)
    state, _ = step(state, OK)
    state, _ = step(state, OK)
    assert not isinstance(state.screen, HistoryPages)
    after, effects = step(state, HistoryRead(Summary((), ())))
    assert after.screen == state.screen and effects == []
