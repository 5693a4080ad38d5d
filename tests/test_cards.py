"""Lezard cards (vision/cards.py): one square, two squares in order, a lizard; the board's colours."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.cards import CARD_H, CARD_W, card_hue_name, card_json, read_card
from vision.colour import Cast
from vision.colour_reader import read_cards
from vision.synth import CardFace, Glare, Kit, Light, render
from vision.synth_paint import NOMINAL_KIT, card_face

CARDS = [
    CardFace("square", ("red",)),
    CardFace("square", ("orange",)),
    CardFace("squares", ("yellow", "blue")),
    CardFace("squares", ("blue", "yellow")),
    CardFace("squares", ("green", "red")),
    CardFace("lizard", ("green",)),
    CardFace("lizard", ("orange",)),
]


def text(card: CardFace) -> str:
    return f"{card.kind}:{'+'.join(card.colours)}"


@pytest.mark.parametrize("card", CARDS, ids=text)
def test_each_kind_of_card_reads(card: CardFace) -> None:
    for seed in range(3):
        frame, _ = render(seed, "easy", "cards", faces=[card])
        reading = read_cards(frame)
        assert [(d.face, d.status) for d in reading.dice] == [(text(card), "ok")], seed


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
    pale and bright as its paper: only the finer edges at the brightest levels cut it out."""
    import vision.cards

    frame, scene = render(20204, "hardest", "cards")
    truth = text(scene.things[0].face)  # type: ignore[arg-type]
    assert [(d.face, d.status) for d in read_cards(frame).dice] == [(truth, "ok")]
    monkeypatch.setattr(vision.cards, "GLARE_LEVEL", float("inf"))
    assert read_cards(frame).dice == ()
