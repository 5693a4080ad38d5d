"""Colour mode's classical path: the classical finder's blobs (``vision.colours.finder``) and,
when its file is installed, the pip reader's dice network beside them; each candidate's top face
named (``vision.colours.faces``) and stood by only when the die is trusted.

The pip reader's dice network (``vision.pips.dice_net``) was trained on pip dice in photos: on the
renderer's hardest colour frames it finds 38 % of the dice, so it only joins colour mode's own
finder (``dice_in``): a blob the network also found is ``confirmed``, and the network's size and
place of a die are mapped to its top face by a fit on the renderer.

The referee stands by a face only when the die is about the size of the others, not at the
wall (it may lean there, cocked), not split from touching dice, and unlike the floor around it
(``trusted``).

>>> import numpy as np
>>> read_classical(np.zeros((480, 640, 3), np.uint8), None).dice
()
"""

from __future__ import annotations

import math
import statistics
from dataclasses import replace
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

from vision.colours.faces import face_crop, name_face
from vision.colours.finder import Blob, Floor, box_of, find_dice
from vision.colours.glare import red_sides
from vision.colours.looks import FaceVerdict, look_at_face
from vision.colours.settings import COLOUR_SETTINGS, ColourSettings
from vision.frame import Pyramid
from vision.networks import SHIPPED, Networks
from vision.pips.dice_net import Candidate, find_candidates, load_net
from vision.profile import Profile
from vision.reading import Die, Reading, Status
from vision.whitebalance import Cast


def dice_in(
    frame: NDArray[np.uint8],
    settings: ColourSettings = COLOUR_SETTINGS,
    dice_net: str | Path | None = None,
    networks: Networks = SHIPPED,
) -> tuple[list[Blob], Cast, Pyramid, Floor]:
    """Every die candidate of a frame: the finds of the dice network in file ``dice_net``
    (``network_finds``; None: none) and colour mode's own blobs (``find_dice``), one entry per
    die; the frame's cast; its pyramid; its floor.

    A blob the network also found takes the network's place and size and is ``confirmed``.
    """
    height, width = frame.shape[:2]
    pyramid = Pyramid(frame)
    blobs, cast, floor = find_dice(pyramid, width, height, settings)
    found = network_finds(pyramid, width, height, settings, dice_net) if dice_net is not None else []
    centre_x, centre_y = width / 2, height / 2
    focal = settings.focal * max(width, height)
    reaches = [math.hypot(c.x - centre_x, c.y - centre_y) / focal for c in found]
    size, spread = settings.net_size
    sides = [c.size / (size + spread * r) for c, r in zip(found, reaches, strict=True)]
    standing = on_floor(found, sides, floor, settings)
    merged = []
    taken: set[int] = set()
    for c, reach, side, stands in zip(found, reaches, sides, standing, strict=True):
        near = [i for i, b in enumerate(blobs) if i not in taken and _distance(b, c.x, c.y) < 0.5 * c.size]
        taken.update(near)
        # a blob of colour mode's own, of the die's size, tells from its shape whether the die may
        # lean on the wall; without one, only whether it stands on the floor at all (not on a rim
        # or the table). A piece much smaller (a pip, a strip along the wall split up) tells nothing.
        alike = [blobs[i] for i in near if 0.6 <= blobs[i].side / side <= 1.4]
        wall = any(b.near_wall for b in alike) if alike else not stands
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
        merged.append(Blob(box, top_x, top_y, side, 1.0, wall, False, sure, unseen=True))
    merged += [b for i, b in enumerate(blobs) if i not in taken]
    return _outermost(merged), cast, pyramid, floor


def on_floor(
    found: list[Candidate], sides: list[float], floor: Floor, settings: ColourSettings
) -> list[bool]:
    """Which of the dice network's sure finds (of top face sides ``sides``) stand on the tray's
    floor: those whose centre lies on the floor (or ``floor_reach`` sides beyond its visible
    edge: a die hides the edge it lies on), and those ``pile_gap`` die sizes (as the network
    sizes a die, sides and all) or closer to one that stands: dice piled along a wall hide the
    floor's edge, and a box's dice often lie there. A die leaning on the wall (cocked) is not
    told from one lying at it by this: only colour mode's own blobs tell that, by their shape."""
    sure = [c.heat >= settings.net_heat for c in found]
    if not any(sure):
        return sure
    beyond = floor.beyond_at([(c.x, c.y) for c in found])
    stands = [s and b <= settings.floor_reach * side for b, side, s in zip(beyond, sides, sure, strict=True)]
    grown = True
    while grown:
        grown = False
        for i, c in enumerate(found):
            touching = any(
                stands[j] and math.hypot(c.x - d.x, c.y - d.y) <= settings.pile_gap * max(c.size, d.size)
                for j, d in enumerate(found)
            )
            if sure[i] and not stands[i] and touching:
                stands[i] = grown = True
    return stands


