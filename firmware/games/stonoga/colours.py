"""Nogi Stonogi's die faces as firmware names them: one word per face of ``rules.stonoga``, in its order.

>>> from rules.stonoga import LETTERS
>>> [f"{letter}={name}" for letter, name in zip(LETTERS, COLOURS)][:2]
['y=yellow', 'r=red']
"""

from __future__ import annotations

from rules.stonoga import FACES, LETTERS

COLOURS: tuple[str, ...] = ("yellow", "red", "green", "blue", "black", "star")
"""The faces in the rule book's order (``LETTERS`` ``yrgbk*``); the reader and the screens say these."""

assert len(COLOURS) == FACES == len(LETTERS)


def letter_of(colour: str) -> str:
    """The rule book's letter of a colour (``red`` -> ``r``), as moves are written."""
    return LETTERS[COLOURS.index(colour)]
