"""The OLED drawn in a terminal: the display stand-in where there is no I2C screen.

Half blocks (two pixel rows per text line) or Braille (2 x 4 pixels per character), in a frame;
optionally each image saved as a PNG frame and everything shown as an animated GIF, drawn
``GIF_SCALE`` times larger in a dark bezel so that it can be watched on a laptop's screen.
``open_display("terminal")`` (``firmware.devices.display``) builds one.
"""

from __future__ import annotations

import shutil
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from PIL import Image

from firmware.devices.display import HEIGHT, WIDTH, Closing, as_screen_image

HALF_BLOCKS = {(False, False): " ", (True, False): "▀", (False, True): "▄", (True, True): "█"}
GIF_SCALE = 4
"""Each OLED pixel is this many GIF pixels a side (nearest neighbour: the pixels stay sharp)."""
GIF_BEZEL = 24
"""The dark border around the screen in the GIF, in GIF pixels."""
GIF_PALETTE = (0, 0, 0, 225, 240, 255, 40, 42, 46)
"""The GIF's three colours: a dark pixel, a lit one (an OLED's cold white), the bezel."""


def half_block_lines(image: Image.Image) -> list[str]:
    """A 1-bit image as text, two pixel rows per line (top, bottom) -> ' ', '▀', '▄' or '█'.

    >>> img = Image.new("1", (3, 3))
    >>> for xy in [(0, 0), (1, 1), (2, 0), (2, 1), (0, 2)]:
    ...     img.putpixel(xy, 1)
    >>> half_block_lines(img)
    ['▀▄█', '▀  ']
    """
    img = image if image.mode == "1" else image.convert("1", dither=Image.Dither.NONE)
    w, h = img.size
    px = img.load()
    assert px is not None
    lines = []
    for y in range(0, h, 2):
        row = []
        for x in range(w):
            top = bool(px[x, y])
            bottom = bool(px[x, y + 1]) if y + 1 < h else False
            row.append(HALF_BLOCKS[top, bottom])
        lines.append("".join(row))
    return lines


BRAILLE_DOTS = ((0, 0, 0x01), (0, 1, 0x02), (0, 2, 0x04), (1, 0, 0x08), (1, 1, 0x10), (1, 2, 0x20),
                (0, 3, 0x40), (1, 3, 0x80))


def braille_lines(image: Image.Image) -> list[str]:
    """A 1-bit image as Braille cells, 2 x 4 pixels each: a 128x64 screen fits in 64 x 16 characters,
    so an 80 x 24 terminal shows it whole (half blocks need 128 x 32).

    >>> img = Image.new("1", (4, 4))
    >>> for xy in [(0, 0), (1, 3), (2, 1)]:
    ...     img.putpixel(xy, 1)
    >>> braille_lines(img)
    ['⢁⠂']
    """
    img = image if image.mode == "1" else image.convert("1", dither=Image.Dither.NONE)
    w, h = img.size
    px = img.load()
    assert px is not None
    lines = []
    for y in range(0, h, 4):
        row = []
        for x in range(0, w, 2):
            bits = 0
            for dx, dy, bit in BRAILLE_DOTS:
                if x + dx < w and y + dy < h and px[x + dx, y + dy]:
                    bits |= bit
            row.append(chr(0x2800 + bits))
        lines.append("".join(row))
    return lines


TERMINAL_STYLES = ("auto", "half", "braille")


