"""Train colour mode's dice network (vision/data/colour_net.onnx) on the synthetic renderer only.

    .venv/bin/python -m tools.train_colour_net --steps 4000 --out /tmp/colour-train/colour_net.onnx

The network is a CenterNet-style fully convolutional detector at output stride 8 (the layout
``vision.colours.net`` decodes): per 8x8 cell a heat logit that a die's TOP FACE is centred
there, logits for what that face shows (``vision.colours.net.CLASSES``: the five Stonoga
colours, the star, ``other`` for a colour that is not Stonoga's), a logit of its own that the
die is cocked (leaning on a wall or a die: its top face still shows a colour, which is learnt
too) and log(top face side / ``SIZE_REF``). The truth comes from the renderer's own plan: the
top face's corners projected by its camera.

Training frames are drawn from scene seeds ``SEED_BASE`` + i (never the seeds
``bench/bench_colour.py`` measures: 0-199 and 10000-10029), from the hardest preset mostly, with
more touching, cocked and foreign dice than it has. Frames are made as the reader makes them: a
1280x960 frame halved and resized to 512 wide, or a frame drawn at 640 or 512 wide.
The model is exported with a FIXED input of ``vision.colours.net.INPUT`` (OpenCV 4.11's ONNX
importer fails on dynamic shapes and broadcasting adds): Conv (BatchNorm folded), ReLU,
Resize (nearest), Concat only, opset 11.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
import torch
from torch import nn

from measure.synth import DEFAULT, HARDEST, draw, plan_scene
from measure.synth.things import ColourDie
from tools.net_blocks import conv_bn, dw_sep, one_cycle, started, write_onnx
from vision.colours.net import CLASSES, INPUT, MAPS, SIZE_REF, STRIDE

ROOT = Path(__file__).resolve().parent.parent

SEED_BASE = 2_000_000
CROP = 128


WIDTHS = (48, 80, 64)
"""Channels of the stride-8 features, the stride-16 context and the joined stride-8 maps."""


class ColourNet(nn.Module):
    """Stride-8 features and stride-16 context joined by Concat (no Add: OpenCV 4.11)."""

    def __init__(self, widths: tuple[int, int, int] = WIDTHS) -> None:
        super().__init__()
        a, b, c = widths
        self.s4 = nn.Sequential(conv_bn(3, 16, 2), dw_sep(16, 32, 2), dw_sep(32, 32))
        self.s8 = nn.Sequential(dw_sep(32, a, 2), dw_sep(a, a), dw_sep(a, a))
        self.s16 = nn.Sequential(dw_sep(a, b, 2), dw_sep(b, b), dw_sep(b, b))
        self.up = nn.Upsample(scale_factor=2, mode="nearest")
        self.join = conv_bn(a + b, c, k=1)
        self.m8 = nn.Sequential(dw_sep(c, c), dw_sep(c, c))
        self.head = nn.Conv2d(c, MAPS, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        f8 = self.s8(self.s4(x))
        f16 = self.s16(f8)
        return self.head(self.m8(self.join(torch.cat([f8, self.up(f16)], 1))))


def top_faces(plan) -> list[tuple[float, float, float, int, bool, np.ndarray]]:  # type: ignore[no-untyped-def]
    """(x, y, side, class, cocked, outline) of every colour die's top face, in the plan's frame
    pixels; the outline is the whole die's (its sides too)."""
    out = []
    for thing in plan.things:
        if not isinstance(thing, ColourDie):
            continue
        cube = thing.cube
        top = cube.top_face()
        corners = plan.camera.project(cube.face_corners(top))[:, :2]
        x, y = corners.mean(axis=0)
        (ax, ay), (bx, by) = corners[2] - corners[0], corners[3] - corners[1]
        area = 0.5 * abs(float(ax * by - ay * bx))  # a quadrilateral: half its diagonals' cross product
        side = math.sqrt(max(area, 1.0))
        face = thing.faces[top]
        cls = CLASSES.index(face) if face in CLASSES else CLASSES.index("other")
        outline = cv2.convexHull(plan.camera.project(cube.vertices()).astype(np.float32))[:, 0]
        out.append((float(x), float(y), side, cls, cube.tilt_deg() > 5.0, outline))
    return out


