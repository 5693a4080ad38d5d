"""Colour mode's face classifier (vision/colours/face_net.py, vision/data/colour_face_net.onnx).

It loads on whichever OpenCV is installed (CI runs this on Bookworm's 4.11 too), names the top
faces the colour network finds in rendered frames (seeds the training never drew: it uses
4,000,000 and up), calls the bare floor no face, and a missing file gets a clear error.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from firmware.devices.onnx_runtime import choose_runtime
from measure.synth import render
from vision.colours.face_net import (
    CROP,
    FACE_CLASSES,
    FACE_CLIP,
    WHITE,
    ColourFaceNetError,
    FaceClassifiers,
    classify_faces,
    face_input,
    load_colour_face_net,
)
from vision.colours.finder import frame_cast
from vision.colours.net import find_top_faces, load_colour_net
from vision.frame import Pyramid
from vision.networks import DnnNetwork
from vision.whitebalance import Cast

FACES = ("yellow", "red", "green", "blue", "black", "star")


def _cast(frame: np.ndarray):  # type: ignore[no-untyped-def]
    """The frame's cast, as colour mode takes it."""
    return frame_cast(Pyramid(frame), frame.shape[1], frame.shape[0])


def test_a_missing_classifier_file_is_a_clear_error(tmp_path) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ColourFaceNetError, match=r"missing; train it with tools/train_colour_face_net\.py"):
        load_colour_face_net(str(tmp_path / "nothing.onnx"))


def test_it_loads_on_this_opencv_and_gives_one_row_of_chances_per_crop() -> None:
    choose_runtime("dnn")
    net = load_colour_face_net()
    assert isinstance(net, DnnNetwork)
    crops = [np.full((CROP, CROP, 3), v, np.uint8) for v in (0, 128, 255)]
    probs = classify_faces(net, crops)
    assert probs.shape == (3, len(FACE_CLASSES))
    assert np.allclose(probs.sum(axis=1), 1.0, atol=1e-4)
    assert classify_faces(net, []).shape == (0, len(FACE_CLASSES))


def test_it_names_the_faces_the_colour_network_finds() -> None:
    net, finder = load_colour_face_net(), load_colour_net()
    right = total = 0
    for seed in range(6):
        faces = [FACES[(seed + i) % 6] for i in range(4)]
        frame, scene = render(300 + seed, "default", "colours", faces=faces)
        pyramid, cast = Pyramid(frame), _cast(frame)
        tops = find_top_faces(finder, pyramid, frame.shape[1], frame.shape[0], 0.5)
        for truth in scene.things:
            if truth.cocked:
                continue
            x, y, w, h = truth.box
            near = [t for t in tops if math.hypot(t.x - x - w / 2, t.y - y - h / 2) < 0.5 * max(w, h)]
            if not near:
                continue
            top = max(near, key=lambda t: t.heat)
            p = classify_faces(net, [face_input(pyramid, top.x, top.y, top.side, cast)])[0]
            total += 1
            right += FACE_CLASSES[int(np.argmax(p))] == truth.face
    assert total >= 18
    assert right >= 0.9 * total, f"{right} of {total} faces named right"


def test_the_bare_floor_is_no_face() -> None:
    net = load_colour_face_net()
    frame, scene = render(11, "easy", "colours", faces=["red"])
    (x, y, w, h) = scene.things[0].box
    pyramid, cast = Pyramid(frame), _cast(frame)
    # points on the tray's floor, three dice away from the die
    points = [(x + w / 2 + dx * w, y + h / 2 + dy * h) for dx, dy in ((3, 0), (-3, 0), (0, 3), (0, -3))]
    inside = [(px, py) for px, py in points if 0.2 * 1280 < px < 0.8 * 1280 and 0.2 * 960 < py < 0.8 * 960]
    assert inside
    probs = classify_faces(net, [face_input(pyramid, px, py, 0.6 * w, cast) for px, py in inside])
    assert all(FACE_CLASSES[int(np.argmax(p))] == "none" for p in probs), probs.round(2)


