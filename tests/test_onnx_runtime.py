"""ONNX Runtime as the networks' runtime (firmware.devices.onnx_runtime): the same outputs as OpenCV's dnn
on every shipped network at the shapes the readers feed them, the same readings of real photos,
the fixed-shape files read through their twins, the face classifier through its int8 twin (the same
classes on real dice), and clear messages for what cannot run."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

from firmware.cli import main
from firmware.devices.onnx_runtime import (
    ONNX_RUNTIME,
    VARIABLE,
    OnnxRuntimeNetwork,
    choose_runtime,
    chosen_networks,
)
from vision.errors import ModelError
from vision.frame import Pyramid
from vision.networks import DnnNetwork, any_size, quantised
from vision.pips.dice_net import MODEL as DICE_MODEL
from vision.pips.dice_net import load_net
from vision.pips.face_net import MODEL as FACE_MODEL
from vision.pips.face_net import face_probs
from vision.pips.reader import locate
from vision.reader import read_dice

DATA = Path(__file__).resolve().parent.parent / "vision" / "data"
PHOTOS = Path(__file__).parent / "data" / "dice" / "images"
# (file, input shapes as the readers feed it): first looks, crops of closer looks, batches of faces
SHAPES = {
    "dice_net.onnx": [(1, 3, 352, 448), (1, 3, 192, 224), (5, 3, 96, 96), (2, 3, 128, 128)],
    "colour_net.onnx": [(1, 3, 384, 512), (3, 3, 128, 128)],
    "face_net.onnx": [(1, 3, 64, 64), (6, 3, 64, 64)],
    "face_net_close.onnx": [(2, 3, 96, 96)],
    "colour_face_net.onnx": [(4, 3, 48, 48)],
    "colour_face_net_second.onnx": [(2, 3, 48, 48)],
}


@pytest.mark.parametrize("name", sorted(SHAPES))
def test_each_network_computes_on_onnx_runtime_what_it_computes_on_opencv(name: str) -> None:
    path = DATA / name
    assert isinstance(ONNX_RUNTIME(path), OnnxRuntimeNetwork)
    # the file itself (or its any-size twin): an int8 twin is checked against it below
    dnn, ort = DnnNetwork(path), OnnxRuntimeNetwork(any_size(path) if any_size(path).is_file() else path)
    rng = np.random.default_rng(7)
    for shape in SHAPES[name]:
        blob = rng.random(shape, dtype=np.float32)
        want, got = dnn.run(blob), ort.run(blob)
        assert got.shape == want.shape, (name, shape)
        worst = float(np.abs(got - want).max())
        assert worst < 1e-3, f"{name} at {shape}: ONNX Runtime differs from OpenCV by {worst:.3g}"
        assert float(np.abs(want).max()) > 0.1, "outputs this small would hide a difference"


@pytest.mark.parametrize("name", ["dice_net.onnx", "colour_net.onnx"])
def test_the_fixed_shape_files_have_twins_and_run_at_other_sizes_only_through_them(
    name: str, tmp_path: Path
) -> None:
    assert any_size(DATA / name).is_file(), f"run tools/export_any_size.py: {name} has no twin"
    alone = tmp_path / name
    alone.write_bytes((DATA / name).read_bytes())
    assert OnnxRuntimeNetwork(alone).fixed_shape
    assert isinstance(ONNX_RUNTIME(alone), DnnNetwork)  # without its twin the file stays with dnn
    assert not OnnxRuntimeNetwork(any_size(DATA / name)).fixed_shape


def test_the_face_classifier_runs_as_its_int8_twin_and_names_real_dice_as_the_float_file_does() -> None:
    int8 = ONNX_RUNTIME(FACE_MODEL)
    assert isinstance(int8, OnnxRuntimeNetwork) and int8.made_from(FACE_MODEL), (
        "run tools/quantise_face_net.py: face_net.onnx has no int8 twin made from it"
    )
    assert not OnnxRuntimeNetwork(FACE_MODEL).made_from(FACE_MODEL)  # the float file is no twin
    float_file = OnnxRuntimeNetwork(FACE_MODEL)
    cv2.setNumThreads(1)
    crops = 0
    for photo in sorted(PHOTOS.glob("*.jpg")):
        frame = cv2.imread(str(photo), cv2.IMREAD_COLOR)
        pyramid = Pyramid(frame)
        dice = [(c.x, c.y, c.size) for c in locate(frame, pyramid=pyramid)]
        # every find as it is and turned, as the reader shows them
        want, got = (face_probs(net, pyramid, dice, 2, 1.0) for net in (float_file, int8))
        for a, b in zip(want, got, strict=True):
            assert (a.argmax(axis=1) == b.argmax(axis=1)).all(), photo.name
            assert float(np.abs(a - b).max()) < 0.05, photo.name  # 0.021 at most when it was made
            crops += len(a)
    assert crops >= 40


def test_an_int8_twin_made_from_another_file_is_not_used(tmp_path: Path) -> None:
    retrained = tmp_path / FACE_MODEL.name
    retrained.write_bytes((DATA / "face_net_close.onnx").read_bytes())  # another network (96x96 crops)
    quantised(retrained).write_bytes(quantised(FACE_MODEL).read_bytes())  # the shipped one's twin
    network = ONNX_RUNTIME(retrained)
    assert isinstance(network, OnnxRuntimeNetwork) and not network.made_from(retrained)
    blob = np.random.default_rng(3).random((2, 3, 96, 96), dtype=np.float32)
    assert np.allclose(network.run(blob), DnnNetwork(retrained).run(blob), atol=1e-3)


def test_a_damaged_int8_twin_leaves_the_float_file_to_run(tmp_path: Path) -> None:
    face_net = tmp_path / FACE_MODEL.name
    face_net.write_bytes(FACE_MODEL.read_bytes())
    quantised(face_net).write_bytes(quantised(FACE_MODEL).read_bytes()[:5000])  # cut short
    network = ONNX_RUNTIME(face_net)
    assert isinstance(network, OnnxRuntimeNetwork) and not network.made_from(face_net)
    blob = np.random.default_rng(4).random((2, 3, 64, 64), dtype=np.float32)
    assert np.allclose(network.run(blob), DnnNetwork(face_net).run(blob), atol=1e-3)


def test_real_photos_read_the_same_on_both_runtimes() -> None:
    cv2.setNumThreads(1)
    photos = sorted(PHOTOS.glob("*.jpg"))
    assert len(photos) >= 5
    seen = 0
    for photo in photos:
        frame = cv2.imread(str(photo), cv2.IMREAD_COLOR)
        choose_runtime("dnn")
        want = read_dice(frame, networks=chosen_networks())
        choose_runtime("onnxruntime")
        got = read_dice(frame, networks=chosen_networks())
        assert [(d.face, d.status) for d in got.dice] == [(d.face, d.status) for d in want.dice], photo.name
        for a, b in zip(got.dice, want.dice, strict=True):
            assert abs(a.confidence - b.confidence) < 0.03  # the int8 face classifier's rounding
            assert max(abs(p - q) for p, q in zip(a.box, b.box, strict=True)) <= 1
        seen += len(want.dice)
    assert seen >= 10


def test_an_onnxruntime_that_cannot_be_imported_leaves_the_networks_to_opencv(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "onnxruntime", None)  # import onnxruntime -> ImportError
    assert isinstance(ONNX_RUNTIME(DICE_MODEL), DnnNetwork)
    assert isinstance(ONNX_RUNTIME(DATA / "face_net.onnx"), DnnNetwork)


def test_a_file_onnx_runtime_cannot_load_is_a_clear_error(tmp_path: Path) -> None:
    broken = tmp_path / "dice_net.onnx"
    broken.write_bytes(b"not a network")
    choose_runtime("onnxruntime")
    with pytest.raises(ModelError, match=r"ONNX Runtime cannot load the dice network .*dice_net\.onnx"):
        load_net(str(broken), chosen_networks())
    choose_runtime("dnn")
    with pytest.raises(ModelError, match=r"OpenCV dnn cannot load the dice network"):
        load_net(str(broken), chosen_networks())


def test_the_runtime_follows_the_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(VARIABLE, "dnn")
    assert choose_runtime() == "OpenCV dnn"
    assert chosen_networks().opener is DnnNetwork
    assert isinstance(load_net(str(DICE_MODEL), chosen_networks()), DnnNetwork)
    monkeypatch.delenv(VARIABLE)
    assert choose_runtime() == "ONNX Runtime"  # installed with the project on this machine
    assert isinstance(load_net(str(DICE_MODEL), chosen_networks()), OnnxRuntimeNetwork)


def test_a_wrong_runtime_name_stops_the_command_with_a_message(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv(VARIABLE, "tensorflow")
    assert main(["read", str(PHOTOS / "six_57.jpg")]) == 2
    assert "KOSTKA_RUNTIME is 'tensorflow'; use onnxruntime or dnn" in capsys.readouterr().err


def test_choosing_a_runtime_loads_no_library() -> None:
    """``kostka odds`` and the other rules-only commands choose one too and must start fast."""
    code = (
        "import sys; from firmware.devices.onnx_runtime import choose_runtime; choose_runtime(); "
        "print(sorted({'cv2', 'numpy', 'onnxruntime'} & set(sys.modules)))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]", done.stdout + done.stderr