TRAIN_HARD = replace(HARDEST, touching=0.45, cocked=0.12, foreign=0.08)
TRAIN_DEFAULT = replace(DEFAULT, touching=0.3, cocked=0.08, foreign=0.05)


def make_frame(
    seed: int, touching: float | None = None
) -> tuple[np.ndarray, list[tuple[float, float, float, int, bool, np.ndarray]]]:
    """A training frame at the network's scale (512 wide) and its top faces; ``touching``: each
    die's chance of being set against another (None: ``TRAIN_HARD``'s and ``TRAIN_DEFAULT``'s)."""
    rng = np.random.default_rng(seed)
    difficulty = TRAIN_HARD if rng.random() < 0.75 else TRAIN_DEFAULT
    if touching is not None:
        difficulty = replace(difficulty, touching=touching)
    way = rng.random()
    size = (1280, 960) if way < 0.2 else (640, 480) if way < 0.7 else (512, 384)
    plan = plan_scene(rng, difficulty, "colours", size=size)
    frame = draw(plan)
    faces = top_faces(plan)
    if size[0] == 1280:
        frame = cv2.pyrDown(frame)
    scale = INPUT[0] / size[0]
    if frame.shape[1] != INPUT[0]:
        frame = cv2.resize(frame, INPUT, interpolation=cv2.INTER_LINEAR)
    return np.ascontiguousarray(frame), [
        (x * scale, y * scale, s * scale, c, k, o * scale) for x, y, s, c, k, o in faces
    ]


def make_crops(  # type: ignore[no-untyped-def]
    frame, faces, rng: random.Random, n: int, zoom: float = 0.0, stride: int = STRIDE, least: float = 2.0
) -> list[tuple[np.ndarray, np.ndarray]]:
    """``n`` crops of a frame with their targets (``target``); each is, with chance ``zoom``, a crop
    half as wide enlarged twice (dice twice as big as the renderer's: a camera closer to the dice)."""
    crops = []
    for _ in range(n):  # each crop's draws in turn, as before the stride was a parameter
        crops.append(_crop(frame, faces, rng, 2 if zoom > 0 and rng.random() < zoom else 1, stride, least))
    return crops


def _crop(  # type: ignore[no-untyped-def]
    frame, faces, rng: random.Random, enlarge: int, stride: int, least: float
) -> tuple[np.ndarray, np.ndarray]:
    """A crop of ``CROP // enlarge`` pixels near a face (or anywhere), enlarged to ``CROP``; its target."""
    h, w = frame.shape[:2]
    side = CROP // enlarge
    if faces and rng.random() < 0.85:
        fx, fy = faces[rng.randrange(len(faces))][:2]
        jitter = 40 / enlarge
        cx, cy = fx + rng.uniform(-jitter, jitter), fy + rng.uniform(-jitter, jitter)
    else:
        cx, cy = rng.uniform(0, w), rng.uniform(0, h)
    x0 = int(min(max(0, cx - side / 2), w - side))
    y0 = int(min(max(0, cy - side / 2), h - side))
    crop = frame[y0 : y0 + side, x0 : x0 + side]
    if enlarge > 1:
        crop = cv2.resize(crop, (CROP, CROP), interpolation=cv2.INTER_LINEAR)
        faces = [
            ((x - x0) * enlarge, (y - y0) * enlarge, s * enlarge, c, z, (o - (x0, y0)) * enlarge)
            for x, y, s, c, z, o in faces
        ]
        x0 = y0 = 0
    flip = rng.random() < 0.5
    if flip:
        crop = crop[:, ::-1]
    return crop.transpose(2, 0, 1) / 255.0, target(faces, x0, y0, flip, stride, least)


