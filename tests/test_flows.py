"""The box's own flow: the buttons explained at start-up, the menu's hint, players' names and who
starts, the last turn before the winner, what the winner screen offers, help pages, powering off."""

from __future__ import annotations

import doctest
import os
import queue
import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

import firmware.machine.help
import firmware.machine.seating
import firmware.machine.views
import firmware.screens.pages
from firmware.cli.play import first_seat
from firmware.cli.run import POWER_OFF
from firmware.config import ConfigError, config_from_toml
from firmware.devices.notify import Notifier, Watchdog
from firmware.games.registry import advise
from firmware.loop import Keeper, Loop
from firmware.machine.effects import PowerOff, Save, Show
from firmware.machine.events import ButtonEvent, DiceRead
from firmware.machine.help import pages, topics
from firmware.machine.lizards import LizardsMenu
from firmware.machine.seating import rule_key
from firmware.machine.state import (
    Appliance,
    FirstPlayer,
    GameMenu,
    HelpMenu,
    HelpPage,
    Menu,
    Notice,
    PlayersMenu,
    PoweringOff,
    RollNow,
    Seat,
    TurnOver,
    Welcome,
    Winner,
    menu_items,
)
from firmware.machine.step import start, step
from firmware.messages.i18n import LANGUAGES, catalogue, t
from firmware.screens.drawing import wrap
from firmware.screens.fonts import font
from firmware.screens.pages import HELP_LINES, HELP_SIZE
from firmware.screens.render import render
from firmware.screens.samples import NAMES, sample_setup
from firmware.storage import GameStore
from firmware.views import ButtonsView, HelpView, PickView, RollView, ScoreRow, WinnerView
from rules.match import Match
from vision.reading import Die, Reading

OK, PREV, NEXT, MENU = ButtonEvent.OK, ButtonEvent.PREV, ButtonEvent.NEXT, ButtonEvent.MENU
ROOT = Path(__file__).resolve().parent.parent


def press(state: Appliance, *events: ButtonEvent) -> Appliance:
    for event in events:
        state, _ = step(state, event)
    return state


def test_module_examples() -> None:
    machine = (firmware.machine.seating, firmware.machine.help, firmware.machine.views)
    for module in (*machine, firmware.screens.pages):
        result = doctest.testmod(module)
        assert result.failed == 0 and result.attempted > 0, module.__name__


# --- the first screen and the menu's hint ---------------------------------------------------------


def test_the_box_starts_by_showing_its_buttons_and_how_to_open_the_menu() -> None:
    state, effects = start(sample_setup(), lang="pl", welcome=True)
    assert isinstance(state.screen, Welcome)
    view = effects[-1].view  # type: ignore[union-attr]
    assert isinstance(view, ButtonsView) and "OK" in view.menu and "Menu" in view.menu
    assert isinstance(press(state, NEXT).screen, GameMenu)  # any button goes on
    assert isinstance(press(state, MENU).screen, Menu)  # and the menu opens from it too


def test_a_saved_game_is_taken_up_without_the_first_screen() -> None:
    setup = sample_setup()
    match = Match.start(setup.book("shut-the-box"), ["1"])
    state, _ = start(setup, match=match, welcome=True)
    assert isinstance(state.screen, RollNow)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_roll_screen_says_how_to_open_the_menu(lang: str) -> None:
    state = at_roll(sample_setup(), "stonoga", lang)
    assert isinstance(state.shown, RollView) and state.shown.hint == t("menu.hold_hint", lang)


def at_roll(setup, title: str, lang: str = "en", players: int = 2) -> Appliance:  # type: ignore[no-untyped-def]
    state, _ = start(setup, lang=lang, title=title, players=players)
    state = press(state, OK, OK)
    if isinstance(state.screen, FirstPlayer):
        state = press(state, OK)
    while isinstance(state.screen, Notice | LizardsMenu):  # Lezard: each seat takes its lizard
        state = press(state, OK)
    assert isinstance(state.screen, RollNow), state.screen
    return state


# --- names and who starts -------------------------------------------------------------------------


