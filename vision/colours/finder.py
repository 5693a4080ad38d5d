"""Colour mode's classical die finder: blobs that differ from the tray's floor, and where each
die's top face lies.

- ``find_dice``: the tray's floor, a median of a 1/8 copy, is subtracted from a 640-pixel copy
  in log space; what differs in colour, is lighter, or is darker than any shadow is a die's;
  compact blobs are dice, long ones touching dice (split), and the tray's wall is found too.
  Given another finder's dice, it looks only in windows around them and around the rough blobs
  of a 1/8 copy (which tell the size of a single die): the same blobs, less work (the size
  may differ where the copy misses a single die).
- Perspective shows a die's sides towards the middle of the picture, so the top face is at the
  blob's far end (``top_of``).
- The tray's floor (``find_floor``): its commonest colour near the middle, and the convex hull of
  the connected region of that colour (shadows allowed): the finder's background and wall.
"""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass

import cv2
import numpy as np
from numpy.typing import NDArray

from vision.colours.settings import COLOUR_SETTINGS, ColourSettings
from vision.frame import Pyramid
from vision.whitebalance import Cast, estimate_cast


@dataclass(frozen=True, slots=True)
class Floor:
    """The tray's floor without the dice (a median), in the work copy's pixels (``scale`` of the frame)."""

    image: NDArray[np.uint8]
    scale: float
    wall: NDArray[np.float32]
    """Distance of every work pixel from the tray's wall (the edge of the floor), work pixels."""
    colour: NDArray[np.uint8]
    """The floor's usual colour (``find_floor``)."""

    def _cell(self, x: float, y: float) -> tuple[int, int]:
        """The work pixel (row, column) of frame point (x, y), inside the work copy."""
        h, w = self.wall.shape[:2]
        return min(h - 1, max(0, round(y * self.scale))), min(w - 1, max(0, round(x * self.scale)))

    def wall_at(self, x: float, y: float) -> float:
        """Distance from the wall of frame point (x, y), in frame pixels."""
        return float(self.wall[self._cell(x, y)]) / self.scale

    def beyond_at(self, points: list[tuple[float, float]]) -> list[float]:
        """How far beyond the floor's edge each frame point (x, y) lies, in frame pixels (0 on
        the floor). The distance map is made on each call: only the classical path asks."""
        beyond = cv2.distanceTransform((self.wall <= 0).astype(np.uint8), cv2.DIST_L2, 3)
        return [float(beyond[self._cell(x, y)]) / self.scale for x, y in points]

    def differs(self, face_bgr: NDArray[np.uint8], x: float, y: float, settings: ColourSettings) -> bool:
        """Does the middle of a face crop differ from the floor at frame point (x, y), or, by
        twice as much, from the floor's usual colour (a die bigger than the median's window
        is its own "floor")? A "die" the colour of the floor is a patch of the floor (felt,
        lint, a shadow)."""
        here = self.image[self._cell(x, y)]
        size = face_bgr.shape[0]
        middle = face_bgr[size // 4 : size - size // 4, size // 4 : size - size // 4].reshape(-1, 3)
        face = np.median(middle, axis=0)
        for floor, factor in ((here, 1.0), (self.colour, 2.0)):
            logs = np.log(face.astype(np.float64) + 8.0) - np.log(floor.astype(np.float64) + 8.0)
            bright = float(logs.mean())
            chroma = float(np.sqrt(((logs - bright) ** 2).sum()))
            if chroma > factor * settings.floor_chroma or abs(bright) > factor * settings.floor_bright:
                return True
        return False


@dataclass(frozen=True, slots=True)
class Blob:
    """A die candidate in frame pixels: the blob's box, the top face's centre and side."""

    box: tuple[int, int, int, int]
    x: float
    y: float
    side: float
    fill: float
    near_wall: bool
    """The blob touches the tray's wall: it may lean on it (cocked)."""
    split: bool
    """The blob held several touching dice and was split."""
    confirmed: bool = False
    """The dice network found a die here too."""
    wall_gap: float = 9.0
    """Distance from the tray's wall in die sides (9: not measured)."""
    long: float = 1.0
    """The blob's elongation once perspective is taken out (``elongation``)."""
    unseen: bool = False
    """Only the dice network found it: colour mode's own finder saw no blob here."""


@dataclass(frozen=True, slots=True)
class _Component:
    """One connected blob of the finder's mask: its pixels (work x, y), fill of its box, side
    (from its area, perspective taken out) and elongation."""

    points: NDArray[np.float32]
    fill: float
    side: float
    long: float

    def single(self, settings: ColourSettings) -> bool:
        return self.long <= settings.long_single and self.fill >= 0.55


def _work_copies(
    pyramid: Pyramid, width: int, height: int, settings: ColourSettings
) -> tuple[float, NDArray[np.uint8], NDArray[np.uint8]]:
    """The finder's work copy (long side ``work_side``, a little blurred), its scale, and a copy
    ``background_step`` times smaller."""
    scale = min(1.0, settings.work_side / max(width, height))
    work = np.asarray(cv2.GaussianBlur(pyramid.at(scale), (3, 3), 0), np.uint8)
    wh, ww = work.shape[:2]
    step = settings.background_step
    small = np.asarray(
        cv2.resize(work, (max(1, ww // step), max(1, wh // step)), interpolation=cv2.INTER_AREA), np.uint8
    )
    return scale, work, small


def frame_cast(pyramid: Pyramid, width: int, height: int, settings: ColourSettings = COLOUR_SETTINGS) -> Cast:
    """The frame's colour cast, as ``find_dice`` gives it, without finding anything."""
    return estimate_cast(_work_copies(pyramid, width, height, settings)[2])


def find_dice(
    pyramid: Pyramid,
    width: int,
    height: int,
    settings: ColourSettings = COLOUR_SETTINGS,
    around: list[tuple[float, float]] | None = None,
) -> tuple[list[Blob], Cast, Floor]:
    """Die candidates (see the module docstring), the frame's colour cast and its floor.

    ``around``: frame points (another finder's dice); then the mask is made only in windows
    around them and around the rough blobs of the 1/8 copy (``_rough_dice``: they tell the
    size of a single die), and only the blobs whose box may hold a point are made."""
    scale, work, small = _work_copies(pyramid, width, height, settings)
    wh, ww = work.shape[:2]
    cast = estimate_cast(small)
    floor_small, floor_colour = find_floor(small)
    filled = small.copy()
    filled[~floor_small] = floor_colour
    floor_at_small = np.asarray(cv2.medianBlur(filled, settings.background_median), np.uint8)
    floor = np.asarray(cv2.resize(floor_at_small, (ww, wh), interpolation=cv2.INTER_LINEAR), np.uint8)
    half = np.asarray(cv2.pyrDown(work), np.uint8)  # the tray's edge needs no finer look
    tray_half, _ = find_floor(half, floor_colour)
    rim = np.zeros((tray_half.shape[0] + 2, tray_half.shape[1] + 2), np.uint8)  # np.pad is slow
    rim[1:-1, 1:-1] = tray_half
    wall_half = np.asarray(cv2.distanceTransform(rim, cv2.DIST_L2, 3)[1:-1, 1:-1], np.float32)
    wall = np.asarray(cv2.resize(wall_half * 2.0, (ww, wh), interpolation=cv2.INTER_LINEAR), np.float32)
    focal = settings.focal * max(ww, wh)
    middle = (ww / 2, wh / 2)
    points = None if around is None else [(px * scale, py * scale) for px, py in around]
    found = []
    wanted = []
    centres = None
    if points is not None:  # and the blobs far from them that may tell the size of a single die
        rough = _rough_dice(small, floor_at_small, wall_half, settings)
        centres = points + [
            c for c in rough if all(max(abs(c[0] - p[0]), abs(c[1] - p[1])) > WINDOW / 2 for p in points)
        ]
    for (x, y, w, h), area, spots in _pieces(work, floor, wall, centres, settings):
        # a piece's box lies inside its blob's; a work pixel's margin for the rounding to the frame's
        wanted.append(points is None or any(_near_box((x, y, w, h), p) for p in points))
        cx, cy = float(spots[:, 0].mean()), float(spots[:, 1].mean())
        reach = math.hypot(cx - middle[0], cy - middle[1]) / focal
        side = math.sqrt(area / (1 + 1.2 * reach))
        found.append(_Component(spots, area / float(w * h), side, elongation(spots, middle, focal)))
    singles = [
        c.side for c in found if c.single(settings) and settings.smallest <= c.side <= settings.largest
    ]
    typical = statistics.median(singles) if singles else None
    blobs = []
    for c in (c for c, want in zip(found, wanted, strict=True) if want):
        pieces = 1
        if typical is not None and c.side > settings.split_ratio * typical:
            pieces = min(settings.most_touching, round((c.side / typical) ** 2))
        if c.long > settings.longest:
            continue  # a strip along a wall or a rim, not dice
        big = typical is None or c.side >= settings.pair_side * typical  # two dice: twice the area
        if c.long >= settings.long_pair and big:
            pieces = max(pieces, min(settings.most_touching, round(c.long)))
        if pieces == 1 and c.side > settings.largest:
            continue
        near = float(wall[c.points[:, 1].astype(np.int64), c.points[:, 0].astype(np.int64)].min())
        for part in _split(c.points, pieces) if pieces > 1 else [c.points]:
            px, py = float(part[:, 0].mean()), float(part[:, 1].mean())
            reach = math.hypot(px - middle[0], py - middle[1]) / focal
            side = typical if pieces > 1 and typical else math.sqrt(len(part) / (1 + 1.2 * reach))
            x0, y0 = part.min(axis=0)
            x1, y1 = part.max(axis=0) + 1
            top_x, top_y = top_of(part, side, middle, focal)
            at_wall = near < settings.wall_gap * side and (pieces > 1 or c.long >= settings.long_cocked)
            box = (round(x0 / scale), round(y0 / scale), round((x1 - x0) / scale), round((y1 - y0) / scale))
            blobs.append(
                Blob(
                    box,
                    top_x / scale,
                    top_y / scale,
                    side / scale,
                    c.fill,
                    at_wall,
                    pieces > 1,
                    wall_gap=near / side,
                    long=c.long if pieces == 1 else 1.0,
                )
            )  # fmt: skip
    return blobs, cast, Floor(floor, scale, wall, floor_colour)


_Box = tuple[int, int, int, int]

WINDOW = 40
"""Half the side of the window, work pixels, first looked at around each of another finder's
dice; a window whose blob there reaches its edge is looked at again ``GROWTHS`` times, each
time twice as big, then the whole frame is."""
GROWTHS = 4
_PAD = 4
"""Opening then closing with a 3 x 3 square: a pixel of the mask depends on those 4 around it."""


def _pieces(
    work: NDArray[np.uint8],
    floor: NDArray[np.uint8],
    wall: NDArray[np.float32],
    points: list[tuple[float, float]] | None,
    settings: ColourSettings,
) -> list[tuple[_Box, int, NDArray[np.float32]]]:
    """The finder's blobs: box, area and pixel positions (work pixels), of the whole frame, or
    (``points``) of windows around the points: the very blobs of the whole frame that lie in
    them, those cut by a window's edge left out (the window is grown if one holds a point)."""
    wh, ww = work.shape[:2]
    if points is None:
        windows = [(0, 0, ww, wh)]
    else:
        windows = [_clip((round(x) - WINDOW, round(y) - WINDOW, round(x) + WINDOW, round(y) + WINDOW), ww, wh)
                   for x, y in points]  # fmt: skip
    for _ in range(GROWTHS):
        pieces: list[tuple[_Box, int, NDArray[np.float32]]] = []
        grown = []
        for x0, y0, x1, y1 in _merged(windows):
            a0, b0, a1, b1 = max(0, x0 - _PAD), max(0, y0 - _PAD), min(ww, x1 + _PAD), min(wh, y1 + _PAD)
            mask8 = _mask(work[b0:b1, a0:a1], floor[b0:b1, a0:a1], wall[b0:b1, a0:a1] > 0.5, settings)
            mask8 = np.ascontiguousarray(mask8[y0 - b0 : y1 - b0, x0 - a0 : x1 - a0])
            # BBDT labels as the default algorithm does, and gathers the stats three times faster
            count, labels, stats, _ = cv2.connectedComponentsWithStatsWithAlgorithm(
                mask8, 8, cv2.CV_32S, cv2.CCL_BBDT
            )
            cut = False
            for i in range(1, count):
                x, y, w, h, area = (int(v) for v in stats[i])
                box = (x + x0, y + y0, w, h)
                if (
                    (x == 0 < x0)
                    or (y == 0 < y0)
                    or (x + w == x1 - x0 < ww - x0)
                    or (y + h == y1 - y0 < wh - y0)
                ):
                    cut = cut or any(_near_box(box, p) for p in points or [])
                    continue
                if area < settings.smallest**2 or max(w, h) > 4 * settings.largest or area < 0.3 * w * h:
                    continue
                ys, xs = np.nonzero(labels[y : y + h, x : x + w] == i)
                pieces.append((box, area, np.column_stack([xs + box[0], ys + box[1]]).astype(np.float32)))
            g = (x1 - x0) // 2 if cut else 0
            grown.append(_clip((x0 - g, y0 - g, x1 + g, y1 + g), ww, wh))
        if grown == _merged(windows):
            return pieces
        windows = grown
    return _pieces(work, floor, wall, None, settings)


ROUGH = 0.7
"""The share of the finder's steps (``colour_step``, ``lighter``, ``darker``) that marks a rough blob."""


def _rough_dice(
    small: NDArray[np.uint8],
    floor: NDArray[np.uint8],
    wall_half: NDArray[np.float32],
    settings: ColourSettings,
) -> list[tuple[float, float]]:
    """Where the finder's blobs may lie, from the 1/8 copy of the work copy and its floor
    (work pixels): a lower bar (``ROUGH``) than the finder's, for dice the copy blurs."""
    sh, sw = small.shape[:2]
    wall_s = np.asarray(cv2.resize(wall_half, (sw, sh), interpolation=cv2.INTER_NEAREST), np.float32)
    mask8 = _differs(small, floor, wall_s > 0, settings, ROUGH).astype(np.uint8)
    count, _, stats, centroids = cv2.connectedComponentsWithStatsWithAlgorithm(
        mask8, 8, cv2.CV_32S, cv2.CCL_BBDT
    )
    step = settings.background_step
    return [
        (step * float(centroids[i][0]), step * float(centroids[i][1]))
        for i in range(1, count)
        if max(stats[i][2], stats[i][3]) <= settings.largest / step + 2
    ]


def _differs(
    work: NDArray[np.uint8],
    floor: NDArray[np.uint8],
    tray: NDArray[np.bool_],
    settings: ColourSettings,
    share: float = 1.0,
) -> NDArray[np.bool_]:
    """What differs from the floor in colour, is lighter, or darker than any shadow (by ``share``
    of the finder's steps), on the tray."""
    logs = np.asarray(cv2.LUT(work, LOG_TABLE), np.float32)
    cv2.subtract(logs, cv2.LUT(floor, LOG_TABLE), dst=logs)  # in place: one big buffer fewer
    bright, chroma = bright_chroma(logs)
    step, lighter, darker = (share * v for v in (settings.colour_step, settings.lighter, settings.darker))
    differs: NDArray[np.bool_] = ((chroma > step) | (bright > lighter) | (bright < -darker)) & tray
    return differs


def _mask(
    work: NDArray[np.uint8], floor: NDArray[np.uint8], tray: NDArray[np.bool_], settings: ColourSettings
) -> NDArray[np.uint8]:
    """The finder's mask (``_differs``), specks opened away and gaps closed."""
    differs = _differs(work, floor, tray, settings).astype(np.uint8)
    opened = cv2.morphologyEx(differs, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    return np.asarray(cv2.morphologyEx(opened, cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8)), np.uint8)


def _near_box(box: _Box, point: tuple[float, float]) -> bool:
    x, y, w, h = box
    return x - 1 <= point[0] <= x + w + 1 and y - 1 <= point[1] <= y + h + 1


def _clip(window: _Box, width: int, height: int) -> _Box:
    return max(0, window[0]), max(0, window[1]), min(width, window[2]), min(height, window[3])


def _merged(windows: list[_Box]) -> list[_Box]:
    """Overlapping windows (x0, y0, x1, y1) as one: each blob is made once."""
    out: list[_Box] = []
    for w in windows:
        while any(o[0] < w[2] and w[0] < o[2] and o[1] < w[3] and w[1] < o[3] for o in out):
            o = next(o for o in out if o[0] < w[2] and w[0] < o[2] and o[1] < w[3] and w[1] < o[3])
            out.remove(o)
            w = (min(o[0], w[0]), min(o[1], w[1]), max(o[2], w[2]), max(o[3], w[3]))
        out.append(w)
    return out


def elongation(points: NDArray[np.float32], middle: tuple[float, float], focal: float) -> float:
    """How many times longer than wide a blob is, once the stretch that perspective gives a die
    away from the middle of the picture (its sides) is taken out: one die about 1, two touching 2."""
    px, py = float(points[:, 0].mean()), float(points[:, 1].mean())
    rx, ry = px - middle[0], py - middle[1]
    reach = math.hypot(rx, ry)
    flat = points - np.array([px, py], np.float32)
    if reach > 1e-3:
        u = np.array([rx / reach, ry / reach], np.float32)
        along = flat @ u
        flat = flat - np.outer(along * (1 - 1 / (1 + reach / focal)), u).astype(np.float32)
    (_, _), (a, b), _ = cv2.minAreaRect(flat)
    return max(a, b) / max(1.0, min(a, b))


def top_of(
    points: NDArray[np.float32], side: float, middle: tuple[float, float], focal: float
) -> tuple[float, float]:
    """Where a die's top face is centred, from its blob's pixel positions.

    Seen from above, a die off the middle of the picture shows its sides towards the middle, so
    the top face is the blob's far end: its centre lies half a face (a bit more for a turned
    face) inside the blob's farthest extent away from the middle. Near the middle, the blob's
    centroid, moved by the model of a cube seen from a height ``focal`` (pixels).
    """
    px, py = float(points[:, 0].mean()), float(points[:, 1].mean())
    rx, ry = px - middle[0], py - middle[1]
    reach = math.hypot(rx, ry)
    lean = reach * side / focal  # how far the top face stands out from the bottom, pixels
    if lean < 0.2 * side:
        return px + 0.5 * rx * side / focal, py + 0.5 * ry * side / focal
    ux, uy = rx / reach, ry / reach
    along = (points[:, 0] - px) * ux + (points[:, 1] - py) * uy
    far = float(np.percentile(along, 98))
    near_top = along >= far - 1.1 * side
    across = (points[near_top, 0] - px) * -uy + (points[near_top, 1] - py) * ux
    offset = float(np.median(across))
    t = far - TOP_INSET * side
    return px + t * ux - offset * uy, py + t * uy + offset * ux


TOP_INSET = 0.58
"""The top face's centre lies this many sides inside the blob's far extent (0.5 for a face square
to the direction, 0.71 for one turned by 45 degrees)."""


def _split(points: NDArray[np.float32], pieces: int) -> list[NDArray[np.float32]]:
    """Touching dice: split a blob's pixel positions into ``pieces`` groups (k-means)."""
    criteria = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 20, 0.5)
    cv2.setRNGSeed(1)  # the same frame splits the same way every time
    start = np.zeros((len(points), 1), np.int32)
    _, labels, _ = cv2.kmeans(points, pieces, start, criteria, 2, cv2.KMEANS_PP_CENTERS)
    labels = np.asarray(labels)
    groups = [points[labels.ravel() == k] for k in range(pieces)]
    return [g for g in groups if len(g) > 0]


def box_of(x: float, y: float, size: float, width: int, height: int) -> tuple[int, int, int, int]:
    """The (x, y, w, h) box of side ``size`` centred on (x, y), inside the frame."""
    half = size / 2
    x0, y0 = max(0, round(x - half)), max(0, round(y - half))
    return x0, y0, max(1, min(width, round(x + half)) - x0), max(1, min(height, round(y + half)) - y0)


# The tray's floor: where it is and what colour (for the die finder and its white balance).


def _log_table() -> NDArray[np.float32]:
    table: NDArray[np.float32] = np.log(np.arange(256, dtype=np.float32) + 8.0).reshape(256, 1)
    return table


LOG_TABLE = _log_table()
"""log(value + 8) for every byte value, as cv2.LUT wants it."""


def find_floor(
    small_bgr: NDArray[np.uint8], colour: NDArray[np.uint8] | None = None
) -> tuple[NDArray[np.bool_], NDArray[np.uint8]]:
    """The tray's floor in a copy of the frame (the convex hull of the floor-coloured region
    around the middle, dice included) and the floor's colour (``_commonest``, unless given)."""
    h, w = small_bgr.shape[:2]
    if colour is None:
        colour = _commonest(small_bgr)
    # one table a channel: log(value + 8) less the colour's own
    table = np.dstack([LOG_TABLE - LOG_TABLE[c] for c in colour])
    bright, chroma = bright_chroma(np.asarray(cv2.LUT(small_bgr, table), np.float32))
    near = ((chroma < FLOOR_CHROMA) & (bright > -FLOOR_DARKER) & (bright < FLOOR_LIGHTER)).astype(np.uint8)
    like = cv2.morphologyEx(near, cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8))  # bridge lint and specks
    count, labels = cv2.connectedComponents(like, connectivity=4)
    if count < 2:
        return np.ones((h, w), bool), colour
    inner = labels[h // 4 : h - h // 4, w // 4 : w - w // 4]
    votes = np.bincount(inner.ravel(), minlength=count)
    votes[0] = 0
    floor = (labels == int(np.argmax(votes))).astype(np.uint8)
    outlines, _ = cv2.findContours(floor, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    hull = np.zeros((h, w), np.uint8)
    cv2.fillConvexPoly(hull, cv2.convexHull(max(outlines, key=cv2.contourArea)), 1)
    return hull > 0, colour


def _commonest(small_bgr: NDArray[np.uint8]) -> NDArray[np.uint8]:
    """The floor's colour: the mean of the commonest colour (16 levels a channel) of the middle
    two thirds of a small copy of the frame, where the tray's floor shows between the dice."""
    h, w = small_bgr.shape[:2]
    middle = small_bgr[h // 6 : h - h // 6, w // 6 : w - w // 6].reshape(-1, 3)
    bins = (middle // 16).astype(np.int64)
    key = (bins[:, 0] * 16 + bins[:, 1]) * 16 + bins[:, 2]
    counts = np.bincount(key, minlength=4096).astype(np.float64)
    counts = counts.reshape(16, 16, 16)
    smooth = sum(np.roll(counts, shift, axis) for axis in range(3) for shift in (-1, 0, 1))  # neighbours
    top = int(np.argmax(smooth))
    near = np.abs(bins - np.array(np.unravel_index(top, (16, 16, 16)))).max(axis=1) <= 1
    colour: NDArray[np.uint8] = np.median(middle[near], axis=0).astype(np.uint8)
    return colour


def bright_chroma(logs: NDArray[np.float32]) -> tuple[NDArray[np.float32], NDArray[np.float32]]:
    """Mean log-brightness and log-chromaticity distance of a 3-channel log difference.

    The distance from grey of (b, g, r) is sqrt(((b-g)**2 + (g-r)**2 + (r-b)**2) / 3), which is
    the length of (sqrt(1/2) (b - g), sqrt(2/3) ((b + g) / 2 - r)): one matrix product.
    """
    bright, one, two = (cv2.transform(logs, _OPPONENT[i : i + 1]) for i in range(3))  # faster than split
    return np.asarray(bright, np.float32), np.asarray(cv2.magnitude(one, two), np.float32)


_OPPONENT = np.array(
    [
        [1 / 3, 1 / 3, 1 / 3],
        [0.5**0.5, -(0.5**0.5), 0.0],
        [(2 / 3) ** 0.5 / 2, (2 / 3) ** 0.5 / 2, -((2 / 3) ** 0.5)],
    ],
    np.float32,
)


FLOOR_CHROMA = 0.18
FLOOR_DARKER = 1.3
FLOOR_LIGHTER = 0.4
