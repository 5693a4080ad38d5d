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
    """``value`` as a message field in ``lang``: ``Words``, the rules' ``Phrase``, the reader's
    ``Term`` and an error (``told``) said, anything else as it is."""
    from rules.phrases import Phrase
    from vision.errors import Term

    if isinstance(value, Phrase):
        from firmware.messages.i18n import say

        return say(value, lang)
    if isinstance(value, Term):
        return Words(f"vision.{value.key}").said(lang)
    if isinstance(value, BaseException):
        return told(value, lang)
    return value.said(lang) if isinstance(value, Words) else value


def told(error: BaseException, lang: str) -> str:
    """An error's line in ``lang``: the rules' reason and the reader's from the catalogue, the words
    of an error that has them in every language (``message(lang)``), the others' own message.

    >>> from rules.game import RulesError
    >>> told(RulesError("match.nothing-to-undo"), "pl")
    'nie ma czego cofnąć: nie zagrano jeszcze żadnego ruchu'
    >>> from vision.errors import ModelError, Term
    >>> told(ModelError.of("network.missing", what=Term("network.dice"), path="d.onnx", trainer="t.py"), "pl")
    'nie ma pliku d.onnx (sieć kostek); utwórz go skryptem t.py'
    """
    from rules.game import RulesError
    from vision.errors import VisionError

    if isinstance(error, RulesError):
        return str(said(error.reason, lang))
    if isinstance(error, OSError) and error.errno is not None:
        return why_os(error).said(lang)
    message = getattr(error, "message", None)
    if callable(message):
        return str(message(lang))
    if isinstance(error, VisionError) and error.reason_key is not None:
        return Words(f"vision.{error.reason_key}", error.reason_fields).said(lang)
    return str(error)


def why_os(error: OSError) -> Words:
    """Why the system refused, in the catalogue's words (rights, a read-only or full disk), else its
    error code's name (``ENOTDIR``).

    >>> import errno
    >>> why_os(OSError(errno.ENOSPC, "No space left on device")).said("pl")
    'dysk jest pełny'
    """
    import errno

    if error.errno in (errno.EACCES, errno.EPERM):
        return Words("storage.why.denied")
    if error.errno == errno.EROFS:
        return Words("storage.why.read_only")
    if error.errno in (errno.EEXIST, errno.ENOTDIR):
        return Words("storage.why.in_the_way")
    if error.errno == errno.ENOSPC:
        return Words("storage.why.full")
    if error.errno == errno.ENOENT:
        return Words("storage.why.missing")
    return Words("storage.why.os", {"code": errno.errorcode.get(error.errno or 0, str(error))})


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