def test_seats_are_named_from_the_configs_names_or_numbered() -> None:
    setup = replace(sample_setup(), names=("Ala", "Olek"))
    state, _ = start(setup, lang="pl", title="stonoga", players=3)
    state = press(state, OK)
    assert isinstance(state.screen, PlayersMenu)
    state = press(state, OK)  # three players, as the menu offers first
    assert state.screen == Seat(3, (), 0)
    assert state.shown == PickView("Gracz 1 to:", "", "Ala", 0, 3, t("seat.hint", "pl"))
    state = press(state, NEXT, OK)  # seat 1: Olek
    assert state.screen == Seat(3, ("Olek",), 0)
    state = press(state, OK)  # seat 2: Ala; seat 3 has only its number and is not asked
    assert isinstance(state.screen, FirstPlayer) and state.screen.names == ("Olek", "Ala", "3")
    assert isinstance(state.shown, PickView) and state.shown.prompt == t("first.rule.stonoga", "pl")
    state, effects = step(state, PREV)  # who starts: round the list to Player 3
    assert state.shown is not None and state.shown.choice == "Gracz 3"  # type: ignore[union-attr]
    state, effects = step(state, OK)
    assert state.match is not None and state.match.players == ("3", "Olek", "Ala")  # clockwise from 3
    assert isinstance(effects[0], Save) and effects[0].match.players == ("3", "Olek", "Ala")
    view = state.shown
    assert isinstance(view, RollView) and view.player == "Gracz 3"


def test_without_names_and_alone_nothing_more_is_asked() -> None:
    state, _ = start(sample_setup(), lang="en", title="shut-the-box", players=1)
    state = press(state, OK, OK)
    assert isinstance(state.screen, RollNow) and state.match is not None and state.match.players == ("1",)


@pytest.mark.parametrize("title", ["shut-the-box", "stonoga", "lezard"])
def test_who_starts_is_asked_with_the_rule_sheets_words(title: str) -> None:
    state, _ = start(sample_setup(), lang="pl", title=title, players=2)
    state = press(state, OK, OK)
    assert isinstance(state.screen, FirstPlayer)
    assert isinstance(state.shown, PickView) and state.shown.prompt == t(rule_key(title), "pl")
    assert rule_key(title) == "first.rule." + title.replace("-", "_")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rules_on_who_starts_fit_two_lines(lang: str) -> None:
    for key in ("first.rule.shut_the_box", "first.rule.stonoga", "first.rule.lezard"):
        assert len(wrap(t(key, lang), font(10), 128)) <= 2, (lang, key)


def test_names_in_the_config_are_checked() -> None:
    assert config_from_toml('[game]\nnames = ["Ala", "Olek"]\n').game.names == ("Ala", "Olek")
    for bad in ('["Ala", "Ala"]', '["7"]', '[""]', '"Ala"', '["Konstantynopolitańczyk"]'):
        with pytest.raises(ConfigError, match=r"game\.names"):
            config_from_toml(f"[game]\nnames = {bad}\n")


def test_kostka_play_first_names_a_player_or_a_seat() -> None:
    assert first_seat(None, ["Ala", "Olek"]) == 0
    assert first_seat("Olek", ["Ala", "Olek"]) == 1
    assert first_seat("2", ["Ala", "Olek"]) == 1
    assert first_seat("3", ["Ala", "Olek"]) is None


def test_kostka_play_says_the_rule_and_starts_with_first(tmp_path: Path) -> None:
    args = ["-m", "firmware", "play", "stonoga", "--players", "Ala,Olek,Ewa", "--first", "Ewa"]
    result = subprocess.run([sys.executable, *args], input="", capture_output=True, text=True, timeout=120,
                            cwd=ROOT)
    lines = result.stdout.splitlines()
    rule = f"{t('first.title', 'pl')} {t('first.rule.stonoga', 'pl')}"
    assert lines[0] == f"{rule} {t('first.starts', 'pl', name='Ewa')}"
    assert lines[1].endswith("Ewa, Ala, Olek.")  # clockwise from Ewa
    bad = subprocess.run([sys.executable, *args[:-1], "Zed"], capture_output=True, text=True, timeout=120,
                         cwd=ROOT)
    assert bad.returncode == 2 and "Zed" in bad.stderr and "Traceback" not in bad.stderr


# --- the end of a game ----------------------------------------------------------------------------


def finished_match(setup, players: list[str]) -> Match:  # type: ignore[no-untyped-def,type-arg]
    match = Match.start(setup.book("shut-the-box"), players)
    while match.book.outcome(match.state) is None:
        advice = advise(match.book, match.state)
        match = match.play(advice[0].move if advice else match.book.chance_outcomes(match.state)[0][0])
    return match


