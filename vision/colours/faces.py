"""One die's top face in colour mode: cut it out of the frame at a fixed size, look at it with
the frame's white balance (``vision.colours.looks``), and name it by the default rules or by a taught
profile (``vision.profile``), whichever finder placed it."""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from vision.colours.looks import FACE_PX, FACE_SHARE, FaceLook, FaceVerdict, judge_face
from vision.frame import Pyramid
from vision.profile import Profile


def face_crop(pyramid: Pyramid, x: float, y: float, side: float) -> NDArray[np.uint8]:
    """The ``FACE_PX``-pixel crop of the top face centred on frame point (x, y), of side ``side``."""
    return pyramid.crop(FACE_PX / (FACE_SHARE * side), (x, y), FACE_PX)


def name_face(look: FaceLook, profile: Profile | None) -> FaceVerdict:
    """The face's name, how sure, and whether the referee may stand by it (if the die is).

    Without a profile, the default rules (``judge_face``). With one, the nearest taught face;
    the default rules are then a second reader: when they are sure of another taught name, ask.
    """
    verdict = judge_face(look)
    if profile is None:
        return verdict
    face, confidence, ok = profile.classify(look)
    disagree = verdict.ok and verdict.face in profile.names and verdict.face != face
    return FaceVerdict(face, confidence, ok and not disagree)
