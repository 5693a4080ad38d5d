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
    # taught colour and card profiles (vision/profile.py)
    "profile.nothing_taught": "nothing was taught: show at least one face and name it",
    "profile.no_face": "no face was found for {name}: show it again",
    "profile.lengths_differ": "feature vectors of {name} differ in length",
    "profile.features_differ": (
        "the profile's class {name} has {have} features, the face {face}:"
        " the profile was made by another version; teach again"
    ),
    "profile.not_json": "the profile is not JSON (an error at line {line}, column {column})",
    "profile.not_colour": 'the file is not a Kostka colour profile (no `"format": "{format}"`)',
    "profile.version": "profile version {version} is not {expected}: teach again",
    "profile.no_classes": "the profile has no taught classes",
    "profile.classes_differ": "the profile's classes have different numbers of features",
    "profile.threshold": "the profile's threshold {threshold} is not a positive number",
    "profile.mode": "the profile's mode `{mode}` is not `colours` or `cards`",
    "profile.class.not_object": "class {name} is not an object with `mean`, `spread` and `count`",
    "profile.class.lists": "class {name} needs equally long lists `mean` and `spread`",
    "profile.class.not_finite": "class {name} has a value that is not a finite number",
    "profile.class.negative": "class {name} has a negative spread",
    "profile.class.count": "class {name} has a count that is not a positive whole number",
    # learnt dice profiles (vision/learnt.py) and a profile given to the other mode's reader
    "learnt.other_networks": "the profile was learnt with other networks: learn again with these",
    "learnt.not_json": "the profile is not JSON (an error at line {line}, column {column})",
    "learnt.not_learnt": 'the file is not a learnt dice profile (no `"format": "{format}"`)',
    "learnt.version": "profile version {version} is not {expected}: learn again",
    "learnt.mode": "the profile's mode `{mode}` is not `pips`",
    "learnt.no_networks": "the profile does not say which networks it was learnt with",
    "learnt.examples": "the profile's number of examples {examples} is not a positive whole number",
    "learnt.head.not_object": "the profile's `{head}` head is not an object with `weights` and `bias`",
    "learnt.head.size": "the profile's `{head}` head needs {faces}x{faces} weights and {faces} biases",
    "learnt.head.not_finite": "the profile's `{head}` head has a value that is not a finite number",
    "profile.wrong_mode.cards": "a profile taught for `{mode}` cannot read cards: teach the cards",
    "profile.wrong_mode.colours": "a profile taught for `{mode}` cannot read colour dice: teach the dice",
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
