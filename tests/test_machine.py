"""The appliance's state machine, driven by events alone: whole games of each title, the menu,
unsure readings corrected with the buttons, a camera that fails mid-game, and the effects' order.

Every game is also played straight on its rule book with the same dice and the same choices, so
a test fails if the machine plays any move other than the one the player confirmed.
"""

# mypy: disable-error-code="comparison-overlap"
# (each assertion follows a step that changes log.state; mypy keeps the narrowing of the last one)

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest

from firmware.games.guide import read_card
from firmware.games.lezard.faces import card_of
from firmware.games.lezard.faces import face_of as card_face
from firmware.games.registry import advise
from firmware.games.stonoga.colours import COLOURS
from firmware.machine.events import ButtonEvent
from firmware.machine.lizards import LizardsMenu
from firmware.machine.state import (
    Appliance,
    CameraLost,
    Choose,
    Confirm,
    Correct,
    FirstPlayer,
    GameMenu,
    Menu,
    Notice,
    PickCard,
    PlayersMenu,
    RestartAsk,
    RollNow,
    Seen,
    SeenCard,
    TurnOver,
    Winner,
    menu_items,
)
from firmware.machine.step import (
    CameraBack,
    CameraFailed,
    DiceRead,
    DiceRolling,
    Effect,
    Event,
    Finish,
    ReadDice,
    ReopenCamera,
    Save,
    SetFrameRate,
    SetLanguage,
    Setup,
    Show,
    Tick,
    start,
    step,
)
from firmware.screens.samples import shipped_lezard
from firmware.views import CardSeenView, CardView, DiceView, ListView, MessageView, RollView, WinnerView
from rules.game import CHANCE, TERMINAL
from rules.lezard import Lezard, TableModel
from rules.lezard_board import Card
from rules.match import Match
from rules.shut_the_box import ShutTheBox
from rules.stonoga import Stonoga
from vision.reading import Die, Reading

OK, PREV, NEXT, MENU = ButtonEvent.OK, ButtonEvent.PREV, ButtonEvent.NEXT, ButtonEvent.MENU


@pytest.fixture(scope="module")
def setup() -> Setup:
    return Setup((ShutTheBox(), Stonoga(), shipped_lezard()))


def reading(*faces: int | str | None, status: str = "ok", at: Iterable[int] | None = None) -> Reading:
    """A reading of dice in a row, 50 px apart (``at``: their x positions instead)."""
    xs = list(at) if at is not None else [100 + 50 * i for i in range(len(faces))]
    dice = tuple(
        Die(
            face,
            0.95 if status == "ok" else 0.4,
            status if face is not None else "cocked",  # type: ignore[arg-type]
            (x, 200, 40, 40),
        )
        for face, x in zip(faces, xs, strict=True)
    )
    return Reading(dice, 640, 480)


class Log:
    """Feeds events to the machine and keeps every effect list, checking their order each time."""

    def __init__(self, state: Appliance, effects: list[Effect]) -> None:
        self.state = state
        self.steps: list[list[Effect]] = [effects]

    def __call__(self, *events: Event) -> list[Effect]:
        out: list[Effect] = []
        for event in events:
            self.state, effects = step(self.state, event)
            check_order(effects)
            self.steps.append(effects)
            out += effects
        return out

    @property
    def effects(self) -> list[Effect]:
        return [e for effects in self.steps for e in effects]

    def saves(self) -> list[Save]:
        return [e for e in self.effects if isinstance(e, Save)]


def check_order(effects: list[Effect]) -> None:
    """A save comes before the screen that follows it; a finished game is saved first; one Show."""
    kinds = [type(e).__name__ for e in effects]
    shows = [i for i, k in enumerate(kinds) if k == "Show"]
    assert len(shows) <= 1, kinds
    if shows:
        assert shows[0] == len(kinds) - 1, f"Show must come last: {kinds}"
    for i, effect in enumerate(effects):
        if isinstance(effect, Finish) and effect.outcome is not None:
            assert any(isinstance(e, Save) and e.match == effect.match for e in effects[:i]), kinds


