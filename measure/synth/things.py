"""Dice and cards for the synthetic renderer, and how they are drawn into the tray.

A die is a cube seen through the pinhole camera: every face turned towards the camera is drawn
(the top face, and near the edge of the view a side face or two, with their own pips or colours),
shaded by the lamp, with rounded corners and a soft shadow on the floor. A card is a flat
picture with a faint shadow.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

import cv2
import numpy as np
from numpy.typing import NDArray

from measure.synth.geometry import FACE_NORMALS, Camera, Cube, Flat, Points, pixel_box
from measure.synth.light import as_f32, as_u8, motion_kernel
from measure.synth.paint import CardKind, Kit, PipLook, Sprite, card_face, colour_face, highlight, pip_face

Canvas = NDArray[np.uint8]

OPPOSITE_COLOUR = {
    "yellow": "blue",
    "blue": "yellow",
    "red": "green",
    "green": "red",
    "black": "star",
    "star": "black",
}
"""A colour die's opposite faces (a guess: only the top face matters to the referee)."""


@dataclass(frozen=True, slots=True)
class PipDie:
    """A pip die: its cube, the value on each of its six faces (cube face order), its look."""

    cube: Cube
    faces: tuple[int, int, int, int, int, int]
    look: PipLook


@dataclass(frozen=True, slots=True)
class ColourDie:
    """A colour die (Nogi Stonogi): its cube, the colour or ``star`` on each face, its copy's kit."""

    cube: Cube
    faces: tuple[str, str, str, str, str, str]
    kit: Kit


@dataclass(frozen=True, slots=True)
class Card:
    """A Lezard card lying flat: one square, two squares (left first) or a lizard, in colours."""

    flat: Flat
    kind: CardKind
    colours: tuple[str, ...]
    kit: Kit


Thing = PipDie | ColourDie | Card


def pip_faces(top: int, rng: np.random.Generator) -> tuple[int, int, int, int, int, int]:
    """Six face values with ``top`` on top and opposite faces summing to seven.

    >>> faces = pip_faces(3, np.random.default_rng(0))
    >>> faces[0], faces[1], sorted(faces)
    (3, 4, [1, 2, 3, 4, 5, 6])
    """
    others = [v for v in range(1, 7) if v not in (top, 7 - top)]
    a = others[int(rng.integers(len(others)))]
    b = [v for v in others if v not in (a, 7 - a)][int(rng.integers(2))]
    return top, 7 - top, a, 7 - a, b, 7 - b


def colour_faces(top: str, rng: np.random.Generator) -> tuple[str, str, str, str, str, str]:
    """Six faces with ``top`` on top: yellow opposite blue, red opposite green, black opposite star.

    A foreign colour on top (a die from another game) takes the place of black.
    """
    pairs = [p for p in (("yellow", "blue"), ("red", "green"), ("black", "star")) if top not in p]
    if len(pairs) == 3:
        pairs = pairs[:2]
    if rng.random() < 0.5:
        pairs = pairs[::-1]
    (a, b), (c, d) = (p if rng.random() < 0.5 else p[::-1] for p in pairs)
    return top, OPPOSITE_COLOUR.get(top, "star"), a, b, c, d


def outline(thing: Thing, camera: Camera) -> Points:
    """Pixel positions of the corners of what the camera sees of ``thing``."""
    if isinstance(thing, Card):
        return camera.project(thing.flat.corners())
    eye = camera.position
    faces = thing.cube.visible_faces(eye)
    return np.vstack([camera.project(thing.cube.face_corners(f)) for f in faces])


def box(thing: Thing, camera: Camera) -> tuple[int, int, int, int]:
    """The truth box ``(x, y, w, h)`` around what the camera sees of ``thing``."""
    return pixel_box(outline(thing, camera))


def _roi(points: Points, pad: float, canvas: Canvas) -> tuple[int, int, int, int] | None:
    h, w = canvas.shape[:2]
    x0, y0 = (math.floor(v - pad) for v in points.min(axis=0))
    x1, y1 = (math.ceil(v + pad) for v in points.max(axis=0))
    x0, y0, x1, y1 = max(0, x0), max(0, y0), min(w, x1), min(h, y1)
    if x1 - x0 < 2 or y1 - y0 < 2:
        return None
    return x0, y0, x1, y1


def _pts(points: Points) -> NDArray[np.int32]:
    return np.round(points * 16).astype(np.int32)


