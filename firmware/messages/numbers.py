"""Figures in the player's language: one decimal style for the OLED and the terminal alike.

Polish writes a decimal comma, English a point; a mean has one decimal (``6,0``, never ``6``), a
chance is a percentage with ``PERCENT_DIGITS`` decimals everywhere, and a possible event is never
rounded to 0 % nor a doubtful one to 100 %.

>>> number(Fraction(81, 10), "pl"), number(Fraction(3), "en"), number(Fraction(1, 3), "en", 2)
('8,1', '3.0', '0.33')
>>> percent(Fraction(1, 8), "pl"), percent(Fraction(1, 8), "en"), percent(Fraction(0), "en")
('12,5%', '12.5%', '0.0%')
>>> percent(Fraction(1, 3000), "pl"), percent(Fraction(2999, 3000), "en")
('<0,1%', '>99.9%')
"""

from __future__ import annotations

from fractions import Fraction

PERCENT_DIGITS = 1
"""Decimals of every percentage Kostka shows."""


def number(value: Fraction | float, lang: str, digits: int = 1) -> str:
    """``value`` rounded to ``digits`` decimals, with a decimal comma in Polish."""
    text = f"{float(value):.{digits}f}"
    return text.replace(".", ",") if lang == "pl" else text


def percent(p: Fraction, lang: str) -> str:
    """A chance as a percentage with ``PERCENT_DIGITS`` decimals; ``<0,1%`` / ``>99,9%`` at the ends."""
    step = Fraction(1, 100 * 10**PERCENT_DIGITS)
    if 0 < p < step / 2:
        return "<" + number(step * 100, lang, PERCENT_DIGITS) + "%"
    if 1 - step / 2 < p < 1:
        return ">" + number((1 - step) * 100, lang, PERCENT_DIGITS) + "%"
    return number(p * 100, lang, PERCENT_DIGITS) + "%"
