"""Are the dice fair? Counts per face, Pearson's chi-square test, and how many rolls a bias needs.

Standard library only. With six faces the test has 5 degrees of freedom, whose survival function
has a closed form (odd degrees: the normal tail plus a finite sum), so the p-value is exact to
floating point. How many rolls would show a bias: the noncentral chi-square's power (a Poisson
mixture of central ones, each odd again) for a die whose one face comes up ``bias`` times as
often as it should, at the 5 % level with 80 % power.

>>> round(survival(11.0705, 5), 4), round(survival(15.0863, 5), 4)
(0.05, 0.01)
>>> check = chi_square_test([10, 10, 10, 10, 10, 10])
>>> check.chi2, check.p_value
(0.0, 1.0)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

FACES = 6
DEGREES = FACES - 1
LEVEL = 0.05
"""A p-value below this is a sign of bias."""
STRONG = 0.01
"""Below this, the dice look biased."""
POWER = 0.8
"""The chance to see a bias that ``rolls_to_detect`` asks for."""
MIN_EXPECTED = 5
"""Fewer faces than this expected per face: too few rolls for the test to say anything."""
BIAS = 1.2
"""The bias ``rolls_to_detect`` is asked about by default: one face 1.2 times as often (1 in 5)."""


def survival(x: float, degrees: int) -> float:
    """P(X > x) for a chi-square ``X`` with an odd number of ``degrees`` of freedom (closed form).

    >>> round(survival(3.841, 1), 3), round(survival(0.0, 5), 3)
    (0.05, 1.0)
    """
    if degrees % 2 != 1 or degrees < 1:
        raise ValueError(f"odd degrees of freedom only, not {degrees}")
    if x <= 0:
        return 1.0
    root = math.sqrt(x)
    total = math.erfc(root / math.sqrt(2))
    term = root
    density = math.exp(-x / 2) / math.sqrt(2 * math.pi)
    for r in range(1, (degrees - 1) // 2 + 1):
        total += 2 * density * term
        term *= x / (2 * r + 1)
    return min(1.0, total)


@cache
def critical(level: float = LEVEL, degrees: int = DEGREES) -> float:
    """The chi-square value whose survival is ``level`` (bisection).

    >>> round(critical(), 3)
    11.07
    """
    low, high = 0.0, 200.0
    for _ in range(100):
        middle = (low + high) / 2
        if survival(middle, degrees) > level:
            low = middle
        else:
            high = middle
    return (low + high) / 2


def power(shift: float, level: float = LEVEL, degrees: int = DEGREES) -> float:
    """The chance that the test at ``level`` sees a bias of noncentrality ``shift``.

    >>> round(power(12.83), 2)
    0.8
    """
    edge = critical(level, degrees)
    half = shift / 2
    total, weight, k = 0.0, math.exp(-half), 0
    while k < 1000 and (k < half or weight > 1e-12):
        total += weight * survival(edge, degrees + 2 * k)
        k += 1
        weight *= half / k
    return total


@cache
def rolls_to_detect(bias: float = BIAS, wanted: float = POWER) -> int:
    """How many faces it takes to see one face that comes up ``bias`` times as often as it should
    (the others equally less often), with chance ``wanted``.

    >>> rolls_to_detect(1.2)
    1604
    """
    p = bias / FACES
    rest = (1 - p) / (FACES - 1)
    effect = FACES * ((p - 1 / FACES) ** 2 + (FACES - 1) * (rest - 1 / FACES) ** 2)
    low, high = 0.0, 1000.0
    while power(high) < wanted:
        high *= 2
    for _ in range(60):
        middle = (low + high) / 2
        if power(middle) < wanted:
            low = middle
        else:
            high = middle
    return math.ceil(high / effect)


@dataclass(frozen=True, slots=True)
class Check:
    """One set of dice tested: ``counts`` per face, the statistic, its p-value, and a verdict key:
    ``too_few`` (too few rolls), ``fair`` (no sign of bias), ``hint`` (a hint), ``biased``."""

    counts: tuple[int, ...]
    chi2: float
    p_value: float
    verdict: str
    more: int
    """How many more faces until a bias of ``BIAS`` would be seen (0: already enough)."""

    @property
    def rolls(self) -> int:
        return sum(self.counts)


def chi_square_test(counts: list[int] | tuple[int, ...]) -> Check:
    """Pearson's chi-square test of ``counts`` (one per face) against a fair die.

    >>> check = chi_square_test([5, 5, 5, 5, 5, 35])
    >>> round(check.chi2, 1), check.p_value < 0.001, check.verdict
    (75.0, True, 'biased')
    >>> chi_square_test([1, 2, 3, 1, 2, 3]).verdict
    'too_few'
    """
    if len(counts) != FACES or any(c < 0 for c in counts):
        raise ValueError(f"six counts of zero or more, not {counts!r}")
    n = sum(counts)
    expected = n / FACES
    chi2 = sum((c - expected) ** 2 / expected for c in counts) if n else 0.0
    p_value = survival(chi2, DEGREES) if n else 1.0
    if expected < MIN_EXPECTED:
        verdict = "too_few"
    elif p_value < STRONG:
        verdict = "biased"
    elif p_value < LEVEL:
        verdict = "hint"
    else:
        verdict = "fair"
    return Check(tuple(counts), chi2, p_value, verdict, max(0, rolls_to_detect() - n))