def target(  # type: ignore[no-untyped-def]
    faces, x0: int, y0: int, flip: bool, stride: int = STRIDE, least: float = 2.0
) -> np.ndarray:
    """A crop's target maps, one cell per ``stride`` pixels: heat (a Gaussian of a quarter of the
    face's side, at least ``least`` pixels, 1 at the centre's cell), class, log size, class weight,
    size weight, cocked, on a die (its sides too)."""
    cells = CROP // stride
    t = np.zeros((7, cells, cells), np.float32)
    ys, xs = np.mgrid[0:cells, 0:cells].astype(np.float32)
    xs, ys = (xs + 0.5) * stride, (ys + 0.5) * stride
    for fx, fy, side, cls, cocked, outline in faces:
        px, py = fx - x0, fy - y0
        die = outline - (x0, y0)
        if flip:
            px, die[:, 0] = CROP - px, CROP - die[:, 0]
        t[6] = np.maximum(t[6], inside(die, xs, ys))
        if not (-side < px < CROP + side and -side < py < CROP + side):
            continue
        sigma = max(side / 4.0, least)
        g = np.exp(-((xs - px) ** 2 + (ys - py) ** 2) / (2 * sigma**2))
        t[0] = np.maximum(t[0], g)
        near = g > 0.4
        t[1][near & (g >= t[3])] = cls
        t[5][near & (g >= t[3])] = float(cocked)
        t[3][near] = np.maximum(t[3][near], g[near])
        t[2][near] = math.log(side / SIZE_REF)
        t[4][near] = g[near]
        ix, iy = int(px // stride), int(py // stride)
        if 0 <= ix < cells and 0 <= iy < cells:
            t[0, iy, ix] = 1.0
    return t


def inside(outline: np.ndarray, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    """1 where the point (xs, ys) lies inside the convex ``outline``, else 0."""
    side = [
        (bx - ax) * (ys - ay) - (by - ay) * (xs - ax)
        for (ax, ay), (bx, by) in zip(outline, np.roll(outline, -1, axis=0), strict=True)
    ]
    return ((np.min(side, axis=0) >= 0) | (np.max(side, axis=0) <= 0)).astype(np.float32)


def losses(
    pred: torch.Tensor, t: torch.Tensor, cocked_weight: float = 1.0, side_weight: float = 0.0
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """Focal heat loss (heat on a die away from its top face, on its sides, weighs 1 +
    ``side_weight``); class and cocked losses near each face (cocked's errors on cocked dice
    weigh ``cocked_weight``); size loss."""
    heat_loss = focal_heat(pred[:, 0], t[:, 0], t[:, 6], side_weight)
    ce = nn.functional.cross_entropy(pred[:, 1 : 1 + len(CLASSES)], t[:, 1].long(), reduction="none")
    bce = nn.functional.binary_cross_entropy_with_logits(
        pred[:, 1 + len(CLASSES)], t[:, 5], pos_weight=torch.tensor(cocked_weight), reduction="none"
    )
    cls_loss = ((ce + bce) * t[:, 3]).sum() / t[:, 3].sum().clamp(min=1)
    size_loss = ((pred[:, -1] - t[:, 2]).abs() * t[:, 4]).sum() / t[:, 4].sum().clamp(min=1)
    return heat_loss, cls_loss, size_loss


def focal_heat(
    logit: torch.Tensor, gt: torch.Tensor, on_die: torch.Tensor, side_weight: float
) -> torch.Tensor:
    """CenterNet's focal loss of a heat map (logits) against its Gaussian target ``gt`` (1 at each
    centre); heat where ``on_die`` (a die's sides too) but away from a centre weighs 1 + ``side_weight``."""
    heat = torch.sigmoid(logit).clamp(1e-4, 1 - 1e-4)
    pos = (gt == 1).float()
    pos_loss = -(torch.log(heat) * (1 - heat) ** 2 * pos).sum()
    neg_loss = -(torch.log(1 - heat) * heat**2 * (1 - gt) ** 4 * (1 - pos) * (1 + side_weight * on_die)).sum()
    return (pos_loss + neg_loss) / pos.sum().clamp(min=1)


def widened(net: ColourNet, narrow: dict[str, torch.Tensor]) -> dict[str, torch.Tensor]:
    """``net``'s state with a narrower network's weights in its first channels: the channels
    it adds keep ``net``'s random weights and what they feed into the old channels starts
    from zero, so the wider network starts out computing what the narrow one did."""
    state = net.state_dict()
    a, old_a = net.s8[0][1][0].out_channels, narrow["s8.0.1.0.weight"].shape[0]
    for name, wide in state.items():
        old = narrow[name]
        if name == "join.0.weight":  # its inputs: the stride-8 features, then the context
            wide[: old.shape[0]] = 0
            wide[: old.shape[0], :old_a] = old[:, :old_a]
            wide[: old.shape[0], a : a + old.shape[1] - old_a] = old[:, old_a:]
            continue
        if wide.dim() > 1 and wide.shape[1] > old.shape[1]:
            wide[: old.shape[0], old.shape[1] :] = 0
        wide[tuple(slice(0, n) for n in old.shape)] = old
    return state


def export(net: ColourNet, out: str) -> None:
    write_onnx(net, torch.zeros(1, 3, INPUT[1], INPUT[0]), out, ("image", "maps"))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--steps", type=int, default=4000)
    parser.add_argument("--batch", type=int, default=24)
    parser.add_argument("--crops", type=int, default=4, help="crops taken from each rendered frame")
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0, help="first scene is SEED_BASE + seed * 1e6")
    parser.add_argument("--lr", type=float, default=3e-3)
    parser.add_argument("--resume", help="start from this state dict (.pt)")
    parser.add_argument("--cocked-weight", type=float, default=1.0, help="weight of missing a cocked die")
    parser.add_argument(
        "--side-weight", type=float, default=0.0, help="extra weight of heat on a die's sides"
    )
    parser.add_argument("--touching", type=float, help="chance of a die touching another (else 0.45 / 0.3)")
    parser.add_argument("--zoom", type=float, default=0.0, help="share of crops enlarged twice (bigger dice)")
    parser.add_argument(
        "--widths",
        type=lambda t: tuple(int(w) for w in t.split(",")),
        default=WIDTHS,
        help="channels: stride-8 features, context, joined maps (a resumed narrower net is widened)",
    )
    parser.add_argument("--out", default=str(ROOT / "vision" / "data" / "colour_net.onnx"))
    args = parser.parse_args()
    rng = started(args.threads, args.seed)
    net = ColourNet(args.widths)
    if args.resume:
        net.load_state_dict(widened(net, torch.load(args.resume)))
    opt, sched = one_cycle(net.parameters(), args.lr, args.steps, 0.05)
    scene = SEED_BASE + args.seed * 1_000_000
    pool: list[tuple[np.ndarray, np.ndarray]] = []
    start = time.time()
    for step in range(args.steps):
        while len(pool) < 4 * args.batch:
            frame, faces = make_frame(scene, args.touching)
            scene += 1
            pool += make_crops(frame, faces, rng, args.crops, args.zoom)
        rng.shuffle(pool)
        batch, pool = pool[: args.batch], pool[args.batch :]
        x = torch.from_numpy(np.stack([b[0] for b in batch]).astype(np.float32))
        y = torch.from_numpy(np.stack([b[1] for b in batch]))
        heat_loss, cls_loss, size_loss = losses(net(x), y, args.cocked_weight, args.side_weight)
        loss = heat_loss + cls_loss + size_loss
        opt.zero_grad()
        loss.backward()
        opt.step()
        sched.step()
        if step % 50 == 0 or step == args.steps - 1:
            print(
                f"step {step} heat {heat_loss.item():.3f} class {cls_loss.item():.3f} "
                f"size {size_loss.item():.3f} scenes {scene - SEED_BASE} ({time.time() - start:.0f} s)",
                flush=True,
            )
        if step % 250 == 249 or step == args.steps - 1:
            export(net, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
