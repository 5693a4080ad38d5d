"""Lezard cards (vision/cards/reader.py): one square, two squares in order, a lizard; the board's colours."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from measure.synth import CardFace, Glare, Kit, Light, render
from measure.synth.paint import NOMINAL_KIT, card_face
from vision.cards import reader as cards
from vision.cards.reader import (
    CARD_H,
    CARD_W,
    DEFAULT_CARD_COLOURS,
    Mark,
    beside,
    card_hue_name,
    card_json,
    read_card,
    read_cards,
)
from vision.whitebalance import Cast

CARDS = [
    CardFace("square", ("red",)),
    CardFace("square", ("orange",)),
    CardFace("squares", ("yellow", "blue")),
    CardFace("squares", ("blue", "yellow")),
    CardFace("squares", ("green", "red")),
    CardFace("lizard", ("green",)),
    CardFace("lizard", ("yellow",)),
]


def text(card: CardFace) -> str:
    return f"{card.kind}:{'+'.join(card.colours)}"


@pytest.mark.parametrize("card", CARDS, ids=text)
def test_each_kind_of_card_reads(card: CardFace) -> None:
    for seed in range(3):
        frame, _ = render(seed, "easy", "cards", faces=[card])
        reading = read_cards(frame)
        assert [(d.face, d.status) for d in reading.dice] == [(text(card), "ok")], seed


def test_a_lizard_is_read_only_in_the_colours_of_the_box_s_lizards() -> None:
    """Lezard Domino's lizard cards show its four lizards (green, blue, red, yellow): an orange
    lizard is none of them and is ``uncertain``; a box whose data file gives an orange lizard
    (``lizards``) reads it."""
    card = CardFace("lizard", ("orange",))
    frame, _ = render(0, "easy", "cards", faces=[card])
    assert [(d.face, d.status) for d in read_cards(frame).dice] == [(None, "uncertain")]
    orange_too = ("green", "blue", "red", "orange")
    read = read_cards(frame, DEFAULT_CARD_COLOURS, lizards=orange_too)
    assert [(d.face, d.status) for d in read.dice] == [("lizard:orange", "ok")]


@pytest.mark.parametrize("seed", [40303, 5182])
def test_a_yellow_lizard_the_light_moved_towards_orange_is_yellow(seed: int) -> None:
    """Hardest seeds 40303 and 5182: a yellow lizard lies in the gap below yellow's band (40303,
    otherwise uncertain) or in orange's (5182, otherwise an orange lizard ``ok``); no
    lizard of the box is orange, so it is yellow (``lizard_named``). Read as any board colour may be
    a lizard's (``lizards`` None, the board's colours given), it is not."""
    frame, scene = render(seed, "hardest", "cards")
    assert "lizard:yellow" in [text(thing.face) for thing in scene.things]  # type: ignore[arg-type]
    assert ("lizard:yellow", "ok") in [(d.face, d.status) for d in read_cards(frame).dice]
    board_only = read_cards(frame, DEFAULT_CARD_COLOURS).dice
    assert ("lizard:yellow", "ok") not in [(d.face, d.status) for d in board_only]


def test_a_card_under_a_warm_lamp_keeps_orange_and_yellow_apart() -> None:
    warm = Light(kelvin=2700.0, white_balance_left=0.6)
    for card in (CardFace("square", ("yellow",)), CardFace("square", ("orange",))):
        frame, _ = render(11, "easy", "cards", faces=[card], light=warm)
        faces = [(d.face, d.status) for d in read_cards(frame).dice]
        assert faces == [(text(card), "ok")]


def test_two_cards_are_read_left_to_right() -> None:
    cards = [CardFace("lizard", ("blue",)), CardFace("square", ("red",))]
    frame, scene = render(4, "easy", "cards", faces=cards)
    reading = read_cards(frame)
    expected = [text(t.face) for t in sorted(scene.things, key=lambda t: t.box[0])]  # type: ignore[arg-type]
    assert [d.face for d in reading.dice] == expected
    assert all(d.status == "ok" for d in reading.dice)


def test_a_colour_the_board_does_not_use_is_uncertain() -> None:
    frame, _ = render(2, "easy", "cards", faces=[CardFace("square", ("orange",))])
    reading = read_cards(frame, colours=("red", "yellow", "green", "blue"))
    assert [d.status for d in reading.dice] == ["uncertain"]


def test_no_card_no_reading() -> None:
    frame, _ = render(1, "easy", "colours", faces=[])
    assert read_cards(frame).dice == ()


def test_card_json() -> None:
    assert card_json("lizard:green") == {"kind": "lizard", "colours": ["green"]}
    assert card_json("squares:red+blue") == {"kind": "squares", "colours": ["red", "blue"]}


def paint(hue: float) -> tuple[float, float, float]:
    """A printed colour (BGR) of ``hue`` in OpenCV units (0-180), as saturated as the renderer's orange."""
    hsv = np.array([[[2 * hue, 0.9, 0.94]]], np.float32)
    b, g, r = (255 * float(v) for v in cv2.cvtColor(hsv, cv2.COLOR_HSV2BGR)[0, 0])
    return b, g, r