def test_the_last_turns_penalty_is_shown_before_the_winner() -> None:
    setup = sample_setup()
    done = finished_match(setup, ["Ala", "Olek"])
    before = Match.replay(done.book, list(done.players), list(done.moves[:-1]))
    state, _ = start(setup, lang="pl", match=before)
    assert state.match is not None and state.match.book.outcome(state.match.state) is None
    assert isinstance(state.screen, RollNow) and done.moves[-1].startswith("roll ")  # no flap to shut
    pips = [int(p) for p in done.moves[-1].split()[1:]]
    dice = tuple(Die(p, 0.95, "ok", (100 + 50 * i, 200, 40, 40)) for i, p in enumerate(pips))
    state, _ = step(state, DiceRead(Reading(dice, 640, 480)))
    state, effects = step(state, OK)  # the reading is right: the last roll, no move left
    assert isinstance(state.screen, TurnOver) and state.screen.note is not None
    assert [type(e).__name__ for e in effects][:2] == ["Save", "Finish"]
    assert t("shut.lost_roll", "pl", n=state.screen.note[1]) == state.shown.footer  # type: ignore[union-attr]
    state = press(state, OK)
    assert isinstance(state.screen, Winner)


def test_the_winner_screen_offers_the_same_players_again_another_game_and_the_menu() -> None:
    setup = sample_setup()
    state, _ = start(setup, lang="en", match=finished_match(setup, ["Ala", "Olek"]))
    assert state.screen == Winner()
    view = state.shown
    assert isinstance(view, WinnerView) and view.options == ("Play again", "Other game", "Menu")
    menu = press(state, PREV, OK)
    assert isinstance(menu.screen, Menu) and menu.screen.back == Winner(2)
    assert isinstance(press(menu, OK).screen, Winner)  # "back" from the menu
    again = press(state, OK)
    assert again.screen == FirstPlayer(("Ala", "Olek"))
    again, effects = step(again, NEXT)
    again, effects = step(again, OK)
    assert again.match is not None and again.match.players == ("Olek", "Ala") and not again.match.moves
    assert isinstance(again.screen, RollNow) and any(isinstance(e, Save) for e in effects)


def draw(view: object) -> Image.Image:
    image = Image.new("1", (128, 64))
    render(ImageDraw.Draw(image), 128, 64, view)  # type: ignore[arg-type]
    return image


def test_six_long_names_fit_the_winner_screen_in_two_columns() -> None:
    rows = tuple(ScoreRow(name, str(n + 1), str(10 + n), leader=n == 2) for n, name in enumerate(NAMES))
    image = draw(WinnerView("Winner!", "Małgorzata wins!", rows, ("Play again", "Menu"), 0))
    for left, right in ((0, 64), (64, 128)):
        assert image.crop((left, 16, right, 50)).getbbox() is not None
    assert image.crop((0, 52, 128, 64)).getbbox() == (0, 0, 128, 12)  # the inverted option bar


# --- help -----------------------------------------------------------------------------------------


def test_help_opens_from_the_menu_at_the_game_played_and_pages_go_round() -> None:
    setup = sample_setup()
    state = at_roll(setup, "lezard")
    state = press(state, MENU, *[NEXT] * menu_items(state).index("menu.help"), OK)
    assert state.screen == HelpMenu(RollNow(), topics(setup.titles()).index("lezard") + 1)
    state = press(state, OK)
    assert state.screen == HelpPage(RollNow(), "lezard", 0)
    assert isinstance(state.shown, HelpView) and state.shown.pages == pages("lezard")
    state = press(state, PREV)
    assert state.screen == HelpPage(RollNow(), "lezard", pages("lezard") - 1)  # round to the last page
    state = press(state, OK)  # back to the topics
    assert isinstance(state.screen, HelpMenu)
    state = press(state, *[PREV] * state.screen.cursor, OK)  # the "back" row: the game again
    assert isinstance(state.screen, RollNow) and state.match is not None


def test_every_topic_has_pages_in_both_languages_and_each_fits_the_screen() -> None:
    for topic in topics(sample_setup().titles()):
        assert pages(topic) >= 4, topic
        for lang in LANGUAGES:
            for n in range(1, pages(topic) + 1):
                text = catalogue(lang)[f"help.{topic}.{n}"]
                assert len(wrap(text, font(HELP_SIZE), 127)) <= HELP_LINES, (lang, topic, n, text)
    assert not any(re.fullmatch(r"help\.\w+\.0", key) for key in catalogue("pl"))


# --- powering off ---------------------------------------------------------------------------------


def test_power_off_is_asked_then_said_and_nothing_more_happens() -> None:
    state = at_roll(sample_setup(), "shut-the-box")
    state = press(state, MENU, *[NEXT] * menu_items(state).index("menu.power_off"), OK)
    assert isinstance(press(state, NEXT).screen, RollNow)  # PREV/NEXT: back to the game
    state, effects = step(state, OK)
    assert isinstance(state.screen, PoweringOff) and PowerOff() in effects
    assert effects.index(PowerOff()) < [type(e) for e in effects].index(Show)  # said before it is drawn
    for event in (OK, MENU, NEXT):
        assert step(state, event)[1] == []


