"""Rule books as plain switches (JSON): the shape every game's switches take and the checks they pass.

A rule book is a frozen value of rule switches (rules/game.py), so a saved game needs only its
title and a small JSON object to rebuild the very same rule book. Each game's home
(``firmware.games.<game>.book``) has one ``Kind``: how to write its book as switches and how to
build a book from switches; ``firmware.games.registry`` finds the kind of a title and has
``rulebook_to_json`` / ``rulebook_from_json``. Builders check every switch and name the wrong one,
so a saved game or a config with a bad switch says what to fix, in the person's language (the
catalogue's ``rulebook.*``; ``str()`` is English).

>>> checked("stonoga", "stealing", "yes", bool)
Traceback (most recent call last):
...
firmware.games.rulebooks.RulebookError: stonoga: stealing = 'yes' is not true or false
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from firmware.errors import KostkaError, Words
from rules.game import RuleBook

Book = RuleBook[Any, Any]
Switches = dict[str, Any]
"""A rule book's switches: a JSON object (str keys; values bool, int, str, lists, null)."""


class RulebookError(KostkaError, ValueError):
    """Switches that build no rule book; the message names the title, the switch and what is allowed."""


@dataclass(frozen=True, slots=True)
class Kind:
    """How one title's rule book becomes switches and comes back from them."""

    title: str
    book_type: type
    to_switches: Callable[[Any], Switches]
    from_switches: Callable[[Mapping[str, Any]], Book]


# --- checking switches -------------------------------------------------------------------------


def unknown(title: str, switches: Mapping[str, Any], known: typing.Iterable[str]) -> None:
    allowed = list(known)
    extra = sorted(set(switches) - set(allowed))
    if extra:
        switch, others = repr(extra[0]), ", ".join(allowed)
        raise RulebookError("rulebook.unknown", title=title, switch=switch, allowed=others)


def checked(title: str, name: str, value: object, hint: object) -> object:
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
    wanted = Words(_KINDS[options[-1]])
    for option in reversed(options[:-1]):
        wanted = Words("rulebook.either", {"one": Words(_KINDS[option]), "other": wanted})
    raise RulebookError("rulebook.not", title=title, name=name, value=repr(value), wanted=wanted)


_KINDS = {
    bool: "rulebook.kind.bool",
    int: "rulebook.kind.int",
    str: "rulebook.kind.str",
    type(None): "rulebook.kind.null",
}
"""The catalogue's words for each plain type a switch may hold."""


def dataclass_switches(cls: type, title: str, switches: Mapping[str, Any]) -> dict[str, object]:
    """Keyword arguments for the plain-valued dataclass ``cls``, each checked against its type."""
    hints = typing.get_type_hints(cls)
    names = [f.name for f in dataclasses.fields(cls)]
    unknown(title, switches, names)
    return {name: checked(title, name, switches[name], hints[name]) for name in names if name in switches}
