"""The tray for the synthetic renderer: a procedurally textured floor, inner walls, rim and table.

Floors are felt (green, blue, red, black, grey), grey card (as in the byler photos), white paper,
light or dark wood. Textures are made at half size from a few noise fields and scaled up, so a
1280x960 tray takes a few milliseconds.

>>> camera = Camera(width=320, height=240, focal_px=270.0, height_mm=350.0)
>>> tray = sample_tray(np.random.default_rng(1), camera, ("grey felt",))
>>> image = draw_tray(tray, camera, (1.0, 0.0))
>>> image.shape, image.dtype.name
((240, 320, 3), 'uint8')
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import cv2
import numpy as np
from numpy.typing import NDArray

from measure.synth.geometry import Camera
from measure.synth.light import as_f32, as_u8, scratch, unit_noise
from measure.synth.paint import BGR, mix

Canvas = NDArray[np.uint8]

FLOORS: dict[str, tuple[str, BGR]] = {
    "green felt": ("felt", (55.0, 110.0, 30.0)),
    "blue felt": ("felt", (110.0, 60.0, 30.0)),
    "red felt": ("felt", (40.0, 30.0, 120.0)),
    "black felt": ("felt", (30.0, 30.0, 30.0)),
    "grey felt": ("felt", (110.0, 110.0, 105.0)),
    "grey card": ("card", (175.0, 178.0, 176.0)),
    "white paper": ("paper", (228.0, 232.0, 232.0)),
    "light wood": ("wood", (150.0, 195.0, 222.0)),
    "dark wood": ("wood", (45.0, 75.0, 110.0)),
}
"""Floor kinds: material and base colour (BGR in daylight). Light ones and dark ones."""
WALLS: tuple[BGR, ...] = ((35.0, 32.0, 30.0), (70.0, 105.0, 140.0), (200.0, 205.0, 205.0), (55.0, 40.0, 30.0))
TABLES: tuple[BGR, ...] = (
    (150.0, 190.0, 215.0),
    (225.0, 228.0, 230.0),
    (60.0, 80.0, 100.0),
    (90.0, 90.0, 90.0),
)


@dataclass(frozen=True, slots=True)
class Tray:
    """A rectangular tray: its floor (kind, colour, size and centre in mm), walls, and the table."""

    floor: str
    floor_colour: BGR
    size: tuple[float, float]
    centre: tuple[float, float]
    wall_mm: float
    wall_colour: BGR
    table_colour: BGR
    grain_angle: float
    seed: int

    def corners(self, z: float = 0.0, grow: float = 0.0) -> NDArray[np.float64]:
        """The floor's corners (clockwise from top-left) at height ``z``, grown by ``grow`` mm."""
        w, h = self.size[0] / 2 + grow, self.size[1] / 2 + grow
        cx, cy = self.centre
        return np.array([[cx - w, cy - h, z], [cx + w, cy - h, z], [cx + w, cy + h, z], [cx - w, cy + h, z]])

    def inside(self, x: float, y: float, margin: float) -> bool:
        """Is floor point (x, y) at least ``margin`` mm inside the walls?"""
        return (
            abs(x - self.centre[0]) <= self.size[0] / 2 - margin
            and abs(y - self.centre[1]) <= self.size[1] / 2 - margin
        )


