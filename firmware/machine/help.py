"""Help on the box, opened from the menu: the buttons, then each title's rules in a few pages.

The topics are ``buttons`` and the titles on offer (their catalogue stem: ``shut_the_box``); a
topic's pages are the catalogue's ``help.<topic>.1``, ``.2``... (``firmware.messages.help``).
PREV/NEXT turn the pages round, OK goes back to the topics, whose "back" row returns to the game.

>>> pages("stonoga") > 3, topic_of("shut-the-box")
(True, 'shut_the_box')
"""

from __future__ import annotations

from firmware.games.registry import game
from firmware.machine.state import HelpMenu, HelpPage
from firmware.messages.i18n import catalogue, t
from firmware.views import HelpView, ListView

BUTTONS = "buttons"


def topic_of(title: str) -> str:
    """A title's help topic: its name's catalogue stem."""
    return game(title).name_key.removeprefix("game.")


def topics(titles: tuple[str, ...]) -> tuple[str, ...]:
    """The help menu's topics after its "back" row: the buttons, then each title."""
    return (BUTTONS, *(topic_of(title) for title in titles))


def pages(topic: str) -> int:
    """How many pages ``topic`` has (the same in every language: tests/test_i18n.py)."""
    messages = catalogue("pl")
    count = 0
    while f"help.{topic}.{count + 1}" in messages:
        count += 1
    return count


def topic_name(topic: str, lang: str) -> str:
    return t("help.buttons" if topic == BUTTONS else f"game.{topic}", lang)


def help_menu_view(screen: HelpMenu, titles: tuple[str, ...], lang: str) -> ListView:
    items = (t("menu.back", lang), *(topic_name(topic, lang) for topic in topics(titles)))
    return ListView(t("help.title", lang), items, screen.cursor)


def help_page_view(screen: HelpPage, lang: str) -> HelpView:
    text = t(f"help.{screen.topic}.{screen.page + 1}", lang)
    return HelpView(topic_name(screen.topic, lang), text, screen.page, pages(screen.topic))
