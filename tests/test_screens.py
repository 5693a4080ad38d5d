"""Every screen drawn on luma's dummy device and compared with its reviewed reference PNG.

The references live in tests/data/screens/freetype-VERSION/NAME.LANG.png
(``firmware.screens.samples`` lists the screens). A difference fails with the names of the files
and a diff image written to the temporary folder. After a screen was changed on purpose and LOOKED
at (``bench/render_screens.py`` draws a contact sheet), regenerate the references with
``KOSTKA_UPDATE_SCREENS=1 pytest tests/test_screens.py`` (once per FreeType version).
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest
from luma.core.device import dummy
from luma.core.render import canvas
from PIL import Image, ImageChops, ImageDraw, features

from firmware.screens.drawing import colour_die_face
from firmware.screens.render import flap_cells, render
from firmware.screens.samples import samples
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
    ScoreRow,
    ScoresView,
    SnapshotView,
    TeachView,
    View,
    WinnerView,
)

SCREENS = Path(__file__).parent / "data" / "screens"
# Glyphs are rasterised by FreeType, whose versions differ by a few pixels (Pillow 13 ships FreeType
# 2.14, Raspberry Pi OS Bookworm's Pillow 9.4 uses 2.12). Each FreeType the product runs on has its own
# reviewed set, compared pixel for pixel; on any other FreeType a screen must stay within TOLERANCE of
# one of the reviewed sets (measured: 2.12 and 2.14 differ in at most 2 of a screen's 8,192 pixels).
FREETYPE = features.version("freetype2") or "unknown"
REFERENCES = SCREENS / f"freetype-{FREETYPE}"
TOLERANCE = 0.005
UPDATE = os.environ.get("KOSTKA_UPDATE_SCREENS") == "1"
SAMPLES = [(name, lang, view) for lang in ("pl", "en") for name, view in samples(lang)]


def draw(view: View) -> Image.Image:
    """The view as luma's dummy 128x64 1-bit device shows it."""
    device = dummy(width=128, height=64, mode="1")
    with canvas(device) as d:
        render(d, device.width, device.height, view)
    image: Image.Image = device.image.copy()
    return image


def same(a: Image.Image, b: Image.Image) -> bool:
    return a.size == b.size and ImageChops.difference(a.convert("1"), b.convert("1")).getbbox() is None


@pytest.mark.parametrize(("name", "lang", "view"), SAMPLES, ids=[f"{n}.{lang}" for n, lang, _ in SAMPLES])
def test_screen_matches_its_reviewed_reference(name: str, lang: str, view: View) -> None:
    image = draw(view)
    reference = REFERENCES / f"{name}.{lang}.png"
    if UPDATE:
        REFERENCES.mkdir(parents=True, exist_ok=True)
        image.save(reference)
    if not reference.is_file():
        _close_to_a_reviewed_set(name, lang, image)
        return
    expected = Image.open(reference)
    if not same(image, expected):
        out = Path(tempfile.gettempdir()) / "kostka-screens-diff"
        out.mkdir(exist_ok=True)
        image.save(out / f"{name}.{lang}.actual.png")
        ImageChops.difference(image.convert("L"), expected.convert("L")).save(out / f"{name}.{lang}.diff.png")
        bbox = ImageChops.difference(image.convert("1"), expected.convert("1")).getbbox()
        pytest.fail(
            f"screen {name} ({lang}) differs from {reference} in the box {bbox}; the new drawing and the "
            f"difference are in {out}. If the change is meant, look at it and regenerate with "
            "KOSTKA_UPDATE_SCREENS=1."
        )


def _differing(a: Image.Image, b: Image.Image) -> float:
    """The share of pixels that differ between two screens of the same size."""
    diff = ImageChops.difference(a.convert("L"), b.convert("L")).point(lambda v: 255 if v else 0)
    return sum(diff.histogram()[255:]) / (a.width * a.height)


def _close_to_a_reviewed_set(name: str, lang: str, image: Image.Image) -> None:
    sets = [s for s in SCREENS.glob("freetype-*") if (s / f"{name}.{lang}.png").is_file()]
    assert sets, f"no reference for {name}.{lang}: draw it (KOSTKA_UPDATE_SCREENS=1), look at it, commit it"
    share = min(_differing(image, Image.open(s / f"{name}.{lang}.png")) for s in sets)
    assert share <= TOLERANCE, (
        f"screen {name} ({lang}) differs in {share:.1%} of its pixels from every reviewed set "
        f"({', '.join(s.name for s in sets)}); FreeType {FREETYPE} has no set of its own"
    )