@pytest.mark.parametrize("hue", [4.5, 19.5], ids=["between red and orange", "between orange and yellow"])
def test_a_mark_between_two_colours_is_uncertain(hue: float) -> None:
    assert card_hue_name(hue) is None
    kit = Kit(paints=(("orange", paint(hue)), *NOMINAL_KIT.paints))
    for seed in range(3):
        frame, _ = render(seed, "easy", "cards", faces=[CardFace("square", ("orange",))], kit=kit)
        assert [(d.face, d.status) for d in read_cards(frame).dice] == [(None, "uncertain")], seed


def flat_card(kind: str, colours: tuple[str, ...]) -> np.ndarray:
    """A straightened card as ``read_card`` takes it, drawn by the renderer without light or camera."""
    sprite, _ = card_face(kind, colours, 3 * CARD_W, NOMINAL_KIT)  # type: ignore[arg-type]
    return np.asarray(cv2.resize(sprite, (CARD_W, CARD_H), interpolation=cv2.INTER_AREA).round(), np.uint8)


def test_a_square_lost_in_glare_does_not_make_two_squares_one() -> None:
    daylight = Cast((1.0, 1.0, 1.0), 238.0, 1.0)
    card = flat_card("squares", ("red", "blue"))
    assert read_card(card, daylight, ("red", "blue")) == ("squares:red+blue", 1.0, True)
    right = slice(CARD_W // 2 + 2, CARD_W - 12)
    card[12:-12, right] = card[6, CARD_W // 2]  # the right square washed out to paper
    face, _, ok = read_card(card, daylight, ("red", "blue"))
    assert face == "square:red" and not ok


DAYLIGHT = Cast((1.0, 1.0, 1.0), 238.0, 1.0)


def joined_squares() -> np.ndarray:
    """A card drawn by hand: two squares (blue, red) a few pixels apart on white paper, joined by a
    dark line as saturated as a print (blurred frame lines touching)."""
    card = np.full((CARD_H, CARD_W, 3), 235, np.uint8)
    card[18:82, 20:72] = (170, 90, 25)
    card[18:82, 78:130] = (45, 40, 200)
    card[48:52, 66:84] = (40, 30, 110)
    return card


def test_two_squares_joined_by_a_dark_line_are_split(monkeypatch: pytest.MonkeyPatch) -> None:
    assert read_card(joined_squares(), DAYLIGHT, ("red", "blue")) == ("squares:blue+red", 1.0, True)
    monkeypatch.setattr(cards, "SPLIT_OPEN", 1)  # not split: one mark, too big for a square
    face, _, ok = read_card(joined_squares(), DAYLIGHT, ("red", "blue"))
    assert face != "squares:blue+red" and not ok


@pytest.mark.parametrize("seed", [30002])
def test_two_squares_joined_by_their_frame_lines_are_two_squares(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A hardest frame (seeds 30000.., no tuning) where the blurred dark frame lines between two
    squares, as saturated as a print, join them into one mark in the card's middle (on OpenCV 5.0
    and 4.11; in seed 31072, also so joined on 5.0, the squares stay apart on 4.11)."""
    frame, scene = render(seed, "hardest", "cards")
    truth = sorted(text(thing.face) for thing in scene.things)  # type: ignore[arg-type]
    assert sorted(str(d.face) for d in read_cards(frame).dice if d.status == "ok") == truth
    monkeypatch.setattr(cards, "SPLIT_OPEN", 1)  # not split: one mark, too big for a square
    unsplit = read_cards(frame).dice
    squares = [t for t in truth if t.startswith("squares:")]
    assert squares and not any(d.face in squares for d in unsplit)
    assert all(d.status == "uncertain" for d in unsplit if str(d.face).startswith("square:"))


def test_a_mark_too_big_for_a_square_is_uncertain() -> None:
    card = flat_card("square", ("blue",))
    blue = tuple(int(v) for v in card[CARD_H // 2, CARD_W // 2])
    card[15:-15, 25:-25] = blue  # half the card, in its middle
    face, _, ok = read_card(card, DAYLIGHT, ("blue",))
    assert face == "square:blue" and not ok


def mark(colour: str | None, hue: float, washed: bool = False) -> Mark:
    return Mark(colour, hue, 1.0, 1.0, 0.3, 0.25, washed)


def test_a_square_between_two_colours_is_named_by_the_other_square_of_its_card() -> None:
    assert beside(mark(None, 19.0), mark("yellow", 28.0)).colour == "orange"
    assert beside(mark(None, 19.5), mark("orange", 10.0)).colour == "yellow"
    assert beside(mark(None, 4.5), mark("orange", 12.0)).colour == "red"
    assert beside(mark(None, 19.0), mark("yellow", 24.0)).colour is None  # as alike as one paint
    assert beside(mark(None, 19.0), mark("blue", 110.0)).colour is None  # no side of the gap
    assert beside(mark(None, 19.0, washed=True), mark("yellow", 28.0)).colour is None  # glare moves hues
    assert beside(mark(None, 19.0), mark("yellow", 28.0, washed=True)).colour is None


@pytest.mark.parametrize("seed", [30574, 30730])
def test_cards_whose_paper_the_scene_balance_leaves_cream_are_found(seed: int) -> None:
    """Hardest frames: a warm lamp and a beige or red tray, cards' paper still saturated 70-100."""
    frame, scene = render(seed, "hardest", "cards")
    assert len(read_cards(frame).dice) == len(scene.things)


@pytest.mark.parametrize("seed", [5407, 5439])
def test_a_blurred_lizard_is_read_on_its_vivid_middle(seed: int) -> None:
    """Hardest frames (tuning seeds) where a green lizard's legs blur into its paper."""
    frame, scene = render(seed, "hardest", "cards")
    assert [(d.face, d.status) for d in read_cards(frame).dice] == [(text(scene.things[0].face), "ok")]  # type: ignore[arg-type]


@pytest.mark.parametrize("colour", ["red", "orange"])
def test_a_square_under_a_glare_spot_is_read_right_or_uncertain(colour: str) -> None:
    """A lamp's glare washes out part or all of the square: its hue drifts towards the next
    colour and a hole in it looks like a lizard's outline; never a confident wrong card."""
    card = CardFace("square", (colour,))
    for seed in range(4):
        _, scene = render(seed, "easy", "cards", faces=[card])
        x, y, w, h = scene.things[0].box
        for shift, radius, strength in [
            (0.25, 0.25, 0.6),
            (0.25, 0.4, 0.8),
            (0.0, 0.5, 0.6),
            (0.0, 0.8, 0.5),
        ]:
            light = Light(glare=Glare(x + w * (0.5 + shift), y + h / 2, radius * w, strength))
            frame, _ = render(seed, "easy", "cards", faces=[card], light=light)
            for d in read_cards(frame).dice:
                assert d.status == "uncertain" or d.face == text(card), (seed, shift, radius, d.face)


def test_a_card_in_a_glare_spot_as_pale_as_its_paper_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    """A hardest frame (seed 20204, no tuning seed) whose lamp washes the felt around the card as
    pale and bright as its paper: only the finer edges at the brightest levels cut it out (and the
    hole its rim leaves in a darker cut)."""
    import vision.cards.reader

    frame, scene = render(20204, "hardest", "cards")
    truth = text(scene.things[0].face)  # type: ignore[arg-type]
    assert [(d.face, d.status) for d in read_cards(frame).dice] == [(truth, "ok")]
    monkeypatch.setattr(vision.cards.reader, "GLARE_LEVELS", ())
    assert [(d.face, d.status) for d in read_cards(frame).dice] == [(truth, "ok")]  # by its hole
    monkeypatch.setattr(vision.cards.reader, "HOLE_PAPER", 2.0)  # no brighter part covers twice its hole
    assert read_cards(frame).dice == ()


@pytest.mark.parametrize("seed", [126, 5071])
def test_a_square_a_glare_spot_washed_and_ate_into_is_still_one_of_two(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Hardest frames where a glare spot washes out one of a card's two squares (a green beside a
    red) and eats into its outline: in seed 126 it keeps half the red's area, in seed 5071 a
    solidity of 0.8. Named two colours, the two are still the card's two squares."""
    frame, scene = render(seed, "hardest", "cards")
    truth = {text(thing.face) for thing in scene.things}  # type: ignore[arg-type]
    assert "squares:green+red" in truth
    assert ("squares:green+red", "ok") in [(d.face, d.status) for d in read_cards(frame).dice]
    monkeypatch.setattr(cards, "WASHED_SOLIDITY", cards.SQUARE_SOLIDITY)
    monkeypatch.setattr(cards, "WASHED_SIZES", cards.SQUARE_SIZES)
    assert ("squares:green+red", "uncertain") in [(d.face, d.status) for d in read_cards(frame).dice]


def white_card_hsv() -> np.ndarray:
    """A straightened card of white paper, in the HSV of ``cards.on_own_paper``, with no mark yet."""
    hsv = np.zeros((CARD_H, CARD_W, 3), np.float32)
    hsv[..., 2] = 230.0
    return hsv


WITH_PURPLE = (*DEFAULT_CARD_COLOURS, "purple")
"""A board whose cards show purple too (Lezard Domino's do not)."""


@pytest.mark.parametrize(
    ("hue", "named"), [(179.9, None), (176.0, "red"), (1.0, None), (12.0, "orange"), (172.0, "red")]
)
def test_a_washed_out_mark_is_named_only_well_inside_its_band_across_red_s_wrap(
    hue: float, named: str | None
) -> None:
    """A glare spot moves a washed-out mark's hue (renderer seed 61493: an orange lizard to 179.9):
    it is named only ``DRIFT`` or more inside its band, measured round the hue circle (red's band
    runs from 170 over 180 to 3.5), or when the only other colour so near is one no card of the
    board shows (172: purple's band, 135-165, lies beyond the gap below red's)."""
    hsv = white_card_hsv()
    hsv[30:70, 55:95] = (hue, 60.0, 200.0)  # a pale square: saturation under WASHED
    (mark,) = cards.marks_of(hsv)
    assert mark.washed and mark.hue == hue
    assert cards.glare_checked(mark, DEFAULT_CARD_COLOURS).colour == named
    assert cards.glare_checked(mark, WITH_PURPLE).colour == (None if hue == 172.0 else named)


@pytest.mark.parametrize("seed", [155, 63508, 121078])
def test_a_washed_red_near_purple_is_red_on_a_board_without_purple(seed: int) -> None:
    """Hardest seeds whose red square a glare spot washed out to hue 172-174.5, within ``DRIFT`` of
    the gap between purple's band and red's: no Lezard card is purple, so it is red; a board with
    purple cards leaves it uncertain. The same on OpenCV 5.0 and Bookworm's 4.11."""
    frame, scene = render(seed, "hardest", "cards")
    truth = [text(thing.face) for thing in scene.things]  # type: ignore[arg-type]
    assert "square:red" in truth
    assert ("square:red", "ok") in [(d.face, d.status) for d in read_cards(frame).dice]
    with_purple = read_cards(frame, WITH_PURPLE).dice
    assert ("square:red", "ok") not in [(d.face, d.status) for d in with_purple]


def test_what_a_glare_spot_leaves_of_a_red_square_is_no_lizard(monkeypatch: pytest.MonkeyPatch) -> None:
    """Easy seed 3, a red square under a glare spot half a card wide: what is left is a washed red
    crescent (0.03 of the card, solidity 0.46) as ragged as a lizard but smaller than any
    (``LIZARD_AREA``): uncertain, not a red lizard ``ok``."""
    card = CardFace("square", ("red",))
    _, scene = render(3, "easy", "cards", faces=[card])
    x, y, w, h = scene.things[0].box
    light = Light(glare=Glare(x + w / 2, y + h / 2, 0.5 * w, 0.6))
    frame, _ = render(3, "easy", "cards", faces=[card], light=light)
    assert [(d.face, d.status) for d in read_cards(frame).dice] == [("lizard:red", "uncertain")]
    monkeypatch.setattr(cards, "LIZARD_AREA", 0.0)
    assert [(d.face, d.status) for d in read_cards(frame).dice] == [("lizard:red", "ok")]


def test_a_washed_out_mark_whose_hues_scatter_inside_its_band_is_steady() -> None:
    """A pale mark's hues scatter more than a vivid one's: washed out, it is steady when its core
    lies inside its colour's band; a vivid mark so scattered is not."""
    hsv = white_card_hsv()
    scatter = np.linspace(56.0, 76.0, 40, dtype=np.float32)  # green's band is 42-85
    for saturation, washed in ((60.0, True), (160.0, False)):
        hsv[30:70, 55:95] = (0.0, saturation, 200.0)
        hsv[30:70, 55:95, 0] = scatter[None, :]
        (mark,) = cards.marks_of(hsv)
        assert (mark.colour, mark.washed) == ("green", washed)
        assert (mark.steady >= cards.STEADY) == washed


def test_a_washed_green_lizard_whose_hues_scatter_is_read() -> None:
    """Hardest seed 68279 (never used for tuning): a glare spot washes out a green lizard;
    its hues scatter (under 70 % within 3 of their median) but lie in green's band. The same on OpenCV
    5.0 and on Bookworm's 4.11."""
    frame, scene = render(68279, "hardest", "cards")
    truth = [text(thing.face) for thing in scene.things]  # type: ignore[arg-type]
    assert "lizard:green" in truth
    assert ("lizard:green", "ok") in [(d.face, d.status) for d in read_cards(frame).dice]


@pytest.mark.parametrize("seed", [100252, 100275])
def test_a_card_whose_paper_the_blur_broke_into_pieces_is_found(seed: int) -> None:
    """Hardest frames of a small blurred card: at the finder's 640 pixels its paper is a
    ring a pixel or two wide that the blur breaks at the sides, so the ring's outline encloses almost
    nothing though its hull is the card's. An outline is weighed by the box around it, not its own area.
    (Seed 101839's card is found so on OpenCV 5.0 but not with Bookworm's 4.11 and numpy 1.24.)"""
    frame, scene = render(seed, "hardest", "cards")
    truth = {text(thing.face) for thing in scene.things}  # type: ignore[arg-type]
    assert {(d.face, d.status) for d in read_cards(frame).dice} == {(face, "ok") for face in truth}


@pytest.mark.parametrize("seed", [102046, 102414])
def test_a_lizard_whose_thin_body_scatters_its_hue_is_read(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Hardest frames of a green lizard named green, only half its core within 3 hue
    units of its median: its core lies along its outline. A square so scattered would not be ``ok``."""
    frame, _ = render(seed, "hardest", "cards")
    assert ("lizard:green", "ok") in [(d.face, d.status) for d in read_cards(frame).dice]
    monkeypatch.setattr(cards, "LIZARD_STEADY", cards.STEADY)
    assert ("lizard:green", "uncertain") in [(d.face, d.status) for d in read_cards(frame).dice]


@pytest.mark.parametrize("seed", [100918, 104544])
def test_a_card_the_cuts_do_not_part_from_the_floor_is_found_by_its_hole(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Hardest frames with a card whose paper every cut joins to a floor as pale
    (cream paper on a beige table, a glare spot over a card's edge): its blurred, shadowed rim is
    darker than both, so a darker cut leaves a hole of a card's shape there, and the brighter part of
    the hole is the card. Without the holes the card is missed."""
    frame, scene = render(seed, "hardest", "cards")
    truth = {text(thing.face) for thing in scene.things}  # type: ignore[arg-type]
    assert {(d.face, d.status) for d in read_cards(frame).dice} == {(face, "ok") for face in truth}
    monkeypatch.setattr(cards, "HOLE_PAPER", 2.0)  # no brighter part covers twice its hole
    assert len(read_cards(frame).dice) == len(scene.things) - 1


def test_a_card_found_by_its_hole_is_read_inside_its_rim() -> None:
    """Hardest seed 100697: a two-squares card under a warm cast is found only by its
    hole, which holds its dark rim too. Straightened by the hole, the card shows its squares too small,
    and (on OpenCV 5.0) the frame lines join them into one mark small enough for one square: one blue
    square ``ok``. Straightened by the brighter part of the hole (``paper_within``) it reads right."""
    frame, _ = render(100697, "hardest", "cards")
    assert ("squares:blue+orange", "ok") in [(d.face, d.status) for d in read_cards(frame).dice]
