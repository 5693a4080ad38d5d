"""Are the dice fair: the chi-square survival function against published values, a fixed list of
rolls with a chi-square worked by hand, how many rolls a bias needs, the verdict in words."""

from __future__ import annotations

import pytest

from firmware.cli.history import verdict
from firmware.history.fairness import chi_square_test, critical, power, rolls_to_detect, survival

# chi-square with 5 degrees of freedom: the value whose upper tail is p (any statistics table)
TABLE_5 = ((1.145, 0.95), (4.351, 0.50), (9.236, 0.10), (11.070, 0.05), (15.086, 0.01), (20.515, 0.001))


@pytest.mark.parametrize(("x", "p"), TABLE_5)
def test_survival_matches_the_tables(x: float, p: float) -> None:
    assert survival(x, 5) == pytest.approx(p, rel=2e-3)


def test_survival_of_other_odd_degrees_and_its_edges() -> None:
    assert survival(3.841, 1) == pytest.approx(0.05, rel=1e-3)
    assert survival(7.815, 3) == pytest.approx(0.05, rel=1e-3)
    assert survival(0.0, 5) == 1.0 and survival(200.0, 5) < 1e-30
    with pytest.raises(ValueError):
        survival(1.0, 4)


def test_a_fixed_list_of_rolls() -> None:
    rolls = [1, 2, 3, 4, 5, 6] * 10 + [6] * 12  # 72 faces, a six 22 times
    counts = [rolls.count(face) for face in range(1, 7)]
    check = chi_square_test(counts)
    # expected 12 of each: (5 * 2**2 + 10**2) / 12 = 10
    assert check.chi2 == pytest.approx(10.0)
    assert check.p_value == pytest.approx(survival(10.0, 5)) and 0.05 < check.p_value < 0.1
    assert check.verdict == "fair" and check.rolls == 72


def test_verdicts() -> None:
    assert chi_square_test([0] * 6).verdict == "too_few"
    assert chi_square_test([4, 5, 6, 5, 5, 4]).verdict == "too_few"  # 29 faces: fewer than 5 expected a face
    assert chi_square_test([100] * 6).verdict == "fair"
    assert chi_square_test([75, 100, 100, 100, 100, 125]).chi2 == pytest.approx(12.5)  # (625 + 625) / 100
    assert chi_square_test([75, 100, 100, 100, 100, 125]).verdict == "hint"  # 12.5: p between 1 and 5 %
    assert chi_square_test([80, 100, 100, 100, 100, 140]).verdict == "biased"


def test_rolls_to_see_a_bias() -> None:
    """Cohen's tables: noncentrality 12.83 gives 80 % power at 5 % with 5 degrees of freedom; one
    face at 1/5 (the others at 4/25) has effect 6 * (1/900 + 5/22500) = 0.008: 12.83 / 0.008."""
    assert critical() == pytest.approx(11.0705, abs=1e-3)
    assert power(12.83) == pytest.approx(0.80, abs=2e-3)
    assert rolls_to_detect(1.2) == pytest.approx(12.83 / 0.008, abs=3)
    assert rolls_to_detect(1.5) < rolls_to_detect(1.2)
    assert chi_square_test([100] * 6).more == rolls_to_detect() - 600


def test_the_verdict_in_words() -> None:
    fair = chi_square_test([100] * 6)
    assert verdict("pips", fair, "en").startswith("no sign of bias after 600 rolls; ")
    assert verdict("pips", fair, "pl").startswith("brak oznak nierówności po 600 rzutach; ")
    assert "po jeszcze 1004 rzutach" in verdict("pips", fair, "pl")
    biased = chi_square_test([80, 100, 100, 100, 100, 140])
    said = verdict("colours", biased, "pl")
    assert said.startswith("kostki wyglądają na nierówne po 620 rzutach: za często wypada ★")
    one = chi_square_test([1, 0, 0, 0, 0, 0])
    assert verdict("pips", one, "pl").startswith("za mało rzutów, by ocenić: 1 rzut,")
    enough = chi_square_test([300] * 6)
    assert verdict("pips", enough, "en") == "no sign of bias after 1800 rolls"
