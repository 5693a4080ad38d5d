"""The one list of the games Kostka referees, and all that each game brings: look a game up here.

A ``Game`` is everything the appliance and the ``kostka`` command know of one title: its seats, the
catalogue key of its name, its rule book's kind (switches <-> book), the guide the state machine
uses (OLED), the terminal table of ``kostka play``, and its advisor (``rules.<game>_advisor``: no
rule book imports its advisor, so this is where a book meets it). Adding a game is one home under
``firmware/games/`` and one entry in ``GAMES``.

>>> [game.title for game in GAMES]
['shut-the-box', 'stonoga', 'lezard']
>>> game("stonoga").players, game("lezard").name_key
((2, 4), 'game.lezard')
>>> from rules.shut_the_box import ShutTheBox
>>> text = rulebook_to_json(ShutTheBox(flaps=12, maths=True))
>>> rulebook_from_json("shut-the-box", text) == ShutTheBox(flaps=12, maths=True)
True
>>> rulebook_from_switches("stonoga", {"stealing": True, "target": "r3"}).target
Tile(colour=1, boots=3)
>>> book = ShutTheBox()
>>> rolled = book.apply(book.start(["Ala"]), book.parse_move(book.start(["Ala"]), "3 4"))
>>> [a.move.text() for a in advise(book, rolled)][:2]
['shut 7', 'shut 1 6']
>>> rulebook_from_switches("stonoga", {"stealing": "yes"})
Traceback (most recent call last):
...
firmware.games.rulebooks.RulebookError: stonoga: stealing = 'yes' is not true or false
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from firmware.games.guide import Guide
from firmware.games.lezard.book import KIND as LEZARD
from firmware.games.lezard.guide import LezardGuide
from firmware.games.rulebooks import Book, Kind, RulebookError, Switches
from firmware.games.shut_the_box.book import KIND as SHUT_THE_BOX
from firmware.games.shut_the_box.guide import ShutGuide
from firmware.games.stonoga.book import KIND as STONOGA
from firmware.games.stonoga.guide import StonogaGuide
from rules import lezard_advisor, shut_the_box_advisor, stonoga_advisor
from rules.game import Advice, RulesError
from rules.shut_the_box import DEFAULT_GOAL


@dataclass(frozen=True, slots=True)
class Game:
    """One title and all that the appliance and the command know of it (see the module docstring)."""

    title: str
    """As the config, the saved games and the command name it: ``shut-the-box``."""
    players: tuple[int, int]
    """Seats, fewest and most, from the rule sheet."""
    kind: Kind
    """How its rule book becomes switches (config, saved games) and comes back."""
    guide: Callable[[Any, str], Guide]
    """The state machine's guide for a rule book, with Shut the Box's advice goal."""
    table: str
    """The module of its terminal table (``kostka play``), imported when a game is played."""
    advisor: Callable[[Any, Any, str], tuple[Advice[Any], ...]]
    """Its advisor for a rule book and a position, with Shut the Box's advice goal."""

    @property
    def name_key(self) -> str:
        """The catalogue key of the game's name: ``game.shut_the_box``."""
        return "game." + self.title.replace("-", "_")

    @property
    def about_key(self) -> str:
        """The catalogue key of its line in ``kostka play --help``: ``usage.about.shut_the_box``."""
        return "usage.about." + self.title.replace("-", "_")

    def table_module(self) -> ModuleType:
        """The terminal table's module: its switches, ``table_from_args``, its table."""
        return importlib.import_module(self.table)


