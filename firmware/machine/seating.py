"""Who plays and who starts, asked at set-up after the number of players.

Each seat, clockwise, is given a name from a short list: the names in the config not taken yet, and
"Player N" (kept as the seat number ``"N"``, shown in the player's language by ``player_name``). A
seat with nothing but "Player N" to choose from is not asked, so a box without names in its config
goes straight on. Then, with two players or more, who starts, with the rule sheet's own words as the
prompt (Nogi Stonogi: the smallest shoe size; Lezard Domino: the youngest; Shut the Box: a die
roll); the players then sit in turn order from that one, clockwise.

>>> seat_choices(("Ala", "Olek"), ("Ala",))
('Olek', '2')
>>> next_seat(("Ala",), 3, ("Ala",))
Seat(players=3, chosen=('Ala', '2', '3'), cursor=0)
>>> in_turn_order(("Ala", "Olek", "Ewa"), 2)
('Ewa', 'Ala', 'Olek')
"""

from __future__ import annotations

from firmware.games.guide import player_name
from firmware.games.registry import game
from firmware.machine.state import FirstPlayer, Seat
from firmware.messages.i18n import t
from firmware.views import PickView


def seat_choices(names: tuple[str, ...], chosen: tuple[str, ...]) -> tuple[str, ...]:
    """The names the next seat may take: the config's not taken yet, then its own number."""
    return (*(name for name in names if name not in chosen), str(len(chosen) + 1))


def next_seat(names: tuple[str, ...], players: int, chosen: tuple[str, ...] = ()) -> Seat:
    """The seat to ask next, the seats with only their number to take filled in; every seat
    named when ``len(chosen) == players``."""
    while len(chosen) < players and len(seat_choices(names, chosen)) == 1:
        chosen = (*chosen, str(len(chosen) + 1))
    return Seat(players, chosen)


def in_turn_order(names: tuple[str, ...], first: int) -> tuple[str, ...]:
    """The players from the one who starts, clockwise (seat order, turned round)."""
    return names[first:] + names[:first]


def rule_key(title: str) -> str:
    """The catalogue key of the rule sheet's word on who starts: ``first.rule.stonoga``."""
    return "first.rule." + game(title).name_key.removeprefix("game.")


def seat_view(seat: Seat, names: tuple[str, ...], lang: str) -> PickView:
    choices = seat_choices(names, seat.chosen)
    title = t("seat.title", lang, n=len(seat.chosen) + 1)
    return PickView(
        title, "", player_name(choices[seat.cursor], lang), seat.cursor, len(choices), t("seat.hint", lang)
    )


def first_view(first: FirstPlayer, title: str, lang: str) -> PickView:
    name = player_name(first.names[first.cursor], lang)
    return PickView(
        t("first.title", lang),
        t(rule_key(title), lang),
        name,
        first.cursor,
        len(first.names),
        t("seat.hint", lang),
    )
