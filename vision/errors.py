"""The reader's errors: one root, ``VisionError``; each says what is wrong and what to do.

An error made with ``of(key, **fields)`` is free of language like the rules' errors: it carries a
reason key and its fields (a field may be a ``Term``, a word of the message), ``str()`` says its
English (``ENGLISH``, written once, here), and the firmware says the same key in the person's
language (``vision.<key>`` in its catalogue).

>>> error = ModelError.of("network.missing", what=Term("network.dice"), path="d.onnx", trainer="t.py")
>>> str(error), error.reason_key
('dice network d.onnx is missing; train it with t.py', 'network.missing')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Self

ENGLISH: dict[str, str] = {
    "network.missing": "{what} {path} is missing; train it with {trainer}",
    "network.unloadable": "{runtime} cannot load the {what} {path}: {reason}",
    "network.dice": "dice network",
    "network.face": "face classifier",
    "network.colour": "colour network",
    "network.colour_face": "colour face classifier",
}
"""The English of every reason key and term; the firmware's catalogue has each in every language."""


@dataclass(frozen=True, slots=True)
class Term:
    """A word a reason names (``network.dice``); ``str()`` is its English."""

    key: str

    def __str__(self) -> str:
        return ENGLISH[self.key]


class VisionError(Exception):
    """The root of every error the reader raises on purpose; ``reason_key`` and ``reason_fields`` when
    made by ``of``."""

    reason_key: str | None = None
    reason_fields: dict[str, Any] = {}  # noqa: RUF012 (replaced, never changed, by ``of``)

    @classmethod
    def of(cls, key: str, /, **fields: Any) -> Self:
        """The error whose reason is ``key`` with ``fields``; its message the English of it."""
        error = cls(ENGLISH[key].format_map(fields))
        error.reason_key, error.reason_fields = key, fields
        return error


class ModelError(VisionError, RuntimeError):
    """The network file is missing or the runtime cannot load it."""


class FaceModelError(VisionError, RuntimeError):
    """The classifier file is missing or the runtime cannot load it."""


class ProfileError(VisionError, ValueError):
    """A profile's text is not a valid colour profile; the message says what is wrong."""