def draw_shadow(
    canvas: Canvas,
    thing: Thing,
    camera: Camera,
    light_from: tuple[float, float],
    elevation_deg: float,
    strength: float = 1.0,
) -> None:
    """Darken the floor under and beside ``thing``: a soft cast shadow and a tighter contact shadow."""
    if isinstance(thing, Card):
        corners, size_mm, height = thing.flat.corners(), min(thing.flat.size), 1.2
    else:
        corners, size_mm, height = thing.cube.vertices(), thing.cube.side, 0.0
    reach = 1.0 / math.tan(math.radians(max(elevation_deg, 15.0)))
    z = np.maximum(corners[:, 2], height)
    cast = corners[:, :2] - z[:, None] * reach * np.array(light_from)
    base = corners[:, :2]
    px_per_mm = camera.focal_px / camera.height_mm
    soft = max(1.0, 0.12 * size_mm * px_per_mm)
    ground = camera.project(np.column_stack([np.vstack([base, cast]), np.zeros(2 * len(base))]))
    tight = camera.project(np.column_stack([base, np.zeros(len(base))]))
    roi = _roi(ground, 3 * soft, canvas)
    if roi is None:
        return
    x0, y0, x1, y1 = roi
    far = np.zeros((y1 - y0, x1 - x0), np.float32)
    near = np.zeros_like(far)
    cv2.fillConvexPoly(
        far, _pts(cv2.convexHull(ground.astype(np.float32))[:, 0] - [x0, y0]), 1.0, cv2.LINE_AA, 4
    )
    cv2.fillConvexPoly(
        near, _pts(cv2.convexHull(tight.astype(np.float32))[:, 0] - [x0, y0]), 1.0, cv2.LINE_AA, 4
    )
    far = as_f32(cv2.GaussianBlur(far, (0, 0), soft))
    near = as_f32(cv2.GaussianBlur(near, (0, 0), max(0.7, soft / 3)))
    dim = (1 - 0.45 * strength * far) * (1 - 0.35 * strength * near)
    view = canvas[y0:y1, x0:x1]
    view[:] = as_u8(cv2.multiply(view, cv2.merge([dim, dim, dim]), dtype=cv2.CV_8U))


def _shade(normal: Points, light_from: tuple[float, float], elevation_deg: float) -> float:
    el = math.radians(elevation_deg)
    lamp = np.array([math.cos(el) * light_from[0], math.cos(el) * light_from[1], math.sin(el)])
    ambient, diffuse = 0.45, 0.55
    return (ambient + diffuse * max(0.0, float(normal @ lamp))) / (ambient + diffuse * math.sin(el))


def _towards(cube: Cube, face: int, light_from: tuple[float, float]) -> tuple[float, float]:
    """The lamp's direction in ``face``'s own picture: where a highlight sits."""
    corners = cube.face_corners(face)
    u = (corners[1] - corners[0])[:2]
    v = (corners[3] - corners[0])[:2]
    lx, ly = light_from
    a, b = float(u @ (lx, ly)), float(v @ (lx, ly))
    norm = math.hypot(a, b) or 1.0
    return a / norm, b / norm


def _sprite(thing: PipDie | ColourDie, face: int, size: int) -> Sprite:
    """The flat picture of one face (shared and read-only: copy before changing it)."""
    if isinstance(thing, PipDie):
        return _pip_sprite(thing.faces[face], size, thing.look)
    return _colour_sprite(thing.faces[face], size, thing.kit)


@functools.lru_cache(maxsize=48)
def _pip_sprite(value: int, size: int, look: PipLook) -> Sprite:
    sprite = pip_face(value, size, look)
    sprite.flags.writeable = False
    return sprite


@functools.lru_cache(maxsize=48)
def _colour_sprite(name: str, size: int, kit: Kit) -> Sprite:
    sprite = colour_face(name, size, kit)
    sprite.flags.writeable = False
    return sprite


