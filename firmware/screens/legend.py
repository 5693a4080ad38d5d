"""The colour dice's legend sheet: every Nogi Stonogi face as the OLED draws it, with its names.

One PNG for people to review and keep (``docs/colour-dice-legend.png``): at the top the box's own
legend screen in Polish and in English; below, one row per face with the die drawn at the sizes the
screens use (set aside on the roll screen, a roll read, the teach screen) and its name and short
name in both languages. Drawn in 1 bit and scaled up with square pixels, so what is seen is what the
OLED shows.

    .venv/bin/python -m firmware.screens.legend [OUT.png]
"""

from __future__ import annotations

import sys
from pathlib import Path

from PIL import Image, ImageDraw

from firmware.games.guide import colour_name, short_names
from firmware.games.stonoga.colours import COLOURS
from firmware.games.stonoga.guide import legend_view
from firmware.screens.drawing import HEIGHT, OFF, ON, WIDTH, draw_colour_die, draw_text
from firmware.screens.render import render_legend

SHEET = Path(__file__).resolve().parents[2] / "docs" / "colour-dice-legend.png"
"""Where the reviewed sheet is kept in the repository."""
DIE_SIZES = (20, 24, 35)
"""Die sizes drawn for each face: three dice set aside on the roll screen, four dice of a roll read,
the teach screen's die."""
LANGUAGES = ("pl", "en")
SCALE = 3


def legend_sheet(scale: int = SCALE) -> Image.Image:
    """The sheet, ``scale`` times the OLED's pixels."""
    gap = 6
    row = max(DIE_SIZES) + gap
    width = max(len(LANGUAGES) * (WIDTH + gap) + gap, 2 * WIDTH + 3 * gap)
    height = gap + HEIGHT + 2 * gap + len(COLOURS) * row
    sheet = Image.new("1", (width, height), OFF)
    draw = ImageDraw.Draw(sheet)
    for i, lang in enumerate(LANGUAGES):
        left = gap + i * (WIDTH + gap)
        draw.rectangle((left - 1, gap - 1, left + WIDTH, gap + HEIGHT), outline=ON)
        screen = Image.new("1", (WIDTH, HEIGHT), OFF)
        render_legend(ImageDraw.Draw(screen), WIDTH, HEIGHT, legend_view(lang))
        sheet.paste(screen, (left, gap))
    top = gap + HEIGHT + 2 * gap
    for face in COLOURS:
        x = gap
        for size in DIE_SIZES:
            draw_colour_die(draw, (x, top + (row - gap - size) // 2), size, face)
            x += size + gap
        names = [_names(face, lang) for lang in LANGUAGES]
        half = (row - gap) // 2
        for n, name in enumerate(names):
            draw_text(draw, (x, top + n * half, width - gap, top + (n + 1) * half), name, sizes=(12, 10),
                      max_lines=1, align="left")
        top += row
    return sheet.resize((width * scale, height * scale), Image.Resampling.NEAREST)


def _names(face: str, lang: str) -> str:
    """A face's name, and the short name under dice where it is another: "czerwony (czerw)"."""
    name, short = colour_name(face, lang), short_names((face,), lang)[0]
    return name if short == name else f"{name} ({short})"


if __name__ == "__main__":
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else SHEET
    legend_sheet().save(out)
    print(out)
