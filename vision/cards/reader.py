"""Lezard Domino's cards: one square of colour X, two squares X and Y (in order), or a lizard of X.

A card is a light, nearly white rectangle (3:2) on the tray. ``find_cards`` looks in a copy of
the frame ``FIND_SIDE`` pixels wide for pale regions of a card's shape, cut apart from a light
floor by the card's edges and tried at several brightness levels (a card on white paper, in a
hand's shadow or under a glare spot). ``read_card`` straightens each into a ``CARD_W`` x ``CARD_H``
picture, long side across, white-balances it on its own paper and looks at the coloured marks
inside it: one compact mark is a square, two are two squares (read left to right as the camera
sees them), one ragged mark (legs, tail) is a lizard. A mark's colour is named by the hue of its
most saturated pixels (``CARD_HUES``); a hue between two names, a mark of mixed hues, a mark washed
out by glare near another of the board's colours or a shape between a square and a lizard is
``uncertain``, never a guess. The colour names a board uses are passed in
(``colours``): vision/ knows no game's data files.

A card's face is written as in labels.csv, ``kind:colour+colour``; ``card_json`` turns it into
the JSON of ``kostka read --mode cards``.

>>> card_json("squares:red+blue")
{'kind': 'squares', 'colours': ['red', 'blue']}
>>> card_hue_name(14.0), card_hue_name(19.0), card_hue_name(176.0)
('orange', None, 'red')
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

import cv2
import numpy as np
from numpy.typing import NDArray

from vision.errors import ProfileError
from vision.frame import Pyramid, as_bgr
from vision.profile import Profile
from vision.reading import Die, Reading, Status
from vision.whitebalance import Cast, circular_median, corrected, estimate_cast, hue_offset, percentile, times

DEFAULT_CARD_COLOURS = ("red", "orange", "yellow", "green", "blue")
"""Lezard Domino's colours (rules/data/lezard.toml); callers should pass the board's own."""
DEFAULT_LIZARD_COLOURS = ("green", "blue", "red", "yellow")
"""The colours of its four lizards, which its four lizard cards show (rules/data/lezard.toml
``lizards``); callers should pass the box's own."""

