"""When does the referee stand by a reading? Independent checks that must all agree.

The face classifier's views of the die (as it is, and turned when that is not sure) must name
the same face with high probability (or, when they are unsure of it, a closer classifier's
views must: ``closer_turns``; both must for a find only the first look kept; a face it names
less surely is shown to the closer classifier too, which may veto it); the dice network
must be sure a die is there (a little less sure when the face is plain to the classifier); the
die must be about as big as the others and lie whole in the frame. (The dice network's own class
map is not asked: as a veto it turned more right readings uncertain than it caught wrong ones, see
``vision.pips.settings``.)

>>> import numpy as np
>>> from vision.pips.dice_net import Candidate
>>> net_says = Candidate(50, 50, 48, 0.95, (0, 0, 0.6, 0.4, 0, 0, 0), (0, 0, 0.6, 0.4, 0, 0, 0))
>>> views = np.array([[0, 0, 0.99, 0.01, 0, 0, 0, 0], [0, 0, 0.97, 0.02, 0, 0, 0, 0.01]])
>>> judge(net_says, views, 48.0)
(3, 0.93, 'ok')
>>> judge(net_says, views, 120.0)[2]  # far smaller than the other dice in the frame
'uncertain'
>>> judge(net_says, views, 48.0, in_frame=False)[2]  # partly out of the picture
'uncertain'
>>> unsure = np.array([[0, 0, 0.55, 0.45, 0, 0, 0, 0], [0, 0, 0.85, 0.15, 0, 0, 0, 0]])
>>> judge(net_says, unsure, 48.0)[2], closer_turns(net_says, unsure, 48.0)
('uncertain', 2)
>>> judge(net_says, unsure, 48.0, closer=views)[2]  # the closer look names the same face
'ok'
>>> judge(net_says, unsure, 48.0, closer=views[:, [0, 1, 3, 2, 4, 5, 6, 7]])[2]  # another face
'uncertain'
>>> torn = np.array([[0, 0, 0.8, 0.2, 0, 0, 0, 0], [0, 0, 0.4, 0.6, 0, 0, 0, 0]])  # a view says four
>>> closer_turns(net_says, torn, 48.0), judge(net_says, torn, 48.0, closer=views)[2]  # two views
(4, 'uncertain')
>>> judge(net_says, torn, 48.0, closer=np.repeat(views[:1], 4, axis=0))[2]  # four views: a three
'ok'
>>> judge(net_says, torn, 48.0, closer=np.repeat(views[:1, [0, 1, 3, 2, 4, 5, 6, 7]], 4, axis=0))[2]
'uncertain'
>>> from dataclasses import replace
>>> lost = replace(net_says, first_look_only=True)  # the closer look lost it: both classifiers asked
>>> closer_turns(lost, views, 48.0), judge(lost, views, 48.0)[2], judge(lost, views, 48.0, closer=views)[2]
(4, 'uncertain', 'ok')
>>> fair = np.array([[0, 0, 0.9, 0.1, 0, 0, 0, 0]])  # named, not quite surely: a second opinion
>>> closer_turns(net_says, fair, 48.0), judge(net_says, fair, 48.0, closer=views)[2]  # it agrees
(2, 'ok')
>>> judge(net_says, fair, 48.0, closer=np.array([[0, 0, 0.3, 0.7, 0, 0, 0, 0]]))[2]  # it sees a four
'uncertain'
>>> judge(net_says, torn, 48.0, replace(PIPS, any_face=0.95))  # colour mode: a flat die, whatever its face
(3, 0.57, 'ok')
>>> leaning = np.array([[0, 0, 0.8, 0.1, 0, 0, 0.1, 0], [0, 0, 0.4, 0.55, 0, 0, 0.05, 0]])
>>> judge(net_says, leaning, 48.0, replace(PIPS, any_face=0.95))[2]  # a tenth of a view leans
'uncertain'
"""

from __future__ import annotations

from typing import Literal

