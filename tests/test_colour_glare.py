"""A red die's top face paled to pink by the lamp's glare is red only when its own sides are."""

import numpy as np
import pytest

from vision.colours.glare import red_sides
from vision.frame import Pyramid
from vision.whitebalance import Cast

PALE_PINK = (173, 157, 214)  # BGR of a glossy red top face under the lamp (gissur-red-in-box)
DEEP_RED = (35, 30, 190)
PASTEL_PINK = (190, 175, 235)
WHITE = (235, 235, 235)


def die_at_right(top: tuple[int, int, int], body: tuple[int, int, int]) -> np.ndarray:
    """A 600 x 600 frame of dark felt with one die right of the middle: its body (the sides the
    camera sees, towards the middle) and its 50-pixel top face centred at (500, 300)."""
    frame = np.full((600, 600, 3), 35, np.uint8)
    frame[240:360, 430:530] = body
    frame[275:325, 475:525] = top
    return frame


@pytest.mark.parametrize(
    ("top", "body", "red"),
    [
        (PALE_PINK, DEEP_RED, True),
        (PALE_PINK, PASTEL_PINK, False),  # a pastel pink die
        (DEEP_RED, DEEP_RED, False),  # not paled: the look's own rules judge it
        (WHITE, DEEP_RED, False),  # a white face next to red
    ],
)
def test_pale_top_is_red_by_its_sides(
    top: tuple[int, int, int], body: tuple[int, int, int], red: bool
) -> None:
    frame = die_at_right(top, body)
    cast = Cast((1.0, 1.0, 1.0), 235.0, 0.5)
    assert red_sides(Pyramid(frame), 500.0, 300.0, 50.0, cast, (600, 600)) is red


def test_sides_away_from_the_middle_are_not_seen() -> None:
    frame = np.full((600, 600, 3), 35, np.uint8)
    frame[240:360, 470:570] = DEEP_RED  # red only beyond the face, away from the frame's middle
    frame[275:325, 475:525] = PALE_PINK
    cast = Cast((1.0, 1.0, 1.0), 235.0, 0.5)
    assert not red_sides(Pyramid(frame), 500.0, 300.0, 50.0, cast, (600, 600))
