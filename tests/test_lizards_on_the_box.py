"""Lezard Domino's set-up on the box: the word that the board file is unchecked, then each player
choosing their lizard with the buttons; the game starts with those lizards and saves them."""

from __future__ import annotations

import doctest
from dataclasses import replace

from firmware.games.registry import rulebook_from_switches, rulebook_to_switches
from firmware.machine import lizards
from firmware.machine.events import ButtonEvent
from firmware.machine.lizards import LizardsMenu
from firmware.machine.state import Appliance, FirstPlayer, Notice, PlayersMenu
from firmware.machine.step import start, step
from firmware.machine.views import view_of
from firmware.screens.samples import sample_setup
from firmware.views import ListView

OK, NEXT = ButtonEvent.OK, ButtonEvent.NEXT


def to_players_menu(unchecked: bool, players: int) -> Appliance:
    setup = replace(sample_setup(), board_unchecked=unchecked)
    state, _ = start(setup, lang="pl", title="lezard")
    state, _ = step(state, OK)
    assert isinstance(state.screen, PlayersMenu)
    for _ in range(players - 2):
        state, _ = step(state, NEXT)
    state, _ = step(state, OK)
    assert isinstance(state.screen, FirstPlayer)
    state, _ = step(state, OK)  # the first seat starts
    return state


def test_the_doctests() -> None:
    assert doctest.testmod(lizards).failed == 0


def test_an_unchecked_board_is_said_once_then_each_player_chooses() -> None:
    state = to_players_menu(True, 3)
    assert isinstance(state.screen, Notice) and state.screen.key == "lezard.board_unchecked"
    state, _ = step(state, OK)
    view = view_of(state)
    assert isinstance(view, ListView) and view.title == "Gracz 1: jaszczurka"
    assert view.items == ("zielona", "niebieska", "czerwona", "żółta")
    state, _ = step(state, NEXT)  # Gracz 1 takes the blue lizard
    state, _ = step(state, OK)
    view = view_of(state)
    assert isinstance(view, ListView) and view.items == ("zielona", "czerwona", "żółta")
    state, _ = step(state, NEXT)
    state, _ = step(state, NEXT)  # Gracz 2 the yellow one
    state, _ = step(state, OK)
    state, _ = step(state, OK)  # Gracz 3 the green one
    assert state.match is not None and state.match.state.lizards == (("blue",), ("yellow",), ("green",))
    saved = rulebook_to_switches(state.match.book)
    assert rulebook_from_switches("lezard", saved) == state.match.book  # the lizards are in the save


def test_a_checked_board_goes_straight_to_the_lizards_and_two_players_choose_pairs() -> None:
    state = to_players_menu(False, 2)
    assert isinstance(state.screen, LizardsMenu)
    view = view_of(state)
    assert isinstance(view, ListView) and view.items[0] == "zielona + niebieska" and len(view.items) == 6
    state, _ = step(state, NEXT)
    state, _ = step(state, OK)  # green + red; the second player takes the other two by themself
    assert state.match is not None and state.match.state.lizards == (("green", "red"), ("blue", "yellow"))