class TerminalDisplay(Closing):
    """The OLED drawn in a terminal, with a frame around it; can keep PNG frames and a GIF.

    ``frames_dir``: each shown image is saved as ``frame-00001.png``... (scaled by ``scale``).
    ``gif_path``: on ``close`` all shown images go into one animated GIF (``GIF_SCALE`` times larger,
    in a bezel); an image shown twice in a row extends the previous frame. Each frame lasts
    ``frame_ms`` if given, else as long as it was on screen by ``clock`` (at least 100 ms, at most
    10 s): the demo's clock is its pace's (``firmware.standins.pace``), not the wall's.
    ``stream``: where to draw (None: draw nothing, e.g. for ``--frames-out`` only). On a terminal
    each frame overwrites the previous one.
    ``style``: ``half`` blocks (1 character = 1 x 2 pixels: needs 130 x 34 characters), ``braille``
    (2 x 4 pixels: 66 x 18, fits any terminal) or ``auto``: half blocks where the terminal is big
    enough, Braille elsewhere.
    """

    def __init__(
        self,
        stream: TextIO | None = sys.stdout,
        *,
        frames_dir: Path | None = None,
        gif_path: Path | None = None,
        scale: int = 1,
        frame_ms: int | None = None,
        width: int = WIDTH,
        height: int = HEIGHT,
        clock: Callable[[], float] = time.monotonic,
        style: str = "auto",
    ) -> None:
        if scale < 1:
            raise ValueError(f"scale {scale} must be 1 or more")
        if style not in TERMINAL_STYLES:
            raise ValueError(f"terminal style {style!r} is not one of {', '.join(TERMINAL_STYLES)}")
        self.style = style
        self.width, self.height = width, height
        self.stream = stream
        self.frames_dir = frames_dir
        self.gif_path = gif_path
        self.scale = scale
        self.frame_ms = frame_ms
        self.frames_saved = 0
        self._clock = clock
        self._gif_frames: list[Image.Image] = []
        self._gif_starts: list[float] = []
        self._drawn_lines = 0
        self.last: Image.Image | None = None
        if frames_dir is not None:
            frames_dir.mkdir(parents=True, exist_ok=True)

    def show(self, image: Image.Image) -> None:
        if self.closed:
            return
        frame = as_screen_image(image, (self.width, self.height))
        self.last = frame
        if self.stream is not None:
            self._draw(frame)
        if self.frames_dir is not None:
            self.frames_saved += 1
            self._scaled(frame).save(self.frames_dir / f"frame-{self.frames_saved:05d}.png")
        if self.gif_path is not None:
            if self._gif_frames and self._gif_frames[-1].tobytes() == frame.tobytes():
                return
            self._gif_frames.append(frame)
            self._gif_starts.append(self._clock())

    def render_text(self, image: Image.Image) -> str:
        """The framed text picture of ``image``, as ``show`` draws it."""
        lines = braille_lines(image) if self._style_now(image) == "braille" else half_block_lines(image)
        top = "┌" + "─" * len(lines[0]) + "┐"
        bottom = "└" + "─" * len(lines[0]) + "┘"
        return "\n".join([top, *("│" + line + "│" for line in lines), bottom]) + "\n"

    def _draw(self, frame: Image.Image) -> None:
        assert self.stream is not None
        text = self.render_text(frame)
        if self._drawn_lines and self._is_tty():
            self.stream.write(f"\x1b[{self._drawn_lines}F")  # back to the top of the last frame
        self.stream.write(text)
        self.stream.flush()
        self._drawn_lines = text.count("\n")

    def _style_now(self, image: Image.Image) -> str:
        if self.style != "auto":
            return self.style
        if not self._is_tty():
            return "half"
        size = shutil.get_terminal_size()
        fits = size.columns >= image.width + 2 and size.lines >= (image.height + 1) // 2 + 2
        return "half" if fits else "braille"

    def _is_tty(self) -> bool:
        isatty = getattr(self.stream, "isatty", None)
        return bool(isatty and isatty())

    def _scaled(self, frame: Image.Image) -> Image.Image:
        if self.scale == 1:
            return frame
        size = (frame.width * self.scale, frame.height * self.scale)
        return frame.resize(size, Image.Resampling.NEAREST)

    def gif_durations(self) -> list[int]:
        """Milliseconds each GIF frame lasts (see the class docstring)."""
        if self.frame_ms is not None:
            return [self.frame_ms] * len(self._gif_frames)
        ends = [*self._gif_starts[1:], self._clock()]
        starts = self._gif_starts
        return [min(10_000, max(100, round((e - s) * 1000))) for s, e in zip(starts, ends, strict=True)]

    def save_gif(self, path: Path) -> None:
        """Write every distinct frame shown so far into an animated GIF at ``path``."""
        if not self._gif_frames:
            return
        path.parent.mkdir(parents=True, exist_ok=True)
        frames = [gif_frame(f) for f in self._gif_frames]
        frames[0].save(
            path,
            format="GIF",
            save_all=True,
            append_images=frames[1:],
            duration=self.gif_durations(),
            loop=0,
            optimize=False,
        )

    def close(self) -> None:
        """Write the GIF (if asked for); safe to call more than once."""
        if self.closed:
            return
        self.closed = True
        if self.gif_path is not None:
            self.save_gif(self.gif_path)


def gif_frame(frame: Image.Image, scale: int = GIF_SCALE, bezel: int = GIF_BEZEL) -> Image.Image:
    """A 1-bit frame as the GIF shows it: ``scale`` times larger, in a ``bezel`` wide border, as a
    palette image (Pillow 9.4 cannot save "L" frames as a GIF).

    >>> screen = Image.new("1", (128, 64))
    >>> screen.putpixel((0, 0), 1)
    >>> shown = gif_frame(screen)
    >>> shown.size, shown.getpixel((0, 0)), shown.getpixel((24, 24)), shown.getpixel((28, 24))
    ((560, 304), 2, 1, 0)
    """
    size = (frame.width * scale, frame.height * scale)
    indexes = frame.convert("L").point(lambda v: 1 if v else 0).resize(size, Image.Resampling.NEAREST)
    image = Image.new("P", (size[0] + 2 * bezel, size[1] + 2 * bezel), 2)
    image.putpalette(GIF_PALETTE)
    image.paste(Image.frombytes("P", size, indexes.tobytes()), (bezel, bezel))
    return image
