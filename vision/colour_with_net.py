"""Colour mode with its own network (``vision.colour_net``, trained on the renderer only): the
network finds each die's top face and says what it shows (a colour, the star, another colour, or
cocked); ``read_with_net`` stands by a face only when independent readings agree: the
white-balanced look (``vision.colour``, or the taught profile) names it and the network gives
that name a fair chance, the network is sure of a flat die of the frame's size, and the
classical finder (``vision.colour_finder``) sees a blob there, off the wall and unlike the floor,
and the find is not a side of a die whose top face another find shows (``_side_of``).

A frame whose dice the classical finder does not bear out (real dice far bigger than the
renderer's, whose pips the network takes for dice) is not one the network knows: ``read_with_net``
then gives None and the caller reads it by the classical path.
"""

from __future__ import annotations

import math
import statistics

import numpy as np
from numpy.typing import NDArray

from vision.colour import FACES, Cast, look_at_face
from vision.colour_faces import face_crop, name_face
from vision.colour_finder import Blob, Floor, box_of, find_dice
from vision.colour_net import CLASSES, TopFace, find_top_faces, load_colour_net
from vision.colour_profile import Profile
from vision.colour_settings import ColourSettings
from vision.reading import Die, Reading, Status
from vision.scaling import Pyramid


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
    blobs, cast, floor = find_dice(pyramid, width, height, settings, [(k.x, k.y) for k in kept])
    return kept, cast, pyramid, blobs, floor


def seen_by_both(
    top: TopFace, blobs: list[Blob], settings: ColourSettings, sized: bool = False
) -> list[Blob]:
    """The classical finder's blobs whose box holds the network's top face (``sized``, or a piece
    of touching dice: and that size it alike, within ``colour_blob_ratio``)."""
    r = settings.colour_blob_ratio
    return [
        b for b in blobs if _holds(b, top) and (1 / r <= b.side / top.side <= r or not (sized or b.split))
    ]


def _holds(blob: Blob, top: TopFace) -> bool:
    """Does the blob's box hold the top face's centre?"""
    return (
        blob.box[0] <= top.x <= blob.box[0] + blob.box[2]
        and blob.box[1] <= top.y <= blob.box[1] + blob.box[3]
    )


def network_knows(tops: list[TopFace], blobs: list[Blob], settings: ColourSettings) -> bool:
    """Do the classical blobs bear out (``seen_by_both``) at least ``colour_known`` of the
    network's sure finds, and are most of those blobs no more than ``colour_blob_ratio`` times
    bigger than the network's faces? (Real dice far bigger than the renderer's: the network
    sees their pips as dice.) A frame without sure finds: yes."""
    sure = [t for t in tops if t.heat >= settings.colour_heat]
    held = [(t, seen_by_both(t, blobs, settings)) for t in sure]
    seen = sum(1 for _, bs in held if bs)
    big = sum(1 for t, bs in held if bs and all(b.side > settings.colour_blob_ratio * t.side for b in bs))
    return (seen >= settings.colour_known * len(sure) and big < settings.colour_known * len(sure)) or not sure


def net_typical(tops: list[TopFace], settings: ColourSettings) -> float:
    sides = [t.side for t in tops if t.heat >= settings.colour_heat] or [t.side for t in tops]
    return statistics.median(sides) if sides else 0.0


def net_may_trust(top: TopFace, typical: float, settings: ColourSettings) -> bool:
    """Is the network sure there is a flat die here, of the frame's size?"""
    ratio = top.side / typical if typical > 0 else 0.0
    return (
        top.heat >= settings.colour_heat
        and top.cocked < settings.colour_cocked
        and 1 / settings.colour_size_ratio <= ratio <= settings.colour_size_ratio
    )


def _side_of(top: TopFace, blob: Blob, tops: list[TopFace], width: int, height: int) -> bool:
    """Is ``top`` a side of a die whose top face another find in the same blob (one die, not
    split) shows? Perspective shows a die's sides towards the middle of the picture: a side lies
    about a face nearer the middle than the top face, on the line from the middle."""
    if blob.split:
        return False
    cx, cy = width / 2, height / 2
    for other in tops:
        if other is top or not _holds(blob, other):
            continue
        rx, ry = other.x - cx, other.y - cy
        reach = math.hypot(rx, ry)
        if reach < 1e-3:
            continue
        along = ((other.x - top.x) * rx + (other.y - top.y) * ry) / reach
        across = abs((other.x - top.x) * ry - (other.y - top.y) * rx) / reach
        if 0.5 * top.side <= along <= 1.2 * top.side and across <= 0.5 * top.side:
            return True
    return False


def read_with_net(
    frame: NDArray[np.uint8], profile: Profile | None, settings: ColourSettings, path: str
) -> Reading | None:
    """``read_colours`` with the colour network in file ``path`` finding the dice and naming
    faces, and the white-balanced look as the second opinion; None for a frame the network
    does not know (``network_knows``)."""
    height, width = frame.shape[:2]
    tops, cast, pyramid, blobs, floor = net_dice_in(frame, settings, path)
    if not network_knows(tops, blobs, settings):
        return None
    typical = net_typical(tops, settings)
    focal = settings.focal * max(width, height)
    dice = []
    for top in sorted(tops, key=lambda t: (t.x, t.y)):
        crop = face_crop(pyramid, top.x, top.y, top.side)
        verdict = name_face(look_at_face(crop, cast), profile)
        face = verdict.face
        # two readings agree: the network gives the face the look named a fair chance
        net_p = top.probs[CLASSES.index(face)] if face in CLASSES else 1.0
        if face is None and top.best in FACES:
            face, net_p = top.best, 0.0
        # a blob much smaller than a black face is a white die's pip, which the network may
        # take for a black die: it does not bear the find out
        small = top.side / settings.colour_blob_ratio if face == "black" else 0.0
        both = [b for b in seen_by_both(top, blobs, settings) if b.side >= small]
        seen = bool(both) and not any(b.near_wall for b in both)
        seen = seen and not any(_side_of(top, b, tops, width, height) for b in both)
        seen = seen and floor.differs(crop, top.x, top.y, settings)
        sure = (
            verdict.ok and seen and net_p >= settings.colour_agree and net_may_trust(top, typical, settings)
        )
        cocked = top.cocked >= settings.colour_cocked_sure
        status: Status = "ok" if sure else "cocked" if cocked else "uncertain"
        # the die's box: its top face stands a die's height above the floor, so the whole die
        # reaches from there half a lean towards the middle of the picture
        lean = 0.5 * top.side / focal
        x = top.x - (top.x - width / 2) * lean
        y = top.y - (top.y - height / 2) * lean
        box = box_of(x, y, 1.4 * top.side, width, height)
        dice.append(Die(face, round(min(1.0, max(0.0, verdict.confidence * net_p)), 2), status, box))
    return Reading(tuple(dice), width, height)


def net_features(
    frame: NDArray[np.uint8], settings: ColourSettings, path: str
) -> list[tuple[float, ...]] | None:
    """``face_features`` with the colour network: the faces it is sure of that the classical
    finder bears out; None for a frame the network does not know."""
    tops, cast, pyramid, blobs, _ = net_dice_in(frame, settings, path)
    if not network_knows(tops, blobs, settings):
        return None
    typical = net_typical(tops, settings)
    return [
        look_at_face(face_crop(pyramid, t.x, t.y, t.side), cast).features()
        for t in tops
        if net_may_trust(t, typical, settings) and seen_by_both(t, blobs, settings)
    ]