# Tuned on the renderer's hardest card frames, seeds 5000-5599 (bench/bench_colour.py --cards
# measures seeds 0..).
FIND_SIDE = 640
"""Cards are looked for in a copy of the frame this many pixels on its long side."""
PAPER_SATURATION = 100
"""Card paper: saturation (0-255) below this after the scene's white balance..."""
PAPER_LEVELS = (0.25, 0.4, 0.7, 1.0, 1.15)
"""...and brighter than one of these shares of the scene's white (each level is tried). With the
cream cut at 0.55 and the glare cut at 0.85 (below) every step of 0.15 from 0.25 to 1.15 has one cut.
(Pale cuts at 0.55 and 0.85 too and glare cuts at 1.0 and 1.15 as well: the same cards on 2800
hardest frames, renderer seeds 0-199, 5000-5599, 20000-20599, 30000-30599, 40000-40599 and
10000-10199 at 1280x960, but for one blue square that was ``uncertain``, and about 15 % slower.)"""
CREAM_SATURATION, CREAM_LEVEL = 120, 0.55
"""Under a warm lamp the scene's white balance, thrown by a coloured tray, may leave a card's cream
paper saturated 70-100: pale regions under this saturation are also tried, at this level only
(renderer seeds 30000-31499: 20 -> 12 missed cards; under saturation 140 at every level instead: 13
missed, about 12 ms a frame more)."""
EDGE = 0.15
"""A pixel where brightness steps by this share of its own is a card's edge."""
GLARE_EDGE, GLARE_LEVELS = 0.08, (0.85,)
"""In a glare spot the felt around a card turns as pale as its paper and about as bright, and
the step at the card's edge is under ``EDGE``: at these levels edges of ``GLARE_EDGE`` cut the
card out as well (renderer, hardest card seeds 5000-5599: 4 cards under a glare spot were missed;
``GLARE_EDGE`` alone at every level misses 18)."""
CARD_AREA = (0.003, 0.15)
"""A card covers this share of the frame."""
CARD_ASPECT = (1.25, 1.85)
CARD_FILL = 0.88
"""A card's region fills this share of its rotated rectangle."""
HOLE_PAPER = 0.5
"""A card the cuts never part from a floor as pale as its paper (a white card on a white table, a glare
spot over both) may still leave a hole of a card's shape in a darker cut, where its rim, blurred and
shadowed, lies darker than either: the card then is the brighter part of the hole (``paper_within``),
card-shaped and at least this share of the hole's rectangle (the hole holds the dark rim as well; the
hole's rectangle itself would read two squares, joined by the frame lines between them, as one square).
Tuned on the renderer's hardest card seeds (``python -m bench.bench_colour --cards N --cards-seed S``)."""
CARD_W, CARD_H = 150, 100
MARGIN = 0.07
"""The card's rim (this share of its height) is not looked at for marks."""
MARK_SATURATION = 40
"""A mark's pixel: saturation at least this after the card's own white balance. (A pale mark, a
light print or a glare spot, is then found in part: growing each mark into its neighbours of
saturation 30-35 by a watershed read seeds 5000-5299 no better, 6-7 cards not all right against
6; from 20-25 it made silent errors (0.9-1.35 %); a plain connected growth joined two squares
into one.)"""
SMALLEST_MARK = 0.03
"""A mark covers at least this share of the card."""
SQUARE_SOLIDITY = 0.9
SQUARE_AREA = 0.1
"""A square fills this share of its convex hull and covers this share of the card or more
(the renderer's squares: 0.97 and 0.16-0.29, by whether the card or the paper inside its frame
line was found)..."""
SQUARE_LARGEST = 0.4
"""...and at most this share (two squares joined into one mark by the blurred dark frame lines
between them, as saturated as a print: 0.55-0.6, in the card's middle)..."""
LIZARD_SOLIDITY = 0.7
"""...and a lizard, legs and tail, fills at most this share of its hull (renderer: 0.43-0.55)."""
LIZARD_AREA = 0.05
"""...and covers at least this share of the card (renderer: 0.06-0.24, 0.15-0.22 for nine in ten;
hardest card seeds 100000-102999, 892 lizards): what is left of a square a glare spot holed may be
as ragged as a lizard but is smaller (a crescent of 0.03, solidity 0.46:
``test_what_a_glare_spot_leaves_of_a_red_square_is_no_lizard``)."""
SURE_LIZARD, LIZARD_REACH = 0.6, 6.0
"""A lizard card shows one of the box's lizards, fewer colours than the board's (Lezard Domino: no
orange lizard). A mark surely a lizard (solidity at most ``SURE_LIZARD``) and not washed out
(``Mark.washed``) whose colour is no lizard's is named by the one lizard colour whose band lies
within ``LIZARD_REACH`` (hue units, about the most a glare spot or a clipped print moves a hue) of
its hue, if only one does: a yellow lizard the light moved towards orange is yellow (``lizard_named``).
Washed-out marks are left out: a red square a glare spot holed would be read a red lizard
(``test_a_square_under_a_glare_spot_is_read_right_or_uncertain``). Tuned on hardest card seeds 5000-5599."""
SPLIT_OPEN = 7
"""A mark bigger than ``SQUARE_LARGEST`` is opened by a square this many pixels wide: lines that
join two squares vanish and the squares stay (``_parts``; renderer seeds 30000-31499: 5 of 2258
cards read right that were read as one square in the middle, 3 of them silent errors, or uncertain
once ``SQUARE_LARGEST`` held)."""
VIVID = 50.0
"""A mark's hue is read on its most saturated pixels, those above this percentile of its core:
the part least washed out by a lamp's glare or blurred into the paper."""
WASHED = 100
DRIFT = 5.0
"""A mark whose vivid part is still paler than this saturation (0-255; the renderer's prints
read 150 or more in 95 % of marks) lies in a glare spot, which moves its hue towards the next
colour (by up to about 6 on the renderer's frames, and an orange lizard's to 179.9 in seed 61493): it
is named only if its hue lies DRIFT or more inside its colour's band, round the hue circle, or the
only other colours within DRIFT (``drifted_from``) are none the board's cards show (``glare_checked``;
purple for Lezard Domino: a washed red at hue 170-175 is red). Red's band is checked across hue 180.
Tuned on hardest card seeds 5000-5599; measured by ``python -m bench.bench_colour --cards N``."""
STEADY_HUE = 3.0
STEADY = 0.7
"""For ``ok``, this share of a mark's core lies within STEADY_HUE (OpenCV units) of its median hue;
or, for a washed-out mark, whose pale pixels' hues scatter more, anywhere inside its colour's band
(a washed green square of bench seed 95 is 58 % steady, all in its band). Looked at on hardest card seeds."""
LIZARD_STEADY = 0.5
"""...and for a lizard, half its core: its body and legs are a few pixels wide, so the core lies along
its outline, where the print blurs into the paper and the outline, and its hue scatters more than a
square's (hardest card seeds 100000-105999: 1726 lizards read their own colour, 10 of them held back
for steadiness 0.49-0.68 alone, none read another colour)."""
SQUARE_OFF_CENTRE = 0.1
"""A lone square lies within this share of the card's width from its middle; each of two
squares lies this far or more on its side (a square lost in a glare spot must not make two
squares one)."""
SQUARE_SIZES = 0.6
"""Two squares' areas differ by no more than this ratio (a square half lost in a glare spot)."""

