"""Figures in each language's one style: the module's examples, and the same decimals everywhere."""

from __future__ import annotations

import doctest
from fractions import Fraction

import pytest

import firmware.messages.numbers
from firmware.messages.numbers import PERCENT_DIGITS, number, percent


def test_module_examples() -> None:
    result = doctest.testmod(firmware.messages.numbers)
    assert result.failed == 0 and result.attempted > 0


CHANCES = [Fraction(0), Fraction(1, 3000), Fraction(1, 8), Fraction(466473281, 6530347008), Fraction(2, 3),
           Fraction(2999, 3000), Fraction(1)]


@pytest.mark.parametrize("p", CHANCES)
def test_every_percentage_has_the_same_decimals_in_its_language_s_style(p: Fraction) -> None:
    for lang, point in (("pl", ","), ("en", ".")):
        text = percent(p, lang)
        whole, mark, decimals = text.rstrip("%").lstrip("<>").partition(point)
        assert whole.isdigit() and mark == point and len(decimals) == PERCENT_DIGITS, text


def test_an_event_that_may_happen_is_never_shown_as_zero_nor_a_doubt_as_certain() -> None:
    assert percent(Fraction(1, 10**6), "en") != "0.0%" and percent(1 - Fraction(1, 10**6), "en") != "100.0%"
    assert percent(Fraction(0), "en") == "0.0%" and percent(Fraction(1), "pl") == "100,0%"


def test_a_mean_keeps_its_decimal_when_whole() -> None:
    assert number(Fraction(6), "pl") == "6,0" and number(Fraction(13, 2), "en") == "6.5"
