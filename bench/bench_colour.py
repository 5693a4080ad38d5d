"""Colour mode's figures on the synthetic renderer.

    .venv/bin/python -m bench.bench_colour                    # all three figures, small counts
    .venv/bin/python -m bench.bench_colour --frames 400 --teach-trials 20 --speed 60

Prints: (1) accuracy and silent errors of ``read_colours`` (default profile) on the renderer's
``hardest`` preset; (2) teach under one light, read under another: a copy of the dice (a kit) is
taught with 3 frames per face under one light (``read_colours`` with the taught profile), then
read under a second light; (3) the median milliseconds per 1280x960 frame on one core
(``cv2.setNumThreads(1)``), decode excluded. Dice are matched to the truth by box centre, the
closest pair first; a cocked die read ``ok`` and an ``ok`` die where there is none are silent errors, as in
``kostka eval``; a cocked die not read ``ok`` (``cocked`` or ``uncertain``) counts as read right,
as in ``kostka eval``. Seeds 0.. are used for (1) and (3): the settings were tuned on seeds 1000-1199.
``--cards N`` adds the same figure for Lezard cards (``read_cards``) on N hardest card frames
(tuned on seeds 5000-5299; ``--cards-seed S`` reads seeds S.. instead), ``--cards-speed N`` their
speed as in (3). ``--cards-teach-trials K`` adds figure (2) for cards: K copies of the cards taught 3
frames a colour under one light (``card_features``) and read under another with the taught profile,
and with the built-in colours on the same frames (``--cards-teach-preset hardest``: those frames from
the hardest preset, each under its own light; ``--cards-teach-jitter J``: how far each copy's paints
stray from the renderer's).
``--preset NAME`` reads figure (1) and the cards on another of the renderer's presets (``default``, ``easy``;
the issue's figures are on ``hardest``): ``--preset default --frames 1000 --teach-trials 0 --speed 0`` is the
default preset's colour dice on seeds 0-999.
``--models DIR`` uses another colour network (``colour_net.onnx``) or dice network
(``dice_net.onnx``) from DIR; ``--classical`` measures the classical finder without the colour
network (the reader before it, for comparison).
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import replace

import cv2
import numpy as np

from firmware.devices.onnx_runtime import choose_runtime, chosen_networks
from measure.scoring import closest_pairs
from measure.synth import LEZARD_COLOURS, PRESETS, CardFace, Light, Mode, Scene, render, sample_kit
from vision.cards.reader import card_features, read_cards
from vision.colours.looks import FACES
from vision.colours.reader import COLOUR_SETTINGS, ColourSettings, face_features, read_colours
from vision.profile import Profile
from vision.reading import Reading


def nearest_pairs(reading: Reading, scene: Scene) -> dict[int, int]:
    """Truth index -> die index: the closest pair of box centres first (as ``kostka eval``),
    each within half the truth's box."""
    near = []
    for t, truth in enumerate(scene.things):
        x, y, w, h = truth.box
        for i, d in enumerate(reading.dice):
            gap = math.hypot(d.centre[0] - x - w / 2, d.centre[1] - y - h / 2)
            if gap < 0.5 * max(w, h):
                near.append((gap, t, i))
    return dict(closest_pairs(near))


def score(reading: Reading, scene: Scene, tally: Counter[str]) -> None:
    pairs = nearest_pairs(reading, scene)
    for t, truth in enumerate(scene.things):
        if t not in pairs:
            tally["missed"] += 1
            continue
        die = reading.dice[pairs[t]]
        if truth.cocked:  # as kostka eval: a cocked die is read right when the referee does not stand by it
            tally["correct" if die.status != "ok" else "silent"] += 1
        elif die.status != "ok":
            tally["abstain"] += 1
        elif die.face == truth.face:
            tally["correct"] += 1
        else:
            tally["silent"] += 1
    used = set(pairs.values())
    tally["silent"] += sum(1 for i, d in enumerate(reading.dice) if i not in used and d.status == "ok")
    tally["dice"] += len(scene.things)


def card_text(face: object) -> str:
    kind, colours = getattr(face, "kind", ""), getattr(face, "colours", ())
    return f"{kind}:{'+'.join(colours)}"