def new_game(setup: Setup, title: str, players: int, lang: str = "en") -> Log:
    log = Log(*start(setup, lang=lang))
    titles = setup.titles()
    log(*[NEXT] * titles.index(title), OK)
    assert isinstance(log.state.screen, PlayersMenu)
    low = {"shut-the-box": 1, "stonoga": 2, "lezard": 2}[title]
    cursor = log.state.screen.cursor
    log(*[NEXT] * ((players - low - cursor) % 6), OK) if players - low != cursor else log(OK)
    if players > 1:
        assert isinstance(log.state.screen, FirstPlayer)
        log(OK)  # the first seat starts
    while isinstance(log.state.screen, Notice | LizardsMenu):  # Lezard: each seat takes its lizard
        log(OK)
    assert log.state.match is not None and len(log.state.match.players) == players
    return log


def confirm_best(log: Log) -> Any:
    """At a choice: check the cursor starts on the advisor's best, confirm it; returns the move."""
    screen = log.state.screen
    assert isinstance(screen, Choose)
    chosen = screen.advice[screen.cursor]
    assert chosen.best or not any(a.best for a in screen.advice)
    log(OK)
    assert isinstance(log.state.screen, Confirm)
    log(OK)
    return chosen.move


# --- whole games ----------------------------------------------------------------------------------


def test_whole_game_of_shut_the_box_matches_the_rule_book(setup: Setup) -> None:
    rng = random.Random(5)
    log = new_game(setup, "shut-the-box", 2)
    book: ShutTheBox = log.state.match.book  # type: ignore[union-attr,assignment]
    direct = Match.start(book, ["1", "2"])
    turn_overs = 0
    while not isinstance(log.state.screen, Winner):
        screen = log.state.screen
        if isinstance(screen, RollNow):
            asked = [e for e in log.steps[-1] if isinstance(e, ReadDice)]
            assert asked and asked[0].count == direct.state.dice and not asked[0].colours
            pips = tuple(rng.randint(1, 6) for _ in range(direct.state.dice))
            log(DiceRolling())
            assert log.state.shown == MessageView("Reading…")
            log(DiceRead(reading(*pips)))
            assert isinstance(log.state.screen, Seen) and log.state.shown == DiceView(
                "I see:", pips, "OK right · ◀ ▶ fix", None, ("", "") if len(pips) == 2 else ("",)
            )
            log(OK)
            direct = direct.play_text(" ".join(map(str, pips)))
        elif isinstance(screen, Choose):
            move = confirm_best(log)
            assert move == advise(book, direct.state)[0].move
            direct = direct.play(move)
        elif isinstance(screen, TurnOver):
            turn_overs += 1
            log(OK)
        else:
            raise AssertionError(f"unexpected screen {screen}")
    match = log.state.match
    assert match is not None and match.moves == direct.moves
    assert turn_overs == 2  # one round of two players: one hand-over, the last turn's penalty, the winner
    outcome = book.outcome(direct.state)
    assert outcome is not None
    finish = [e for e in log.effects if isinstance(e, Finish)]
    assert finish == [Finish(match, outcome)]
    assert [s.match.moves for s in log.saves()][-1] == direct.moves
    assert len(log.saves()) == len(direct.moves) + 1  # the new game, then every confirmed move once
    view = log.state.shown
    assert isinstance(view, WinnerView) and [r.value for r in view.rows] == [str(s) for s in outcome.scores]


