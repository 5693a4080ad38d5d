"""Train the face classifier (vision/data/face_net.onnx) on crops of the labelled dice photos.

    .venv/bin/python -m tools.train_face_net --split even --out /tmp/face_net_even.onnx
    .venv/bin/python -m tools.train_face_net --split all   # every photo (none left to measure it)

Input: a FACE_CROP x FACE_CROP BGR crop with the die centred and its side FACE_DIE pixels
(layout in vision/pips/face_net.py). Output: logits for faces 1-6, "cocked" and "no die here".
Dice are cut from the photos at a random angle, scale, shift and colour (channels swapped,
light and contrast changed, blurred, noised; with --motion also smeared along a line; with --glare given
a lamp's shine; with --consistency each batch is also shown turned by 90-270 degrees and asked to agree
with itself; with --teacher it also learns a trained classifier's classes for the same crops, and --light
makes its body cheaper; --swa then goes on at a constant rate and averages the weights; with --changed a
share of the samples comes from the photos changed as `measure/changes.py` changes them); "no die" crops
come from the table and from points between and beside dice.
``--split even`` trains on the even-numbered images of each set (sorted by name), keeping the odd ones to
measure generalisation; ``--split half-even`` on every other even one, ``--split three-quarters`` on the
even ones and odd 1::4 (learning-curve points; ``SPLITS`` in train_dice_net.py).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

import cv2
import numpy as np
import torch
from torch import nn

from measure.changes import CHANGES
from tools.net_blocks import classifier, one_cycle, started, write_onnx
from tools.train_dice_net import SPLITS, augment_colour, load_images, placement
from vision.pips.face_net import FACE_CLASSES, FACE_CROP, FACE_DIE

ROOT = Path(__file__).resolve().parent.parent

CACHE_DIE = 64.0
LAYOUT = {"crop": FACE_CROP, "die": FACE_DIE}  # crop side and die side in it, pixels


class FaceNet(nn.Module):
    def __init__(self, light: bool = False) -> None:
        super().__init__()
        self.body = classifier((16, 32, 64, 64, 96, 128), len(FACE_CLASSES), light)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.body(x)


class Ensemble(nn.Module):
    """Several face nets on the same crops; their logits side by side, (n, members x classes):
    the reader counts each member as one more view of the die (vision/pips/face_net.py)."""

    def __init__(self, members: list[FaceNet]) -> None:
        super().__init__()
        self.members = nn.ModuleList(members)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.cat([m(x) for m in self.members], dim=1)


def load(split: str, change: str | None = None) -> list[tuple[np.ndarray, np.ndarray]]:
    """Per image: the image at CACHE_DIE scale and its dice [cx, cy, size, value]; with ``change``,
    the photo changed so first (``measure/changes.py``)."""
    how = None if change is None else CHANGES[change]
    return [(small, dice) for small, dice, _die, _sized in load_images(split, CACHE_DIE, how)]


CHANGED = ("dark-75", "dark-60", "warm", "blur", "defocus", "jpeg-40", "half-size", "noise", "motion")
"""The photo changes ``--changed`` samples are cut under: those of ``measure/changes.py`` that
leave every die where it lay (or halve the photo). The camera turned, higher, nearer or at a slant
moves the dice: the crops' own turns, scales and ``--stretch`` stand for those."""


def load_synth(frames: int, seed: int = 3_000_000) -> list[tuple[np.ndarray, np.ndarray]]:
    """Frames of pip dice from the renderer (measure/synth/frames.py, scene seeds ``seed`` and up, never
    those the tests and benchmarks use) in the format of ``load``: cocked dice are class 0."""
    from measure.synth import render

    items = []
    for i in range(frames):
        frame, scene = render(seed + i, "hardest" if i % 2 else "default", "pips", size=(640, 480))
        dice = [
            [x + w / 2, y + h / 2, max(w, h), 0 if t.cocked else int(t.face)]  # type: ignore[arg-type]
            for t in scene.things
            for x, y, w, h in [t.box]
        ]
        if dice:
            items.append((frame, np.array(dice, np.float32)))
    print(f"renderer: {len(items)} frames", flush=True)
    return items


