"""Write the int8 twin of the face classifier (vision/data/face_net.onnx) for ONNX Runtime.

    .venv/bin/pip install -e '.[train]'     # onnx, which ONNX Runtime's quantiser needs
    .venv/bin/python -m tools.quantise_face_net [--every K] [ONNX]

The twin (``vision.networks.quantised``: ``face_net.int8.onnx``) holds the same network with int8
weights and activations; ONNX Runtime computes it in about three quarters of the time (OpenCV's dnn
keeps the float file). The activations' ranges are measured on what the classifier is shown in the
reader: every find of the dice network (``vision.pips.reader.locate``) in the training half of each set
(the even-numbered images, ``--split even`` of the training scripts), cut as the reader cuts it, as
it is and turned by 90 degrees. Weights per output channel at 7 bits (``reduce_range``): at 8 bits
the products' sums saturate on x86 CPUs without VNNI, and the held-out photos lost 9 and 7 right
dice on two sets. The twin records the digest of the file it was made from; a twin of another file
is not used (``firmware.devices.onnx_runtime``). Run it again after retraining the classifier.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import cv2
import numpy as np
import onnx
from onnx import version_converter
from onnxruntime.quantization import CalibrationDataReader, QuantFormat, QuantType, quantize_static
from onnxruntime.quantization.shape_inference import quant_pre_process

from measure.labels import load_set
from tools.train_dice_net import DATA, SETS, split_names
from vision.frame import Pyramid
from vision.networks import QUANTISED_FROM, digest, quantised
from vision.pips.face_net import FACE_CROP, FACE_DIE, MODEL
from vision.pips.reader import locate

ROOT = Path(__file__).resolve().parent.parent

OPSET = 13  # the first whose DequantizeLinear takes an axis (weights per channel)


def calibration_blobs(every: int) -> Iterator[np.ndarray]:
    """One blob per training image (every ``every``-th even one of each set): its finds' crops as
    the reader cuts them for the classifier, as they are and turned by 90 degrees."""
    for set_name in sorted(SETS):  # in name order: the ranges depend on the order they are met in
        labelled = load_set(DATA / set_name)
        names = split_names(list(labelled.images), "even")[::every]
        for done, name in enumerate(names, 1):
            image = cv2.imread(str(labelled.path(name)), cv2.IMREAD_COLOR)
            if image is None:
                continue
            pyramid = Pyramid(image)
            finds = locate(image, pyramid=pyramid)
            crops = [pyramid.crop(FACE_DIE / c.size, (c.x, c.y), FACE_CROP) for c in finds]
            crops += [np.ascontiguousarray(np.rot90(c)) for c in crops]
            if sys.stdout.isatty():
                print(f"\r{set_name}: {done}/{len(names)} images", end="", flush=True)
            if crops:
                yield cv2.dnn.blobFromImages(crops, 1.0 / 255.0)
        print(f"\r{set_name}: {len(names)} images", flush=True)


class Blobs(CalibrationDataReader):
    """ONNX Runtime's calibration reader over ``calibration_blobs``."""

    def __init__(self, input_name: str, every: int) -> None:
        self._input, self._blobs = input_name, calibration_blobs(every)

    def get_next(self) -> dict[str, np.ndarray] | None:
        blob = next(self._blobs, None)
        return None if blob is None else {self._input: blob}


def quantise(path: Path, every: int) -> Path:
    """Write ``quantised(path)``; returns its path."""
    model = onnx.load(str(path))
    out = quantised(path).resolve()
    with tempfile.TemporaryDirectory() as work:
        here = os.getcwd()
        os.chdir(work)  # the quantiser leaves scratch files in the working folder
        try:
            onnx.save(version_converter.convert_version(model, OPSET), "opset.onnx")
            quant_pre_process("opset.onnx", "prepared.onnx")
            quantize_static(
                "prepared.onnx",
                "int8.onnx",
                Blobs(model.graph.input[0].name, every),
                quant_format=QuantFormat.QDQ,
                activation_type=QuantType.QUInt8,
                weight_type=QuantType.QInt8,
                per_channel=True,
                reduce_range=True,
                extra_options={"CalibMaxIntermediateOutputs": 16},
            )
            twin = onnx.load("int8.onnx")
        finally:
            os.chdir(here)
    onnx.helper.set_model_props(twin, {QUANTISED_FROM: digest(path)})
    onnx.checker.check_model(twin)
    onnx.save(twin, str(out))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("onnx", nargs="?", type=Path, default=MODEL, help="a face classifier (64x64 crops)")
    parser.add_argument("--every", type=int, default=1, help="use every K-th training image (faster)")
    args = parser.parse_args()
    cv2.setNumThreads(1)
    twin = quantise(args.onnx.resolve(), args.every)
    print(f"wrote {twin.relative_to(ROOT) if twin.is_relative_to(ROOT) else twin}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