def score_cards(reading: Reading, scene: Scene, tally: Counter[str]) -> None:
    """As ``score``, for cards (the face is ``kind:colour+colour``)."""
    used: set[int] = set()
    for truth in scene.things:
        x, y, w, h = truth.box
        near = [
            i
            for i, d in enumerate(reading.dice)
            if i not in used
            and math.hypot(d.centre[0] - x - w / 2, d.centre[1] - y - h / 2) < 0.35 * max(w, h)
        ]
        tally["dice"] += 1
        if not near:
            tally["missed"] += 1
            continue
        used.add(near[0])
        card = reading.dice[near[0]]
        if card.status != "ok":
            tally["abstain"] += 1
        else:
            tally["correct" if card.face == card_text(truth.face) else "silent"] += 1
    tally["silent"] += sum(1 for i, d in enumerate(reading.dice) if i not in used and d.status == "ok")


def line(name: str, tally: Counter[str]) -> str:
    n = max(1, tally["dice"])
    return (
        f"{name}: {tally['dice']} dice, correct ok {100 * tally['correct'] / n:.2f}%, "
        f"silent errors {100 * tally['silent'] / n:.2f}%, uncertain {100 * tally['abstain'] / n:.2f}%, "
        f"missed {100 * tally['missed'] / n:.2f}%"
    )


def random_light(rng: np.random.Generator) -> Light:
    return Light(
        kelvin=float(rng.uniform(2700, 6500)),
        white_balance_left=float(rng.uniform(0.2, 0.8)),
        brightness=float(rng.uniform(0.5, 1.3)),
    )


def teach_figure(
    trials: int,
    reads: int,
    models: str | None = None,
    seed: int = 7,
    settings: ColourSettings = COLOUR_SETTINGS,
) -> Counter[str]:
    rng = np.random.default_rng(seed)
    tally: Counter[str] = Counter()
    networks = chosen_networks(models)
    for _ in range(trials):
        kit = sample_kit(rng, 1.5, (0.0, 0.5))
        teach_light, read_light = random_light(rng), random_light(rng)
        examples: dict[str, list[tuple[float, ...]]] = {}
        for face in FACES:
            for _ in range(3):
                frame, _ = render(int(rng.integers(1 << 30)), "default", "colours", faces=[face] * 3,
                                  kit=kit, light=teach_light)  # fmt: skip
                found = face_features(frame, networks=networks, settings=settings)
                examples.setdefault(face, []).extend(found)
        profile = Profile.teach({k: v for k, v in examples.items() if v})
        for _ in range(reads):
            frame, scene = render(int(rng.integers(1 << 30)), "default", "colours", kit=kit, light=read_light)
            score(read_colours(frame, profile, networks=networks, settings=settings), scene, tally)
    return tally