def test_whole_game_of_stonoga_with_dice_set_aside_in_the_tray(setup: Setup) -> None:
    rng = random.Random(11)
    log = new_game(setup, "stonoga", 2, lang="pl")
    book: Stonoga = log.state.match.book  # type: ignore[union-attr,assignment]
    direct = Match.start(book, ["1", "2"])
    whole_table = 0
    while not isinstance(log.state.screen, Winner):
        screen = log.state.screen
        if isinstance(screen, RollNow):
            ask = next(e for e in log.steps[-1] if isinstance(e, ReadDice))
            assert ask.colours and ask.table == 4 and ask.count == 4 - len(direct.state.dice)
            rolled = [rng.choice(COLOURS) for _ in range(ask.count)]
            kept = [COLOURS[f] for f in direct.state.dice]
            seen = rolled
            if kept and rng.random() < 0.5:  # the kept dice still lie in the tray: the reader sees four
                seen = kept + rolled
                rng.shuffle(seen)
                whole_table += 1
            log(DiceRead(reading(*seen)))
            assert isinstance(log.state.screen, Seen)
            assert sorted(map(str, log.state.screen.faces)) == sorted(rolled)
            log(OK)
            faces = sorted(COLOURS.index(c) for c in rolled)
            direct = direct.play_text("roll " + " ".join("yrgbk*"[f] for f in faces))
        elif isinstance(screen, Choose):
            move = confirm_best(log)
            assert move == advise(book, direct.state)[0].move
            direct = direct.play(move)
        elif isinstance(screen, TurnOver):
            assert log.state.shown is not None and getattr(log.state.shown, "centipedes", False)
            log(OK)
        else:
            raise AssertionError(f"unexpected screen {screen}")
    assert whole_table > 0
    match = log.state.match
    assert match is not None and match.moves == direct.moves and not direct.state.centre
    assert [e for e in log.effects if isinstance(e, Finish)] == [Finish(match, book.outcome(direct.state))]
    assert isinstance(log.state.shown, WinnerView) and log.state.shown.title in ("Zwycięzca!", "Remis!")


def test_whole_game_of_lezard_with_cards_read_by_the_camera_and_reports_chosen_by_buttons(
    setup: Setup,
) -> None:
    """Each card drawn is read in cards mode: a sure reading of the card is confirmed with OK, a
    wrong one corrected with PREV/NEXT, an unsure or missing one goes straight to the card list."""
    rng = random.Random(3)
    table = TableModel(p_stray=Fraction(0))  # strays are not among the listed reports
    log = new_game(setup, "lezard", 2)
    book: Lezard = log.state.match.book  # type: ignore[union-attr,assignment]
    direct = Match.start(book, ["1", "2"])
    presses = draws = 0
    seen_ways: set[str] = set()
    while not isinstance(log.state.screen, Winner):
        screen = log.state.screen
        move = table.next_move(book, direct.state, rng)
        if isinstance(screen, RollNow):
            assert book.to_act(direct.state) == CHANCE and isinstance(move, Card)
            asks = [e for e in log.steps[-1] if isinstance(e, ReadDice)]
            assert asks == [ReadDice(1, False, 1, book.data.colours, book.data.lizards)]
            assert asks[0].mode == "cards"
            cards = log.state.guide.cards(direct.state)
            other = cards[(cards.index(move) + 1) % len(cards)]
            way = ("sure", "wrong", "unsure", "nothing")[draws % 4]
            draws += 1
            seen_ways.add(way)
            if way == "sure":
                log(DiceRead(reading(card_face(move))))
                assert log.state.screen == SeenCard(move)
                assert isinstance(log.state.shown, CardSeenView) and log.state.shown.title == "The card:"
                log(OK)
            else:
                if way == "wrong":
                    log(DiceRead(reading(card_face(other))))
                    assert log.state.screen == SeenCard(other)
                    log(NEXT)  # correct it: the card list, on the card read
                    assert log.state.screen == PickCard(cards.index(other))
                elif way == "unsure":
                    log(DiceRead(reading(card_face(other), status="uncertain")))
                    assert log.state.screen == PickCard(cards.index(other), "read.card_unsure")
                else:
                    log(DiceRead(reading()))
                    assert log.state.screen == PickCard(0, "read.no_card")
                    assert isinstance(log.state.shown, CardView) and log.state.shown.title == "No card seen"
                while log.state.screen.cursor != cards.index(move):  # type: ignore[union-attr]
                    log(NEXT)
                    presses += 1
                log(OK)
        elif isinstance(screen, Choose):
            moves = [a.move for a in screen.advice]
            assert not any(a.best for a in screen.advice)  # reports are facts, not choices
            while log.state.screen.cursor != moves.index(move):  # type: ignore[union-attr]
                log(PREV)
                presses += 1
            log(OK, OK)
        elif isinstance(screen, TurnOver):
            log(OK)
            continue
        else:
            raise AssertionError(f"unexpected screen {screen}")
        direct = direct.play(move)
    match = log.state.match
    assert presses > 0 and match is not None and match.moves == direct.moves
    assert seen_ways == {"sure", "wrong", "unsure", "nothing"}
    assert book.to_act(direct.state) == TERMINAL
    assert [e for e in log.effects if isinstance(e, Finish)] == [Finish(match, book.outcome(direct.state))]


