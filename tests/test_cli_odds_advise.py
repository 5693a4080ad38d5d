"""``kostka odds`` and ``kostka advise``: JSON keys, exact figures, and clear errors with exit code 2."""

from __future__ import annotations

import importlib.util
import json
from fractions import Fraction
from typing import Any

import pytest

from firmware.cli import main


def run_json(argv: list[str], capsys: pytest.CaptureFixture[str]) -> Any:
    assert main(argv) == 0
    out = capsys.readouterr()
    assert out.err == ""
    return json.loads(out.out)


@pytest.mark.parametrize(
    ("switches", "exact"),
    [
        ([], "466473281/6530347008"),
        (["--one-die", "low"], "956177159/9795520512"),
        (["--one-die", "forced-low"], "956177159/9795520512"),
        (["--flaps", "6", "--one-die", "always"], "145/1944"),
    ],
)
def test_odds_shut_the_box_json(switches: list[str], exact: str, capsys: pytest.CaptureFixture[str]) -> None:
    report = run_json(["odds", "shut-the-box", *switches, "--json"], capsys)
    assert report["p_shut_exact"] == exact
    assert report["p_shut"] == float(Fraction(exact))
    assert isinstance(report["expected_penalty"], float) and report["expected_penalty"] > 0


def test_odds_switches_change_the_figures(capsys: pytest.CaptureFixture[str]) -> None:
    plain = run_json(["odds", "shut-the-box", "--json"], capsys)
    kinder = run_json(["odds", "shut-the-box", "--double-chance", "--last-chance", "--json"], capsys)
    assert kinder["p_shut"] > plain["p_shut"] and kinder["expected_penalty"] < plain["expected_penalty"]
    twelve = run_json(["odds", "shut-the-box", "--flaps", "12", "--json"], capsys)
    assert twelve["p_shut"] < plain["p_shut"]


