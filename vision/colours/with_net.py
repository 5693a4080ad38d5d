"""Colour mode with its own networks: the colour network (``vision.colours.net``, trained on the
renderer only) finds each die's top face in a small copy of the frame; the face classifier
(``vision.colours.face_net``, trained on the renderer and the even-numbered labelled photos) looks
again at each find, white balanced, and says what it shows (a colour, the star, another colour,
cocked, or no top face at all); a find on two touching dice is split where the network's finer
heat and the classifier show two (``split_touching``). ``read_with_net`` stands by a face only
when independent readings agree: the classifier is sure of it and the white-balanced look
(``vision.colours.looks``) is not sure of another face (unless the classifier is all but certain), or its
only doubt is another colour or leaning and the other reader settles it (``_settled``), or, taught,
the profile names it; the network is sure of a die of the frame's size, and a black face the
classifier has any doubt about is a blob of its own size (not a white die's pip). A die a little
bigger than the renderer draws any, whose top face the network takes for two, is counted once
(``counted_twice``).

A frame whose dice the classical finder does not bear out (real dice far bigger than the
renderer's, whose pips the network takes for dice) is not one the network knows: ``read_with_net``
then gives None and the caller reads it by the classical path.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

from vision.colours.face_net import (
    FACE_CLASSES,
    OTHER,
    FaceClassifiers,
    face_input,
    load_colour_face_net,
    second_model,
)
from vision.colours.face_net import MODEL as FACE_MODEL
from vision.colours.faces import face_crop, name_face
from vision.colours.finder import Blob, box_of, find_dice, frame_cast
from vision.colours.looks import FACES, FaceLook, hue_inside, judge_face, look_at_face
from vision.colours.net import (
    INPUT,
    TopFace,
    closer_top_faces,
    fine_peaks,
    first_look,
    load_colour_net,
    pair_peaks,
)
from vision.colours.settings import ColourSettings
from vision.frame import Pyramid
from vision.networks import SHIPPED, Network, Networks
from vision.profile import Profile
from vision.reading import Die, Reading, Status
from vision.whitebalance import Cast

NONE, COCKED = FACE_CLASSES.index("none"), FACE_CLASSES.index("cocked")
FEW = 4
"""Finds the face classifier looks at in one go while it is not yet clear it knows the frame."""


def net_tops(
    frame: NDArray[np.uint8], settings: ColourSettings, path: str | Path, networks: Networks = SHIPPED
) -> tuple[list[TopFace], Cast, Pyramid, NDArray[np.float32] | None]:
    """The colour network's top faces (looked at closer when small; of two within
    ``colour_apart`` faces, the hotter), the frame's cast, its pyramid and the network's finer
    heat (``split_touching``; None for a network without one)."""
    height, width = frame.shape[:2]
    pyramid = Pyramid(frame)
    found, fine = looked(load_colour_net(path, networks), pyramid, settings)
    kept = [found[i] for i in apart(found, settings)]
    return sorted(kept, key=lambda t: (t.x, t.y)), frame_cast(pyramid, width, height, settings), pyramid, fine


def looked(
    net: Network, pyramid: Pyramid, settings: ColourSettings, shrink: float = 1.0
) -> tuple[list[TopFace], NDArray[np.float32] | None]:
    """The network's top faces in its first look at the frame (``shrink`` times its usual size),
    small ones looked at closer (``closer_top_faces``), and that look's finer heat."""
    height, width = pyramid.at(1.0).shape[:2]
    found, fine = first_look(net, pyramid, width, height, settings.colour_find, shrink)
    typical = net_typical(found, settings)
    closer = closer_top_faces(
        net, pyramid, found, (width, height), typical, settings.colour_find, settings.closer, shrink
    )
    return closer, fine


def apart(found: list[TopFace], settings: ColourSettings) -> list[int]:
    """The indices of the finds, hottest first, without those closer than ``colour_apart`` faces
    to a hotter one."""
    kept: list[int] = []
    for i in sorted(range(len(found)), key=lambda i: -found[i].heat):
        f = found[i]
        if all(
            math.hypot(f.x - k.x, f.y - k.y) > settings.colour_apart * max(f.side, k.side)
            for k in (found[j] for j in kept)
        ):
            kept.append(i)
    return kept


