"""A picture of a Lezard data file, for its owner to hold beside their own box: every square of the
board with its number and colour (square 1 at the lizard's head), the lizards in set-up order, and
every kind of card of the deck with how many there are.

>>> from rules.lezard_board import EXAMPLE, parse_lezard_data
>>> picture = board_picture(parse_lezard_data(EXAMPLE), "example", "en")
>>> picture.mode, picture.width
('RGB', 1000)
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from firmware.games.lezard.lizards import lizard_words
from firmware.games.lezard.table import POLISH_COLOURS
from firmware.messages.i18n import t, tn
from firmware.screens.fonts import Face, font
from measure.synth.paint import PAINTS
from rules.lezard_board import Card, LezardData

WIDTH = 1000
MARGIN = 24
ROW = 10
"""Squares a row, as ``kostka play`` groups them."""
SQUARE = (WIDTH - 2 * MARGIN) // ROW
CARD = (104, 140)
LIZARD_COLUMN = (WIDTH - 2 * MARGIN) // 4
INK = (20, 20, 20)
PAPER = (250, 250, 246)
WARN = (190, 30, 30)


def rgb(colour: str) -> tuple[int, int, int]:
    """A colour name as paint (the renderer's paints; an unknown name is grey, its name written on)."""
    blue, green, red = PAINTS.get(colour, (150.0, 150.0, 150.0))
    return round(red), round(green), round(blue)


def colour_word(colour: str, lang: str) -> str:
    return POLISH_COLOURS.get(colour, colour) if lang == "pl" else colour


def fitted(
    draw: ImageDraw.ImageDraw, text: str, width: float, sizes: tuple[int, ...] = (13, 12, 11, 10, 9)
) -> Any:
    """The largest plain font of ``sizes`` in which ``text`` fits ``width`` pixels."""
    for size in sizes:
        if draw.textlength(text, font=font(size, Face.SANS)) <= width:
            return font(size, Face.SANS)
    return font(sizes[-1], Face.SANS)


def _ink_on(colour: str) -> tuple[int, int, int]:
    red, green, blue = rgb(colour)
    return INK if 0.3 * red + 0.59 * green + 0.11 * blue > 140 else PAPER


def board_picture(data: LezardData, source: str, lang: str) -> Image.Image:
    """The picture of ``data`` (read from ``source``), its words in ``lang``."""
    rows = -(-len(data.board) // ROW)
    per_row = (WIDTH - 2 * MARGIN) // (CARD[0] + 12)
    deck_rows = -(-len(data.cards) // per_row)
    lizard_rows = -(-len(data.lizards) // 4)
    height = MARGIN * 2 + 90 + rows * SQUARE + 16 + 30 + lizard_rows * 30 + 46 + deck_rows * (CARD[1] + 40)
    image = Image.new("RGB", (WIDTH, height), PAPER)
    draw = ImageDraw.Draw(image)
    y = MARGIN
    draw.text((MARGIN, y), t("board.title", lang, source=source), font=font(24), fill=INK)
    y += 34
    note = "board.guess" if data.guess else "board.not_guess"
    draw.text((MARGIN, y), t(note, lang), font=font(16), fill=WARN if data.guess else INK)
    y += 26
    squares = tn("board.n_squares", len(data.board), lang)
    draw.text((MARGIN, y), t("board.squares", lang, squares=squares), font=font(16, Face.SANS), fill=INK)
    y += 30
    for index, colour in enumerate(data.board):
        x0 = MARGIN + (index % ROW) * SQUARE
        y0 = y + (index // ROW) * SQUARE
        draw.rectangle(
            (x0 + 2, y0 + 2, x0 + SQUARE - 3, y0 + SQUARE - 3), fill=rgb(colour), outline=INK, width=2
        )
        ink = _ink_on(colour)
        draw.text((x0 + 8, y0 + 6), str(index + 1), font=font(26), fill=ink)
        word = colour_word(colour, lang)
        draw.text((x0 + 7, y0 + SQUARE - 24), word, font=fitted(draw, word, SQUARE - 14), fill=ink)
    y += rows * SQUARE + 16
    draw.text((MARGIN, y), t("board.lizards", lang), font=font(18), fill=INK)
    y += 30
    for index, colour in enumerate(data.lizards):
        x = MARGIN + (index % 4) * LIZARD_COLUMN
        top = y + (index // 4) * 30
        draw.ellipse((x, top, x + 20, top + 20), fill=rgb(colour), outline=INK, width=2)
        words = lizard_words(colour, lang)
        draw.text((x + 26, top), words, font=fitted(draw, words, LIZARD_COLUMN - 34, (16, 14, 12)), fill=INK)
    y += lizard_rows * 30 + 6
    deck = t("board.deck", lang, cards=tn("board.n_cards", sum(data.counts), lang),
             dominoes=tn("lezard.dominoes", data.dominoes, lang))  # fmt: skip
    draw.text((MARGIN, y), deck, font=font(18), fill=INK)
    y += 40
    for index, (card, count) in enumerate(zip(data.cards, data.counts, strict=True)):
        x0 = MARGIN + (index % per_row) * (CARD[0] + 12)
        y0 = y + (index // per_row) * (CARD[1] + 40)
        _card(draw, x0, y0, card, lang)
        draw.text((x0 + CARD[0] // 2 - 16, y0 + CARD[1] + 6), f"× {count}", font=font(18), fill=INK)
    return image


def _card(draw: ImageDraw.ImageDraw, x: int, y: int, card: Card, lang: str) -> None:
    """One card: its one or two squares, each with its colour's name, or its lizard."""
    w, h = CARD
    draw.rounded_rectangle((x, y, x + w, y + h), radius=8, fill=(255, 255, 255), outline=INK, width=2)
    if card.lizard is not None:
        draw.ellipse((x + 22, y + 16, x + w - 22, y + 76), fill=rgb(card.lizard), outline=INK, width=2)
        for n, word in enumerate(lizard_words(card.lizard, lang).split(" ", 1)):
            draw.text((x + 8, y + 90 + n * 18), word, font=fitted(draw, word, w - 16), fill=INK)
        return
    side = 38
    for n, colour in enumerate(card.squares):
        top = y + 10 + n * (side + 28) if len(card.squares) == 2 else y + 36
        box = (x + (w - side) // 2, top, x + (w + side) // 2, top + side)
        draw.rectangle(box, fill=rgb(colour), outline=INK, width=2)
        word = colour_word(colour, lang)
        width = draw.textlength(word, font=fitted(draw, word, w - 12))
        draw.text((x + (w - width) / 2, top + side + 4), word, font=fitted(draw, word, w - 12), fill=INK)
