"""Colour mode: ``read_colours(frame_bgr, profile=None) -> Reading`` (and ``read_cards``).

With colour mode's own network installed (``vision/data/colour_net.onnx``, ``vision.colour_net``,
trained on the renderer only), the network finds each die's top face and says what it shows
(a colour, the star, another colour, or cocked); ``_net_read`` then stands by a face only when
independent readings agree: the white-balanced look (``vision.colour``, or the taught profile)
names it and the network gives that name a fair chance, the network is sure of a flat die of
the frame's size, and the classical finder below sees a blob there, off the wall and unlike
the floor. A frame whose dice the classical finder does not bear out (real dice far bigger than
the renderer's, whose pips the network takes for dice) is read by the classical path alone.

The classical path. The pip reader's dice network (``vision.dice_net``) was trained on pip dice
in photos: on the renderer's hardest colour frames it finds 38 % of the dice, so colour mode
has its own finder and uses the network beside it (when its file is installed):

- ``find_dice``: the tray's floor, a median of a 1/8 copy, is subtracted from a 640-pixel copy
  in log space; what differs in colour, is lighter, or is darker than any shadow is a die's;
  compact blobs are dice, long ones touching dice (split), and the tray's wall is found too;
- ``dice_in``: the network's finds (one look at a 512-pixel copy) join them; a blob the network
  also found is ``confirmed``, and the network's size and place of a die are mapped to its top
  face by a fit on the renderer.

Perspective shows a die's sides towards the middle of the picture, so the top face is at the
blob's far end (``top_of``). Each top face is cut out, white-balanced with the cast of the whole
frame and named (``vision.colour``) by the default rules or a taught profile
(``vision.colour_profile``). The referee stands by a face only when the die is about the size
of the others, not at the wall (it may lean there, cocked), not split from touching dice, and
unlike the floor around it (``trusted``).

>>> import numpy as np
>>> classical = ColourSettings(use_net=False, colour_net=False)
>>> read_colours(np.zeros((480, 640, 3), np.uint8), settings=classical).dice
()
"""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass, replace
from pathlib import Path

import cv2
import numpy as np
from numpy.typing import NDArray

from vision.cards import DEFAULT_CARD_COLOURS, read_card_faces
from vision.colour import (
    FACE_PX,
    FACE_SHARE,
    FACES,
    LOG_TABLE,
    Cast,
    bright_chroma,
    estimate_cast,
    find_floor,
    judge_face,
    look_at_face,
)
from vision.colour_net import CLASSES as NET_CLASSES
from vision.colour_net import MODEL as COLOUR_MODEL
from vision.colour_net import TopFace, find_top_faces, load_colour_net
from vision.colour_profile import Profile
from vision.dice_net import MODEL, Candidate, find_candidates, load_net
from vision.reading import Die, Reading, Status
from vision.scaling import Pyramid