def sample_tray(
    rng: np.random.Generator,
    camera: Camera,
    floors: tuple[str, ...],
    fill: tuple[float, float] = (0.78, 0.94),
) -> Tray:
    """A tray whose floor fills ``fill`` of the view (walls in view), in one of ``floors``."""
    name = floors[int(rng.integers(len(floors)))]
    _, nominal = FLOORS[name]
    colour = mix(nominal, nominal, 0, float(rng.uniform(0.9, 1.1)))
    x0, y0 = camera.floor_point(0, 0)
    x1, y1 = camera.floor_point(camera.width, camera.height)
    span_x, span_y = x1 - x0, y1 - y0
    size = (span_x * float(rng.uniform(*fill)), span_y * float(rng.uniform(*fill)))
    room_x, room_y = (span_x - size[0]) / 2, (span_y - size[1]) / 2
    centre = (
        (x0 + x1) / 2 + rng.uniform(-0.4, 0.4) * room_x,
        (y0 + y1) / 2 + rng.uniform(-0.4, 0.4) * room_y,
    )
    return Tray(
        floor=name,
        floor_colour=colour,
        size=size,
        centre=centre,
        wall_mm=float(rng.uniform(18, 40)),
        wall_colour=WALLS[int(rng.integers(len(WALLS)))],
        table_colour=TABLES[int(rng.integers(len(TABLES)))],
        grain_angle=float(rng.uniform(0, np.pi)),
        seed=int(rng.integers(2**31)),
    )


def _field(rng: np.random.Generator, h: int, w: int, cells: int) -> NDArray[np.float32]:
    """Smooth noise of unit spread with about ``cells`` blobs across the width."""
    ch = max(2, round(cells * h / w))
    small = rng.standard_normal((ch, cells)).astype(np.float32)
    return as_f32(cv2.resize(small, (w, h), interpolation=cv2.INTER_CUBIC))