def test_a_lezard_card_reading_names_the_rules_card() -> None:
    assert [card_of(f) for f in ("square:red", "squares:red+blue", "lizard:green")] == [
        Card(squares=("red",)),
        Card(squares=("red", "blue")),
        Card(lizard="green"),
    ]
    assert [card_of(f) for f in ("squares:red", "lizard:", "red", 3, None, "square:red+blue")] == [None] * 6
    cards = (Card(squares=("red",)), Card(lizard="green"))
    assert read_card(reading("square:red"), cards) == (cards[0], None)
    assert read_card(reading("square:blue"), cards) == (None, "read.card_unsure")  # none left in the pile
    assert read_card(reading("lizard:green", status="uncertain"), cards) == (cards[1], "read.card_unsure")
    assert read_card(reading("square:red", "lizard:green"), cards) == (None, "read.cards_many")
    assert read_card(reading(), cards) == (None, "read.no_card")


def test_a_lezard_card_is_picked_by_hand_when_the_camera_is_lost(setup: Setup) -> None:
    log = new_game(setup, "lezard", 2)
    assert isinstance(log.state.screen, RollNow)
    log(CameraFailed("unplugged"))
    assert isinstance(log.state.screen, CameraLost)
    log(OK)
    assert log.state.screen == PickCard()
    log(OK)
    match = log.state.match
    assert match is not None
    first = Match.start(match.book, ["1", "2"])
    assert match.moves == first.play(log.state.guide.cards(first.state)[0]).moves


# --- readings the player must check ----------------------------------------------------------------


def at_roll(setup: Setup, title: str = "shut-the-box", players: int = 2) -> Log:
    log = new_game(setup, title, players)
    assert isinstance(log.state.screen, RollNow)
    return log


def test_an_uncertain_die_is_corrected_with_the_buttons(setup: Setup) -> None:
    log = at_roll(setup)
    unsure = Reading((reading(3).dice[0], Die(5, 0.4, "uncertain", (200, 200, 40, 40))), 640, 480)
    log(DiceRead(unsure))
    screen = log.state.screen
    assert screen == Correct((3, 5), 0, ("read.uncertain", 2, 2))
    assert log.state.shown is not None and log.state.shown.title == "Not sure"  # type: ignore[union-attr]
    log(OK)  # the first die is right
    log(NEXT, NEXT)  # 5 -> 6 -> 1 (round the faces)
    assert log.state.screen == Correct((3, 1), 1, ("read.uncertain", 2, 2))
    log(PREV, PREV, PREV, PREV)  # 1 -> 6 -> 5 -> 4 -> 3
    saves = log(OK)
    assert log.state.match is not None and log.state.match.moves == ("roll 3 3",)
    assert isinstance(saves[0], Save) and isinstance(log.state.screen, Choose)


def test_a_cocked_die_must_be_named_before_ok_moves_on(setup: Setup) -> None:
    log = at_roll(setup)
    log(DiceRead(reading(2, None)))
    assert log.state.screen == Correct((2, None), 0, ("read.cocked", 2, 2))
    log(OK)
    assert log(OK) == []  # "?" cannot be confirmed
    log(PREV)  # "?" -> 6
    log(OK)
    assert log.state.match is not None and log.state.match.moves == ("roll 2 6",)


@pytest.mark.parametrize(
    ("faces", "tray", "reason"),
    [
        ((4,), None, ("read.wrong_count", 1, 2)),
        ((4, 5, 6), None, ("read.wrong_count", 3, 2)),
        ((), None, ("read.nothing", 0, 2)),
        ((4, 5), (0, 0, 160, 480), ("read.outside", 2, 2)),
    ],
)
def test_readings_that_need_the_player(setup: Setup, faces: tuple[int, ...], tray: Any, reason: Any) -> None:
    log = at_roll(setup)
    log(DiceRead(reading(*faces), tray))
    screen = log.state.screen
    assert isinstance(screen, Correct) and screen.reason == reason and len(screen.faces) == 2
    view = log.state.shown
    assert isinstance(view, DiceView) and view.selected == 0


