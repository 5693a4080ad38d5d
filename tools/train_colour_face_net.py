"""Train colour mode's face classifier (vision/data/colour_face_net.onnx) on the renderer and the photos.

    .venv/bin/python -m tools.train_colour_face_net --frames 3000 --steps 6000 --out /tmp/cf/net.onnx

First the crops: scene seeds ``SEED_BASE`` and up (never those ``bench/bench_colour.py``
measures, 0-199 and 10000-10029, nor the tuning seeds 1000-1599 or the colour network's own,
2,000,000 and up) are drawn as the reader sees them (1280x960 or 640x480, mostly the hardest
preset with more touching, cocked and foreign dice), the shipped colour network
(``vision.colours.net``) finds top faces in each, and every find is cut as the reader cuts it
(``vision.colours.face_net.face_input``, at twice the size for augmenting) and labelled from the
renderer's plan: the class of the top face it sits on, ``cocked``, or ``none`` when it is no top
face's centre (a die's side, the floor, a shadow). Each true top face is cut too. The crops are
kept in ``--cache`` (made once, reused).

``--real`` and ``--changed`` mix in crops of the labelled photos' even half, as taken and changed as
``measure/changes.py`` changes them (darker, warmer, blurred, the camera higher...).

Then the training: crops turned a few degrees, scaled, shifted, mirrored and lit a little differently,
cross-entropy over ``FACE_CLASSES`` (``--widths``: the six layers' channels; docs/networks.md).
Exported as ONNX opset 11 (Conv with BatchNorm folded, ReLU, MaxPool, GlobalAveragePool, Gemm), dynamic
batch: OpenCV 4.11 and 5.0 load it.
"""

from __future__ import annotations

import argparse
import csv
import math
import random
import sys
import time
from pathlib import Path

import cv2
import numpy as np
import torch
from torch import nn

from measure.changes import CHANGES, NEARER, as_taken
from measure.synth import draw, plan_scene
from tools.net_blocks import classifier, one_cycle, started, write_onnx
from tools.train_colour_net import TRAIN_DEFAULT, TRAIN_HARD, top_faces
from vision.colours.face_net import CROP, FACE_CLASSES, face_input
from vision.colours.face_net import MODEL as FACE_MODEL
from vision.colours.finder import frame_cast
from vision.colours.net import CLASSES, find_top_faces, load_colour_net
from vision.colours.net import MODEL as COLOUR_MODEL
from vision.colours.reader import COLOUR_SETTINGS
from vision.colours.with_net import classified
from vision.frame import Pyramid
from vision.reading import Die, Reading

ROOT = Path(__file__).resolve().parent.parent

SEED_BASE = 4_000_000
LABELS = ROOT / "tests" / "data" / "colour_labels"
PHOTOS = ROOT.parent / "shared" / "data" / "dice-photos"
ZOOM = 2
NONE, COCKED = FACE_CLASSES.index("none"), FACE_CLASSES.index("cocked")


WIDTHS = (16, 32, 48, 48, 64, 96)


class ColourFaceNet(nn.Module):
    def __init__(self, widths: tuple[int, int, int, int, int, int] = WIDTHS) -> None:
        super().__init__()
        self.body = classifier(widths, len(FACE_CLASSES))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.body(x)


def label(x: float, y: float, faces: list[tuple[float, float, float, int, bool]]) -> int | None:
    """The class of a find at (x, y): the top face it is centred on, ``cocked``, ``none`` when it
    is far from every top face's centre, None (not used) in between."""
    if not faces:
        return NONE
    fx, fy, side, cls, cocked = min(faces, key=lambda f: math.hypot(f[0] - x, f[1] - y))
    d = math.hypot(fx - x, fy - y) / side
    if d < 0.3:
        return COCKED if cocked else cls
    return NONE if d > 0.75 else None


def pip_top_faces(plan) -> list[tuple[float, float, float, int, bool]]:  # type: ignore[no-untyped-def]
    """As ``top_faces``, for pip dice: the class is the body's colour (white, ivory: ``other``)."""
    out = []
    for thing, truth in zip(plan.things, plan.scene().things, strict=True):
        corners = plan.camera.project(thing.cube.face_corners(thing.cube.top_face()))[:, :2]
        x, y = corners.mean(axis=0)
        (ax, ay), (bx, by) = corners[2] - corners[0], corners[3] - corners[1]
        side = math.sqrt(max(0.5 * abs(float(ax * by - ay * bx)), 1.0))
        body = truth.look.split()[0]
        cls = CLASSES.index(body) if body in CLASSES else CLASSES.index("other")
        out.append((float(x), float(y), side, cls, truth.cocked))
    return out


