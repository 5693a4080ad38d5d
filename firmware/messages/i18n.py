"""Say things in the player's language: ``t(key, lang, **fields)`` over the catalogue in ``messages``.

>>> t("roll.now", "pl"), t("roll.now", "en")
('Rzucaj!', 'Roll now!')
>>> t("winner.name", "en", name="Ola")
'Ola wins!'
>>> [tn("stonoga.boots", n, "pl") for n in (1, 2, 5, 22)]
['1 but', '2 buty', '5 butów', '22 buty']
"""

from __future__ import annotations

import string
from collections.abc import Mapping

from firmware.messages.catalogue import CATALOGUE

LANGUAGES: tuple[str, ...] = tuple(CATALOGUE)
DEFAULT_LANGUAGE = "pl"


class MessageError(KeyError):
    """A key, language or field the catalogue does not have (a bug: tests/test_i18n.py finds these)."""

    def __str__(self) -> str:  # KeyError would print the message in quotes
        return str(self.args[0])


def catalogue(lang: str) -> Mapping[str, str]:
    """All messages of one language."""
    try:
        return CATALOGUE[lang]
    except KeyError:
        raise MessageError(f"no language {lang!r}: Kostka speaks {', '.join(LANGUAGES)}") from None


def t(key: str, lang: str, **fields: object) -> str:
    """The message ``key`` in ``lang`` with ``fields`` filled in."""
    messages = catalogue(lang)
    try:
        text = messages[key]
    except KeyError:
        raise MessageError(f"no message {key!r} in the {lang!r} catalogue") from None
    try:
        return text.format_map(fields)
    except (KeyError, IndexError) as missing:
        raise MessageError(f"message {key!r} ({lang}) needs the field {missing}") from None


def plural_form(n: int, lang: str) -> str:
    """Which plural form a count takes: ``one``, ``few`` or ``many`` (Polish rules; English has no few).

    >>> [plural_form(n, "pl") for n in (1, 3, 12, 24, 25)]
    ['one', 'few', 'many', 'few', 'many']
    """
    if n == 1:
        return "one"
    if lang == "pl" and n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14):
        return "few"
    return "many"


def tn(key: str, n: int, lang: str, **fields: object) -> str:
    """The plural message ``key.one|few|many`` for the count ``n`` (given to the message as ``{n}``)."""
    return t(f"{key}.{plural_form(n, lang)}", lang, n=n, **fields)


def fields_of(text: str) -> frozenset[str]:
    """The field names a message uses.

    >>> sorted(fields_of("Widzę {seen} z {expected}"))
    ['expected', 'seen']
    """
    return frozenset(name for _, name, _, _ in string.Formatter().parse(text) if name)