WASHED_SOLIDITY, WASHED_SIZES = 0.8, 0.4
"""A glare spot eats into the outline of a square it washes out (``Mark.washed``): of two squares
named two colours, a washed one needs only this solidity and, the smaller, this share of the
other's area (renderer, hardest card frames, cards read right: seeds 5000-5599 897 -> 899 of 908,
bench seeds 0-199 293 -> 294 of 299, seeds 20000-20599 +1, 30000-30599 and 40000-40599 +0, and
seeds 60000-60599 and 61000-61599, never used before, +3 of 1813; no card more read wrong ``ok``).
Two marks of one colour might be one square that a glare spot cut in two: they keep the stricter
bars."""

APART_HUE = 6.0
"""Two squares whose hues lie this far apart (OpenCV units) are two paints (``beside``)."""

CARD_HUES: dict[str, tuple[float, float]] = {
    "red": (170.0, 3.5),
    "orange": (5.5, 18.5),
    "yellow": (20.5, 34.0),
    "green": (42.0, 85.0),
    "blue": (95.0, 128.0),
    "purple": (135.0, 165.0),
}
"""The hues (OpenCV units, 0-180) each colour's print takes on a card after its own white
balance, low to high (red wraps around 180). Between two bands a mark is ``uncertain``: the
renderer's orange paints reach hue 17 and its yellows 21 (``kit_jitter`` 1.5), and light moves
a mark's measured hue by up to about 3 (a clipped orange under a bright lamp, a glare spot)."""


def card_json(face: str) -> dict[str, object]:
    """``kind:colour+colour`` as ``{"kind": ..., "colours": [...]}``."""
    kind, _, colours = face.partition(":")
    return {"kind": kind, "colours": colours.split("+") if colours else []}


def card_hue_name(hue: float) -> str | None:
    """The colour name whose band in ``CARD_HUES`` holds ``hue``, or None between bands."""
    return next((name for name in CARD_HUES if in_band(np.float32(hue), name)), None)


def in_band(hue: NDArray[np.float32] | np.float32, name: str) -> NDArray[np.bool_]:
    """Where ``hue`` lies in ``name``'s band of ``CARD_HUES`` (red's runs over 180 to its end).

    >>> in_band(np.array([169.0, 179.0, 3.0, 4.0], np.float32), "red").tolist()
    [False, True, True, False]
    """
    low, high = CARD_HUES[name]
    inside = (hue >= low) & (hue <= high) if low <= high else (hue >= low) | (hue <= high)
    return np.asarray(inside)


def find_cards(work: NDArray[np.uint8], cast: Cast) -> list[cv2.typing.RotatedRect]:
    """Rotated rectangles (work pixels) of pale regions shaped like a card, largest first."""
    balanced = cv2.transform(work, np.diag(np.array(cast.gains, np.float32)))  # as colour.corrected
    # whole planes, not strided views of the HSV image: the comparisons below take a tenth as long
    _, saturation, value = cv2.split(cv2.cvtColor(balanced, cv2.COLOR_BGR2HSV))
    step = cv2.morphologyEx(value, cv2.MORPH_GRADIENT, np.ones((3, 3), np.uint8))
    smooth = step < cv2.convertScaleAbs(value, alpha=EDGE)
    colourless = saturation < PAPER_SATURATION
    pale = colourless & smooth
    pale_in_glare = colourless & (step < cv2.convertScaleAbs(value, alpha=GLARE_EDGE))
    cuts = [(pale, level) for level in PAPER_LEVELS]
    cuts += [(pale_in_glare, level) for level in GLARE_LEVELS]
    cuts.append(((saturation < CREAM_SATURATION) & smooth, CREAM_LEVEL))
    area_total = float(work.shape[0] * work.shape[1])
    smallest = 0.5 * CARD_AREA[0] * area_total  # an outline boxed in less than this cannot hull a card
    found: list[tuple[float, cv2.typing.RotatedRect]] = []
    holes: list[tuple[float, cv2.typing.RotatedRect]] = []
    for mask, level in cuts:
        # a whole level: for a uint8 v, v > x exactly when v > floor(x) (and none is above 255)
        _, bright = cv2.threshold(value, min(255, math.floor(level * cast.white)), 1, cv2.THRESH_BINARY)
        paper = cv2.bitwise_and(mask.view(np.uint8), bright)
        outlines, tree = cv2.findContours(paper, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_SIMPLE)
        # weighed by its box, not its own area: a rim the blur broke encloses almost none
        for i in np.flatnonzero(boxed(outlines) >= smallest).tolist():
            outline, hole = outlines[i], tree[0][i, 3] >= 0  # a hole's outline has a parent
            hull = cv2.convexHull(outline)
            area = float(cv2.contourArea(hull))
            rect = card_shaped(hull, area)
            if rect is not None and CARD_AREA[0] * area_total <= area <= CARD_AREA[1] * area_total:
                (holes if hole else found).append((area, rect))
    found.sort(key=lambda f: -f[0])
    kept: list[cv2.typing.RotatedRect] = []
    for _, rect in found:  # one card at several levels, or paper inside its frame line: the card
        if all(cv2.pointPolygonTest(cv2.boxPoints(k), rect[0], False) < 0 for k in kept):
            kept.append(rect)
    holes.sort(key=lambda f: -f[0])
    for _, rect in holes:  # a hole where no card is: a card the cuts did not part from the floor
        if all(cv2.rotatedRectangleIntersection(rect, k)[0] == cv2.INTERSECT_NONE for k in kept):
            card = paper_within(np.asarray(value, np.uint8), rect)
            if card is not None:
                kept.append(card)
    return kept