def test_a_sure_reading_can_still_be_corrected_and_a_new_roll_replaces_it(setup: Setup) -> None:
    log = at_roll(setup)
    log(DiceRead(reading(1, 2)))
    log(NEXT)
    assert log.state.screen == Correct((1, 2), 0, ("correct.dice", 2, 2))
    log(DiceRead(reading(6, 6)))  # the player rolled again instead
    assert log.state.screen == Seen((6, 6))


def test_readings_are_ignored_away_from_the_dice(setup: Setup) -> None:
    log = at_roll(setup)
    log(DiceRead(reading(3, 4)), OK)
    assert isinstance(log.state.screen, Choose)
    assert log(DiceRead(reading(1, 1)), DiceRolling()) == []
    assert isinstance(log.state.screen, Choose)


# --- the camera ------------------------------------------------------------------------------------------


def test_camera_failing_mid_game_keeps_the_game_and_takes_dice_by_hand(setup: Setup) -> None:
    log = at_roll(setup)
    log(DiceRead(reading(3, 4)), OK)
    move = confirm_best(log)
    assert isinstance(log.state.screen, RollNow)
    before = log.state.match
    log(CameraFailed("no frames"))
    assert log.state.screen == CameraLost() and log.state.match == before
    assert log.state.shown == MessageView("Camera lost", "Retrying…", "OK: enter by hand")
    assert ReopenCamera() not in log(Tick(2.0))
    assert log(Tick(3.0)) == [ReopenCamera()]
    log(OK)
    assert log.state.screen == Correct((None, None), 0, ("camera.by_hand", 0, 2))
    log(NEXT, NEXT, OK, NEXT, OK)
    assert log.state.match is not None and log.state.match.moves[-3:] == ("roll 3 4", move.text(), "roll 1 2")
    while not isinstance(log.state.screen, RollNow | CameraLost):
        log(OK)
    assert isinstance(log.state.screen, CameraLost)  # still no camera: the next roll asks for hands too
    effects = log(CameraBack())
    assert isinstance(log.state.screen, RollNow) and any(isinstance(e, ReadDice) for e in effects)


def test_ok_on_roll_now_enters_dice_by_hand(setup: Setup) -> None:
    log = at_roll(setup)
    log(OK)
    assert log.state.screen == Correct((None, None), 0, ("correct.dice", 0, 2))


# --- the menu ---------------------------------------------------------------------------------------------


def open_menu_at(log: Log, item: str) -> None:
    log(MENU)
    assert isinstance(log.state.screen, Menu)
    items = menu_items(log.state)
    log(*[NEXT] * items.index(item))
    assert log.state.screen.cursor == items.index(item)


def test_undo_goes_back_one_confirmed_move_at_a_time(setup: Setup) -> None:
    log = at_roll(setup)
    log(DiceRead(reading(3, 4)), OK)
    confirm_best(log)
    played = log.state.match
    assert played is not None and len(played.moves) == 2
    open_menu_at(log, "menu.undo")
    effects = log(OK)
    assert isinstance(effects[0], Save) and effects[0].match.moves == played.moves[:1]
    assert isinstance(effects[-1], Show) and effects[-1].view == MessageView("Move undone")
    log(Tick(2.5))  # the notice goes by itself
    assert isinstance(log.state.screen, Choose)
    open_menu_at(log, "menu.undo")
    log(OK, OK)  # undo the roll; any button ends the notice
    assert log.state.match is not None and log.state.match.moves == ()
    assert isinstance(log.state.screen, RollNow) and any(isinstance(e, ReadDice) for e in log.steps[-1])
    log(MENU)
    assert "menu.undo" not in menu_items(log.state)  # nothing left to undo


def test_undo_after_the_last_move_reopens_the_game(setup: Setup) -> None:
    log = new_game(setup, "shut-the-box", 1)
    while not isinstance(log.state.screen, Winner):
        screen = log.state.screen
        if isinstance(screen, RollNow):
            log(DiceRead(reading(1, 1)), OK)
        else:
            log(OK)
    open_menu_at(log, "menu.undo")
    log(OK)
    assert log.state.match is not None and log.state.match.book.outcome(log.state.match.state) is None