def texture(tray: Tray, h: int, w: int) -> NDArray[np.float32]:
    """The floor's brightness pattern (H x W, about 1.0)."""
    rng = np.random.default_rng(tray.seed)
    hh, hw = h, w
    kind = FLOORS[tray.floor][0]
    base = 1 + 0.05 * _field(rng, hh, hw, 4) + 0.025 * _field(rng, hh, hw, 16)
    if kind == "felt":
        fine = cv2.GaussianBlur(unit_noise(rng, (hh, hw)), (0, 0), 0.7)
        pattern = base + 0.06 * fine
    elif kind == "card":
        pattern = base + 0.02 * unit_noise(rng, (hh, hw))
        for _ in range(int(hw * hh / 900)):
            x, y = int(rng.integers(hw)), int(rng.integers(hh))
            cv2.circle(
                pattern, (x, y), int(rng.integers(1, 3)), float(rng.uniform(0.6, 0.9)), -1, cv2.LINE_AA
            )
    elif kind == "paper":
        pattern = base * 0.6 + 0.4 + 0.01 * unit_noise(rng, (hh, hw))
    else:  # wood: streaks along the grain and thin darker lines, meandering, turned by the grain angle
        side = int(math.hypot(hh, hw)) + 2
        streaks = cv2.resize(
            rng.standard_normal((max(2, side // 6), 4)).astype(np.float32),
            (side, side),
            interpolation=cv2.INTER_CUBIC,
        )
        bend = _field(rng, side, side, 3)
        rows = np.arange(side, dtype=np.float32)[:, None]
        phase = rows * np.float32(2 * np.pi / rng.uniform(6, 14)) + 2.5 * bend + 0.6 * streaks
        lines = (np.cos(phase) + 1) * 0.5
        lines *= lines
        lines *= lines
        lines *= lines  # the eighth power: thin lines
        sheet = 0.035 * streaks - 0.1 * lines
        turn = cv2.getRotationMatrix2D((side / 2, side / 2), math.degrees(tray.grain_angle), 1.0)
        turn[:, 2] += np.array([hw / 2 - side / 2, hh / 2 - side / 2])
        pattern = base + cv2.warpAffine(
            sheet, turn, (hw, hh), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT
        )
    return as_f32(pattern)


def _pts(points: NDArray[np.float64]) -> NDArray[np.int32]:
    return np.round(points * 16).astype(np.int32)


def draw_tray(
    tray: Tray, camera: Camera, light_from: tuple[float, float], out: Canvas | None = None
) -> Canvas:
    """The empty tray as the camera sees it, before light and camera effects (BGR uint8).

    Frames 640 pixels wide or more are drawn at half size and scaled up (the tray has no detail
    finer than that: the floor's texture is made at half size anyway), into ``out`` if given.
    """
    if camera.width < 640:
        return _draw_tray(tray, camera, light_from, out, 2)
    half = replace(camera, width=camera.width // 2, height=camera.height // 2, focal_px=camera.focal_px / 2)
    small = _draw_tray(tray, half, light_from, None, 1)
    return as_u8(cv2.resize(small, (camera.width, camera.height), dst=out, interpolation=cv2.INTER_LINEAR))


def _draw_tray(
    tray: Tray, camera: Camera, light_from: tuple[float, float], out: Canvas | None, coarse: int
) -> Canvas:
    """Flat colours first (table, rim, walls in bands darker towards the floor, floor), then one
    brightness pattern (the floor's texture, the table's mottling), made ``coarse`` times smaller,
    multiplies them all."""
    h, w = camera.height, camera.width
    rng = np.random.default_rng(tray.seed + 1)
    canvas = scratch("flat", (h, w, 3), np.uint8)
    canvas[:] = tuple(round(c) for c in tray.table_colour)
    floor = camera.project(tray.corners())
    rim = camera.project(tray.corners(tray.wall_mm))
    outer = camera.project(tray.corners(tray.wall_mm, grow=5.0))
    wall = np.array(tray.wall_colour, np.float32)
    top = tuple(float(v) for v in np.clip(wall * 1.15 + 10, 0, 255))
    for i in range(4):
        j = (i + 1) % 4
        cv2.fillPoly(canvas, [_pts(np.array([rim[i], rim[j], outer[j], outer[i]]))], top, cv2.LINE_AA, 4)
    inward = [(0.0, 1.0), (-1.0, 0.0), (0.0, -1.0), (1.0, 0.0)]  # the top, right, bottom, left walls face
    for i in range(4):
        j = (i + 1) % 4
        facing = -(inward[i][0] * light_from[0] + inward[i][1] * light_from[1])
        lit = 0.72 + 0.22 * facing
        for k in range(6):  # bands from the rim down to the floor: darker near the floor
            a, b = k / 6, (k + 1) / 6
            quad = np.array(
                [
                    rim[i] + (floor[i] - rim[i]) * a,
                    rim[j] + (floor[j] - rim[j]) * a,
                    rim[j] + (floor[j] - rim[j]) * b,
                    rim[i] + (floor[i] - rim[i]) * b,
                ]
            )
            shade = lit * (1.0 - 0.25 * b)
            cv2.fillPoly(canvas, [_pts(quad)], tuple(float(v) for v in wall * shade), cv2.LINE_AA, 4)
    cv2.fillPoly(canvas, [_pts(floor)], tray.floor_colour, cv2.LINE_AA, 4)
    # one brightness pattern: the floor's texture, darker next to the walls (less light reaches
    # there), and the table's mottling elsewhere
    hw, hh = max(2, w // coarse), max(2, h // coarse)
    mask = np.zeros((hh, hw), np.float32)
    cv2.fillPoly(mask, [_pts(floor * [hw / w, hh / h])], 1.0, cv2.LINE_AA, 4)
    small = cv2.resize(mask, (max(2, w // 16), max(2, h // 16)), interpolation=cv2.INTER_AREA)
    near = cv2.resize(cv2.GaussianBlur(small, (0, 0), max(1.0, 0.0025 * w)), (hw, hh))
    mottle = 1 + 0.04 * _field(rng, hh, hw, 3)
    floor_pattern = texture(tray, hh, hw) * (0.85 + 0.15 * near)
    pattern = (mottle + mask * (floor_pattern - mottle)) * 128  # fixed point, 1/128 steps (a textured floor)
    fixed = cv2.resize(as_u8(cv2.convertScaleAbs(pattern)), (w, h), interpolation=cv2.INTER_LINEAR)
    fixed3 = cv2.merge([fixed, fixed, fixed], dst=scratch("pattern", (h, w, 3), np.uint8))
    return as_u8(cv2.multiply(canvas, fixed3, dst=out, scale=1 / 128))
