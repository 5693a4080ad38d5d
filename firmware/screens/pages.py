"""The screens of the box's own flow: one choice picked with PREV/NEXT, a page of help, the three
buttons explained.

>>> from PIL import Image, ImageDraw
>>> from firmware.views import HelpView
>>> img = Image.new("1", (128, 64))
>>> render_help(ImageDraw.Draw(img), 128, 64, HelpView("Pomoc", "◀ ▶ przesuwają, OK wybiera.", 0, 4))
>>> img.getbbox() is not None
True
"""

from __future__ import annotations

from PIL import ImageDraw

from firmware.screens.drawing import OFF, ON, draw_text
from firmware.views import ButtonsView, HelpView, PickView

HELP_SIZE = 10
"""Help is read up close: the smallest legible size holds four lines of about 21 characters."""
HELP_LINES = 4
ARROWS = ("◀", "▶")


def render_pick(draw: ImageDraw.ImageDraw, width: int, height: int, view: PickView) -> None:
    """The title on top, the prompt in small letters, the choice big between arrows, the hint."""
    draw_text(draw, (0, 0, width, 13 * height // 64), view.title, sizes=(12, 10), max_lines=1)
    choice_top = 14 * height // 64
    if view.prompt:
        prompt_bottom = 38 * height // 64
        draw_text(draw, (0, choice_top - 1, width, prompt_bottom), view.prompt, sizes=(10,), max_lines=2)
        choice_top = prompt_bottom + 1
    hint_top = 52 * height // 64
    arrow = 10 * width // 128
    if view.count > 1:
        for text, left in ((ARROWS[0], 0), (ARROWS[1], width - arrow)):
            draw_text(draw, (left, choice_top, left + arrow, hint_top - 1), text, sizes=(10,), max_lines=1)
    draw_text(draw, (arrow, choice_top, width - arrow, hint_top - 1), view.choice, sizes=(20, 16, 14, 12, 10),
              max_lines=1)
    draw_text(draw, (0, hint_top, width, height), view.hint, sizes=(10,), max_lines=1)


def render_help(draw: ImageDraw.ImageDraw, width: int, height: int, view: HelpView) -> None:
    """Up to four lines of help, left-aligned from the top; the topic and page at the foot, inverted."""
    foot_top = height - 12 * height // 64
    draw_text(draw, (1, 0, width, foot_top - 1), view.text, sizes=(HELP_SIZE,), max_lines=HELP_LINES,
              align="left", valign="top")
    draw.rectangle((0, foot_top, width - 1, height - 1), fill=ON)
    foot = f"{view.title} {view.page + 1}/{view.pages} {ARROWS[0]} {ARROWS[1]}"
    draw_text(draw, (0, foot_top, width, height), foot, sizes=(10,), max_lines=1, fill=OFF)


def render_buttons(draw: ImageDraw.ImageDraw, width: int, height: int, view: ButtonsView) -> None:
    """The three buttons as keys side by side, what each does under it, then the menu and OK lines."""
    column = width // 3
    key_h = 18 * height // 64
    for n, (face, label) in enumerate(zip((ARROWS[0], "OK", ARROWS[1]), view.labels, strict=True)):
        left = n * column
        key = (left + 4, 0, left + column - 5, key_h)
        draw.rounded_rectangle(key, radius=4, fill=ON)
        draw_text(draw, (key[0], 1, key[2], key_h), face, sizes=(14, 12), max_lines=1, fill=OFF)
        draw_text(draw, (left, key_h + 1, left + column, 32 * height // 64), label, sizes=(10,), max_lines=1)
    draw.line((0, 34 * height // 64, width - 1, 34 * height // 64), fill=ON)
    draw_text(draw, (0, 36 * height // 64, width, 49 * height // 64), view.menu, sizes=(12, 10), max_lines=1)
    draw_text(draw, (0, 51 * height // 64, width, height), view.hint, sizes=(12, 10), max_lines=1)
