"""Lezard Domino's set-up on the box: each player chooses their lizard (the deal after a flick starts
with the owner of the flicked lizard, so everyone must know theirs), after a word that the board
file is a best guess when its owner has not confirmed it (``firmware.games.lezard.board_check``).

Seat by seat, PREV/NEXT go through the lizards still free (two each with two players) and OK takes
one; a seat left with a single choice takes it by itself. ``choose`` returns the next screen, or
the seats once every seat holds its lizards.

>>> screen = LizardsMenu(players=3, lizards=("green", "blue", "red", "yellow"))
>>> [choices(screen)[i] for i in (0, 3)]
[('green',), ('yellow',)]
>>> screen = choose(screen, ButtonEvent.NEXT)
>>> screen = choose(screen, ButtonEvent.OK)  # seat 1 takes blue
>>> choose(choose(screen, ButtonEvent.OK), ButtonEvent.OK)
(('blue',), ('green',), ('red',))
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import combinations

from firmware.games.guide import player_name
from firmware.machine.events import ButtonEvent
from firmware.messages.i18n import colour as colour_word
from firmware.messages.i18n import t
from firmware.views import ListView

Seats = tuple[tuple[str, ...], ...]


@dataclass(frozen=True, slots=True)
class LizardsMenu:
    """Choosing the lizards of seat ``len(held)``; ``cursor`` is the highlighted choice."""

    players: int
    lizards: tuple[str, ...]
    held: Seats = ()
    cursor: int = 0
    names: tuple[str, ...] = ()
    """The players in turn order (``firmware.machine.seating``); none: seats numbered from 1."""

    @property
    def seat_names(self) -> tuple[str, ...]:
        """Every seat's name: the players', or the seat numbers."""
        return self.names or tuple(str(n + 1) for n in range(self.players))

    @property
    def each(self) -> int:
        """Lizards a seat holds: two each with two players, else one."""
        return 2 if self.players == 2 else 1


def choices(screen: LizardsMenu) -> list[tuple[str, ...]]:
    """What the seat choosing now may take: the free lizards, alone or in pairs."""
    taken = {colour for seat in screen.held for colour in seat}
    free = [colour for colour in screen.lizards if colour not in taken]
    return list(combinations(free, screen.each))


def choose(screen: LizardsMenu, event: ButtonEvent) -> LizardsMenu | Seats:
    """The screen after a press, or every seat's lizards once the last seat has them."""
    options = choices(screen)
    if event is not ButtonEvent.OK:
        step = 1 if event is ButtonEvent.NEXT else -1
        return replace(screen, cursor=(screen.cursor + step) % len(options))
    screen = replace(screen, held=(*screen.held, options[screen.cursor]), cursor=0)
    while len(screen.held) < screen.players and len(choices(screen)) == 1:
        screen = replace(screen, held=(*screen.held, choices(screen)[0]))
    return screen.held if len(screen.held) == screen.players else screen


def lizards_view(screen: LizardsMenu, lang: str) -> ListView:
    """The seat's name over its choices: ``Gracz 2: jaszczurka`` then ``zielona``, ``czerwona``..."""
    name = player_name(screen.seat_names[len(screen.held)], lang)
    items = tuple(" + ".join(_colour(c, lang) for c in option) for option in choices(screen))
    return ListView(t("lezard.lizard_of", lang, name=name), items, screen.cursor)


def _colour(colour: str, lang: str) -> str:
    return format(colour_word(colour, lang), "f")