def load_leaning(frames: int, seed: int = 3_700_000) -> tuple[list, list]:
    """Dice of the renderer's pip scenes with every other die leaning on a wall (scene seeds
    ``seed`` and up, never those the tests and benchmarks use): (leaning, flat), each a list of
    (frame, die [cx, cy, size, value]). The photo sets hold six leaning dice in all, too few to
    learn what a lean looks like; the flat dice of the same frames keep "drawn by the renderer"
    from passing for "leaning"."""
    from dataclasses import replace

    from measure.synth import render
    from measure.synth.settings import DEFAULT, HARDEST

    leaning: list = []
    flat: list = []
    for i in range(frames):
        kind = replace(HARDEST if i % 2 else DEFAULT, cocked=0.5, name="leaning")
        frame, scene = render(seed + i, kind, "pips", size=(640, 480))
        for t in scene.things:
            x, y, w, h = t.box
            die = np.array([x + w / 2, y + h / 2, max(w, h), 0 if t.cocked else int(t.face)], np.float32)  # type: ignore[arg-type]
            (leaning if t.cocked else flat).append((frame, die))
    print(f"renderer leaning dice: {len(leaning)}, flat beside them: {len(flat)}", flush=True)
    return leaning, flat


def load_colour_dice(frames: int, seed: int = 3_500_000) -> list[tuple[np.ndarray, np.ndarray]]:
    """Frames of Nogi Stonogi's colour dice from the renderer (scene seeds ``seed`` and up, never
    those the tests and benchmarks use), in the format of ``load``: their faces show no pips, so
    every die there is a "no die" sample for the pip classifier (a star is no six)."""
    from measure.synth import render

    items = []
    for i in range(frames):
        frame, scene = render(seed + i, "hardest" if i % 2 else "default", "colours", size=(640, 480))
        dice = [[x + w / 2, y + h / 2, max(w, h), -1] for t in scene.things for x, y, w, h in [t.box]]
        if dice:
            items.append((frame, np.array(dice, np.float32)))
    print(f"renderer colour dice: {len(items)} frames", flush=True)
    return items


def mine_negatives(
    items: list[tuple[np.ndarray, np.ndarray]], models: str | None
) -> list[tuple[int, float, float, float]]:
    """Hard "no die" examples: where the dice network finds a die in a training image and no
    label within a die (specks, holes, printed labels, keys): (item, x, y, size) at cache scale.
    Finds nearer a label are left out: they may be that die, found off its centre."""
    from vision.networks import SHIPPED
    from vision.pips.reader import locate

    found = []
    for index, (image, dice) in enumerate(items):
        for c in locate(image, networks=SHIPPED.with_folder(models)):
            if all(math.hypot(c.x - d[0], c.y - d[1]) > max(c.size, d[2]) for d in dice):
                found.append((index, c.x, c.y, c.size))
    print(f"mined {len(found)} finds without a label", flush=True)
    return found


STRETCH = [0.0]
"""Up to this much a crop is squashed or sheared (``--stretch``: a camera looking at a slant)."""
MOTION = [0.0, 0.3]
"""This share of the crops is smeared along a line (``--motion``: a die still rolling, a hand-held
camera), up to this share of the die's side long (``--motion-length``)."""
GLARE = [0.0]
"""This share of the crops gets a lamp's shine (``--glare``): a soft-edged bright streak or patch on
the die, its face unchanged (a glossy black die's shine read as a fifth pip)."""


def shine(crop: np.ndarray, rng: random.Random) -> np.ndarray:
    """The crop with one or two soft-edged bright streaks or patches near its middle, a fifth to
    three quarters of a die long and at most a third as wide (a curved face's reflection of a lamp),
    washed towards a near-white the camera may clip."""
    side = crop.shape[0]
    die = LAYOUT["die"]
    mask = np.zeros(crop.shape[:2], np.float32)
    for _ in range(rng.choice([1, 1, 2])):
        cx = side / 2 + rng.uniform(-0.35, 0.35) * die
        cy = side / 2 + rng.uniform(-0.35, 0.35) * die
        length = rng.uniform(0.2, 0.75) * die
        width = length * rng.uniform(0.08, 0.35)
        cv2.ellipse(
            mask,
            (round(cx * 4), round(cy * 4)),
            (round(length * 2), round(width * 2)),
            rng.uniform(0, 180),
            0,
            360,
            rng.uniform(0.5, 1.0),
            -1,
            cv2.LINE_AA,
            shift=2,
        )
    mask = cv2.GaussianBlur(mask, (0, 0), rng.uniform(0.5, 0.06 * die))
    white = np.array([rng.uniform(215, 255) for _ in range(3)], np.float32)
    return crop * (1 - mask[:, :, None]) + white * mask[:, :, None]


