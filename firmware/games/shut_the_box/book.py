"""Shut the Box's rule book as switches: the fields of ``ShutTheBox`` as they are.

>>> KIND.from_switches({"flaps": 12, "maths": True}) == ShutTheBox(flaps=12, maths=True)
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from firmware.games.rulebooks import Book, Kind, Switches, dataclass_switches
from rules.shut_the_box import ShutTheBox


def _shut_the_box_switches(book: ShutTheBox) -> Switches:
    return dataclasses.asdict(book)


def _shut_the_box(switches: Mapping[str, Any]) -> Book:
    return ShutTheBox(**dataclass_switches(ShutTheBox, "shut-the-box", switches))  # type: ignore[arg-type]


KIND = Kind("shut-the-box", ShutTheBox, _shut_the_box_switches, _shut_the_box)