def boxed(outlines: Sequence[cv2.typing.MatLike]) -> NDArray[np.int64]:
    """The area of the upright box around each outline (``cv2.boundingRect``'s, all in one pass:
    a frame's cuts hold thousands of specks).

    >>> boxed((np.array([[[2, 3]], [[5, 3]], [[5, 7]]], np.int32), np.array([[[0, 0]]], np.int32))).tolist()
    [20, 1]
    """
    if not outlines:
        return np.zeros(0, np.int64)
    lengths = np.fromiter(map(len, outlines), np.int64, len(outlines))
    starts = np.concatenate(([0], np.cumsum(lengths)[:-1]))
    points = np.concatenate(outlines).reshape(-1, 2).astype(np.int64)
    sides = np.maximum.reduceat(points, starts) - np.minimum.reduceat(points, starts) + 1
    return np.asarray(sides[:, 0] * sides[:, 1], np.int64)


def paper_within(value: NDArray[np.uint8], hole: cv2.typing.RotatedRect) -> cv2.typing.RotatedRect | None:
    """The rectangle of the brighter part (Otsu's split of ``value`` inside ``hole``, a rotated
    rectangle of ``value``'s pixels), if it has a card's shape and covers at least ``HOLE_PAPER`` of
    the hole; else None.

    >>> value = np.full((60, 80), 40, np.uint8)
    >>> value[12:48, 14:66] = 90  # a card's dark rim
    >>> value[15:45, 17:63] = 220  # its paper
    >>> (x, y), (w, h), _ = paper_within(value, ((40.0, 30.0), (52.0, 36.0), 0.0))
    >>> round(x), round(y), sorted((round(w), round(h)))
    (40, 30, [29, 45])
    """
    corners = np.round(cv2.boxPoints(hole)).astype(np.int32)
    x, y, across, down = cv2.boundingRect(corners)
    x0, y0 = max(x, 0), max(y, 0)
    near = value[y0 : y + down, x0 : x + across]  # the hole's box, inside the image
    inside = np.zeros(near.shape, np.uint8)
    origin = np.array([x0, y0], np.int32)
    cv2.fillPoly(inside, [corners - origin], 1)
    split, _ = cv2.threshold(near[inside > 0].reshape(-1, 1), 0, 1, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    bright = ((near > split) & (inside > 0)).view(np.uint8)
    points = cv2.findNonZero(cv2.morphologyEx(bright, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8)))
    if points is None:
        return None
    hull = cv2.convexHull(np.asarray(points, np.int32) + origin)
    card = card_shaped(hull, float(cv2.contourArea(hull)))
    if card is None or card[1][0] * card[1][1] < HOLE_PAPER * hole[1][0] * hole[1][1]:
        return None
    return card


def card_shaped(hull: cv2.typing.MatLike, area: float) -> cv2.typing.RotatedRect | None:
    """The rotated rectangle around a convex ``hull`` of ``area`` when it has a card's shape
    (``CARD_ASPECT``, filled to ``CARD_FILL``); else None.

    >>> sorted(card_shaped(np.array([[[0, 0]], [[30, 0]], [[30, 20]], [[0, 20]]], np.int32), 600.0)[1])
    [20.0, 30.0]
    >>> card_shaped(np.array([[[0, 0]], [[20, 0]], [[20, 20]], [[0, 20]]], np.int32), 400.0) is None
    True
    """
    rect = cv2.minAreaRect(hull)
    w, h = rect[1]
    if min(w, h) <= 0 or not CARD_ASPECT[0] <= max(w, h) / min(w, h) <= CARD_ASPECT[1]:
        return None
    return rect if area >= CARD_FILL * w * h else None


