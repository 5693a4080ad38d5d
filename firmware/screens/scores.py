"""Scores at a glance and the winner: rows of players, Nogi Stonogi's centipedes drawn as bodies.

>>> from PIL import Image, ImageDraw
>>> from firmware.views import ScoreRow, ScoresView
>>> img = Image.new("1", (128, 64))
>>> rows = (ScoreRow("Ala", "1", "12", leader=True), ScoreRow("Ola", "2", "20"))
>>> render_scores(ImageDraw.Draw(img), 128, 64, ScoresView("Wyniki", rows, "Teraz: Ala"))
>>> img.getbbox() is not None
True
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import ImageDraw, ImageFont

from firmware.screens.drawing import OFF, ON, Box, draw_text, ellipsize, line_metrics, text_width
from firmware.screens.fonts import font
from firmware.views import ScoreRow, ScoresView, WinnerView

SIZES = (20, 16, 14, 12, 10)
MARK = "★"
"""Before the name of the player in the lead."""


def _size_for(height: int) -> int:
    """The biggest text size whose line fits ``height`` pixels (10 at the least)."""
    return next((s for s in SIZES if line_metrics(font(s))[1] <= height), 10)


def _centred(draw: ImageDraw.ImageDraw, box: Box, text: str, f: ImageFont.FreeTypeFont, fill: int) -> None:
    left, top, right, bottom = box
    ink_left, ink_top, ink_right, ink_bottom = f.getbbox(text, mode="1", anchor="la")
    x = left + (right - left - int(ink_right - ink_left)) // 2 - int(ink_left)
    y = top + (bottom - top - int(ink_bottom - ink_top)) // 2 - int(ink_top)
    draw.text((x, y), text, font=f, fill=fill, anchor="la")


def _digit_font(height: int) -> ImageFont.FreeTypeFont:
    """The biggest bold font whose digits' ink fits ``height`` pixels."""
    for size in (20, 18, 16, 14, 12, 11, 10, 9, 8):
        f = font(size)
        _, top, _, bottom = f.getbbox("0123456789", mode="1", anchor="la")
        if bottom - top <= height:
            return f
    return font(8)


