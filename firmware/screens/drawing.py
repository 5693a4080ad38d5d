"""Small drawing helpers for Kostka's 128x64 1-bit screen: text that fits, dice, bars, menus.

Everything draws with white (255) on black (0) into a mode "1" image through ``ImageDraw``, with the
shipped DejaVu fonts (``firmware.screens.fonts``), and uses only APIs present in Pillow 9.4 (Raspberry Pi
OS Bookworm): ``font.getbbox`` / ``getlength`` and text anchors, never ``getsize``.

A box is ``(left, top, right, bottom)`` with right and bottom excluded, so ``(0, 0, 128, 64)`` is
the whole screen. Lines of text are as tall as the ink of "ŻĄjg" in their font: Polish accents
above capitals and tails below the line never touch the next line or get cut.

>>> img = new_screen()
>>> fitted = draw_text(ImageDraw.Draw(img), (0, 0, 128, 64), "Rzucaj!")
>>> fitted.font.size, fitted.lines
(28, ('Rzucaj!',))
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw, ImageFont

from firmware.games.stonoga.colours import COLOURS
from firmware.screens.fonts import Face, font

WIDTH, HEIGHT = 128, 64
ON, OFF = 255, 0  # 255, not 1: a mode "1" pixel drawn with 1 stores 1, a decoded PNG stores 255
Box = tuple[int, int, int, int]
SCREEN: Box = (0, 0, WIDTH, HEIGHT)
# Sizes tried from big to small; 10 px bold is the smallest legible from half a metre on 0.96".
SIZES: tuple[int, ...] = (40, 32, 28, 24, 20, 16, 14, 12, 10)
MIN_DIE = 12  # pixels: below this, pips merge
_TALLEST = "ŻĄŚjgy"


def new_screen(width: int = WIDTH, height: int = HEIGHT) -> Image.Image:
    """A black 1-bit screen image."""
    return Image.new("1", (width, height), OFF)


@functools.lru_cache(maxsize=128)
def line_metrics(f: ImageFont.FreeTypeFont) -> tuple[int, int]:
    """``(top, height)``: where the highest ink sits below the ascender line and how tall a line is.

    >>> line_metrics(font(12))
    (0, 15)
    """
    _, top, _, bottom = f.getbbox(_TALLEST, mode="1", anchor="la")
    return int(top), int(bottom - top)


def text_width(text: str, f: ImageFont.FreeTypeFont) -> int:
    """Pixels of ink from the pen position to the right edge of ``text``."""
    if not text:
        return 0
    left, _, right, _ = f.getbbox(text, mode="1", anchor="la")
    return int(right - min(left, 0))


def wrap(text: str, f: ImageFont.FreeTypeFont, max_width: int) -> list[str]:
    """Greedy word wrap to ``max_width`` pixels; a word too long for a line is split between letters.

    >>> wrap("Wpisz kostki ręcznie", font(12), 90)
    ['Wpisz kostki', 'ręcznie']
    """
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            candidate = f"{line} {word}" if line else word
            if text_width(candidate, f) <= max_width:
                line = candidate
                continue
            if line:
                lines.append(line)
            while len(word) > 1 and text_width(word, f) > max_width:
                cut = 1
                while cut < len(word) - 1 and text_width(word[: cut + 1], f) <= max_width:
                    cut += 1
                lines.append(word[:cut])
                word = word[cut:]
            line = word
        lines.append(line)
    return lines


def ellipsize(text: str, f: ImageFont.FreeTypeFont, max_width: int) -> str:
    """``text`` cut with "…" so that it fits ``max_width`` pixels.

    >>> ellipsize("Pstryczek Królewski", font(16), 80)
    'Pstryc…'
    """
    if text_width(text, f) <= max_width:
        return text
    while text and text_width(text + "…", f) > max_width:
        text = text[:-1]
    return text.rstrip() + "…"


@dataclass(frozen=True, slots=True)
class FittedText:
    """Text laid out for a box: the font chosen, the lines, and the pixel height of one line."""

    font: ImageFont.FreeTypeFont
    lines: tuple[str, ...]
    line_height: int

    @property
    def height(self) -> int:
        return self.line_height * len(self.lines)


def fit_text(
    text: str,
    width: int,
    height: int,
    *,
    face: Face = Face.BOLD,
    sizes: Sequence[int] = SIZES,
    max_lines: int | None = None,
) -> FittedText:
    """The biggest size in ``sizes`` at which ``text``, wrapped, fits ``width`` x ``height`` pixels.

    If none fits, the smallest size is used and lines that do not fit are dropped, the last one
    kept ending in "…": a screen never draws outside its box.

    >>> fitted = fit_text("Kamera nie działa", 128, 64)
    >>> fitted.font.size, fitted.lines
    (20, ('Kamera', 'nie działa'))
    """
    for size in sizes:
        f = font(size, face)
        lines = wrap(text, f, width)
        _, line_height = line_metrics(f)
        if len(lines) * line_height <= height and (max_lines is None or len(lines) <= max_lines):
            return FittedText(f, tuple(lines), line_height)
    f = font(min(sizes), face)
    _, line_height = line_metrics(f)
    room = max(1, height // line_height)
    if max_lines is not None:
        room = min(room, max_lines)
    lines = wrap(text, f, width)
    if len(lines) > room:
        lines = [*lines[: room - 1], ellipsize(" ".join(lines[room - 1 :]), f, width)]
    return FittedText(f, tuple(lines), line_height)


def draw_lines(
    draw: ImageDraw.ImageDraw,
    box: Box,
    fitted: FittedText,
    *,
    align: str = "center",
    valign: str = "middle",
    fill: int = ON,
) -> None:
    """Draw laid-out lines in ``box``; ``align`` left/center/right, ``valign`` top/middle/bottom."""
    left, top, right, bottom = box
    top_ink, line_height = line_metrics(fitted.font)
    if valign == "top":
        y = top
    elif valign == "bottom":
        y = bottom - fitted.height
    else:
        y = top + (bottom - top - fitted.height) // 2
    for line in fitted.lines:
        w = text_width(line, fitted.font)
        if align == "left":
            x = left
        elif align == "right":
            x = right - w
        else:
            x = left + (right - left - w) // 2
        draw.text((x, y - top_ink), line, font=fitted.font, fill=fill, anchor="la")
        y += line_height


def draw_text(
    draw: ImageDraw.ImageDraw,
    box: Box,
    text: str,
    *,
    face: Face = Face.BOLD,
    sizes: Sequence[int] = SIZES,
    max_lines: int | None = None,
    align: str = "center",
    valign: str = "middle",
    fill: int = ON,
) -> FittedText:
    """Fit ``text`` into ``box`` as big as it goes (see ``fit_text``) and draw it; returns the layout."""
    left, top, right, bottom = box
    fitted = fit_text(text, right - left, bottom - top, face=face, sizes=sizes, max_lines=max_lines)
    draw_lines(draw, box, fitted, align=align, valign=valign, fill=fill)
    return fitted


# Pip centres on a 3x3 grid (column, row), the usual arrangement of a six-sided die.
PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
}


def _die_body(draw: ImageDraw.ImageDraw, xy: tuple[int, int], size: int, filled: bool) -> None:
    x, y = xy
    radius = max(1, size // 6)
    draw.rounded_rectangle((x, y, x + size - 1, y + size - 1), radius=radius,
                           fill=ON if filled else OFF, outline=ON)


def draw_die(
    draw: ImageDraw.ImageDraw, xy: tuple[int, int], size: int, value: int | None, *, filled: bool = True
) -> None:
    """A die face with ``value`` pips (1-6), ``size`` pixels square, top-left at ``xy``.

    ``filled``: a white die with black pips (the default, clearest on an OLED); otherwise a white
    outline with white pips. ``value`` None draws a "?" (a die that could not be read).
    """
    if size < MIN_DIE:
        raise ValueError(f"a die of {size} px is too small to show its pips: use {MIN_DIE} px or more")
    if value is not None and value not in PIPS:
        raise ValueError(f"a die shows 1-6 pips, not {value}")
    _die_body(draw, xy, size, filled)
    ink = OFF if filled else ON
    x, y = xy
    if value is None:
        inner = max(1, size // 8)
        draw_text(draw, (x + inner, y + inner, x + size - inner, y + size - inner), "?",
                  sizes=[s for s in SIZES if s <= size], fill=ink)
        return
    margin = max(2, round(size * 0.14))
    inner = size - 2 * margin
    pip = max(2, round(size * 0.18))  # pip diameter
    while 3 * pip + 2 > inner:  # three pips and two gaps of at least a pixel across
        pip -= 1
    for col, row in PIPS[value]:
        px = x + margin + round(col * (inner - pip) / 2)
        py = y + margin + round(row * (inner - pip) / 2)
        if pip <= 3:
            draw.rectangle((px, py, px + pip - 1, py + pip - 1), fill=ink)
        else:
            draw.ellipse((px, py, px + pip - 1, py + pip - 1), fill=ink)


def die_face(value: int | None, size: int, *, filled: bool = True) -> Image.Image:
    """``draw_die`` on its own ``size`` x ``size`` image."""
    img = Image.new("1", (size, size), OFF)
    draw_die(ImageDraw.Draw(img), (0, 0), size, value, filled=filled)
    return img


def star_points(cx: float, cy: float, radius: float, inner: float = 0.45) -> list[tuple[float, float]]:
    """The ten corners of a five-pointed star, first point up."""
    points = []
    for i in range(10):
        r = radius if i % 2 == 0 else radius * inner
        angle = -math.pi / 2 + i * math.pi / 5
        points.append((cx + r * math.cos(angle), cy + r * math.sin(angle)))
    return points


PATTERNS: dict[str, str] = {
    "yellow": "solid",
    "red": "diagonal stripes",
    "green": "checks",
    "blue": "level stripes",
    "black": "hollow",
}
"""How each colour fills its die on the 1-bit screen: the brightest colour lit whole, the darkest left
dark, the others in coarse patterns (stripes two or three pixels wide, checks of three or four) whose
every pair differs in a fifth of the die or more from 12 to 40 px, and in over a tenth with one of
them moved by a pixel (tests/test_drawing.py); the star joker is a star. ``firmware.screens.legend``
draws them with their names."""


def _lit(colour: str, u: int, v: int, cell: int) -> bool:
    """Whether the pixel ``(u, v)`` of a die's inside is lit for ``colour`` (``cell``: the pattern's
    stripe or check width in pixels)."""
    kind = PATTERNS[colour]
    if kind == "solid":
        return True
    if kind == "diagonal stripes":
        return (u + v) % (2 * cell) < cell
    if kind == "level stripes":
        return v % (2 * cell) < cell
    if kind == "checks":
        return (u // (cell + 1) + v // (cell + 1)) % 2 == 0
    return False  # hollow


def _pattern(draw: ImageDraw.ImageDraw, box: Box, colour: str, cell: int) -> None:
    left, top, right, bottom = box
    for yy in range(top, bottom):
        for xx in range(left, right):
            if _lit(colour, xx - left, yy - top, cell):
                draw.point((xx, yy), fill=ON)


def draw_colour_die(draw: ImageDraw.ImageDraw, xy: tuple[int, int], size: int, colour: str) -> None:
    """A Nogi Stonogi die face, ``size`` pixels square at ``xy``: a colour as its pattern
    (``PATTERNS``) inside a rounded outline, or the star joker as a solid star.

    A dark ring of a pixel or two keeps the outline apart from the pattern, so a solid die and a
    hollow one both read as dice.
    """
    if colour not in COLOURS:
        raise ValueError(f"Nogi Stonogi dice show {', '.join(COLOURS)}, not {colour!r}")
    if size < MIN_DIE:
        raise ValueError(f"a die of {size} px is too small: use {MIN_DIE} px or more")
    x, y = xy
    _die_body(draw, xy, size, filled=False)
    if colour == "star":
        c = (size - 1) / 2
        draw.polygon(star_points(x + c, y + c + size * 0.03, size * 0.42), fill=ON)
        return
    inset = 2 if size < 20 else 3
    cell = 2 if size < 28 else 3
    _pattern(draw, (x + inset, y + inset, x + size - inset, y + size - inset), colour, cell)


def colour_die_face(colour: str, size: int) -> Image.Image:
    """``draw_colour_die`` on its own ``size`` x ``size`` image."""
    img = Image.new("1", (size, size), OFF)
    draw_colour_die(ImageDraw.Draw(img), (0, 0), size, colour)
    return img


CAPTION_FONTS: tuple[tuple[int, Face], ...] = (
    (10, Face.BOLD), (10, Face.SANS), (9, Face.BOLD), (9, Face.SANS),
)
"""Fonts tried, in order, for the names written under colour dice: 10 px bold where a column allows."""


def caption_height() -> int:
    """The height of the line of names under a row of colour dice."""
    return line_metrics(font(*CAPTION_FONTS[0]))[1]


def dice_size(count: int, box: Box, *, gap: int = 4, largest: int = 40) -> int:
    """The biggest square die that lets ``count`` dice stand in a row in ``box``.

    >>> dice_size(4, (0, 0, 128, 40)), dice_size(2, (0, 0, 128, 40))
    (29, 40)
    """
    left, top, right, bottom = box
    across = (right - left - gap * (count - 1)) // max(1, count)
    return max(0, min(largest, across, bottom - top))


def draw_dice_row(
    draw: ImageDraw.ImageDraw,
    box: Box,
    faces: Sequence[int | str | None],
    *,
    selected: int | None = None,
    names: Sequence[str] | None = None,
    gap: int = 4,
) -> int:
    """Dice side by side, centred in ``box``: an int is a pip die, a str a colour die, None "?".

    ``names`` (colour dice's short names) are written under the dice: each die then stands in the
    middle of a column of its own, as wide as the box allows, with its name under it. ``selected``
    (an index) is marked for correcting one die at a time: its name in black on a white bar, or,
    without names, a bar under the die. Returns the die size used.
    """
    left, top, right, bottom = box
    under = caption_height() + 1 if names else 4 if selected is not None else 0
    size = dice_size(len(faces), (left, top, right, bottom - under), gap=gap)
    if size < MIN_DIE:
        raise ValueError(f"{len(faces)} dice do not fit in a box of {right - left}x{bottom - top} px")
    column = (right - left) // max(1, len(faces))
    total = len(faces) * size + gap * (len(faces) - 1)
    y = top + (bottom - under - top - size) // 2
    for i, face in enumerate(faces):
        if names:
            cell_left = left + (right - left - column * len(faces)) // 2 + i * column
            x = cell_left + (column - size) // 2
        else:
            x = left + (right - left - total) // 2 + i * (size + gap)
        if isinstance(face, str):
            draw_colour_die(draw, (x, y), size, face)
        else:
            draw_die(draw, (x, y), size, face)
        if names:
            cell: Box = (cell_left, y + size + 1, cell_left + column, y + size + 1 + caption_height())
            caption(draw, cell, names[i] if i < len(names) else "", f=caption_font(names, column),
                    selected=i == selected)
        elif i == selected:
            draw.rectangle((x, y + size + 1, x + size - 1, y + size + 2), fill=ON)
    return size


def caption_font(names: Sequence[str], width: int) -> ImageFont.FreeTypeFont:
    """The first of ``CAPTION_FONTS`` in which every name fits ``width`` with a pixel to spare at
    each side (the smallest when none does): one font for a whole row of names."""
    for size, face in CAPTION_FONTS:
        f = font(size, face)
        if all(text_width(name, f) <= width - 2 for name in names):
            return f
    return f


def caption(
    draw: ImageDraw.ImageDraw, cell: Box, text: str, *, f: ImageFont.FreeTypeFont, selected: bool = False
) -> None:
    """``text`` centred in ``cell`` in the font ``f`` (cut with "…" if it is too wide), black on a
    white bar when ``selected``."""
    left, top, right, bottom = cell
    if selected:
        draw.rectangle((left + 1, top, right - 2, bottom - 1), fill=ON)
    if text:
        text = ellipsize(text, f, right - left - 2)
        draw_lines(draw, (left + 1, top, right - 1, bottom), FittedText(f, (text,), line_metrics(f)[1]),
                   fill=OFF if selected else ON)


def draw_progress(draw: ImageDraw.ImageDraw, box: Box, fraction: float) -> None:
    """A bar: an outline filled from the left by ``fraction`` (clamped to 0-1)."""
    left, top, right, bottom = box
    fraction = min(1.0, max(0.0, fraction))
    draw.rectangle((left, top, right - 1, bottom - 1), outline=ON, fill=OFF)
    inner = right - left - 4
    filled = round(inner * fraction)
    if filled > 0 and bottom - top > 4:
        draw.rectangle((left + 2, top + 2, left + 1 + filled, bottom - 3), fill=ON)


def draw_row(
    draw: ImageDraw.ImageDraw,
    box: Box,
    text: str,
    f: ImageFont.FreeTypeFont,
    *,
    selected: bool = False,
    right_text: str | None = None,
) -> None:
    """One menu row: white text, or black text on a white bar when ``selected``.

    ``right_text`` (a figure, a mark) is drawn flush right; the left text is cut with "…" to fit.
    """
    left, top, right, bottom = box
    ink = OFF if selected else ON
    if selected:
        draw.rectangle((left, top, right - 1, bottom - 1), fill=ON)
    top_ink, line_height = line_metrics(f)
    y = top + (bottom - top - line_height) // 2 - top_ink
    room = right - left - 4
    if right_text:
        rw = text_width(right_text, f)
        draw.text((right - 2 - rw, y), right_text, font=f, fill=ink, anchor="la")
        room -= rw + 4
    draw.text((left + 2, y), ellipsize(text, f, room), font=f, fill=ink, anchor="la")


def draw_menu(
    draw: ImageDraw.ImageDraw,
    box: Box,
    items: Sequence[str],
    selected: int,
    *,
    size: int = 16,
    face: Face = Face.BOLD,
    right_texts: Sequence[str | None] | None = None,
) -> range:
    """A list of rows with the ``selected`` one inverted, scrolled so that it is in view.

    16 px rows (three on the screen) read from half a metre; 12 px fits four but is small.

    A column of two pixels at the right shows where the view is in a longer list. Returns the
    indexes of the rows drawn.
    """
    if not items:
        return range(0)
    if not 0 <= selected < len(items):
        raise ValueError(f"selected row {selected} is not among {len(items)} rows")
    left, top, right, bottom = box
    f = font(size, face)
    _, line_height = line_metrics(f)
    row_height = line_height + 1
    rows = max(1, (bottom - top) // row_height)
    first = min(max(0, selected - rows // 2), max(0, len(items) - rows))
    shown = range(first, min(len(items), first + rows))
    scroll = len(items) > rows
    inner_right = right - 3 if scroll else right
    offset = (bottom - top - rows * row_height) // 2  # centre the rows; the spare pixels split
    for n, i in enumerate(shown):
        row_top = top + offset + n * row_height
        extra = right_texts[i] if right_texts is not None else None
        draw_row(draw, (left, row_top, inner_right, row_top + row_height), items[i], f,
                 selected=i == selected, right_text=extra)
    if scroll:
        height = bottom - top
        thumb = max(3, height * rows // len(items))
        thumb_top = top + (height - thumb) * first // (len(items) - rows)
        draw.rectangle((right - 2, thumb_top, right - 1, thumb_top + thumb - 1), fill=ON)
    return shown


def sample_sheet(lang: str = "pl", scale: int = 4) -> Image.Image:
    """Every helper on a few 128x64 panels, scaled up and tiled, for a person to look at."""
    from firmware.messages.i18n import t

    panels: list[Image.Image] = []

    def panel() -> tuple[Image.Image, ImageDraw.ImageDraw]:
        img = new_screen()
        panels.append(img)
        return img, ImageDraw.Draw(img)

    _, d = panel()
    draw_text(d, SCREEN, t("roll.now", lang))
    _, d = panel()
    draw_text(d, (0, 0, 128, 16), t("read.as", lang), sizes=(14, 12))
    draw_dice_row(d, (0, 18, 128, 64), [3, 5, 1, 6])
    _, d = panel()
    draw_dice_row(d, (0, 0, 128, 44), [6, 2])
    draw_text(d, (0, 44, 128, 64), t("shut.total", lang, n=8), sizes=(16, 14, 12))
    _, d = panel()
    colours = ["red", "red", "yellow", "star"]
    draw_dice_row(d, (0, 0, 128, 46), colours, names=[t(f"colour.{c}.short", lang) for c in colours])
    draw_text(d, (0, 46, 128, 64), t("stonoga.take", lang, colour=t("colour.red", lang), n=3), sizes=(14, 12))
    _, d = panel()
    draw_dice_row(d, (0, 2, 128, 30), list(COLOURS))
    three = list(COLOURS[:3])
    draw_dice_row(d, (0, 34, 128, 64), three, names=[t(f"colour.{c}.short", lang) for c in three])
    _, d = panel()
    items = [t(k, lang) for k in ("menu.game", "menu.players", "menu.undo", "menu.restart", "menu.language")]
    draw_menu(d, SCREEN, items, 2, size=12)
    _, d = panel()
    draw_text(d, (0, 0, 128, 40), t("reading", lang))
    draw_progress(d, (8, 44, 120, 58), 0.6)
    _, d = panel()
    draw_text(d, (0, 0, 128, 26), t("camera.lost", lang), sizes=(16, 14, 12))
    draw_text(d, (0, 28, 128, 64), t("camera.by_hand", lang), sizes=(14, 12, 10))
    _, d = panel()
    draw_dice_row(d, (0, 0, 128, 44), [4, None, 2, 2], selected=1)
    draw_text(d, (0, 48, 128, 64), t("correct.hint", lang), sizes=(12, 10))
    _, d = panel()
    choices = [
        t("stonoga.take", lang, colour=t(f"colour.{c}", lang), n=n) for c, n in (("red", 3), ("yellow", 2))
    ]
    draw_menu(d, SCREEN, [*choices, t("stonoga.reroll", lang)], 0, size=12, right_texts=["62%", "48%", "55%"])
    _, d = panel()
    draw_text(d, SCREEN, "Zażółć gęślą jaźń ĄĆĘŁŃÓŚŹŻ")
    _, d = panel()
    draw_text(d, (0, 0, 128, 30), t("winner.title", lang))
    draw_text(d, (0, 32, 128, 64), t("winner.name", lang, name="Oliwier"), sizes=(16, 14, 12))

    columns = 3
    gap = 2 * scale
    rows = (len(panels) + columns - 1) // columns
    sheet = Image.new("L", (columns * (WIDTH * scale + gap) + gap, rows * (HEIGHT * scale + gap) + gap), 96)
    for i, img in enumerate(panels):
        big = img.resize((WIDTH * scale, HEIGHT * scale), Image.Resampling.NEAREST).convert("L")
        column, row = i % columns, i // columns
        sheet.paste(big, (gap + column * (WIDTH * scale + gap), gap + row * (HEIGHT * scale + gap)))
    return sheet


if __name__ == "__main__":  # python -m firmware.screens.drawing [OUT.png [LANG]]
    import sys

    out = sys.argv[1] if len(sys.argv) > 1 else "/tmp/kostka-drawing-sample.png"
    sample_sheet(sys.argv[2] if len(sys.argv) > 2 else "pl").save(out)
    print(out)
