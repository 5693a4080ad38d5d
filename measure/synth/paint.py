"""Pictures of faces and cards for the synthetic renderer: pips, colour faces, boots, stars, lizards.

Every picture is drawn flat (BGR float32, 0-255, as under daylight with a perfect camera); the
renderer warps it onto a die's face or a card. Paints are guesses at plausible plastic and
printed colours: nobody has published the real ones, so a ``Kit`` (one copy of the
games) varies them a little.

>>> face = pip_face(5, 64, PipLook((235.0, 235.0, 235.0), (20.0, 20.0, 20.0)))
>>> face.shape, float(face[32, 32, 0]) < 60, float(face[32, 20, 0]) > 200
((64, 64, 3), True, True)
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from typing import Literal

import cv2
import numpy as np
from numpy.typing import NDArray

BGR = tuple[float, float, float]
Sprite = NDArray[np.float32]


def mix(a: BGR, b: BGR, t: float, k: float = 1.0) -> BGR:
    """``k * (a + (b - a) * t)`` channel by channel, at most 255.

    >>> mix((0.0, 100.0, 200.0), (100.0, 100.0, 100.0), 0.5)
    (50.0, 100.0, 150.0)
    """
    return (
        min(255.0, k * (a[0] + (b[0] - a[0]) * t)),
        min(255.0, k * (a[1] + (b[1] - a[1]) * t)),
        min(255.0, k * (a[2] + (b[2] - a[2]) * t)),
    )


STONOGA_COLOURS = ("yellow", "red", "green", "blue", "black")
"""The five colour faces of Nogi Stonogi's dice (rules/stonoga.py); the sixth is the star."""
LEZARD_COLOURS = ("red", "orange", "yellow", "green", "blue")
"""The colours of Lezard Domino's board and its square cards (rules/data/lezard.toml)."""
LIZARD_COLOURS = ("green", "blue", "red", "yellow")
"""The colours of the box's four lizards, and so of its four lizard cards (the seed rules: "4 karty
jaszczurki", each showing one player's lizard; rules/data/lezard.toml ``lizards``): no orange one."""
FOREIGN_COLOURS = ("white", "purple", "orange")
"""Colour faces that are not Nogi Stonogi's: a reader in colours mode should call them uncertain."""

PAINTS: dict[str, BGR] = {
    "yellow": (25.0, 205.0, 245.0),
    "red": (45.0, 40.0, 200.0),
    "green": (60.0, 150.0, 35.0),
    "blue": (170.0, 90.0, 25.0),
    "black": (38.0, 34.0, 32.0),
    "orange": (25.0, 125.0, 240.0),
    "white": (236.0, 238.0, 238.0),
    "cream": (200.0, 228.0, 240.0),
    "gold": (45.0, 172.0, 218.0),
    "purple": (120.0, 40.0, 95.0),
}
"""Nominal paints, BGR as a well white-balanced camera sees them in daylight."""

PIP_LAYOUTS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (-1, 0), (-1, 1), (1, -1), (1, 0), (1, 1)),
}
"""Pip positions in steps from the face's centre (x, y): the standard Western layouts."""


@dataclass(frozen=True, slots=True)
class PipLook:
    """How one pip die looks: body and pip paint, pip size and spread (fractions of the face)."""

    body: BGR
    pips: BGR
    pip_radius: float = 0.085
    spread: float = 0.25
    big_one: bool = False
    """A large (often red) single pip, as on many Asian dice."""
    one_colour: BGR | None = None
    turned: bool = False
    """Layouts 2, 3 and 6 turned by a quarter (the other diagonal, rows instead of columns)."""
    gloss: float = 0.0
    """Strength of the lamp's highlight on the top face (0: matte)."""


@dataclass(frozen=True, slots=True)
class Kit:
    """One copy of the colour games: its paints and how its dice show a colour.

    ``style``: ``solid`` (the whole face painted), ``sticker`` (a coloured square on a white or
    black body) or ``boot`` (a coloured boot on a light face). The star is always a gold star.
    """

    paints: tuple[tuple[str, BGR], ...]
    style: Literal["solid", "sticker", "boot"] = "solid"
    face_base: BGR = PAINTS["white"]
    star_base: BGR = PAINTS["white"]
    gold: BGR = PAINTS["gold"]
    card_paper: BGR = PAINTS["white"]
    card_ink: BGR = (60.0, 60.0, 60.0)
    gloss: float = 0.0
    """Strength of the lamp's highlight on a die's top face (0: matte)."""

    def paint(self, name: str) -> BGR:
        for key, value in self.paints:
            if key == name:
                return value
        return PAINTS[name]


NOMINAL_KIT = Kit(paints=tuple((name, PAINTS[name]) for name in (*STONOGA_COLOURS, "orange")))


