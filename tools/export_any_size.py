"""Write the ``any_size`` twin of each fixed-shape network in vision/data (see vision/networks.py).

    .venv/bin/pip install onnx          # this tool only; never a runtime dependency
    .venv/bin/python -m tools.export_any_size [ONNX ...]

The dice and colour networks are exported at one fixed input shape, the only form of them that
OpenCV 4.11 loads (docs/networks.md); OpenCV's dnn module still runs them at any size, but
ONNX Runtime holds a file to its declared shape. The twin is the same graph and weights with the
input's batch, height and width free (and the shapes inferred inside it dropped). Run it again
after retraining either network; tests/test_onnx_runtime.py checks that each twin computes what
its file does.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import onnx

from vision.networks import any_size

ROOT = Path(__file__).resolve().parent.parent

FIXED = [ROOT / "vision" / "data" / name for name in ("dice_net.onnx", "colour_net.onnx")]


def free_dimensions(model: onnx.ModelProto) -> onnx.ModelProto:
    """``model`` with every dimension of its inputs and outputs named instead of fixed."""
    for kind, values in (("in", model.graph.input), ("out", model.graph.output)):
        for value in values:
            for axis, dim in enumerate(value.type.tensor_type.shape.dim):
                dim.ClearField("dim_value")
                dim.dim_param = f"{kind}{axis}"
    del model.graph.value_info[:]
    onnx.checker.check_model(model)
    return model


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("onnx", nargs="*", type=Path, default=FIXED, help="fixed-shape network files")
    for path in parser.parse_args().onnx:
        twin = any_size(path)
        onnx.save(free_dimensions(onnx.load(str(path))), str(twin))
        print(f"wrote {twin.relative_to(ROOT) if twin.is_relative_to(ROOT) else twin}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
