"""Give colour mode's dice network a finer heat map: a stride-4 heat head over the shipped network.

    .venv/bin/python -m tools.train_colour_fine --steps 3000 --out /tmp/colour-fine/colour_net.onnx
    .venv/bin/python -m tools.train_colour_fine --export /tmp/colour-fine/colour_net.pt \
        --out /tmp/colour-fine/shipped/colour_net.onnx

At stride 8 two touching dice of the renderer's hardest frames (top faces 2-3 cells across, their
centres 1.5-2 cells apart) fall under one heat peak and the second is missed. This script reads
the shipped ``vision/data/colour_net.onnx`` (BatchNorm folded) into torch, keeps all of it frozen,
and trains only a small branch: the joined stride-8 maps, reduced and upsampled, beside the
stride-4 features, to a heat logit per 4x4 cell. The exported network gives the frozen network's
maps unchanged (``vision.colours.net``: heat, classes, cocked, size at stride 8), then the fine heat
as ``FINE_CELLS`` more channels: the logits of each stride-8 cell's 2x2 stride-4 cells, row by row
(a fixed 2x2 convolution of stride 2 moves them there, so that one output holds both). Same layers
as the shipped one (Conv, ReLU, Resize, Concat; opset 11, fixed input). ``--export`` writes such a
network from the branch of a state dict this script saved (``.pt`` beside each ``.onnx`` it writes)
without training.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import cv2
import numpy as np
import onnx
import torch
from onnx import numpy_helper
from torch import nn

from measure.labels import load_set
from tools.net_blocks import conv_bn, dw_sep, one_cycle, started, write_onnx
from tools.train_colour_net import focal_heat, make_crops, make_frame
from tools.train_dice_net import DATA, split_names
from vision.colours.net import FINE_CELLS, INPUT

ROOT = Path(__file__).resolve().parent.parent

REAL_SET = "byler-mixed-tray"
"""Real photos whose dice are as big in the network's input as the renderer's (16-21 pixels): each
die one heat peak. Only the even-numbered images (the odd ones measure)."""
TOP_OF_BOX = 0.8
"""A labelled box holds the whole die; its top face is about this share of it across."""

FINE = 4
"""The new heat map's stride."""
SCENES = 2_000_000
"""Renderer scenes from ``SCENES`` + seed * 1e6 (never the bench's or the tuning seeds)."""


