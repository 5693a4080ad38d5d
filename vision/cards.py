"""Lezard Domino's cards: one square of colour X, two squares X and Y (in order), or a lizard of X.

A card is a light, nearly white rectangle (3:2) on the tray. ``find_cards`` finds light,
colourless regions of a card's shape (after the frame's white balance, ``vision.colour``),
``read_card`` straightens each into a ``CARD_W`` x ``CARD_H`` picture, long side across, and
looks at the coloured marks inside its frame line: one compact mark is a square, two are two
squares (read left to right as the camera sees them), one ragged mark (legs, tail) is a lizard.
The colour names a board uses are passed in (``colours``): vision/ knows no game's data files.

A card's face is written as in labels.csv, ``kind:colour+colour``; ``card_json`` turns it into
the JSON of ``kostka read --mode cards``.

>>> card_json("squares:red+blue")
{'kind': 'squares', 'colours': ['red', 'blue']}
"""

from __future__ import annotations

import math

import cv2
import numpy as np
from numpy.typing import NDArray

from vision.colour import NAMES, Cast, corrected, estimate_cast, name_pixels
from vision.reading import Die, Status

DEFAULT_CARD_COLOURS = ("red", "orange", "yellow", "green", "blue")
"""Lezard Domino's colours (rules/data/lezard.toml); callers should pass the board's own."""
CARD_W, CARD_H = 150, 100
WORK_SIDE = 1280
PAPER_SATURATION = 60
PAPER_VALUE = 0.55
"""Card paper: saturation below this (0-255) and value above this share of the scene's white."""
SMALLEST_MARK = 0.03
"""A mark covers at least this share of the card."""
SQUARE_SOLIDITY = 0.85
LIZARD_SOLIDITY = 0.75
OK_AGREE = 0.8


def card_json(face: str) -> dict[str, object]:
    """``kind:colour+colour`` as ``{"kind": ..., "colours": [...]}``."""
    kind, _, colours = face.partition(":")
    return {"kind": kind, "colours": colours.split("+") if colours else []}


def find_cards(work: NDArray[np.uint8], cast: Cast) -> list[cv2.typing.RotatedRect]:
    """Rotated rectangles (work pixels) of light regions shaped like a card."""
    hsv = cv2.cvtColor(corrected(work, cast), cv2.COLOR_BGR2HSV)
    paper = ((hsv[..., 1] < PAPER_SATURATION) & (hsv[..., 2] > PAPER_VALUE * cast.white)).astype(np.uint8)
    outlines, _ = cv2.findContours(paper, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE)
    area_total = float(work.shape[0] * work.shape[1])
    found = []
    for outline in outlines:
        hull = cv2.convexHull(outline)
        area = float(cv2.contourArea(hull))
        if not 0.0012 * area_total <= area <= 0.3 * area_total:
            continue
        rect = cv2.minAreaRect(hull)
        (w, h) = rect[1]
        if min(w, h) <= 0 or not 1.2 <= max(w, h) / min(w, h) <= 1.9:
            continue
        if area / (w * h) < 0.85:
            continue
        found.append(rect)
    found.sort(key=lambda r: -r[1][0] * r[1][1])
    kept: list[cv2.typing.RotatedRect] = []
    for rect in found:  # the card and the paper inside its frame line: keep the card
        if all(math.dist(rect[0], k[0]) > 0.3 * min(k[1]) for k in kept):
            kept.append(rect)
    return kept


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
    return np.asarray(cv2.warpAffine(image, matrix, (CARD_W, CARD_H), flags=cv2.INTER_AREA), np.uint8)


def read_card(
    card_bgr: NDArray[np.uint8], cast: Cast, colours: tuple[str, ...]
) -> tuple[str | None, float, bool]:
    """``(face or None, confidence, ok)`` of one straightened card."""
    hsv = np.asarray(cv2.cvtColor(corrected(card_bgr, cast), cv2.COLOR_BGR2HSV), np.uint8)
    names = name_pixels(hsv, cast.white)
    inner = np.zeros(names.shape, bool)
    m = round(0.05 * CARD_H)
    inner[m:-m, m:-m] = True
    coloured = inner & (hsv[..., 1] >= PAPER_SATURATION) & (names != NAMES.index("black"))
    coloured = cv2.morphologyEx(coloured.astype(np.uint8), cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    count, labels, stats, centroids = cv2.connectedComponentsWithStats(coloured, connectivity=8)
    marks = [i for i in range(1, count) if stats[i, cv2.CC_STAT_AREA] >= SMALLEST_MARK * CARD_W * CARD_H]
    marks.sort(key=lambda i: float(centroids[i][0]))
    if not 1 <= len(marks) <= 2:
        return None, 0.2, False
    described = []
    for i in marks:
        mark = labels == i
        counts = np.bincount(names[mark].astype(np.int64), minlength=len(NAMES))
        top = int(np.argmax(counts))
        agree = float(counts[top]) / float(mark.sum())
        outline, _ = cv2.findContours(mark.astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
        biggest = max(outline, key=cv2.contourArea)
        hull = float(cv2.contourArea(cv2.convexHull(biggest)))
        solidity = float(mark.sum()) / hull if hull > 0 else 0.0
        described.append((NAMES[top], agree, solidity))
    agree = min(d[1] for d in described)
    if any(d[0] not in colours for d in described):
        return None, round(0.5 * agree, 2), False
    if len(described) == 2:
        kind = "squares"
        sure = all(d[2] >= SQUARE_SOLIDITY for d in described)
    elif described[0][2] >= SQUARE_SOLIDITY:
        kind, sure = "square", True
    elif described[0][2] <= LIZARD_SOLIDITY:
        kind, sure = "lizard", True
    else:
        kind, sure = "square" if described[0][2] > 0.8 else "lizard", False
    face = f"{kind}:{'+'.join(d[0] for d in described)}"
    return face, round(agree, 2), sure and agree >= OK_AGREE


def read_card_faces(frame_bgr: NDArray[np.uint8], colours: tuple[str, ...]) -> list[Die]:
    """Every card in a BGR frame as a ``Die`` entry (face ``kind:colour+colour``), left to right."""
    from vision.scaling import Pyramid

    height, width = frame_bgr.shape[:2]
    scale = min(1.0, WORK_SIDE / max(width, height))
    work = Pyramid(frame_bgr).at(scale)
    small = np.asarray(cv2.resize(work, (max(1, work.shape[1] // 8), max(1, work.shape[0] // 8)),
                                  interpolation=cv2.INTER_AREA), np.uint8)  # fmt: skip
    cast = estimate_cast(small)
    out = []
    for rect in sorted(find_cards(work, cast), key=lambda r: r[0][0]):
        card = straighten(frame_bgr, rect, scale)
        face, confidence, ok = read_card(card, cast, colours)
        x, y, w, h = cv2.boundingRect(np.round(cv2.boxPoints(rect) / scale).astype(np.int32))
        x0, y0 = max(0, x), max(0, y)
        box = (x0, y0, max(1, min(width, x + w) - x0), max(1, min(height, y + h) - y0))
        status: Status = "ok" if ok and face is not None else "uncertain"
        out.append(Die(face, confidence, status, box))
    return out