def sample_kit(rng: np.random.Generator, jitter: float = 1.0, gloss: tuple[float, float] = (0.0, 0.0)) -> Kit:
    """A plausible copy of the games: paints jittered in hue, saturation and value by ``jitter``."""
    paints = []
    for name in (*STONOGA_COLOURS, "orange"):
        paints.append((name, _jitter(PAINTS[name], rng, jitter, dark=name == "black")))
    style: Literal["solid", "sticker", "boot"] = ("solid", "sticker", "boot")[int(rng.integers(3))]
    light = (PAINTS["white"], PAINTS["cream"], (225.0, 232.0, 236.0))
    return Kit(
        paints=tuple(paints),
        style=style,
        face_base=light[int(rng.integers(3))],
        star_base=light[int(rng.integers(3))],
        gold=_jitter(PAINTS["gold"], rng, jitter * 0.6),
        card_paper=light[int(rng.integers(3))],
        card_ink=mix((30.0, 30.0, 30.0), (90.0, 90.0, 90.0), float(rng.random())),
        gloss=float(rng.uniform(*gloss)),
    )


def _jitter(bgr: BGR, rng: np.random.Generator, amount: float, dark: bool = False) -> BGR:
    pixel = np.array([[bgr]], dtype=np.uint8)
    h, s, v = (float(x) for x in cv2.cvtColor(pixel, cv2.COLOR_BGR2HSV)[0, 0])
    h = (h + rng.uniform(-2.5, 2.5) * amount) % 180
    s = min(255.0, s * (1 + rng.uniform(-0.15, 0.08) * amount))
    v = (
        min(255.0, v * (1 + rng.uniform(-0.12, 0.06) * amount))
        if not dark
        else v + rng.uniform(-8, 12) * amount
    )
    out = cv2.cvtColor(np.array([[[h, s, max(0.0, v)]]], dtype=np.uint8), cv2.COLOR_HSV2BGR)[0, 0]
    return float(out[0]), float(out[1]), float(out[2])


def sample_pip_look(
    rng: np.random.Generator, kinds: tuple[str, ...] = (), gloss: tuple[float, float] = (0.0, 0.0)
) -> PipLook:
    """A pip die of a common kind: white, ivory, red, black or a coloured body."""
    looks: dict[str, tuple[BGR, BGR]] = {
        "white": (PAINTS["white"], (25.0, 25.0, 28.0)),
        "ivory": ((200.0, 226.0, 236.0), (30.0, 28.0, 30.0)),
        "red": ((40.0, 35.0, 190.0), (240.0, 240.0, 240.0)),
        "black": ((32.0, 30.0, 30.0), (238.0, 238.0, 238.0)),
        "green": ((60.0, 150.0, 35.0), (240.0, 240.0, 240.0)),
        "blue": ((170.0, 90.0, 25.0), (240.0, 240.0, 240.0)),
        "yellow": ((25.0, 205.0, 245.0), (25.0, 25.0, 25.0)),
    }
    names = kinds or tuple(looks)
    body, pips = looks[names[int(rng.integers(len(names)))]]
    big = body == PAINTS["white"] and rng.random() < 0.2
    return PipLook(
        body=_jitter(body, rng, 0.6, dark=body[0] < 50),
        pips=pips,
        pip_radius=float(rng.uniform(0.075, 0.1)),
        spread=float(rng.uniform(0.23, 0.27)),
        big_one=bool(big),
        one_colour=(40.0, 30.0, 200.0) if big else None,
        turned=bool(rng.random() < 0.5),
        gloss=float(rng.uniform(*gloss)),
    )


@functools.lru_cache(maxsize=64)
def _bevel(size: int) -> Sprite:
    """Shading of a rounded die face: flat in the middle, darker towards the rounded edges."""
    t = (np.arange(size, dtype=np.float32) + 0.5) / size
    edge = np.minimum(t, 1 - t)
    ramp = np.clip(edge / 0.09, 0, 1)
    ramp = ramp * ramp * (3 - 2 * ramp)
    both = np.minimum(ramp[:, None], ramp[None, :])
    return (0.72 + 0.28 * both)[:, :, None].astype(np.float32)


def _blank(size: int, colour: BGR) -> Sprite:
    out = np.empty((size, size, 3), np.float32)
    out[:] = colour
    return out


def _circle(img: Sprite, centre: tuple[float, float], radius: float, colour: BGR) -> None:
    s = 16
    cv2.circle(
        img, (round(centre[0] * s), round(centre[1] * s)), round(radius * s), colour, -1, cv2.LINE_AA, 4
    )


def _poly(img: Sprite, points: NDArray[np.float64], colour: BGR) -> None:
    cv2.fillPoly(img, [np.round(points * 16).astype(np.int32)], colour, cv2.LINE_AA, 4)


