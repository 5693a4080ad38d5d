"""Off-palette dice that the colour names alone take for a Stonoga colour are ``uncertain`` with
the default rules: a yellow die swirled with orange, a neon lime or chartreuse one, a teal one,
a blue one swirled with black, a deep purple one (the kinds of the byler-mixed-tray photos). The
Stonoga colours' own plastic stays ``ok``.

The faces are painted crops (``FACE_PX`` square, a little sensor noise) under a neutral light,
so each test fails if the rule it covers is dropped or the palette's own colours are rejected.
"""

from __future__ import annotations

import numpy as np
import pytest
from numpy.typing import NDArray

from vision.colours.looks import FACE_PX, judge_face, look_at_face
from vision.whitebalance import Cast

NEUTRAL = Cast((1.0, 1.0, 1.0), 250.0, 0.5)
STONOGA_PAINTS = {  # BGR, as the renderer paints Nogi Stonogi's faces (measure/synth/paint.py)
    "yellow": (25, 205, 245),
    "red": (45, 40, 200),
    "green": (60, 150, 35),
    "blue": (170, 90, 25),
    "black": (38, 34, 32),
}


def face(
    first: tuple[int, int, int], second: tuple[int, int, int] | None = None, most: float = 1.0
) -> NDArray[np.uint8]:
    """A face of colour ``first``, swirled with up to ``most`` of ``second`` in soft diagonal
    bands, with a little noise."""
    yy, xx = np.mgrid[0:FACE_PX, 0:FACE_PX].astype(np.float32)
    share = np.zeros((FACE_PX, FACE_PX, 1), np.float32)
    if second is not None:
        share[..., 0] = most * np.clip(np.sin((xx + 0.6 * yy) / 4.0 + np.sin(yy / 5.0)) * 1.5, 0, 1)
    colour = (1 - share) * np.array(first, np.float32) + share * np.array(second or first, np.float32)
    noise = np.random.default_rng(0).normal(0, 2.0, colour.shape)
    return np.asarray(np.clip(colour + noise, 0, 255), np.uint8)


@pytest.mark.parametrize("name", list(STONOGA_PAINTS))
def test_the_stonoga_colours_own_plastic_is_read_ok(name: str) -> None:
    verdict = judge_face(look_at_face(face(STONOGA_PAINTS[name]), NEUTRAL))
    assert (verdict.face, verdict.ok) == (name, True), verdict


LOOKALIKES = {  # each caught by one rule of vision.colours.looks._solid
    "yellow swirled with orange": face((25, 205, 245), (10, 120, 250), most=0.6),  # HUE_RANGE
    "neon lime": face((20, 240, 225)),  # HUE_WINDOW
    "chartreuse": face((30, 240, 170)),  # HUE_WINDOW
    "teal": face((110, 140, 20)),  # HUE_WINDOW
    "blue swirled with black": face((170, 90, 25), (30, 20, 15), most=0.7),  # VALUE_RANGE
    "deep purple": face((40, 12, 30)),  # BLACK_SATURATION
}


@pytest.mark.parametrize("name", list(LOOKALIKES))
def test_an_off_palette_body_is_not_read_ok_as_a_stonoga_colour(name: str) -> None:
    look = look_at_face(LOOKALIKES[name], NEUTRAL)
    verdict = judge_face(look)
    assert not verdict.ok, (name, look, verdict)
