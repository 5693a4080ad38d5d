"""The reader's errors: one root, ``VisionError``; each says what is wrong and what to do."""

from __future__ import annotations


class VisionError(Exception):
    """The root of every error the reader raises on purpose."""


class ModelError(VisionError, RuntimeError):
    """The network file is missing or the runtime cannot load it."""


class FaceModelError(VisionError, RuntimeError):
    """The classifier file is missing or the runtime cannot load it."""


class ProfileError(VisionError, ValueError):
    """A profile's text is not a valid colour profile; the message says what is wrong."""
