"""``kostka check``: the camera's set-up judged from frames of a still tray (replayed from a folder)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest
from numpy.typing import NDArray

from firmware.cli import main
from measure.synth import render
from vision.camera_check import BLUR_MOST, CameraCheck, check_frames, faults

pytestmark = pytest.mark.usefixtures("english")  # these tests read the English lines

ROWS = np.arange(960, dtype=np.float32)[:, None, None]


def tray(seed: int = 3) -> NDArray[np.uint8]:
    """A renderer frame of pip dice, 1280x960, as a camera 35 cm above the tray gives them, exposed to
    keep its highlights (the renderer draws its white dice at the top of the range: 14 % of their
    pixels reach 245)."""
    frame = render(seed, "default", "pips", size=(1280, 960))[0]
    return np.asarray(frame.astype(np.float32) * 0.85, np.uint8)


def shots(folder: Path, frames: list[NDArray[np.uint8]]) -> str:
    folder.mkdir()
    for n, frame in enumerate(frames):
        cv2.imwrite(str(folder / f"frame{n:02d}.png"), frame)
    return str(folder)


def noisy(frame: NDArray[np.uint8], n: int, change: object = None) -> list[NDArray[np.uint8]]:
    """``n`` frames of the same still tray with sensor noise, each changed by ``change(light, k)``."""
    rng = np.random.default_rng(1)
    out = []
    for k in range(n):
        light = frame.astype(np.float32) + rng.normal(0, 3, frame.shape).astype(np.float32)
        if callable(change):
            light = change(light, k)
        out.append(np.clip(light, 0, 255).astype(np.uint8))
    return out


def check(
    tmp_path: Path, frames: list[NDArray[np.uint8]], capsys: pytest.CaptureFixture[str]
) -> tuple[int, dict[str, Any]]:
    code = main(
        ["check", "--source", shots(tmp_path / "shots", frames), "--frames", str(len(frames)), "--json"]
    )
    return code, json.loads(capsys.readouterr().out)


def test_a_well_set_camera_is_good(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, said = check(tmp_path, noisy(tray(), 6), capsys)
    assert said["dice"] >= 1 and 50 <= said["die_px"] <= 250
    assert said["clipped"] < 0.05 and said["band_depth"] < 0.01
    assert (code, said["advice"]) == (0, [])


def test_flicker_bands_call_for_mains_hz(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rng = np.random.default_rng(2)

    def banded(light: NDArray[np.float32], k: int) -> NDArray[np.float32]:
        bands = 1 + 0.08 * np.sin(2 * np.pi * ROWS / 560 + rng.uniform(0, 2 * np.pi))
        return np.asarray(light * bands, np.float32)

    code, said = check(tmp_path, noisy(tray(), 6, banded), capsys)
    assert code == 1 and 0.04 < said["band_depth"] < 0.12
    assert len(said["advice"]) == 1 and "mains_hz" in said["advice"][0]


def test_an_over_exposed_tray_calls_for_less_light(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, said = check(tmp_path, noisy(tray(), 4, lambda light, k: light * 1.5), capsys)
    assert code == 1 and said["clipped"] > 0.05
    assert any("highlights" in line for line in said["advice"])


def test_dice_too_small_call_for_a_lower_camera(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    small = cv2.resize(tray(), None, fx=0.4, fy=0.4, interpolation=cv2.INTER_AREA)
    framed = cv2.copyMakeBorder(small, 288, 288, 384, 384, cv2.BORDER_REPLICATE)  # back to 1280x960
    code, said = check(tmp_path, noisy(np.asarray(framed, np.uint8), 4), capsys)
    assert code == 1 and said["die_px"] is not None and said["die_px"] < 50
    assert any("lower the camera" in line for line in said["advice"])


def test_an_empty_tray_asks_for_dice_and_the_report_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    felt = np.full((960, 1280, 3), (50, 100, 60), np.uint8)
    folder = shots(tmp_path / "shots", noisy(felt, 3))
    assert main(["check", "--source", folder, "--frames", "3"]) == 1
    out = capsys.readouterr().out
    assert "dice     0 found" in out and "CHANGE" in out and "No dice were found" in out


def test_a_source_that_runs_out_or_is_missing_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = shots(tmp_path / "shots", noisy(tray(), 2))
    assert main(["check", "--source", folder, "--frames", "5"]) == 2
    assert "gave fewer than 5 frames" in capsys.readouterr().err
    assert main(["check", "--source", str(tmp_path / "nowhere"), "--frames", "2"]) == 2
    assert "no such file or folder" in capsys.readouterr().err


def test_a_tray_of_nogi_stonogi_dice_is_measured_with_colour_mode() -> None:
    frame, scene = render(0, "default", "colours", size=(1280, 960))
    frame = np.asarray(frame.astype(np.float32) * 0.85, np.uint8)
    check = check_frames([frame, frame])
    assert check.kind == "colours" and check.ok == check.dice == len(scene.labels("tray")) >= 2
    assert check.die_px is not None and 50 <= check.die_px <= 250 and faults(check) == ()
    pips = check_frames([tray(), tray()])
    assert pips.kind == "pips" and pips.ok >= 1


@pytest.mark.parametrize(
    ("die_px", "clipped", "bands", "found"),
    [
        (None, 0.0, 0.0, ("no_dice",)),
        (49.0, 0.0, 0.0, ("small",)),
        (50.0, 0.05, 0.03, ()),
        (251.0, 0.051, 0.031, ("big", "clipped", "bands")),
    ],
)
def test_faults_judge_each_measure_at_its_bound(
    die_px: float | None, clipped: float, bands: float, found: tuple[str, ...]
) -> None:
    assert faults(CameraCheck(1280, 960, 0 if die_px is None else 4, 0, die_px, clipped, bands)) == found


def test_a_hand_in_the_tray_asks_to_check_again(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    def hand(light: NDArray[np.float32], k: int) -> NDArray[np.float32]:
        moved = np.ascontiguousarray(light)
        cv2.ellipse(moved, (300 + 120 * k, 700), (260, 160), 20, 0, 360, (120, 150, 200), -1)  # sliding out
        return moved

    code, said = check(tmp_path, noisy(tray(), 8, hand), capsys)
    assert code == 1 and said["moving"] and said["band_depth"] < 0.01  # a hand is no flicker
    assert any("keep hands out" in line for line in said["advice"])
    assert not check_frames(noisy(tray(), 4)).moving


def test_the_picture_boxes_the_dice_found(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = shots(tmp_path / "shots", noisy(tray(), 4))
    picture = tmp_path / "check.png"
    code = main(["check", "--source", source, "--frames", "4", "--json", "--picture", str(picture)])
    said = json.loads(capsys.readouterr().out)
    drawn = cv2.imread(str(picture))
    assert code == 0 and drawn is not None and drawn.shape == (960, 1280, 3)
    x, y, _, h, status = said["found"][0]
    assert status == "ok" and tuple(drawn[y + h // 2, x]) == (0, 200, 0)  # the box's left edge, green
    for bad in (tmp_path / "no" / "such" / "folder.png", tmp_path / "check.nothing"):
        assert main(["check", "--source", source, "--frames", "4", "--picture", str(bad)]) == 2
        assert f"cannot write the picture {bad}" in capsys.readouterr().err


def test_a_camera_out_of_focus_calls_for_focus_cm(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sharp = check_frames(noisy(tray(), 2))
    disc = cv2.circle(np.zeros((13, 13), np.float32), (6, 6), 6, 1.0, -1)  # a lens out of focus: a disc
    blurred = [cv2.filter2D(frame, -1, disc / disc.sum()) for frame in noisy(tray(), 4)]
    code, said = check(tmp_path, blurred, capsys)
    assert sharp.blur < BLUR_MOST < said["blur"] and sharp.dice >= 1 and said["dice"] >= 1
    assert code == 1 and len(said["advice"]) == 1 and "focus_cm" in said["advice"][0]
    assert faults(replace(sharp, blur=BLUR_MOST + 0.001)) == ("blurred",)


def test_watch_checks_again_and_again_a_line_each(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    frames = noisy(tray(), 3) + noisy(tray(), 3, lambda light, k: light * 1.5)  # then the lamp comes on
    source = shots(tmp_path / "shots", frames)
    code = main(["check", "--source", source, "--frames", "3", "--watch", "--rounds", "3"])
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 3 and lines[0].startswith("dice ") and lines[0].endswith("| good")
    assert lines[1].endswith("change: clipped")  # the folder goes round: the bright frames, then
    assert lines[2].endswith("| good") and code == 0  # the first ones again