class Screen:
    def __init__(self) -> None:
        self.shown = 0

    def show(self, image: object) -> None:
        self.shown += 1


class Camera:
    def start(self) -> None: ...
    def request(self, ask: object) -> None: ...
    def reopen(self) -> None: ...
    def set_idle(self, idle: bool) -> None: ...


def test_the_loop_ends_on_power_off_after_drawing_it(tmp_path: Path) -> None:
    state = at_roll(sample_setup(), "shut-the-box")
    state = press(state, MENU, *[NEXT] * menu_items(state).index("menu.power_off"), OK)
    events: queue.Queue[object] = queue.Queue()
    with GameStore(tmp_path) as store:
        screen = Screen()
        loop = Loop(state, [], events=events, screen=screen, render=lambda view: Image.new("1", (128, 64)),
                    keeper=Keeper(store, language="en"), camera=Camera(),  # type: ignore[arg-type]
                    notifier=Notifier(None), watchdog=Watchdog(None, 10.0, lambda: True))
        events.put(OK)
        assert loop.run() == 0
        assert loop.powering_off and isinstance(loop.state.screen, PoweringOff) and screen.shown == 1


def test_kostka_run_ends_with_the_power_off_status_off_a_pi(tmp_path: Path) -> None:
    config = tmp_path / "kostka.toml"
    config.write_text(f'state_dir = "{tmp_path / "state"}"\n[display]\ndriver = "terminal"\n'
                      '[camera]\nsource = "synthetic"\nwidth = 640\nheight = 480\n', encoding="utf-8")
    state, _ = start(sample_setup(), welcome=True)
    items = menu_items(press(state, OK))
    keys = " m" + "d" * items.index("menu.power_off") + "  "  # the buttons told; menu; power off; yes
    env = {**os.environ, "KOSTKA_RUNTIME": "dnn"}
    env.pop("NOTIFY_SOCKET", None)
    result = subprocess.run([sys.executable, "-m", "firmware", "run", "--config", str(config)], input=keys,
                            capture_output=True, text=True, timeout=240, cwd=ROOT, env=env)
    assert result.returncode == POWER_OFF, result.stderr[-2000:]


def test_the_unit_powers_off_on_that_status_only(tmp_path: Path) -> None:
    """The unit's ExecStopPost, run by a shell as systemd would, with a stand-in systemctl."""
    unit = (ROOT / "systemd" / "kostka.service").read_text(encoding="utf-8")
    assert re.search(rf"^SuccessExitStatus={POWER_OFF}$", unit, re.M)
    assert re.search(rf"^RestartPreventExitStatus={POWER_OFF}$", unit, re.M)
    found = re.search(r"^ExecStopPost=\+/bin/sh -c '(.*)'$", unit, re.M)
    assert found is not None
    command = found.group(1).replace("$$", "$")
    told = tmp_path / "told"
    fake = tmp_path / "systemctl"
    fake.write_text(f'#!/bin/sh\necho "$@" >> {told}\n', encoding="utf-8")
    fake.chmod(0o755)
    command = command.replace("/bin/systemctl", str(fake))
    for status in ("0", "1", str(POWER_OFF)):
        subprocess.run(["/bin/sh", "-c", command], env={"EXIT_STATUS": status}, check=True, timeout=10)
    assert told.read_text(encoding="utf-8").splitlines() == ["--no-block poweroff"]


def test_in_lezard_domino_the_named_players_choose_their_lizards_after_who_starts() -> None:
    setup = replace(sample_setup(), names=("Ala", "Olek"))
    state, _ = start(setup, lang="pl", title="lezard", players=2)
    state = press(state, OK, OK, OK, OK)  # the title, two players, Ala, Olek
    assert isinstance(state.screen, FirstPlayer)
    state = press(state, NEXT, OK)  # Olek starts
    while isinstance(state.screen, Notice):  # the word on the board file
        state = press(state, OK)
    assert isinstance(state.screen, LizardsMenu) and state.screen.names == ("Olek", "Ala")
    assert state.shown is not None and "Olek" in state.shown.title  # type: ignore[union-attr]
    state = press(state, OK)  # Olek's two lizards; Ala holds the others
    assert state.match is not None and state.match.players == ("Olek", "Ala")