def split_touching(
    tops: list[TopFace],
    probs: NDArray[np.float32],
    fine: NDArray[np.float32],
    net: FaceClassifiers,
    pyramid: Pyramid,
    cast: Cast,
    settings: ColourSettings,
) -> tuple[list[TopFace], NDArray[np.float32]]:
    """The finds and the face classifier's chances for each (``net``), each find that sits on
    two peaks of the network's finer heat (``pair_peaks``, the ``touching_*`` settings) replaced
    by two finds there when the classifier sees a top face at both and names them differently:
    two dice. A single die's face shows one thing all over, so one face under two peaks (a pip
    die's rows of pips) stays one find, unless it is a Stonoga face and the classical finder
    holds the two apart (``two_blobs``). Of two finds then within ``colour_apart``, the hotter."""
    height, width = pyramid.at(1.0).shape[:2]
    s = settings
    pairs = pair_peaks(
        fine, tops, (INPUT[0] / width, INPUT[1] / height), s.touching_heat, s.touching_reach, s.touching_apart
    )
    halves = [
        [replace(t, x=p.x, y=p.y, heat=min(t.heat, p.heat)) for p in pair]
        for t, pair in zip(tops, pairs, strict=True)
        if pair is not None
    ]
    if not halves:
        return tops, probs
    chances = _classify(net, pyramid, [h for two in halves for h in two], cast).reshape(-1, 2, probs.shape[1])
    seen = iter(zip(halves, chances, strict=True))
    out: list[tuple[TopFace, NDArray[np.float32]]] = []
    for t, p, pair in zip(tops, probs, pairs, strict=True):
        if pair is None:
            out.append((t, p))
            continue
        two, both = next(seen)
        first, second = (int(np.argmax(c)) for c in both)
        alike = first == second and FACE_CLASSES[first] in FACES
        apart_too = first != second or (alike and two_blobs(two, tops, t, pyramid, s))
        out += list(zip(two, both, strict=True)) if NONE not in (first, second) and apart_too else [(t, p)]
    kept = sorted((out[i] for i in apart([t for t, _ in out], s)), key=lambda tp: (tp[0].x, tp[0].y))
    return [t for t, _ in kept], np.array([p for _, p in kept], np.float32).reshape(-1, probs.shape[1])


def beside_finds(
    tops: list[TopFace],
    probs: NDArray[np.float32],
    fine: NDArray[np.float32],
    scale: tuple[float, float],
    classify: Callable[[list[TopFace]], NDArray[np.float32]],
    settings: ColourSettings,
) -> tuple[list[TopFace], NDArray[np.float32]]:
    """The finds and the face classifier's chances for each (``classify``), with a die the coarser
    heat missed beside another: a peak of the network's finer heat (``fine``, of a frame scaled by
    ``scale`` to the network's input) of at least ``touching_heat``, farther than ``colour_apart``
    sides from every find, where the classifier sees a top face. Like each half of
    ``split_touching``'s, it takes its nearest find's side (dice of one game are alike) and network
    outputs, and is judged as every find is."""
    new: list[TopFace] = []
    apart = settings.colour_apart
    for peak in fine_peaks(fine, scale, settings.touching_heat):
        if tops and all(math.hypot(peak.x - t.x, peak.y - t.y) > apart * t.side for t in tops + new):
            nearest = min(tops, key=lambda t: math.hypot(peak.x - t.x, peak.y - t.y))
            new.append(replace(nearest, x=peak.x, y=peak.y, heat=peak.heat))
    if not new:
        return tops, probs
    chances = classify(new)
    seen = [i for i, p in enumerate(chances) if int(np.argmax(p)) != NONE]
    return tops + [new[i] for i in seen], np.concatenate([probs, chances[seen]])


def two_blobs(
    halves: list[TopFace], tops: list[TopFace], find: TopFace, pyramid: Pyramid, settings: ColourSettings
) -> bool:
    """Does the classical finder (seeded at the two halves of ``find`` and the frame's other finds)
    hold each half in blobs of its own? A pip die is one blob, pips and all; two touching dice
    of one colour, each with its rim, are two."""
    blobs = blobs_at(pyramid, [t for t in tops if t is not find] + halves, settings)
    held = [{i for i, b in enumerate(blobs) if _holds(b, h)} for h in halves]
    return bool(held[0] and held[1]) and held[0] != held[1]


