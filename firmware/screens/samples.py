"""Every screen of the appliance in one list, made from real machine states, for people and tests.

``samples(lang)`` gives ``(name, view)`` pairs: each is ``view_of`` of a state the machine reaches
in a game of Shut the Box, Nogi Stonogi or Lezard Domino. ``bench/render_screens.py`` draws them
as PNG files and a contact sheet; ``tests/test_screens.py`` compares them with the reviewed PNGs.
"""

from __future__ import annotations

import random
from dataclasses import replace
from importlib import resources
from typing import Any

from firmware.games.registry import advise
from firmware.games.stonoga.guide import legend_view
from firmware.history.summary import Finished, Summary
from firmware.machine.events import CameraChecked
from firmware.machine.lizards import LizardsMenu
from firmware.machine.state import (
    Appliance,
    CameraLost,
    CheckCamera,
    Choose,
    Confirm,
    Correct,
    FirstPlayer,
    GameMenu,
    HelpMenu,
    HelpPage,
    HistoryPages,
    Menu,
    Notice,
    PickCard,
    PlayersMenu,
    PowerAsk,
    PoweringOff,
    RestartAsk,
    RollNow,
    Seat,
    Seen,
    SeenCard,
    Setup,
    Teach,
    TurnOver,
    Welcome,
    Winner,
    menu_items,
)
from firmware.machine.views import view_of
from firmware.views import Snapshot, View
from rules.lezard import Lezard, Phase
from rules.lezard_board import Card, parse_lezard_data
from rules.match import Match
from rules.shut_the_box import ShutTheBox
from rules.stonoga import Stonoga
from vision.camera_check import CameraCheck

NAMES = ("Ala", "Olek", "Małgorzata", "Bartłomiej", "Zuzanna", "Krzysztof")
"""Players' names for the screens that show names: long ones too, the longest that fit the config."""


def shipped_lezard() -> Lezard:
    """Lezard Domino with the board and deck shipped in ``rules/data/lezard.toml``."""
    text = resources.files("rules").joinpath("data/lezard.toml").read_text(encoding="utf-8")
    return Lezard(parse_lezard_data(text, "rules/data/lezard.toml"))


def sample_setup() -> Setup:
    """The three titles with their default rules."""
    return Setup((ShutTheBox(), Stonoga(), shipped_lezard()))


def _play(book: Any, players: int, moves: list[str]) -> Match[Any, Any]:
    return Match.replay(book, [str(n + 1) for n in range(players)], moves)


