"""The entry point: ``read_dice(frame_bgr, mode) -> Reading``, which hands the frame to its mode.

Pips mode is read by ``vision.pips`` (``read_pips``), colour mode by ``vision.colours``
(``read_colours``), Lezard cards by ``vision.cards`` (``read_cards``). This is the one module
that imports the modes; they import the shared code at vision's top, never this module.

>>> import numpy as np
>>> read_dice(np.zeros((480, 640, 3), np.uint8)).dice
()
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from vision.cards.reader import card_features, read_cards
from vision.colours.reader import face_features, read_colours
from vision.learnt import Learnt
from vision.networks import SHIPPED, Networks
from vision.pips.reader import read_pips
from vision.pips.settings import PIPS, PipSettings
from vision.profile import Profile
from vision.reading import Reading

MODES = ("pips", "colours", "cards")
"""What the dice show: pips 1-6, Nogi Stonogi colours (and the star), or Lezard cards."""


def read_dice(
    frame_bgr: NDArray[np.uint8],
    mode: str = "pips",
    *,
    settings: PipSettings = PIPS,
    die_px: float | None = None,
    networks: Networks = SHIPPED,
    profile: Profile | Learnt | None = None,
    colours: tuple[str, ...] | None = None,
    lizards: tuple[str, ...] | None = None,
) -> Reading:
    """Read every die in a BGR uint8 frame.

    ``mode``: ``pips`` (faces 1-6: see ``vision.pips.reader.read_pips``), ``colours`` (a colour
    name or ``star``: see ``vision.colours.reader.read_colours``) or ``cards``
    (``kind:colour+colour``: see ``vision.cards.reader.read_cards``).
    ``settings``: pips mode's thresholds.
    ``die_px``: the dice side in frame pixels if known (fixed camera), else measured (pips).
    ``networks``: the network files (shipped, or another folder's) and the runtime that runs them.
    ``profile``: a taught profile (colours or cards, ``kostka teach``; default: the built-in rules),
    or in pips mode what was learnt from the players' own dice (``vision.learnt``, ``kostka learn``).
    ``colours``: the colour names the board uses (cards; the caller reads the game's data), and
    ``lizards`` those of its lizards, which its lizard cards show.

    >>> read_dice(np.zeros((480, 640, 3), np.uint8), "dots")
    Traceback (most recent call last):
    ...
    ValueError: mode 'dots' is not one of pips, colours, cards
    """
    if mode not in MODES:
        raise ValueError(f"mode {mode!r} is not one of {', '.join(MODES)}")
    taught = profile if isinstance(profile, Profile) else None
    if mode == "colours":
        return read_colours(frame_bgr, taught, networks=networks)
    if mode == "cards":
        return read_cards(frame_bgr, colours, taught, lizards)
    learnt = profile if isinstance(profile, Learnt) else None
    return read_pips(frame_bgr, settings=settings, die_px=die_px, networks=networks, learnt=learnt)


def teach_features(
    frame_bgr: NDArray[np.uint8], mode: str = "colours", networks: Networks = SHIPPED
) -> list[tuple[float, ...]]:
    """What teaching learns from one frame: ``face_features`` of the colour dice (``mode``
    colours) or ``card_features`` of the Lezard cards (``mode`` cards)."""
    return card_features(frame_bgr) if mode == "cards" else face_features(frame_bgr, networks=networks)
