"""The appliance's one error root: every error firmware raises for a person to read is a ``KostkaError``.

Its message says what happened and what to do. ``kostka`` turns it, like the rules' ``RulesError`` and
the reader's ``VisionError``, into one line on stderr and exit code 2.

An error raised where the person's language is not known carries a catalogue key and its fields
(``firmware.messages``) and is said when it is printed: ``message(lang)``; ``str()`` says it in
``lang`` (English unless the error knows better), for the log. A field may itself be ``Words``
(a message said in the same language). An error raised with a text that is no key says that text.

>>> error = KostkaError("lock.held", folder="/x", pid=7, command="kostka run", since="12:00")
>>> error.message("pl").split(":")[0], str(error).split(":")[0]
('Katalog zapisu /x jest zajęty', 'The state folder /x is in use')
>>> KostkaError("plain words").message("pl")
'plain words'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Words:
    """A catalogue message not yet said: its key and fields (a field may be ``Words`` too)."""

    key: str
    fields: dict[str, Any] = field(default_factory=dict)

    def said(self, lang: str) -> str:
        from firmware.messages.i18n import t

        return t(self.key, lang, **{name: said(value, lang) for name, value in self.fields.items()})


def said(value: object, lang: str) -> object:
    """``value`` as a message field in ``lang``: ``Words`` and the rules' ``Phrase`` said, anything
    else as it is."""
    from rules.phrases import Phrase

    if isinstance(value, Phrase):
        from firmware.messages.i18n import say

        return say(value, lang)
    return value.said(lang) if isinstance(value, Words) else value


class KostkaError(Exception):
    """Something the appliance cannot do; the message says what happened and what to do."""

    lang = "en"
    """The language ``str()`` speaks."""

    def __init__(self, key: str, /, **fields: Any) -> None:
        super().__init__(key)
        self.key = key
        self.fields = fields

    def message(self, lang: str) -> str:
        """What happened and what to do, in ``lang``."""
        from firmware.messages.i18n import catalogue

        if self.key not in catalogue(lang):
            return self.key
        return Words(self.key, self.fields).said(lang)

    def __str__(self) -> str:
        return self.message(self.lang)
