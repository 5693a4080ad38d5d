"""A Lezard card as the card reader writes its face: ``square:red``, ``squares:red+blue``, ``lizard:green``.

The one pair that turns a card into that text and back (``face_of``, ``card_of``).

>>> face_of(Card(squares=("red", "blue"))), card_of("squares:red+blue") == Card(squares=("red", "blue"))
('squares:red+blue', True)
>>> card_of("lizard:green").text(), card_of("dots:red"), card_of(3)
('lizard green', None, None)
"""

from __future__ import annotations

from rules.lezard_board import Card

KINDS = ("square", "squares", "lizard")
"""The face's kinds: one square colour, two square colours, a lizard."""


def face_of(card: Card) -> str:
    """The card as the card reader names it (``card_of`` reads it back)."""
    if card.lizard is not None:
        return f"lizard:{card.lizard}"
    return f"{kind_of(card)}:{'+'.join(card.squares)}"


def kind_of(card: Card) -> str:
    """``square``, ``squares`` or ``lizard``."""
    return "lizard" if card.lizard is not None else KINDS[len(card.squares) - 1]


def card_of(face: object) -> Card | None:
    """The card a card reader's face names, or None where the face names no card."""
    if not isinstance(face, str):
        return None
    kind, _, named = face.partition(":")
    colours = tuple(named.split("+")) if named else ()
    try:
        if kind == "lizard" and len(colours) == 1:
            return Card(lizard=colours[0])
        if (kind, len(colours)) in (("square", 1), ("squares", 2)):
            return Card(squares=colours)
    except ValueError:
        return None
    return None


def is_card(face: object) -> bool:
    """Whether a face is written as a card (``kind:colours``), not a die's face."""
    return isinstance(face, str) and ":" in face
