"""bench.bench_cafe_day's game: the appliance's loop plays to its winner with the camera cable
pulled out mid-roll, and leaves no file open and no thread running behind it."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.bench_cafe_day import gauge, play
from firmware.devices.camera import CameraError
from firmware.standins.cable import Cable
from firmware.standins.tray import StandInDice


def test_a_pulled_cable_fails_to_open_and_to_read_until_it_is_back() -> None:
    cable = Cable(StandInDice(seed=1))
    source = cable.open()
    source.read()
    cable.pull()
    with pytest.raises(CameraError):
        source.read()
    with pytest.raises(CameraError):
        cable.open()
    cable.alive = True
    assert cable.open().read().shape[:2] == (240, 320)
    assert cable.pulled == 1


def test_a_game_with_the_camera_pulled_out_ends_and_leaves_nothing_open(tmp_path: Path) -> None:
    assert play(tmp_path, "shut-the-box", 1, unplugs=0)  # the first game opens what stays open
    before = gauge(tmp_path)
    assert play(tmp_path, "shut-the-box", 2, unplugs=2)
    after = gauge(tmp_path)
    assert (after.files, after.threads) == (before.files, before.threads)
    assert after.written > before.written  # the moves were saved
