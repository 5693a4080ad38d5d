"""The shipped networks load and compute the same numbers on whichever OpenCV is installed, and
on ONNX Runtime (the commands' runtime where it is installed: ``firmware.devices.onnx_runtime``).

OpenCV 4.11 (Raspberry Pi OS Bookworm) once refused to load ``dice_net.onnx`` that OpenCV 5.0
ran fine (a shape check at load time on symbolic sizes). These tests load the networks and
compare their outputs on fixed inputs with reference outputs made by OpenCV 5.0
(``tests/data/model_outputs.npz``), so the Bookworm run of CI catches any such difference. ONNX
Runtime reads the fixed-shape dice network through its ``any_size`` twin, which must compute the same,
and the face classifier through its int8 twin, whose chances must stay near the float file's.

The inputs are stored in the same file as raw pixels (a region of ``tests/data/dice/images/
six_57.jpg``, dice about 30 pixels), so no image decoder or resize enters the comparison.
After retraining a network, make the file again with OpenCV 5.0 (the main venv)::

    .venv/bin/python tests/test_models_compat.py
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest
from numpy.typing import NDArray

from firmware.devices.onnx_runtime import OnnxRuntimeNetwork, choose_runtime, chosen_networks
from vision.networks import DnnNetwork
from vision.pips.dice_net import CLASSES, load_net, run_maps, softmax
from vision.pips.face_net import CLOSE_CROP, CLOSE_MODEL, FACE_CLASSES, FACE_CROP, load_face_net

REFERENCE = Path(__file__).parent / "data" / "model_outputs.npz"
PHOTO = Path(__file__).parent / "data" / "dice" / "images" / "six_57.jpg"
# Logits differ by about 1e-5 between OpenCV 4.11 and 5.0; a wrong layer differs by whole units.
TOLERANCE = 1e-3
# The face classifier's int8 twin (ONNX Runtime's): the same class, chances within this (logits
# differ by up to about half a unit, chances by 0.02 on the reader's crops of real dice).
INT8_TOLERANCE = 0.05
# Places in the stored region: a frame not a multiple of 32 (run_maps pads it), two 128-pixel
# crops as vision.pips.dice_net.look_closer takes them, and 48-pixel crops on and beside dice.
FRAME = (slice(0, 200), slice(0, 270))
CROPS = [(0, 0), (60, 120)]
FACES = [(33, 104), (127, 31), (118, 113), (84, 174), (197, 170), (210, 40), (40, 260)]


def _region() -> NDArray[np.uint8]:
    """The stored region of the photo (BGR, 240 x 288), cut at scale 0.75 (dice about 30 px)."""
    photo = cv2.imread(str(PHOTO), cv2.IMREAD_COLOR)
    assert photo is not None, PHOTO
    small = cv2.resize(photo, None, fx=0.75, fy=0.75, interpolation=cv2.INTER_AREA)
    return np.ascontiguousarray(small[40:280, 90:378])


def _outputs(region: NDArray[np.uint8]) -> dict[str, NDArray[np.float32]]:
    """Each network's outputs on its inputs cut from ``region``, as the reader calls them (on the
    runtime chosen)."""
    networks = chosen_networks()
    dice_net = load_net(networks=networks)
    crops = [np.ascontiguousarray(region[y : y + 128, x : x + 128]) for y, x in CROPS]
    crop_maps = dice_net.run(cv2.dnn.blobFromImages(crops, 1.0 / 255.0))
    frame_maps = np.array(run_maps(dice_net, np.ascontiguousarray(region[FRAME])), np.float32)
    half = FACE_CROP // 2
    padded = cv2.copyMakeBorder(region, half, half, half, half, cv2.BORDER_REPLICATE)
    faces = [np.ascontiguousarray(padded[y : y + 2 * half, x : x + 2 * half]) for y, x in FACES]
    face_net = load_face_net(networks=networks)
    face_logits = face_net.run(cv2.dnn.blobFromImages(faces, 1.0 / 255.0))
    half = CLOSE_CROP // 2
    padded = cv2.copyMakeBorder(region, half, half, half, half, cv2.BORDER_REPLICATE)
    close = [np.ascontiguousarray(padded[y : y + 2 * half, x : x + 2 * half]) for y, x in FACES]
    close_net = load_face_net(str(CLOSE_MODEL), networks)
    close_logits = close_net.run(cv2.dnn.blobFromImages(close, 1.0 / 255.0))
    return {
        "frame_maps": frame_maps,
        "crop_maps": crop_maps,
        "face_logits": face_logits,
        "close_logits": close_logits,
    }


@pytest.fixture(scope="module")
def reference() -> dict[str, NDArray[np.float32]]:
    with np.load(REFERENCE) as stored:
        return {name: stored[name] for name in stored.files}


RUNTIMES = {"dnn": DnnNetwork, "onnxruntime": OnnxRuntimeNetwork}


@pytest.fixture(scope="module", params=sorted(RUNTIMES))
def runtime(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture(scope="module")
def outputs(runtime: str, reference: dict[str, NDArray[np.float32]]) -> dict[str, NDArray[np.float32]]:
    choose_runtime(runtime)
    try:
        return _outputs(np.asarray(reference["region"], np.uint8))
    finally:
        choose_runtime()


@pytest.mark.parametrize("runtime_name", sorted(RUNTIMES))
def test_the_networks_load_on_this_opencv_and_onnx_runtime(runtime_name: str) -> None:
    choose_runtime(runtime_name)
    networks = chosen_networks()
    nets = (load_net(networks=networks), load_face_net(networks=networks))
    nets += (load_face_net(CLOSE_MODEL, networks),)
    for net in nets:
        assert isinstance(net, RUNTIMES[runtime_name]), (runtime_name, net)


@pytest.mark.parametrize("name", ["frame_maps", "crop_maps", "face_logits", "close_logits"])
def test_outputs_match_the_reference(
    name: str,
    runtime: str,
    outputs: dict[str, NDArray[np.float32]],
    reference: dict[str, NDArray[np.float32]],
) -> None:
    got, want = outputs[name], reference[name]
    where = f"{runtime} with OpenCV {cv2.__version__}"
    assert got.shape == want.shape, f"{where}: {name} has shape {got.shape}, expected {want.shape}"
    tolerance = TOLERANCE
    if runtime == "onnxruntime" and name == "face_logits":
        got, want, tolerance = softmax(got, axis=1), softmax(want, axis=1), INT8_TOLERANCE
        named_alike = (got.argmax(axis=1) == want.argmax(axis=1)).all()
        assert named_alike, f"{where}: the int8 face classifier names other classes"
    worst = float(np.abs(got - want).max())
    assert worst <= tolerance, f"{where}: {name} differs by {worst:.3g} from the reference"


def test_reference_is_about_real_dice(reference: dict[str, NDArray[np.float32]]) -> None:
    """The fixed inputs show dice, so the comparison covers confident outputs, not only background."""
    heat = 1.0 / (1.0 + np.exp(-reference["frame_maps"][0]))
    assert heat.max() > 0.5
    assert reference["frame_maps"].shape == (1 + len(CLASSES) + 1, 25, 34)
    assert reference["crop_maps"].shape == (len(CROPS), 1 + len(CLASSES) + 1, 16, 16)
    named = [FACE_CLASSES[i] for i in reference["face_logits"].argmax(axis=1)]
    assert set(named) - {None}, named
    assert None in named, named


def make_reference() -> None:
    """Write REFERENCE with this OpenCV (use 5.0, the main venv) and the shipped networks."""
    choose_runtime("dnn")
    region = _region()
    out = _outputs(region)
    np.savez_compressed(
        REFERENCE,
        region=region,
        frame_maps=out["frame_maps"],
        crop_maps=out["crop_maps"],
        face_logits=out["face_logits"],
        close_logits=out["close_logits"],
    )
    print(f"wrote {REFERENCE} with OpenCV {cv2.__version__}")


if __name__ == "__main__":
    make_reference()
