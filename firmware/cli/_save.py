"""A game of ``kostka play`` kept in a file: its switches, its players and every move so far.

The file is JSON, written whole after every move (a temporary file synced and renamed over the old
one, then the folder synced), so a power cut between moves leaves the last move's file, never half
of one. ``load`` reads it back and says in one line what is wrong with a file that is not a save.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "game.json"
>>> write_save(path, "stonoga", {"players": "Ala,Olek", "steal": False}, ["r r * b"])
>>> load_save(path).moves
('r r * b',)
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from firmware.files import write_whole
from firmware.games.registry import TITLES

FORMAT = 1
KIND = "kostka play"


class SaveError(ValueError):
    """A save that cannot be read (``key`` ``save.unreadable``) or is not a save of this Kostka
    (``save.damaged``); ``why`` is the catalogue key of the reason, ``fields`` its fields."""

    def __init__(self, key: str, why: str, **fields: object) -> None:
        super().__init__(why)
        self.key = key
        self.why = why
        self.fields = fields


@dataclass(frozen=True, slots=True)
class Saved:
    """What a save holds: the title, the command's switches for it, and the moves played."""

    game: str
    switches: Mapping[str, Any]
    moves: tuple[str, ...]


def write_save(path: Path, game: str, switches: Mapping[str, Any], moves: Sequence[str]) -> None:
    """Write the save whole or not at all, on disk before returning; ``OSError`` if it cannot be."""
    text = json.dumps(
        {"kind": KIND, "format": FORMAT, "game": game, "switches": dict(switches), "moves": list(moves)},
        ensure_ascii=False,
        indent=1,
    )
    write_whole(str(path), text + "\n", sync=True)


def load_save(path: Path) -> Saved:
    """The save in ``path``; ``SaveError`` saying what is wrong with it."""
    try:
        text = path.read_text(encoding="utf-8")
    except IsADirectoryError:
        raise SaveError("save.unreadable", "file.folder") from None
    except OSError as error:
        raise SaveError("save.unreadable", "save.why.os", reason=error.strerror or error) from None
    except UnicodeDecodeError:
        raise SaveError("save.damaged", "file.not_text") from None
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as error:
        raise SaveError("save.damaged", "save.why.json", line=error.lineno) from None
    if not isinstance(raw, dict) or raw.get("kind") != KIND:
        raise SaveError("save.damaged", "save.why.kind")
    if raw.get("format") != FORMAT:
        raise SaveError("save.damaged", "save.why.format", format=raw.get("format"), known=FORMAT)
    game, switches, moves = raw.get("game"), raw.get("switches"), raw.get("moves")
    if game not in TITLES or not isinstance(switches, dict) or not isinstance(moves, list):
        raise SaveError("save.damaged", "save.why.parts")
    plain = all(isinstance(v, str | int | float | bool | None) for v in switches.values())
    if not plain or not all(isinstance(m, str) for m in moves):
        raise SaveError("save.damaged", "save.why.parts")
    return Saved(str(game), switches, tuple(moves))
