"""What colour and card reading is told besides the frame: a taught profile, the board's colours.

Profile files are what ``kostka teach`` writes and ``kostka read --profile`` reads. The profile
itself (``vision.profile.Profile``) is JSON text; this module is the file around it.
Every failure is a ``ProfileError`` whose message names the file and what to do. Card reading
is told the colours of the Lezard board (the shipped data file, or the player's own).

>>> import tempfile, pathlib
>>> from vision.profile import Profile
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "p.json").write_text(Profile.teach({"red": [(1.0, 0.0)]}).to_json())
>>> read_profile_file(str(folder / "p.json")).names
('red',)
>>> read_profile_file(str(folder / "none.json"))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
firmware.profiles.ProfileFileError: there is no profile file ...
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from firmware.errors import KostkaError, Words, told
from vision.errors import ProfileError
from vision.profile import Profile

if TYPE_CHECKING:
    from rules.lezard_board import LezardData
    from vision.learnt import Learnt
    from vision.networks import Networks


def reason_in(error: BaseException, lang: str) -> str:
    """Why ``error`` happened in ``lang`` (``firmware.errors.told``), without a closing full stop."""
    return told(error, lang).rstrip(".")


class _Worded(KostkaError):
    """A ``KostkaError`` whose ``cause``, when given, fills ``{reason}`` in the person's language."""

    def __init__(self, key: str, cause: BaseException | None = None, /, **fields: object) -> None:
        super().__init__(key, **fields)
        self.cause = cause

    def message(self, lang: str) -> str:
        said = {"reason": reason_in(self.cause, lang)} if self.cause is not None else {}
        return Words(self.key, {**self.fields, **said}).said(lang)


class ProfileFileError(_Worded, ProfileError):
    """A profile file that cannot be used."""


class BoardFileError(_Worded, ValueError):
    """A Lezard data file that cannot be read."""


def _text_of(path: str, error: type[_Worded], keys: str, **fields: object) -> str:
    """The text of the file ``path``, or ``error`` with the key ``keys.missing``, ``.folder``,
    ``.not_text`` or ``.unreadable`` (and ``fields``) saying why not."""
    try:
        return Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise error(f"{keys}.missing", path=repr(path), **fields) from None
    except IsADirectoryError:
        raise error(f"{keys}.folder", path=repr(path)) from None
    except UnicodeDecodeError:
        raise error(f"{keys}.not_text", path=repr(path)) from None
    except OSError as problem:
        raise error(f"{keys}.unreadable", path=repr(path), reason=problem.strerror or problem) from None


__all__ = [
    "ProfileError",
    "ReaderSetupError",
    "board_colours",
    "board_data",
    "read_learnt_file",
    "read_profile_file",
    "reader_inputs",
]


def _learnt_text(text: str) -> bool:
    """Whether ``text`` looks like a learnt dice profile (``vision.learnt``), however damaged."""
    from vision.learnt import FORMAT

    return f'"{FORMAT}"' in text


def read_profile_file(path: str, mode: str | None = None) -> Profile:
    """Load a profile file (of ``mode``, colours or cards, when given)."""
    text = _text_of(path, ProfileFileError, "profile", out=path)
    if _learnt_text(text):
        raise ProfileFileError("profile.mode", path=repr(path), taught="pips", mode=mode or "colours")
    try:
        profile = Profile.from_json(text)
    except ProfileError as error:
        raise ProfileFileError("profile.damaged", path=repr(path), reason=error) from None
    if mode is not None and profile.mode != mode:
        raise ProfileFileError("profile.mode", path=repr(path), taught=profile.mode, mode=mode)
    return profile


def read_learnt_file(path: str, networks: Networks) -> Learnt:
    """Load a learnt dice profile (``kostka learn``) made with the face classifiers of ``networks``."""
    from vision.learnt import Learnt

    text = _text_of(path, ProfileFileError, "learnt", out=path)
    if not _learnt_text(text):
        try:
            taught = Profile.from_json(text).mode
        except ProfileError:
            taught = None
        if taught is not None:
            raise ProfileFileError("profile.mode", path=repr(path), taught=taught, mode="pips")
    try:
        learnt = Learnt.from_json(text)
    except ProfileError as error:
        raise ProfileFileError("learnt.damaged", path=repr(path), reason=error) from None
    try:
        learnt.check(networks)
    except ProfileError:
        raise ProfileFileError("learnt.other_networks", path=repr(path)) from None
    return learnt


def board_colours(path: str | None = None) -> tuple[str, ...]:
    """The colours of the Lezard board in the data file ``path`` (default: the shipped one).

    >>> board_colours()
    ('orange', 'red', 'yellow', 'blue', 'green')

    A file that cannot be read or used raises ``ValueError`` (``LezardDataError`` for a bad
    file) whose message names the file.
    """
    return board_data(path).colours


def board_data(path: str | None = None) -> LezardData:
    """The Lezard box in the data file ``path`` (default: the shipped one): board, lizards, deck.

    >>> board_data().lizards
    ('green', 'blue', 'red', 'yellow')

    A file that cannot be read or used raises ``ValueError`` as ``board_colours``.
    """
    from firmware.games.lezard.book import shipped_lezard_text
    from rules.lezard_board import parse_lezard_data

    if path is None:
        return parse_lezard_data(shipped_lezard_text())
    return parse_lezard_data(_text_of(path, BoardFileError, "reader.board"), source=path)


class ReaderSetupError(_Worded, ValueError):
    """The reader cannot start: a model, profile or board file that cannot be used (says which)."""


def reader_inputs(
    mode: str, *, models: str | None, profile_path: str | None, board_path: str | None
) -> tuple[Profile | Learnt | None, tuple[str, ...] | None, tuple[str, ...] | None]:
    """Check and load what ``read_dice`` needs besides the frame in ``mode``: ``(profile, colours,
    lizards)``.

    Loads the pip networks for ``pips`` (so a missing model is said once, up front) and what was
    learnt of the players' dice (``kostka learn``), the taught profile for ``colours`` or ``cards``
    (None: the built-in colours), the board's colours and its
    lizards' for ``cards``. A file given for another mode, or one that cannot be used, raises
    ``ReaderSetupError`` saying what to do.
    """
    from firmware.devices.onnx_runtime import chosen_networks
    from vision.errors import FaceModelError, ModelError
    from vision.pips.reader import load_networks

    if board_path is not None and mode != "cards":
        raise ReaderSetupError("reader.board_mode", mode=mode)
    try:
        if mode == "pips":
            load_networks(chosen_networks(models))
            if profile_path is not None:
                return read_learnt_file(profile_path, chosen_networks(models)), None, None
        elif mode == "colours" and profile_path is not None:
            return read_profile_file(profile_path, "colours"), None, None
        elif mode == "cards":
            taught = read_profile_file(profile_path, "cards") if profile_path is not None else None
            data = board_data(board_path)
            return taught, data.colours, data.lizards
    except (ModelError, FaceModelError, ProfileError) as error:
        raise ReaderSetupError("reader.as_is", error) from error
    except ValueError as error:  # a Lezard data file that cannot be used
        raise ReaderSetupError("reader.as_is", error) from error
    return None, None, None
