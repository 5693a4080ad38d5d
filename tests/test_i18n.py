"""The catalogue: Polish and English hold the same keys and fields, and every letter in it,
Polish diacritics first, is drawn by the shipped fonts on a 1-bit screen (not as a missing-glyph box)."""

from __future__ import annotations

import doctest

import pytest
from PIL import Image, ImageDraw, ImageFont

import firmware.messages.i18n
import firmware.screens.fonts
from firmware.messages.i18n import LANGUAGES, MessageError, catalogue, fields_of, plural_form, t, tn
from firmware.screens.fonts import Face, font

POLISH = "ąćęłńóśźżĄĆĘŁŃÓŚŹŻ"
BASE = "acelnoszzACELNOSZZ"  # the same letters without their marks
MISSING = "\u0378"  # an unassigned code point: every font draws its .notdef glyph for it


def glyph(char: str, f: ImageFont.FreeTypeFont) -> bytes:
    """``char`` drawn white on a black 1-bit image, as the screens draw text."""
    img = Image.new("1", (48, 48))
    ImageDraw.Draw(img).text((8, 4), char, font=f, fill=255)
    return img.tobytes()


def test_module_examples() -> None:
    assert doctest.testmod(firmware.messages.i18n).failed == 0
    assert doctest.testmod(firmware.screens.fonts).failed == 0


def test_both_languages_have_the_same_keys() -> None:
    pl, en = set(catalogue("pl")), set(catalogue("en"))
    assert not pl - en, f"only in Polish: {sorted(pl - en)}"
    assert not en - pl, f"only in English: {sorted(en - pl)}"
    assert LANGUAGES == ("pl", "en")


def test_the_parts_join_without_overwriting_each_other() -> None:
    from firmware.messages import box as messages_box
    from firmware.messages import catalogue as messages
    from firmware.messages import cli_help as messages_cli_help
    from firmware.messages import flows as messages_flows
    from firmware.messages import help as messages_help
    from firmware.messages import history as messages_history
    from firmware.messages import play as messages_play
    from firmware.messages import rules as messages_rules
    from firmware.messages import screens as messages_screens
    from firmware.messages import tools as messages_tools
    from firmware.messages import vision as messages_vision

    parts = (
        messages_play.CATALOGUE,
        messages_screens.CATALOGUE,
        messages_tools.CATALOGUE,
        messages_rules.CATALOGUE,
    )
    parts += (messages_flows.CATALOGUE, messages_help.CATALOGUE)
    parts += (messages_box.CATALOGUE,)
    parts += (messages_cli_help.CATALOGUE,)
    parts += (messages_history.CATALOGUE,)
    parts += (messages_vision.CATALOGUE,)
    for lang, own in (("pl", messages.PL), ("en", messages.EN)):
        seen = set(own)
        for part in parts:
            clash = seen & set(part[lang])
            assert not clash, (lang, sorted(clash))
            seen |= set(part[lang])
        assert set(catalogue(lang)) == seen


def test_both_languages_use_the_same_fields() -> None:
    differ = {
        key: (sorted(fields_of(text)), sorted(fields_of(catalogue("en")[key])))
        for key, text in catalogue("pl").items()
        if fields_of(text) != fields_of(catalogue("en")[key])
    }
    assert not differ


def test_plural_keys_come_in_threes() -> None:
    for lang in LANGUAGES:
        # a stem with a .few or .many form is a plural (play.box.roll.one/.two counts dice instead)
        stems = {k.rsplit(".", 1)[0] for k in catalogue(lang) if k.endswith((".few", ".many"))}
        for stem in stems:
            for form in ("one", "few", "many"):
                assert f"{stem}.{form}" in catalogue(lang), (lang, stem, form)
                assert "n" in fields_of(catalogue(lang)[f"{stem}.{form}"]), (lang, stem, form)


def test_messages_are_tidy() -> None:
    for lang in LANGUAGES:
        for key, text in catalogue(lang).items():
            assert text and text == text.strip(), (lang, key)
            assert "\n" not in text, (lang, key)


