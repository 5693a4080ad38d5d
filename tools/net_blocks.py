"""Layer blocks shared by Kostka's training scripts (training only: torch is never a runtime need).

Only layers that OpenCV's dnn importer reads on 4.11 as well as 5.0 once exported to ONNX opset 11
with BatchNorm folded: Conv, BatchNorm, ReLU (see vision/data/README.md).
"""

from __future__ import annotations

from torch import nn


def conv_bn(cin: int, cout: int, stride: int = 1, groups: int = 1, k: int = 3) -> nn.Sequential:
    """Convolution (no bias), batch norm, ReLU; 'same' padding for odd ``k``."""
    return nn.Sequential(
        nn.Conv2d(cin, cout, k, stride, k // 2, groups=groups, bias=False), nn.BatchNorm2d(cout), nn.ReLU()
    )


def dw_sep(cin: int, cout: int, stride: int = 1) -> nn.Sequential:
    """A depthwise-separable block: 3x3 per channel, then 1x1 across channels."""
    return nn.Sequential(conv_bn(cin, cin, stride, groups=cin), conv_bn(cin, cout, k=1))