def test_odds_without_json_is_a_readable_line(capsys: pytest.CaptureFixture[str]) -> None:
    """A percentage with one decimal and "about 1 in N", not a fraction of twenty digits."""
    assert main(["odds", "shut-the-box", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "7.1%" in out and "about 1 in 14" in out and out.count("\n") == 1
    assert "466473281" not in out


def test_odds_echo_the_rules_they_were_computed_for(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["odds", "shut-the-box", "--flaps", "6", "--one-die", "always", "--last-chance", "--lang", "en"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert out.startswith("Shut the Box, 6 flaps, ") and "always one die" in out and "last chance" in out
    assert main(["odds", "shut-the-box", "--flaps", "6", "--one-die", "always"]) == 0
    out = capsys.readouterr().out
    assert "6 klapek" in out and "zawsze rzuca się jedną kostką" in out and "7,5%" in out
    assert "dokładnie 145/1944" in out  # a short fraction is shown too


def test_odds_json_keeps_every_switch(capsys: pytest.CaptureFixture[str]) -> None:
    report = run_json(["odds", "shut-the-box", "--maths", "--scoring", "digits", "--json"], capsys)
    assert report["rules"]["maths"] is True and report["rules"]["scoring"] == "digits"


def test_odds_stonoga_is_readable(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "stonoga", "--at-least", "3", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "65.8%" in out and "about 7 in 10" in out and "at least 3 dice" in out
    assert main(["odds", "stonoga", "--at-least", "1"]) == 0
    assert "co najmniej 1 kostka jednego koloru" in capsys.readouterr().out


def test_advise_stonoga_after_a_roll(capsys: pytest.CaptureFixture[str]) -> None:
    report = run_json(["advise", "stonoga", "--moves", "cz cz * n", "--json"], capsys)  # Polish letters
    best = [m for m in report["moves"] if m["best"]]
    assert [m["move"] for m in best] == ["keep r r *"]
    assert Fraction(best[0]["expected_boots_exact"]) == max(
        Fraction(m["expected_boots_exact"]) for m in report["moves"]
    )
    assert main(["advise", "stonoga", "--moves", "r r * b", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "keep r r *" in out and "<- best" in out


def test_advise_lezard_after_a_card(capsys: pytest.CaptureFixture[str]) -> None:
    report = run_json(["advise", "lezard", "--moves", "red blue", "--json"], capsys)
    assert [m["move"] for m in report["moves"]][:2] == ["ok", "fell 2"]
    assert report["moves"][0]["p_next_flick_exact"] == "2/41"
    argv = ["advise", "lezard", "--players", "Ala,Olek,Ewa", "--lizards", "Ala=red", "--lang", "en",
            "--moves", "red; ok; blue; ok; lizard red"]  # fmt: skip
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "Ala's" in out and "2 dominoes fell" in out


@pytest.mark.parametrize("title", ["stonoga", "lezard"])
def test_advise_help_has_an_example_per_game(title: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["advise", title, "--help"])
    assert f"kostka advise {title} --moves" in capsys.readouterr().out


def test_advise_lists_every_legal_move_best_first(capsys: pytest.CaptureFixture[str]) -> None:
    report = run_json(["advise", "shut-the-box", "--open", "1,2,5,7", "--roll", "3,4", "--json"], capsys)
    moves = report["moves"]
    assert sorted(m["close"] for m in moves) == [[2, 5], [7]]
    assert moves[0]["close"] == [7] and moves[0]["p_shut"] >= moves[1]["p_shut"]
    assert moves[1]["p_shut_exact"] == "5/36"  # with 1 and 7 left only a roll of 8 shuts the box
    assert set(moves[0]) >= {"close", "p_shut", "expected_penalty"}


def test_advise_goal_penalty_orders_by_expected_penalty(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["advise", "shut-the-box", "--roll", "6 4", "--goal", "penalty", "--json"]
    moves = run_json(argv, capsys)["moves"]
    assert len(moves) == 9  # 10 = 1+9 2+8 3+7 4+6 1+2+7 1+3+6 1+4+5 2+3+5 1+2+3+4
    penalties = [m["expected_penalty"] for m in moves]
    assert penalties == sorted(penalties)
    assert len({tuple(m["close"]) for m in moves}) == 9


def test_advise_one_die_and_double_chance(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["advise", "shut-the-box", "--open", "1,2,3", "--roll", "3", "--one-die", "low", "--json"]
    assert sorted(m["close"] for m in run_json(argv, capsys)["moves"]) == [[1, 2], [3]]
    argv = ["advise", "shut-the-box", "--open", "1,2,3,4", "--roll", "1,3", "--double-chance", "--json"]
    assert sorted(m["close"] for m in run_json(argv, capsys)["moves"]) == [[1], [1, 3], [3], [4]]


def test_advise_stuck_is_an_empty_list(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["advise", "shut-the-box", "--open", "1,7", "--roll", "1,1", "--json"]
    assert run_json(argv, capsys)["moves"] == []


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["advise", "shut-the-box", "--open", "1,2,5,7", "--roll", "4"], "two dice"),
        (["advise", "shut-the-box", "--open", "1,2", "--roll", "1,4", "--one-die", "forced-low"], "one die"),
        (["advise", "shut-the-box", "--open", "1,x", "--roll", "3,4"], "--open"),
        (["advise", "shut-the-box", "--open", "1,11", "--roll", "3,4"], "1 to 9"),
        (["advise", "shut-the-box", "--open", "1,1", "--roll", "3,4"], "different flaps"),
        (["advise", "shut-the-box", "--roll", "3,9"], "not a roll"),
        (["advise", "shut-the-box", "--roll", "3,4,5"], "not a roll"),
        (["odds", "shut-the-box", "--full-shut-bonus", "-1"], "--full-shut-bonus"),
        (["odds", "stonoga", "--at-least", "5", "--lang", "en"], "1 to 4"),
    ],
)
def test_bad_arguments_say_what_to_do_and_exit_2(
    argv: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([*argv, "--lang", "en"]) == 2
    out = capsys.readouterr()
    assert out.out == "" and words in out.err and "Traceback" not in out.err


@pytest.mark.parametrize(
    "argv",
    [
        ["odds", "shut-the-box", "--flaps", "7"],
        ["odds", "shut-the-box", "--one-die", "sometimes"],
        ["advise", "shut-the-box", "--open", "1,2"],
        ["advise", "shut-the-box", "--roll", "3,4", "--goal", "fun"],
    ],
)
def test_argparse_errors_exit_2_with_usage(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    last = capsys.readouterr().err.splitlines()[-1]
    assert ": błąd: " in last or ": error: " in last  # argparse speaks the environment's language


NO_STONOGA = importlib.util.find_spec("rules.stonoga_advisor") is None


@pytest.mark.skipif(NO_STONOGA, reason="rules.stonoga_advisor is not written yet")
@pytest.mark.parametrize(("k", "exact"), [(2, "162811/177147"), (3, "116603/177147"), (4, "130321/531441")])
def test_odds_stonoga_at_least(k: int, exact: str, capsys: pytest.CaptureFixture[str]) -> None:
    report = run_json(["odds", "stonoga", "--at-least", str(k), "--json"], capsys)
    assert report["p_exact"] == exact and report["p"] == float(Fraction(exact))