def smeared(crop: np.ndarray, rng: random.Random) -> np.ndarray:
    """The crop blurred along a line at a random angle, 2 pixels to ``MOTION[1]`` dice long."""
    length = rng.uniform(2.0, max(2.0, MOTION[1] * LAYOUT["die"]))
    side = 2 * math.ceil(length / 2) + 1
    kernel = np.zeros((side, side), np.float32)
    angle = rng.uniform(0, math.pi)
    dx, dy = 0.5 * length * math.cos(angle), 0.5 * length * math.sin(angle)
    middle = side // 2
    cv2.line(
        kernel,
        (round(middle - dx), round(middle - dy)),
        (round(middle + dx), round(middle + dy)),
        1.0,
        1,
        cv2.LINE_AA,
    )
    return cv2.filter2D(crop, -1, kernel / kernel.sum(), borderType=cv2.BORDER_REFLECT101)


def cut(image: np.ndarray, cx: float, cy: float, size: float, rng: random.Random) -> np.ndarray:
    side = int(LAYOUT["crop"])
    scale = LAYOUT["die"] / size * math.exp(rng.uniform(-0.25, 0.25))
    angle = rng.uniform(0, 360)
    m = placement(cx, cy, angle, scale, side, mirror=rng.random() < 0.5)
    if STRETCH[0] > 0:
        a, b = rng.uniform(-STRETCH[0], STRETCH[0]), rng.uniform(-STRETCH[0], STRETCH[0])
        squash = np.array([[1 + a, b], [b, 1 - a]], np.float64)
        m = np.hstack([squash @ m[:, :2], (squash @ (m[:, 2] - side / 2) + side / 2)[:, None]])
    crop = cv2.warpAffine(image, m, (side, side), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT101)
    if MOTION[0] > 0 and rng.random() < MOTION[0]:
        crop = smeared(crop, rng)
    if GLARE[0] > 0 and rng.random() < GLARE[0]:
        crop = shine(crop, rng)
    return augment_colour(crop, rng)


def mine_hard(items: list[tuple[np.ndarray, np.ndarray]], model: str, below: float) -> list[tuple[int, int]]:
    """Training dice that classifier ``model`` reads badly: (item, die) whose label gets a
    probability under ``below`` on the die cut as labelled."""
    from vision.frame import Pyramid
    from vision.pips.face_net import face_probs, load_face_net

    net = load_face_net(model)
    hard = []
    for index, (image, dice) in enumerate(items):
        views = face_probs(net, Pyramid(image), [(d[0], d[1], d[2]) for d in dice], 1)
        for k, (d, probs) in enumerate(zip(dice, views, strict=True)):
            if probs[0, FACE_CLASSES.index(int(d[3]))] < below:
                hard.append((index, k))
    print(f"{len(hard)} hard dice", flush=True)
    return hard


def die_sample(image: np.ndarray, d: np.ndarray, rng: random.Random) -> tuple[np.ndarray, int]:
    """Labelled die ``d`` cut a little off its centre."""
    return cut_near(image, d, rng), FACE_CLASSES.index(int(d[3]))


def cut_near(image: np.ndarray, d: np.ndarray, rng: random.Random) -> np.ndarray:
    """Die ``d`` (x, y, size, ...) cut a little off its centre."""
    jitter = 0.25 * float(d[2])
    cx = d[0] + rng.uniform(-jitter, jitter)
    cy = d[1] + rng.uniform(-jitter, jitter)
    return cut(image, cx, cy, float(d[2]), rng)


def sample(items: list, rng: random.Random) -> tuple[np.ndarray, int]:
    image, dice = items[rng.randrange(len(items))]
    r = rng.random()
    d = dice[rng.randrange(len(dice))]
    size = float(d[2])
    if r < 0.8:
        return die_sample(image, d, rng)
    # no die at the centre: beside a die, or anywhere on the table away from dice
    for _ in range(20):
        if r < 0.9:
            angle = rng.uniform(0, 2 * math.pi)
            dist = rng.uniform(0.55, 1.2) * size
            cx, cy = d[0] + dist * math.cos(angle), d[1] + dist * math.sin(angle)
        else:
            cx, cy = rng.uniform(0, image.shape[1]), rng.uniform(0, image.shape[0])
        if all(math.hypot(cx - e[0], cy - e[1]) > 0.5 * e[2] for e in dice):
            return cut(image, cx, cy, size, rng), FACE_CLASSES.index(None)
    return cut(image, cx, cy, size, rng), FACE_CLASSES.index(None)


