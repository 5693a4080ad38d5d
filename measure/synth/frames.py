"""Frames of a tray: ``render`` one scene, ``render_roll`` a throw, from a plan (``measure.synth.plan``)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

import cv2
import numpy as np
from numpy.typing import NDArray

from measure.synth.geometry import Camera, Cube, rotation_about
from measure.synth.light import (
    Capture,
    HandShadow,
    Light,
    add_glare,
    as_u8,
    capture,
    light_gain,
    scratch,
)
from measure.synth.paint import Kit
from measure.synth.plan import (
    Mode,
    Plan,
    Scene,
    TruthFace,
    plan_scene,
)
from measure.synth.settings import DEFAULT, Difficulty, preset
from measure.synth.things import Card, ColourDie, PipDie, Thing, draw_shadow, draw_thing
from measure.synth.tray import draw_tray

Frame = NDArray[np.uint8]


def _rng(seed: np.random.Generator | int) -> np.random.Generator:
    return seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)


def _difficulty(difficulty: Difficulty | str) -> Difficulty:
    return preset(difficulty) if isinstance(difficulty, str) else difficulty


def render(
    rng: np.random.Generator | int,
    difficulty: Difficulty | str = DEFAULT,
    mode: Mode = "pips",
    *,
    faces: Sequence[TruthFace] | None = None,
    kit: Kit | None = None,
    light: Light | None = None,
    size: tuple[int, int] = (1280, 960),
) -> tuple[Frame, Scene]:
    """One synthetic frame (H x W x 3 BGR uint8) and its truth.

    ``faces`` fixes what is shown (ints: pip dice, colour names or ``star``: colour dice,
    ``CardFace``: cards; a ``ValueError`` if they do not fit); ``kit`` fixes the copy of the
    games (the same dice under another light: teach mode); ``light`` fixes the light.
    """
    plan = plan_scene(_rng(rng), _difficulty(difficulty), mode, faces=faces, kit=kit, light=light, size=size)
    return draw(plan), plan.scene()


def _order(things: Sequence[Thing]) -> list[Thing]:
    """Cards first, then dice from the edge of the view inwards (an inner die may hide an outer one)."""

    def key(t: Thing) -> tuple[int, float]:
        if isinstance(t, Card):
            return 0, 0.0
        x, y = t.cube.centre
        return 1, -math.hypot(x, y)

    return sorted(things, key=key)


def compose(
    plan: Plan,
    background: Frame,
    things: Sequence[Thing],
    smears: Sequence[tuple[float, float] | None] | None = None,
    shadows: bool = True,
    in_place: bool = False,
) -> Frame:
    """The tray with ``things`` (and their shadows) drawn in, before light and camera
    (into ``background`` itself with ``in_place``)."""
    canvas = background if in_place else background.copy()
    light_from = plan.light.light_from()
    elevation = plan.light.lamp_elevation_deg
    smear_of = {id(t): s for t, s in zip(things, smears or [None] * len(things), strict=True)}
    ordered = _order(things)
    for layer in (True, False):  # cards and their shadows first, then the dice's shadows and the dice
        group = [t for t in ordered if isinstance(t, Card) == layer]
        for thing in group if shadows else ():
            draw_shadow(canvas, thing, plan.camera, light_from, elevation)
        for thing in group:
            draw_thing(canvas, thing, plan.camera, light_from, elevation, smear_of[id(thing)])
    return canvas


def develop(
    canvas: Frame,
    light: Light,
    camera_capture: Capture,
    gain: NDArray[np.float32] | None = None,
) -> Frame:
    """Light the scene (colour cast, exposure, shadows, glare) and take the picture (blur, noise, JPEG)."""
    h, w = canvas.shape[:2]
    if gain is None:
        gain = light_gain(light, w, h, out=scratch("gain", (h, w, 3), np.float32))
    lit = as_u8(cv2.multiply(canvas, gain, dst=scratch("lit", canvas.shape, np.uint8), dtype=cv2.CV_8U))
    if light.glare is not None:
        add_glare(lit, light.glare, light.cast())
    return capture(lit, camera_capture)


def draw(plan: Plan) -> Frame:
    """The frame of ``plan`` (no randomness beyond the plan's own seeds)."""
    camera = plan.camera
    tray = draw_tray(
        plan.tray,
        camera,
        plan.light.light_from(),
        scratch("tray", (camera.height, camera.width, 3), np.uint8),
    )
    return develop(compose(plan, tray, plan.things, in_place=True), plan.light, plan.capture)


@dataclass(frozen=True, slots=True)
class Roll:
    """A thrown roll as a frame sequence: ``moving[i]`` says whether anything moves in frame i.

    ``scene`` is the truth of the resting dice (the last frames). Frames differ only in the
    sensor noise once the dice rest.
    """

    frames: tuple[Frame, ...]
    moving: tuple[bool, ...]
    scene: Scene
    fps: float
    plan: Plan
    """The resting scene: ``draw(plan)`` is the last frame but for the sensor noise."""

    @property
    def settled_at(self) -> int:
        """The first frame in which nothing moves any more."""
        return max((i for i, m in enumerate(self.moving) if m), default=-1) + 1


def render_roll(
    rng: np.random.Generator | int,
    difficulty: Difficulty | str = DEFAULT,
    mode: Mode = "pips",
    *,
    frames: int = 60,
    throw_frames: int = 24,
    fps: float = 30.0,
    hand: bool = True,
    faces: Sequence[TruthFace] | None = None,
    kit: Kit | None = None,
    light: Light | None = None,
    size: tuple[int, int] = (640, 480),
) -> Roll:
    """Dice thrown into the tray: they slide and tumble for ``throw_frames``, then rest.

    Cheap: the tray and the light are drawn once, each frame only redraws the dice and the noise.
    With ``hand`` a hand's shadow withdraws over the first third of the throw.
    """
    if frames < 1 or throw_frames < 0:
        raise ValueError(f"a roll needs frames >= 1 and throw_frames >= 0, got {frames} and {throw_frames}")
    gen = _rng(rng)
    d = _difficulty(difficulty)
    plan = plan_scene(gen, d, mode, faces=faces, kit=kit, light=light, size=size)
    plan = replace(plan, light=replace(plan.light, hand=None), capture=replace(plan.capture, motion_px=0.0))
    camera = plan.camera
    background = draw_tray(plan.tray, camera, plan.light.light_from())
    still_gain = light_gain(plan.light, camera.width, camera.height)
    paths = [_path(gen, t, plan) for t in plan.things]
    hand_shadow = _hand(gen, camera.width, camera.height) if hand and throw_frames else None
    out: list[Frame] = []
    moving: list[bool] = []
    previous: list[Thing] | None = None
    for i in range(frames):
        s = min(1.0, i / throw_frames) if throw_frames else 1.0
        things = [path(s) for path in paths]
        smears = _smears(previous, things, camera) if previous is not None else None
        previous = things
        light_now, gain = plan.light, still_gain
        reach = 1 - 3 * s
        if hand_shadow is not None and reach > 0:
            h = hand_shadow
            pulled = replace(
                h,
                x=h.x - math.cos(h.angle) * h.size * 3 * (1 - reach),
                y=h.y - math.sin(h.angle) * h.size * 3 * (1 - reach),
            )
            light_now = replace(plan.light, hand=pulled)
            gain = light_gain(light_now, camera.width, camera.height)
        canvas = scratch("roll", background.shape, np.uint8)
        np.copyto(canvas, background)
        compose(plan, canvas, things, smears, in_place=True)
        frame_capture = replace(plan.capture, noise_seed=plan.capture.noise_seed + i)
        out.append(develop(canvas, light_now, frame_capture, gain))
        moving.append(s < 1.0 or (hand_shadow is not None and reach > 0))
    return Roll(tuple(out), tuple(moving), plan.scene(), fps, plan)


def _hand(rng: np.random.Generator, width: int, height: int) -> HandShadow:
    size = float(rng.uniform(0.12, 0.18)) * width
    return HandShadow(width * float(rng.uniform(0.3, 0.7)), height * 0.2, math.pi / 2, size, 0.45)


def _path(rng: np.random.Generator, thing: Thing, plan: Plan) -> _Path:
    if isinstance(thing, Card):
        return _Path(thing, (0.0, 0.0), (1.0, 0.0, 0.0), 0.0, 0.0, 0.0)
    tray = plan.tray
    end = np.array(thing.cube.centre)
    heading = float(rng.uniform(0, 2 * math.pi))
    travel = float(rng.uniform(0.25, 0.5)) * min(tray.size)
    start = end - travel * np.array([math.cos(heading), math.sin(heading)])
    limit = np.array(tray.size) / 2 - thing.cube.side
    start = np.clip(start - tray.centre, -limit, limit) + tray.centre
    axis = (-math.sin(heading), math.cos(heading), 0.0)
    tumble = int(rng.integers(2, 6)) * math.pi / 2
    spin = float(rng.uniform(-math.pi, math.pi))
    return _Path(
        thing,
        (float(start[0] - end[0]), float(start[1] - end[1])),
        axis,
        tumble,
        spin,
        float(rng.uniform(0.3, 0.8)) * thing.cube.side,
    )


@dataclass(frozen=True, slots=True)
class _Path:
    """Where a thrown die is at time s in [0, 1]: it slides in, tumbles and spins, easing to rest."""

    thing: Thing
    offset: tuple[float, float]
    axis: tuple[float, float, float]
    tumble: float
    spin: float
    hop: float

    def __call__(self, s: float) -> Thing:
        if isinstance(self.thing, Card) or s >= 1.0:
            return self.thing
        die = self.thing
        left = (1 - s) ** 3  # what remains of the motion (ease out)
        turn = rotation_about(
            self.axis,
            self.tumble * left,
            then=rotation_about((0.0, 0.0, 1.0), self.spin * left, then=die.cube.turn),
        )
        x, y = die.cube.centre
        centre = (x + self.offset[0] * left, y + self.offset[1] * left)
        lift = self.hop * abs(math.sin(3 * math.pi * (1 - left))) * left
        cube = Cube(centre, die.cube.side, turn, lift)
        return replace(die, cube=cube) if isinstance(die, PipDie | ColourDie) else die


def _smears(
    before: Sequence[Thing], now: Sequence[Thing], camera: Camera
) -> list[tuple[float, float] | None]:
    """Half a frame's travel of each die in pixels (the exposure's share of the frame time)."""
    out: list[tuple[float, float] | None] = []
    for a, b in zip(before, now, strict=True):
        if isinstance(a, Card) or isinstance(b, Card) or a is b:
            out.append(None)
            continue
        pa = camera.project(np.array([[*a.cube.centre, a.cube.side / 2]]))[0]
        pb = camera.project(np.array([[*b.cube.centre, b.cube.side / 2]]))[0]
        out.append((float(pb[0] - pa[0]) / 2, float(pb[1] - pa[1]) / 2))
    return out
