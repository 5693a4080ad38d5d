"""Colour mode on pip dice: the pip reader (``vision.pips.reader.read_pips``, trained on real photos)
finds each die and tells whether it lies flat; colour mode names the body colour of its top
face (``vision.colours.faces``), the pips and all.

Colour mode's own networks learnt dice the size the renderer draws them; real dice far bigger
(a box of red dice filling the photo) they take for pips, and such a frame is not one they know
(``vision.colours.with_net``). If the pip reader stands by most of the dice it finds in such a
frame, they are pip dice it knows: the referee stands by a colour where the pip reader stands
by the die (it lies flat, wholly in view, not crowded) and the colour is clear.

>>> import numpy as np
>>> read_bodies(np.zeros((480, 640, 3), np.uint8), None) is None
True
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
from numpy.typing import NDArray

from vision.colours.faces import face_crop, name_face
from vision.colours.finder import frame_cast
from vision.colours.looks import OK_AGREE, FaceLook, FaceVerdict, hue_name, look_at_face, unclipped_hue
from vision.colours.settings import COLOUR_SETTINGS, ColourSettings
from vision.frame import Pyramid
from vision.networks import SHIPPED, Networks
from vision.pips.reader import read_pips
from vision.pips.settings import PIPS
from vision.profile import Profile
from vision.reading import Die, Reading, Status
from vision.whitebalance import Cast


def pip_dice(
    frame: NDArray[np.uint8], settings: ColourSettings, networks: Networks
) -> tuple[list[tuple[Die, NDArray[np.uint8]]], Cast] | None:
    """The pip reader's dice in a frame, each with a crop of its top face (``face_crop``), and the
    frame's cast; None when it does not stand by at least ``body_known`` of the dice it finds (or
    finds none): not a frame of pip dice. The pip reader is asked for flat dice, not their count
    (``body_flat``): a die whose pips it doubts but that lies flat and in view is ``ok`` here."""
    reading = read_pips(frame, networks=networks, settings=replace(PIPS, any_face=settings.body_flat))
    ok = sum(1 for d in reading.dice if d.status == "ok")
    if not reading.dice or ok < settings.body_known * len(reading.dice):
        return None
    pyramid = Pyramid(frame)
    cast = frame_cast(pyramid, reading.width, reading.height, settings)
    faces = [face_crop(pyramid, *d.centre, settings.body_face * max(d.box[2:])) for d in reading.dice]
    return list(zip(reading.dice, faces, strict=True)), cast


def over_exposed_red(look: FaceLook, face: NDArray[np.uint8], cast: Cast, settings: ColourSettings) -> bool:
    """Is a face the look names orange, or red with too little of it red but enough red and orange
    together (``FaceLook.lit``, ``OK_AGREE``), a red die the camera over-exposed? Its pixels the camera
    did not clip (``vision.colours.looks.unclipped_hue``), at least ``body_unclipped`` of its coloured ones,
    have a red hue (under ``body_red_hue``): clipped, a red die's green shows and it looks orange, in
    part or whole (gissur's red dice under an evening lamp); an orange die's unclipped pixels keep
    orange's hue."""
    if look.colour == "red":
        if not look.agree < OK_AGREE <= look.agree + look.lit:
            return False
    elif look.colour != "orange":
        return False
    hue, share = unclipped_hue(face, cast)
    return share >= settings.body_unclipped and (hue_name(hue) == "red" or hue < settings.body_red_hue)


def read_bodies(
    frame: NDArray[np.uint8],
    profile: Profile | None,
    settings: ColourSettings = COLOUR_SETTINGS,
    networks: Networks = SHIPPED,
) -> Reading | None:
    """``read_colours`` of a frame of pip dice (``pip_dice``), else None. ``networks``: the
    pip reader's networks."""
    found = pip_dice(frame, settings, networks)
    if found is None:
        return None
    dice = []
    faces, cast = found
    for die, face in faces:
        look = look_at_face(face, cast)
        verdict = name_face(look, profile)
        if (
            profile is None
            and die.status == "ok"
            and not verdict.ok
            and over_exposed_red(look, face, cast, settings)
        ):
            verdict = FaceVerdict("red", verdict.confidence, True)
        status: Status = (
            "ok" if die.status == "ok" and verdict.ok else "cocked" if die.status == "cocked" else "uncertain"
        )
        dice.append(Die(verdict.face, verdict.confidence, status, die.box))  # how sure of the colour
    height, width = frame.shape[:2]
    return Reading(tuple(dice), width, height)


def body_features(
    frame: NDArray[np.uint8], settings: ColourSettings = COLOUR_SETTINGS, networks: Networks = SHIPPED
) -> list[tuple[float, ...]] | None:
    """``face_features`` of a frame of pip dice: the top faces of the dice the pip reader stands
    by; None when it is not such a frame (``pip_dice``)."""
    found = pip_dice(frame, settings, networks)
    if found is None:
        return None
    faces, cast = found
    return [look_at_face(face, cast).features() for die, face in faces if die.status == "ok"]