def test_restart_abandons_the_game_and_saves_a_new_one(setup: Setup) -> None:
    log = at_roll(setup)
    log(DiceRead(reading(3, 4)), OK)
    old = log.state.match
    open_menu_at(log, "menu.restart")
    log(OK)
    assert isinstance(log.state.screen, RestartAsk)
    log(PREV)  # no: back where we were
    assert isinstance(log.state.screen, Choose) and log.state.match == old
    open_menu_at(log, "menu.restart")
    log(OK)
    effects = log(OK)
    kinds = [type(e).__name__ for e in effects]
    assert kinds[:2] == ["Finish", "Save"] and effects[0] == Finish(old, None)
    assert effects[1].match.moves == () and effects[1].match.players == ("1", "2")
    assert isinstance(log.state.screen, RollNow)


def test_language_switches_every_screen(setup: Setup) -> None:
    log = at_roll(setup)
    assert isinstance(log.state.shown, RollView) and log.state.shown.prompt == "Roll now!"
    open_menu_at(log, "menu.language")
    effects = log(OK)
    assert effects[0] == SetLanguage("pl")
    assert isinstance(log.state.shown, ListView) and log.state.shown.items[0] == "Wróć"
    log(MENU)  # MENU again closes the menu
    assert isinstance(log.state.shown, RollView) and log.state.shown.prompt == "Rzucaj!"
    assert log.state.shown.player == "Gracz 1"


def test_game_menu_offers_to_resume_and_a_new_game_abandons_the_old(setup: Setup) -> None:
    log = at_roll(setup)
    log(DiceRead(reading(2, 2)), OK)
    old = log.state.match
    open_menu_at(log, "menu.game")
    log(OK)
    assert isinstance(log.state.screen, GameMenu)
    view = log.state.shown
    assert isinstance(view, ListView) and view.items[-1] == "Back to the game"
    log(*[PREV] * 1, OK)  # the last row: resume
    assert isinstance(log.state.screen, Choose) and log.state.match == old
    open_menu_at(log, "menu.game")
    log(OK, NEXT, OK)  # Nogi Stonogi
    log(OK)  # two players
    effects = log(OK)  # the first seat starts
    assert effects[:1] == [Finish(old, None)]
    assert log.state.match is not None and log.state.match.book.title == "stonoga"


def test_menu_without_a_game_has_no_undo_or_restart(setup: Setup) -> None:
    log = Log(*start(setup))
    log(MENU)
    assert menu_items(log.state) == (
        "menu.back", "menu.language", "menu.help", "menu.history", "menu.teach", "menu.learn", "menu.forget",
        "menu.check", "menu.game",
        "menu.power_off",
    )
    log(OK)
    assert isinstance(log.state.screen, GameMenu)


# --- start, resume, idle ------------------------------------------------------------------------------------


def test_resume_comes_back_to_the_same_point(setup: Setup) -> None:
    log = at_roll(setup)
    log(DiceRead(reading(5, 6)), OK)
    saved = log.saves()[-1].match
    again = Match.replay(saved.book, saved.players, saved.moves)
    state, effects = start(setup, lang="en", match=again)
    assert isinstance(state.screen, Choose) and state.match == again
    assert effects == [Show(log.state.shown)]  # type: ignore[arg-type]


def test_resume_at_a_roll_asks_for_the_dice(setup: Setup) -> None:
    match = Match.start(setup.book("stonoga"), ["1", "2", "3"]).play_text("r r g b").play_text("keep r r")
    state, effects = start(setup, match=match)
    assert isinstance(state.screen, RollNow)
    assert effects[0] == ReadDice(2, True, 4) and isinstance(effects[1], Show)
    view = effects[1].view
    assert isinstance(view, RollView) and view.kept == ("red", "red") and view.info == "Rzut 2/3"


def test_idle_drops_the_frame_rate_and_a_press_restores_it(setup: Setup) -> None:
    log = at_roll(setup)
    assert log(Tick(30.0)) == []
    assert log(Tick(30.0)) == [SetFrameRate(idle=True)]
    assert log(Tick(30.0)) == []
    effects = log(DiceRolling())
    assert effects[0] == SetFrameRate(idle=False) and log.state.idle is False


