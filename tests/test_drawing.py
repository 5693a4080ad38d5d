"""Drawing helpers on 128x64 1-bit images: dice pips counted, text kept inside its box, menus,
bars, and only Pillow APIs that Raspberry Pi OS Bookworm's Pillow 9.4 has."""

from __future__ import annotations

import ast
import doctest
import itertools
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageDraw

import firmware.screens.drawing
from firmware.messages.i18n import LANGUAGES, catalogue, fields_of
from firmware.screens.drawing import (
    COLOURS,
    MIN_DIE,
    SCREEN,
    Box,
    colour_die_face,
    die_face,
    draw_dice_row,
    draw_menu,
    draw_progress,
    draw_row,
    draw_text,
    ellipsize,
    fit_text,
    line_metrics,
    new_screen,
    sample_sheet,
    text_width,
    wrap,
)
from firmware.screens.fonts import Face, font


def components(img: Image.Image, lit: bool, diagonal: bool = False) -> list[set[tuple[int, int]]]:
    """Groups of lit (or dark) pixels, 4-connected (or 8 with ``diagonal``), not touching the edge."""
    px = img.load()
    assert px is not None
    w, h = img.size
    seen: set[tuple[int, int]] = set()
    groups = []
    for start in ((x, y) for y in range(h) for x in range(w)):
        if start in seen or bool(px[start]) != lit:
            continue
        group, todo, edge = set(), [start], False
        seen.add(start)
        while todo:
            x, y = todo.pop()
            group.add((x, y))
            edge |= x in (0, w - 1) or y in (0, h - 1)
            steps = [(1, 0), (-1, 0), (0, 1), (0, -1)]
            if diagonal:
                steps += [(1, 1), (1, -1), (-1, 1), (-1, -1)]
            for n in ((x + dx, y + dy) for dx, dy in steps):
                if 0 <= n[0] < w and 0 <= n[1] < h and n not in seen and bool(px[n]) == lit:
                    seen.add(n)
                    todo.append(n)
        if not edge:
            groups.append(group)
    return groups


def ink_outside(img: Image.Image, box: Box) -> bool:
    left, top, right, bottom = box
    outside = img.copy()
    ImageDraw.Draw(outside).rectangle((left, top, right - 1, bottom - 1), fill=0)
    return outside.getbbox() is not None


def test_module_examples() -> None:
    assert doctest.testmod(firmware.screens.drawing).failed == 0


@pytest.mark.parametrize("size", [12, 13, 16, 17, 20, 29, 40, 64])
@pytest.mark.parametrize("value", range(1, 7))
def test_a_white_die_has_as_many_black_pips_as_its_value(value: int, size: int) -> None:
    img = die_face(value, size)
    assert img.size == (size, size) and img.mode == "1"
    pips = components(img, lit=False)
    assert len(pips) == value
    assert len({len(p) for p in pips}) == 1  # all pips the same size


@pytest.mark.parametrize("size", [12, 20, 40])
@pytest.mark.parametrize("value", range(1, 7))
def test_an_outline_die_has_its_pips_apart_from_the_outline(value: int, size: int) -> None:
    img = Image.new("1", (size + 2, size + 2))
    img.paste(die_face(value, size, filled=False), (1, 1))
    assert len(components(img, lit=True, diagonal=True)) == value + 1  # the outline and the pips


def test_an_unread_die_shows_a_question_mark_and_bad_values_are_refused() -> None:
    unknown = die_face(None, 24)
    assert all(unknown.tobytes() != die_face(v, 24).tobytes() for v in range(1, 7))
    with pytest.raises(ValueError, match="1-6 pips, not 7"):
        die_face(7, 24)
    with pytest.raises(ValueError, match="too small"):
        die_face(3, 11)


def _differing(a: Image.Image, b: Image.Image) -> int:
    return sum(ImageChops.difference(a, b).convert("L").point(lambda v: 1 if v else 0).histogram()[1:])


@pytest.mark.parametrize("size", range(MIN_DIE, 41))
def test_every_pair_of_colour_faces_differs_in_a_fifth_of_the_die(size: int) -> None:
    faces = {c: colour_die_face(c, size) for c in COLOURS}
    for a, b in itertools.combinations(COLOURS, 2):
        share = _differing(faces[a], faces[b]) / size**2
        assert share >= 0.18, f"{a} and {b} at {size} px differ in {share:.0%} of the die"