def blobs_at(pyramid: Pyramid, tops: list[TopFace], settings: ColourSettings) -> list[Blob]:
    """The classical finder's blobs around the network's finds (``find_dice``): a second,
    independent opinion on where the dice are."""
    height, width = pyramid.at(1.0).shape[:2]
    return find_dice(pyramid, width, height, settings, [(t.x, t.y) for t in tops])[0]


def classified(
    frame: NDArray[np.uint8],
    settings: ColourSettings,
    path: str | Path,
    face_path: str | Path,
    networks: Networks = SHIPPED,
) -> tuple[list[TopFace], NDArray[np.float32], Cast, Pyramid, list[Blob] | None] | None:
    """The network's finds, the classifier's chances for each, the cast, the pyramid and the
    classical blobs (None when not needed yet: the classifier alone bears the finds out);
    None for a frame the network does not know: more sure finds than ``colour_most_finds``, or
    neither ``network_knows`` nor ``classifier_knows``."""
    tops, cast, pyramid, fine = net_tops(frame, settings, path, networks)
    if len(sure_finds(tops, settings)) > settings.colour_most_finds:
        return None
    second = (
        load_colour_face_net(second_model(str(face_path)), networks) if settings.face_other_second else None
    )
    net = FaceClassifiers(load_colour_face_net(face_path, networks), second)
    probs = np.zeros((len(tops), len(FACE_CLASSES)), np.float32)
    # the hottest finds first, a few at a time: a frame of dice far bigger than the renderer's has
    # dozens of finds (their pips), and the first few already show the classifier does not know it
    order = sorted(range(len(tops)), key=lambda i: -tops[i].heat)
    done = 0
    while done < len(order) and not any(
        probs[i, NONE] >= settings.face_seen for i in order[:done] if tops[i].heat >= settings.colour_heat
    ):
        part = order[done : done + FEW]
        probs[part] = _classify(net, pyramid, [tops[i] for i in part], cast)
        done += len(part)
    blobs: list[Blob] | None = None
    if done < len(order) or not classifier_knows(tops, probs, settings):
        blobs = blobs_at(pyramid, tops, settings)
        if not network_knows(tops, blobs, settings):
            return None
        rest = order[done:]
        if rest:
            probs[rest] = _classify(net, pyramid, [tops[i] for i in rest], cast)
    if fine is not None:  # only now: a frame the network does not know has many finds
        tops, probs = split_touching(tops, probs, fine, net, pyramid, cast, settings)
        scale = (INPUT[0] / frame.shape[1], INPUT[1] / frame.shape[0])
        classify = partial(_classify, net, pyramid, cast=cast)
        tops, probs = beside_finds(tops, probs, fine, scale, classify, settings)
    return tops, probs, cast, pyramid, blobs


def _classify(net: FaceClassifiers, pyramid: Pyramid, tops: list[TopFace], cast: Cast) -> NDArray[np.float32]:
    """The face classifiers' chances for each of these finds."""
    return net.chances([face_input(pyramid, t.x, t.y, t.side, cast) for t in tops])


def sure_finds(tops: list[TopFace], settings: ColourSettings) -> list[TopFace]:
    """The network's finds hot enough (``colour_heat``) for the referee to stand by."""
    return [t for t in tops if t.heat >= settings.colour_heat]


def seen_by_both(top: TopFace, blobs: list[Blob], settings: ColourSettings) -> list[Blob]:
    """The classical finder's blobs whose box holds the network's top face and (unless a piece of
    touching dice) size it alike, within ``colour_blob_ratio``."""
    r = settings.colour_blob_ratio
    return [b for b in blobs if _holds(b, top) and (1 / r <= b.side / top.side <= r or not b.split)]


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
    sure = sure_finds(tops, settings)
    held = [(t, seen_by_both(t, blobs, settings)) for t in sure]
    seen = sum(1 for _, bs in held if bs)
    big = sum(1 for t, bs in held if bs and all(b.side > settings.colour_blob_ratio * t.side for b in bs))
    return (seen >= settings.colour_known * len(sure) and big < settings.colour_known * len(sure)) or not sure