def draw_die(
    canvas: Canvas,
    die: PipDie | ColourDie,
    camera: Camera,
    light_from: tuple[float, float],
    elevation_deg: float,
    smear: tuple[float, float] | None = None,
) -> None:
    """Draw the faces of ``die`` that the camera sees, rounded, shaded, in place (optionally smeared)."""
    cube = die.cube
    faces = cube.visible_faces(camera.position)
    top = cube.top_face()
    quads = {f: camera.project(cube.face_corners(f)) for f in faces}
    every = np.vstack(list(quads.values()))
    pad = 3.0 + (math.hypot(*smear) if smear else 0.0)
    roi = _roi(every, pad, canvas)
    if roi is None:
        return
    x0, y0, x1, y1 = roi
    rw, rh = x1 - x0, y1 - y0
    side_px = cube.side * camera.focal_px / camera.height_mm
    size = int(np.clip(2 * side_px, 32, 160))
    square = np.array([[0, 0], [size, 0], [size, size], [0, size]], np.float32)
    total = np.zeros((rh, rw, 3), np.float32)
    weight = np.zeros((rh, rw), np.float32)
    ones = np.ones((size, size), np.float32)
    for f in faces:
        dst = (quads[f] - [x0, y0]).astype(np.float32)
        if abs(cv2.contourArea(dst)) < 0.5:
            continue
        sprite = _sprite(die, f, size) * np.float32(_shade(cube.normal(f), light_from, elevation_deg))
        gloss = die.look.gloss if isinstance(die, PipDie) else die.kit.gloss
        if gloss > 0 and f == top:
            highlight(sprite, _towards(cube, f, light_from), gloss)
        sprite = as_f32(cv2.GaussianBlur(sprite, (0, 0), max(0.5, 0.35 * size / side_px)))
        warp = cv2.getPerspectiveTransform(square, dst)
        face = cv2.warpPerspective(
            sprite, warp, (rw, rh), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE
        )
        cover = cv2.warpPerspective(
            ones, warp, (rw, rh), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT
        )
        total += face * cover[:, :, None]
        weight += cover
    layer = as_f32(total / np.maximum(weight, 1e-4)[:, :, None])
    mask = np.zeros((rh, rw), np.float32)
    hull = np.asarray(cv2.convexHull((every - [x0, y0]).astype(np.float32)), np.float64)[:, 0]
    cv2.fillConvexPoly(mask, _pts(hull), 1.0, cv2.LINE_AA, 4)
    corner = max(1, round(0.1 * side_px))  # rounded corners: an opening takes the sharp corners off
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * corner + 1, 2 * corner + 1))
    mask = as_f32(cv2.GaussianBlur(cv2.morphologyEx(mask, cv2.MORPH_OPEN, kernel), (3, 3), 0.6))
    if smear is not None and math.hypot(*smear) >= 1.5:
        k = motion_kernel(math.hypot(*smear), math.degrees(math.atan2(smear[1], smear[0])))
        layer = as_f32(cv2.filter2D(layer * mask[:, :, None], -1, k))
        mask = as_f32(cv2.filter2D(mask, -1, k))
        layer = as_f32(layer / np.maximum(mask, 1e-4)[:, :, None])
    _blend(canvas[y0:y1, x0:x1], layer, mask)


def _blend(view: Canvas, layer: NDArray[np.float32], alpha: NDArray[np.float32]) -> None:
    """``view = view * (1 - alpha) + layer * alpha``, in place, rounded to uint8."""
    a = alpha[:, :, None]
    mixed = view.astype(np.float32) * (1 - a) + layer * a
    view[:] = as_u8(cv2.convertScaleAbs(mixed))  # rounds and saturates (nothing is negative)


def draw_card(
    canvas: Canvas, card: Card, camera: Camera, light_from: tuple[float, float], elevation_deg: float
) -> None:
    """Draw ``card`` flat on the floor, in place."""
    corners = camera.project(card.flat.corners())
    roi = _roi(corners, 2.0, canvas)
    if roi is None:
        return
    x0, y0, x1, y1 = roi
    long_px = card.flat.size[0] * camera.focal_px / camera.height_mm
    width = int(np.clip(1.5 * long_px, 96, 480))
    sprite, alpha = card_face(card.kind, card.colours, width, card.kit)
    sprite = as_f32(cv2.GaussianBlur(sprite, (0, 0), max(0.5, 0.3 * width / long_px)))
    h, w = sprite.shape[:2]
    src = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    warp = cv2.getPerspectiveTransform(src, (corners - [x0, y0]).astype(np.float32))
    size = (x1 - x0, y1 - y0)
    face = cv2.warpPerspective(sprite, warp, size, flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    cover = cv2.warpPerspective(alpha, warp, size, flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT)
    shade = _shade(FACE_NORMALS[0], light_from, elevation_deg)
    _blend(canvas[y0:y1, x0:x1], as_f32(face) * np.float32(shade), as_f32(cover))


def draw_thing(
    canvas: Canvas,
    thing: Thing,
    camera: Camera,
    light_from: tuple[float, float],
    elevation_deg: float,
    smear: tuple[float, float] | None = None,
) -> None:
    """Draw a die or a card into ``canvas`` in place."""
    if isinstance(thing, Card):
        draw_card(canvas, thing, camera, light_from, elevation_deg)
    else:
        draw_die(canvas, thing, camera, light_from, elevation_deg, smear)
