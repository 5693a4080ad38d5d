"""What the screen shows in each state: ``view_of(state) -> View``, in the player's language."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from firmware.games.guide import colour_name, player_name, short_names
from firmware.games.lezard.faces import kind_of
from firmware.games.registry import PLAYERS
from firmware.history.marks import judge
from firmware.machine.check import check_view
from firmware.machine.help import help_menu_view, help_page_view
from firmware.machine.history import history_view
from firmware.machine.lizards import LizardsMenu, lizards_view
from firmware.machine.seating import first_view, seat_view
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
    Teach,
    TurnOver,
    Welcome,
    Winner,
    game_items,
    game_key,
    menu_items,
)
from firmware.machine.teach import teach_view
from firmware.messages.i18n import LANGUAGES, t, tn
from firmware.views import (
    ButtonsView,
    CardSeenView,
    CardView,
    ConfirmView,
    DiceView,
    ListView,
    MessageView,
    View,
    WinnerView,
)
from rules.match import Match


def view_of(state: Appliance) -> View:
    """What the screen shows in this state, in the player's language."""
    screen, lang = state.screen, state.lang
    if isinstance(screen, GameMenu):
        items = tuple(t("resume", lang) if i == "resume" else t(game_key(i), lang) for i in game_items(state))
        return ListView(t("menu.game", lang), items, screen.cursor)
    if isinstance(screen, PlayersMenu):
        low, high = PLAYERS[state.title]
        counts = tuple(tn("players.count", n, lang) for n in range(low, high + 1))
        return ListView(t(game_key(state.title), lang), counts, screen.cursor)
    if isinstance(screen, Menu):
        rows = tuple(
            t(f"menu.learn.{'on' if state.learning else 'off'}", lang)
            if key == "menu.learn"
            else tn(key, state.learnt, lang)
            if key == "menu.forget"
            else menu_label(key, lang)
            for key in menu_items(state)
        )
        return ListView(t("menu.title", lang), rows, screen.cursor)
    if isinstance(screen, RestartAsk):
        return MessageView(t("restart.confirm", lang), "", t("confirm.hint", lang))
    if isinstance(screen, Notice):
        return MessageView(t(screen.key, lang))
    if isinstance(screen, LizardsMenu):
        return lizards_view(screen, lang)
    if isinstance(screen, Teach):
        return teach_view(screen, lang)
    if isinstance(screen, CheckCamera):
        return check_view(screen, lang, state.setup.networks)
    flow = _flow_view(state, screen)
    return flow if flow is not None else _game_view(state, screen)


def menu_label(key: str, lang: str) -> str:
    """A menu row; the language row in every language, so that a guest who cannot read this one
    finds it: "Język/Language".

    >>> menu_label("menu.language", "en"), menu_label("menu.undo", "pl")
    ('Language/Język', 'Cofnij')
    """
    if key != "menu.language":
        return t(key, lang)
    others = (t(key, other) for other in LANGUAGES if other != lang)
    return "/".join((t(key, lang), *others))


def _flow_view(state: Appliance, screen: Screen) -> View | None:
    """The box's own screens: the first one, who plays and who starts, help, power-off."""
    lang = state.lang
    if isinstance(screen, Welcome):
        labels = (t("welcome.prev", lang), t("welcome.ok", lang), t("welcome.next", lang))
        return ButtonsView(labels, t("welcome.menu", lang), t("welcome.hint", lang))
    if isinstance(screen, Seat):
        return seat_view(screen, state.setup.names, lang)
    if isinstance(screen, FirstPlayer):
        return first_view(screen, state.title, lang)
    if isinstance(screen, HelpMenu):
        return help_menu_view(screen, state.setup.titles(), lang)
    if isinstance(screen, HelpPage):
        return help_page_view(screen, lang)
    if isinstance(screen, HistoryPages):
        return history_view(screen, lang)
    if isinstance(screen, PowerAsk):
        return MessageView(t("power.confirm", lang), "", t("confirm.hint", lang))
    if isinstance(screen, PoweringOff):
        return MessageView(t("power.off", lang), t("power.unplug", lang))
    return None


