"""The colour dice's key: names that cannot be mistaken, the legend screen, and the reviewed sheet
``docs/colour-dice-legend.png`` (regenerated and compared, as the screens' references are)."""

from __future__ import annotations

import itertools
import unicodedata

import pytest
from PIL import Image, ImageChops, ImageDraw, features

from firmware.games.guide import colour_name, short_names
from firmware.games.stonoga.colours import COLOURS
from firmware.games.stonoga.guide import legend_view
from firmware.messages.i18n import LANGUAGES
from firmware.screens.drawing import colour_die_face
from firmware.screens.legend import SCALE, SHEET, legend_sheet
from firmware.screens.render import render

REVIEWED_FREETYPE = "2.14.3"
"""The FreeType the sheet in docs/ was drawn and looked at with; others draw glyphs a few pixels
apart, so there it is compared within a tolerance."""


def _plain(text: str) -> str:
    """``text`` without diacritics and case: "Żółty" -> "zolty"."""
    return "".join(c for c in unicodedata.normalize("NFD", text.lower()) if not unicodedata.combining(c))


def _edits(a: str, b: str) -> int:
    """Levenshtein distance."""
    row = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        prev, row[0] = row[0], i
        for j, cb in enumerate(b, 1):
            prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (ca != cb))
    return row[-1]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_short_names_cannot_be_taken_for_one_another(lang: str) -> None:
    """No short name is another's beginning (as C is Cz's), none differs from another only by a
    dot or an accent (as Z and Ż), and any two differ in at least two letters."""
    names = dict(zip(COLOURS, short_names(COLOURS, lang), strict=True))
    for (a, x), (b, y) in itertools.combinations(names.items(), 2):
        px, py = _plain(x), _plain(y)
        assert not px.startswith(py) and not py.startswith(px), f"{lang}: {a} {x!r} / {b} {y!r}"
        assert _edits(px, py) >= 2, f"{lang}: {a} {x!r} and {b} {y!r} are a letter apart"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_short_name_begins_its_colours_full_name(lang: str) -> None:
    for colour, short in zip(COLOURS, short_names(COLOURS, lang), strict=True):
        if colour != "star":
            assert colour_name(colour, lang).startswith(short.rstrip(".")), (lang, colour, short)


def test_the_name_tests_can_fail() -> None:
    assert _plain("Ż") == _plain("Z") and _edits("cz", "c") == 1 and "cz".startswith("c")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_legend_screen_shows_every_face_with_its_name(lang: str) -> None:
    view = legend_view(lang)
    assert view.faces == COLOURS and all(view.names)
    image = Image.new("1", (128, 64))
    render(ImageDraw.Draw(image), 128, 64, view)
    for n, face in enumerate(COLOURS):  # each die where the layout puts it, as drawn alone
        side = 64 // 3 - 2
        left, top = (n // 3) * 64 + 1, (n % 3) * (64 // 3) + 1
        drawn = image.crop((left, top, left + side, top + side))
        assert ImageChops.difference(drawn, colour_die_face(face, side)).getbbox() is None, face


def test_the_reviewed_legend_sheet_is_what_the_code_draws() -> None:
    drawn = legend_sheet().convert("1")
    kept = Image.open(SHEET).convert("1")
    assert drawn.size == kept.size, f"{SHEET} is out of date: python -m firmware.screens.legend, look, commit"
    differing = ImageChops.difference(drawn, kept).convert("L").point(lambda v: 1 if v else 0)
    share = sum(differing.histogram()[1:]) / (drawn.width * drawn.height)
    if features.version("freetype2") == REVIEWED_FREETYPE:
        assert share == 0, f"{SHEET} is out of date: python -m firmware.screens.legend, look, commit"
    else:
        assert share <= 0.01, f"{SHEET} differs in {share:.1%} of its pixels"
    assert drawn.width % SCALE == 0
