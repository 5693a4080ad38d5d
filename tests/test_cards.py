"""Lezard cards (vision/cards.py): one square, two squares in order, a lizard; the board's colours."""

from __future__ import annotations

import pytest

from vision.cards import card_json
from vision.colour_reader import read_cards
from vision.synth import CardFace, Light, render

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
