"""Rule books as plain switches (JSON) and back: what a saved game and the config call its rules.

A rule book is a frozen value of rule switches (rules/game.py), so a saved game needs only its
title and a small JSON object to rebuild the very same rule book. Each title registers one
``Kind``: how to write its book as switches and how to build a book from switches. Builders check
every switch and name the wrong one, so a saved game or a config with a bad switch says what to fix.

- ``shut-the-box``: the fields of ``ShutTheBox`` as they are (``{"flaps": 12, "maths": true, ...}``).
- ``stonoga``: ``stealing`` and ``may_decline`` (``Options``) and ``target``, a tile as text or null.
- ``lezard``: the box itself (``board``, ``lizards``, ``deck``, ``dominoes``, ``guess``, as in the
  data file; the deck as ``[card, count]`` pairs, in order) and ``seats``. A saved game carries its
  box, so editing the data file later cannot change a game already begun. To build one,
  ``data_file`` (a path) may stand for the box; with no box at all the shipped
  rules/data/lezard.toml is used.

>>> from rules.shut_the_box import ShutTheBox
>>> text = rulebook_to_json(ShutTheBox(flaps=12, maths=True))
>>> rulebook_from_json("shut-the-box", text) == ShutTheBox(flaps=12, maths=True)
True
>>> rulebook_from_switches("stonoga", {"stealing": True, "target": "r3"}).target
Tile(colour=1, boots=3)
>>> rulebook_from_switches("stonoga", {"stealing": "yes"})
Traceback (most recent call last):
...
firmware.games.rulebooks.RulebookError: stonoga: stealing = 'yes' is not true or false
"""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path
from typing import Any

from rules.game import RuleBook, RulesError
from rules.lezard import Lezard
from rules.lezard_board import FORMAT, LezardData, parse_lezard_data
from rules.shut_the_box import ShutTheBox
from rules.stonoga import Options, Stonoga, parse_tile

Book = RuleBook[Any, Any]
Switches = dict[str, Any]
"""A rule book's switches: a JSON object (str keys; values bool, int, str, lists, null)."""


class RulebookError(ValueError):
    """Switches that build no rule book; the message names the title, the switch and what is allowed."""


@dataclass(frozen=True, slots=True)
class Kind:
    """How one title's rule book becomes switches and comes back from them."""

    title: str
    book_type: type
    to_switches: Callable[[Any], Switches]
    from_switches: Callable[[Mapping[str, Any]], Book]


def rulebook_to_switches(book: Book) -> Switches:
    """The switches that rebuild ``book`` (a JSON-able dict).

    >>> rulebook_to_switches(Stonoga(Options(stealing=True)))
    {'stealing': True, 'may_decline': False, 'target': None}
    """
    kind = KINDS.get(book.title)
    if kind is None or not isinstance(book, kind.book_type):
        raise RulebookError(f"{book.title}: Kostka cannot save this rule book ({type(book).__name__})")
    return kind.to_switches(book)


def rulebook_from_switches(title: str, switches: Mapping[str, Any]) -> Book:
    """The rule book of ``title`` with these switches; ``RulebookError`` says which switch is wrong."""
    kind = KINDS.get(title)
    if kind is None:
        raise RulebookError(f"{title!r} is not a game Kostka knows; the games are {', '.join(KINDS)}")
    if not isinstance(switches, Mapping):
        raise RulebookError(f"{title}: the rule switches must be a table of names and values")
    try:
        return kind.from_switches(switches)
    except RulebookError:
        raise
    except (RulesError, ValueError, TypeError) as error:
        raise RulebookError(f"{title}: {error}") from error


def rulebook_to_json(book: Book) -> str:
    """``rulebook_to_switches`` as JSON text (keys in a fixed order, non-ASCII kept as it is)."""
    return json.dumps(rulebook_to_switches(book), ensure_ascii=False, sort_keys=True)


def rulebook_from_json(title: str, text: str) -> Book:
    """The rule book that ``rulebook_to_json`` wrote for ``title``."""
    try:
        switches = json.loads(text)
    except json.JSONDecodeError as error:
        raise RulebookError(f"{title}: the saved rule switches are not JSON ({error})") from None
    if not isinstance(switches, dict):
        raise RulebookError(f"{title}: the saved rule switches are not a JSON object: {text[:60]!r}")
    return rulebook_from_switches(title, switches)


# --- checking switches -------------------------------------------------------------------------