import numpy as np
from numpy.typing import NDArray

from vision.pips.dice_net import Candidate
from vision.pips.face_net import FACE_CLASSES
from vision.pips.settings import PIPS, PipSettings
from vision.reading import Face, Status

NONE = FACE_CLASSES.index(None)
COCKED = FACE_CLASSES.index(0)


def judge(
    candidate: Candidate,
    views: NDArray[np.float32],
    typical_size: float | None,
    settings: PipSettings = PIPS,
    crowded: bool = False,
    in_frame: bool = True,
    closer: NDArray[np.float32] | None = None,
) -> tuple[Face, float, Status] | None:
    """``(face, confidence, status)`` of one candidate, or None when it is no die at all.

    ``views``: the face classifier's probabilities, one row per view. ``crowded``: a hotter
    find lies within ``settings.crowd`` dice (this may be a side face of that die).
    ``in_frame``: the die's centre lies at least ``settings.edge`` dice inside the frame.
    ``closer``: the closer classifier's views (``vision.pips.face_net.CLOSE_MODEL``) of a die the
    first left unsure (``closer_turns``): naming the same face as surely, it stands in; or
    of a die whose first views name two faces: all naming the likelier one
    surely, it settles the dispute (``arbitrates``); or its views of a die the first names
    less surely than ``settings.veto_below``: naming another class, they veto it (``vetoes``).
    """
    mean = views.mean(axis=0)
    best = int(np.argmax(mean))
    if best == NONE and mean[NONE] >= settings.not_a_die:
        return None
    confidence = round(float(min(1.0, candidate.heat * mean[best])), 2)
    if best == COCKED:
        status: Status = "cocked" if mean[COCKED] >= settings.cocked_prob else "uncertain"
        return None, confidence, status
    if best == NONE:
        return None, confidence, "uncertain"
    asked = question(candidate, views, best, settings)
    if asked is None:  # the first classifier names it (or finds it flat) and no second opinion is due
        named = True
    elif asked == "veto":
        named = closer is None or not vetoes(closer, best, settings)
    elif closer is None:
        named = False
    elif asked == "both":
        named = (flat(views, settings) or names(views, best, settings)) and names(closer, best, settings)
    else:
        named = arbitrates(closer, best, settings) if asked == "arbiter" else names(closer, best, settings)
    sure = mean[best] >= settings.sure_face
    ok = named and placed(candidate, sure, typical_size, settings, crowded, in_frame)
    return FACE_CLASSES[best], confidence, "ok" if ok else "uncertain"


def names(views: NDArray[np.float32], face: int, settings: PipSettings) -> bool:
    """Do a classifier's views name class ``face`` surely: likeliest in their mean, with at least
    ``ok_prob`` there and ``ok_prob_each`` in every view?"""
    mean = views.mean(axis=0)
    return (
        int(np.argmax(mean)) == face
        and mean[face] >= settings.ok_prob
        and bool((views[:, face] >= settings.ok_prob_each).all())
    )


def flat(views: NDArray[np.float32], settings: PipSettings) -> bool:
    """Does every view give the faces 1-6 together at least ``settings.any_face`` (when set): a
    flat die whatever its face, all colour mode asks?"""
    return settings.any_face is not None and bool((views[:, :COCKED].sum(axis=1) >= settings.any_face).all())


Question = Literal["both", "veto", "arbiter", "stand-in"]
"""What the closer classifier is asked about a die (``question``)."""


def question(
    candidate: Candidate, views: NDArray[np.float32], face: int, settings: PipSettings
) -> Question | None:
    """What the closer classifier must say of a die whose first views' likeliest class is ``face``
    (one of the faces 1-6), or None when nothing: ``both`` for a find the closer look lost
    (``Candidate.first_look_only``: both classifiers must name its face, however sure the first);
    ``veto`` when the first names it less surely than ``settings.veto_below`` (``second_opinion``:
    the closer one must not name another class); nothing when it names it (or, in colour mode,
    finds it flat) otherwise; ``arbiter`` when its views name two faces (``contradicted``:
    ``arbitrates``); ``stand-in`` when only its doubt is left (the closer one must name the face)."""
    if candidate.first_look_only:
        return "both"
    if names(views, face, settings):
        return "veto" if second_opinion(views, face, settings) else None
    if flat(views, settings):
        return None
    return "arbiter" if contradicted(views, face, settings) else "stand-in"