def straighten(image: NDArray[np.uint8], rect: cv2.typing.RotatedRect, scale: float) -> NDArray[np.uint8]:
    """The card of ``rect`` (work pixels; the image is the frame, ``scale`` = work / frame) as a
    CARD_W x CARD_H picture, long side across, its left as the camera sees it on the left."""
    corners = cv2.boxPoints(rect) / scale
    centre = corners.mean(axis=0)
    edges = [corners[(i + 1) % 4] - corners[i] for i in range(4)]
    long = max(range(4), key=lambda i: float(np.hypot(*edges[i])))
    along = edges[long] / float(np.hypot(*edges[long]))
    if along[0] < 0:
        along = -along
    across = np.array([-along[1], along[0]])
    half_w = float(np.hypot(*edges[long])) / 2
    half_h = float(np.hypot(*edges[(long + 1) % 4])) / 2
    src = np.array(
        [centre - along * half_w - across * half_h, centre + along * half_w - across * half_h,
         centre + along * half_w + across * half_h],
        np.float32,
    )  # fmt: skip
    dst = np.array([[0, 0], [CARD_W, 0], [CARD_W, CARD_H]], np.float32)
    matrix = cv2.getAffineTransform(src, dst)
    return np.asarray(cv2.warpAffine(image, matrix, (CARD_W, CARD_H), flags=cv2.INTER_LINEAR), np.uint8)


@dataclass(frozen=True, slots=True)
class Mark:
    """One coloured mark on a card: its colour name (None: between names) and median hue, the
    share of its core with that name's hue, its solidity (area over its hull's), its centre's x
    and its area (shares of the card's width and area), whether a glare spot washed it out, and
    the median saturation (0-255) and brightness (against the card's paper) of its most saturated
    pixels, which ``features`` gives a taught profile."""

    colour: str | None
    hue: float
    steady: float
    solidity: float
    x: float
    area: float
    washed: bool = False
    saturation: float = 0.0
    value: float = 0.0
    drift: tuple[str, ...] = ()
    """For a washed-out mark, the other colours a glare spot may have moved it from (``drifted_from``)."""

    def features(self) -> tuple[float, ...]:
        """Numbers that describe the mark's colour for a taught profile (``vision.profile``,
        as ``FaceLook.features``): its hue on the colour wheel, scaled by its saturation (0-1), and
        its brightness against the card's paper (at most 1).

        >>> red = Mark("red", 0.0, 1.0, 1.0, 0.5, 0.2, saturation=255.0, value=0.6)
        >>> [round(f, 2) for f in red.features()]
        [3.0, 0.0, 1.2]
        """
        angle = math.radians(2 * self.hue)
        chroma = self.saturation / 255.0
        return 3 * chroma * math.cos(angle), 3 * chroma * math.sin(angle), 2 * min(self.value, 1.0)


def on_own_paper(card_bgr: NDArray[np.uint8], cast: Cast) -> NDArray[np.float32]:
    """The straightened card in HSV (float: hue 0-180, saturation and value 0-255), white-balanced
    on its own paper (its light pale pixels)."""
    pixels = corrected(card_bgr, cast).astype(np.float32)
    hsv = _hsv(pixels, clip=False)  # 0-255 already
    value = hsv[..., 2]
    light = ((hsv[..., 1] < PAPER_SATURATION) & (value >= 0.7 * percentile(value, 90))).view(np.uint8)
    if cv2.countNonZero(light) >= 50:
        paper = np.array(cv2.mean(pixels, mask=light)[:3])
        hsv = _hsv(times(pixels, (float(paper.mean()) / np.maximum(paper, 1.0)).tolist()))
    return hsv


def _hsv(bgr: NDArray[np.float32], clip: bool = True) -> NDArray[np.float32]:
    """HSV of float BGR (0-255, clipped unless ``clip`` is False) in OpenCV's 8-bit units but not rounded."""
    unit = np.asarray((np.clip(bgr, 0, 255) if clip else bgr) / np.float32(255), np.float32)
    hsv = np.asarray(cv2.cvtColor(unit, cv2.COLOR_BGR2HSV), np.float32)
    return times(hsv, [0.5, 255.0, 255.0])


def marks_of(hsv: NDArray[np.float32]) -> list[Mark]:
    """The coloured marks inside a straightened card's rim (HSV, balanced on its paper), left first."""
    inner = np.zeros(hsv.shape[:2], bool)
    m = round(MARGIN * CARD_H)
    inner[m:-m, m:-m] = True
    saturation, value = hsv[..., 1], hsv[..., 2]
    bright = percentile(value, 90)
    found = (inner & (saturation >= MARK_SATURATION) & (value >= 0.2 * bright)).view(np.uint8)
    coloured = np.asarray(cv2.morphologyEx(found, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8)), np.uint8)
    return sorted((_mark(hsv, part, bright) for part in _parts(coloured)), key=lambda k: k.x)


