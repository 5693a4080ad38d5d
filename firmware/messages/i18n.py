"""Say things in the player's language: ``t(key, lang, **fields)`` over the catalogue in ``messages``.

>>> t("roll.now", "pl"), t("roll.now", "en")
('Rzucaj!', 'Roll now!')
>>> t("winner.name", "en", name="Ola")
'Ola wins!'
>>> [tn("stonoga.boots", n, "pl") for n in (1, 2, 5, 22)]
['1 but', '2 buty', '5 butów', '22 buty']
>>> from rules.game import RulesError
>>> say(RulesError("stonoga.players", n=5).reason, "pl")
'w Nogi Stonogi gra od 2 do 4 graczy, nie 5'
"""

from __future__ import annotations

import string
from collections.abc import Callable, Mapping

from firmware.messages.catalogue import CATALOGUE
from rules.phrases import Colour, Notation, Phrase

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


def t(key: str, lang: str, /, **fields: object) -> str:
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


def numbered(stem: str, lang: str) -> tuple[str, ...]:
    """The messages ``stem.1``, ``stem.2``... in ``lang``, as many as there are (lines said in a row).

    >>> numbered("help.buttons", "en")[0]
    '◀ ▶ move through a list, OK chooses.'
    """
    messages = catalogue(lang)
    said: list[str] = []
    while f"{stem}.{len(said) + 1}" in messages:
        said.append(messages[f"{stem}.{len(said) + 1}"])
    return tuple(said)


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


def tn(key: str, n: int, lang: str, /, **fields: object) -> str:
    """The plural message ``key.one|few|many`` for the count ``n`` (given to the message as ``{n}``)."""
    return t(f"{key}.{plural_form(n, lang)}", lang, n=n, **fields)


def fields_of(text: str) -> frozenset[str]:
    """The field names a message uses.

    >>> sorted(fields_of("Widzę {seen} z {expected}"))
    ['expected', 'seen']
    """
    return frozenset(name for _, name, _, _ in string.Formatter().parse(text) if name)


class Adjective(str):
    """A colour word that agrees with its noun in a message: ``{colour}`` is the masculine (or the
    only) form, ``{colour:f}`` the feminine and ``{colour:n}`` the neuter (``jaszczurka {colour:f}``).

    >>> f"{colour('green', 'pl')} {colour('green', 'pl'):f} {colour('blue', 'pl'):n} {colour('grey', 'en'):f}"
    'zielony zielona niebieskie grey'
    """

    forms: Mapping[str, str]

    def __new__(cls, word: str, forms: Mapping[str, str]) -> Adjective:
        made = super().__new__(cls, word)
        made.forms = forms
        return made

    def __format__(self, spec: str) -> str:
        return self.forms.get(spec, str(self)) if spec else str(self)


def polish_forms(word: str) -> dict[str, str]:
    """A Polish colour adjective's feminine and neuter: ``zielony`` -> ``zielona``, ``zielone``.

    >>> polish_forms("niebieski"), polish_forms("gwiazdka")
    ({'f': 'niebieska', 'n': 'niebieskie'}, {})
    """
    if word.endswith("y"):
        return {"f": word[:-1] + "a", "n": word[:-1] + "e"}
    if word.endswith("i"):
        return {"f": word[:-1] + "a", "n": word + "e"}
    return {}


def colour(name: str, lang: str) -> Adjective:
    """A colour (as the rules and data files name it, in English) in ``lang``, with its forms;
    the name itself when the catalogue has no word for it."""
    word = catalogue(lang).get(f"colour.{name}", name)
    return Adjective(word, polish_forms(word) if lang == "pl" else {})


def colour_forms(name: str, lang: str) -> frozenset[str]:
    """Every form a player may type for a colour: ``zielony``, ``zielona``, ``zielone``, ``green``."""
    word = colour(name, lang)
    return frozenset({name, word, *word.forms.values()})


class _Listed(tuple[object, ...]):
    """Items said one after another with commas; a form spec applies to each (``{colours:f}``)."""

    def __format__(self, spec: str) -> str:
        return ", ".join(format(item, spec) for item in self)


def say(phrase: Phrase, lang: str, notation: Callable[[str], str] = str) -> str:
    """What the rules said (a ``rules.phrases.Phrase``) in ``lang``, from the keys ``rules.<key>``.

    ``notation`` writes a piece of the rule book's notation as the players type it.
    """

    def field(value: object) -> object:
        if isinstance(value, Phrase):
            return say(value, lang, notation)
        if isinstance(value, tuple):
            return _Listed(field(item) for item in value)
        if isinstance(value, Colour):
            return colour(value, lang)
        if isinstance(value, Notation):
            return notation(value)
        return value

    fields = {name: field(value) for name, value in phrase.fields.items()}
    key = f"rules.{phrase.key}"
    if key in catalogue(lang):
        return t(key, lang, **fields)
    count = phrase.fields.get("n")
    return t(f"{key}.{plural_form(count if isinstance(count, int) else 0, lang)}", lang, **fields)