def _unknown(title: str, switches: Mapping[str, Any], known: typing.Iterable[str]) -> None:
    allowed = list(known)
    extra = sorted(set(switches) - set(allowed))
    if extra:
        raise RulebookError(f"{title}: no rule switch {extra[0]!r}; the switches are {', '.join(allowed)}")


def _checked(title: str, name: str, value: object, hint: object) -> object:
    """``value`` if it has the plain type ``hint`` (bool, int, str, or one of them or None)."""
    options = typing.get_args(hint) if isinstance(hint, types.UnionType) else (hint,)
    for option in options:
        if option is type(None) and value is None:
            return value
        if option is bool and isinstance(value, bool):
            return value
        if option is int and isinstance(value, int) and not isinstance(value, bool):
            return value
        if option is str and isinstance(value, str):
            return value
    words = {bool: "true or false", int: "a whole number", str: "text", type(None): "null"}
    wanted = " or ".join(words.get(option, str(option)) for option in options)
    raise RulebookError(f"{title}: {name} = {value!r} is not {wanted}")


def _dataclass_switches(cls: type, title: str, switches: Mapping[str, Any]) -> dict[str, object]:
    """Keyword arguments for the plain-valued dataclass ``cls``, each checked against its type."""
    hints = typing.get_type_hints(cls)
    names = [f.name for f in dataclasses.fields(cls)]
    _unknown(title, switches, names)
    return {name: _checked(title, name, switches[name], hints[name]) for name in names if name in switches}


# --- Shut the Box ------------------------------------------------------------------------------


def _shut_the_box_switches(book: ShutTheBox) -> Switches:
    return dataclasses.asdict(book)


def _shut_the_box(switches: Mapping[str, Any]) -> Book:
    return ShutTheBox(**_dataclass_switches(ShutTheBox, "shut-the-box", switches))  # type: ignore[arg-type]


# --- Nogi Stonogi ------------------------------------------------------------------------------


def _stonoga_switches(book: Stonoga) -> Switches:
    target = book.target.text() if book.target is not None else None
    return {**dataclasses.asdict(book.options), "target": target}


def _stonoga(switches: Mapping[str, Any]) -> Book:
    option_names = [f.name for f in dataclasses.fields(Options)]
    _unknown("stonoga", switches, [*option_names, "target"])
    options = _dataclass_switches(Options, "stonoga", {k: v for k, v in switches.items() if k != "target"})
    target = _checked("stonoga", "target", switches.get("target"), str | None)
    tile = parse_tile(target) if isinstance(target, str) else None
    return Stonoga(Options(**options), tile)  # type: ignore[arg-type]


# --- Lezard Domino -----------------------------------------------------------------------------

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
    _unknown("lezard", switches, [*BOX_KEYS, "seats", "data_file"])
    box = [key for key in BOX_KEYS if key in switches]
    if box and "data_file" in switches:
        raise RulebookError("lezard: give either data_file or the box (board, lizards, deck...), not both")
    if box:
        data = parse_lezard_data(_box_toml(switches), source="the saved game's box")
    elif "data_file" in switches:
        path = Path(str(_checked("lezard", "data_file", switches["data_file"], str)))
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise RulebookError(f"lezard: data_file {str(path)!r} cannot be read ({error})") from None
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
        raise RulebookError(
            f"lezard: seats = {value!r} must list each seat's lizard colours, e.g. "
            f"[[{data.lizards[0]!r}], [{data.lizards[1]!r}]]"
        )
    return tuple(tuple(seat) for seat in value)


def _box_toml(switches: Mapping[str, Any]) -> str:
    """A data file holding the box that the switches describe; ``parse_lezard_data`` checks it."""
    missing = [key for key in BOX_KEYS if key not in switches]
    if missing:
        raise RulebookError(f"lezard: the box lacks {', '.join(missing)}")
    deck = switches["deck"]
    pairs = list(deck.items()) if isinstance(deck, Mapping) else deck
    if not isinstance(pairs, list) or not all(isinstance(p, list | tuple) and len(p) == 2 for p in pairs):
        raise RulebookError(f"lezard: deck = {deck!r} must list each card with its count, in order")
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
    raise RulebookError(f"lezard: {value!r} is not a value a data file can hold")


KINDS: Mapping[str, Kind] = types.MappingProxyType(
    {
        "shut-the-box": Kind("shut-the-box", ShutTheBox, _shut_the_box_switches, _shut_the_box),
        "stonoga": Kind("stonoga", Stonoga, _stonoga_switches, _stonoga),
        "lezard": Kind("lezard", Lezard, _lezard_switches, _lezard),
    }
)
"""Title -> how its rule book is written and built; the titles of firmware.config.GAMES."""
