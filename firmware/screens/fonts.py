"""The fonts Kostka draws with: DejaVu TTFs shipped in ``firmware/data/fonts`` (licence beside them).

Every screen uses these files, never ``ImageFont.load_default()``: Bookworm's Pillow 9.4 returns a
bitmap font without Polish letters, so a laptop and a Pi would draw different screens. Layout is
Pillow's BASIC engine on every machine for the same reason (libraqm may or may not be present).

>>> f = font(16)
>>> f.size, face_name(f)
(16, 'DejaVu Sans Bold')
"""

from __future__ import annotations

import enum
import functools
from pathlib import Path

from PIL import ImageFont

from firmware.errors import KostkaError

FONT_DIR = Path(__file__).resolve().parents[1] / "data" / "fonts"


class Face(enum.Enum):
    """The three shipped faces; the value is the file name in ``FONT_DIR``."""

    SANS = "DejaVuSans.ttf"
    BOLD = "DejaVuSans-Bold.ttf"
    MONO = "DejaVuSansMono.ttf"


class FontMissingError(KostkaError, FileNotFoundError):
    """A shipped font file is gone (a broken install)."""


def font_path(face: Face = Face.BOLD) -> Path:
    """Where ``face``'s TTF lives; raises FontMissingError with what to do if it is not there."""
    path = FONT_DIR / face.value
    if not path.is_file():
        raise FontMissingError(
            f"font file {path} is missing: reinstall Kostka (the fonts ship inside the package)"
        )
    return path


@functools.lru_cache(maxsize=64)
def font(size: int, face: Face = Face.BOLD) -> ImageFont.FreeTypeFont:
    """The shipped ``face`` at ``size`` pixels (cached: screens ask for the same few again and again)."""
    if not 4 <= size <= 128:
        raise ValueError(f"font size {size} px is outside 4-128 px")
    return ImageFont.truetype(str(font_path(face)), size, layout_engine=ImageFont.Layout.BASIC)


def face_name(f: ImageFont.FreeTypeFont) -> str:
    """The family and style FreeType reports, e.g. ``'DejaVu Sans Bold'``."""
    family, style = f.getname()
    return f"{family} {style}" if style and style != "Book" else str(family)
