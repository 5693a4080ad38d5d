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

import numpy as np
from numpy.typing import NDArray

from vision.colours.bodies import body_features, read_bodies
from vision.colours.classical import classical_features, read_classical
from vision.colours.settings import COLOUR_SETTINGS, ColourSettings
from vision.colours.with_net import net_features, read_with_net
from vision.errors import ProfileError
from vision.frame import as_bgr
from vision.networks import SHIPPED, Networks
from vision.profile import Profile
from vision.reading import Reading

__all__ = [
    "COLOUR_SETTINGS",
    "ColourSettings",
    "face_features",
    "read_colours",
]


def read_colours(
    frame_bgr: NDArray[np.uint8],
    profile: Profile | None = None,
    *,
    settings: ColourSettings = COLOUR_SETTINGS,
    networks: Networks = SHIPPED,
) -> Reading:
    """Read the colour of every die's top face (``face``: a colour name or ``star``).

    With ``profile`` (taught by ``kostka teach``), faces are named by what was taught, and a
    face far from every taught one is ``uncertain``; without, by the default rules.
    ``networks``: the network files and their runtime; a ``folder`` of its own may hold another
    colour network, colour face classifier or dice network (``vision.networks.Networks``).
    """
    if profile is not None and profile.mode != "colours":
        raise ProfileError.of("profile.wrong_mode.colours", mode=profile.mode)
    frame = as_bgr(frame_bgr)
    path = networks.colour_net(settings.colour_net)
    reading = (
        read_with_net(frame, profile, settings, path, networks.colour_face_net(), networks)
        if path is not None
        else None
    )
    if reading is None and path is not None:
        pips = networks.pip_networks(settings.use_net)
        reading = read_bodies(frame, profile, settings, pips) if pips is not None else None
    if reading is not None:
        return reading
    dice_net = networks.colour_dice_net(settings.use_net, fallback=path is not None)
    return read_classical(frame, profile, settings, dice_net, networks)


def face_features(
    frame_bgr: NDArray[np.uint8],
    *,
    settings: ColourSettings = COLOUR_SETTINGS,
    networks: Networks = SHIPPED,
) -> list[tuple[float, ...]]:
    """The feature vectors (``FaceLook.features``) of every die found in a frame, for teaching:
    only dice the referee could stand by teach."""
    frame = as_bgr(frame_bgr)
    path = networks.colour_net(settings.colour_net)
    features = None
    if path is not None:
        features = net_features(frame, settings, path, networks.colour_face_net(), networks)
    if features is None and path is not None:
        pips = networks.pip_networks(settings.use_net)
        features = body_features(frame, settings, pips) if pips is not None else None
    if features is not None:
        return features
    dice_net = networks.colour_dice_net(settings.use_net, fallback=path is not None)
    return classical_features(frame, settings, dice_net, networks)
