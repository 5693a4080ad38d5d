"""Colour mode: ``read_colours(frame_bgr, profile=None) -> Reading``.

Which path reads a frame:

- with colour mode's own networks installed (``vision/data/colour_net.onnx`` and
  ``colour_face_net.onnx``), ``vision.colours.with_net``: the colour network finds each die's top
  face, the face classifier names it, and the white-balanced look of the face may veto;
- for a frame the network does not know (real dice far bigger than the renderer's) whose dice
  the pip reader stands by (pip dice), ``vision.colours.bodies``: the pip reader's dice, their
  top faces' body colour named;
- otherwise ``vision.colours.classical``: colour mode's classical finder
  (``vision.colours.finder``) with the pip reader's dice network beside it when installed.

Either way each top face is cut out and white-balanced with the cast of the whole frame; the
classical path names it (``vision.colours.faces``) by the default rules (``vision.colours.looks``), and
with a taught profile (``vision.profile``) both paths name it by what was taught. Every
tuned number is in ``vision.colours.settings``.

>>> import numpy as np
>>> classical = ColourSettings(use_net=False, colour_net=False)
>>> read_colours(np.zeros((480, 640, 3), np.uint8), settings=classical).dice
()
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from numpy.typing import NDArray

from vision.colours.bodies import body_features, read_bodies
from vision.colours.classical import classical_features, read_classical
from vision.colours.face_net import MODEL as FACE_MODEL
from vision.colours.net import MODEL as COLOUR_MODEL
from vision.colours.settings import COLOUR_SETTINGS, ColourSettings
from vision.colours.with_net import net_features, read_with_net
from vision.errors import ProfileError
from vision.frame import as_bgr
from vision.pips.dice_net import MODEL
from vision.pips.face_net import MODEL as PIP_FACE_MODEL
from vision.profile import Profile
from vision.reading import Reading

__all__ = [
    "COLOUR_SETTINGS",
    "ColourSettings",
    "face_features",
    "read_colours",
]


def colour_model(settings: ColourSettings, models: str | None) -> str | None:
    """The colour network's file to use, or None for the classical path: the one in ``models``
    if there is one, else the shipped one (when installed with its face classifier, or when
    ``settings.colour_net`` asks for it: a missing file is then an error that says so)."""
    if settings.colour_net is False:
        return None
    if models is not None and (Path(models) / COLOUR_MODEL.name).is_file():
        return str(Path(models) / COLOUR_MODEL.name)
    if settings.colour_net or (COLOUR_MODEL.is_file() and Path(face_model(models)).is_file()):
        return str(COLOUR_MODEL)
    return None


def face_model(models: str | None) -> str:
    """Colour mode's face classifier file: the one in ``models`` if there is one, else the shipped one."""
    if models is not None and (Path(models) / FACE_MODEL.name).is_file():
        return str(Path(models) / FACE_MODEL.name)
    return str(FACE_MODEL)


def pip_models(settings: ColourSettings, models: str | None) -> tuple[bool, str | None]:
    """May the pip reader read a frame the colour network does not know (``vision.colours.bodies``),
    and with the networks of which folder (None: the shipped ones)? Not when ``settings.use_net``
    is False or its networks are not installed."""
    if settings.use_net is False:
        return False, None
    if models is not None and all((Path(models) / m.name).is_file() for m in (MODEL, PIP_FACE_MODEL)):
        return True, models
    return MODEL.is_file() and PIP_FACE_MODEL.is_file(), None


def dice_model(settings: ColourSettings, models: str | None, fallback: bool = False) -> str | None:
    """The pip reader's dice network file the classical path asks, or None (``settings.use_net``;
    None: when ``models`` is given or the shipped one is installed). Reading a frame that the
    colour network did not know (``fallback``), a ``models`` folder without a dice network
    means the shipped one."""
    if fallback and models is not None and not (Path(models) / MODEL.name).is_file():
        models = None
    ask = settings.use_net if settings.use_net is not None else models is not None or MODEL.is_file()
    if not ask:
        return None
    return str(Path(models) / MODEL.name) if models is not None else str(MODEL)


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
    if profile is not None and profile.mode != "colours":
        raise ProfileError(f"a profile taught for {profile.mode} cannot read colour dice: teach the dice")
    frame = as_bgr(frame_bgr)
    path = colour_model(settings, models)
    reading = read_with_net(frame, profile, settings, path, face_model(models)) if path is not None else None
    if reading is None and path is not None:
        pips, folder = pip_models(settings, models)
        reading = read_bodies(frame, profile, settings, folder) if pips else None
    if reading is not None:
        return reading
    return read_classical(frame, profile, settings, dice_model(settings, models, fallback=path is not None))


def face_features(
    frame_bgr: NDArray[np.uint8], *, settings: ColourSettings = COLOUR_SETTINGS, models: str | None = None
) -> list[tuple[float, ...]]:
    """The feature vectors (``FaceLook.features``) of every die found in a frame, for teaching:
    only dice the referee could stand by teach."""
    frame = as_bgr(frame_bgr)
    path = colour_model(settings, models)
    features = net_features(frame, settings, path, face_model(models)) if path is not None else None
    if features is None and path is not None:
        pips, folder = pip_models(settings, models)
        features = body_features(frame, settings, folder) if pips else None
    if features is not None:
        return features
    return classical_features(frame, settings, dice_model(settings, models, fallback=path is not None))