@pytest.mark.parametrize("size", [MIN_DIE, 20, 24, 29, 35])
def test_no_pattern_is_another_shifted_by_a_pixel(size: int) -> None:
    """A stripe or check shifted by one pixel is the same texture to the eye: it must not match
    another colour's."""
    faces = {c: colour_die_face(c, size) for c in COLOURS}
    for a, b in itertools.permutations(COLOURS, 2):
        for dx, dy in itertools.product((-1, 0, 1), repeat=2):
            shifted = ImageChops.offset(faces[a], dx, dy)
            share = _differing(shifted, faces[b]) / size**2
            assert share >= 0.12, f"{a} moved by ({dx}, {dy}) is {b} but for {share:.0%} at {size} px"


def test_the_pixel_count_test_can_fail() -> None:
    red = colour_die_face("red", 20)
    assert _differing(red, red) == 0 and _differing(red, ImageChops.offset(red, 2, 0)) > 0


def test_the_star_is_one_solid_five_pointed_shape() -> None:
    stars = components(colour_die_face("star", 40), lit=True, diagonal=True)  # not the outline: at the edge
    assert len(stars) == 1
    assert 150 < len(stars[0]) < 500  # a star, not a filled square (34 * 34 = 1156) nor a dot
    with pytest.raises(ValueError, match="not 'purple'"):
        colour_die_face("purple", 20)


def every_message() -> Iterator[tuple[str, str, str]]:
    samples = {"n": 12, "name": "Małgorzata", "colour": "niebieski", "pct": 100, "value": "3,25", "of": 3,
               "seen": 3, "expected": 4, "flaps": "1 2 3 9"}
    for lang in LANGUAGES:
        for key, text in catalogue(lang).items():
            if key.startswith(("display.", "buttons.", "play.")):
                continue  # command-line and terminal-referee lines, never drawn
            yield lang, key, text.format(**{f: samples.get(f, "x") for f in fields_of(text)})


@pytest.mark.parametrize("box", [(0, 0, 128, 64), (0, 0, 128, 16), (4, 20, 68, 52), (0, 48, 128, 64)])
def test_every_screen_message_stays_inside_its_box(box: Box) -> None:
    for lang, key, text in every_message():
        img = new_screen()
        fitted = draw_text(ImageDraw.Draw(img), box, text)
        assert not ink_outside(img, box), (lang, key, fitted.font.size, fitted.lines)
        assert img.getbbox() is not None, (lang, key)


def test_fit_text_picks_the_biggest_size_that_fits() -> None:
    fitted = fit_text("Rzucaj!", 128, 64)
    bigger = font(fitted.font.size + 4)
    assert text_width("Rzucaj!", fitted.font) <= 128 < text_width("Rzucaj!", bigger) or (
        line_metrics(bigger)[1] > 64
    )
    assert fit_text("OK", 128, 64, sizes=(12, 10)).font.size == 12


def test_too_much_text_is_cut_with_an_ellipsis_not_drawn_outside() -> None:
    long = "Pstryczek Królewski " * 10
    fitted = fit_text(long, 128, 30, sizes=(12, 10))
    assert fitted.font.size == 10
    assert fitted.height <= 30
    assert fitted.lines[-1].endswith("…")
    assert fit_text(long, 128, 64, max_lines=1).lines[0].endswith("…")


def test_wrap_splits_a_word_longer_than_the_line() -> None:
    f = font(16)
    lines = wrap("Konstantynopolitańczykowianeczka", f, 60)
    assert len(lines) > 2
    assert all(text_width(line, f) <= 60 for line in lines)
    assert "".join(lines) == "Konstantynopolitańczykowianeczka"


def test_ellipsize_fits_and_marks_the_cut() -> None:
    f = font(14)
    assert ellipsize("Tak", f, 100) == "Tak"
    cut = ellipsize("Nie jestem pewna", f, 60)
    assert cut.endswith("…") and text_width(cut, f) <= 60


def test_progress_bar_fills_from_the_left() -> None:
    def lit_columns(fraction: float) -> int:
        img = new_screen()
        draw_progress(ImageDraw.Draw(img), (10, 10, 110, 20), fraction)
        row = [img.getpixel((x, 15)) for x in range(12, 108)]
        return sum(1 for v in row if v)

    assert lit_columns(0.0) == 0
    assert lit_columns(1.0) == 96
    assert 46 <= lit_columns(0.5) <= 50
    assert lit_columns(-3) == 0 and lit_columns(7) == 96


def test_a_selected_row_is_inverted() -> None:
    f = font(12)
    plain, chosen = new_screen(), new_screen()
    draw_row(ImageDraw.Draw(plain), (0, 0, 128, 16), "Cofnij", f)
    draw_row(ImageDraw.Draw(chosen), (0, 0, 128, 16), "Cofnij", f, selected=True)
    assert plain.getpixel((120, 8)) == 0 and chosen.getpixel((120, 8)) == 255
    band = (0, 0, 128, 16)
    lit_plain = sum(1 for v in plain.crop(band).tobytes() for bit in range(8) if v >> bit & 1)
    dark_chosen = sum(1 for v in chosen.crop(band).tobytes() for bit in range(8) if not v >> bit & 1)
    assert lit_plain == dark_chosen > 0  # the same letters, in black on white


