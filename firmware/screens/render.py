"""Every screen as ``render(draw, width, height, view)``: big bold text, few words, pictures.

A screen reads nothing but its view (``firmware.views``) and draws white on black with the
helpers of ``firmware.screens.drawing``. ``render`` picks the screen for the view's type. Layouts are
made for 128x64 and scale their boxes with ``width``/``height``.

>>> from PIL import Image, ImageDraw
>>> from firmware.views import MessageView
>>> img = Image.new("1", (128, 64))
>>> render(ImageDraw.Draw(img), 128, 64, MessageView("Rzucaj!"))
>>> img.getbbox() is not None
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PIL import Image, ImageDraw, ImageOps

from firmware.screens.drawing import (
    OFF,
    ON,
    Box,
    FittedText,
    draw_colour_die,
    draw_dice_row,
    draw_lines,
    draw_menu,
    draw_progress,
    draw_row,
    draw_text,
    ellipsize,
    fit_text,
    line_metrics,
    text_width,
)
from firmware.screens.fonts import font
from firmware.views import (
    ButtonsView,
    CardSeenView,
    CardView,
    CheckView,
    ConfirmView,
    DiceView,
    Flaps,
    HelpView,
    LegendView,
    ListView,
    MessageView,
    PickView,
    RollView,
    ScoresView,
    SnapshotView,
    TeachView,
    View,
    WinnerView,
)

HINT_SIZES = (12, 10)
TITLE_SIZES = (12, 10)
MARK = "✔"
"""Drawn before the rows the advisor calls best (not a star: Nogi Stonogi's dice have one)."""
CROSS = "✘"
"""Drawn before a camera check's measure that is not good (``MARK`` before a good one)."""


def _scale(box: Box, width: int, height: int) -> Box:
    """A 128x64 layout box on a screen of another size."""
    left, top, right, bottom = box
    return (left * width // 128, top * height // 64, right * width // 128, bottom * height // 64)


def _title_bar(draw: ImageDraw.ImageDraw, width: int, height: int, text: str) -> int:
    """A title on the top line, underlined; returns where the body may start."""
    bottom = 13 * height // 64
    draw_text(draw, (0, 0, width, bottom - 1), text, sizes=TITLE_SIZES, max_lines=1)
    draw.line((0, bottom, width - 1, bottom), fill=ON)
    return bottom + 2


def render_message(draw: ImageDraw.ImageDraw, width: int, height: int, view: MessageView) -> None:
    """A title as big as fits; an optional body below it and a hint on the bottom line."""
    hint_top = height - 13 * height // 64 if view.hint else height
    if view.hint:
        draw_text(draw, (0, hint_top, width, height), view.hint, sizes=HINT_SIZES, max_lines=1)
    if not view.body:
        box: Box = (0, 0, width, hint_top - 1)
        one_line = fit_text(view.title, width, hint_top - 1, max_lines=1)
        if one_line.font.size >= 20 or " " not in view.title:  # a word is never split if it can be
            draw_lines(draw, box, one_line)
        else:
            draw_text(draw, box, view.title, max_lines=2)
        return
    split = 26 * height // 64
    draw_text(draw, (0, 0, width, split), view.title, sizes=(20, 16, 14, 12), max_lines=2)
    draw_text(draw, (0, split + 1, width, hint_top - 1), view.body, sizes=(16, 14, 12, 10), max_lines=2)


def render_list(draw: ImageDraw.ImageDraw, width: int, height: int, view: ListView) -> None:
    """A title and rows; PREV/NEXT move the inverted row; the best rows carry a mark. The figures'
    unit, when there is one, stands flush right on the title line, above the figures."""
    if view.unit:
        top = _title_with_unit(draw, width, height, view.title, view.unit)
    else:
        top = _title_bar(draw, width, height, view.title)
    items = [f"{MARK}{item}" if i in view.marked else item for i, item in enumerate(view.items)]
    rights: list[str | None] | None = [r or None for r in view.right] if view.right else None
    size = list_size(items, rights or [], width, height - top)
    draw_menu(draw, (0, top, width, height), items, view.cursor, size=size, right_texts=rights)


def _title_with_unit(draw: ImageDraw.ImageDraw, width: int, height: int, title: str, unit: str) -> int:
    """``_title_bar`` with ``unit`` flush right: the biggest title size at which both fit, else the
    smallest with the title cut; the unit is never cut."""
    bottom = 13 * height // 64
    gap = 6
    for size in TITLE_SIZES:
        f = font(size)
        if text_width(title, f) + gap + text_width(unit, f) <= width - 2:
            break
    room = width - 2 - gap - text_width(unit, f)
    fitted = FittedText(f, (ellipsize(title, f, room),), line_metrics(f)[1])
    draw_lines(draw, (1, 0, 1 + room, bottom - 1), fitted, align="left")
    draw_lines(
        draw,
        (width - 1 - text_width(unit, f), 0, width - 1, bottom - 1),
        FittedText(f, (unit,), line_metrics(f)[1]),
        align="right",
    )
    draw.line((0, bottom, width - 1, bottom), fill=ON)
    return bottom + 2


def list_size(items: Sequence[str], rights: Sequence[str | None], width: int, height: int) -> int:
    """The biggest of 12, 11 and 10 px at which every row fits whole beside its figure."""
    for size in (12, 11, 10):
        f = font(size)
        rows = max(1, height // (line_metrics(f)[1] + 1))
        bar = 3 if len(items) > rows else 0
        if all(
            text_width(item, f) + (text_width(right, f) + 4 if right else 0) + 4 + bar <= width
            for item, right in zip(items, [*rights, *[None] * len(items)], strict=False)
        ):
            return size
    return 10


def flap_cells(numbers: tuple[int, ...], width: int, height: int) -> tuple[int, tuple[int, ...]]:
    """The biggest font size at which every flap number fits a cell of its own, and the cells'
    widths: two-digit flaps get wider cells than one-digit ones, so 12 flaps fit 128 pixels.

    >>> flap_cells(tuple(range(1, 10)), 128, 16)[0], flap_cells(tuple(range(1, 13)), 128, 16)[0]
    (14, 10)
    """
    for size in (14, 12, 11, 10, 9, 8):
        f = font(size)
        widths = [text_width(str(n), f) + 2 for n in numbers]  # a pixel each side of the ink...
        if sum(widths) - 1 <= width and line_metrics(f)[1] <= height + 2:  # ...and of the last gap
            extra = (width + 1 - sum(widths)) // len(numbers)
            return size, tuple(w + extra for w in widths)
    return 8, tuple(width // len(numbers) for _ in numbers)


def draw_flaps(draw: ImageDraw.ImageDraw, box: Box, flaps: Flaps) -> None:
    """Shut the Box's flaps in a row: an open flap is a white tile with its number, a shut one a
    bar at the foot of its place, so the open ones stand out at a glance."""
    left, top, right, bottom = box
    size, cells = flap_cells(flaps.numbers, right - left, bottom - top)
    f = font(size)
    x = left + (right - left + 1 - sum(cells)) // 2
    for number, is_open, cell in zip(flaps.numbers, flaps.open, cells, strict=True):
        if is_open:
            draw.rectangle((x, top, x + cell - 2, bottom - 1), fill=ON)
            _centred(draw, (x, top, x + cell - 1, bottom), str(number), f, OFF)
        else:
            draw.rectangle((x, bottom - 3, x + cell - 2, bottom - 1), fill=ON)
        x += cell


def _centred(draw: ImageDraw.ImageDraw, box: Box, text: str, f: Any, fill: int) -> None:
    """``text`` centred on its own ink (digits have no accents or tails to leave room for)."""
    left, top, right, bottom = box
    ink_left, ink_top, ink_right, ink_bottom = f.getbbox(text, mode="1", anchor="la")
    x = left + (right - left - (ink_right - ink_left)) // 2 - ink_left
    y = top + (bottom - top - (ink_bottom - ink_top)) // 2 - ink_top
    draw.text((x, y), text, font=f, fill=fill, anchor="la")


def render_roll(draw: ImageDraw.ImageDraw, width: int, height: int, view: RollView) -> None:
    """Whose turn, the call to roll in big letters, and the game at a glance underneath."""
    if view.kept:
        _render_kept(draw, width, height, view)
        return
    draw_text(draw, (0, 0, width, 15 * height // 64), view.player, sizes=(14, 12, 10), max_lines=1)
    glance = bool(view.flaps or view.info)
    prompt_bottom = 46 * height // 64 if glance else height
    hint = view.hint and not (view.flaps is not None and view.info)  # Shut the Box's info has that line
    if hint:  # the menu's hint under a smaller prompt, above the glance strip or at the foot
        prompt_bottom -= 12 * height // 64
        hint_box: Box = (0, prompt_bottom, width, prompt_bottom + 12 * height // 64)
        draw_text(draw, hint_box, view.hint, sizes=(10,), max_lines=1)
    prompt_box: Box = (0, 15 * height // 64, width, prompt_bottom)
    draw_text(draw, prompt_box, view.prompt, sizes=(28, 24, 20, 16), max_lines=1)
    if not glance:
        return
    strip: Box = (0, 48 * height // 64, width, height)
    if view.flaps is not None:
        if view.info:
            draw_text(draw, (0, 35 * height // 64, width, 47 * height // 64), view.info, sizes=(10,))
        draw_flaps(draw, strip, view.flaps)
        return
    left, top, right, bottom = strip
    if view.info:
        draw_text(draw, (left, top, right, bottom), view.info, sizes=(14, 12, 10), align="left")


def _render_kept(draw: ImageDraw.ImageDraw, width: int, height: int, view: RollView) -> None:
    """The roll screen with dice set aside: whose turn and which roll on the top line, the call to
    roll, and the dice set aside as big as the rest of the screen allows, each with its name."""
    top_line = 13 * height // 64
    heading = f"{view.player} · {view.info}" if view.info else view.player
    draw_text(draw, (0, 0, width, top_line), heading, sizes=(12, 10), max_lines=1)
    prompt_bottom = 27 * height // 64
    draw_text(draw, (0, top_line, width, prompt_bottom), view.prompt, sizes=(14, 12), max_lines=1)
    draw_dice_row(draw, (0, prompt_bottom + 1, width, height), list(view.kept), names=list(view.names))


def render_dice(draw: ImageDraw.ImageDraw, width: int, height: int, view: DiceView) -> None:
    """A title, the dice as pictures (colour dice with their names; the one being corrected marked)
    and a hint."""
    draw_text(draw, (0, 0, width, 14 * height // 64), view.title, sizes=(14, 12, 10), max_lines=1)
    hint_top = height - 12 * height // 64
    names = list(view.names) if any(isinstance(face, str) for face in view.faces) else None
    draw_dice_row(
        draw,
        (0, 15 * height // 64, width, hint_top - 1),
        list(view.faces),
        selected=view.selected,
        names=names,
    )
    draw_text(draw, (0, hint_top, width, height), view.hint, sizes=(10,), max_lines=1)


def render_card(draw: ImageDraw.ImageDraw, width: int, height: int, view: CardView) -> None:
    """Lezard: the card chosen with PREV/NEXT, framed like a card, its place in the deck below."""
    draw_text(draw, (0, 0, width, 13 * height // 64), view.title, sizes=(12, 10), max_lines=1)
    top, bottom = 15 * height // 64, 52 * height // 64
    draw.rounded_rectangle((0, top, width - 1, bottom), radius=4, outline=ON, width=2)
    draw_text(draw, (3, top + 2, width - 3, bottom - 1), view.card, sizes=(20, 16, 14, 13, 12), max_lines=2)
    footer = f"{view.index + 1}/{view.count} · {view.hint}"
    draw_text(draw, (0, bottom + 2, width, height), footer, sizes=(10,), max_lines=1)


def render_card_seen(draw: ImageDraw.ImageDraw, width: int, height: int, view: CardSeenView) -> None:
    """Lezard: the card the camera read, drawn as a card (one square, two squares or a lizard) with
    each mark's colour named under it, and OK / correct."""
    draw_text(draw, (0, 0, width, 13 * height // 64), view.title, sizes=(12, 10), max_lines=1)
    top, bottom = 14 * height // 64, 51 * height // 64
    draw.rounded_rectangle((0, top, width - 1, bottom), radius=4, outline=ON, width=1)
    marks = max(1, len(view.colours))
    mark_top, mark_bottom = top + 3 * height // 64, top + 22 * height // 64
    for i, name in enumerate(view.colours):
        left, right = i * width // marks, (i + 1) * width // marks
        centre = (left + right) // 2
        if view.kind == "lizard":
            half = 26 * width // 128
            _draw_lizard(draw, (centre - half, mark_top, centre + half, mark_bottom))
        else:
            side = mark_bottom - mark_top
            draw.rectangle((centre - side // 2, mark_top, centre + side // 2, mark_bottom), fill=ON)
        draw_text(draw, (left + 2, mark_bottom + 1, right - 2, bottom - 1), name, sizes=(12, 10), max_lines=1)
    draw_text(draw, (0, 52 * height // 64, width, height), view.hint, sizes=(10,), max_lines=1)


def _draw_lizard(draw: ImageDraw.ImageDraw, box: Box) -> None:
    """A lizard seen from above, head to the right, in ``box``: body, head, tail and four legs."""
    left, top, right, bottom = box
    w, h = right - left, bottom - top
    mid = top + h // 2

    def x(f: float) -> int:
        return left + round(f * w)

    def y(f: float) -> int:
        return top + round(f * h)

    draw.ellipse((x(0.30), y(0.30), x(0.75), y(0.70)), fill=ON)  # body
    draw.ellipse((x(0.72), y(0.32), x(0.95), y(0.68)), fill=ON)  # head
    draw.polygon([(x(0.32), y(0.38)), (x(0.32), y(0.62)), (x(0.0), mid)], fill=ON)  # tail
    for foot_x, knee_x in ((0.38, 0.30), (0.66, 0.74)):  # legs, bent forward and back
        for edge, foot in ((0.45, 0.0), (0.55, 1.0)):
            draw.line((x(foot_x + 0.04), y(edge), x(knee_x), y(foot)), fill=ON, width=max(2, h // 8))


def render_confirm(draw: ImageDraw.ImageDraw, width: int, height: int, view: ConfirmView) -> None:
    """The move chosen in big letters, the advisor's figures, and OK / back."""
    draw_text(draw, (0, 0, width, 13 * height // 64), view.title, sizes=(12, 10), max_lines=1)
    draw_text(
        draw,
        (0, 14 * height // 64, width, 38 * height // 64),
        view.move,
        sizes=(20, 16, 14, 12, 10),
        max_lines=1,
    )
    if view.detail:
        draw_text(
            draw, (0, 39 * height // 64, width, 51 * height // 64), view.detail, sizes=(12, 10), max_lines=1
        )
    draw_text(draw, (0, 52 * height // 64, width, height), view.hint, sizes=(12, 10), max_lines=1)


def render_teach(draw: ImageDraw.ImageDraw, width: int, height: int, view: TeachView) -> None:
    """Teaching the colours: which face (title), the face as a die picture with what to do beside
    it, a bar of the frames taken, and the hint."""
    _title_bar(draw, width, height, view.title)
    top, bottom = 15 * height // 64, 50 * height // 64
    side = bottom - top
    if view.card:  # a Lezard card of one square, lying as on the table, beside the text
        card_h = 2 * side // 3
        card_top = top + (side - card_h) // 2
        draw.rounded_rectangle((2, card_top, 2 + side, card_top + card_h), radius=3, outline=ON, width=1)
        half = card_h // 4
        middle_x, middle_y = 2 + side // 2, card_top + card_h // 2
        draw.rectangle((middle_x - half, middle_y - half, middle_x + half, middle_y + half), fill=ON)
    else:
        draw_colour_die(draw, (2, top), side, view.face)
    left = side + 6
    draw_text(draw, (left, top, width, 26 * height // 64), view.show, sizes=(10,), max_lines=1, align="left")
    draw_text(
        draw,
        (left, 26 * height // 64, width, 41 * height // 64),
        view.name,
        sizes=(16, 14, 12, 10),
        max_lines=1,
        align="left",
    )
    bar_top = 43 * height // 64
    draw_progress(draw, (left, bar_top, width - 2, bar_top + 7 * height // 64), view.taken / view.frames)
    draw_text(draw, (0, 52 * height // 64, width, height), view.hint, sizes=(12, 10), max_lines=1)


def render_check(draw: ImageDraw.ImageDraw, width: int, height: int, view: CheckView) -> None:
    """The camera check: a row per measure, a tick or a cross before its name and the figure at
    the right, and what to change first on the bottom line (the rows fill the screen: no title)."""
    hint_top = 52 * height // 64
    names = [f"{CROSS} {name}" for name, _, _ in view.rows]
    f = font(list_size(names, [figure for _, figure, _ in view.rows], width, hint_top))
    row_height = hint_top // max(1, len(view.rows))
    for n, (name, figure, good) in enumerate(view.rows):
        row_top = n * row_height
        draw_row(
            draw,
            (0, row_top, width, row_top + row_height),
            f"{MARK if good else CROSS} {name}",
            f,
            right_text=figure,
        )
    draw_text(draw, (0, hint_top, width, height), view.hint, sizes=HINT_SIZES, max_lines=1)


def render_snapshot(draw: ImageDraw.ImageDraw, width: int, height: int, view: SnapshotView) -> None:
    """The camera's picture at the left, as tall as the screen, its contrast stretched and dithered,
    each die found boxed; the lines in the room at its right."""
    shot = view.snapshot
    side = max(1, round(shot.width * height / shot.height))
    picture = Image.frombytes("L", (shot.width, shot.height), shot.pixels).resize((side, height))
    draw.bitmap((0, 0), ImageOps.autocontrast(picture, cutoff=1).convert("1"), fill=ON)  # dim rooms too
    scale = height / shot.height
    for x, y, w, h in shot.boxes:
        box = (round(x * scale), round(y * scale), round((x + w) * scale) - 1, round((y + h) * scale) - 1)
        draw.rectangle(box, outline=OFF)  # black and white: seen on any floor
        draw.rectangle((box[0] - 1, box[1] - 1, box[2] + 1, box[3] + 1), outline=ON)
    left = side + 2
    if left >= width or not view.lines:
        return
    row = height // len(view.lines)
    for n, line in enumerate(view.lines):
        draw_text(draw, (left, n * row, width, (n + 1) * row), line, sizes=(16, 12, 10), max_lines=2)


def render_legend(draw: ImageDraw.ImageDraw, width: int, height: int, view: LegendView) -> None:
    """The colour dice's key: the faces in two columns of three rows, each die beside its name (all
    names in one size, the biggest at which each fits)."""
    rows = 3
    columns = max(1, -(-len(view.faces) // rows))
    row_height, column_width = height // rows, width // columns
    side = row_height - 2
    room = column_width - side - 4
    size = next((s for s in (12, 11, 10) if all(text_width(n, font(s)) <= room for n in view.names)), 10)
    for i, (face, name) in enumerate(zip(view.faces, view.names, strict=True)):
        left, top = (i // rows) * column_width, (i % rows) * row_height
        draw_colour_die(draw, (left + 1, top + 1), side, face)
        draw_text(
            draw,
            (left + side + 4, top, left + column_width, top + row_height),
            name,
            sizes=(size,),
            max_lines=1,
            align="left",
        )


def render(draw: ImageDraw.ImageDraw, width: int, height: int, view: View) -> None:
    """Draw ``view`` with the screen made for its type."""
    from firmware.screens.pages import render_buttons, render_help, render_pick
    from firmware.screens.scores import render_scores, render_winner

    screens: dict[type, Callable[[ImageDraw.ImageDraw, int, int, Any], None]] = {
        MessageView: render_message,
        ListView: render_list,
        RollView: render_roll,
        DiceView: render_dice,
        CardView: render_card,
        CardSeenView: render_card_seen,
        ConfirmView: render_confirm,
        ScoresView: render_scores,
        WinnerView: render_winner,
        TeachView: render_teach,
        CheckView: render_check,
        SnapshotView: render_snapshot,
        LegendView: render_legend,
        PickView: render_pick,
        HelpView: render_help,
        ButtonsView: render_buttons,
    }
    screens[type(view)](draw, width, height, view)