def mined(
    items: list[tuple[np.ndarray, np.ndarray]],
    negatives: list[tuple[int, float, float, float]],
    rng: random.Random,
) -> tuple[np.ndarray, int]:
    index, cx, cy, size = negatives[rng.randrange(len(negatives))]
    return cut(items[index][0], cx, cy, size, rng), FACE_CLASSES.index(None)


def draw(
    items: list,
    synth: list,
    colour_dice: list,
    negatives: list[tuple[int, float, float, float]],
    hard: list[tuple[int, int]],
    args: argparse.Namespace,
    rng: random.Random,
    leaning: tuple[list, list] = ([], []),
    changed: list | tuple = (),
) -> tuple[np.ndarray, int]:
    """One training sample: a mined find without a label, a colour die (no pips: no die), a hard
    die, a renderer's die leaning on a wall or lying beside one, an ordinary sample of a changed
    photo, or an ordinary sample."""
    r = rng.random()
    if r < args.changed:
        return sample(changed, rng)
    r -= args.changed
    if r < args.leaning:
        image, die = rng.choice(leaning[rng.random() < 0.5])
        return die_sample(image, die, rng)
    r -= args.leaning
    if r < args.negatives:
        return mined(items, negatives, rng)
    r -= args.negatives
    if r < args.colour_dice:
        image, dice = colour_dice[rng.randrange(len(colour_dice))]
        return cut_near(image, dice[rng.randrange(len(dice))], rng), FACE_CLASSES.index(None)
    r -= args.colour_dice
    if r < args.hard:
        index, k = hard[rng.randrange(len(hard))]
        return die_sample(items[index][0], items[index][1][k], rng)
    return sample(synth if rng.random() < args.synth else items, rng)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--split", choices=list(SPLITS), default="all")
    parser.add_argument("--steps", type=int, default=4000)
    parser.add_argument("--batch", type=int, default=64)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--out", default=str(ROOT / "vision" / "data" / "face_net.onnx"))
    parser.add_argument("--resume", help="start from this state dict (.pt) instead of from scratch")
    parser.add_argument("--synth", type=float, default=0.0, help="share of samples from the renderer")
    parser.add_argument("--synth-frames", type=int, default=2000, help="renderer frames to cut them from")
    parser.add_argument(
        "--negatives", type=float, default=0.0, help="share of samples from mined finds without a label"
    )
    parser.add_argument(
        "--colour-dice", type=float, default=0.0, help="share of samples: renderer colour dice (no die)"
    )
    parser.add_argument("--colour-frames", type=int, default=1000, help="renderer frames to cut them from")
    parser.add_argument(
        "--leaning",
        type=float,
        default=0.0,
        help="share of samples: renderer dice leaning on a wall, or flat",
    )
    parser.add_argument("--leaning-frames", type=int, default=1500, help="renderer frames to cut them from")
    parser.add_argument("--models", help="dice network folder to mine them with (default: shipped)")
    parser.add_argument(
        "--hard", type=float, default=0.0, help="share of samples from dice the --resume net reads badly"
    )
    parser.add_argument("--hard-below", type=float, default=0.9, help="... giving their face less than this")
    parser.add_argument(
        "--changed", type=float, default=0.0, help="share of samples from the photos changed (--changes)"
    )
    parser.add_argument("--changes", default=",".join(CHANGED), help="how they are changed, comma-separated")
    parser.add_argument("--lr", type=float, default=3e-3, help="peak learning rate")
    parser.add_argument("--stretch", type=float, default=0.0, help="squash or shear crops up to this much")
    parser.add_argument("--motion", type=float, default=0.0, help="share of crops smeared along a line")
    parser.add_argument("--motion-length", type=float, default=0.3, help="... up to this share of a die long")
    parser.add_argument("--glare", type=float, default=0.0, help="share of crops given a lamp's shine")
    parser.add_argument(
        "--crop", type=int, default=LAYOUT["crop"], help="crop side, pixels (vision.pips.face_net.FACE_CROP)"
    )
    parser.add_argument(
        "--die",
        type=float,
        default=LAYOUT["die"],
        help="die side in the crop (vision.pips.face_net.FACE_DIE)",
    )
    parser.add_argument(
        "--consistency",
        type=float,
        default=0.0,
        help="weight of agreement between each crop and its copy turned by 90-270 degrees (0: none)",
    )
    parser.add_argument(
        "--light", action="store_true", help="the cheaper body (net_blocks.classifier's light)"
    )
    parser.add_argument(
        "--teacher", help="a face classifier (.onnx) whose turned views' mean the net also learns"
    )
    parser.add_argument("--teach-weight", type=float, default=0.5, help="share of the loss from --teacher")
    parser.add_argument("--temperature", type=float, default=2.0, help="softening of both for --teacher")
    parser.add_argument(
        "--swa", type=int, default=0, help="then this many steps at --swa-lr, their weights averaged (SWA)"
    )
    parser.add_argument("--swa-lr", type=float, default=3e-4, help="the constant learning rate of --swa")
    parser.add_argument(
        "--ensemble", nargs="+", metavar="PT", help="train nothing: join these state dicts into one --out"
    )
    args = parser.parse_args()
    STRETCH[0] = args.stretch
    MOTION[:] = [args.motion, args.motion_length]
    GLARE[0] = args.glare
    LAYOUT["crop"], LAYOUT["die"] = args.crop, args.die
    changes = [c for c in args.changes.split(",") if c]
    if unknown := [c for c in changes if c not in CHANGED]:
        parser.error(f"--changes: {', '.join(unknown)} not among {', '.join(CHANGED)}")
    if args.changed > 0 and not changes:
        parser.error("--changed needs at least one of --changes")
    if args.hard > 0 and not args.resume:
        parser.error("--hard needs --resume (the .onnx beside that .pt finds the hard dice)")
    if args.ensemble:
        members = [FaceNet(args.light) for _ in args.ensemble]
        for member, path in zip(members, args.ensemble, strict=True):
            member.load_state_dict(torch.load(path))
        export(Ensemble(members), args.out)
        return 0
    rng = started(args.threads, args.seed)
    items = load(args.split)
    synth = load_synth(args.synth_frames) if args.synth > 0 else []
    negatives = mine_negatives(items, args.models) if args.negatives > 0 else []
    colour_dice = load_colour_dice(args.colour_frames) if args.colour_dice > 0 else []
    leaning = load_leaning(args.leaning_frames) if args.leaning > 0 else ([], [])
    changed = [item for change in changes for item in load(args.split, change)] if args.changed > 0 else []
    hard = []
    if args.hard > 0:
        hard = mine_hard(items, str(Path(args.resume).with_suffix(".onnx")), args.hard_below)
    net = FaceNet(args.light)
    teacher = Teacher(args.teacher, args.temperature) if args.teacher else None
    if args.resume:
        net.load_state_dict(torch.load(args.resume))

    def batch() -> tuple[torch.Tensor, torch.Tensor]:
        drawn = [
            draw(items, synth, colour_dice, negatives, hard, args, rng, leaning, changed)
            for _ in range(args.batch)
        ]
        x = torch.from_numpy(np.stack([b[0].transpose(2, 0, 1) / 255.0 for b in drawn]).astype(np.float32))
        return x, torch.tensor([b[1] for b in drawn])

    opt, sched = one_cycle(net.parameters(), args.lr, max(1, args.steps), 0.1)
    start = time.time()
    correct = seen = 0
    for step in range(args.steps):
        x, y = batch()
        logits = net(x)
        loss = nn.functional.cross_entropy(logits, y, label_smoothing=0.02)
        if teacher is not None:
            loss = (1 - args.teach_weight) * loss + args.teach_weight * teacher.loss(x, logits, rng)
        if args.consistency > 0:
            loss = loss + turned_loss(net, x, y, logits, rng.randrange(1, 4), args.consistency)
        opt.zero_grad()
        loss.backward()
        opt.step()
        sched.step()
        correct += int((logits.argmax(1) == y).sum())
        seen += len(y)
        if step % 100 == 0 or step == args.steps - 1:
            print(
                f"step {step} loss {loss.item():.3f} train acc {correct / seen:.3f} "
                f"({time.time() - start:.0f} s)",
                flush=True,
            )
            correct = seen = 0
        if step % 1000 == 999 or step == args.steps - 1:
            export(net, args.out)
    if args.swa > 0:
        export(averaged_weights(net, batch, args.swa, args.swa_lr), args.out)
    return 0