def test_players_menu_stays_within_the_title_s_seats(setup: Setup) -> None:
    log = Log(*start(setup, lang="en", players=9))
    log(OK)
    view = log.state.shown
    assert isinstance(view, ListView) and view.items[0] == "1 player" and view.items[-1] == "6 players"
    assert view.cursor == 5  # nine asked, six at most
    log(NEXT)
    assert log.state.screen == PlayersMenu(0)  # round the list


def test_the_winner_screen_leads_to_another_game(setup: Setup) -> None:
    match = Match.start(setup.book("shut-the-box"), ["1"])
    while match.book.outcome(match.state) is None:
        advice = advise(match.book, match.state)
        match = match.play(advice[0].move if advice else match.book.chance_outcomes(match.state)[-1][0])
    state, _ = start(setup, match=match)
    assert state.screen == Winner()
    state, _ = step(state, NEXT)  # "another game"
    state, effects = step(state, OK)
    assert isinstance(state.screen, GameMenu)
    assert isinstance(effects[-1], Show) and isinstance(effects[-1].view, ListView)


def test_notice_and_restart_screens_return_on_menu(setup: Setup) -> None:
    log = at_roll(setup)
    state = replace(log.state, screen=Notice("undo.done", RollNow()))
    state, _ = step(state, MENU)
    assert isinstance(state.screen, Menu) and state.screen.back == RollNow()


def test_every_kind_of_move_has_words_in_both_languages(setup: Setup) -> None:
    from firmware.games.registry import guide_for
    from rules.lezard_board import Flicked, Placed, RoyalFlick
    from rules.shut_the_box import ChooseDice
    from rules.stonoga import Keep, Options, Steal, Stop, TakeNothing, Tile

    lezard = setup.book("lezard")
    placing = Match.start(lezard, ["1", "2"]).play_text("red").state
    square = placing.targets[0]
    stonoga = Stonoga(Options(stealing=True))
    turn = Match.start(stonoga, ["Ala", "2"]).state
    expected = {
        "pl": [
            (setup.book("shut-the-box"), None, ChooseDice(1), "1 kostka"),
            (lezard, placing, Placed(), "Stoi"),
            (lezard, placing, Placed((square,)), "Spadło"),
            (lezard, placing, Placed((square, square + 1)), f"Spadły {square}-{square + 1}"),
            (lezard, placing, Flicked(3), "Spadło: 3"),
            (lezard, placing, RoyalFlick(True), "Wszystkie padły"),
            (stonoga, turn, Keep(()), "Rzuć wszystkimi"),
            (stonoga, turn, Keep((1, 4, 5)), "Zostaw czerw czarn ★"),
            (stonoga, turn, Stop(), "Stop, biorę"),
            (stonoga, turn, Steal(Tile(1, 3), 0), "Zabierz: Ala"),
            (stonoga, turn, TakeNothing(), "Brak płytki"),
        ],
        "en": [
            (setup.book("shut-the-box"), None, ChooseDice(2), "2 dice"),
            (lezard, placing, Flicked(0), "Fell: 0"),
            (lezard, placing, RoyalFlick(False), "Not all"),
            (stonoga, turn, Keep((0, 2, 2)), "Keep yellow 2×green"),
        ],
    }
    for lang, cases in expected.items():
        for book, state, move, words in cases:
            assert guide_for(book).move_label(state, move, lang) == words


def test_the_machine_modules_doctests() -> None:
    """pytest collects doctests from tests/, rules/ and vision/ only: run these here."""
    import doctest

    import firmware.games.guide
    import firmware.games.shut_the_box.guide
    import firmware.machine.step
    import firmware.standins.autopilot
    import firmware.standins.tray

    modules = (
        firmware.machine.step,
        firmware.games.guide,
        firmware.games.shut_the_box.guide,
        firmware.standins.tray,
        firmware.standins.autopilot,
    )
    for module in modules:
        result = doctest.testmod(module)
        assert result.failed == 0 and result.attempted > 0, module.__name__