def test_a_bright_face_in_a_dim_scene_is_brightened_only_until_it_would_clip() -> None:
    # a yellow face (B 40, G 200, R 230) on a dark floor, in a scene whose white is only 100
    frame = np.full((480, 640, 3), 50, np.uint8)
    frame[220:260, 300:340] = (40, 200, 230)
    dim = Cast((1.0, 1.0, 1.0), 100.0, 0.5)
    crop = face_input(Pyramid(frame), 320.0, 240.0, 40.0, dim).astype(np.float32)
    _, g, r = crop[CROP // 2, CROP // 2]
    assert r <= FACE_CLIP + 1 and g / r == pytest.approx(200 / 230, abs=0.01)  # yellow, not clipped to lime
    assert crop[1, 1, 0] > 50  # the floor is brightened all the same, as far as the face allows
    # with the scene's white as bright as the face, the crop is brought to WHITE as before
    bright = face_input(Pyramid(frame), 320.0, 240.0, 40.0, Cast((1.0, 1.0, 1.0), 230.0, 0.5))
    assert tuple(bright[CROP // 2, CROP // 2]) == (40, 200, 230)
    # a white face is brightened to WHITE as before: clipped, it stays white
    frame[220:260, 300:340] = (215, 220, 220)
    white = face_input(Pyramid(frame), 320.0, 240.0, 40.0, dim)
    assert tuple(white[CROP // 2, CROP // 2]) == (255, 255, 255)


def test_a_yellow_face_in_a_dim_tray_with_nothing_white_is_named_yellow() -> None:
    # hardest tuning seed 3335: a dark tray on a dim table, the scene's white half the yellow
    # face's brightness; brightened to WHITE, the face clipped and the classifier gave it 0.95
    net, finder = load_colour_face_net(), load_colour_net()
    frame, scene = render(3335, "hardest", "colours")
    pyramid, cast = Pyramid(frame), _cast(frame)
    (truth,) = [t for t in scene.things if t.face == "yellow"]
    x, y, w, h = truth.box
    tops = find_top_faces(finder, pyramid, frame.shape[1], frame.shape[0], 0.5)
    top = max(
        (t for t in tops if math.hypot(t.x - x - w / 2, t.y - y - h / 2) < 0.5 * max(w, h)),
        key=lambda t: t.heat,
    )
    assert cast.white < 0.6 * WHITE
    p = classify_faces(net, [face_input(pyramid, top.x, top.y, top.side, cast)])[0]
    assert p[FACE_CLASSES.index("yellow")] >= 0.99, p.round(3)


def test_without_the_classifier_colour_mode_reads_classically_and_asked_for_it_says_what_is_missing(
    tmp_path, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    from dataclasses import replace

    from vision.colours.reader import COLOUR_SETTINGS, read_colours

    frame, _ = render(5, "easy", "colours", faces=["red", "blue"])
    from vision.networks import Networks

    missing = tmp_path / "colour_face_net.onnx"
    monkeypatch.setattr(Networks, "colour_face_net", lambda self: missing)
    classical = read_colours(frame)  # falls back to the classical path, as without a colour network
    assert len(classical.dice) >= 1
    with pytest.raises(ColourFaceNetError, match=r"colour face classifier .* is missing"):
        read_colours(frame, settings=replace(COLOUR_SETTINGS, colour_net=True))


class ByGrey:
    """A stand-in network whose chances for a crop are picked by the crop's grey level (crop ``k`` is
    filled with ``k``), recording which crops it was shown."""

    def __init__(self, chances: dict[int, list[float]]) -> None:
        self.chances = chances
        self.shown: list[int] = []

    def run(self, blob: np.ndarray) -> np.ndarray:
        levels = [round(float(b.mean()) * 255) for b in blob]
        self.shown += levels
        return np.log(np.array([self.chances[k] for k in levels], np.float32) + 1e-9)


def test_a_yellow_face_doubted_for_another_colour_is_read_when_the_second_classifier_is_sure() -> None:
    """Only a face the first classifier names yellow while doubting another colour (``DOUBT_ASKED``
    or more) is shown to the second; that doubt stands only as far as the second shares it."""
    yellow, red, other = (FACE_CLASSES.index(c) for c in ("yellow", "red", "other"))

    def row(**given: float) -> list[float]:
        out = [0.0] * len(FACE_CLASSES)
        for name, p in given.items():
            out[FACE_CLASSES.index(name)] = p
        return out

    first = ByGrey(
        {
            0: row(yellow=0.88, other=0.1, cocked=0.02),  # doubted
            1: row(red=0.99, other=0.01),  # not yellow
            2: row(yellow=0.9995, other=0.0005),  # doubted too little to ask
        }
    )
    second = ByGrey({0: row(yellow=0.99, other=0.01)})
    crops = [np.full((CROP, CROP, 3), k, np.uint8) for k in range(3)]
    alone = FaceClassifiers(first).chances(crops)
    both = FaceClassifiers(first, second).chances(crops)
    assert second.shown == [0]
    assert [round(float(p), 2) for p in alone[0, [yellow, other]]] == [0.88, 0.1]
    assert [round(float(p), 2) for p in both[0, [yellow, other]]] == [0.97, 0.01]
    assert np.allclose(both[1:], alone[1:]) and int(np.argmax(both[1])) == red