def averaged_weights(
    net: nn.Module, batch: Callable[[], tuple[torch.Tensor, torch.Tensor]], steps: int, lr: float
) -> nn.Module:
    """Stochastic weight averaging (Izmailov et al. 2018): ``steps`` more steps at the constant
    rate ``lr``, the weights averaged every 50 steps, then the batch norms' statistics measured
    again for the averaged weights on 100 batches."""
    from torch.optim.swa_utils import AveragedModel, update_bn

    averaged = AveragedModel(net)
    opt = torch.optim.AdamW(net.parameters(), lr=lr, weight_decay=1e-4)
    start = time.time()
    for step in range(steps):
        x, y = batch()
        loss = nn.functional.cross_entropy(net(x), y, label_smoothing=0.02)
        opt.zero_grad()
        loss.backward()
        opt.step()
        if step % 50 == 49:
            averaged.update_parameters(net)
        if step % 100 == 0:
            print(f"swa step {step} loss {loss.item():.3f} ({time.time() - start:.0f} s)", flush=True)
    update_bn((batch()[0] for _ in range(100)), averaged.module)
    return averaged.module


class Teacher:
    """A trained classifier's classes for the same crops, the mean of two views (as they are and
    turned by a random quarter), softened by ``temperature``: knowledge distillation (Hinton et al.
    2015), so that a cheaper or fresh net learns the classes' likeness as well as the labels."""

    def __init__(self, path: str, temperature: float) -> None:
        import onnxruntime

        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = torch.get_num_threads()  # as the training (--threads)
        self.session = onnxruntime.InferenceSession(path, options, providers=["CPUExecutionProvider"])
        self.input = self.session.get_inputs()[0].name
        self.temperature = temperature

    def loss(self, x: torch.Tensor, logits: torch.Tensor, rng: random.Random) -> torch.Tensor:
        t = self.temperature
        crops = x.numpy()
        views = [crops, np.ascontiguousarray(np.rot90(crops, rng.randrange(1, 4), axes=(2, 3)))]
        probs = [
            torch.softmax(torch.from_numpy(self.session.run(None, {self.input: v})[0]) / t, 1) for v in views
        ]
        target = (probs[0] + probs[1]) / 2
        student = nn.functional.log_softmax(logits / t, 1)
        return t * t * nn.functional.kl_div(student, target, reduction="batchmean")


