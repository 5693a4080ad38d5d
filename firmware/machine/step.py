"""The appliance as one pure function: ``step(state, event) -> (state, effects)``.

Events are what happens to the box: a button (``ButtonEvent`` PREV, NEXT, OK, MENU), dice that
start to roll (``DiceRolling``), a settled reading (``DiceRead``), the camera failing or coming
back, and time passing (``Tick``). Effects are what the loop must do, in order: ``Save`` a match
(always before the ``Show`` of the screen that follows it), ``Finish`` a game, ``ReadDice``,
``ReopenCamera``, ``SetFrameRate``, ``SetLanguage``, ``TakeFrames`` and ``KeepColours`` (teaching
the colours, ``firmware.machine.teach``), ``CheckFrames`` (checking the camera,
``firmware.machine.check``), ``PowerOff`` and ``Show`` a view. Nothing here reads a
clock, a file or a device, so a whole game can be played in a test by feeding events.

>>> from firmware.machine.events import ButtonEvent
>>> from rules.shut_the_box import ShutTheBox
>>> state, effects = start(Setup((ShutTheBox(),)), lang="en")
>>> [type(e).__name__ for e in effects], effects[0].view.items[:1]
(['Show'], ('Shut the Box',))
>>> state, effects = step(state, ButtonEvent.OK)       # the game
>>> state, effects = step(state, ButtonEvent.OK)       # two players
>>> state, effects = step(state, ButtonEvent.OK)       # the first seat starts
>>> [type(e).__name__ for e in effects]
['Save', 'ReadDice', 'Show']
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from firmware.games.guide import COLOUR_FACES, PIPS, DiceAsk, read_card, read_faces
from firmware.games.registry import PLAYERS
from firmware.machine.check import on_button as on_check_button
from firmware.machine.check import on_checked
from firmware.machine.effects import (
    CheckFrames,
    Effect,
    Finish,
    ForgetDice,
    KeepColours,
    KeepDice,
    PowerOff,
    ReadDice,
    ReadHistory,
    ReopenCamera,
    Save,
    SetFrameRate,
    SetLanguage,
    SetLearning,
    Show,
    TakeFrames,
)
from firmware.machine.events import (
    ButtonEvent,
    CameraBack,
    CameraChecked,
    CameraFailed,
    ColoursNotKept,
    DiceKept,
    DiceRead,
    DiceRolling,
    Event,
    FacesSeen,
    GameNotSaved,
    HistoryRead,
    Tick,
)
from firmware.machine.help import pages, topic_of, topics
from firmware.machine.history import turned
from firmware.machine.lizards import LizardsMenu, choose
from firmware.machine.seating import in_turn_order, next_seat, seat_choices
from firmware.machine.state import (
    WINNER_OPTIONS,
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
    Screen,
    Seat,
    Seen,
    SeenCard,
    Setup,
    Teach,
    TurnOver,
    Welcome,
    Winner,
    back_from_menu,
    game_items,
    lezard_colours,
    menu_items,
    opened,
    told_camera,
)
from firmware.machine.teach import on_button, on_faces
from firmware.machine.views import view_of
from firmware.messages.i18n import LANGUAGES
from firmware.views import Face
from rules.game import CHANCE, TERMINAL, RulesError
from rules.lezard import Lezard
from rules.match import Match

__all__ = [
    "Appliance", "CameraBack", "CameraChecked", "CameraFailed", "CheckFrames", "ColoursNotKept", "DiceRead",
    "DiceRolling", "Effect", "Event", "FacesSeen", "Finish", "GameNotSaved", "KeepColours", "PowerOff",
    "ReadDice", "ReopenCamera",
    "Save", "SetFrameRate", "SetLanguage", "Setup", "Show", "TakeFrames", "Tick", "start", "step", "view_of",
]

Result = tuple[Appliance, list[Effect]]

# --- the two entry points -------------------------------------------------------------------------


def start(
    setup: Setup,
    *,
    lang: str = "pl",
    title: str | None = None,
    players: int = 2,
    match: Match[Any, Any] | None = None,
    welcome: bool = False,
) -> Result:
    """The first state and its effects; with a saved ``match``, back at the point it was saved;
    else the game menu, after the buttons explained (``welcome``: the box's start-up)."""
    titles = setup.titles()
    title = match.book.title if match is not None else title or titles[0]
    first: Screen = Welcome() if welcome and match is None else GameMenu(titles.index(title))
    camera_ok = setup.camera_missing is None  # a camera without its library is down from the start
    state = Appliance(setup, first, lang, title, players, match, camera_ok=camera_ok)
    effects: list[Effect] = []
    if match is not None:
        state, effects = _position(state)
    return _show(state, effects)


def step(state: Appliance, event: Event) -> Result:
    """The state after ``event`` and the effects to carry out, in order."""
    effects: list[Effect] = []
    if isinstance(event, Tick):
        state, effects = _tick(state, event.seconds)
    else:
        if state.idle:
            effects.append(SetFrameRate(idle=False))
        state = replace(state, idle_s=0.0, idle=False)
        new, more = _handle(state, event)
        state, effects = new, effects + more
    return _show(state, effects)


def _show(state: Appliance, effects: list[Effect]) -> Result:
    view = view_of(state)
    if view != state.shown:
        effects.append(Show(view))
        state = replace(state, shown=view)
    return state, effects


# --- handling events ------------------------------------------------------------------------------


def _tick(state: Appliance, seconds: float) -> Result:
    effects: list[Effect] = []
    idle_s = state.idle_s + seconds
    if not state.idle and idle_s >= state.setup.idle_after_s:
        effects.append(SetFrameRate(idle=True))
        state = replace(state, idle=True)
    state = replace(state, idle_s=idle_s)
    if not state.camera_ok:
        retry = state.retry_s + seconds
        if retry >= state.setup.camera_retry_s:
            effects.append(ReopenCamera())
            retry = 0.0
        state = replace(state, retry_s=retry)
    screen = state.screen
    if isinstance(screen, Notice):
        shown = screen.shown_s + seconds
        if shown >= state.setup.notice_s:
            state, more = _back_to(state, screen.back)
            return state, effects + more
        state = replace(state, screen=replace(screen, shown_s=shown))
    return state, effects


def _handle(state: Appliance, event: Event) -> Result:
    screen = state.screen
    if isinstance(event, CameraFailed):
        state = replace(state, camera_ok=False, retry_s=0.0)
        if isinstance(screen, RollNow):
            return replace(state, screen=CameraLost()), []
        if isinstance(screen, Teach | CheckCamera):
            return replace(state, screen=told_camera(screen, False)), []
        return state, []
    if isinstance(event, CameraBack):
        state = replace(state, camera_ok=True)
        if isinstance(screen, Teach | CheckCamera):
            return replace(state, screen=told_camera(screen, True)), []
        return _position(state) if isinstance(screen, CameraLost) else (state, [])
    if isinstance(event, CameraChecked):
        return (on_checked(state, event) if isinstance(screen, CheckCamera) else state), []
    if isinstance(event, FacesSeen):
        if not isinstance(screen, Teach):
            return state, []
        state, asked = on_faces(state, event)
        effects: list[Effect] = [*asked]
        return state, effects
    if isinstance(event, ColoursNotKept):
        back = screen.back if isinstance(screen, Notice | Menu) else screen
        return replace(state, screen=Notice("teach.not_kept", back)), []
    if isinstance(event, GameNotSaved):
        back = screen.back if isinstance(screen, Notice | Menu) else screen
        return replace(state, screen=Notice(event.key, back, passing=True)), []
    if isinstance(event, DiceRolling | DiceRead) and isinstance(screen, Notice) and screen.passing:
        screen = screen.back
        state = replace(state, screen=screen)
    if isinstance(event, HistoryRead):
        if isinstance(screen, HistoryPages):
            return replace(state, screen=replace(screen, summary=event.summary)), []
        return state, []
    if isinstance(event, DiceKept):
        return replace(state, learnt=event.count), []
    if isinstance(event, DiceRolling):
        rolling = isinstance(screen, RollNow)
        return (replace(state, screen=RollNow(reading=True)) if rolling else state), []
    if isinstance(event, DiceRead):
        if isinstance(screen, RollNow | Seen | Correct | SeenCard | PickCard) and state.match is not None:
            return _on_reading(state, event), []
        return state, []
    if not isinstance(event, ButtonEvent):
        return state, []
    if isinstance(screen, PoweringOff):
        return state, []
    if event is ButtonEvent.MENU:
        if isinstance(screen, Menu):
            return _back_to(state, screen.back)
        over = (Notice, RestartAsk, HelpMenu, HelpPage, PowerAsk, HistoryPages)
        back = screen.back if isinstance(screen, over) else screen
        return replace(state, screen=Menu(back)), []
    handler = _BUTTONS.get(type(screen))
    return handler(state, event) if handler else (state, [])


def _moved(cursor: int, event: ButtonEvent, count: int) -> int:
    """The cursor after PREV/NEXT, going round the list."""
    if count == 0:
        return 0
    return (cursor + (1 if event is ButtonEvent.NEXT else -1)) % count


def _on_game_menu(state: Appliance, event: ButtonEvent) -> Result:
    assert isinstance(state.screen, GameMenu)
    items = game_items(state)
    cursor = state.screen.cursor
    if event is not ButtonEvent.OK:
        return replace(state, screen=GameMenu(_moved(cursor, event, len(items)))), []
    if items[cursor] == "resume":
        return _position(state)
    title = items[cursor]
    low, high = PLAYERS[title]
    players = min(max(state.players, low), high)
    return replace(state, title=title, screen=PlayersMenu(players - low)), []


def _on_players_menu(state: Appliance, event: ButtonEvent) -> Result:
    assert isinstance(state.screen, PlayersMenu)
    low, high = PLAYERS[state.title]
    if event is not ButtonEvent.OK:
        return replace(state, screen=PlayersMenu(_moved(state.screen.cursor, event, high - low + 1))), []
    players = low + state.screen.cursor
    return _seated(replace(state, players=players), next_seat(state.setup.names, players))


def _seated(state: Appliance, seat: Seat) -> Result:
    """The next seat to name, or who starts once every seat has its name."""
    if len(seat.chosen) < seat.players:
        return replace(state, screen=seat), []
    return _first_of(state, seat.chosen)


def _first_of(state: Appliance, names: tuple[str, ...]) -> Result:
    """Who starts, asked of two players or more; one plays at once."""
    if len(names) > 1:
        return replace(state, screen=FirstPlayer(names)), []
    return _seat_players(state, names)


def _on_seat(state: Appliance, event: ButtonEvent) -> Result:
    screen = state.screen
    assert isinstance(screen, Seat)
    choices = seat_choices(state.setup.names, screen.chosen)
    if event is not ButtonEvent.OK:
        return replace(state, screen=replace(screen, cursor=_moved(screen.cursor, event, len(choices)))), []
    chosen = (*screen.chosen, choices[screen.cursor])
    return _seated(state, next_seat(state.setup.names, screen.players, chosen))


def _on_first(state: Appliance, event: ButtonEvent) -> Result:
    screen = state.screen
    assert isinstance(screen, FirstPlayer)
    if event is not ButtonEvent.OK:
        cursor = _moved(screen.cursor, event, len(screen.names))
        return replace(state, screen=replace(screen, cursor=cursor)), []
    return _seat_players(state, in_turn_order(screen.names, screen.cursor))


def _seat_players(state: Appliance, names: tuple[str, ...]) -> Result:
    """The game with ``names`` in turn order; in Lezard Domino each player chooses a lizard first."""
    book = state.setup.book(state.title)
    if isinstance(book, Lezard):
        choosing = LizardsMenu(len(names), book.data.lizards, names=names)
        told = Notice("lezard.board_unchecked", choosing) if state.setup.board_unchecked else choosing
        return replace(state, screen=told), []
    return _new_match(state, Match.start(book, list(names)))


def _on_lizards(state: Appliance, event: ButtonEvent) -> Result:
    screen = state.screen
    assert isinstance(screen, LizardsMenu)
    chosen = choose(screen, event)
    if isinstance(chosen, LizardsMenu):
        return replace(state, screen=chosen), []
    book = state.setup.book(state.title)
    assert isinstance(book, Lezard)
    return _new_match(state, Match.start(replace(book, seats=chosen), list(screen.seat_names)))


def _new_match(state: Appliance, match: Match[Any, Any]) -> Result:
    effects: list[Effect] = []
    old = state.match
    if old is not None and old.book.to_act(old.state) != TERMINAL:
        effects.append(Finish(old, None))
    effects.append(Save(match))
    state, more = _position(replace(state, match=match))
    return state, effects + more


def _position(state: Appliance) -> Result:
    """The screen for the match's position, with a request to read the dice where they decide."""
    match = state.match
    if match is None:
        return replace(state, screen=GameMenu(state.setup.titles().index(state.title))), []
    book, position = match.book, match.state
    actor = book.to_act(position)
    if actor == TERMINAL:
        return replace(state, screen=Winner()), []
    if actor == CHANCE:
        ask = state.guide.dice(position)
        if ask is None:
            return replace(state, screen=PickCard()), []
        if not state.camera_ok:
            return replace(state, screen=CameraLost()), []
        read = ReadDice(ask.count, ask.colours, ask.table, ask.cards, ask.lizards)
        return replace(state, screen=RollNow()), [read]
    return replace(state, screen=Choose(state.guide.advise(position))), []


def _back_to(state: Appliance, screen: Screen) -> Result:
    if isinstance(screen, RollNow | CameraLost | Choose | PickCard | SeenCard):
        return _position(state)  # the position may have changed (undo) and the camera needs asking
    if isinstance(screen, Teach | CheckCamera):
        return replace(state, screen=back_from_menu(screen, state.camera_ok)), []
    return replace(state, screen=screen), []


def _play(state: Appliance, move: Any) -> Result:
    """Apply a confirmed move: save, then the next screen (the turn's end, the winner, or on)."""
    match = state.match
    assert match is not None
    guide = state.guide
    try:
        after = match.play(move)
    except RulesError:
        return replace(state, screen=Notice("error.screen", state.screen)), []
    state = replace(state, match=after)
    effects: list[Effect] = [Save(after)]
    outcome = after.book.outcome(after.state)
    note = guide.turn_note(match.state, after.state)
    if outcome is not None:  # the last turn's note (a penalty) first, then the winner
        screen = TurnOver(note) if note is not None else Winner()
        return replace(state, screen=screen), [*effects, Finish(after, outcome)]
    if note is not None or guide.turn(after.state) != guide.turn(match.state):
        return replace(state, screen=TurnOver(note)), effects
    state, more = _position(state)
    return state, effects + more


# --- reading the dice -----------------------------------------------------------------------------


def _ask(state: Appliance) -> DiceAsk:
    assert state.match is not None
    ask = state.guide.dice(state.match.state)
    assert ask is not None
    return ask


def _on_reading(state: Appliance, event: DiceRead) -> Appliance:
    ask = _ask(state)
    if ask.cards:
        assert state.match is not None
        cards = state.guide.cards(state.match.state)
        card, why = read_card(event.reading, cards)
        if card is not None and why is None:
            return replace(state, screen=SeenCard(card))
        return replace(state, screen=PickCard(cards.index(card) if card is not None else 0, why))
    faces, problem = read_faces(event.reading, ask, event.tray)
    if problem is None:
        return replace(state, screen=Seen(faces))
    return replace(state, screen=Correct(faces, 0, problem))


def _by_hand(state: Appliance, key: str) -> Result:
    ask = _ask(state)
    if ask.cards:
        return replace(state, screen=PickCard()), []
    return replace(state, screen=Correct((None,) * ask.count, 0, (key, 0, ask.count))), []


def _play_faces(state: Appliance, faces: tuple[Face, ...]) -> Result:
    assert state.match is not None
    position = state.match.state
    try:
        move = state.match.book.parse_move(position, state.guide.roll_text(position, faces))
    except RulesError:
        return replace(state, screen=Notice("error.screen", state.screen)), []
    learn: list[Effect] = [KeepDice(faces)] if state.learning and not _ask(state).colours else []
    state, effects = _play(state, move)
    return state, [*effects, *learn]  # after the move is saved and shown


def _on_roll_now(state: Appliance, event: ButtonEvent) -> Result:
    return _by_hand(state, "correct.dice") if event is ButtonEvent.OK else (state, [])


def _on_camera_lost(state: Appliance, event: ButtonEvent) -> Result:
    return _by_hand(state, "camera.by_hand") if event is ButtonEvent.OK else (state, [])


def _on_seen(state: Appliance, event: ButtonEvent) -> Result:
    assert isinstance(state.screen, Seen)
    faces = state.screen.faces
    if event is ButtonEvent.OK:
        return _play_faces(state, faces)
    return replace(state, screen=Correct(faces, 0, ("correct.dice", len(faces), len(faces)))), []


def _on_correct(state: Appliance, event: ButtonEvent) -> Result:
    screen = state.screen
    assert isinstance(screen, Correct)
    faces, index = list(screen.faces), screen.index
    if event is ButtonEvent.OK:
        if faces[index] is None:
            return state, []
        if index + 1 < len(faces):
            return replace(state, screen=replace(screen, index=index + 1)), []
        return _play_faces(state, screen.faces)
    domain = COLOUR_FACES if _ask(state).colours else PIPS
    face = faces[index]
    if face is None:
        faces[index] = domain[0] if event is ButtonEvent.NEXT else domain[-1]
    else:
        faces[index] = domain[_moved(domain.index(face), event, len(domain))]
    return replace(state, screen=replace(screen, faces=tuple(faces))), []


# --- choosing -------------------------------------------------------------------------------------


def _on_seen_card(state: Appliance, event: ButtonEvent) -> Result:
    screen = state.screen
    assert isinstance(screen, SeenCard) and state.match is not None
    if event is ButtonEvent.OK:
        return _play(state, screen.card)
    cards = state.guide.cards(state.match.state)
    return replace(state, screen=PickCard(cards.index(screen.card))), []


def _on_pick_card(state: Appliance, event: ButtonEvent) -> Result:
    assert isinstance(state.screen, PickCard) and state.match is not None
    cards = state.guide.cards(state.match.state)
    if event is ButtonEvent.OK:
        return _play(state, cards[state.screen.cursor])
    cursor = _moved(state.screen.cursor, event, len(cards))
    return replace(state, screen=replace(state.screen, cursor=cursor)), []


def _on_choose(state: Appliance, event: ButtonEvent) -> Result:
    screen = state.screen
    assert isinstance(screen, Choose)
    if event is ButtonEvent.OK:
        return replace(state, screen=Confirm(screen.advice, screen.cursor)), []
    return replace(state, screen=replace(screen, cursor=_moved(screen.cursor, event, len(screen.advice)))), []


def _on_confirm(state: Appliance, event: ButtonEvent) -> Result:
    screen = state.screen
    assert isinstance(screen, Confirm)
    if event is ButtonEvent.OK:
        return _play(state, screen.advice[screen.cursor].move)
    return replace(state, screen=Choose(screen.advice, screen.cursor)), []


def _on_turn_over(state: Appliance, event: ButtonEvent) -> Result:
    return _position(state) if event is ButtonEvent.OK else (state, [])


def _on_winner(state: Appliance, event: ButtonEvent) -> Result:
    screen = state.screen
    assert isinstance(screen, Winner)
    if event is not ButtonEvent.OK:
        return replace(state, screen=Winner(_moved(screen.cursor, event, len(WINNER_OPTIONS)))), []
    option = WINNER_OPTIONS[screen.cursor]
    if option == "winner.again" and state.match is not None:
        return _first_of(state, tuple(state.match.players))
    if option == "winner.menu":
        return replace(state, screen=Menu(screen)), []
    return replace(state, screen=GameMenu(state.setup.titles().index(state.title))), []


def _on_welcome(state: Appliance, event: ButtonEvent) -> Result:
    return replace(state, screen=GameMenu(state.setup.titles().index(state.title))), []


# --- the menu -------------------------------------------------------------------------------------


def _on_menu(state: Appliance, event: ButtonEvent) -> Result:
    screen = state.screen
    assert isinstance(screen, Menu)
    items = menu_items(state)
    if event is not ButtonEvent.OK:
        return replace(state, screen=replace(screen, cursor=_moved(screen.cursor, event, len(items)))), []
    item = items[screen.cursor]
    if item == "menu.back":
        return _back_to(state, screen.back)
    if item == "menu.undo" and state.match is not None:
        match = state.match.undo()
        state = replace(state, match=match)
        back, _ = _position(state)
        return replace(state, screen=Notice("undo.done", back.screen)), [Save(match)]
    if item == "menu.restart":
        return replace(state, screen=RestartAsk(screen.back)), []
    if item == "menu.language":
        lang = LANGUAGES[(LANGUAGES.index(state.lang) + 1) % len(LANGUAGES)]
        return replace(state, lang=lang), [SetLanguage(lang)]
    if item == "menu.teach":
        return replace(state, screen=opened(Teach, screen.back, state.camera_ok)), []
    if item == "menu.teach_cards":
        teach = opened(Teach, screen.back, state.camera_ok)
        return replace(state, screen=replace(teach, cards=lezard_colours(state))), []
    if item == "menu.check":
        return replace(state, screen=opened(CheckCamera, screen.back, state.camera_ok)), []
    if item == "menu.learn":
        return replace(state, learning=not state.learning), [SetLearning(not state.learning)]
    if item == "menu.forget":
        return replace(state, learnt=0, screen=Notice("learn.forgotten", screen.back)), [ForgetDice()]
    if item == "menu.help":
        here = topic_of(state.title) if state.match is not None else None
        listed = topics(state.setup.titles())
        cursor = listed.index(here) + 1 if here in listed else 1  # the game played, else the buttons
        return replace(state, screen=HelpMenu(screen.back, cursor)), []
    if item == "menu.power_off":
        return replace(state, screen=PowerAsk(screen.back)), []
    if item == "menu.history":
        return replace(state, screen=HistoryPages(screen.back)), [ReadHistory()]
    return replace(state, screen=GameMenu(state.setup.titles().index(state.title))), []


def _on_restart(state: Appliance, event: ButtonEvent) -> Result:
    screen = state.screen
    assert isinstance(screen, RestartAsk) and state.match is not None
    if event is not ButtonEvent.OK:
        return _back_to(state, screen.back)
    return _new_match(state, Match.start(state.match.book, state.match.players))


def _on_check(state: Appliance, event: ButtonEvent) -> Result:
    """The camera check: PREV leaves it (the screen under it may need the camera asked again)."""
    screen = state.screen
    assert isinstance(screen, CheckCamera)
    if event is ButtonEvent.PREV and not screen.taking:
        return _back_to(state, screen.back)
    checked, effects = on_check_button(state, event)
    return checked, [*effects]


def _on_help_menu(state: Appliance, event: ButtonEvent) -> Result:
    """The help topics after a "back" row: OK opens a topic's first page."""
    screen = state.screen
    assert isinstance(screen, HelpMenu)
    listed = topics(state.setup.titles())
    if event is not ButtonEvent.OK:
        cursor = _moved(screen.cursor, event, len(listed) + 1)
        return replace(state, screen=replace(screen, cursor=cursor)), []
    if screen.cursor == 0:
        return _back_to(state, screen.back)
    return replace(state, screen=HelpPage(screen.back, listed[screen.cursor - 1])), []


def _on_help_page(state: Appliance, event: ButtonEvent) -> Result:
    """PREV/NEXT turn the pages round; OK goes back to the topics."""
    screen = state.screen
    assert isinstance(screen, HelpPage)
    if event is ButtonEvent.OK:
        cursor = topics(state.setup.titles()).index(screen.topic) + 1
        return replace(state, screen=HelpMenu(screen.back, cursor)), []
    return replace(state, screen=replace(screen, page=_moved(screen.page, event, pages(screen.topic)))), []


def _on_power_ask(state: Appliance, event: ButtonEvent) -> Result:
    screen = state.screen
    assert isinstance(screen, PowerAsk)
    if event is not ButtonEvent.OK:
        return _back_to(state, screen.back)
    return replace(state, screen=PoweringOff()), [PowerOff()]


def _on_history(state: Appliance, event: ButtonEvent) -> Result:
    """PREV/NEXT turn the History's pages; OK goes back to the screen under the menu."""
    screen = state.screen
    assert isinstance(screen, HistoryPages)
    if event is ButtonEvent.OK:
        return _back_to(state, screen.back)
    return replace(state, screen=turned(screen, event)), []


def _on_notice(state: Appliance, event: ButtonEvent) -> Result:
    assert isinstance(state.screen, Notice)
    return _back_to(state, state.screen.back)


_BUTTONS: dict[type, Any] = {
    GameMenu: _on_game_menu,
    PlayersMenu: _on_players_menu,
    RollNow: _on_roll_now,
    CameraLost: _on_camera_lost,
    Seen: _on_seen,
    Correct: _on_correct,
    SeenCard: _on_seen_card,
    PickCard: _on_pick_card,
    Choose: _on_choose,
    Confirm: _on_confirm,
    TurnOver: _on_turn_over,
    Winner: _on_winner,
    Menu: _on_menu,
    RestartAsk: _on_restart,
    Notice: _on_notice,
    LizardsMenu: _on_lizards,
    Teach: on_button,
    CheckCamera: _on_check,
    Welcome: _on_welcome,
    Seat: _on_seat,
    FirstPlayer: _on_first,
    HelpMenu: _on_help_menu,
    HelpPage: _on_help_page,
    PowerAsk: _on_power_ask,
    HistoryPages: _on_history,
}