def pip_face(value: int, size: int, look: PipLook) -> Sprite:
    """A face with ``value`` pips in the standard layout, on a rounded-edge body."""
    img = _blank(size, look.body)
    step = look.spread * size
    radius = look.pip_radius * size
    rim = mix(look.body, look.pips, 0.45)
    for dx, dy in PIP_LAYOUTS[value]:
        if look.turned and value in (2, 3, 6):
            dx, dy = -dy, dx
        r = radius * (1.6 if value == 1 and look.big_one else 1.0)
        colour = look.one_colour if value == 1 and look.one_colour is not None else look.pips
        c = (size / 2 + dx * step, size / 2 + dy * step)
        _circle(img, c, r * 1.12, rim)
        _circle(img, (c[0] + 0.06 * r, c[1] + 0.06 * r), r, colour)
    return img * _bevel(size)


def highlight(sprite: Sprite, towards: tuple[float, float], strength: float) -> None:
    """Add a soft highlight (the lamp seen in a glossy face) near the edge ``towards`` the lamp, in place.

    ``towards`` is the lamp's direction in the face's own picture (x right, y down).
    """
    size = sprite.shape[0]
    cx, cy = size * (0.5 + 0.3 * towards[0]), size * (0.5 + 0.3 * towards[1])
    grid = np.arange(size, dtype=np.float32) + 0.5
    gx = np.exp(-(((grid - cx) / (0.09 * size)) ** 2))
    gy = np.exp(-(((grid - cy) / (0.06 * size)) ** 2))
    blob = (strength * gy[:, None] * gx[None, :])[:, :, None]
    sprite += (255 - np.minimum(sprite, 255)) * blob


def colour_face(name: str, size: int, kit: Kit) -> Sprite:
    """A colour die's face: ``name`` is a Stonoga colour or ``star``."""
    if name == "star":
        img = _blank(size, kit.star_base)
        star(img, (size / 2, size / 2), 0.42 * size, kit.gold)
    elif kit.style == "solid":
        img = _blank(size, kit.paint(name))
    elif kit.style == "sticker":
        img = _blank(size, kit.face_base)
        m = 0.12 * size
        _poly(img, np.array([[m, m], [size - m, m], [size - m, size - m], [m, size - m]]), kit.paint(name))
    else:
        img = _blank(size, kit.face_base)
        boot(img, size, kit.paint(name))
    return img * _bevel(size)


def star(img: Sprite, centre: tuple[float, float], radius: float, gold: BGR) -> None:
    """A five-pointed gold star with a metallic shine (lighter at the top left) and a darker rim."""
    angles = -math.pi / 2 + np.arange(10) * math.pi / 5
    radii = np.where(np.arange(10) % 2 == 0, radius, radius * 0.42)
    pts = np.column_stack([centre[0] + radii * np.cos(angles), centre[1] + radii * np.sin(angles)])
    _poly(img, pts, mix(gold, gold, 0, 0.62))
    inner = centre + (pts - centre) * 0.86
    mask = np.zeros(img.shape[:2], np.float32)
    _poly_mask(mask, inner)
    h, w = img.shape[0], img.shape[1]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    shine = 0.8 + 0.4 * np.clip(
        1
        - ((xx - centre[0] + 0.4 * radius) ** 2 + (yy - centre[1] + 0.4 * radius) ** 2) / (1.6 * radius) ** 2,
        0,
        1,
    )
    paint = np.clip(np.array(gold, np.float32) * shine[:, :, None], 0, 255)
    img[:] = img * (1 - mask[:, :, None]) + paint * mask[:, :, None]


def _poly_mask(mask: NDArray[np.float32], points: NDArray[np.float64]) -> None:
    cv2.fillPoly(mask, [np.round(points * 16).astype(np.int32)], 1.0, cv2.LINE_AA, 4)


_BOOT = np.array(
    [[0.30, 0.13], [0.56, 0.13], [0.56, 0.55], [0.70, 0.60], [0.72, 0.80], [0.28, 0.80], [0.28, 0.60]]
)
_BOOT_SOLE = np.array([[0.27, 0.78], [0.86, 0.78], [0.84, 0.85], [0.27, 0.85]])


def boot(img: Sprite, size: int, paint: BGR) -> None:
    """A boot (a centipede's shoe) in ``paint``: shaft, rounded toe, a darker sole, a lighter cuff."""
    _poly(img, _BOOT * size, paint)
    s = 16 * size
    cv2.ellipse(
        img,
        (round(0.71 * s), round(0.69 * s)),
        (round(0.15 * s), round(0.11 * s)),
        0,
        0,
        360,
        paint,
        -1,
        cv2.LINE_AA,
        4,
    )
    _poly(img, _BOOT_SOLE * size, mix(paint, paint, 0, 0.6))
    cuff = np.array([[0.28, 0.11], [0.58, 0.11], [0.58, 0.2], [0.28, 0.2]]) * size
    _poly(img, cuff, mix(paint, (255.0, 255.0, 255.0), 0.3))


