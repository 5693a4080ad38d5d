"""Where things are for the synthetic renderer: a pinhole camera over a tray, cubes and cards.

World coordinates are millimetres: the tray floor is ``z = 0``, ``x`` grows to the right of the
picture, ``y`` down the picture and ``z`` up towards the camera. The camera hangs ``height_mm``
above the point ``(0, 0)`` looking down, tilted by a few degrees.

>>> camera = Camera(width=1280, height=960, focal_px=1000.0, height_mm=350.0)
>>> camera.project(np.array([[0.0, 0.0, 0.0], [35.0, 0.0, 0.0]])).round(1).tolist()
[[640.0, 480.0], [740.0, 480.0]]
>>> cube = Cube(centre=(0.0, 0.0), side=16.0, turn=rotation_z(0.0))
>>> cube.top_face(), round(float(cube.vertices()[:, 2].min()), 6)
(0, 0.0)
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

Points = NDArray[np.float64]
Matrix = tuple[tuple[float, float, float], tuple[float, float, float], tuple[float, float, float]]

FACE_NORMALS = np.array(
    [[0, 0, 1], [0, 0, -1], [1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0]], dtype=np.float64
)
"""A cube's faces in its own frame: 0 top (+z), 1 bottom, 2 +x, 3 -x, 4 +y, 5 -y; 0/1, 2/3, 4/5 opposite."""
_FACE_AXES = np.array(  # (u, v) of each face with u x v = outward normal: the face's picture x and y
    [
        [[1, 0, 0], [0, 1, 0]],
        [[1, 0, 0], [0, -1, 0]],
        [[0, 1, 0], [0, 0, 1]],
        [[0, -1, 0], [0, 0, 1]],
        [[0, 0, 1], [1, 0, 0]],
        [[0, 0, -1], [1, 0, 0]],
    ],
    dtype=np.float64,
)


_UNIT_VERTICES = np.array([[x, y, z] for x in (-1, 1) for y in (-1, 1) for z in (-1, 1)], dtype=np.float64)
_UNIT_FACES = np.stack(
    [[n - u - v, n + u - v, n + u + v, n - u + v] for n, (u, v) in zip(FACE_NORMALS, _FACE_AXES, strict=True)]
)
"""The corners of each face of a cube of side 2 (face, corner, xyz), in the face's picture order."""


def rotation_z(angle: float) -> Matrix:
    """Turn by ``angle`` radians about the vertical axis (clockwise in the picture, since y is down)."""
    return _as_matrix(_axis_angle(np.array([0.0, 0.0, 1.0]), angle))


def rotation_about(axis: Sequence[float], angle: float, then: Matrix | None = None) -> Matrix:
    """Turn by ``angle`` radians about ``axis`` (any length), after ``then`` if given."""
    turn = _axis_angle(np.asarray(axis, dtype=np.float64), angle)
    if then is not None:
        turn = turn @ np.asarray(then, dtype=np.float64)
    return _as_matrix(turn)


def _axis_angle(axis: Points, angle: float) -> Points:
    axis = axis / np.linalg.norm(axis)
    k = np.array([[0, -axis[2], axis[1]], [axis[2], 0, -axis[0]], [-axis[1], axis[0], 0]])
    return np.asarray(np.eye(3) + math.sin(angle) * k + (1 - math.cos(angle)) * (k @ k), np.float64)


def _as_matrix(m: Points) -> Matrix:
    rows = [(float(row[0]), float(row[1]), float(row[2])) for row in m]
    return (rows[0], rows[1], rows[2])


@functools.lru_cache(maxsize=256)
def _tilt(tilt_deg: tuple[float, float]) -> Points:
    ax, ay = (math.radians(a) for a in tilt_deg)
    return _axis_angle(np.array([1.0, 0.0, 0.0]), ax) @ _axis_angle(np.array([0.0, 1.0, 0.0]), ay)


@dataclass(frozen=True, slots=True)
class Camera:
    """A pinhole camera ``height_mm`` above the floor's origin, tilted ``tilt_deg`` (about x, y)."""

    width: int
    height: int
    focal_px: float
    height_mm: float
    tilt_deg: tuple[float, float] = (0.0, 0.0)

    def _turn(self) -> Points:
        return _tilt(self.tilt_deg)

    def project(self, points: Points) -> Points:
        """World points (N x 3, mm) to pixel positions (N x 2)."""
        p = np.asarray(points, dtype=np.float64).reshape(-1, 3)
        cam = np.stack([p[:, 0], p[:, 1], self.height_mm - p[:, 2]], axis=1) @ self._turn().T
        depth = np.maximum(cam[:, 2], 1e-6)
        u = self.focal_px * cam[:, 0] / depth + self.width / 2
        v = self.focal_px * cam[:, 1] / depth + self.height / 2
        return np.stack([u, v], axis=1)

    def floor_point(self, u: float, v: float) -> tuple[float, float]:
        """Where the ray through pixel ``(u, v)`` meets the floor, mm."""
        ray = np.array([u - self.width / 2, v - self.height / 2, self.focal_px]) @ self._turn()
        t = self.height_mm / ray[2]
        return float(t * ray[0]), float(t * ray[1])

    @property
    def position(self) -> Points:
        return np.array([0.0, 0.0, self.height_mm])


