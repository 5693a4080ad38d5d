"""Whose lizard is whose in Lezard Domino: the players' choice, and how it is said.

The deal after a flick starts with the owner of the flicked lizard, so each player must know their
lizard. ``seats_from_text`` reads a choice such as ``Ala=zielona,Olek=blue`` (two players hold two
lizards each: ``Ala=green+blue``); players it leaves out take the lizards left over in the data
file's order. ``lizard_words`` names a lizard as a person says it: "jaszczurka zielona".

>>> seats_from_text("Olek=zielona", ["Ala", "Olek", "Ewa"], ("green", "blue", "red", "yellow"), "pl")
(('blue',), ('green',), ('red',))
>>> lizard_words("green", "pl"), lizard_words("green", "en")
('jaszczurka zielona', 'green lizard')
"""

from __future__ import annotations

from collections.abc import Sequence

from firmware.games.lezard.table import POLISH_COLOURS
from firmware.messages.i18n import t


def feminine(colour: str) -> str:
    """A colour's Polish word agreeing with "jaszczurka" (feminine): ``green`` -> ``zielona``."""
    word = POLISH_COLOURS.get(colour)
    return word[:-1] + "a" if word is not None else colour


def lizard_words(colour: str, lang: str) -> str:
    """One lizard in words: ``jaszczurka zielona``, ``green lizard``."""
    return t("lizard.named", lang, colour=feminine(colour) if lang == "pl" else colour)


def seat_lines(players: Sequence[str], seats: Sequence[Sequence[str]], lang: str) -> list[str]:
    """A line per player naming their lizards: ``Ala: jaszczurka zielona``."""
    return [
        t("lizard.seat", lang, name=name, lizards=" + ".join(lizard_words(c, lang) for c in held))
        for name, held in zip(players, seats, strict=True)
    ]


def colour_of(word: str, lizards: Sequence[str]) -> str | None:
    """The lizard colour a word names (English, or Polish in any gender), or None."""
    word = word.strip().lower()
    for colour in lizards:
        polish = POLISH_COLOURS.get(colour, colour)
        if word in (colour, polish, feminine(colour), polish[:-1] + "e"):
            return colour
    return None


def default_seats(count: int, lizards: Sequence[str]) -> tuple[tuple[str, ...], ...]:
    """The data file's order: seat 1 the first lizard...; with 2 players, two each."""
    each = 2 if count == 2 else 1
    return tuple(tuple(lizards[i * each : (i + 1) * each]) for i in range(count))


def seats_from_text(
    text: str | None, players: Sequence[str], lizards: Sequence[str], lang: str
) -> tuple[tuple[str, ...], ...]:
    """Each seat's lizards from ``Name=colour[+colour],...``; ``ValueError`` saying what is wrong."""
    if text is None:
        return default_seats(len(players), lizards)
    each = 2 if len(players) == 2 else 1
    chosen: dict[int, tuple[str, ...]] = {}
    for part in text.split(","):
        name, equals, colours = part.partition("=")
        if not equals or not name.strip() or not colours.strip():
            raise ValueError(t("lizard.bad.form", lang))
        if name.strip() not in players:
            raise ValueError(t("lizard.bad.player", lang, name=name.strip()))
        seat = players.index(name.strip())
        held = []
        for word in colours.split("+"):
            colour = colour_of(word, lizards)
            if colour is None:
                known = ", ".join(feminine(c) if lang == "pl" else c for c in lizards)
                raise ValueError(t("lizard.bad.colour", lang, colour=word.strip(), known=known))
            if colour in held or any(colour in other for other in chosen.values()):
                raise ValueError(t("lizard.bad.twice", lang, colour=word.strip()))
            held.append(colour)
        if len(held) != each:
            raise ValueError(t("lizard.bad.count", lang, players=len(players), each=each, name=name.strip(),
                               got=len(held)))  # fmt: skip
        chosen[seat] = tuple(held)
    taken = {colour for held in chosen.values() for colour in held}
    left = iter(colour for colour in lizards if colour not in taken)
    return tuple(chosen.get(seat) or tuple(next(left) for _ in range(each)) for seat in range(len(players)))