CardKind = Literal["square", "squares", "lizard"]


def card_face(kind: CardKind, colours: tuple[str, ...], width: int, kit: Kit) -> tuple[Sprite, Sprite]:
    """A Lezard card (landscape, 3:2) and its alpha: one square, two squares (left first) or a lizard.

    Card size and print are guesses (no published pictures): a light card, a thin frame line, and
    the colour in the middle.
    """
    height = round(width * 2 / 3)
    img = np.empty((height, width, 3), np.float32)
    img[:] = kit.card_paper
    m = 0.06 * height
    frame = np.array([[m, m], [width - m, m], [width - m, height - m], [m, height - m]])
    cv2.polylines(
        img,
        [np.round(frame * 16).astype(np.int32)],
        True,
        kit.card_ink,
        max(1, round(0.015 * height)),
        cv2.LINE_AA,
        4,
    )
    side = 0.52 * height
    top = (height - side) / 2
    outline = mix(kit.card_ink, kit.card_ink, 0, 0.55)
    if kind == "square":
        _square(img, width / 2 - side / 2, top, side, kit.paint(colours[0]), outline)
    elif kind == "squares":
        gap = 0.12 * side
        _square(img, width / 2 - side - gap / 2, top, side, kit.paint(colours[0]), outline)
        _square(img, width / 2 + gap / 2, top, side, kit.paint(colours[1]), outline)
    else:
        lizard(img, (width / 2, height / 2), 0.78 * width, kit.paint(colours[0]))
    alpha = np.zeros((height, width), np.float32)
    r = 0.07 * height
    cv2.rectangle(alpha, (round(r * 16), 0), (round((width - r) * 16), height * 16), 1.0, -1, cv2.LINE_AA, 4)
    cv2.rectangle(alpha, (0, round(r * 16)), (width * 16, round((height - r) * 16)), 1.0, -1, cv2.LINE_AA, 4)
    for cx, cy in ((r, r), (width - r, r), (r, height - r), (width - r, height - r)):
        cv2.circle(alpha, (round(cx * 16), round(cy * 16)), round(r * 16), 1.0, -1, cv2.LINE_AA, 4)
    return img, alpha


def _square(img: Sprite, x: float, y: float, side: float, paint: BGR, outline: BGR) -> None:
    pts = np.array([[x, y], [x + side, y], [x + side, y + side], [x, y + side]])
    _poly(img, pts, paint)
    cv2.polylines(
        img, [np.round(pts * 16).astype(np.int32)], True, outline, max(1, round(side * 0.03)), cv2.LINE_AA, 4
    )


def lizard(img: Sprite, centre: tuple[float, float], length: float, paint: BGR) -> None:
    """A lizard seen from above, head to the right: body, head, curled tail, four splayed legs."""
    cx, cy = centre

    def at(u: float, v: float) -> tuple[float, float]:
        return cx + u * length, cy + v * length

    def blob(u: float, v: float, ru: float, rv: float, angle: float = 0.0) -> None:
        x, y = at(u, v)
        cv2.ellipse(
            img,
            (round(x * 16), round(y * 16)),
            (round(ru * length * 16), round(rv * length * 16)),
            angle,
            0,
            360,
            paint,
            -1,
            cv2.LINE_AA,
            4,
        )

    for t in np.linspace(0.0, 1.0, 24):  # the tail: from the hips, curling upwards, thinning
        u = -0.12 - 0.36 * t
        v = 0.16 * t * t - 0.02 * math.sin(math.pi * t)
        x, y = at(u, -v)
        _circle(img, (x, y), (0.045 * (1 - t) + 0.008) * length, paint)
    for side in (-1, 1):  # legs: upper segment out, lower segment forward or back, a round foot
        for u0, forward in ((0.14, 1), (-0.1, -1)):
            hip = at(u0, 0.0)
            knee = at(u0 + 0.02 * forward, side * 0.13)
            foot = at(u0 + 0.09 * forward, side * 0.16)
            for a, b in ((hip, knee), (knee, foot)):
                cv2.line(
                    img,
                    (round(a[0] * 16), round(a[1] * 16)),
                    (round(b[0] * 16), round(b[1] * 16)),
                    paint,
                    max(1, round(0.03 * length)),
                    cv2.LINE_AA,
                    4,
                )
            _circle(img, foot, 0.025 * length, paint)
    blob(0.02, 0.0, 0.2, 0.07)  # body
    blob(0.24, 0.0, 0.07, 0.045)  # neck
    blob(0.32, 0.0, 0.075, 0.055)  # head
    for side in (-1, 1):
        _circle(img, at(0.35, side * 0.028), 0.011 * length, (20.0, 20.0, 20.0))