def turned_loss(
    net: nn.Module, x: torch.Tensor, y: torch.Tensor, logits: torch.Tensor, quarters: int, weight: float
) -> torch.Tensor:
    """The crops turned by ``quarters`` x 90 degrees: their own loss, and ``weight`` times the
    symmetric KL divergence between their classes and the crops' as they are. The reader averages
    turned views of an unsure die, and the shipped classifier's views of a marbled die may give its
    face 0.1 in one and 0.99 in the next."""
    turned = net(torch.rot90(x, quarters, dims=(2, 3)))
    a, b = nn.functional.log_softmax(logits, 1), nn.functional.log_softmax(turned, 1)
    kl = nn.functional.kl_div(a, b, log_target=True, reduction="batchmean")
    kl = kl + nn.functional.kl_div(b, a, log_target=True, reduction="batchmean")
    return nn.functional.cross_entropy(turned, y, label_smoothing=0.02) + weight * 0.5 * kl


def export(net: nn.Module, out: str) -> None:
    """Write the ONNX file (and the state dict beside it as ``.pt``).

    Only the batch axis is dynamic: OpenCV 4.11 (Raspberry Pi OS Bookworm) and 5.0 both load
    that (tests/test_models_compat.py). Symbolic height and width made OpenCV 4.11 refuse the
    dice network (see tools/train_dice_net.py), so keep the crop size fixed.
    """
    side = int(LAYOUT["crop"])
    write_onnx(
        net, torch.zeros(2, 3, side, side), out, ("crops", "logits"), {"crops": {0: "n"}, "logits": {0: "n"}}
    )


if __name__ == "__main__":
    sys.exit(main())