def scene_crops(seed: int, pips: float = 0.0) -> list[tuple[np.ndarray, int]]:
    """The labelled crops of one rendered scene (see the module docstring); a share ``pips``
    of the scenes shows pip dice, named by their body's colour (their pips are no dice)."""
    rng = np.random.default_rng(seed)
    difficulty = TRAIN_HARD if rng.random() < 0.75 else TRAIN_DEFAULT
    size = (1280, 960) if rng.random() < 0.7 else (640, 480)
    mode = "pips" if rng.random() < pips else "colours"
    plan = plan_scene(rng, difficulty, mode, size=size)
    frame = draw(plan)
    faces = pip_top_faces(plan) if mode == "pips" else [f[:5] for f in top_faces(plan)]
    pyramid = Pyramid(frame)
    cast = frame_cast(pyramid, size[0], size[1])  # as the reader white-balances
    out = []
    for top in find_top_faces(load_colour_net(), pyramid, size[0], size[1], 0.2):
        cls = label(top.x, top.y, faces)
        if cls is not None:
            out.append((face_input(pyramid, top.x, top.y, top.side, cast, ZOOM), cls))
    for x, y, side, cls, cocked in faces:
        out.append((face_input(pyramid, x, y, side, cast, ZOOM), COCKED if cocked else cls))
    for _ in range(2):  # the floor, at a die's size
        x, y = float(rng.uniform(0, size[0])), float(rng.uniform(0, size[1]))
        side = float(np.median([f[2] for f in faces])) if faces else 30.0
        if label(x, y, faces) == NONE:
            out.append((face_input(pyramid, x, y, side, cast, ZOOM), NONE))
    return out


CHANGED = tuple(c for c in CHANGES if c != "as-taken" and c not in NEARER)
"""The photo changes ``--changed`` crops are cut under: all the benches' but a nearer camera (dice
bigger than the renderer draws, whose pips the colour network takes for dice)."""


def real_crops(
    parity: int = 0, changes: tuple[str, ...] = ("as-taken",), face: str = str(FACE_MODEL)
) -> list[tuple[np.ndarray, int]]:
    """Crops at the colour network's finds in the photos of ../shared/data/dice-photos whose
    body colours are labelled (tests/data/colour_labels), only images ``parity`` (0: the even
    ones, by name, as bench/eval_colour_photos.py counts), each photo as it is or under each of
    ``changes`` (``measure/changes.py``: darker, warmer, blurred, the camera higher...), and
    only frames the reader's networks know (``classified``, with the face classifier in file
    ``face``: the others are read by the pip reader or classically). A find on a labelled die's
    centre takes its class (a Stonoga colour; white, marbled, gold, purple: ``other``; cocked in
    the set's labels: ``cocked``; ``smoke`` is left out); a find far from every die, or far
    smaller than the die it lies on (a pip), is ``none``."""
    from measure.labels import COCKED as COCKED_VALUE
    from measure.labels import load_set

    out = []
    for table in sorted(LABELS.glob("*.csv")):
        colours: dict[str, list[tuple[float, float, str]]] = {}
        with table.open(newline="") as handle:
            for row in csv.DictReader(handle):
                colours.setdefault(row["image"], []).append(
                    (float(row["cx"]), float(row["cy"]), row["colour"])
                )
        labelled = load_set(PHOTOS / table.stem)
        for image in sorted(colours)[parity::2]:
            frame = cv2.imread(str(PHOTOS / table.stem / "images" / image), cv2.IMREAD_COLOR)
            if frame is None:
                continue
            height, width = frame.shape[:2]
            dice = []
            for die in labelled.labels.get(image, []):
                near = [c for cx, cy, c in colours[image] if abs(cx - die.cx) + abs(cy - die.cy) < 0.01]
                colour = "cocked" if die.value == COCKED_VALUE else near[0] if near else None
                dice.append((die.cx * width, die.cy * height, max(die.w * width, die.h * height), colour))
            for change in changes:
                out += changed_crops(frame, change, dice, face)
    return out


