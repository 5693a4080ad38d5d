"""Exact distributions of dice rolls, shared by every rule book and advisor.

>>> dist = multiset_distribution(2, 6)
>>> len(dist), sum(p for _, p in dist)
(21, Fraction(1, 1))
>>> dict(multiset_distribution(2, 6))[(3, 3)]
Fraction(1, 36)
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement
from math import factorial


@cache
def multiset_distribution(n_dice: int, faces: int) -> tuple[tuple[tuple[int, ...], Fraction], ...]:
    """Every sorted outcome of ``n_dice`` fair dice with faces ``0..faces-1`` and its chance.

    Faces are indices (``0..faces-1``); a game maps them to pips or colours. With no dice the
    only outcome is the empty roll, with chance 1.
    """
    if n_dice < 0 or faces < 1:
        raise ValueError(f"need n_dice >= 0 and faces >= 1, got {n_dice} and {faces}")
    total = faces**n_dice
    out = []
    for combo in combinations_with_replacement(range(faces), n_dice):
        ways = factorial(n_dice)
        for count in Counter(combo).values():
            ways //= factorial(count)
        out.append((combo, Fraction(ways, total)))
    return tuple(out)
