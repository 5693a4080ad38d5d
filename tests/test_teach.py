"""``kostka teach``: teach under one light, save, load, read under another; damaged profiles."""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from pathlib import Path

import cv2
import numpy as np
import pytest

from firmware.cli import main
from firmware.profiles import read_profile_file
from measure.synth import Light, render, sample_kit
from vision.colours.reader import read_colours
from vision.errors import ProfileError
from vision.networks import Networks
from vision.profile import Profile

pytestmark = pytest.mark.usefixtures("english")  # these tests read the English lines

FACES = ("yellow", "red", "green", "blue", "black", "star")


@pytest.fixture(autouse=True, scope="module")
def without_the_dice_network(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Colour mode asks the pip reader's dice network when its file is installed; these tests
    measure colour mode's own finder, whatever network is shipped at the time."""
    with pytest.MonkeyPatch.context() as patch:
        # as if the shipped dice network were absent to colour mode (the pip reader keeps it)
        patch.setattr(Networks, "pip_networks", lambda self, wanted: None)
        patch.setattr(Networks, "colour_dice_net", lambda self, wanted, fallback=False: None)
        yield


TEACH_LIGHT = Light(kelvin=3000.0, white_balance_left=0.6, brightness=0.8)
READ_LIGHT = Light(kelvin=6000.0, white_balance_left=0.3, brightness=1.1)


@pytest.fixture(scope="module")
def taught(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, object]:
    """A profile taught by the CLI from 3 frames per face of one kit under TEACH_LIGHT."""
    folder = tmp_path_factory.mktemp("shots")
    kit = sample_kit(np.random.default_rng(21), 1.0)
    number = 0
    for face in FACES:
        for _ in range(3):
            frame, _ = render(100 + number, "easy", "colours", faces=[face] * 3, kit=kit, light=TEACH_LIGHT)
            cv2.imwrite(str(folder / f"shot{number:02d}.png"), frame)
            number += 1
    out = folder / "mine.json"
    code = main(["teach", "--mode", "colours", "--out", str(out), "--source", str(folder),
                 "--names", ",".join(FACES)])  # fmt: skip
    assert code == 0
    return out, kit


def test_teach_writes_a_profile_that_loads(taught: tuple[Path, object]) -> None:
    out, _ = taught
    profile = read_profile_file(str(out))
    assert set(profile.names) == set(FACES)
    counts = {name: stats.count for name, stats in profile.classes}
    assert all(count >= 2 for count in counts.values()), counts  # of 9 dice shown per face
    assert Profile.from_json(profile.to_json()) == profile


def test_taught_profile_reads_under_another_light(taught: tuple[Path, object]) -> None:
    out, kit = taught
    profile = read_profile_file(str(out))
    right = wrong = shown = 0
    for seed in range(6):
        faces = [FACES[(seed + i) % 6] for i in range(4)]
        frame, scene = render(500 + seed, "easy", "colours", faces=faces, kit=kit, light=READ_LIGHT)  # type: ignore[arg-type]
        reading = read_colours(frame, profile)
        for truth in scene.things:
            x, y, w, h = truth.box
            near = [
                d
                for d in reading.dice
                if math.hypot(d.centre[0] - x - w / 2, d.centre[1] - y - h / 2) < 0.5 * max(w, h)
            ]
            shown += 1
            if near and near[0].status == "ok":
                right += near[0].face == truth.face
                wrong += near[0].face != truth.face
    assert wrong == 0
    assert right >= shown // 2, f"{right} of {shown}"


def test_an_untaught_face_is_uncertain(taught: tuple[Path, object]) -> None:
    out, kit = taught
    profile = read_profile_file(str(out))
    only_warm = Profile(
        tuple((n, s) for n, s in profile.classes if n in ("yellow", "red")), profile.threshold
    )
    frame, _ = render(600, "easy", "colours", faces=["blue", "green", "blue"], kit=kit, light=READ_LIGHT)  # type: ignore[arg-type]
    reading = read_colours(frame, only_warm)
    assert reading.dice
    assert all(d.status == "uncertain" for d in reading.dice)


def test_a_missing_profile_says_how_to_make_one(tmp_path: Path) -> None:
    with pytest.raises(ProfileError, match=r"no profile file .*kostka teach"):
        read_profile_file(str(tmp_path / "nope.json"))


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("not json {", "not JSON"),
        ('{"hello": 1}', "not a Kostka colour profile"),
        (json.dumps({"format": "kostka-colour-profile", "version": 1, "classes": {}}), "no taught classes"),
        (
            json.dumps({"format": "kostka-colour-profile", "version": 1,
                        "classes": {"red": {"mean": [1, 2], "spread": [0.1, -1], "count": 3}}}),
            "negative spread",
        ),
        (
            json.dumps({"format": "kostka-colour-profile", "version": 1,
                        "classes": {"red": {"mean": [1, 2], "spread": [0.1], "count": 3}}}),
            "equally long",
        ),
        (json.dumps({"format": "kostka-colour-profile", "version": 7, "classes": {}}), "teach again"),
    ],
)  # fmt: skip
def test_a_damaged_profile_is_a_clear_error(tmp_path: Path, text: str, says: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ProfileError, match=says) as caught:
        read_profile_file(str(path))
    assert str(path) in str(caught.value)


def test_teach_without_enough_frames_fails_cleanly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    frame, _ = render(1, "easy", "colours", faces=["red"])
    cv2.imwrite(str(tmp_path / "one.png"), frame)
    code = main(
        ["teach", "--out", str(tmp_path / "p.json"), "--source", str(tmp_path), "--names", "red,blue"]
    )
    assert code == 1
    assert "ran out of frames" in capsys.readouterr().err
    assert not (tmp_path / "p.json").exists()


def test_teach_from_a_missing_source_fails_cleanly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(
        ["teach", "--out", str(tmp_path / "p.json"), "--source", str(tmp_path / "none"), "--names", "red"]
    )
    assert code == 2
    assert "Cannot take frames" in capsys.readouterr().err


def test_teach_runs_the_camera_with_the_configs_camera_settings(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import firmware.devices.camera

    opened: list[dict[str, object]] = []

    def open_source(spec: str, **kwargs: object) -> object:
        opened.append({"spec": spec, **kwargs})
        raise firmware.devices.camera.CameraError(spec, "not here", "(a test)")

    monkeypatch.setattr(firmware.devices.camera, "open_source", open_source)
    config = tmp_path / "kostka.toml"
    config.write_text("[camera]\nwidth = 640\nheight = 480\nmains_hz = 60\nfocus_cm = 50\n", encoding="utf-8")
    args = ["teach", "--out", str(tmp_path / "p.json"), "--source", "picamera2", "--names", "red"]
    assert main([*args, "--config", str(config)]) == 2
    assert opened[0]["size"] == (640, 480)
    assert opened[0]["controls"] == {
        "AfMode": 0, "LensPosition": 2.0, "AeConstraintMode": 1, "AeFlickerMode": 1, "AeFlickerPeriod": 8333
    }  # fmt: skip
    config.write_text("[camera]\nmains_hz = 55\n", encoding="utf-8")
    assert main([*args, "--config", str(config)]) == 2
    assert "mains_hz" in capsys.readouterr().err and len(opened) == 1