def changed_crops(
    frame: np.ndarray, change: str, dice: list[tuple[float, float, float, str | None]], face: str
) -> list[tuple[np.ndarray, int]]:
    """``real_crops`` of one photo under one change: the finds of the changed photo as the reader
    makes them (``classified``: none for a frame the reader does not know), each labelled where it
    lies in the photo as taken (a find the change's border holds is left out)."""
    height, width = frame.shape[:2]
    changed = CHANGES[change](frame)
    seen = classified(changed, COLOUR_SETTINGS, str(COLOUR_MODEL), face)
    if seen is None:
        return []
    tops, _, cast, pyramid, _ = seen
    out = []
    for top in tops:
        half = top.side / 2
        box = (round(top.x - half), round(top.y - half), round(top.side), round(top.side))
        one = Reading((Die(None, 0.0, "uncertain", box),), changed.shape[1], changed.shape[0])
        back = as_taken(one, change, height, width)
        if not back.dice:
            continue
        (x, y), side = back.dice[0].centre, max(back.dice[0].box[2:])
        cls = real_label(x, y, side, dice)
        if cls is not None:
            out.append((face_input(pyramid, top.x, top.y, top.side, cast, ZOOM), cls))
    return out


def real_label(
    x: float, y: float, side: float, dice: list[tuple[float, float, float, str | None]]
) -> int | None:
    if not dice:
        return NONE
    dx, dy, die_side, colour = min(dice, key=lambda d: math.hypot(d[0] - x, d[1] - y))
    d = math.hypot(dx - x, dy - y) / die_side
    if d > 0.8 or (side < 0.45 * die_side and d > 0.1):
        return NONE
    if d > 0.25 or colour is None or colour == "smoke" or side < 0.45 * die_side:
        return None
    return (
        FACE_CLASSES.index(colour)
        if colour in FACE_CLASSES[:-2]
        else FACE_CLASSES.index("cocked" if colour == "cocked" else "other")
    )


def make_cache(path: str, frames: int, first: int, pips: float) -> None:
    crops: list[np.ndarray] = []
    labels: list[int] = []
    start = time.time()
    for i in range(frames):
        for crop, cls in scene_crops(SEED_BASE + first + i, pips):
            crops.append(crop)
            labels.append(cls)
        if i % 200 == 199 or i == frames - 1:
            print(f"cache: {i + 1}/{frames} scenes, {len(crops)} crops ({time.time() - start:.0f} s)",
                  flush=True)  # fmt: skip
    np.savez(path, crops=np.stack(crops), labels=np.array(labels, np.int64))