@dataclass(frozen=True, slots=True)
class ColourSettings:
    """Every tuned number of colour mode's die finder. Tuned on the renderer's hardest colour
    frames, seeds 1000-1199 (``bench/bench_colour.py`` measures on seeds 0-199), and looked at on
    the first 30 byler-mixed-tray photos and the gissur and matteo sets (see
    tests/data/colour_labels/README.md)."""

    use_net: bool | None = None  # also ask the dice network (vision.dice_net); None: when it is installed
    # Colour mode's own network (vision.colour_net), trained on the renderer only (seeds from
    # 2,000,000; never bench_colour.py's). When it is installed it finds the dice instead of the
    # classical finder and the pip network; the white-balanced naming (vision.colour) is its
    # second opinion: a face is ``ok`` only when both name it alike. Tuned on hardest seeds 1000-1199.
    colour_net: bool | None = None  # None: when vision/data/colour_net.onnx (or one in ``models``) is there
    colour_find: float = 0.3  # heat of the colour network's weakest find
    colour_heat: float = 0.5  # ...and of one the referee may stand by
    colour_agree: float = 0.1  # the network's chance for the face the white-balanced look names, for ok
    colour_cocked: float = 0.05  # a find this likely cocked is not ``ok``...
    colour_cocked_sure: float = 0.5  # ...and this likely, ``cocked``
    colour_apart: float = 0.7  # of two finds closer than this many face sides, the hotter is the die
    # When the network's sure finds mostly have no classical blob of their size, the frame is not
    # one the network knows (real dice far bigger than the renderer's): read it classically.
    colour_known: float = 0.5
    colour_blob_ratio: float = 1.6  # the classical blob and the network must size a die alike
    colour_size_ratio: float = 1.5  # a top face whose side differs more from the frame's median is uncertain
    work_side: int = 640  # long side of the copy the finder works on
    background_step: int = 8  # the floor is estimated at 1/8 of the work copy...
    background_median: int = 9  # ...by a median this wide (72 work pixels: wider than two dice)
    colour_step: float = 0.22  # log-chromaticity distance from the floor that marks a die
    lighter: float = 0.3  # log-brightness above the floor that marks a die
    darker: float = 0.62  # below the floor: deeper than any shadow (-0.5) marks a die
    smallest: float = 8.0  # side of the smallest die, work pixels
    largest: float = 90.0  # ...and of the largest
    focal: float = 0.87  # focal length over the frame's long side (a 60-degree lens)
    size_ratio: float = 1.5  # a blob whose side differs more from the frame's median is uncertain
    split_ratio: float = 1.45  # a blob this many times a single die's side holds touching dice
    most_touching: int = 5  # at most this many touching dice in one blob
    long_single: float = 1.35  # a blob at most this elongated (perspective taken out) may be one die
    long_pair: float = 1.6  # at least this elongated: touching dice, one per side length
    longest: float = 3.6  # longer than this: a strip along a wall, not dice
    pair_side: float = 1.25  # a long blob holds touching dice only if it is also this much bigger
    long_cocked: float = 1.12  # a die at the wall this elongated may lean on it (cocked)
    wall_gap: float = 0.15  # a die this close to the wall (share of its side) may be cocked
    net_side: int = 512  # the dice network looks at a copy this long (dice 11-35 px in 1280 frames)
    net_find: float = 0.25  # heat of the network's weakest find
    net_heat: float = 0.5  # the dice network's heat that confirms a die
    # The network's die size holds the sides and the rounded edges: on the renderer's hardest
    # frames (seeds 1000-1079) size / top face side = 1.91 + 0.54 reach, and the top face's
    # centre lies (0.02 + 0.23 reach) sides outwards of the network's centre.
    net_size: tuple[float, float] = (1.91, 0.54)
    net_shift: tuple[float, float] = (0.02, 0.23)
    floor_chroma: float = 0.15  # a face this close to the floor's colour...
    floor_bright: float = 0.3  # ...and brightness is the floor, not a die
    lone_fill: float = 0.6  # a blob the network did not confirm must fill this much of its box
    # ...and have a side of at least this share of the frame's long side. The camera is 28-42 cm
    # above the tray: a 12 mm die's top face is 2.2 % of a 55-66 degree view; a white die's pips
    # in the matteo photos are 1.4-1.9 %.
    smallest_share: float = 0.02


COLOUR_SETTINGS = ColourSettings()


@dataclass(frozen=True, slots=True)
class Floor:
    """The tray's floor without the dice (a median), in the work copy's pixels (``scale`` of the frame)."""

    image: NDArray[np.uint8]
    scale: float
    wall: NDArray[np.float32]
    """Distance of every work pixel from the tray's wall (the edge of the floor), work pixels."""
    colour: NDArray[np.uint8]
    """The floor's usual colour (``vision.colour.find_floor``)."""

    def wall_at(self, x: float, y: float) -> float:
        """Distance from the wall of frame point (x, y), in frame pixels."""
        h, w = self.wall.shape[:2]
        column = min(w - 1, max(0, round(x * self.scale)))
        row = min(h - 1, max(0, round(y * self.scale)))
        return float(self.wall[row, column]) / self.scale

    def differs(self, face_bgr: NDArray[np.uint8], x: float, y: float, settings: ColourSettings) -> bool:
        """Does the middle of a face crop differ from the floor at frame point (x, y), or, by
        twice as much, from the floor's usual colour (a die bigger than the median's window
        is its own "floor")? A "die" the colour of the floor is a patch of the floor (felt,
        lint, a shadow)."""
        h, w = self.image.shape[:2]
        here = self.image[
            min(h - 1, max(0, round(y * self.scale))), min(w - 1, max(0, round(x * self.scale)))
        ]
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