def classifier_knows(tops: list[TopFace], probs: NDArray[np.float32], settings: ColourSettings) -> bool:
    """Does the face classifier see a top face at every one of the network's sure finds (each
    less than ``face_seen`` likely to show none)? On a light floor (white paper, a grey card) or
    with dice touching, the classical finder may not bear out the network's dice; a real
    frame whose big dice's pips the network takes for dice does not pass this either."""
    sure = [p for t, p in zip(tops, probs, strict=True) if t.heat >= settings.colour_heat]
    return bool(sure) and all(p[NONE] < settings.face_seen for p in sure)


def net_typical(tops: list[TopFace], settings: ColourSettings) -> float:
    sides = [t.side for t in sure_finds(tops, settings)] or [t.side for t in tops]
    return statistics.median(sides) if sides else 0.0


def net_may_trust(top: TopFace, typical: float, settings: ColourSettings, plain: bool = False) -> bool:
    """Is the network sure there is a die here, of the frame's size? A little less sure will do
    where the face is ``plain`` to the classifier. (Whether it lies flat the face classifier
    tells better: the network's own cocked output only joins it, ``lean_*``.)"""
    ratio = top.side / typical if typical > 0 else 0.0
    return (
        top.heat >= (settings.colour_sure_heat if plain else settings.colour_heat)
        and 1 / settings.colour_size_ratio <= ratio <= settings.colour_size_ratio
    )


def look_at(pyramid: Pyramid, top: TopFace, cast: Cast) -> FaceLook:
    """The white-balanced look at a find's top face."""
    return look_at_face(face_crop(pyramid, top.x, top.y, top.side), cast)


def plain(p: NDArray[np.float32], settings: ColourSettings) -> bool:
    """Is the classifier sure of the face (``face_sure``), giving another colour next to no chance?"""
    return float(p.max()) >= settings.face_sure and float(p[OTHER]) < 1.0 - settings.face_sure


def _settled(
    p: NDArray[np.float32],
    look: Callable[[], FaceLook],
    named: str,
    net_cocked: float,
    settings: ColourSettings,
    whole: Callable[[], FaceLook] | None = None,
) -> bool:
    """Is the classifier's only doubt about face ``named`` another colour (orange for a yellow) or
    leaning, and does the other reader settle it? Another colour: the white-balanced look names
    the face, its hue ``face_other_hue`` inside the face's range (an orange die under a warm lamp
    lies at the yellow range's lower end) or, nearer the edge, the ``whole`` look names it that
    far inside (the frame's cast undone whole: undone by half, a warm lamp leaves a yellow face near
    orange; ``face_other_whole``); black, which no hue names: the look names it black no more
    saturated than ``face_other_grey`` (a grey, not a dark colour), or white no brighter than
    ``face_other_dim`` of the scene's white (a glossy black face whose grey shine and white pips
    outnumber its body; a white face is far brighter). Leaning: the colour network sees no lean at all
    (``lean_none``) and the look names the face."""
    face, other, cocked = float(p[FACE_CLASSES.index(named)]), float(p[OTHER]), float(p[COCKED])
    other_only = face + other >= settings.face_other_sum and other < settings.face_other_most
    lean_only = face + cocked >= settings.face_other_sum and net_cocked < settings.lean_none
    if not (other_only or lean_only):
        return False
    seen = look()  # only now: cutting the face out and looking at it is the costly part
    named_so = _names(seen, named)
    if named == "black" and other_only:  # no hue names black
        grey = named_so and seen.saturation <= settings.face_other_grey
        shine = seen.colour == "white" and seen.value <= settings.face_other_dim
        if grey or shine:
            return True
    if not named_so:
        return False
    if lean_only or hue_inside(seen) >= settings.face_other_hue:
        return True
    if not (other_only and settings.face_other_whole and whole is not None):
        return False
    again = whole()
    return _names(again, named) and hue_inside(again) >= settings.face_other_hue


def _names(seen: FaceLook, face: str) -> bool:
    """Does the default reading of a look (``judge_face``) stand by ``face``?"""
    verdict = judge_face(seen)
    return verdict.ok and verdict.face == face