class Folded(nn.Module):
    """The shipped colour network as exported (convolutions with BatchNorm folded in), frozen."""

    def __init__(self, path: str) -> None:
        super().__init__()
        model = onnx.load(path)
        weights = {i.name: torch.from_numpy(numpy_helper.to_array(i).copy()) for i in model.graph.initializer}
        convs = []
        for node in model.graph.node:  # of a file this script wrote, not its branch nor the fixed cells
            if node.op_type != "Conv" or node.input[1] not in weights or node.name.startswith("/fine/"):
                continue
            attrs = {a.name: onnx.helper.get_attribute_value(a) for a in node.attribute}
            w, b = weights[node.input[1]], weights[node.input[2]]
            conv = nn.Conv2d(
                w.shape[1] * attrs["group"], w.shape[0], w.shape[2], attrs["strides"][0], attrs["pads"][0],
                groups=attrs["group"],
            )  # fmt: skip
            conv.weight.data, conv.bias.data = w, b
            convs.append(conv)
        # the order of tools/train_colour_net.py's ColourNet: s4 (5), s8 (6), s16 (6), join, m8 (4), head
        self.convs = nn.ModuleList(convs)
        for p in self.parameters():
            p.requires_grad_(False)
        self.head = convs[-1]
        self.up = nn.Upsample(scale_factor=2, mode="nearest")

    def run(self, x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        """The stride-4 features and the joined stride-8 maps (the head's input)."""
        relu = torch.relu
        c = self.convs
        for k in range(5):
            x = relu(c[k](x))
        f4 = x
        for k in range(5, 11):
            x = relu(c[k](x))
        f8 = x
        for k in range(11, 17):
            x = relu(c[k](x))
        x = relu(c[17](torch.cat([f8, self.up(x)], 1)))
        for k in range(18, 22):
            x = relu(c[k](x))
        return f4, x


class Fine(nn.Module):
    """The stride-4 heat branch."""

    def __init__(self, joined: int = 80, features: int = 32) -> None:
        super().__init__()
        self.reduce = conv_bn(joined, 16, k=1)
        self.up = nn.Upsample(scale_factor=2, mode="nearest")
        self.mix = conv_bn(features + 16, 24, k=1)
        self.refine = dw_sep(24, 24)
        self.heat = nn.Conv2d(24, 1, 1)
        nn.init.constant_(self.heat.bias, -2.19)  # a prior of 0.1 (CenterNet)

    def forward(self, f4: torch.Tensor, joined: torch.Tensor) -> torch.Tensor:
        return self.heat(self.refine(self.mix(torch.cat([f4, self.up(self.reduce(joined))], 1))))


class FineNet(nn.Module):
    """What is exported: the frozen network's maps, then the fine heat moved into its cells."""

    def __init__(self, folded: Folded, fine: Fine) -> None:
        super().__init__()
        self.folded, self.fine = folded, fine
        cells = torch.zeros(FINE_CELLS, 1, 2, 2)
        for k in range(FINE_CELLS):
            cells[k, 0, k // 2, k % 2] = 1.0  # channel k: the stride-4 cell (row k // 2, column k % 2)
        self.register_buffer("cells", cells, persistent=False)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        f4, joined = self.folded.run(x)
        fine = nn.functional.conv2d(self.fine(f4, joined), self.cells, stride=2)
        return torch.cat([self.folded.head(joined), fine], 1)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--base", default=str(ROOT / "vision" / "data" / "colour_net.onnx"))
    parser.add_argument("--steps", type=int, default=3000)
    parser.add_argument("--batch", type=int, default=24)
    parser.add_argument("--crops", type=int, default=4)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--seed", type=int, default=51, help="first scene is SCENES + seed * 1e6")
    parser.add_argument("--lr", type=float, default=3e-3)
    parser.add_argument("--touching", type=float, default=0.8)
    parser.add_argument("--side-weight", type=float, default=2.0)
    parser.add_argument("--real", type=float, default=0.0, help=f"share of crops from {REAL_SET}'s photos")
    parser.add_argument("--export", metavar="PT", help="write --out from this saved state dict, no training")
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    rng = started(args.threads, args.seed)
    folded = Folded(args.base)
    fine = Fine()
    net = FineNet(folded, fine)

    def save() -> None:
        write_onnx(net, torch.zeros(1, 3, INPUT[1], INPUT[0]), args.out, ("image", "maps"))

    if args.export:  # the branch's weights; the frozen network is --base's
        saved = torch.load(args.export)
        fine.load_state_dict({k.removeprefix("fine."): v for k, v in saved.items() if k.startswith("fine.")})
        save()
        return 0
    opt, sched = one_cycle(fine.parameters(), args.lr, args.steps, 0.05)
    scene = SCENES + args.seed * 1_000_000
    pool: list[tuple[np.ndarray, np.ndarray]] = []
    real = real_frames() if args.real > 0 else []
    start = time.time()
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    for step in range(args.steps):
        while len(pool) < 4 * args.batch:
            frame, faces = make_frame(scene, args.touching)
            scene += 1
            pool += make_crops(frame, faces, rng, args.crops, stride=FINE, least=1.0)
            for _ in range(round(args.crops * args.real / (1 - args.real))):
                pool += make_crops(*real[rng.randrange(len(real))], rng, 1, stride=FINE, least=1.0)
        rng.shuffle(pool)
        batch, pool = pool[: args.batch], pool[args.batch :]
        x = torch.from_numpy(np.stack([b[0] for b in batch]).astype(np.float32))
        y = torch.from_numpy(np.stack([b[1] for b in batch]))
        with torch.no_grad():
            f4, joined = folded.run(x)
        loss = focal_heat(fine(f4, joined)[:, 0], y[:, 0], y[:, 6], args.side_weight)  # heat, on a die
        opt.zero_grad()
        loss.backward()
        opt.step()
        sched.step()
        if step % 50 == 0 or step == args.steps - 1:
            seconds = time.time() - start
            print(f"step {step} heat {loss.item():.3f} scenes {scene - SCENES} ({seconds:.0f} s)", flush=True)
        if step % 250 == 249 or step == args.steps - 1:
            save()  # in eval mode, then back to training (write_onnx)
    return 0


def real_frames() -> list[tuple[np.ndarray, list]]:  # type: ignore[type-arg]
    """``REAL_SET``'s even-numbered photos resized to the network's input, with their dice as
    ``make_frame`` gives faces (x, y, top side, class, cocked, outline; class and cocked unused)."""
    labelled = load_set(DATA / REAL_SET)
    out = []
    for name in split_names(list(labelled.labels), "even"):
        image = cv2.imread(str(labelled.path(name)), cv2.IMREAD_COLOR)
        small = cv2.resize(image, INPUT, interpolation=cv2.INTER_AREA)
        faces = []
        for r in labelled.labels[name]:
            x, y, w, h = r.cx * INPUT[0], r.cy * INPUT[1], r.w * INPUT[0], r.h * INPUT[1]
            box = (x, y) + np.array([(-w, -h), (w, -h), (w, h), (-w, h)]) / 2  # its corners
            faces.append((x, y, TOP_OF_BOX * max(w, h), 0, False, box))
        out.append((np.ascontiguousarray(small), faces))
    print(f"{REAL_SET}: {len(out)} even photos", flush=True)
    return out


if __name__ == "__main__":
    sys.exit(main())
