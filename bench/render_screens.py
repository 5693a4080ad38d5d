"""Draw every screen of the appliance as a PNG (and a 4x contact sheet) in a folder, to look at.

    .venv/bin/python -m bench.render_screens [OUT_DIR] [--lang pl|en|all] [--scale 4]

Each screen is drawn on luma's dummy device (128x64, mode "1"), exactly as the tests draw it,
and the time to draw each is printed (the figure behind "from a settled frame to the OLED").
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from luma.core.device import dummy
from luma.core.render import canvas
from PIL import Image, ImageDraw

from firmware.screens.render import render
from firmware.screens.samples import samples


def contact_sheet(images: list[tuple[str, Image.Image]], scale: int, columns: int = 3) -> Image.Image:
    """The screens scaled up ``scale`` times, in a grid on grey, each captioned with its name."""
    w, h = 128 * scale, 64 * scale
    gap, caption = 2 * scale, 14
    rows = -(-len(images) // columns)
    sheet = Image.new("L", (columns * (w + gap) + gap, rows * (h + gap + caption) + gap), 96)
    draw = ImageDraw.Draw(sheet)
    for i, (name, img) in enumerate(images):
        column, row = i % columns, i // columns
        x, y = gap + column * (w + gap), gap + row * (h + gap + caption)
        draw.text((x, y), name, fill=255)
        sheet.paste(img.resize((w, h), Image.Resampling.NEAREST).convert("L"), (x, y + caption))
    return sheet


def reading_to_choices(device: Any) -> list[tuple[str, float]]:
    """Milliseconds from a settled reading (``DiceRead``) to the choices drawn: the machine's two
    steps (the reading shown, OK confirms it, the advice is computed) and the drawing of both."""
    from firmware.devices.buttons import ButtonEvent
    from firmware.machine.step import DiceRead, Show, start, step
    from firmware.screens.samples import sample_setup
    from vision.reading import Die, Reading

    setup = sample_setup()
    rolls = {"shut-the-box": (3, 5), "stonoga": ("red", "red", "star", "blue")}
    out = []
    for title, faces in rolls.items():
        state, _ = start(setup, lang="pl", title=title)
        for _ in range(3):  # the game, the players, who starts
            state, _ = step(state, ButtonEvent.OK)
        dice = tuple(Die(f, 0.95, "ok", (100 + 50 * i, 200, 40, 40)) for i, f in enumerate(faces))
        began = time.perf_counter()
        for event in (DiceRead(Reading(dice, 640, 480)), ButtonEvent.OK):
            state, effects = step(state, event)
            for effect in effects:
                if isinstance(effect, Show):
                    with canvas(device) as draw:
                        render(draw, device.width, device.height, effect.view)
        out.append((title, (time.perf_counter() - began) * 1000))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", default="/tmp/kostka-screens", help="folder for the PNGs")
    parser.add_argument("--lang", default="all", choices=["pl", "en", "all"])
    parser.add_argument("--scale", type=int, default=4)
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    device = dummy(width=128, height=64, mode="1")
    cold = reading_to_choices(device)  # first, while no advice is cached yet
    times: list[float] = []
    for lang in ("pl", "en") if args.lang == "all" else (args.lang,):
        images: list[tuple[str, Image.Image]] = []
        for name, view in samples(lang):
            began = time.perf_counter()
            with canvas(device) as draw:
                render(draw, device.width, device.height, view)
            times.append(time.perf_counter() - began)
            image = device.image.copy()
            image.save(out / f"{name}.{lang}.png")
            images.append((name, image))
        contact_sheet(images, args.scale).save(out / f"contact-sheet.{lang}.png")
    median, worst = statistics.median(times) * 1000, max(times) * 1000
    print(f"{len(times)} screens in {out}; draw time per screen: median {median:.2f} ms, max {worst:.2f} ms")
    for title, ms in cold:
        print(f"{title}: settled reading -> choices drawn (machine + screens, cold advisor): {ms:.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