def judge_find(
    p: NDArray[np.float32],
    profile: Profile | None,
    settings: ColourSettings,
    look: Callable[[], FaceLook],
    net_cocked: float = 1.0,
    whole: Callable[[], FaceLook] | None = None,
) -> tuple[str | None, float, bool]:
    """A find's face, confidence and whether both readers agree on it (``read_with_net``), from
    the classifier's probabilities ``p``; ``look`` (and ``whole``, the look with the cast undone
    whole: ``_settled``) is asked only when its verdict matters; ``net_cocked``: the colour
    network's chance that the die leans."""
    best = FACE_CLASSES[int(np.argmax(p))]
    sure_best = best in FACES and float(p.max()) >= settings.face_ok and float(p[OTHER]) < settings.face_other
    if profile is None:
        if not sure_best:
            likeliest = max(FACES, key=lambda f: float(p[FACE_CLASSES.index(f)]))
            chance = float(p[FACE_CLASSES.index(likeliest)])
            # leaning may be the likeliest class and still only a doubt the network settles
            leaning = best == "cocked" and chance >= settings.lean_face_least
            settled = (likeliest == best or leaning) and _settled(
                p, look, likeliest, net_cocked, settings, whole
            )
            return likeliest, chance, settled
        if settings.face_sure_overrules and plain(p, settings):
            return best, float(p.max()), True
        verdict = name_face(look(), None)
        return best, float(p.max()), not (verdict.ok and verdict.face != best)
    verdict = name_face(look(), profile)
    flat = float(1.0 - p[NONE] - p[COCKED])
    rival = sure_best and best != verdict.face and best in profile.names
    alike = sure_best and best == verdict.face  # the classifier names it alike
    return (
        verdict.face,
        flat * verdict.confidence,
        (verdict.ok or alike) and flat >= settings.face_flat and not rival,
    )


def within(t: TopFace, u: TopFace, sides: float) -> bool:
    """Do the two finds' centres lie closer than ``sides`` times the bigger one's side?"""
    return math.hypot(t.x - u.x, t.y - u.y) < sides * max(t.side, u.side)


def without_twins(found: list[tuple[TopFace, Die]], settings: ColourSettings) -> list[Die]:
    """The dice without those the referee does not stand by that lie closer than ``colour_twins``
    face sides to a die of the same face it stands by: two dice's top faces cannot lie so close,
    but one big real die may hold two finds (its top face and the edge beside it)."""
    ok = [(t, d) for t, d in found if d.status == "ok"]
    return [
        d
        for t, d in found
        if d.status == "ok"
        or not any(d.face == o.face and within(t, u, settings.colour_twins) for u, o in ok)
    ]


HALF = 0.5
"""``counted_twice``'s second look: the colour network's first look at this share of its size."""


def half_look(
    pyramid: Pyramid, path: str | Path, settings: ColourSettings, networks: Networks = SHIPPED
) -> list[TopFace]:
    """The colour network's finds (file ``path``) in a look at ``HALF`` its usual size, small ones
    looked at closer as in the first look (``looked``): touching dice stay apart."""
    return looked(load_colour_net(path, networks), pyramid, settings, HALF)[0]


def counted_twice(
    found: list[tuple[TopFace, Die]], look: Callable[[], list[TopFace]], settings: ColourSettings
) -> set[int]:
    """The indices of the dice in ``found`` that are a second find of another die's top face: of two
    dice the referee stands by, of the same face, closer than ``twice_apart`` face sides, the less
    hot, when ``look`` (the network at half size, asked only then) finds one face holding both (each
    within half its side) at least ``twice_bigger`` times as big. A top face bigger than any the
    renderer draws is two faces to the network's first look; two touching dice of one colour stay
    two at half size.

    >>> die = Die("green", 1.0, "ok", (0, 0, 60, 60))
    >>> found = [(TopFace(100, 100, 40, 0.9, (), 0.0), die), (TopFace(130, 100, 40, 0.7, (), 0.0), die)]
    >>> counted_twice(found, lambda: [TopFace(115, 100, 80, 0.8, (), 0.0)], ColourSettings())
    {1}
    >>> counted_twice(found, lambda: [TopFace(100, 100, 40, 0.8, (), 0.0)], ColourSettings())
    set()
    """
    if settings.twice_bigger is None:
        return set()
    ok = [i for i, (_, d) in enumerate(found) if d.status == "ok"]
    pairs = [
        (a, b)
        for a in ok
        for b in ok
        if a < b
        and found[a][1].face == found[b][1].face
        and within(found[a][0], found[b][0], settings.twice_apart)
    ]
    if not pairs:
        return set()
    half = look()
    gone = set()
    for a, b in pairs:
        t, u = found[a][0], found[b][0]
        one = any(
            w.side >= settings.twice_bigger * max(t.side, u.side) and all(within(v, w, 0.5) for v in (t, u))
            for w in half
        )
        if one:
            gone.add(b if t.heat >= u.heat else a)
    return gone


