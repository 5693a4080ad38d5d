"""Every random choice of one synthetic scene, made up front: camera, tray, light, dice and cards.

A ``Plan`` is a frozen value; drawing it (``measure.synth.draw``) uses no other randomness, so
the same plan always gives the same frame, and a plan with some things removed gives the same
tray and light without them. ``Plan.scene()`` is the truth that goes with the frame.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

import numpy as np

from measure.synth.geometry import Camera, Cube, Flat, Points, apart, rotation_about, rotation_z
from measure.synth.light import Capture, Glare, HandShadow, Light
from measure.synth.paint import (
    FOREIGN_COLOURS,
    LEZARD_COLOURS,
    LIZARD_COLOURS,
    STONOGA_COLOURS,
    CardKind,
    Kit,
    PipLook,
    sample_kit,
    sample_pip_look,
)
from measure.synth.settings import DEFAULT, Difficulty
from measure.synth.things import Card, ColourDie, PipDie, Thing, box, colour_faces, pip_faces
from measure.synth.tray import Tray, sample_tray

Mode = Literal["pips", "colours", "cards"]
MODES: tuple[Mode, ...] = ("pips", "colours", "cards")
COLOUR_FACES = (*STONOGA_COLOURS, "star")
"""The six faces of a Nogi Stonogi die; colour dice may also show a ``FOREIGN_COLOURS`` face."""


@dataclass(frozen=True, slots=True)
class CardFace:
    """What a Lezard card shows: ``square`` (one colour), ``squares`` (two, in order) or ``lizard``.

    >>> CardFace("squares", ("red", "blue")).json()
    {'kind': 'squares', 'colours': ['red', 'blue']}
    """

    kind: CardKind
    colours: tuple[str, ...]

    def __post_init__(self) -> None:
        wanted = 2 if self.kind == "squares" else 1
        if self.kind not in ("square", "squares", "lizard") or len(self.colours) != wanted:
            raise ValueError(f"a {self.kind!r} card needs {wanted} colour(s), got {self.colours!r}")

    def json(self) -> dict[str, object]:
        """The face as ``kostka read --mode cards --json`` writes it."""
        return {"kind": self.kind, "colours": list(self.colours)}


TruthFace = int | str | CardFace


@dataclass(frozen=True, slots=True)
class Truth:
    """One die or card as drawn: ``kind`` pips, colour or card; its top ``face`` (1-6, a colour
    name or ``star``, or a ``CardFace``); its ``box`` (x, y, w, h) in pixels around all that the
    camera sees of it; ``cocked`` when it leans on a wall (``face`` is then its most upward face)."""

    kind: Literal["pips", "colour", "card"]
    face: TruthFace
    box: tuple[int, int, int, int]
    cocked: bool = False
    look: str = ""
    """What it looks like, for people: ``white body, black pips``, ``boot``, ``card``..."""


@dataclass(frozen=True, slots=True)
class Scene:
    """The truth of one synthetic frame: its things and the light and camera used."""

    width: int
    height: int
    things: tuple[Truth, ...]
    light: Light
    capture: Capture
    camera: Camera
    floor: str
    difficulty: str

    def labels(self, image: str) -> list[tuple[str, str, float, float, float, float]]:
        """Rows in the labels.csv format of ../shared/data/dice-photos: image, value, cx, cy, w, h.

        The value is the pip count, the colour name or ``kind:colour+colour`` for a card; ``0``
        for a cocked die (as the photo sets mark a die resting on the wall). Boxes are fractions.

        >>> scene = Scene(100, 50, (Truth("pips", 4, (10, 10, 20, 10)),), Light(), Capture(),
        ...               Camera(100, 50, 90.0, 350.0), "grey felt", "easy")
        >>> scene.labels("a.png")
        [('a.png', '4', 0.2, 0.3, 0.2, 0.2)]
        """
        rows = []
        for t in self.things:
            x, y, w, h = t.box
            if isinstance(t.face, CardFace):
                value = f"{t.face.kind}:{'+'.join(t.face.colours)}"
            else:
                value = "0" if t.cocked else str(t.face)
            rows.append(
                (
                    image,
                    value,
                    (x + w / 2) / self.width,
                    (y + h / 2) / self.height,
                    w / self.width,
                    h / self.height,
                )
            )
        return rows


@dataclass(frozen=True, slots=True)
class Plan:
    """Everything needed to draw one frame."""

    camera: Camera
    tray: Tray
    light: Light
    capture: Capture
    things: tuple[Thing, ...] = field(default=())
    difficulty: str = "default"

    def scene(self) -> Scene:
        return Scene(
            width=self.camera.width,
            height=self.camera.height,
            things=tuple(truth(t, self.camera) for t in self.things),
            light=self.light,
            capture=self.capture,
            camera=self.camera,
            floor=self.tray.floor,
            difficulty=self.difficulty,
        )


def truth(thing: Thing, camera: Camera) -> Truth:
    """The truth entry of one drawn thing."""
    where = box(thing, camera)
    if isinstance(thing, Card):
        return Truth("card", CardFace(thing.kind, thing.colours), where, False, "card")
    cocked = thing.cube.tilt_deg() > 5.0
    top = thing.faces[thing.cube.top_face()]
    if isinstance(thing, PipDie):
        return Truth("pips", top, where, cocked, f"{_name(thing.look.body)} body")
    return Truth("colour", top, where, cocked, thing.kit.style)


def _name(bgr: tuple[float, float, float]) -> str:
    b, g, r = bgr
    if min(bgr) > 170:
        return "white"
    if max(bgr) < 70:
        return "black"
    return (
        {0: "blue", 1: "green", 2: "red"}[int(np.argmax([b, g, r]))] if max(bgr) - min(bgr) > 60 else "grey"
    )


def _u(rng: np.random.Generator, span: tuple[float, float]) -> float:
    return float(rng.uniform(span[0], span[1]))


def sample_camera(rng: np.random.Generator, d: Difficulty, width: int, height: int) -> Camera:
    fov = math.radians(_u(rng, d.field_of_view_deg))
    return Camera(
        width=width,
        height=height,
        focal_px=(width / 2) / math.tan(fov / 2),
        height_mm=_u(rng, d.camera_mm),
        tilt_deg=(_u(rng, (-d.tilt_deg, d.tilt_deg)), _u(rng, (-d.tilt_deg, d.tilt_deg))),
    )


def sample_light(rng: np.random.Generator, d: Difficulty, width: int, height: int) -> Light:
    glare = hand = None
    if rng.random() < d.glare:
        glare = Glare(
            x=_u(rng, (0.1, 0.9)) * width,
            y=_u(rng, (0.1, 0.9)) * height,
            radius=_u(rng, d.glare_radius) * width,
            strength=_u(rng, d.glare_strength),
        )
    if rng.random() < d.hand:
        edge = int(rng.integers(4))  # the hand comes in over one edge, fingers pointing inwards
        t = _u(rng, (0.2, 0.8))
        x, y, angle = [
            (t * width, 0.0, 90.0),
            (width, t * height, 180.0),
            (t * width, height, 270.0),
            (0.0, t * height, 0.0),
        ][edge]
        size = _u(rng, (0.1, 0.17)) * width
        deep = _u(rng, (0.2, 1.2)) * size
        angle = math.radians(angle + _u(rng, (-30, 30)))
        hand = HandShadow(
            x + deep * math.cos(angle), y + deep * math.sin(angle), angle, size, _u(rng, d.hand_darkness)
        )
    return Light(
        kelvin=_u(rng, d.kelvin),
        white_balance_left=_u(rng, d.white_balance_left),
        brightness=_u(rng, d.brightness),
        lamp_azimuth_deg=_u(rng, (0.0, 360.0)),
        lamp_elevation_deg=_u(rng, d.lamp_elevation_deg),
        vignette=_u(rng, d.vignette),
        glare=glare,
        hand=hand,
    )


def sample_capture(rng: np.random.Generator, d: Difficulty, light: Light) -> Capture:
    moving = rng.random() < d.motion
    gain = 1 / math.sqrt(max(0.2, min(1.0, light.brightness)))  # a dim room: the camera turns the gain up
    jpeg = rng.random() < d.jpeg
    return Capture(
        defocus_sigma=_u(rng, d.defocus_sigma),
        motion_px=_u(rng, d.motion_px) if moving else 0.0,
        motion_angle_deg=_u(rng, (0.0, 180.0)),
        noise_sigma=_u(rng, d.noise_sigma) * gain,
        jpeg_quality=int(rng.integers(d.jpeg_quality[0], d.jpeg_quality[1] + 1)) if jpeg else None,
        noise_seed=int(rng.integers(2**31)),
    )


def sample_faces(rng: np.random.Generator, d: Difficulty, mode: Mode) -> list[TruthFace]:
    """Random faces for a scene of ``mode``: pip values, Stonoga faces or Lezard cards."""
    if mode == "cards":
        faces: list[TruthFace] = []
        for _ in range(int(rng.integers(d.cards[0], d.cards[1] + 1))):
            kind: CardKind = ("square", "squares", "lizard")[int(rng.choice(3, p=[0.4, 0.4, 0.2]))]
            names = LIZARD_COLOURS if kind == "lizard" else LEZARD_COLOURS
            picked = rng.choice(len(names), size=2 if kind == "squares" else 1, replace=False)
            faces.append(CardFace(kind, tuple(names[int(i)] for i in picked)))
        return faces
    count = int(rng.integers(d.dice[0], d.dice[1] + 1))
    if mode == "pips":
        return [int(v) for v in rng.integers(1, 7, count)]
    faces = [COLOUR_FACES[int(i)] for i in rng.integers(0, 6, count)]
    foreign = rng.random(count) < d.foreign
    return [
        FOREIGN_COLOURS[int(rng.integers(3))] if f else face for face, f in zip(faces, foreign, strict=True)
    ]


def plan_scene(
    rng: np.random.Generator,
    difficulty: Difficulty = DEFAULT,
    mode: Mode = "pips",
    *,
    faces: Sequence[TruthFace] | None = None,
    kit: Kit | None = None,
    light: Light | None = None,
    size: tuple[int, int] = (1280, 960),
) -> Plan:
    """Draw every choice of a scene from ``rng``; ``faces``, ``kit`` and ``light`` fix those parts.

    A fixed ``kit`` or ``light`` leaves every other choice as the seed makes it: the same seed with
    another light shows the same dice in the same places (teach under one light, read under another).
    """
    if mode not in MODES:
        raise ValueError(f"no synthetic mode {mode!r}: choose one of {', '.join(MODES)}")
    width, height = size
    if width < 64 or height < 48:
        raise ValueError(f"a synthetic frame must be at least 64 x 48 pixels, got {width} x {height}")
    d = difficulty
    camera = sample_camera(rng, d, width, height)
    sampled_light = sample_light(rng, d, width, height)
    light = light if light is not None else sampled_light
    capture = sample_capture(rng, d, light)
    tray = sample_tray(rng, camera, d.floors, d.tray_fill)
    sampled_kit = sample_kit(
        rng, d.kit_jitter, d.gloss
    )  # drawn always, so that fixing it changes nothing else
    kit = kit if kit is not None else sampled_kit
    wanted = list(faces) if faces is not None else sample_faces(rng, d, mode)
    things = _place(rng, d, camera, tray, kit, wanted, strict=faces is not None)
    return Plan(camera, tray, light, capture, tuple(things), d.name)


def _place(
    rng: np.random.Generator,
    d: Difficulty,
    camera: Camera,
    tray: Tray,
    kit: Kit,
    wanted: list[TruthFace],
    strict: bool,
) -> list[Thing]:
    die_mm = _u(rng, d.die_mm)
    shared_look = sample_pip_look(rng, d.pip_bodies, d.gloss) if rng.random() < d.same_pip_body else None
    placed: list[Thing] = []
    for face in wanted:
        thing = None
        for _ in range(80):
            thing = _candidate(rng, d, tray, kit, face, die_mm, shared_look, placed)
            if thing is not None and _fits(thing, placed, camera, tray):
                break
            thing = None
        if thing is None:
            if strict:
                raise ValueError(
                    f"could not place {len(wanted)} things in a {camera.width} x {camera.height}"
                    " frame without overlap: ask for fewer or a larger frame"
                )
            continue
        placed.append(thing)
    return placed


def _candidate(
    rng: np.random.Generator,
    d: Difficulty,
    tray: Tray,
    kit: Kit,
    face: TruthFace,
    die_mm: float,
    shared_look: PipLook | None,
    placed: list[Thing],
) -> Thing | None:
    if isinstance(face, CardFace):
        long = _u(rng, d.card_mm)
        x = tray.centre[0] + _u(rng, (-0.5, 0.5)) * tray.size[0]
        y = tray.centre[1] + _u(rng, (-0.5, 0.5)) * tray.size[1]
        angle = math.radians(_u(rng, (-d.card_turn_deg, d.card_turn_deg)))
        return Card(Flat((x, y), (long, long * 2 / 3), angle), face.kind, face.colours, kit)
    side = die_mm * (1 + _u(rng, (-d.die_spread, d.die_spread)))
    cube = None
    if rng.random() < d.cocked:
        cube = _cocked(rng, tray, side, d.cocked_tilt_deg)
    elif rng.random() < d.touching:
        cube = _touching(rng, side, [t for t in placed if not isinstance(t, Card)])
    if cube is None:
        x = tray.centre[0] + _u(rng, (-0.5, 0.5)) * tray.size[0]
        y = tray.centre[1] + _u(rng, (-0.5, 0.5)) * tray.size[1]
        cube = Cube((x, y), side, rotation_z(_u(rng, (0.0, 2 * math.pi))))
    if isinstance(face, int):
        if not 1 <= face <= 6:
            raise ValueError(f"a pip face must be 1-6, got {face!r}")
        look = shared_look if shared_look is not None else sample_pip_look(rng, d.pip_bodies, d.gloss)
        return PipDie(cube, pip_faces(face, rng), look)
    if face not in COLOUR_FACES + FOREIGN_COLOURS:
        known = ", ".join(COLOUR_FACES + FOREIGN_COLOURS)
        raise ValueError(f"a colour face must be one of {known}, got {face!r}")
    return ColourDie(cube, colour_faces(face, rng), kit)


_WALLS = ((0.0, -1.0), (1.0, 0.0), (0.0, 1.0), (-1.0, 0.0))


def _cocked(rng: np.random.Generator, tray: Tray, side: float, tilt_deg: tuple[float, float]) -> Cube:
    """A die leaning on a wall: bottom edge on the floor, the edge nearest the wall against it."""
    dx, dy = _WALLS[int(rng.integers(4))]
    tilt = math.radians(_u(rng, tilt_deg))
    yaw = rotation_z(math.radians(_u(rng, (-4.0, 4.0))) + int(rng.integers(4)) * math.pi / 2)
    axis = (-dy, dx, 0.0)
    turn = rotation_about(axis, tilt, then=yaw)
    if float(np.asarray(turn)[:, 2] @ np.array([dx, dy, 0.0])) > 0:  # the top must lean away from the wall
        turn = rotation_about(axis, -tilt, then=yaw)
    probe = Cube((0.0, 0.0), side, turn)
    reach = float((probe.vertices()[:, :2] @ np.array([dx, dy])).max())
    half = tray.size[0] / 2 if dx else tray.size[1] / 2
    along = _u(rng, (-0.45, 0.45)) * (tray.size[1] if dx else tray.size[0])
    across = half - reach - 0.05
    x = tray.centre[0] + (across * dx if dx else along)
    y = tray.centre[1] + (across * dy if dy else along)
    return Cube((x, y), side, turn)


def _touching(rng: np.random.Generator, side: float, dice: list[Thing]) -> Cube | None:
    """A flat die set against a flat neighbour, face to face, slid a little along it."""
    flat = [t.cube for t in dice if isinstance(t, PipDie | ColourDie) and t.cube.tilt_deg() < 1.0]
    if not flat:
        return None
    other = flat[int(rng.integers(len(flat)))]
    m = np.asarray(other.turn)
    axis = m[:2, int(rng.integers(2))] * (1 if rng.random() < 0.5 else -1)
    slide = np.array([-axis[1], axis[0]]) * _u(rng, (-0.45, 0.45)) * side
    gap = (other.side + side) / 2 + _u(rng, (0.05, 0.6))
    centre = np.array(other.centre) + axis * gap + slide
    yaw = math.atan2(m[1, 0], m[0, 0]) + math.radians(_u(rng, (-2.0, 2.0)))
    return Cube((float(centre[0]), float(centre[1])), side, rotation_z(yaw))


def _footprint(thing: Thing) -> Points:
    return thing.flat.footprint() if isinstance(thing, Card) else thing.cube.footprint()


def _fits(thing: Thing, placed: list[Thing], camera: Camera, tray: Tray) -> bool:
    foot = _footprint(thing)
    margin = -0.1 if not isinstance(thing, Card) and thing.cube.tilt_deg() > 1 else 0.5
    if not all(tray.inside(float(x), float(y), margin) for x, y in foot):
        return False
    x, y, w, h = box(thing, camera)
    if x < 2 or y < 2 or x + w > camera.width - 2 or y + h > camera.height - 2:
        return False
    return all(apart(foot, _footprint(other), 0.04) for other in placed)