def _game_view(state: Appliance, screen: Screen) -> View:
    match, lang = state.match, state.lang
    assert match is not None
    guide = state.guide
    if isinstance(screen, RollNow):
        if screen.reading:
            return MessageView(t("reading", lang))
        return replace(guide.roll_view(match, lang), hint=t("menu.hold_hint", lang))
    if isinstance(screen, CameraLost):
        missing = state.setup.camera_missing
        if missing is not None:  # no library: retrying cannot help, the dice are entered by hand
            return MessageView(
                t("hardware.missing", lang, library=missing),
                t("hardware.install", lang),
                t("camera.hint", lang),
            )
        return MessageView(t("camera.lost", lang), t("camera.retrying", lang), t("camera.hint", lang))
    if isinstance(screen, Seen):
        return DiceView(
            t("read.as", lang), screen.faces, t("read.hint", lang), None, short_names(screen.faces, lang)
        )
    if isinstance(screen, Correct):
        key, seen, expected = screen.reason
        title = t(key, lang, seen=seen, expected=expected)
        names = short_names(screen.faces, lang)
        return DiceView(title, screen.faces, t("correct.hint", lang), screen.index, names)
    if isinstance(screen, PickCard):
        return _card_view(state, screen)
    if isinstance(screen, SeenCard):
        card = screen.card
        colours = (card.lizard,) if card.lizard is not None else card.squares
        kind = kind_of(card)
        return CardSeenView(
            t("read.card_as", lang), kind, tuple(colour_name(c, lang) for c in colours), t("read.hint", lang)
        )
    if isinstance(screen, Choose):
        labels = tuple(guide.row_label(match.state, a.move, lang) for a in screen.advice)
        rights = tuple(guide.figures(a, lang)[0] for a in screen.advice)
        marked = tuple(i for i, a in enumerate(screen.advice) if a.best)
        unit = guide.figure_unit(match.state, lang) if any(rights) else ""
        return ListView(guide.choice_title(match, lang), labels, screen.cursor, rights, marked, unit)
    if isinstance(screen, Confirm):
        chosen = screen.advice[screen.cursor]
        label = guide.move_label(match.state, chosen.move, lang)
        detail = guide.figures(chosen, lang)[1]
        return ConfirmView(t("confirm.title", lang), label, detail, t("confirm.hint", lang))
    if isinstance(screen, TurnOver):
        scores = guide.scores_view(match, lang)
        if screen.note is not None:
            key, n = screen.note
            return replace(scores, footer=t(key, lang, n=n))
        nxt = player_name(match.players[guide.turn(match.state)], lang)
        return replace(scores, footer=t("turn.next", lang, name=nxt))
    assert isinstance(screen, Winner)
    return _winner_view(state, screen.cursor)


def _card_view(state: Appliance, screen: PickCard) -> CardView:
    match, lang = state.match, state.lang
    assert match is not None
    guide = state.guide
    cards = guide.cards(match.state)
    card = cards[screen.cursor]
    again = getattr(match.state, "card", None) is not None
    player = player_name(match.players[guide.turn(match.state)], lang)
    title = t("lezard.draw_again", lang) if again else f"{player}: {t('lezard.card', lang)}"
    if screen.reason is not None:
        title = t(screen.reason, lang)
    return CardView(
        title,
        guide.card_label(match.state, card, lang),
        screen.cursor,
        len(cards),
        t("lezard.pick_hint", lang),
    )


def _winner_view(state: Appliance, cursor: int) -> WinnerView:
    match, lang = state.match, state.lang
    assert match is not None
    outcome = match.book.outcome(match.state)
    assert outcome is not None
    names = [player_name(match.players[w], lang) for w in outcome.winners]
    rows = state.guide.scores_view(match, lang).rows
    rows = tuple(replace(row, leader=i in outcome.winners) for i, row in enumerate(rows))
    options = tuple(t(key, lang) for key in WINNER_OPTIONS)
    if len(names) == 1:
        line = t("winner.name", lang, name=names[0])
        best = best_moves_line(match, outcome.winners[0], state.setup.goal, lang)
        return WinnerView(t("winner.title", lang), line, rows, options, cursor, best)
    return WinnerView(t("winner.tie", lang), ", ".join(names), rows, options, cursor)


def best_moves_line(match: Match[Any, Any], seat: int, goal: str, lang: str) -> str:
    """How many of ``seat``'s choices were the advisor's best ("best moves 18 of 20"); "" where
    the seat chose nothing the advisor ranks (Lezard Domino's reports, forced moves only)."""
    moves = zip(match.states, match.moves, strict=False)
    marks = [judge(match.book, state, text, goal) for state, text in moves]
    own = [mark for mark in marks if mark is not None and mark.seat == seat]
    if not own:
        return ""
    return t("history.best_moves", lang, n=sum(mark.matched for mark in own), of=len(own))