GAMES: tuple[Game, ...] = (
    Game(
        "shut-the-box",
        (1, 6),
        SHUT_THE_BOX,
        ShutGuide,
        "firmware.games.shut_the_box.table",
        shut_the_box_advisor.advise,
    ),
    Game(
        "stonoga",
        (2, 4),
        STONOGA,
        lambda book, goal: StonogaGuide(book),
        "firmware.games.stonoga.table",
        lambda book, state, goal: stonoga_advisor.advise(book, state),
    ),
    Game(
        "lezard",
        (2, 4),
        LEZARD,
        lambda book, goal: LezardGuide(book),
        "firmware.games.lezard.table",
        lambda book, state, goal: lezard_advisor.advise(book, state),
    ),
)
"""The games in the menu's order. Seats from the rule sheets: Lezard Domino says 2-4 players, Nogi
Stonogi has 4 centipedes, Shut the Box is played alone or by any number round the table (6 on one
screen)."""

TITLES: tuple[str, ...] = tuple(g.title for g in GAMES)
PLAYERS: Mapping[str, tuple[int, int]] = {g.title: g.players for g in GAMES}


def game(title: str) -> Game:
    """The game of ``title``; ``KeyError`` for a title Kostka does not know."""
    for known in GAMES:
        if known.title == title:
            return known
    raise KeyError(title)


def _game_of(book: Book) -> Game | None:
    return next((known for known in GAMES if isinstance(book, known.kind.book_type)), None)


def guide_for(book: Book, goal: str = DEFAULT_GOAL) -> Guide:
    """The state machine's guide of a rule book (``goal``: Shut the Box's advice order)."""
    known = _game_of(book)
    if known is None:
        raise ValueError(f"no screens for the game {book.title!r}")
    return known.guide(book, goal)


def advise(book: Book, state: Any, goal: str = DEFAULT_GOAL) -> tuple[Advice[Any], ...]:
    """Every legal move in ``state`` with its advisor's exact figures, best first (empty where no one
    chooses); ``goal`` orders Shut the Box's advice (``penalty``, its scoring, or ``shut``)."""
    known = _game_of(book)
    if known is None:
        raise ValueError(f"no advisor for the game {book.title!r}")
    return known.advisor(book, state, goal)


def _kind(title: str) -> Kind | None:
    try:
        return game(title).kind
    except KeyError:
        return None


def rulebook_to_switches(book: Book) -> Switches:
    """The switches that rebuild ``book`` (a JSON-able dict).

    >>> from rules.stonoga import Options, Stonoga
    >>> rulebook_to_switches(Stonoga(Options(stealing=True)))
    {'stealing': True, 'may_decline': False, 'target': None}
    """
    kind = _kind(book.title)
    if kind is None or not isinstance(book, kind.book_type):
        raise RulebookError("rulebook.unsaveable", title=book.title, kind=type(book).__name__)
    return kind.to_switches(book)


def rulebook_from_switches(title: str, switches: Mapping[str, Any]) -> Book:
    """The rule book of ``title`` with these switches; ``RulebookError`` says which switch is wrong."""
    kind = _kind(title)
    if kind is None:
        raise RulebookError("rulebook.unknown_game", title=repr(title), games=", ".join(TITLES))
    if not isinstance(switches, Mapping):
        raise RulebookError("rulebook.not_table", title=title)
    try:
        return kind.from_switches(switches)
    except RulebookError:
        raise
    except (RulesError, ValueError, TypeError) as error:
        reason = error.reason if isinstance(error, RulesError) else str(error)
        raise RulebookError("rulebook.refused", title=title, reason=reason) from error


def rulebook_to_json(book: Book) -> str:
    """``rulebook_to_switches`` as JSON text (keys in a fixed order, non-ASCII kept as it is)."""
    return json.dumps(rulebook_to_switches(book), ensure_ascii=False, sort_keys=True)


def rulebook_from_json(title: str, text: str) -> Book:
    """The rule book that ``rulebook_to_json`` wrote for ``title``."""
    try:
        switches = json.loads(text)
    except json.JSONDecodeError as error:
        raise RulebookError("rulebook.not_json", title=title, error=str(error)) from None
    if not isinstance(switches, dict):
        raise RulebookError("rulebook.not_object", title=title, text=repr(text[:60]))
    return rulebook_from_switches(title, switches)