def network_finds(
    pyramid: Pyramid,
    width: int,
    height: int,
    settings: ColourSettings,
    path: str | Path,
    networks: Networks = SHIPPED,
) -> list[Candidate]:
    """The dice network's (file ``path``) look at a ``net_side``-pixel copy of the frame: one
    candidate per die (of two within half a die, the hotter). One look, not ``locate``'s three:
    colour mode places the dice itself, and a single look costs a quarter of the time."""
    scale = min(1.0, settings.net_side / max(width, height))
    kept: list[Candidate] = []
    for c in sorted(
        find_candidates(load_net(path, networks), pyramid, scale, settings.net_find), key=lambda c: -c.heat
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


def trusted(blob: Blob, typical: float, frame_side: int, settings: ColourSettings = COLOUR_SETTINGS) -> bool:
    """May the referee stand by what this candidate's face shows (if the face is clear)?

    Not on the wall (it may lean, cocked), not split from touching dice, about the size of the
    frame's dice; a blob only colour mode found must also look like one die (compact, full)
    and be no smaller than the smallest die the camera sees (``smallest_share`` of the frame's
    long side): a white die's pip is a black blob of its own. A die only the dice network
    found must be a sure find (``confirmed``): a weak find alone may be a side of a die found
    already, a gap between touching dice or a patch of felt.
    """
    sized = typical > 0 and 1 / settings.size_ratio <= blob.side / typical <= settings.size_ratio
    if not sized or blob.near_wall or blob.split:
        return False
    if blob.confirmed:
        return True
    if blob.unseen:
        return False
    whole = blob.fill >= settings.lone_fill and blob.long <= settings.long_single
    return whole and blob.side >= settings.smallest_share * frame_side


def typical_side(blobs: list[Blob], settings: ColourSettings = COLOUR_SETTINGS) -> float:
    """The frame's usual die side (0 without any candidate): the median of the dice the network
    confirmed, else of the whole blobs (a white die's pips must not set the size)."""
    confirmed = [b.side for b in blobs if b.confirmed]
    whole = [b.side for b in blobs if b.fill >= settings.lone_fill and not b.split]
    sides = confirmed or whole or [b.side for b in blobs]
    return statistics.median(sides) if sides else 0.0


def read_classical(
    frame: NDArray[np.uint8],
    profile: Profile | None,
    settings: ColourSettings = COLOUR_SETTINGS,
    dice_net: str | Path | None = None,
    networks: Networks = SHIPPED,
) -> Reading:
    """``read_colours`` by the classical path (``dice_net``: the dice network's file, or None)."""
    height, width = frame.shape[:2]
    blobs, cast, pyramid, floor = dice_in(frame, settings, dice_net, networks)
    typical = typical_side(blobs, settings)
    dice = []
    for blob in sorted(blobs, key=lambda b: (b.x, b.y)):
        crop = face_crop(pyramid, blob.x, blob.y, blob.side)
        verdict = name_face(look_at_face(crop, cast), profile)
        if (
            profile is None
            and not verdict.ok
            and verdict.face in (None, "red")
            and red_sides(pyramid, blob.x, blob.y, blob.side, cast, (width, height), settings)
        ):
            verdict = FaceVerdict("red", verdict.confidence, True)  # paled by the lamp's glare
        sure = (
            verdict.ok and verdict.face is not None and trusted(blob, typical, max(width, height), settings)
        )
        status: Status = "ok" if sure and floor.differs(crop, blob.x, blob.y, settings) else "uncertain"
        dice.append(Die(verdict.face, verdict.confidence, status, blob.box))
    return Reading(tuple(dice), width, height)


def classical_features(
    frame: NDArray[np.uint8],
    settings: ColourSettings = COLOUR_SETTINGS,
    dice_net: str | Path | None = None,
    networks: Networks = SHIPPED,
) -> list[tuple[float, ...]]:
    """``face_features`` by the classical path: only dice the referee could stand by teach."""
    height, width = frame.shape[:2]
    blobs, cast, pyramid, floor = dice_in(frame, settings, dice_net, networks)
    typical = typical_side(blobs, settings)
    out = []
    for blob in blobs:
        crop = face_crop(pyramid, blob.x, blob.y, blob.side)
        if trusted(blob, typical, max(width, height), settings) and floor.differs(
            crop, blob.x, blob.y, settings
        ):
            out.append(look_at_face(crop, cast).features())
    return out