@dataclass(frozen=True, slots=True)
class Cube:
    """A die: its centre over the floor (x, y mm), edge length, and turn (local to world)."""

    centre: tuple[float, float]
    side: float
    turn: Matrix
    lift: float = 0.0
    """Extra height of the lowest corner above the floor (a die in the air, mid-throw)."""

    def _matrix(self) -> Points:
        return np.asarray(self.turn, dtype=np.float64)

    def _origin(self) -> Points:
        local = np.array([[x, y, z] for x in (-1, 1) for y in (-1, 1) for z in (-1, 1)]) * self.side / 2
        low = float((local @ self._matrix().T)[:, 2].min())
        return np.array([self.centre[0], self.centre[1], -low + self.lift])

    def vertices(self) -> Points:
        """The eight corners in world coordinates (mm)."""
        local = np.array([[x, y, z] for x in (-1, 1) for y in (-1, 1) for z in (-1, 1)]) * self.side / 2
        return local @ self._matrix().T + self._origin()

    def face_corners(self, face: int) -> Points:
        """The four corners of ``face`` (world, mm) in picture order: top-left, top-right, bottom-right,
        bottom-left of the face's own picture."""
        n, (u, v) = FACE_NORMALS[face], _FACE_AXES[face]
        h = self.side / 2
        local = np.array(
            [n * h - u * h - v * h, n * h + u * h - v * h, n * h + u * h + v * h, n * h - u * h + v * h]
        )
        return local @ self._matrix().T + self._origin()

    def normal(self, face: int) -> Points:
        return np.asarray(self._matrix() @ FACE_NORMALS[face], np.float64)

    def top_face(self) -> int:
        """The face that points most nearly up."""
        return int(np.argmax((FACE_NORMALS @ self._matrix().T)[:, 2]))

    def tilt_deg(self) -> float:
        """How far the top face leans from flat, degrees."""
        z = float((self._matrix() @ FACE_NORMALS[self.top_face()])[2])
        return math.degrees(math.acos(max(-1.0, min(1.0, z))))

    def visible_faces(self, eye: Points) -> list[int]:
        """Faces turned towards ``eye`` (a convex body: they never hide one another)."""
        m = self._matrix()
        normals = FACE_NORMALS @ m.T
        centres = normals * (self.side / 2) + self._origin()
        facing = np.einsum("ij,ij->i", normals, eye - centres)
        return [int(f) for f in np.flatnonzero(facing > 1e-6)]

    def footprint(self) -> Points:
        """The convex outline of the die seen from straight above (x, y in mm)."""
        return convex_hull(self.vertices()[:, :2])


@dataclass(frozen=True, slots=True)
class Flat:
    """A card lying flat: centre (mm), size (long, short, mm), turn about the vertical (radians)."""

    centre: tuple[float, float]
    size: tuple[float, float]
    angle: float
    thickness: float = 0.4

    def corners(self) -> Points:
        """Top-left, top-right, bottom-right, bottom-left of the card's own picture (world, mm)."""
        w, h = self.size[0] / 2, self.size[1] / 2
        c, s = math.cos(self.angle), math.sin(self.angle)
        local = np.array([[-w, -h], [w, -h], [w, h], [-w, h]])
        xy = local @ np.array([[c, s], [-s, c]]) + np.array(self.centre)
        return np.column_stack([xy, np.full(4, self.thickness)])

    def footprint(self) -> Points:
        return self.corners()[:, :2]


def convex_hull(points: Points) -> Points:
    """The convex hull (counter-clockwise in x-right/y-up terms) of 2-D points, monotone chain.

    >>> convex_hull(np.array([[0.0, 0.0], [1.0, 0.0], [0.5, 0.2], [1.0, 1.0], [0.0, 1.0]])).tolist()
    [[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]]
    """
    pts = sorted({(float(x), float(y)) for x, y in points})
    if len(pts) <= 2:
        return np.array(pts)

    def half(seq: list[tuple[float, float]]) -> list[tuple[float, float]]:
        out: list[tuple[float, float]] = []
        for p in seq:
            while len(out) >= 2 and _cross(out[-2], out[-1], p) <= 0:
                out.pop()
            out.append(p)
        return out

    lower, upper = half(pts), half(pts[::-1])
    return np.array(lower[:-1] + upper[:-1])


def _cross(o: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def apart(a: Points, b: Points, gap: float) -> bool:
    """True when two convex outlines are at least ``gap`` apart (separating axis test).

    >>> square = np.array([[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]])
    >>> apart(square, square + [1.5, 0.0], 0.4), apart(square, square + [1.2, 0.0], 0.4)
    (True, False)
    """
    for poly in (a, b):
        edges = np.roll(poly, -1, axis=0) - poly
        normals = np.column_stack([-edges[:, 1], edges[:, 0]])
        lengths = np.linalg.norm(normals, axis=1)
        normals = normals[lengths > 1e-9] / lengths[lengths > 1e-9, None]
        pa, pb = a @ normals.T, b @ normals.T
        if np.any((pa.min(axis=0) - pb.max(axis=0) >= gap) | (pb.min(axis=0) - pa.max(axis=0) >= gap)):
            return True
    return False


def pixel_box(points: Points) -> tuple[int, int, int, int]:
    """The smallest whole-pixel box ``(x, y, w, h)`` around pixel positions."""
    x0, y0 = np.floor(points.min(axis=0)).astype(int)
    x1, y1 = np.ceil(points.max(axis=0)).astype(int)
    return int(x0), int(y0), int(x1 - x0), int(y1 - y0)