def test_the_screens_strings_are_there() -> None:
    for key in (
        "menu.game",
        "menu.players",
        "menu.undo",
        "menu.restart",
        "menu.language",
        "roll.now",
        "reading",
        "read.as",
        "confirm.title",
        "correct.dice",
        "camera.lost",
        "camera.retrying",
        "camera.by_hand",
        "winner.name",
        "scores.title",
        "stonoga.centipede",
        "shut.flaps",
    ):
        assert key in catalogue("pl") and key in catalogue("en"), key


def test_t_fills_fields_and_refuses_what_it_does_not_know() -> None:
    assert t("read.wrong_count", "pl", seen=3, expected=4) == "Widzę 3 z 4"
    assert t("read.wrong_count", "en", seen=3, expected=4) == "I see 3 of 4"
    with pytest.raises(MessageError, match="needs the field 'expected'"):
        t("read.wrong_count", "en", seen=3)
    with pytest.raises(MessageError, match=r"no message 'roll\.nwo'"):
        t("roll.nwo", "pl")
    with pytest.raises(MessageError, match="no language 'de': Kostka speaks pl, en"):
        t("roll.now", "de")


@pytest.mark.parametrize(
    ("n", "pl", "en"),
    [
        (1, "1 but", "1 boot"),
        (2, "2 buty", "2 boots"),
        (4, "4 buty", "4 boots"),
        (5, "5 butów", "5 boots"),
        (12, "12 butów", "12 boots"),
        (22, "22 buty", "22 boots"),
        (0, "0 butów", "0 boots"),
    ],
)
def test_polish_plurals(n: int, pl: str, en: str) -> None:
    assert tn("stonoga.boots", n, "pl") == pl
    assert tn("stonoga.boots", n, "en") == en
    assert plural_form(n, "en") in ("one", "many")


@pytest.mark.parametrize("face", list(Face))
@pytest.mark.parametrize("size", [10, 12, 16, 24])
def test_polish_diacritics_render_with_the_shipped_fonts(face: Face, size: int) -> None:
    f = font(size, face)
    missing = glyph(MISSING, f)
    assert any(missing)  # DejaVu's .notdef is a visible box
    for letter, base in zip(POLISH, BASE, strict=True):
        drawn = glyph(letter, f)
        assert drawn != missing, f"{letter!r} is drawn as the missing-glyph box in {face.name} {size}px"
        assert drawn != glyph(base, f), f"{letter!r} looks like {base!r}: its mark is lost at {size}px"
        assert any(drawn), letter


def test_the_control_glyph_test_can_fail() -> None:
    """A control for the test above: a code point with no glyph is caught."""
    f = font(12)
    assert glyph("\u0379", f) == glyph(MISSING, f)


def test_every_character_in_the_catalogue_has_a_glyph() -> None:
    chars = sorted({c for lang in LANGUAGES for text in catalogue(lang).values() for c in text} - {" "})
    for face in Face:
        f = font(12, face)
        missing = glyph(MISSING, f)
        lost = [c for c in chars if glyph(c, f) == missing]
        assert not lost, (face.name, lost)


def test_every_reason_of_the_rules_is_said_in_both_languages() -> None:
    from rules.phrases import ENGLISH

    for lang in LANGUAGES:
        said = {key.removeprefix("rules.") for key in catalogue(lang) if key.startswith("rules.")}
        assert said == set(ENGLISH), (lang, sorted(said ^ set(ENGLISH)))
    assert all(catalogue("en")[f"rules.{key}"] == text for key, text in ENGLISH.items())


def test_colour_words_agree_with_their_nouns() -> None:
    from firmware.messages.i18n import colour, colour_forms

    assert t("play.liz.lizard", "pl", colour=colour("green", "pl")) == "jaszczurka zielona"
    assert t("play.liz.lizard", "en", colour=colour("green", "en")) == "lizard green"
    assert colour_forms("blue", "pl") == {"blue", "niebieski", "niebieska", "niebieskie"}
    assert f"{colour('purple', 'pl'):n}" == "fioletowe"