def second_opinion(views: NDArray[np.float32], face: int, settings: PipSettings) -> bool:
    """Is the first classifier's mean for the face it names under ``settings.veto_below``, so that
    the closer classifier's views may veto it (``vetoes``)? Not in colour mode (``any_face``), which
    asks for a flat die, not its face."""
    return (
        settings.veto_below is not None
        and settings.any_face is None
        and float(views.mean(axis=0)[face]) < settings.veto_below
    )


def vetoes(views: NDArray[np.float32], face: int, settings: PipSettings) -> bool:
    """Does a classifier's mean give another class than ``face`` the most, with at least
    ``settings.veto_share``?"""
    mean = views.mean(axis=0)
    other = int(np.argmax(mean))
    return other != face and float(mean[other]) >= settings.veto_share


def contradicted(views: NDArray[np.float32], face: int, settings: PipSettings) -> bool:
    """Does one of a classifier's views name another face than ``face``, giving it at least
    ``ok_prob_each``? Then its doubt is no mere doubt, and a closer look may not settle it (on
    the photos darkened, blurred or warmed, the closer classifier mostly agreed with the wrong
    view: a glare spot read as a fifth pip)."""
    others = [k for k in range(COCKED) if k != face]  # the faces 1-6 come first
    return bool((views[:, others] >= settings.ok_prob_each).any())


def arbitrates(views: NDArray[np.float32], face: int, settings: PipSettings) -> bool:
    """Do all of a closer classifier's views (``settings.arbiter_views``) name class ``face``, each
    with at least ``arbiter_each`` and their mean with ``arbiter_mean``?"""
    return (
        len(views) >= settings.arbiter_views > 0
        and bool((views.argmax(axis=1) == face).all())
        and float(views[:, face].min()) >= settings.arbiter_each
        and float(views[:, face].mean()) >= settings.arbiter_mean
    )


def placed(
    candidate: Candidate,
    sure: bool,
    typical_size: float | None,
    settings: PipSettings,
    crowded: bool,
    in_frame: bool,
) -> bool:
    """The checks beside the classifier's: the dice network is sure a die is there (a little less
    when the face is ``sure`` to the classifier), as big as the others, alone, whole in view."""
    return (
        candidate.heat >= (settings.sure_face_heat if sure else settings.ok_heat)
        and (
            typical_size is None
            or 1 / settings.size_ratio <= candidate.size / typical_size <= settings.size_ratio
        )
        and not crowded
        and in_frame
    )


def closer_turns(
    candidate: Candidate,
    views: NDArray[np.float32],
    typical_size: float | None,
    settings: PipSettings = PIPS,
    crowded: bool = False,
    in_frame: bool = True,
) -> int:
    """How many views of the closer classifier a die needs to answer its ``question``, 0 when there
    is none or another check keeps the die from ``ok`` anyway: ``settings.arbiter_views`` (turned by
    90 degrees each) for ``both`` and ``arbiter``, ``settings.veto_views`` for ``veto``, 2 (as it is
    and turned) for ``stand-in``."""
    mean = views.mean(axis=0)
    best = int(np.argmax(mean))
    asked = None if best in (NONE, COCKED) else question(candidate, views, best, settings)
    if asked is None:
        return 0
    if not placed(candidate, mean[best] >= settings.sure_face, typical_size, settings, crowded, in_frame):
        return 0
    if asked == "veto":
        return settings.veto_views
    return 2 if asked == "stand-in" else settings.arbiter_views