def test_menu_keeps_the_selected_row_in_view() -> None:
    items = [f"Gracz {n}" for n in range(1, 11)]
    for selected in range(len(items)):
        img = new_screen()
        shown = draw_menu(ImageDraw.Draw(img), SCREEN, items, selected, size=12)
        assert selected in shown
        assert len(shown) == 4  # 12 px rows: four fit in 64 px
        assert len(draw_menu(ImageDraw.Draw(new_screen()), SCREEN, items, selected)) == 3  # 16 px
        assert img.getpixel((126, 0)) or img.getpixel((127, 63)) or any(
            img.getpixel((127, y)) for y in range(64)
        )  # the scroll mark
    with pytest.raises(ValueError, match="not among 10 rows"):
        draw_menu(ImageDraw.Draw(new_screen()), SCREEN, items, 10)


def test_dice_row_fits_and_underlines_the_selected_die() -> None:
    img = new_screen()
    size = draw_dice_row(ImageDraw.Draw(img), (0, 0, 128, 48), [1, 2, 3, 4], selected=2)
    assert size >= 24
    assert not ink_outside(img, (0, 0, 128, 48))
    assert len(components(img.crop((0, 0, 128, 48)), lit=True)) >= 1
    bar_y = (48 - 4 - size) // 2 + size + 1
    lit = [x for x in range(128) if img.getpixel((x, bar_y))]
    assert lit and max(lit) - min(lit) + 1 == size  # one bar, under one die
    with pytest.raises(ValueError, match="do not fit"):
        draw_dice_row(ImageDraw.Draw(new_screen()), (0, 0, 128, 10), [1, 2, 3, 4])


def test_polish_and_english_sample_sheets_render(tmp_path: Path) -> None:
    for lang in LANGUAGES:
        sheet = sample_sheet(lang, scale=2)
        assert sheet.size == (3 * (256 + 4) + 4, 4 * (128 + 4) + 4)
        sheet.save(tmp_path / f"sheet-{lang}.png")


def test_only_apis_that_pillow_9_4_has() -> None:
    """getsize/getoffset/textsize are gone in Pillow 10; get_flattened_data is new in 12; Bookworm's
    load_default is a bitmap font without Polish letters."""
    banned = {"getsize", "getoffset", "textsize", "multiline_textsize", "get_flattened_data", "load_default"}
    for name in (
        "screens/drawing.py", "devices/display.py", "standins/terminal_display.py", "screens/fonts.py"
    ):
        path = Path(firmware.screens.drawing.__file__).parents[1] / name
        tree = ast.parse(path.read_text(encoding="utf-8"))
        used = {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)} & banned
        assert not used, (name, used)


def test_text_is_drawn_with_the_shipped_font_not_a_default() -> None:
    f = font(12, Face.SANS)
    assert Path(str(f.path)).parent == Path(firmware.screens.drawing.__file__).parents[1] / "data" / "fonts"


def test_colour_dice_have_their_names_under_them_inside_the_box() -> None:
    img = new_screen()
    box = (0, 10, 128, 46)
    size = draw_dice_row(ImageDraw.Draw(img), box, ["red", "black", "star", "blue"],
                         names=["czerw", "czarn", "★", "nieb"])
    assert size >= 20 and not ink_outside(img, box)
    under = img.crop((0, 10 + size + 1, 128, 46))
    assert under.getbbox() is not None  # the names
    plain = new_screen()
    bigger = draw_dice_row(ImageDraw.Draw(plain), box, ["red", "black", "star", "blue"])
    assert bigger > size  # without names the dice take the whole height
    assert plain.crop((0, 10 + (36 + bigger) // 2 + 1, 128, 46)).getbbox() is None


def test_the_selected_die_has_its_name_inverted() -> None:
    def lit_under(selected: int | None) -> list[int]:
        img = new_screen()
        size = draw_dice_row(ImageDraw.Draw(img), (0, 0, 128, 44), ["red", None], names=["czerw", "?"],
                             selected=selected)
        strip = img.crop((0, size + 1, 128, 44))
        return [sum(1 for x in range(64 * h, 64 * (h + 1)) for y in range(strip.height)
                    if strip.getpixel((x, y))) for h in (0, 1)]
    plain, chosen = lit_under(None), lit_under(1)
    assert chosen[0] == plain[0] and chosen[1] > 3 * plain[1]  # a white bar behind the second name
