"""Lezard Domino's rule book as switches: the box itself and ``seats``.

The box is ``board``, ``lizards``, ``deck``, ``dominoes``, ``guess``, as in the data file (the deck
as ``[card, count]`` pairs, in order). A saved game carries its box, so editing the data file later
cannot change a game already begun. To build one, ``data_file`` (a path) may stand for the box;
with no box at all the shipped rules/data/lezard.toml is used.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from importlib.resources import files
from pathlib import Path
from typing import Any

from firmware.errors import Words, why_os
from firmware.games.rulebooks import Book, Kind, RulebookError, Switches, checked, unknown
from rules.lezard import Lezard
from rules.lezard_board import FORMAT, LezardData, parse_lezard_data
from rules.phrases import Phrase

BOX_KEYS = ("board", "lizards", "deck", "dominoes", "guess")
"""The switches that describe the box, as the data file's keys (rules/data/README.md)."""


def shipped_lezard_text() -> str:
    """The data file that comes with Kostka (rules/data/lezard.toml)."""
    return files("rules").joinpath("data/lezard.toml").read_text(encoding="utf-8")


def _lezard_switches(book: Lezard) -> Switches:
    data = book.data
    seats = [list(seat) for seat in book.seats] if book.seats is not None else None
    return {
        "board": list(data.board),
        "lizards": list(data.lizards),
        "deck": [[card.text(), count] for card, count in zip(data.cards, data.counts, strict=True)],
        "dominoes": data.dominoes,
        "guess": data.guess,
        "seats": seats,
    }


def _lezard(switches: Mapping[str, Any]) -> Book:
    unknown("lezard", switches, [*BOX_KEYS, "seats", "data_file"])
    box = [key for key in BOX_KEYS if key in switches]
    if box and "data_file" in switches:
        raise RulebookError("rulebook.lezard.both")
    if box:
        data = parse_lezard_data(_box_toml(switches), source=Phrase("lezard.data.settings"))
    elif "data_file" in switches:
        path = Path(str(checked("lezard", "data_file", switches["data_file"], str)))
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            why = why_os(error) if isinstance(error, OSError) else Words("rulebook.lezard.not_text")
            raise RulebookError("rulebook.lezard.unreadable", path=repr(str(path)), error=why) from None
        data = parse_lezard_data(text, source=str(path))
    else:
        data = parse_lezard_data(shipped_lezard_text(), source="rules/data/lezard.toml")
    return Lezard(data, _seats(switches.get("seats"), data))


def _seats(value: object, data: LezardData) -> tuple[tuple[str, ...], ...] | None:
    if value is None:
        return None
    if not isinstance(value, list) or not all(
        isinstance(seat, list) and all(isinstance(colour, str) for colour in seat) for seat in value
    ):
        example = f"[[{data.lizards[0]!r}], [{data.lizards[1]!r}]]"
        raise RulebookError("rulebook.lezard.seats", value=repr(value), example=example)
    return tuple(tuple(seat) for seat in value)


def _box_toml(switches: Mapping[str, Any]) -> str:
    """A data file holding the box that the switches describe; ``parse_lezard_data`` checks it."""
    missing = [key for key in BOX_KEYS if key not in switches]
    if missing:
        raise RulebookError("rulebook.lezard.lacks", missing=", ".join(missing))
    deck = switches["deck"]
    pairs = list(deck.items()) if isinstance(deck, Mapping) else deck
    if not isinstance(pairs, list) or not all(isinstance(p, list | tuple) and len(p) == 2 for p in pairs):
        raise RulebookError("rulebook.lezard.deck", deck=repr(deck))
    lines = [
        f"format = {FORMAT}",
        f"guess = {_toml(switches['guess'])}",
        f"dominoes = {_toml(switches['dominoes'])}",
        f"lizards = {_toml(switches['lizards'])}",
        "[board]",
        f"squares = {_toml(switches['board'])}",
        "[deck]",
        *(f"{_toml(str(card))} = {_toml(count)}" for card, count in pairs),
    ]
    return "\n".join(lines) + "\n"


def _toml(value: object) -> str:
    """A TOML value for a bool, a whole number, a string or a list of those."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | str):
        return json.dumps(value, ensure_ascii=False)  # a JSON string is a TOML basic string
    if isinstance(value, list):
        return "[" + ", ".join(_toml(item) for item in value) + "]"
    raise RulebookError("rulebook.lezard.value", value=repr(value))


KIND = Kind("lezard", Lezard, _lezard_switches, _lezard)
