"""``kostka wiring --keyboard``: the wiring test tried without a Pi, on the stand-in keyboard buttons
with the test screens drawn in the terminal."""

from __future__ import annotations

import io

import pytest

from firmware.cli import main

pytestmark = pytest.mark.usefixtures("english")  # these tests read the English lines


def test_each_button_from_its_key(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("ad m"))  # previous, next, OK, menu
    assert main(["wiring", "--keyboard", "--timeout", "5"]) == 0
    out = capsys.readouterr().out
    assert out.count("  good") == 4 and "All good" in out
    assert out.count("┌") == 5  # a test screen per ask, and the verdict


def test_a_wrong_key_is_named_and_a_missing_one_times_out(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("d"))
    assert main(["wiring", "--keyboard", "--timeout", "0.3"]) == 1
    out = capsys.readouterr().out
    assert "NEXT came when PREV was asked" in out and "key a or ←" in out
    assert "no press of OK within 0.3 s" in out


def test_a_timeout_of_nothing_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["wiring", "--keyboard", "--timeout", "0"]) == 2
    assert "--timeout" in capsys.readouterr().err
