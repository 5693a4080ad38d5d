"""Which language the command's help and argparse's own lines are in, and argparse speaking it.

The language is ``--lang`` when the command line holds it (read before the parser exists, since the
parser's help is built in it), else ``KOSTKA_LANG`` when it starts with a language Kostka speaks, else
Polish. The locale (``LANG``) does not choose: Raspberry Pi OS sets ``en_GB`` on Polish boxes, and the
help must speak as the verbs do (``--lang``'s default is this language too).

argparse looks every word of its own ("usage:", "options", its error lines) up by its English text
through ``gettext``'s process-wide domain, which takes the language from the locale and needs
compiled ``.mo`` files. Kostka's language comes from ``--lang`` and its words from the catalogue,
so ``argparse_speaks`` gives argparse's module a lookup in the catalogue while the parser is built
and used, and puts gettext's back after. Words argparse says only to a programmer (a parser built
wrongly) stay English.

>>> language_of(["play", "--lang=en"], {}), language_of(["read", "--lang", "pl"], {"KOSTKA_LANG": "en"})
('en', 'pl')
>>> language_of([], {"LANG": "en_GB.UTF-8"}), language_of([], {"KOSTKA_LANG": "en_GB"})
('pl', 'en')
>>> language_of([], {"LANG": "de_DE.UTF-8"}), language_of(["--lang", "xx"], {})
('pl', 'pl')
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager

from firmware.messages import i18n

ARGPARSE: Mapping[str, str] = {
    "usage: ": "argparse.usage",
    "options": "argparse.options",
    "positional arguments": "argparse.positionals",
    "subcommands": "argparse.subcommands",
    "show this help message and exit": "argparse.help",
    "show program's version number and exit": "argparse.version",
    " (default: %(default)s)": "argparse.default",
    "%(prog)s: error: %(message)s\n": "argparse.error",
    "%(prog)s: warning: %(message)s\n": "argparse.warning",
    "argument %(argument_name)s: %(message)s": "argparse.argument",
    "unrecognized arguments: %s": "argparse.unrecognized",
    "the following arguments are required: %s": "argparse.required",
    "one of the arguments %s is required": "argparse.one_required",
    "expected one argument": "argparse.expected_one",
    "expected at most one argument": "argparse.expected_at_most_one",
    "expected at least one argument": "argparse.expected_at_least_one",
    "not allowed with argument %s": "argparse.not_allowed",
    "ignored explicit argument %r": "argparse.ignored",
    "ambiguous option: %(option)s could match %(matches)s": "argparse.ambiguous",
    "unexpected option string: %s": "argparse.unexpected",
    "invalid %(type)s value: %(value)r": "argparse.invalid_type",
    "invalid choice: %(value)r (choose from %(choices)s)": "argparse.invalid_choice",
    "unknown parser %(parser_name)r (choices: %(choices)s)": "argparse.unknown_parser",
    "can't open '%(filename)s': %(error)s": "argparse.cannot_open",
    "argument '%(argument_name)s' is deprecated": "argparse.deprecated_argument",
    "command '%(parser_name)s' is deprecated": "argparse.deprecated_command",
    "option '%(option)s' is deprecated": "argparse.deprecated_option",
}
"""argparse's message ids (Python 3.11 to 3.13) a person can meet, and their catalogue keys."""

ARGPARSE_PLURAL: Mapping[str, tuple[str, str]] = {
    "expected %s argument": ("argparse.expected_1", "argparse.expected_n"),
}
"""argparse's plural message ids (``ngettext``'s singular) and their keys for one and for more (the
Polish words after "oczekiwano" do not change with the count)."""

LOCALE = ("KOSTKA_LANG",)
"""The environment's say on the language."""


def language_of(argv: Sequence[str], environ: Mapping[str, str]) -> str:
    """The language of ``argv``'s help and argparse's lines (see the module docstring)."""
    for here, word in enumerate(argv):
        if word == "--":
            break
        chosen = argv[here + 1] if word == "--lang" and here + 1 < len(argv) else word.removeprefix("--lang=")
        if word.startswith("--lang") and chosen in i18n.LANGUAGES:
            return chosen
    said = next((environ[name] for name in LOCALE if environ.get(name)), "")
    return next((lang for lang in i18n.LANGUAGES if said.startswith(lang)), i18n.DEFAULT_LANGUAGE)


def spaced(text: str, message: str) -> str:
    """``text`` with the spaces and line ends around argparse's ``message`` (the catalogue keeps none).

    >>> spaced("użycie:", "usage: "), spaced("%(prog)s: błąd: %(message)s", "%(prog)s: error: %(message)s\\n")
    ('użycie: ', '%(prog)s: błąd: %(message)s\\n')
    """
    core = message.strip()
    start = message.index(core)
    return message[:start] + text + message[start + len(core) :]


@contextmanager
def argparse_speaks(lang: str) -> Iterator[None]:
    """Within the block, argparse says its own words in ``lang``."""

    def gettext(message: str) -> str:
        key = ARGPARSE.get(message)
        return spaced(i18n.catalogue(lang)[key], message) if key else message

    def ngettext(singular: str, plural: str, n: int) -> str:
        keys = ARGPARSE_PLURAL.get(singular)
        if keys is None:
            return singular if n == 1 else plural
        return i18n.catalogue(lang)[keys[0] if n == 1 else keys[1]]

    module = vars(argparse)
    before = module["_"], module["ngettext"]
    module["_"], module["ngettext"] = gettext, ngettext
    try:
        yield
    finally:
        module["_"], module["ngettext"] = before
