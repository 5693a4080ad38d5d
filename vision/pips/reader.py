"""Pips mode: ``read_pips(frame_bgr) -> Reading``.

 the dice network (``vision.pips.dice_net``) finds the dice and their size (``locate``,
which colour mode can share); the face classifier (``vision.pips.face_net``) reads each die's crop,
as it is and, unless that view is sure, turned by 90 degrees. A die is ``ok`` only when
independent checks agree (``vision.pips.trust``), otherwise ``uncertain`` (or ``cocked`` when the
readers say so).

>>> import numpy as np
>>> read_pips(np.zeros((480, 640, 3), np.uint8)).dice
()
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import NDArray

from vision.frame import Pyramid, as_bgr
from vision.networks import SHIPPED, Networks
from vision.pips.chance import features, load_chance
from vision.pips.dice_net import CLASSES, Candidate, find_candidates, load_net, look_closer
from vision.pips.face_net import CLOSE_CROP, CLOSE_DIE, FACE_CLASSES, face_probs, load_face_net
from vision.pips.settings import PIPS, BigDice, PipSettings
from vision.pips.trust import COCKED, NONE, closer_turns, judge
from vision.reading import Die, Reading

if TYPE_CHECKING:
    from vision.learnt import Learnt


def _distinct(candidates: list[Candidate], apart: float) -> list[Candidate]:
    """Drop candidates whose centre lies within ``apart`` dice of a hotter one."""
    kept: list[Candidate] = []
    for c in sorted(candidates, key=lambda c: -c.heat):
        if all(math.hypot(c.x - k.x, c.y - k.y) > apart * min(c.size, k.size) for k in kept):
            kept.append(c)
    return kept


def die_size(
    finds: list[Candidate],
    settings: PipSettings,
    seen: Callable[[list[Candidate]], list[NDArray[np.float32]]] | None = None,
) -> float | None:
    """The dice's size in one look: the median of its sure finds (heat ``ok_heat`` or more); None
    when none is sure.

    Specks of lint on dark felt, a lamp's streak or a die's pips may be half taken for small
    dice, and outnumber the dice. So when the surest find is more than ``size_ratio`` times that
    median, ``seen`` (the face classifier's chances, ``FACE_CLASSES``, for each of these finds) is
    asked about it and the smaller finds: if it takes the surest for a die and at least half of
    them for none (or, when it names the surest's face surely, names theirs less surely), the size
    is the median of the finds as big as the surest one (a frame's dice are alike)."""
    sure = [c for c in finds if c.heat >= settings.ok_heat]
    if not sure:
        return None
    median = statistics.median(c.size for c in sure)
    surest = max(sure, key=lambda c: c.heat)
    if seen is None or not settings.alike_sizes or surest.size <= settings.size_ratio * median:
        return median
    alike = [c for c in sure if c.size * settings.size_ratio >= surest.size]
    smaller = [c for c in sure if c.size * settings.size_ratio < surest.size]
    surest_seen, *smaller_seen = seen([surest, *smaller])
    if surest_seen[NONE] >= settings.not_a_die:
        return median
    # the surest named surely: a smaller find named less surely is no die either (``named_face``)
    named = surest_seen[:COCKED].max() >= settings.named_face
    faceless = sum(
        v[NONE] >= settings.not_a_die or (named and v[:COCKED].max() < settings.named_face)
        for v in smaller_seen
    )
    if 2 * faceless < len(smaller):
        return median
    return statistics.median(c.size for c in alike)


def _mean_views(
    pyramid: Pyramid, networks: Networks, finds: list[Candidate], views: int = 1
) -> list[NDArray[np.float32]]:
    """The face classifier's chances (``FACE_CLASSES``) for each find, the mean of ``views`` views
    (as it is, then turned by 90 degrees each)."""
    net = load_face_net(networks.face_net(), networks)
    seen = face_probs(net, pyramid, [(c.x, c.y, c.size) for c in finds], views)
    return [np.asarray(v.mean(axis=0), np.float32) for v in seen]


def bigger_dice(
    half: list[Candidate],
    first: list[Candidate],
    typical: float,
    scale: float,
    settings: PipSettings,
    size_of: Callable[[list[Candidate]], float | None],
    face: Callable[[Candidate], tuple[int, float]],
) -> float | None:
    """The dice's size in ``half``, the finds of a look at half the first look's ``scale``, when
    they are the dice and the first look's ``first`` (dice ``typical``) their pips (``BigDice``);
    else None. ``size_of``: the dice's size in a look (``die_size``); ``face``: the face
    classifier's likeliest class and its chance for a find (``BigDice.views`` views). The cheap
    checks come first."""
    big = settings.big_dice
    if big is None or not half or not first:
        return None
    surest = max(half, key=lambda c: c.heat)
    if (
        surest.size * scale <= settings.largest_first_look
        or surest.size < big.bigger * typical
        or surest.heat < max(c.heat for c in first) - big.heat
    ):
        return None
    size = size_of(half)
    if size is None or size * scale <= settings.largest_first_look:
        return None
    if max(surest.size, size) > big.alike * min(surest.size, size):
        return None
    best, chance = face(surest)
    return size if FACE_CLASSES[best] not in (None, 0) and chance >= settings.sure_at_first else None


def _like_pips(finds: list[Candidate], big: BigDice) -> bool:
    """Does the dice network name one of ``big.pip_faces`` for at least ``big.pip_share`` of a
    look's finds (a big die's pips look like ones, pairs of them like twos, rows like threes)?"""
    pips = sum(CLASSES[int(np.argmax(c.probs))] in big.pip_faces for c in finds)
    return pips >= big.pip_share * len(finds)


def _face(pyramid: Pyramid, networks: Networks, views: int, find: Candidate) -> tuple[int, float]:
    """The face classifier's likeliest class (index into ``FACE_CLASSES``) for a find, and its
    chance in the mean of ``views`` views."""
    view = _mean_views(pyramid, networks, [find], views)[0]
    best = int(np.argmax(view))
    return best, float(view[best])


def locate(
    frame_bgr: NDArray[np.uint8],
    settings: PipSettings = PIPS,
    die_px: float | None = None,
    networks: Networks = SHIPPED,
    pyramid: Pyramid | None = None,
) -> list[Candidate]:
    """Where the dice are (frame pixels) and how big, whatever their faces show.

    A first look at a small copy of the frame finds the dice and their size; when they are
    tiny or huge there (or absent), it looks again at twice or half the size, and at half the
    size too when its dice may be a big die's pips (``bigger_dice``), and at twice the size
    when it sees many small dice (``PipSettings.crowded_first_look``). A second look
    at a square crop around each die, where dice are ``settings.die_px``, places it exactly.
    ``die_px`` is the dice side in frame pixels when the caller knows it (a fixed camera).
    """
    net = load_net(networks.dice_net(), networks)
    pyramid = pyramid or Pyramid(frame_bgr)
    seen = partial(_mean_views, pyramid, networks)
    first = min(1.0, settings.first_look_side / max(frame_bgr.shape[:2]))
    # nothing found: the dice may be too big for the first look, or too small
    for scale in dict.fromkeys((first, first / 2, min(1.0, 2 * first))):
        rough = find_candidates(net, pyramid, scale, settings.find_heat)
        typical = die_px or die_size(rough, settings, seen)
        if typical is not None:
            break
    if typical is None:
        return []
    big = settings.big_dice
    twice = [(min(1.0, 2 * scale), False)] if scale < 1.0 else []
    crowded = (
        typical * scale < settings.crowded_first_look
        and sum(c.heat >= settings.crowded_heat for c in rough) >= settings.crowded_finds
    )
    looks: list[tuple[float, bool]] = []  # (scale, whether the first look's dice may be pips)
    if typical * scale < settings.smallest_first_look:
        looks = twice
    elif typical * scale > settings.largest_first_look:
        looks = [(scale / 2, False)]
    elif (
        big is not None
        and die_px is None
        and scale == first
        and typical * scale >= big.pip_sized
        and _like_pips([c for c in rough if c.heat >= settings.ok_heat], big)
    ):
        # its dice may be a big die's pips (``BigDice``); if not, small crowded dice
        looks = [(scale / 2, True)] + (twice if crowded else [])
    elif crowded:
        looks = twice
    for better, pips in looks:
        again = find_candidates(net, pyramid, better, settings.find_heat)
        if pips and big is not None:
            size_of = partial(die_size, settings=settings, seen=seen)
            size = bigger_dice(
                again, rough, typical, scale, settings, size_of, partial(_face, pyramid, networks, big.views)
            )
        else:
            size = die_size(again, settings, seen)
        if size is not None:
            rough, typical = again, die_px or size
            break
    work_scale = min(settings.max_upscale, settings.die_px / typical)
    distinct = _distinct(rough, settings.apart)
    closer = look_closer(net, pyramid, distinct, work_scale, settings.crop, touching=settings.touching)
    kept = [c for c in closer if c.heat >= settings.keep_heat]
    # a faint find may be a die the network sees better larger (against a wall, half hidden)
    faint = [c for c in closer if settings.faint_heat <= c.heat < settings.keep_heat]
    again = look_closer(net, pyramid, faint, work_scale * settings.faint_zoom, settings.crop)
    found = _distinct(kept + [c for c in again if c.heat >= settings.faint_keep_heat], settings.apart)
    return found + lost_on_closer_look(distinct, found, settings)


def lost_on_closer_look(
    rough: list[Candidate], found: list[Candidate], settings: PipSettings
) -> list[Candidate]:
    """The finds of the look the dice were taken from (``rough``, frame pixels) of heat ``lost_heat``
    or more, as big as the closer finds' dice (``found``, within ``lost_alike``), that no closer find
    lies within half a die of, as that look saw them (``Candidate.first_look_only``): a die half hidden
    behind its neighbour, whose closer look merged the two into one find. The closer look also drops
    a lamp's streak on felt or a die's side face (narrower than a die), so ``vision.pips.trust`` asks both
    classifiers about such a find (``closer_turns``)."""
    if settings.lost_heat is None or not found:
        return []
    size = die_size(found, settings) or statistics.median(c.size for c in found)
    return [
        replace(c, first_look_only=True)
        for c in rough
        if c.heat >= settings.lost_heat
        and 1 / settings.lost_alike <= c.size / size <= settings.lost_alike
        and all(math.hypot(c.x - d.x, c.y - d.y) >= size / 2 for d in found)
    ]


def placing(
    c: Candidate, candidates: list[Candidate], settings: PipSettings, width: int, height: int
) -> tuple[bool, bool]:
    """``(crowded, in_frame)`` of find ``c`` (``vision.pips.trust.judge``)."""
    crowded = len(candidates) > settings.max_finds or any(
        o.heat > c.heat and math.hypot(o.x - c.x, o.y - c.y) < settings.crowd * min(o.size, c.size)
        for o in candidates
    )
    margin = settings.edge * c.size
    return crowded, margin <= c.x <= width - margin and margin <= c.y <= height - margin


def closer_views(
    pyramid: Pyramid,
    candidates: list[Candidate],
    views: list[NDArray[np.float32]],
    typical: float | None,
    where: list[tuple[bool, bool]],
    settings: PipSettings,
    networks: Networks,
    learnt: Learnt | None = None,
) -> dict[int, NDArray[np.float32]]:
    """The closer classifier's views of each find that only the first classifier's doubt keeps
    from ``ok`` (as it is and turned), whose first views name two faces (``arbiter_views``
    turns), or whose face the first names less than surely (``veto_views``: a second opinion),
    by index (``vision.pips.trust.closer_turns``); none when that classifier is absent."""
    if not settings.closer_look:
        return {}
    wanted = [closer_turns(c, views[k], typical, settings, *where[k]) for k, c in enumerate(candidates)]
    asked = {k: turns for k, turns in enumerate(wanted) if turns}
    path = networks.close_face_net() if asked else None  # the file is looked for only when needed
    if path is None:
        return {}
    net = load_face_net(path, networks)
    found: dict[int, NDArray[np.float32]] = {}
    for turns in set(asked.values()):
        ks = [k for k, t in asked.items() if t == turns]
        dice = [(candidates[k].x, candidates[k].y, candidates[k].size) for k in ks]
        found |= dict(
            zip(ks, face_probs(net, pyramid, dice, turns, math.inf, (CLOSE_CROP, CLOSE_DIE)), strict=True)
        )
    if learnt is not None:
        found = {k: learnt.closer.apply(v) for k, v in found.items()}
    return found


def load_networks(networks: Networks = SHIPPED) -> None:
    """Load pips mode's networks and run each once (OpenCV sets up a network on its first run),
    e.g. before timing reads; otherwise this happens on the first read."""
    grey = Pyramid(np.full((96, 96, 3), 128, np.uint8))
    find_candidates(load_net(networks.dice_net(), networks), grey, 1.0, 1.0)
    face_probs(load_face_net(networks.face_net(), networks), grey, [(48.0, 48.0, 30.0)], 2)
    close_path = networks.close_face_net()
    if close_path is not None:
        face_probs(
            load_face_net(close_path, networks), grey, [(48.0, 48.0, 30.0)], 2, layout=(CLOSE_CROP, CLOSE_DIE)
        )


def read_pips(
    frame_bgr: NDArray[np.uint8],
    *,
    settings: PipSettings = PIPS,
    die_px: float | None = None,
    networks: Networks = SHIPPED,
    learnt: Learnt | None = None,
) -> Reading:
    """Read the pips of every die in a BGR uint8 frame; see the module docstring.

    ``die_px``: the dice side in frame pixels if known (fixed camera), else measured.
    ``networks``: the network files and their runtime (``vision.networks``).
    ``learnt``: what was learnt from the players' own dice (``vision.learnt``): its heads remap
    both classifiers' chances of the faces before the judge sees them.
    """
    frame = as_bgr(frame_bgr)
    height, width = frame.shape[:2]
    dice = described(frame, settings, die_px, networks, learnt)
    return Reading(tuple(die for die, _ in dice), width, height)


def described(
    frame: NDArray[np.uint8],
    settings: PipSettings = PIPS,
    die_px: float | None = None,
    networks: Networks = SHIPPED,
    learnt: Learnt | None = None,
) -> list[tuple[Die, NDArray[np.float64]]]:
    """Each die of a checked frame (``as_bgr``) and its ``vision.pips.chance.FEATURES``, left to
    right. With the chance model installed, a die's confidence is its chance of being right and
    ``ok`` needs that chance at least the model's threshold as well as every check of ``judge`` (pips
    mode only: colour mode, ``PipSettings.any_face``, asks whether a die lies flat, not its face)."""
    height, width = frame.shape[:2]
    pyramid = Pyramid(frame)
    candidates = locate(frame, settings, die_px, networks, pyramid)
    face_net = load_face_net(networks.face_net(), networks)
    views = face_probs(
        face_net,
        pyramid,
        [(c.x, c.y, c.size) for c in candidates],
        settings.face_views,
        settings.sure_at_first,
    )
    if learnt is not None:
        views = [learnt.first.apply(v) for v in views]
    typical = die_size(candidates, settings)
    where = [placing(c, candidates, settings, width, height) for c in candidates]
    closer = closer_views(pyramid, candidates, views, typical, where, settings, networks, learnt)
    model = load_chance() if settings.any_face is None else None  # colour mode asks for a flat die
    dice = []
    for k in sorted(range(len(candidates)), key=lambda k: (candidates[k].x, candidates[k].y)):
        c = candidates[k]
        verdict = judge(c, views[k], typical, settings, *where[k], closer=closer.get(k))
        if verdict is None:
            continue
        face, confidence, status = verdict
        seen = features(c, views[k], closer.get(k), typical, len(candidates), status == "ok")
        if model is not None:
            confidence = round(model.of(seen), 2)
            if status == "ok" and not model.stands_by(model.of(seen)):
                status = "uncertain"
        half = c.size / 2
        x0, y0 = max(0, round(c.x - half)), max(0, round(c.y - half))
        x1, y1 = min(width, round(c.x + half)), min(height, round(c.y + half))
        dice.append((Die(face, confidence, status, (x0, y0, max(1, x1 - x0), max(1, y1 - y0))), seen))
    return dice
