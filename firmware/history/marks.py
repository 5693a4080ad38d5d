"""A move's mark: the advisor's exact figures of the move chosen and of the best, kept with the move.

The referee marks every confirmed move where someone chose (two or more legal moves, and an
advisor that names a best one); rolls, forced moves and Lezard Domino's reports get no mark. A mark
holds the chosen move's figures, the best move (for the advice goal in force) and its figures, and
each figure's best value over every legal move (``top``): what the choice cost is read from these
in the game's own terms (``cost``).

>>> from rules.shut_the_box import ShutTheBox
>>> book = ShutTheBox()
>>> rolled = book.apply(book.start(["Ala"]), book.parse_move(book.start(["Ala"]), "3 4"))
>>> m = judge(book, rolled, "shut 1 6", "penalty")
>>> m.seat, m.matched, m.best_move, m.legal
(0, False, 'shut 7', 5)
>>> cost(m)["expected_penalty"] > 0
True
>>> from_json(to_json(m)) == m
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from firmware.games.registry import advise

LOWER_IS_BETTER = frozenset({"expected_penalty"})
"""Figures where less is better (Shut the Box's penalty); every other figure is a chance or boots."""


@dataclass(frozen=True, slots=True)
class Mark:
    """How one choice compared with the best (see the module docstring)."""

    seat: int
    goal: str
    matched: bool
    """The move chosen is one the advisor marked best for ``goal``."""
    chosen: tuple[tuple[str, Fraction], ...]
    best_move: str
    best: tuple[tuple[str, Fraction], ...]
    top: tuple[tuple[str, Fraction], ...]
    legal: int
    """How many legal moves there were to choose from."""


def judge(book: Any, state: Any, text: str, goal: str) -> Mark | None:
    """The mark of the move ``text`` chosen in ``state`` (None where no one chose)."""
    seat = book.to_act(state)
    if seat < 0:
        return None
    advice = advise(book, state, goal)
    if len(advice) < 2 or not any(a.best for a in advice):
        return None
    chosen = next((a for a in advice if _text(a.move) == text), None)
    if chosen is None:
        return None
    names = [name for name, _ in advice[0].figures]
    top = tuple(
        (name, (min if name in LOWER_IS_BETTER else max)(a.figure(name) for a in advice)) for name in names
    )
    return Mark(
        seat, goal, chosen.best, chosen.figures, _text(advice[0].move), advice[0].figures, top, len(advice)
    )


def cost(mark: Mark) -> dict[str, Fraction]:
    """What the choice gave away, figure by figure (0 where it was the best for that figure):
    chance given away, expected penalty added, boots given away."""
    chosen = dict(mark.chosen)
    return {
        name: (chosen[name] - value if name in LOWER_IS_BETTER else value - chosen[name])
        for name, value in mark.top
        if name in chosen
    }


def to_json(mark: Mark) -> str:
    """The mark as it is stored with its move (exact fractions as ``"num/den"``)."""
    return json.dumps(
        {
            "seat": mark.seat,
            "goal": mark.goal,
            "matched": mark.matched,
            "chosen": _figures_out(mark.chosen),
            "best_move": mark.best_move,
            "best": _figures_out(mark.best),
            "top": _figures_out(mark.top),
            "legal": mark.legal,
        },
        ensure_ascii=False,
    )


def from_json(text: str) -> Mark:
    """The mark ``to_json`` wrote; ``ValueError`` (or ``KeyError``, ``TypeError``) if it is damaged."""
    data = json.loads(text)
    return Mark(
        int(data["seat"]),
        str(data["goal"]),
        bool(data["matched"]),
        _figures_in(data["chosen"]),
        str(data["best_move"]),
        _figures_in(data["best"]),
        _figures_in(data["top"]),
        int(data["legal"]),
    )


def _figures_out(figures: tuple[tuple[str, Fraction], ...]) -> dict[str, str]:
    return {name: f"{value.numerator}/{value.denominator}" for name, value in figures}


def _figures_in(data: dict[str, str]) -> tuple[tuple[str, Fraction], ...]:
    return tuple((str(name), Fraction(str(value))) for name, value in data.items())


def _text(move: object) -> str:
    text = getattr(move, "text", None)
    return str(text()) if callable(text) else str(move)