def _parts(coloured: NDArray[np.uint8]) -> list[NDArray[np.uint8]]:
    """The connected regions of ``coloured`` big enough for a mark; one bigger than a square that
    thin lines join (two squares and the frame lines between them) as the two it splits into."""
    parts = []
    for part in _regions(coloured):
        if part.sum() > SQUARE_LARGEST * CARD_W * CARD_H:
            opened = cv2.morphologyEx(part, cv2.MORPH_OPEN, np.ones((SPLIT_OPEN, SPLIT_OPEN), np.uint8))
            split = _regions(np.asarray(opened, np.uint8))
            if len(split) == 2:
                parts += split
                continue
        parts.append(part)
    return parts


def _regions(mask: NDArray[np.uint8]) -> list[NDArray[np.uint8]]:
    """The 8-connected regions of a 0/1 mask that cover ``SMALLEST_MARK`` of the card or more, as masks."""
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
    smallest = SMALLEST_MARK * CARD_W * CARD_H
    return [(labels == i).astype(np.uint8) for i in range(1, count) if stats[i, cv2.CC_STAT_AREA] >= smallest]


def _mark(hsv: NDArray[np.float32], mark: NDArray[np.uint8], paper: float) -> Mark:
    """The ``Mark`` of one region (a 0/1 mask) of a card (HSV, balanced on its paper, whose
    brightness is ``paper``)."""
    saturation = hsv[..., 1]
    core = cv2.erode(mark, np.ones((3, 3), np.uint8)) > 0
    if int(core.sum()) < 10:
        core = mark > 0
    core &= saturation >= percentile(saturation[core], VIVID)
    hue = hsv[..., 0][core]
    median = circular_median(hue)
    colour = card_hue_name(median)
    vivid = percentile(saturation[core], 50)
    washed = vivid < WASHED
    steady = float(np.mean(np.abs(hue_offset(hue, median)) <= STEADY_HUE))
    if washed and colour is not None:
        steady = max(steady, float(np.mean(in_band(hue, colour))))
    outline, _ = cv2.findContours(mark, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    pixels = float(mark.sum())
    hull = float(cv2.contourArea(cv2.convexHull(max(outline, key=cv2.contourArea))))
    solidity = pixels / hull if hull > 0 else 0.0
    moments = cv2.moments(mark, binaryImage=True)  # whole-number sums: the mean of the columns exactly
    x = moments["m10"] / moments["m00"] / CARD_W
    value = percentile(hsv[..., 2][core], 50) / max(paper, 1.0)
    area = pixels / (CARD_W * CARD_H)
    drift = drifted_from(median, colour) if washed else ()
    return Mark(colour, round(median, 1), steady, solidity, x, area, washed, vivid, value, drift)


def drifted_from(hue: float, colour: str | None) -> tuple[str, ...]:
    """The colours other than ``colour`` that a glare spot may have moved a washed-out mark of
    ``hue`` from: those ``DRIFT`` either side of it, or, where that lies between two bands, the
    band beyond.

    >>> drifted_from(172.0, "red"), drifted_from(179.9, "red"), drifted_from(126.0, "blue")
    (('purple',), ('orange',), ('purple',))
    >>> drifted_from(60.0, "green"), drifted_from(36.0, "yellow")
    ((), ('green',))
    """
    out: list[str] = []
    for end in ((hue - DRIFT) % 180, (hue + DRIFT) % 180):
        name = card_hue_name(end)
        beyond = hue_gap(end) if name is None else (name,)
        out += [other for other in beyond or () if other != colour and other not in out]
    return tuple(out)


def glare_checked(mark: Mark, colours: tuple[str, ...]) -> Mark:
    """``mark`` unnamed when a glare spot may have moved it from another of the board's ``colours``
    (``DRIFT``)."""
    return replace(mark, colour=None) if set(mark.drift) & set(colours) else mark


def card_marks(card_bgr: NDArray[np.uint8], cast: Cast) -> list[Mark]:
    """The marks of one straightened card, balanced on its own paper, left to right."""
    return marks_of(on_own_paper(card_bgr, cast))


def hue_gap(hue: float) -> tuple[str, str] | None:
    """The two colour names whose bands in ``CARD_HUES`` lie just below and just above ``hue``,
    when it lies between two bands; None inside a band.

    >>> hue_gap(19.0), hue_gap(4.5), hue_gap(25.0)
    (('orange', 'yellow'), ('red', 'orange'), None)
    """
    if card_hue_name(hue) is not None:
        return None
    below = min(CARD_HUES, key=lambda name: (hue - CARD_HUES[name][1]) % 180)
    above = min(CARD_HUES, key=lambda name: (CARD_HUES[name][0] - hue) % 180)
    return below, above


def beside(mark: Mark, other: Mark) -> Mark:
    """``mark`` named by ``other``, the card's other square, when its hue lies between two bands,
    ``other`` is named one of those two and lies ``APART_HUE`` or more from it: one paint under one
    light cannot differ so much, so ``mark`` is the other of the two. A washed-out mark, whose hue
    a glare spot may have moved that far, stays unnamed."""
    gap = hue_gap(mark.hue)
    if mark.colour is not None or mark.washed or other.washed or gap is None or other.colour not in gap:
        return mark
    if abs(hue_offset(mark.hue, other.hue)) < APART_HUE:
        return mark
    return replace(mark, colour=gap[0] if other.colour == gap[1] else gap[1])


def taught(mark: Mark, profile: Profile) -> Mark:
    """``mark`` named by a taught profile instead of ``CARD_HUES``: the nearest taught colour when
    the profile is sure of it (``Profile.verdict``), or when the built-in bands name the
    mark so too (a light far from the one taught under moves a mark out of its taught class, not
    into another's); else None."""
    ranked = profile.distances(mark.features())
    name, _, ok = profile.verdict(ranked)
    if ok:
        return replace(mark, colour=name)
    nearest = ranked[0][1]
    return replace(mark, colour=nearest if nearest == mark.colour else None)


def lizard_named(mark: Mark, lizards: tuple[str, ...]) -> Mark:
    """``mark``, a lizard, named by ``lizards``, the colours a lizard card may show: as it is when
    its colour is one of them, else by the only one whose band in ``CARD_HUES`` lies within
    ``LIZARD_REACH`` of its hue, or None.

    >>> lizards = ("green", "blue", "red", "yellow")
    >>> def named(hue: float) -> str | None:
    ...     return lizard_named(Mark(None, hue, 1.0, 0.5, 0.5, 0.2), lizards).colour
    >>> [named(hue) for hue in (19.0, 16.0, 11.0, 38.0)]
    ['yellow', 'yellow', None, None]
    >>> lizard_named(Mark("orange", 8.0, 1.0, 0.5, 0.5, 0.2), lizards).colour
    'red'
    """
    if mark.colour in lizards:
        return mark
    near = [name for name in lizards if hue_to_band(mark.hue, name) <= LIZARD_REACH]
    return replace(mark, colour=near[0] if len(near) == 1 else None)


def hue_to_band(hue: float, name: str) -> float:
    """How far (hue units, round the circle) ``hue`` lies from ``name``'s band in ``CARD_HUES``: 0 inside.

    >>> hue_to_band(19.0, "yellow"), hue_to_band(176.0, "red"), hue_to_band(7.0, "red")
    (1.5, 0.0, 3.5)
    """
    if in_band(np.float32(hue), name):
        return 0.0
    low, high = CARD_HUES[name]
    return min((low - hue) % 180, (hue - high) % 180)


def two_squares(left: Mark, right: Mark) -> bool:
    """Are two named marks surely a card's two squares: each solid and big enough, one on each
    side of the middle, of like sizes? A washed-out square of two colours is let off part of
    the solidity and size bars (``WASHED_SOLIDITY``, ``WASHED_SIZES``).

    >>> green = Mark("green", 66.0, 0.9, 0.86, 0.3, 0.13, washed=True)
    >>> orange = Mark("orange", 7.0, 1.0, 1.0, 0.7, 0.27)
    >>> two_squares(green, orange), two_squares(green, replace(orange, colour="green"))
    (True, False)
    """
    apart = left.colour != right.colour
    small, big = sorted((left, right), key=lambda k: k.area)

    def solid(mark: Mark) -> bool:
        least = WASHED_SOLIDITY if apart and mark.washed else SQUARE_SOLIDITY
        return mark.solidity >= least and mark.area >= SQUARE_AREA

    sizes = WASHED_SIZES if apart and small.washed else SQUARE_SIZES
    return (
        solid(left)
        and solid(right)
        and left.x <= 0.5 - SQUARE_OFF_CENTRE <= 0.5 + SQUARE_OFF_CENTRE <= right.x
        and small.area >= sizes * big.area
    )


def read_card(
    card_bgr: NDArray[np.uint8],
    cast: Cast,
    colours: tuple[str, ...],
    profile: Profile | None = None,
    lizards: tuple[str, ...] | None = None,
) -> tuple[str | None, float, bool]:
    """``(face or None, confidence, ok)`` of one straightened card; ``profile``: the colours the
    player taught (``kostka teach --mode cards``) instead of the built-in hue bands; ``lizards``:
    the colours a lizard card may show (None: any of ``colours``)."""
    marks = [glare_checked(k, colours) for k in card_marks(card_bgr, cast)]
    if not 1 <= len(marks) <= 2:
        return None, 0.2, False
    if profile is not None:
        marks = [taught(k, profile) for k in marks]
    elif len(marks) == 2:
        marks = [beside(k, o) for k, o in ((marks[0], marks[1]), (marks[1], marks[0]))]
    elif lizards is not None and marks[0].solidity <= SURE_LIZARD and not marks[0].washed:
        marks = [lizard_named(marks[0], lizards)]
    steady = min(k.steady for k in marks)
    if any(k.colour is None or k.colour not in colours for k in marks):
        return None, round(0.5 * steady, 2), False
    if len(marks) == 2:
        kind, sure = "squares", two_squares(*marks)
    elif marks[0].solidity >= SQUARE_SOLIDITY:
        kind = "square"
        sure = SQUARE_AREA <= marks[0].area <= SQUARE_LARGEST and abs(marks[0].x - 0.5) <= SQUARE_OFF_CENTRE
    else:
        kind, sure = "lizard", marks[0].solidity <= LIZARD_SOLIDITY and marks[0].area >= LIZARD_AREA
    face = f"{kind}:{'+'.join(str(k.colour) for k in marks)}"
    return face, round(steady, 2), sure and steady >= (LIZARD_STEADY if kind == "lizard" else STEADY)


def cards_in(frame_bgr: NDArray[np.uint8]) -> tuple[list[cv2.typing.RotatedRect], float, Cast]:
    """The cards of a BGR frame, left to right (``find_cards``' rectangles in work pixels), the
    work copy's scale and the frame's cast."""
    height, width = frame_bgr.shape[:2]
    scale = min(1.0, FIND_SIDE / max(width, height))
    pyramid = Pyramid(frame_bgr)
    cast = estimate_cast(pyramid.at(scale / 4))
    return sorted(find_cards(pyramid.at(scale), cast), key=lambda r: r[0][0]), scale, cast


def read_card_faces(
    frame_bgr: NDArray[np.uint8],
    colours: tuple[str, ...],
    profile: Profile | None = None,
    lizards: tuple[str, ...] | None = None,
) -> list[Die]:
    """Every card in a BGR frame as a ``Die`` entry (face ``kind:colour+colour``), left to right
    (``read_card``)."""
    height, width = frame_bgr.shape[:2]
    rects, scale, cast = cards_in(frame_bgr)
    out = []
    for rect in rects:
        face, confidence, ok = read_card(straighten(frame_bgr, rect, scale), cast, colours, profile, lizards)
        x, y, w, h = cv2.boundingRect(np.round(cv2.boxPoints(rect) / scale).astype(np.int32))
        x0, y0 = max(0, x), max(0, y)
        box = (x0, y0, max(1, min(width, x + w) - x0), max(1, min(height, y + h) - y0))
        status: Status = "ok" if ok and face is not None else "uncertain"
        out.append(Die(face, confidence, status, box))
    return out


def card_features(frame_bgr: NDArray[np.uint8]) -> list[tuple[float, ...]]:
    """What ``kostka teach --mode cards`` learns from a frame: the features (``Mark.features``) of
    the mark of every card showing one mark (a square or a lizard: the colour being taught). A card
    of two squares teaches nothing. A pale mark teaches too: a copy's paint may be paler than the
    built-in bands expect (``Mark.washed``), and a mark a glare spot paled is one of several
    (``Profile.teach`` keeps medians)."""
    rects, scale, cast = cards_in(frame_bgr)
    out = []
    for rect in rects:
        marks = card_marks(straighten(frame_bgr, rect, scale), cast)
        if len(marks) == 1:
            out.append(marks[0].features())
    return out


def read_cards(
    frame_bgr: NDArray[np.uint8],
    colours: tuple[str, ...] | None = None,
    profile: Profile | None = None,
    lizards: tuple[str, ...] | None = None,
) -> Reading:
    """Read every Lezard card in the frame; ``face`` is ``{"kind": ..., "colours": [...]}``.

    ``colours``: the colour names the board uses (from the game's data file, passed in by the
    caller; default ``DEFAULT_CARD_COLOURS``); a card showing another colour is ``uncertain``.
    ``profile``: the colours of the player's own cards (``card_features``, ``kostka teach --mode
    cards``) instead of the built-in hue bands; a mark far from every taught colour is ``uncertain``.
    ``lizards``: the colours of the box's lizards, which its lizard cards show (the same data file;
    default, with the default board, ``DEFAULT_LIZARD_COLOURS``, else any of ``colours``).
    """
    if profile is not None and profile.mode != "cards":
        raise ProfileError.of("profile.wrong_mode.cards", mode=profile.mode)
    frame = as_bgr(frame_bgr)
    height, width = frame.shape[:2]
    if colours is None:
        colours = DEFAULT_CARD_COLOURS
        lizards = DEFAULT_LIZARD_COLOURS if lizards is None else lizards
    return Reading(tuple(read_card_faces(frame, colours, profile, lizards)), width, height)