def draw_centipede(draw: ImageDraw.ImageDraw, box: Box, tiles: Sequence[tuple[str, int]]) -> int:
    """A centipede from head to tail: a round head, then one tile per boot tile showing its boots.

    Returns how many tiles it drew (the rest, if any, is shown as "…").
    """
    left, top, right, bottom = box
    height = bottom - top
    f = _digit_font(height - 4)
    tile_w = max(text_width("4", f) + 5, height * 2 // 3)
    head = height - 2
    draw.ellipse((left, top + 1, left + head - 1, top + head), fill=ON)
    draw.point((left + head // 2 + 1, top + head // 3 + 1), fill=OFF)  # an eye
    x = left + head + 1
    room = max(0, (right - x) // (tile_w + 1))
    shown = list(tiles)[: room if len(tiles) <= room else max(0, room - 1)]
    for _, boots in shown:
        draw.rounded_rectangle((x, top, x + tile_w - 1, bottom - 1), radius=2, fill=ON)
        _centred(draw, (x, top, x + tile_w, bottom), str(boots), f, OFF)
        x += tile_w + 1
    if len(shown) < len(tiles):
        _centred(draw, (x, top, x + tile_w, bottom), "…", f, ON)
    return len(shown)


def _row(draw: ImageDraw.ImageDraw, box: Box, row: ScoreRow, centipede: bool, short: bool) -> None:
    left, top, right, bottom = box
    f = font(_size_for(bottom - top))
    ink_top, line_height = line_metrics(f)
    y = top + (bottom - top - line_height) // 2 - ink_top
    value_w = text_width(row.value, f)
    draw.text((right - 1 - value_w, y), row.value, font=f, fill=ON, anchor="la")
    name = row.tag if short or centipede else row.name
    name = (MARK if row.leader else "") + name
    draw.text((left + 1, y), name, font=f, fill=ON, anchor="la")
    if centipede:
        x = left + 3 + text_width(name, f) + 3
        draw_centipede(draw, (x, top + 1, right - value_w - 4, bottom - 1), row.tiles)


def draw_rows(
    draw: ImageDraw.ImageDraw, box: Box, rows: Sequence[ScoreRow], centipedes: bool = False
) -> None:
    """Players' rows in one column (up to 4) or two (5-6, with seat numbers instead of names)."""
    left, top, right, bottom = box
    if not rows:
        return
    columns = 1 if len(rows) <= 4 or centipedes else 2
    per_column = -(-len(rows) // columns)
    row_height = min(20, (bottom - top) // per_column)
    used = row_height * per_column
    y0 = top + (bottom - top - used) // 2
    column_width = (right - left) // columns
    for i, row in enumerate(rows):
        column, line = divmod(i, per_column)
        x = left + column * column_width
        y = y0 + line * row_height
        short = columns > 1 or row_height < 12
        right_edge = x + column_width - (4 if columns > 1 else 0)
        _row(draw, (x, y, right_edge, y + row_height - 1), row, centipedes, short)


def render_scores(draw: ImageDraw.ImageDraw, width: int, height: int, view: ScoresView) -> None:
    """A title, every player's figure (the leader marked), and a footer: whose turn is next."""
    title_bottom = 0 if view.centipedes else 12 * height // 64  # centipedes need the room
    if title_bottom:
        draw_text(draw, (0, 0, width, title_bottom), view.title, sizes=(12, 10), max_lines=1)
        draw.line((0, title_bottom, width - 1, title_bottom), fill=ON)
    footer_top = height - (12 * height // 64 if view.footer else 0)
    if view.footer:
        draw_text(draw, (0, footer_top, width, height), view.footer, sizes=(12, 10), max_lines=1)
    rows_top = title_bottom + 2 if title_bottom else 0
    draw_rows(draw, (0, rows_top, width, footer_top - 1), view.rows, view.centipedes)


ONE_COLUMN = 3
"""The winner screen's players in one column, up to this many (else two columns, and no room for
the line of best moves)."""


def render_winner(draw: ImageDraw.ImageDraw, width: int, height: int, view: WinnerView) -> None:
    """Who won (one name) or the tie on top, everyone's final figure below (the winners starred; up
    to six players in two columns, long names cut), the winner's best moves in one small line (one
    column only), and what next at the foot: the option OK takes, inverted between the arrows."""
    leaders = sum(row.leader for row in view.rows)
    headline = view.line if leaders == 1 and view.line else view.title
    draw_text(draw, (0, 0, width, 14 * height // 64), headline, sizes=(14, 12, 10), max_lines=1)
    foot_top = height - 12 * height // 64 if view.options else height
    rows_bottom = foot_top - 1
    if view.best and len(view.rows) <= ONE_COLUMN:  # the winner's best moves, small, above the foot
        line_top = foot_top - 11 * height // 64
        draw_text(draw, (0, line_top, width, foot_top - 1), view.best, sizes=(10,), max_lines=1)
        rows_bottom = line_top - 1
    draw_final_rows(draw, (0, 15 * height // 64, width, rows_bottom), view.rows)
    if view.options:
        draw.rectangle((0, foot_top, width - 1, height - 1), fill=ON)
        option = f"◀ {view.options[view.cursor]} ▶"
        draw_text(draw, (0, foot_top, width, height), option, sizes=(10,), max_lines=1, fill=OFF)


def draw_final_rows(draw: ImageDraw.ImageDraw, box: Box, rows: Sequence[ScoreRow]) -> None:
    """Every player's name and figure: one column of up to three rows, else two columns (names
    cut with "…" to leave their figures room)."""
    left, top, right, bottom = box
    if not rows:
        return
    columns = 1 if len(rows) <= ONE_COLUMN else 2
    per_column = -(-len(rows) // columns)
    row_height = min(16, (bottom - top) // per_column)
    f = font(_size_for(row_height) if columns == 1 else 10)
    ink_top, line_height = line_metrics(f)
    column_width = (right - left) // columns
    y0 = top + (bottom - top - row_height * per_column) // 2
    for i, row in enumerate(rows):
        column, line = divmod(i, per_column)
        x = left + column * column_width
        y = y0 + line * row_height + (row_height - line_height) // 2 - ink_top
        end = x + column_width - (3 if columns > 1 and column == 0 else 0)
        value_w = text_width(row.value, f)
        draw.text((end - 1 - value_w, y), row.value, font=f, fill=ON, anchor="la")
        name = ellipsize((MARK if row.leader else "") + row.name, f, end - x - value_w - 5)
        draw.text((x + 1, y), name, font=f, fill=ON, anchor="la")
