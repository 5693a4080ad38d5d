"""Layer blocks and the ONNX export shared by Kostka's training scripts (training only: torch is
never a runtime need).

Only layers that OpenCV's dnn importer reads on 4.11 as well as 5.0 once exported to ONNX opset 11
with BatchNorm folded: Conv, BatchNorm, ReLU (see docs/networks.md).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from pathlib import Path

import cv2
import numpy as np
import torch
from torch import nn


def conv_bn(cin: int, cout: int, stride: int = 1, groups: int = 1, k: int = 3) -> nn.Sequential:
    """Convolution (no bias), batch norm, ReLU; 'same' padding for odd ``k``."""
    return nn.Sequential(
        nn.Conv2d(cin, cout, k, stride, k // 2, groups=groups, bias=False), nn.BatchNorm2d(cout), nn.ReLU()
    )


def dw_sep(cin: int, cout: int, stride: int = 1) -> nn.Sequential:
    """A depthwise-separable block: 3x3 per channel, then 1x1 across channels."""
    return nn.Sequential(conv_bn(cin, cin, stride, groups=cin), conv_bn(cin, cout, k=1))


def classifier(
    widths: tuple[int, int, int, int, int, int], classes: int, light: bool = False
) -> nn.Sequential:
    """A small crop classifier: two convolutions each followed by halving, two more, halving,
    two more, global average, dropout, a linear layer to ``classes`` logits (the face
    classifiers of pip and colour mode; their ``body``). ``light``: the second of each later pair
    (the costliest two) depthwise-separable, about half the multiply-adds on a 64x64 crop."""
    a, b, c, d, e, f = widths
    second = dw_sep if light else conv_bn
    return nn.Sequential(
        conv_bn(3, a),
        nn.MaxPool2d(2),
        conv_bn(a, b),
        nn.MaxPool2d(2),
        conv_bn(b, c),
        second(c, d),
        nn.MaxPool2d(2),
        conv_bn(d, e),
        second(e, f),
        nn.AdaptiveAvgPool2d(1),
        nn.Flatten(),
        nn.Dropout(0.1),
        nn.Linear(f, classes),
    )


def started(threads: int, seed: int) -> random.Random:
    """A training run's set-up: torch on ``threads`` threads, OpenCV on one, torch's and numpy's
    generators seeded with ``seed``; the script's own generator, seeded alike."""
    torch.set_num_threads(threads)
    cv2.setNumThreads(1)
    np.random.seed(seed)
    torch.manual_seed(seed)
    return random.Random(seed)


def one_cycle(
    params: Iterable[nn.Parameter], lr: float, steps: int, warmup: float
) -> tuple[torch.optim.AdamW, torch.optim.lr_scheduler.OneCycleLR]:
    """The training scripts' optimiser (AdamW, weight decay 1e-4) and its one-cycle schedule to
    ``lr``, rising over the first ``warmup`` share of ``steps``."""
    opt = torch.optim.AdamW(params, lr=lr, weight_decay=1e-4)
    return opt, torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=lr, total_steps=steps, pct_start=warmup)


def write_onnx(
    net: nn.Module,
    dummy: torch.Tensor,
    out: str,
    names: tuple[str, str],
    dynamic_axes: dict[str, dict[int, str]] | None = None,
) -> None:
    """Export ``net`` (in eval mode) to ONNX opset 11 at ``out``, its state dict beside it as
    ``.pt``, then put it back in training mode. ``names``: the input's and the output's."""
    net.eval()
    torch.onnx.export(
        net,
        dummy,
        out,
        input_names=[names[0]],
        output_names=[names[1]],
        opset_version=11,
        dynamic_axes=dynamic_axes,
        dynamo=False,
    )
    torch.save(net.state_dict(), str(Path(out).with_suffix(".pt")))
    net.train()
    print(f"wrote {out}", flush=True)