def augment(crop: np.ndarray, rng: random.Random) -> np.ndarray:
    """A ``CROP`` x ``CROP`` view of a cached crop: turned a few degrees (``face_input`` turns
    the way out from the frame's centre up; that must stay), scaled, shifted, relit, mirrored
    left to right (about that way out)."""
    big = crop.shape[0]
    scale = rng.uniform(0.87, 1.15) / ZOOM
    shift = 0.12 * big / ZOOM
    matrix = cv2.getRotationMatrix2D((big / 2, big / 2), rng.uniform(-4, 4), scale)
    offset = np.array([rng.uniform(-shift, shift), rng.uniform(-shift, shift)]) * scale
    matrix[:, 2] += (CROP / 2 - big / 2) + offset
    out = cv2.warpAffine(crop, matrix, (CROP, CROP), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    gains = np.array([rng.uniform(0.92, 1.08) for _ in range(3)], np.float32) * rng.uniform(0.8, 1.15)
    if rng.random() < 0.5:
        out = out[:, ::-1]
    return np.clip(out.astype(np.float32) * gains, 0, 255)


def export(net: ColourFaceNet, out: str) -> None:
    write_onnx(
        net, torch.zeros(1, 3, CROP, CROP), out, ("crop", "logits"), {"crop": {0: "n"}, "logits": {0: "n"}}
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cache", default="/tmp/colour_face_crops.npz", help="crops file (made if missing)")
    parser.add_argument("--more", nargs="*", default=[], help="further crops files made before, also used")
    parser.add_argument("--frames", type=int, default=3000, help="scenes rendered for the cache")
    parser.add_argument("--pips", type=float, default=0.0, help="share of pip-dice scenes in the cache")
    parser.add_argument("--cocked-weight", type=float, default=1.0, help="weight of the cocked class")
    parser.add_argument("--real", type=float, default=0.0, help="share of samples from the even photos")
    parser.add_argument("--changed", type=float, default=0.0, help="share from the changed even photos")
    parser.add_argument("--changes", default=",".join(CHANGED), help="how they are changed, comma-separated")
    parser.add_argument("--face", default=str(FACE_MODEL), help="classifier picking the photos' finds")
    parser.add_argument("--first", type=int, default=0, help="first scene is SEED_BASE + FIRST")
    parser.add_argument("--steps", type=int, default=6000)
    parser.add_argument("--batch", type=int, default=64)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--lr", type=float, default=3e-3)
    parser.add_argument("--resume", help="start from this state dict (.pt)")
    parser.add_argument("--widths", default=",".join(map(str, WIDTHS)), help="the six layers' channels")
    parser.add_argument("--out", default=str(ROOT / "vision" / "data" / "colour_face_net.onnx"))
    args = parser.parse_args()
    widths = tuple(int(w) for w in args.widths.split(","))
    if len(widths) != 6:
        parser.error(f"--widths takes six numbers, not {args.widths!r}")
    changes = tuple(args.changes.split(","))
    if unknown := [c for c in changes if c not in CHANGES]:
        parser.error(f"--changes: no change called {', '.join(unknown)} (known: {', '.join(CHANGES)})")
    rng = started(args.threads, args.seed)  # making the caches draws no random number
    if not Path(args.cache).is_file():
        make_cache(args.cache, args.frames, args.first, args.pips)
    files = [np.load(path) for path in [args.cache, *args.more]]
    crops = np.concatenate([f["crops"][..., :3] for f in files])  # (a cache may hold a 4th channel)
    labels = np.concatenate([f["labels"] for f in files])
    counts = np.bincount(labels, minlength=len(FACE_CLASSES))
    print("crops per class:", dict(zip(FACE_CLASSES, counts.tolist(), strict=True)), flush=True)
    real = real_crops(0, face=args.face) if args.real > 0 else []
    changed = real_crops(0, changes, args.face) if args.changed > 0 else []
    for name, pool in (("real", real), ("changed", changed)):
        if pool:
            pool_counts = np.bincount([c for _, c in pool], minlength=len(FACE_CLASSES)).tolist()
            print(f"{name} crops per class:", dict(zip(FACE_CLASSES, pool_counts, strict=True)), flush=True)
    net = ColourFaceNet(widths)
    if args.resume:
        net.load_state_dict(torch.load(args.resume))
    weights = torch.ones(len(FACE_CLASSES))
    weights[COCKED] = args.cocked_weight
    opt, sched = one_cycle(net.parameters(), args.lr, args.steps, 0.05)

    def sample(draw: float, i: int) -> tuple[np.ndarray, int]:
        """A real crop (a share ``--real``), a changed one (``--changed``) or rendered crop ``i``."""
        if draw < args.real:
            return real[rng.randrange(len(real))]
        if draw < args.real + args.changed:
            return changed[rng.randrange(len(changed))]
        return crops[i], labels[i]

    start, seen, right = time.time(), 0, 0
    for step in range(args.steps):
        pick = [rng.randrange(len(labels)) for _ in range(args.batch)]
        shown = [sample(rng.random(), i) for i in pick]
        x = torch.from_numpy(np.stack([augment(c, rng) for c, _ in shown]).transpose(0, 3, 1, 2) / 255.0)
        y = torch.from_numpy(np.array([c for _, c in shown], np.int64))
        logits = net(x.float())
        loss = nn.functional.cross_entropy(logits, y, weight=weights)
        opt.zero_grad()
        loss.backward()
        opt.step()
        sched.step()
        seen += len(pick)
        right += int((logits.argmax(1) == y).sum())
        if step % 100 == 0 or step == args.steps - 1:
            print(f"step {step} loss {loss.item():.3f} right {right / seen:.3f} ({time.time() - start:.0f}s)",
                  flush=True)  # fmt: skip
            seen = right = 0
        if step % 500 == 499 or step == args.steps - 1:
            export(net, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