def read_with_net(
    frame: NDArray[np.uint8],
    profile: Profile | None,
    settings: ColourSettings,
    path: str | Path,
    face_path: str | Path = FACE_MODEL,
    networks: Networks = SHIPPED,
) -> Reading | None:
    """``read_colours`` with the colour network in file ``path`` finding the dice and the face
    classifier in ``face_path`` (``vision.colours.face_net``) naming each; None for a frame the
    network does not know (neither ``network_knows`` nor ``classifier_knows``).

    Without a profile the classifier names the face (sure of it, and giving another colour
    next to no chance), and the white-balanced look (``vision.colours.looks``) may veto it: when the
    look is sure of another face, ask (unless the classifier is all but certain, ``plain``). A
    face whose only doubt is another colour or leaning is stood by when ``_settled``. With a
    profile, the profile names it (or the classifier, when it is sure of the same face), and the
    classifier must see a flat die's top face there and not be sure of another taught face."""
    height, width = frame.shape[:2]
    seen = classified(frame, settings, path, face_path, networks)
    if seen is None:
        return None
    tops, probs, cast, pyramid, blobs = seen
    typical = net_typical(tops, settings)
    focal = settings.focal * max(width, height)
    whole_cast = cast.whole()
    found: list[tuple[TopFace, Die]] = []
    for top, p in zip(tops, probs, strict=True):
        if p[NONE] >= settings.face_none:
            continue
        look = partial(look_at, pyramid, top, cast)
        whole = partial(look_at, pyramid, top, whole_cast)
        face, chance, sure = judge_find(p, profile, settings, look, top.cocked, whole)
        # a black find the classifier has the least doubt about needs a classical blob of its own
        # size: a white die's pip is a black spot on a far bigger blob, which the network may
        # take for a die
        pip = False
        if sure and face == "black" and p[NONE] >= settings.face_pip:
            blobs = blobs_at(pyramid, tops, settings) if blobs is None else blobs
            pip = not any(
                b.side >= top.side / settings.colour_blob_ratio for b in seen_by_both(top, blobs, settings)
            )
        # two weak signs of leaning together are enough to ask (a cocked die read ok is the
        # commonest silent error)
        leans = top.cocked >= settings.lean_net and p[COCKED] >= settings.lean_face
        sure = sure and not pip and not leans and net_may_trust(top, typical, settings, plain(p, settings))
        status: Status = "ok" if sure else "cocked" if p[COCKED] >= settings.face_cocked else "uncertain"
        # the die's box: its top face stands a die's height above the floor, so the whole die
        # reaches from there half a rise towards the middle of the picture
        rise = 0.5 * top.side / focal
        x = top.x - (top.x - width / 2) * rise
        y = top.y - (top.y - height / 2) * rise
        box = box_of(x, y, 1.4 * top.side, width, height)
        found.append((top, Die(face, round(min(1.0, max(0.0, chance)), 2), status, box)))
    twice = counted_twice(found, partial(half_look, pyramid, path, settings, networks=networks), settings)
    found = [f for i, f in enumerate(found) if i not in twice]
    return Reading(tuple(without_twins(found, settings)), width, height)


def net_features(
    frame: NDArray[np.uint8],
    settings: ColourSettings,
    path: str | Path,
    face_path: str | Path = FACE_MODEL,
    networks: Networks = SHIPPED,
) -> list[tuple[float, ...]] | None:
    """``face_features`` with the colour network: the faces of flat dice it is sure of that the
    classifier sees as flat top faces too; None for a frame the network does not know."""
    seen = classified(frame, settings, path, face_path, networks)
    if seen is None:
        return None
    tops, probs, cast, pyramid, _ = seen
    typical = net_typical(tops, settings)
    return [
        look_at(pyramid, t, cast).features()
        for t, p in zip(tops, probs, strict=True)
        if net_may_trust(t, typical, settings) and 1.0 - p[NONE] - p[COCKED] >= settings.face_ok
    ]
