"""Train the small dice network (vision/data/dice_net.onnx) from the labelled dice photos.

    .venv/bin/pip install torch==2.13.0      # training only; never a runtime dependency
    .venv/bin/python -m tools.train_dice_net --split even --out /tmp/dice_net_even.onnx
    .venv/bin/python -m tools.train_dice_net --split all   # the shipped model

The network is a CenterNet-style fully convolutional detector at output stride 8: a heat map
of die centres, a face class per cell (1-6 and "cocked") and the die size. Its geometry and
the decoding live in vision/pips/dice_net.py; this script must build the same output layout.
``--split even`` trains on the even-numbered images of each set (sorted by name), so that
the odd-numbered ones measure generalisation (``kostka eval --every 2 --offset 1``).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import cv2
import numpy as np
import torch
from torch import nn

from measure.labels import load_set
from tools.net_blocks import conv_bn, dw_sep, one_cycle, started, write_onnx
from vision.pips.dice_net import CLASSES, STRIDE

ROOT = Path(__file__).resolve().parent.parent

SETS = ["byler-mixed-tray", "matteo-white-on-wood", "gissur-red-in-box"]
DATA = ROOT.parent / "shared" / "data" / "dice-photos"
CACHE_DIE = 64.0  # dice are cached at about this size, then rescaled per sample
CROP = 256
PIP_BOX_TO_DIE = 1.8  # matteo labels box the pips only: a 4/5/6 pip box is about 1/1.8 of the die


class DiceNet(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.s4 = nn.Sequential(conv_bn(3, 16, 2), dw_sep(16, 32, 2), dw_sep(32, 32))
        self.s8 = nn.Sequential(dw_sep(32, 48, 2), dw_sep(48, 48), dw_sep(48, 48))
        self.s16 = nn.Sequential(dw_sep(48, 80, 2), dw_sep(80, 80), dw_sep(80, 80))
        self.s32 = nn.Sequential(dw_sep(80, 128, 2), dw_sep(128, 128), dw_sep(128, 128))
        self.l32 = conv_bn(128, 64, k=1)
        self.l16 = conv_bn(80, 64, k=1)
        self.l8 = conv_bn(48, 64, k=1)
        self.m16 = dw_sep(64, 64)
        self.m8 = nn.Sequential(dw_sep(64, 64), dw_sep(64, 64))
        self.up = nn.Upsample(scale_factor=2, mode="nearest")
        self.head = nn.Conv2d(64, 1 + len(CLASSES) + 1, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        f8 = self.s8(self.s4(x))
        f16 = self.s16(f8)
        f32 = self.s32(f16)
        m16 = self.m16(self.up(self.l32(f32)) + self.l16(f16))
        m8 = self.m8(self.up(m16) + self.l8(f8))
        return self.head(m8)


def die_size_px(rows: list, width: int, height: int, set_name: str) -> float:
    if set_name.startswith("matteo"):
        big = [max(r.w * width, r.h * height) for r in rows if r.value >= 4]
        return PIP_BOX_TO_DIE * statistics.median(big) if big else 83.0
    return statistics.median(max(r.w * width, r.h * height) for r in rows)


SPLITS = {
    "all": (slice(None),),
    "even": (slice(0, None, 2),),
    "half-even": (slice(0, None, 4),),
    "three-quarters": (slice(0, None, 2), slice(1, None, 4)),
}
"""The images of each set (sorted by name) a run trains on, the union of these slices: all, the
even-numbered ones (the odd ones measure generalisation), every other even one (a point of a
learning curve, with the same odd ones held out), or the even ones and odd 1::4 (another point,
odd 3::4 held out)."""


def split_names(names: list[str], split: str) -> list[str]:
    """The names (sorted) that ``SPLITS[split]`` takes.

    >>> split_names([f"{i:02}" for i in range(8)], "three-quarters")
    ['00', '01', '02', '04', '05', '06']
    """
    ordered = sorted(names)
    chosen = {name for part in SPLITS[split] for name in ordered[part]}
    return [name for name in ordered if name in chosen]


def load_images(
    split: str, cache_die: float = CACHE_DIE, change: Callable[[np.ndarray], np.ndarray] | None = None
) -> list[tuple[np.ndarray, np.ndarray, float, bool]]:
    """(image scaled so a die is ``cache_die`` px, dice rows [cx, cy, size, value] in its pixels,
    die px in the photo, has size) of the images ``SPLITS[split]`` of each set; with ``change``
    (one that keeps where things lie, or halves the photo), each photo changed so before scaling."""
    out = []
    for set_name in SETS:
        labelled = load_set(DATA / set_name)
        names = split_names(list(labelled.labels), split)
        for name in names:
            image = cv2.imread(str(labelled.path(name)), cv2.IMREAD_COLOR)
            height, width = image.shape[:2]
            rows = labelled.labels[name]
            die = die_size_px(rows, width, height, set_name)
            scale = cache_die / die
            if change is None:
                small = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
            else:  # as big as the photo as taken would be (OpenCV rounds fx, fy sizes so), so the labels hold
                scaled = (round(width * scale), round(height * scale))
                small = cv2.resize(change(image), scaled, interpolation=cv2.INTER_AREA)
            dice = []
            for r in rows:
                size = max(r.w * width, r.h * height) if not set_name.startswith("matteo") else die
                dice.append([r.cx * width * scale, r.cy * height * scale, size * scale, r.value])
            # matteo boxes only the pips: its die size is known only from a 4, 5 or 6 in the photo
            sized = not set_name.startswith("matteo") or any(r.value >= 4 for r in rows)
            out.append((small, np.array(dice, np.float32), die, sized))
        print(f"{set_name}: {len(names)} images", flush=True)
    return out


def augment_colour(crop: np.ndarray, rng: random.Random) -> np.ndarray:
    img = crop.astype(np.float32)
    if rng.random() < 0.5:
        img = img[:, :, rng.sample([0, 1, 2], 3)]
    if rng.random() < 0.15:
        img = np.repeat(img.mean(axis=2, keepdims=True), 3, axis=2)
    gain = np.array([rng.uniform(0.8, 1.2) for _ in range(3)], np.float32)
    img = img * gain * rng.uniform(0.6, 1.4) + rng.uniform(-30, 30)
    img = np.clip(img, 0, 255)
    gamma = rng.uniform(0.7, 1.4)
    img = 255.0 * (img / 255.0) ** gamma
    if rng.random() < 0.3:
        k = rng.choice([3, 5])
        img = cv2.GaussianBlur(img, (k, k), 0)
    if rng.random() < 0.3:
        img = img + np.random.normal(0, rng.uniform(2, 8), img.shape).astype(np.float32)
    return np.clip(img, 0, 255)


def placement(cx: float, cy: float, angle: float, scale: float, side: int, mirror: bool) -> np.ndarray:
    """The affine map that turns the image by ``angle`` degrees and scales it by ``scale`` about
    (cx, cy), puts that point at the centre of a ``side`` x ``side`` crop, and may mirror it."""
    m = cv2.getRotationMatrix2D((float(cx), float(cy)), angle, scale)
    m[0, 2] += side / 2 - cx
    m[1, 2] += side / 2 - cy
    if mirror:
        m[0] = -m[0]
        m[0, 2] += side
    return m


def make_sample(
    item, rng: random.Random, crop_side: int = CROP, smallest: float = 16.0
) -> tuple[np.ndarray, np.ndarray]:
    image, dice, _die, has_size = item
    CROP = crop_side
    target_die = math.exp(rng.uniform(math.log(smallest), math.log(100)))
    scale = target_die / CACHE_DIE
    angle = rng.uniform(0, 360) if rng.random() < 0.5 else rng.choice([0, 90, 180, 270])
    # choose a crop centre near a die most of the time
    if rng.random() < 0.8 and len(dice):
        cx, cy = dice[rng.randrange(len(dice))][:2]
        cx += rng.uniform(-1, 1) * CROP * 0.4 / scale
        cy += rng.uniform(-1, 1) * CROP * 0.4 / scale
    else:
        cx, cy = rng.uniform(0, image.shape[1]), rng.uniform(0, image.shape[0])
    m = placement(cx, cy, angle, scale, CROP, mirror=rng.random() < 0.5)
    border = cv2.BORDER_REFLECT101 if rng.random() < 0.5 else cv2.BORDER_CONSTANT
    fill = tuple(float(rng.uniform(0, 255)) for _ in range(3))
    crop = cv2.warpAffine(image, m, (CROP, CROP), flags=cv2.INTER_LINEAR, borderMode=border, borderValue=fill)
    crop = augment_colour(crop, rng)
    out = CROP // STRIDE
    target = np.zeros((4 + 1, out, out), np.float32)  # heat, class, logsize, class weight, size weight
    target[1] = -1
    ys, xs = np.mgrid[0:out, 0:out].astype(np.float32)
    xs = (xs + 0.5) * STRIDE
    ys = (ys + 0.5) * STRIDE
    for cx0, cy0, size0, value in dice:
        px, py = m @ np.array([cx0, cy0, 1.0])
        size = size0 * scale
        if not (-size < px < CROP + size and -size < py < CROP + size):
            continue
        sigma = max(size / 6.0, 2.0)
        g = np.exp(-((xs - px) ** 2 + (ys - py) ** 2) / (2 * sigma**2))
        target[0] = np.maximum(target[0], g)
        near = g > 0.5
        cls = CLASSES.index(int(value))
        target[1][near] = cls
        target[3][near] = np.maximum(target[3][near], g[near])
        if has_size:
            target[2][near] = math.log(size / 48.0)
            target[4][near] = g[near]
    # exact peaks: the cell nearest each centre gets heat 1
    for cx0, cy0, _s, _v in dice:
        px, py = m @ np.array([cx0, cy0, 1.0])
        ix, iy = int(px // STRIDE), int(py // STRIDE)
        if 0 <= ix < out and 0 <= iy < out:
            target[0, iy, ix] = 1.0
    return crop.transpose(2, 0, 1) / 255.0, target


def losses(pred: torch.Tensor, target: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    heat = torch.sigmoid(pred[:, 0]).clamp(1e-4, 1 - 1e-4)
    gt = target[:, 0]
    pos = (gt == 1).float()
    neg = 1 - pos
    pos_loss = -(torch.log(heat) * (1 - heat) ** 2 * pos).sum()
    neg_loss = -(torch.log(1 - heat) * heat**2 * (1 - gt) ** 4 * neg).sum()
    n = pos.sum().clamp(min=1)
    heat_loss = (pos_loss + neg_loss) / n
    cls_target = target[:, 1].long()
    cls_w = target[:, 3]
    ce = nn.functional.cross_entropy(pred[:, 1 : 1 + len(CLASSES)], cls_target.clamp(min=0), reduction="none")
    cls_loss = (ce * cls_w).sum() / cls_w.sum().clamp(min=1)
    size_w = target[:, 4]
    size_loss = ((pred[:, -1] - target[:, 2]).abs() * size_w).sum() / size_w.sum().clamp(min=1)
    return heat_loss, cls_loss, size_loss


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--split", choices=list(SPLITS), default="all")
    parser.add_argument("--steps", type=int, default=3000)
    parser.add_argument("--batch", type=int, default=24)
    parser.add_argument("--crop", type=int, default=CROP, help="side of the training crops, pixels")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--out", default=str(ROOT / "vision" / "data" / "dice_net.onnx"))
    parser.add_argument("--resume", help="start from this state dict (.pt) instead of from scratch")
    parser.add_argument("--lr", type=float, default=3e-3, help="peak learning rate")
    parser.add_argument(
        "--smallest", type=float, default=16.0, help="side of the smallest training die, pixels (16-100)"
    )
    args = parser.parse_args()
    rng = started(args.threads, args.seed)
    items = load_images(args.split)
    net = DiceNet()
    if args.resume:
        net.load_state_dict(torch.load(args.resume))
    opt, sched = one_cycle(net.parameters(), args.lr, args.steps, 0.1)
    start = time.time()
    for step in range(args.steps):
        batch = [
            make_sample(items[rng.randrange(len(items))], rng, args.crop, args.smallest)
            for _ in range(args.batch)
        ]
        x = torch.from_numpy(np.stack([b[0] for b in batch]).astype(np.float32))
        y = torch.from_numpy(np.stack([b[1] for b in batch]))
        heat_loss, cls_loss, size_loss = losses(net(x), y)
        loss = heat_loss + cls_loss + size_loss
        opt.zero_grad()
        loss.backward()
        opt.step()
        sched.step()
        if step % 50 == 0 or step == args.steps - 1:
            print(
                f"step {step} heat {heat_loss.item():.3f} class {cls_loss.item():.3f} "
                f"size {size_loss.item():.3f} ({time.time() - start:.0f} s)",
                flush=True,
            )
        if step % 500 == 499 or step == args.steps - 1:
            export(net, args.out)
    return 0


def export(net: DiceNet, out: str) -> None:
    """Write the ONNX file (and the state dict beside it as ``.pt``).

    The input shape is exported fixed (1x3x256x256), with no ``dynamic_axes``: OpenCV 4.11
    (Raspberry Pi OS Bookworm) infers shapes when it loads a model and fails on the ``Add``
    after the second upsampling when height and width are symbolic. With a fixed declared
    shape it loads, and ``cv2.dnn`` still runs the net on any batch and any size that is a
    multiple of 32 (tests/test_models_compat.py checks both OpenCV versions).
    """
    write_onnx(net, torch.zeros(1, 3, 256, 256), out, ("image", "maps"))


if __name__ == "__main__":
    sys.exit(main())