def find_dice(
    pyramid: Pyramid, width: int, height: int, settings: ColourSettings = COLOUR_SETTINGS
) -> tuple[list[Blob], Cast, Floor]:
    """Die candidates (see the module docstring), the frame's colour cast and its floor."""
    scale = min(1.0, settings.work_side / max(width, height))
    work = np.asarray(cv2.GaussianBlur(pyramid.at(scale), (3, 3), 0), np.uint8)
    wh, ww = work.shape[:2]
    step = settings.background_step
    small = np.asarray(
        cv2.resize(work, (max(1, ww // step), max(1, wh // step)), interpolation=cv2.INTER_AREA), np.uint8
    )
    cast = estimate_cast(small)
    floor_small, floor_colour = find_floor(small)
    filled = small.copy()
    filled[~floor_small] = floor_colour
    floor = np.asarray(cv2.medianBlur(filled, settings.background_median), np.uint8)
    floor = np.asarray(cv2.resize(floor, (ww, wh), interpolation=cv2.INTER_LINEAR), np.uint8)
    logs = np.asarray(cv2.subtract(cv2.LUT(work, LOG_TABLE), cv2.LUT(floor, LOG_TABLE)), np.float32)
    bright, chroma = bright_chroma(logs)
    mask = (chroma > settings.colour_step) | (bright > settings.lighter) | (bright < -settings.darker)
    half = np.asarray(cv2.pyrDown(work), np.uint8)  # the tray's edge needs no finer look
    tray_half, _ = find_floor(half, floor_colour)
    wall_half = cv2.distanceTransform(np.pad(tray_half.astype(np.uint8), 1), cv2.DIST_L2, 3)[1:-1, 1:-1]
    wall = np.asarray(cv2.resize(wall_half * 2.0, (ww, wh), interpolation=cv2.INTER_LINEAR), np.float32)
    tray = wall > 0.5
    opened = cv2.morphologyEx((mask & tray).astype(np.uint8), cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    mask8 = cv2.morphologyEx(opened, cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8))
    count, labels, stats, centroids = cv2.connectedComponentsWithStats(mask8, connectivity=8)
    focal = settings.focal * max(ww, wh)
    middle = (ww / 2, wh / 2)
    found = []
    for i in range(1, count):
        x, y, w, h, area = (int(v) for v in stats[i])
        if area < settings.smallest**2 or max(w, h) > 4 * settings.largest or area < 0.3 * w * h:
            continue
        reach = math.hypot(float(centroids[i][0]) - middle[0], float(centroids[i][1]) - middle[1]) / focal
        ys, xs = np.nonzero(labels[y : y + h, x : x + w] == i)
        points = np.column_stack([xs + x, ys + y]).astype(np.float32)
        side = math.sqrt(area / (1 + 1.2 * reach))
        found.append(_Component(points, area / float(w * h), side, elongation(points, middle, focal)))
    singles = [
        c.side for c in found if c.single(settings) and settings.smallest <= c.side <= settings.largest
    ]
    typical = statistics.median(singles) if singles else None
    blobs = []
    for c in found:
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


def dice_in(
    frame: NDArray[np.uint8], settings: ColourSettings = COLOUR_SETTINGS, models: str | None = None
) -> tuple[list[Blob], Cast, Pyramid, Floor]:
    """Every die candidate of a frame: the dice network's finds (``network_finds``) and
    colour mode's own blobs (``find_dice``), one entry per die; the frame's cast; its pyramid.

    A blob the network also found takes the network's place and size and is ``confirmed``.
    """
    height, width = frame.shape[:2]
    pyramid = Pyramid(frame)
    blobs, cast, floor = find_dice(pyramid, width, height, settings)
    ask_net = settings.use_net if settings.use_net is not None else models is not None or MODEL.is_file()
    found = network_finds(pyramid, width, height, settings, models) if ask_net else []
    centre_x, centre_y = width / 2, height / 2
    focal = settings.focal * max(width, height)
    merged = []
    taken: set[int] = set()
    for c in found:
        near = [i for i, b in enumerate(blobs) if i not in taken and _distance(b, c.x, c.y) < 0.5 * c.size]
        taken.update(near)
        reach = math.hypot(c.x - centre_x, c.y - centre_y) / focal
        side = c.size / (settings.net_size[0] + settings.net_size[1] * reach)
        if near:
            wall = any(blobs[i].near_wall for i in near)
        else:  # the die's edge is about 0.6 of a side from its centre (turned faces reach 0.71);
            # off the floor altogether (gap 0) it lies on a wall, a rim or the table
            wall = floor.wall_at(c.x, c.y) < (0.6 + settings.wall_gap) * side
        box = box_of(c.x, c.y, c.size, width, height)
        shift = (settings.net_shift[0] + settings.net_shift[1] * reach) * side / max(1.0, reach * focal)
        top_x = c.x + (c.x - centre_x) * shift
        top_y = c.y + (c.y - centre_y) * shift
        sure = c.heat >= settings.net_heat
        single = [blobs[i] for i in near if not blobs[i].split]
        shared = sum(1 for d in found if math.hypot(d.x - c.x, d.y - c.y) < 0.9 * c.size)
        if len(near) == 1 and single and shared == 1 and 0.6 <= single[0].side / side <= 1.4:
            merged.append(replace(single[0], confirmed=sure))  # colour mode's own blob is placed better
            continue
        whole = [blobs[i] for i in near if blobs[i].fill >= settings.lone_fill and not blobs[i].split]
        if len(whole) >= 2 and all(b.side < 0.8 * side for b in whole):
            merged += whole  # the network saw touching dice as one: colour mode's blobs part them
            continue
        merged.append(Blob(box, top_x, top_y, side, 1.0, wall, False, sure))
    merged += [b for i, b in enumerate(blobs) if i not in taken]
    return _outermost(merged), cast, pyramid, floor


def network_finds(
    pyramid: Pyramid, width: int, height: int, settings: ColourSettings, models: str | None
) -> list[Candidate]:
    """The dice network's look at a ``net_side``-pixel copy of the frame: one candidate per die
    (of two within half a die, the hotter). One look, not ``locate``'s three: colour mode
    places the dice itself, and a single look costs a quarter of the time."""
    path = str(Path(models) / MODEL.name) if models is not None else str(MODEL)
    scale = min(1.0, settings.net_side / max(width, height))
    kept: list[Candidate] = []
    for c in sorted(
        find_candidates(load_net(path), pyramid, scale, settings.net_find), key=lambda c: -c.heat
    ):
        if all(math.hypot(c.x - k.x, c.y - k.y) > 0.5 * min(c.size, k.size) for k in kept):
            kept.append(c)
    return kept


def _distance(blob: Blob, x: float, y: float) -> float:
    """From the centre of a blob's box to (x, y)."""
    return math.hypot(blob.box[0] + blob.box[2] / 2 - x, blob.box[1] + blob.box[3] / 2 - y)


def _outermost(blobs: list[Blob]) -> list[Blob]:
    """Drop candidates inside a much bigger one's box (a pip, or a mark, found as a die)."""
    kept = []
    for b in blobs:
        x, y = b.box[0] + b.box[2] / 2, b.box[1] + b.box[3] / 2
        inside = any(
            o is not b and o.side >= 1.8 * b.side and o.box[0] <= x <= o.box[0] + o.box[2]
            and o.box[1] <= y <= o.box[1] + o.box[3]
            for o in blobs
        )  # fmt: skip
        if not inside:
            kept.append(b)
    return kept


def box_of(x: float, y: float, size: float, width: int, height: int) -> tuple[int, int, int, int]:
    """The (x, y, w, h) box of side ``size`` centred on (x, y), inside the frame."""
    half = size / 2
    x0, y0 = max(0, round(x - half)), max(0, round(y - half))
    return x0, y0, max(1, min(width, round(x + half)) - x0), max(1, min(height, round(y + half)) - y0)


def trusted(blob: Blob, typical: float, frame_side: int, settings: ColourSettings = COLOUR_SETTINGS) -> bool:
    """May the referee stand by what this candidate's face shows (if the face is clear)?

    Not on the wall (it may lean, cocked), not split from touching dice, about the size of the
    frame's dice; a blob only colour mode found must also look like one die (compact, full)
    and be no smaller than the smallest die the camera sees (``smallest_share`` of the frame's
    long side): a white die's pip is a black blob of its own.
    """
    sized = typical > 0 and 1 / settings.size_ratio <= blob.side / typical <= settings.size_ratio
    if not sized or blob.near_wall or blob.split:
        return False
    if blob.confirmed:
        return True
    whole = blob.fill >= settings.lone_fill and blob.long <= settings.long_single
    return whole and blob.side >= settings.smallest_share * frame_side


def typical_side(blobs: list[Blob], settings: ColourSettings = COLOUR_SETTINGS) -> float:
    """The frame's usual die side (0 without any candidate): the median of the dice the network
    confirmed, else of the whole blobs (a white die's pips must not set the size)."""
    confirmed = [b.side for b in blobs if b.confirmed]
    whole = [b.side for b in blobs if b.fill >= settings.lone_fill and not b.split]
    sides = confirmed or whole or [b.side for b in blobs]
    return statistics.median(sides) if sides else 0.0


def colour_model(settings: ColourSettings, models: str | None) -> str | None:
    """The colour network's file to use, or None for the classical finder: the one in
    ``models`` if there is one, else the shipped one (when installed; ``settings.colour_net``)."""
    if settings.colour_net is False:
        return None
    if models is not None and (Path(models) / COLOUR_MODEL.name).is_file():
        return str(Path(models) / COLOUR_MODEL.name)
    if settings.colour_net or COLOUR_MODEL.is_file():
        return str(COLOUR_MODEL)
    return None


def net_dice_in(
    frame: NDArray[np.uint8], settings: ColourSettings, path: str
) -> tuple[list[TopFace], Cast, Pyramid, list[Blob], Floor]:
    """The colour network's top faces (of two within ``colour_apart`` faces, the hotter), the
    frame's cast, its pyramid, and the classical finder's blobs and floor (``find_dice``): a
    second, independent opinion on where the dice are."""
    height, width = frame.shape[:2]
    pyramid = Pyramid(frame)
    found = find_top_faces(load_colour_net(path), pyramid, width, height, settings.colour_find)
    kept: list[TopFace] = []
    for f in sorted(found, key=lambda f: -f.heat):
        if all(math.hypot(f.x - k.x, f.y - k.y) > settings.colour_apart * max(f.side, k.side) for k in kept):
            kept.append(f)
    blobs, cast, floor = find_dice(pyramid, width, height, settings)
    return kept, cast, pyramid, blobs, floor


def _seen_by_both(
    top: TopFace, blobs: list[Blob], settings: ColourSettings, sized: bool = False
) -> list[Blob]:
    """The classical finder's blobs whose box holds the network's top face (``sized``, or a piece
    of touching dice: and that size it alike, within ``colour_blob_ratio``)."""
    r = settings.colour_blob_ratio
    return [
        b
        for b in blobs
        if b.box[0] <= top.x <= b.box[0] + b.box[2]
        and b.box[1] <= top.y <= b.box[1] + b.box[3]
        and (1 / r <= b.side / top.side <= r or not (sized or b.split))
    ]


def _dice_models(models: str | None) -> str | None:
    """``models`` if it holds a dice network, else None (the shipped one)."""
    return models if models is not None and (Path(models) / MODEL.name).is_file() else None


def _network_knows(tops: list[TopFace], blobs: list[Blob], settings: ColourSettings) -> bool:
    """Do the classical blobs bear out (``_seen_by_both``) at least ``colour_known`` of the
    network's sure finds, and are most of those blobs no more than ``colour_blob_ratio`` times
    bigger than the network's faces? (Real dice far bigger than the renderer's: the network
    sees their pips as dice.) A frame without sure finds: yes."""
    sure = [t for t in tops if t.heat >= settings.colour_heat]
    held = [(t, _seen_by_both(t, blobs, settings)) for t in sure]
    seen = sum(1 for _, bs in held if bs)
    big = sum(1 for t, bs in held if bs and all(b.side > settings.colour_blob_ratio * t.side for b in bs))
    return (seen >= settings.colour_known * len(sure) and big < settings.colour_known * len(sure)) or not sure


def _net_typical(tops: list[TopFace], settings: ColourSettings) -> float:
    sides = [t.side for t in tops if t.heat >= settings.colour_heat] or [t.side for t in tops]
    return statistics.median(sides) if sides else 0.0


def _net_may_trust(top: TopFace, typical: float, settings: ColourSettings) -> bool:
    """Is the network sure there is a flat die here, of the frame's size?"""
    ratio = top.side / typical if typical > 0 else 0.0
    return (
        top.heat >= settings.colour_heat
        and top.probs[NET_CLASSES.index("cocked")] < settings.colour_cocked
        and 1 / settings.colour_size_ratio <= ratio <= settings.colour_size_ratio
    )


def _net_read(
    frame: NDArray[np.uint8], profile: Profile | None, settings: ColourSettings, path: str, models: str | None
) -> Reading:
    """``read_colours`` with the colour network finding the dice and naming faces, and the
    white-balanced look (``vision.colour``, or the taught profile) as the second opinion."""
    height, width = frame.shape[:2]
    tops, cast, pyramid, blobs, floor = net_dice_in(frame, settings, path)
    if not _network_knows(tops, blobs, settings):
        return read_colours(
            frame, profile, settings=replace(settings, colour_net=False), models=_dice_models(models)
        )
    typical = _net_typical(tops, settings)
    focal = settings.focal * max(width, height)
    dice = []
    for top in sorted(tops, key=lambda t: (t.x, t.y)):
        crop = pyramid.crop(FACE_PX / (FACE_SHARE * top.side), (top.x, top.y), FACE_PX)
        look = look_at_face(crop, cast)
        verdict = judge_face(look)
        named = top.best
        if profile is None:
            face, confidence, ok = verdict.face, verdict.confidence, verdict.ok
        else:
            face, confidence, ok = profile.classify(look)
            ok = ok and not (verdict.ok and verdict.face in profile.names and verdict.face != face)
        # two readings agree: the network gives the face the look named a fair chance
        net_p = top.probs[NET_CLASSES.index(face)] if face in NET_CLASSES else 1.0
        if face is None and named in FACES:
            face, net_p = named, 0.0
        # a blob much smaller than a black face is a white die's pip, which the network may
        # take for a black die: it does not bear the find out
        small = top.side / settings.colour_blob_ratio if face == "black" else 0.0
        both = [b for b in _seen_by_both(top, blobs, settings) if b.side >= small]
        seen = bool(both) and not any(b.near_wall for b in both)
        seen = seen and floor.differs(crop, top.x, top.y, settings)
        sure = ok and seen and net_p >= settings.colour_agree and _net_may_trust(top, typical, settings)
        cocked = top.probs[NET_CLASSES.index("cocked")] >= settings.colour_cocked_sure
        status: Status = "ok" if sure else "cocked" if cocked else "uncertain"
        # the die's box: its top face stands a die's height above the floor, so the whole die
        # reaches from there half a lean towards the middle of the picture
        lean = 0.5 * top.side / focal
        x = top.x - (top.x - width / 2) * lean
        y = top.y - (top.y - height / 2) * lean
        box = box_of(x, y, 1.4 * top.side, width, height)
        dice.append(Die(face, round(min(1.0, max(0.0, confidence * net_p)), 2), status, box))
    return Reading(tuple(dice), width, height)


def read_colours(
    frame_bgr: NDArray[np.uint8],
    profile: Profile | None = None,
    *,
    settings: ColourSettings = COLOUR_SETTINGS,
    models: str | None = None,
) -> Reading:
    """Read the colour of every die's top face (``face``: a colour name or ``star``).

    With ``profile`` (taught by ``kostka teach``), faces are named by what was taught, and a
    face far from every taught one is ``uncertain``; without, by the default rules.
    ``models``: a folder with another colour network (``colour_net.onnx``) or dice network
    (``dice_net.onnx``, as ``read_dice``).
    """
    from vision.reader import as_bgr

    frame = as_bgr(frame_bgr)
    path = colour_model(settings, models)
    if path is not None:
        return _net_read(frame, profile, settings, path, models)
    height, width = frame.shape[:2]
    blobs, cast, pyramid, floor = dice_in(frame, settings, models)
    typical = typical_side(blobs, settings)
    dice = []
    for blob in sorted(blobs, key=lambda b: (b.x, b.y)):
        crop = pyramid.crop(FACE_PX / (FACE_SHARE * blob.side), (blob.x, blob.y), FACE_PX)
        look = look_at_face(crop, cast)
        verdict = judge_face(look)
        face, confidence, ok = verdict.face, verdict.confidence, verdict.ok
        if profile is not None:
            face, confidence, ok = profile.classify(look)
            # the default rules are a second reader: when they are sure of another name, ask
            ok = ok and not (verdict.ok and verdict.face in profile.names and verdict.face != face)
        sure = ok and face is not None and trusted(blob, typical, max(width, height), settings)
        status: Status = "ok" if sure and floor.differs(crop, blob.x, blob.y, settings) else "uncertain"
        dice.append(Die(face, confidence, status, blob.box))
    return Reading(tuple(dice), width, height)


def face_features(
    frame_bgr: NDArray[np.uint8], *, settings: ColourSettings = COLOUR_SETTINGS, models: str | None = None
) -> list[tuple[float, ...]]:
    """The feature vectors (``FaceLook.features``) of every die found in a frame, for teaching:
    only dice the referee could stand by (``trusted``) teach."""
    from vision.reader import as_bgr

    frame = as_bgr(frame_bgr)
    path = colour_model(settings, models)
    if path is not None:
        tops, cast, pyramid, blobs, _ = net_dice_in(frame, settings, path)
        typical = _net_typical(tops, settings)
        if not _network_knows(tops, blobs, settings):
            return face_features(
                frame, settings=replace(settings, colour_net=False), models=_dice_models(models)
            )
        return [
            look_at_face(pyramid.crop(FACE_PX / (FACE_SHARE * t.side), (t.x, t.y), FACE_PX), cast).features()
            for t in tops
            if _net_may_trust(t, typical, settings) and _seen_by_both(t, blobs, settings)
        ]
    height, width = frame.shape[:2]
    blobs, cast, pyramid, floor = dice_in(frame, settings, models)
    typical = typical_side(blobs, settings)
    out = []
    for blob in blobs:
        crop = pyramid.crop(FACE_PX / (FACE_SHARE * blob.side), (blob.x, blob.y), FACE_PX)
        if trusted(blob, typical, max(width, height), settings) and floor.differs(
            crop, blob.x, blob.y, settings
        ):
            out.append(look_at_face(crop, cast).features())
    return out


def read_cards(frame_bgr: NDArray[np.uint8], colours: tuple[str, ...] = DEFAULT_CARD_COLOURS) -> Reading:
    """Read every Lezard card in the frame; ``face`` is ``{"kind": ..., "colours": [...]}``.

    ``colours``: the colour names the board uses (from the game's data file, passed in by the
    caller); a card showing another colour is ``uncertain``.
    """
    from vision.reader import as_bgr

    frame = as_bgr(frame_bgr)
    height, width = frame.shape[:2]
    return Reading(tuple(read_card_faces(frame, colours)), width, height)