def test_the_reviewed_sets_differ_only_in_glyph_pixels() -> None:
    sets = sorted(SCREENS.glob("freetype-*"))
    assert len(sets) >= 2, "expected the laptop's and the Pi's FreeType sets"
    for name, lang, _ in SAMPLES:
        first, *others = (Image.open(s / f"{name}.{lang}.png") for s in sets)
        for other in others:
            assert _differing(first, other) <= TOLERANCE, f"{name}.{lang}"


def test_every_reference_belongs_to_a_screen() -> None:
    names = {f"{name}.{lang}.png" for name, lang, _ in SAMPLES}
    stale = sorted(p.name for p in SCREENS.glob("freetype-*/*.png") if p.name not in names)
    assert not stale, f"references without a screen (delete them): {stale}"


def test_the_samples_cover_every_kind_of_view() -> None:
    kinds = {type(view) for _, _, view in SAMPLES}
    assert kinds == {MessageView, ListView, RollView, DiceView, CardView, CardSeenView, ConfirmView,
                     ScoresView, WinnerView, TeachView, CheckView, SnapshotView, LegendView, PickView,
                     HelpView, ButtonsView}


def test_polish_letters_have_their_own_ink() -> None:
    for plain, accented in zip("acelnoszzACELNOSZZ", "ąćęłńóśźżĄĆĘŁŃÓŚŹŻ", strict=True):
        assert not same(draw(MessageView(plain)), draw(MessageView(accented))), accented


def test_drawing_is_pure() -> None:
    rows = (ScoreRow("Ala", "1", "12", (("red", 3),), leader=True),)
    view = ScoresView("Wyniki", rows, "x", centipedes=True)
    assert same(draw(view), draw(view))


def test_a_screen_of_another_size_is_drawn_inside_it() -> None:
    image = Image.new("1", (128, 32))
    render(ImageDraw.Draw(image), 128, 32, MessageView("Kamera nie działa", "Próbuję znowu…", "OK"))
    assert image.getbbox() is not None


def test_twelve_flaps_fit_with_two_digit_numbers() -> None:
    size, cells = flap_cells(tuple(range(1, 13)), 128, 16)
    assert sum(cells) - 1 <= 128 and cells[-1] > cells[0] and size >= 10  # no gap after the last


def test_six_players_fit_in_two_columns() -> None:
    rows = tuple(ScoreRow(f"Gracz {n}", str(n), str(10 * n)) for n in range(1, 7))
    image = draw(ScoresView("Wyniki · Runda 2", rows, "Teraz: Gracz 1"))
    left, right = image.crop((0, 14, 64, 52)), image.crop((64, 14, 128, 52))
    assert left.getbbox() is not None and right.getbbox() is not None


def test_a_long_centipede_ends_in_an_ellipsis_inside_the_screen() -> None:
    tiles = tuple(("red", 2 + n % 3) for n in range(15))
    image = draw(ScoresView("", (ScoreRow("Ala", "1", "45", tiles),) * 2, "", centipedes=True))
    assert image.getbbox() is not None and image.size == (128, 64)


def test_winner_and_card_views_draw() -> None:
    assert draw(WinnerView("Zwycięzca!", "Wygrywa Ola!", (ScoreRow("Ola", "1", "3"),))).getbbox()
    assert draw(CardView("Karta", "Jaszczurka: zielony", 0, 4, "◀ ▶ karta · OK")).getbbox()
    assert draw(RollView("Gracz 1", "Rzucaj!", flaps=Flaps((1, 2, 3), (True, False, True)))).getbbox()


def test_a_card_read_is_drawn_as_its_picture_not_only_its_words() -> None:
    one = draw(CardSeenView("Karta:", "square", ("zielony",), "OK"))
    lizard = draw(CardSeenView("Karta:", "lizard", ("zielony",), "OK"))
    two = draw(CardSeenView("Karta:", "squares", ("zielony", "zielony"), "OK"))
    assert not same(one, lizard) and not same(one, two) and not same(lizard, two)
    assert one.crop((0, 16, 128, 36)).getbbox() is not None  # the mark itself, above its colour's name


def test_dice_set_aside_are_drawn_big_enough_to_read_with_their_names() -> None:
    faces = ("red", "red", "star")
    kept = RollView("Gracz 2", "Rzucaj!", "Rzut 2/3", kept=faces, names=("czerw", "czerw", "★"))
    image = draw(kept)
    found = [  # the first die set aside, drawn whole at some size of 20 px or more
        size
        for size in range(20, 37)
        for y in range(24, 64 - size)
        for x in range(0, 128 // 3 - size)
        if same(image.crop((x, y, x + size, y + size)), colour_die_face("red", size))
    ]
    assert found, "no red die of 20 px or more under the prompt"
    named = image.crop((0, 52, 128, 64))
    bare = draw(RollView("Gracz 2", "Rzucaj!", "Rzut 2/3", kept=faces, names=("", "", "")))
    assert not same(named, bare.crop((0, 52, 128, 64)))