def samples(lang: str = "pl") -> list[tuple[str, View]]:
    """``(name, view)`` for every screen, in the order a game meets them."""
    setup = sample_setup()
    shut, stonoga, lezard = setup.books
    out: list[tuple[str, View]] = []

    def add(name: str, state: Appliance) -> None:
        out.append((name, view_of(state)))

    base = Appliance(setup, GameMenu(), lang)
    add("welcome", replace(base, screen=Welcome()))
    add("game-menu", base)
    add("players-menu", replace(base, screen=PlayersMenu(1)))
    named = replace(base, setup=replace(setup, names=NAMES[:3]), title="stonoga")
    add("seat-name", replace(named, screen=Seat(3, ("Ala",), 0)))
    add("seat-number", replace(named, screen=Seat(3, ("Ala", "Olek"), 1)))
    add("first-stonoga", replace(named, screen=FirstPlayer(("Ala", "Olek", "Małgorzata"), 2)))
    add("first-shut", replace(base, screen=FirstPlayer(("1", "2", "3"), 0)))
    add("first-lezard", replace(base, title="lezard", screen=FirstPlayer(("Ala", "Olek"), 1)))

    box = _play(shut, 2, ["3 5", "shut 8", "6 6", "shut 3 9"])
    at = replace(base, match=box)
    add("shut-roll-now", replace(at, screen=RollNow()))
    add("reading", replace(at, screen=RollNow(reading=True)))
    add("shut-seen", replace(at, screen=Seen((4, 2))))
    add("shut-uncertain", replace(at, screen=Correct((4, None), 1, ("read.uncertain", 2, 2))))
    add("shut-wrong-count", replace(at, screen=Correct((3, None), 1, ("read.wrong_count", 1, 2))))
    add("camera-lost", replace(at, screen=CameraLost(), camera_ok=False))
    no_library = replace(setup, camera_missing="picamera2")
    add("camera-missing", replace(at, setup=no_library, screen=CameraLost(), camera_ok=False))
    add("by-hand", replace(at, screen=Correct((None, None), 0, ("camera.by_hand", 0, 2))))
    rolled = replace(at, match=box.play_text("4 2"))
    advice = rolled.guide.advise(box.play_text("4 2").state)
    add("shut-choose", replace(rolled, screen=Choose(advice, 0)))
    add("shut-choose-second", replace(rolled, screen=Choose(advice, 1)))
    add("shut-confirm", replace(rolled, screen=Confirm(advice, 0)))
    aiming = replace(rolled, setup=replace(setup, goal="shut"))
    aimed = aiming.guide.advise(box.play_text("4 2").state)
    add("shut-choose-goal-shut", replace(aiming, screen=Choose(aimed)))
    lost = _play(shut, 2, ["1 1", "shut 2", "1 1"])
    add("shut-scores", replace(at, match=lost, screen=TurnOver(("shut.lost_roll", 43))))
    short = ShutTheBox(flaps=12)
    add(
        "shut-roll-12-flaps",
        replace(base, match=_play(short, 3, ["6 6", "shut 12", "5 5", "shut 10"]), screen=RollNow()),
    )

    pede = _play(
        stonoga,
        3,
        [
            "r r * b",
            "stop",
            "take r3",
            "y y g k",
            "keep y y",
            "y *",
            "stop",
            "take y4",
            "b b b k",
            "stop",
            "take b3",
            "g g * k",
            "stop",
            "take g3",
        ],
    )
    at = replace(base, match=pede)
    add("stonoga-roll-now", replace(at, screen=RollNow()))
    kept = pede.play_text("r r * b").play_text("keep r r *")
    add("stonoga-roll-kept", replace(at, match=kept, screen=RollNow()))
    add("stonoga-seen", replace(at, screen=Seen(("red", "red", "star", "blue"))))
    cocked = Correct(("red", None, "star", "blue"), 1, ("read.cocked", 4, 4))
    add("stonoga-cocked", replace(at, screen=cocked))
    thrown = pede.play_text("r r * b")
    add("stonoga-choose-keep", replace(at, match=thrown, screen=Choose(at.guide.advise(thrown.state))))
    add("stonoga-confirm-keep", replace(at, match=thrown, screen=Confirm(at.guide.advise(thrown.state), 0)))
    taking = thrown.play_text("stop")
    add("stonoga-choose-tile", replace(at, match=taking, screen=Choose(at.guide.advise(taking.state))))
    add("stonoga-centipedes", replace(at, screen=TurnOver()))
    out.append(("stonoga-legend", legend_view(lang)))

    lizards = shipped_lezard().data.lizards
    add("lezard-board-unchecked", replace(base, screen=Notice("lezard.board_unchecked", RollNow())))
    add("lezard-lizards", replace(base, screen=LizardsMenu(3, lizards, (("green",),), 1)))
    add("lezard-lizards-two", replace(base, screen=LizardsMenu(2, lizards)))
    lez = _play(lezard, 2, ["red", "ok", "orange", "ok"])
    at = replace(base, match=lez)
    add("lezard-roll-now", replace(at, screen=RollNow()))
    add("lezard-card", replace(at, screen=PickCard(5)))
    add("lezard-card-unsure", replace(at, screen=PickCard(2, "read.card_unsure")))
    add("lezard-seen-squares", replace(at, screen=SeenCard(Card(squares=("red", "blue")))))
    add("lezard-seen-lizard", replace(at, screen=SeenCard(Card(lizard="green"))))
    placing = lez.play_text("red blue")
    add("lezard-report", replace(at, match=placing, screen=Choose(at.guide.advise(placing.state))))
    add("lezard-confirm", replace(at, match=placing, screen=Confirm(at.guide.advise(placing.state), 0)))
    add("lezard-scores", replace(at, screen=TurnOver()))
    flicking = lez.play_text("lizard red")
    add("lezard-flick", replace(at, match=flicking, screen=Choose(at.guide.advise(flicking.state), 1)))
    royal = replace(lez.state, phase=Phase.ROYAL, hands=(0, 30))
    last = Match(lezard, lez.players, lez.moves, (*lez.states[:-1], royal))
    add("lezard-royal", replace(at, match=last, screen=Choose(at.guide.advise(royal))))

    over = _play(shut, 2, [])
    add("shut-winner", replace(base, match=_finish(shut, over), screen=Winner()))
    ended = replace(base, match=_finish(shut, over))
    assert ended.match is not None
    note = ended.guide.turn_note(ended.match.states[-2], ended.match.state)
    add("shut-last-turn", replace(ended, screen=TurnOver(note)))
    for name, seed in (("winner-six", 0), ("winner-six-tie", 2)):  # one winner; two tied
        six = _finish(shut, Match.start(shut, list(NAMES)), random.Random(seed))
        add(name, replace(base, match=six, screen=Winner(1)))
    slip = Match.start(shut, ["Ala", "Oliwier"]).play_text("roll 3 4").play_text("shut 1 6")  # not the best
    add("winner-best-moves", replace(base, match=_finish(shut, slip, random.Random(0)), screen=Winner()))
    add("menu", replace(base, match=box, screen=Menu(RollNow(), 1)))
    add("restart-ask", replace(base, match=box, screen=RestartAsk(RollNow())))
    add("undo-done", replace(base, match=box, screen=Notice("undo.done", RollNow())))
    teach = menu_items(replace(base, match=box)).index("menu.teach")
    add("menu-teach", replace(base, match=box, screen=Menu(RollNow(), teach)))
    add("teach-face", replace(base, screen=Teach(GameMenu())))
    add("teach-taking", replace(base, screen=Teach(GameMenu(), 3, 2, True)))
    add("teach-no-die", replace(base, screen=Teach(GameMenu(), 5, problem="teach.none_seen")))
    add(
        "teach-camera-lost",
        replace(base, camera_ok=False, screen=Teach(GameMenu(), 1, 1, problem="camera.lost")),
    )
    add("teach-done", replace(base, screen=Notice("teach.done", GameMenu())))
    add("menu-teach-cards", replace(at, screen=Menu(PickCard(5), menu_items(at).index("menu.teach_cards"))))
    colours = shipped_lezard().data.colours
    add("teach-card", replace(at, screen=Teach(PickCard(5), cards=colours)))
    add("teach-card-taking", replace(at, screen=Teach(PickCard(5), 2, 1, True, cards=colours)))
    unseen = Teach(PickCard(5), 1, problem="teach.no_card_seen", cards=colours)
    add("teach-no-card", replace(at, screen=unseen))
    add("teach-cards-done", replace(at, screen=Notice("teach.cards_done", PickCard(5))))
    in_game = replace(base, match=box)
    add("menu-check", replace(in_game, screen=Menu(RollNow(), menu_items(in_game).index("menu.check"))))
    learning = replace(in_game, learnt=500)
    add("menu-learn", replace(learning, screen=Menu(RollNow(), menu_items(learning).index("menu.learn"))))
    forget = replace(
        learning, learning=False, screen=Menu(RollNow(), menu_items(learning).index("menu.forget"))
    )
    add("menu-forget", forget)
    add("learn-forgotten", replace(base, screen=Notice("learn.forgotten", RollNow())))
    add("check-ask", replace(base, screen=CheckCamera(RollNow())))
    good = CameraCheck(1280, 960, 4, 4, 118.0, 0.004, 0.002, blur=0.031)
    add("check-good", replace(base, screen=CheckCamera(RollNow(), result=CameraChecked(good))))
    far = CameraCheck(1280, 960, 5, 3, 38.0, 0.012, 0.061, blur=0.092)
    faults = CameraChecked(far, ("small", "blurred", "bands"))
    add("check-faults", replace(base, screen=CheckCamera(RollNow(), result=faults)))
    add("check-again", replace(base, screen=CheckCamera(RollNow(), taking=True, result=faults)))
    unplugged = CheckCamera(RollNow(), problem="camera.lost")
    add("check-camera-lost", replace(base, camera_ok=False, screen=unplugged))
    seen = replace(faults, snapshot=_tray_snapshot())
    add("check-picture", replace(base, screen=CheckCamera(RollNow(), result=seen, picture=True)))

    playing = replace(base, match=box)
    add("menu-help", replace(playing, screen=Menu(RollNow(), menu_items(playing).index("menu.help"))))
    add("help-menu", replace(playing, screen=HelpMenu(RollNow(), 1)))
    add("help-buttons", replace(playing, screen=HelpPage(RollNow(), "buttons", 1)))
    add("help-shut", replace(playing, screen=HelpPage(RollNow(), "shut_the_box", 2)))
    add("help-stonoga", replace(playing, screen=HelpPage(RollNow(), "stonoga", 3)))
    add("help-lezard", replace(playing, screen=HelpPage(RollNow(), "lezard", 3)))
    add("menu-history", replace(playing, screen=Menu(RollNow(), menu_items(playing).index("menu.history"))))
    last_games = Summary(
        (Finished("shut-the-box", ("Ala", "Oliwier"), ("Oliwier",), (26, 22)),
         Finished("stonoga", ("Ala", "Oliwier", "3"), ("Ala",), (17, 12, 9))),
        (("Ala", 4, 7), ("Oliwier", 3, 7), ("3", 0, 2)),
    )
    add("history-wins", replace(playing, screen=HistoryPages(RollNow(), last_games)))
    add("history-game", replace(playing, screen=HistoryPages(RollNow(), last_games, 2)))
    add("history-empty", replace(playing, screen=HistoryPages(RollNow(), Summary((), ()))))
    power = menu_items(playing).index("menu.power_off")
    add("menu-power-off", replace(playing, screen=Menu(RollNow(), power)))
    add("power-ask", replace(playing, screen=PowerAsk(RollNow())))
    add("powering-off", replace(playing, screen=PoweringOff()))
    return out


def _tray_snapshot() -> Snapshot:
    """A small grey picture of a tray (a dark floor in a lighter frame) with four light dice, boxed."""
    width, height = 85, 64
    boxes = ((20, 18, 9, 9), (38, 30, 9, 9), (52, 14, 9, 9), (30, 44, 9, 9))
    rows = []
    for y in range(height):
        row = bytearray(170 if not (8 <= y < 58) else 60 for _ in range(width))
        row[:6] = row[-6:] = bytes([170] * 6)
        for bx, by, bw, bh in boxes:
            if by <= y < by + bh:
                row[bx : bx + bw] = bytes([230] * bw)
        rows.append(bytes(row))
    return Snapshot(width, height, b"".join(rows), boxes)


def _finish(book: Any, match: Match[Any, Any], rolls: random.Random | None = None) -> Match[Any, Any]:
    """Play ``match`` on to the end with the advisor's best moves and the lowest rolls that fit
    (or rolls drawn from ``rolls``)."""
    while book.outcome(match.state) is None:
        advice = advise(book, match.state)
        if advice:
            match = match.play(advice[0].move)
            continue
        outcomes = book.chance_outcomes(match.state)
        match = match.play((rolls.choice(outcomes) if rolls is not None else outcomes[0])[0])
    return match