def card_teach_figure(
    trials: int, reads: int, seed: int = 11, preset: str = "default", jitter: float = 1.5
) -> tuple[Counter[str], Counter[str]]:
    """Figure (2) for Lezard cards: a copy of the cards (a kit) taught with 3 frames per colour,
    two single-square cards of that colour a frame, under one light, then read (``preset``
    frames, ``reads`` a kit) under another (``hardest``: each frame under a light of that preset's,
    glare spots included): the tallies with the taught profile and, on the same frames, with the
    built-in hue bands. ``jitter``: how far a kit's paints stray from the renderer's (1.5: hues
    within about 4 units, as figure (2) for dice)."""
    rng = np.random.default_rng(seed)
    taught: Counter[str] = Counter()
    built_in: Counter[str] = Counter()
    for _ in range(trials):
        kit = sample_kit(rng, jitter, (0.0, 0.5))
        teach_light, read_light = random_light(rng), random_light(rng)
        examples: dict[str, list[tuple[float, ...]]] = {}
        for colour in LEZARD_COLOURS:
            shown = [CardFace("square", (colour,))] * 2
            for _ in range(3):
                frame, _ = render(int(rng.integers(1 << 30)), "default", "cards", faces=shown, kit=kit,
                                  light=teach_light)  # fmt: skip
                examples.setdefault(colour, []).extend(card_features(frame))
        profile = Profile.teach({k: v for k, v in examples.items() if v}, mode="cards")
        for _ in range(reads):
            light = read_light if preset == "default" else None
            frame, scene = render(int(rng.integers(1 << 30)), preset, "cards", kit=kit, light=light)
            score_cards(read_cards(frame, profile=profile), scene, taught)
            score_cards(read_cards(frame), scene, built_in)
    return taught, built_in


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--frames", type=int, default=100, help="frames for figure (1)")
    parser.add_argument(
        "--preset",
        default="hardest",
        choices=list(PRESETS),
        help="the renderer's preset of figure (1) and of the cards (default: hardest, the issue's)",
    )
    parser.add_argument("--teach-trials", type=int, default=5, help="kits taught for figure (2)")
    parser.add_argument("--reads", type=int, default=10, help="frames read per taught kit")
    parser.add_argument("--speed", type=int, default=30, help="frames timed for figure (3)")
    parser.add_argument("--cards", type=int, default=0, help="card frames (Lezard cards), 0: none")
    parser.add_argument("--cards-seed", type=int, default=0, help="first card seed (0: the bench's)")
    parser.add_argument("--cards-speed", type=int, default=0, help="card frames timed (read_cards), 0: none")
    parser.add_argument(
        "--cards-teach-trials", type=int, default=0, help="card kits taught for figure (2) of cards, 0: none"
    )
    parser.add_argument(
        "--cards-teach-preset",
        default="default",
        choices=["default", "hardest"],
        help="the preset of the frames read with the taught cards' profile",
    )
    parser.add_argument(
        "--cards-teach-jitter",
        type=float,
        default=1.5,
        help="how far a kit's paints stray from the renderer's (1.5: as the dice's)",
    )
    parser.add_argument(
        "--models",
        metavar="DIR",
        help="folder with another colour_net.onnx or dice_net.onnx (default: shipped)",
    )
    parser.add_argument("--classical", action="store_true", help="without the colour network")
    args = parser.parse_args()
    settings = replace(COLOUR_SETTINGS, colour_net=False) if args.classical else COLOUR_SETTINGS
    cv2.setNumThreads(1)
    print(f"networks on {choose_runtime()}", flush=True)
    networks = chosen_networks(args.models)
    if args.frames:
        colours: Counter[str] = Counter()
        for seed in range(args.frames):
            frame, scene = render(seed, args.preset, "colours")
            score(read_colours(frame, networks=networks, settings=settings), scene, colours)
        print(line(f"{args.preset} preset, default profile, {args.frames} frames", colours), flush=True)
    if args.teach_trials:
        taught = teach_figure(args.teach_trials, args.reads, args.models, settings=settings)
        print(line(f"taught 3 frames/face under one light, read under another ({args.teach_trials} kits)",
                   taught), flush=True)  # fmt: skip
    if args.cards:
        cards: Counter[str] = Counter()
        for seed in range(args.cards_seed, args.cards_seed + args.cards):
            frame, scene = render(seed, args.preset, "cards")
            score_cards(read_cards(frame), scene, cards)
        seeds = f", seeds {args.cards_seed}-{args.cards_seed + args.cards - 1}" if args.cards_seed else ""
        name = f"cards, {args.preset} preset, {args.cards} frames{seeds}"
        print(line(name, cards).replace("dice", "cards", 1), flush=True)
    if args.cards_teach_trials:
        kits = args.cards_teach_trials
        taught_cards, built_in = card_teach_figure(
            kits, args.reads, preset=args.cards_teach_preset, jitter=args.cards_teach_jitter
        )
        where = f"{args.cards_teach_preset} preset, {kits} kits, paints jittered {args.cards_teach_jitter}"
        taught_name = f"cards taught 3 frames/colour under one light, read under another ({where})"
        built_in_name = f"the same cards, built-in colours ({where})"
        for name, tally in ((taught_name, taught_cards), (built_in_name, built_in)):
            print(line(name, tally).replace("dice", "cards", 1), flush=True)
    if args.speed:
        print("speed:", speed(lambda f: read_colours(f, networks=networks, settings=settings), "colours",
                              args.speed))  # fmt: skip
    if args.cards_speed:
        print("cards speed:", speed(read_cards, "cards", args.cards_speed))


def speed(read: Callable[[np.ndarray], Reading], mode: Mode, frames: int) -> str:
    """The median milliseconds ``read`` takes per hardest 1280x960 frame of ``mode`` (seeds 10000..)."""
    wall, cpu = [], []
    for seed in range(frames):
        frame, _ = render(10_000 + seed, "hardest", mode, size=(1280, 960))
        started, started_cpu = time.perf_counter(), time.process_time()
        read(frame)
        wall.append(1000 * (time.perf_counter() - started))
        cpu.append(1000 * (time.process_time() - started_cpu))
    return (
        f"median {statistics.median(wall):.1f} ms per 1280x960 frame on one core"
        f" ({statistics.median(cpu):.1f} ms of CPU time; {frames} frames)"
    )


if __name__ == "__main__":
    main()
