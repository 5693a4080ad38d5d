"""``kostka check`` and ``kostka teach`` on the stand-in camera (``--source synthetic``), as the config
documents ``synthetic`` as a source: a box can be tried out without its camera."""

from __future__ import annotations

import doctest
import json
from pathlib import Path

import pytest

from firmware.cli import main, teach
from firmware.standins import shown


def test_the_doctests() -> None:
    assert doctest.testmod(shown).failed == 0
    assert doctest.testmod(teach).failed == 0


def test_check_on_the_stand_in_camera(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--source", "synthetic", "--frames", "2", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["source"] == "synthetic" and report["dice"] >= 3 and not report["moving"]


@pytest.mark.parametrize(("mode", "names"), [("colours", "red,star"), ("cards", "red,blue")])
def test_teach_on_the_stand_in_camera(
    mode: str, names: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "profile.json"
    argv = ["teach", "--mode", mode, "--source", "synthetic", "--out", str(out), "--names", names]
    argv += ["--frames", "1"]
    assert main(argv) == 0
    profile = json.loads(out.read_text())
    assert profile["mode"] == mode
    assert sorted(names.split(",")) == sorted(profile["classes"])
