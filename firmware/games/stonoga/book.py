"""Nogi Stonogi's rule book as switches: ``stealing`` and ``may_decline`` (``Options``) and ``target``,
a tile as text or null.

>>> KIND.from_switches({"stealing": True, "target": "r3"}).target
Tile(colour=1, boots=3)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from firmware.games.rulebooks import Book, Kind, Switches, checked, dataclass_switches, unknown
from rules.stonoga import Options, Stonoga, parse_tile


def _stonoga_switches(book: Stonoga) -> Switches:
    target = book.target.text() if book.target is not None else None
    return {**dataclasses.asdict(book.options), "target": target}


def _stonoga(switches: Mapping[str, Any]) -> Book:
    option_names = [f.name for f in dataclasses.fields(Options)]
    unknown("stonoga", switches, [*option_names, "target"])
    options = dataclass_switches(Options, "stonoga", {k: v for k, v in switches.items() if k != "target"})
    target = checked("stonoga", "target", switches.get("target"), str | None)
    tile = parse_tile(target) if isinstance(target, str) else None
    return Stonoga(Options(**options), tile)  # type: ignore[arg-type]


KIND = Kind("stonoga", Stonoga, _stonoga_switches, _stonoga)
