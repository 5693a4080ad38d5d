"""The display: luma's dummy device, luma's real SSD1306 and SH1106 drivers talking to a recording
serial interface, clear errors for a missing OLED, and the terminal stand-in with PNG/GIF frames."""

from __future__ import annotations

import doctest
import errno
import io
from pathlib import Path

import pytest
from luma.core.interface.serial import i2c
from PIL import Image, ImageChops, ImageDraw, ImageSequence

import firmware.devices.display
import firmware.standins.terminal_display
from firmware.devices.display import DisplayError, LumaDisplay, open_display
from firmware.screens.drawing import draw_text, new_screen
from firmware.standins.terminal_display import (
    GIF_BEZEL,
    GIF_PALETTE,
    GIF_SCALE,
    TerminalDisplay,
    half_block_lines,
)

# luma's drivers call Image.getdata, which Pillow 13 deprecates; not ours to fix.
pytestmark = pytest.mark.filterwarnings("ignore:Image.Image.getdata:DeprecationWarning")


class RecordingSerial:
    """What luma's drivers need of a serial interface, recording everything sent."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, list[int]]] = []
        self.cleanups = 0

    def command(self, *cmd: int) -> None:
        self.sent.append(("command", list(cmd)))

    def data(self, data: list[int] | bytes) -> None:
        self.sent.append(("data", list(data)))

    def cleanup(self) -> None:
        self.cleanups += 1

    def commands(self) -> list[list[int]]:
        return [c for kind, c in self.sent if kind == "command"]

    def data_bytes(self) -> list[int]:
        return [b for kind, d in self.sent if kind == "data" for b in d]


def sample_image() -> Image.Image:
    """A frame with text, a box and lone pixels in the corners: every page and bit is exercised."""
    img = new_screen()
    draw = ImageDraw.Draw(img)
    draw_text(draw, (0, 0, 128, 40), "Zażółć")
    draw.rectangle((3, 44, 60, 60), outline=255)
    for xy in [(0, 0), (127, 0), (0, 63), (127, 63), (5, 9), (64, 31)]:
        img.putpixel(xy, 255)
    return img


def ssd1306_page_order(img: Image.Image) -> list[int]:
    """The bytes an SSD1306 in horizontal addressing mode expects: page by page (8 rows each),
    column by column, bit n = row 8 * page + n. Computed here from the pixels, not by luma."""
    px = img.convert("1").load()
    assert px is not None
    out = []
    for page in range(img.height // 8):
        for x in range(img.width):
            out.append(sum(1 << bit for bit in range(8) if px[x, page * 8 + bit]))
    return out


def test_module_examples() -> None:
    assert doctest.testmod(firmware.devices.display).failed == 0
    assert doctest.testmod(firmware.standins.terminal_display).failed == 0


def test_dummy_device_keeps_the_image_shown() -> None:
    with open_display("dummy") as display:
        assert isinstance(display, LumaDisplay)
        img = sample_image()
        display.show(img)
        assert display.image is not None
        assert ImageChops.difference(display.image, img).getbbox() is None
        grey = Image.new("L", (128, 64), 0)
        grey.putpixel((10, 10), 255)
        display.show(grey)  # other modes are converted, without dithering
        assert display.image.getbbox() == (10, 10, 11, 11)


def test_dummy_frames_compare_equal_with_saved_pngs(tmp_path: Path) -> None:
    """Pillow stores a mode "1" pixel drawn with 1 as 1 and a decoded one as 255, so an
    ImageChops.difference against a reference PNG would see every lit pixel; frames are repacked."""
    drawn = Image.new("1", (128, 64))
    ImageDraw.Draw(drawn).rectangle((10, 10, 50, 30), fill=1)
    reference = tmp_path / "screen.png"
    drawn.save(reference)
    with open_display("dummy") as display:
        assert isinstance(display, LumaDisplay)
        display.show(drawn)
        assert display.image is not None
        assert ImageChops.difference(display.image, Image.open(reference)).getbbox() is None


def test_an_image_of_the_wrong_size_is_refused_with_both_sizes() -> None:
    with open_display("dummy") as display, pytest.raises(ValueError, match="128x64 pixels, the image 64x32"):
        display.show(Image.new("1", (64, 32)))


def test_ssd1306_driver_initialises_the_panel() -> None:
    serial = RecordingSerial()
    open_display("ssd1306", serial=serial)
    init = serial.commands()[0]
    assert init[0] == 0xAE  # display off while configuring
    for pair in ([0xA8, 0x3F], [0x8D, 0x14], [0xDA, 0x12]):  # 64 rows, charge pump on, COM pins
        assert any(init[i : i + 2] == pair for i in range(len(init) - 1)), pair
    assert [0x81, 0xCF] in serial.commands()  # contrast
    assert serial.commands()[-1] == [0xAF]  # display on, last
    assert serial.data_bytes() == [0] * 1024  # the panel starts blank


def test_ssd1306_frame_is_1024_bytes_in_page_order() -> None:
    serial = RecordingSerial()
    display = open_display("ssd1306", serial=serial)
    serial.sent.clear()
    img = sample_image()
    display.show(img)
    assert serial.commands() == [[0x21, 0, 127, 0x22, 0, 7]]  # columns 0-127, pages 0-7
    sent = serial.data_bytes()
    assert len(sent) == 1024
    assert sent == ssd1306_page_order(img)
    assert sent[0] & 1 and sent[127] & 1  # top corners: page 0, bit 0
    assert sent[7 * 128] & 0x80 and sent[1023] & 0x80  # bottom corners: page 7, bit 7
    assert sent[128 + 5] & 0b10  # (5, 9): page 1, bit 1


def test_ssd1306_rotated_half_a_turn_sends_the_turned_image() -> None:
    serial = RecordingSerial()
    display = open_display("ssd1306", serial=serial, rotate=2)
    serial.sent.clear()
    img = sample_image()
    display.show(img)
    assert serial.data_bytes() == ssd1306_page_order(img.rotate(180))


def test_sh1106_sends_eight_pages_of_128_bytes() -> None:
    serial = RecordingSerial()
    display = open_display("sh1106", serial=serial)
    assert serial.commands()[0][0] == 0xAE
    serial.sent.clear()
    img = sample_image()
    display.show(img)
    kinds = [kind for kind, _ in serial.sent]
    assert kinds == ["command", "data"] * 8
    assert [c[0] for c in serial.commands()] == [0xB0 + page for page in range(8)]
    assert all(len(d) == 128 for kind, d in serial.sent if kind == "data")
    assert serial.data_bytes() == ssd1306_page_order(img)


def test_close_blanks_once_and_releases_the_bus() -> None:
    serial = RecordingSerial()
    display = open_display("ssd1306", serial=serial)
    serial.sent.clear()
    display.close()
    display.close()
    assert serial.commands()[0] == [0xAE]  # off
    assert serial.cleanups == 1
    display.show(sample_image())  # a closed display ignores frames
    assert len(serial.data_bytes()) == 1024  # only the blank frame of close()


def test_no_i2c_bus_says_to_turn_it_on_and_run_i2cdetect() -> None:
    if Path("/dev/i2c-1").exists():
        pytest.skip("this machine has an I2C bus 1")
    with pytest.raises(DisplayError, match=r"There is no /dev/i2c-1.*i2cdetect -y 1") as raised:
        open_display("ssd1306")
    assert "i2cdetect -y 1" in raised.value.message("pl")


class SilentBus:
    """An smbus whose device does not answer: the kernel says EREMOTEIO."""

    def write_i2c_block_data(self, address: int, register: int, data: list[int]) -> None:
        raise OSError(errno.EREMOTEIO, "Remote I/O error")

    def close(self) -> None:
        pass


def test_no_oled_at_the_address_says_check_wiring_and_i2cdetect() -> None:
    serial = i2c(bus=SilentBus(), address=0x3D)  # luma's real I2C class and its own error
    with pytest.raises(DisplayError) as raised:
        open_display("sh1106", serial=serial, address=0x3D)
    text = str(raised.value)
    assert "0x3D" in text and "wiring" in text and "i2cdetect -y 1" in text
    assert "przewody" in raised.value.message("pl")
    assert "Traceback" not in text


def test_no_permission_names_the_i2c_group(monkeypatch: pytest.MonkeyPatch) -> None:
    from luma.core.error import DevicePermissionError

    def refused(**kwargs: object) -> None:
        raise DevicePermissionError("I2C device permission denied: /dev/i2c-1")

    monkeypatch.setattr("luma.core.interface.serial.i2c", refused)
    with pytest.raises(DisplayError, match="i2c group"):
        open_display("ssd1306")


def test_a_failing_write_mid_game_is_a_display_error() -> None:
    serial = RecordingSerial()
    display = open_display("ssd1306", serial=serial)

    def broken(data: object) -> None:
        raise OSError(errno.EIO, "Input/output error")

    serial.data = broken  # type: ignore[method-assign]
    with pytest.raises(DisplayError, match="stopped answering"):
        display.show(sample_image())


def test_unknown_driver_lists_the_choices() -> None:
    with pytest.raises(DisplayError, match="ssd1306, sh1106, terminal, dummy"):
        open_display("st7735")


# --- the terminal stand-in --------------------------------------------------------------------------


def test_half_blocks_of_a_known_image() -> None:
    img = Image.new("1", (4, 4))
    for xy in [(0, 0), (1, 1), (2, 0), (2, 1), (3, 2), (3, 3), (0, 3)]:
        img.putpixel(xy, 255)
    assert half_block_lines(img) == ["▀▄█ ", "▄  █"]


def test_terminal_draws_the_whole_screen_in_a_frame() -> None:
    out = io.StringIO()
    with TerminalDisplay(out) as display:
        img = new_screen()
        img.putpixel((0, 0), 255)
        img.putpixel((127, 63), 255)
        display.show(img)
    lines = out.getvalue().splitlines()
    assert len(lines) == 32 + 2
    assert {len(line) for line in lines} == {130}
    assert lines[1] == "│▀" + " " * 127 + "│"
    assert lines[32] == "│" + " " * 127 + "▄│"
    assert set(lines[0]) == {"┌", "─", "┐"}


class FakeTty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_terminal_redraws_in_place_on_a_tty() -> None:
    out = FakeTty()
    display = TerminalDisplay(out, style="half")
    display.show(new_screen())
    first = len(out.getvalue())
    display.show(sample_image())
    assert out.getvalue()[first:].startswith("\x1b[34F")  # back up over the 34 lines drawn


def test_png_frames_and_gif_of_everything_shown(tmp_path: Path) -> None:
    a, b = new_screen(), sample_image()
    display = TerminalDisplay(None, frames_dir=tmp_path / "frames", gif_path=tmp_path / "game.gif", scale=2,
                              frame_ms=250)
    for img in (a, a, b):
        display.show(img)
    display.close()
    display.close()
    pngs = sorted((tmp_path / "frames").glob("*.png"))
    assert [p.name for p in pngs] == ["frame-00001.png", "frame-00002.png", "frame-00003.png"]
    third = Image.open(pngs[2])
    assert third.size == (256, 128)
    small = third.convert("1").resize((128, 64), Image.Resampling.NEAREST)
    assert ImageChops.difference(small, b).getbbox() is None

    with Image.open(tmp_path / "game.gif") as gif:
        assert gif.size == (128 * GIF_SCALE + 2 * GIF_BEZEL, 64 * GIF_SCALE + 2 * GIF_BEZEL)
        shown = []
        for frame in ImageSequence.Iterator(gif):
            assert frame.info["duration"] == 250
            rgb = frame.convert("RGB")
            assert rgb.getpixel((0, 0)) == rgb.getpixel((gif.width - 1, gif.height - 1)) == GIF_PALETTE[6:]
            screen = rgb.crop((GIF_BEZEL, GIF_BEZEL, gif.width - GIF_BEZEL, gif.height - GIF_BEZEL))
            mono = screen.convert("L").point(lambda v: 255 if v > 127 else 0).convert("1")
            shown.append(mono.resize((128, 64), Image.Resampling.NEAREST))
    assert len(shown) == 2  # the repeated first image is one longer frame
    assert ImageChops.difference(shown[0], a).getbbox() is None
    assert ImageChops.difference(shown[1], b).getbbox() is None


def test_gif_frames_last_as_long_as_they_were_shown(tmp_path: Path) -> None:
    times = iter([0.0, 0.05, 2.0, 3.5])
    display = TerminalDisplay(None, gif_path=tmp_path / "g.gif", clock=lambda: next(times))
    blank, text = new_screen(), sample_image()
    display.show(blank)  # at 0.0
    display.show(text)  # at 0.05: the blank frame is shorter than 100 ms, so it gets 100
    display.show(blank)  # at 2.0
    assert display.gif_durations() == [100, 1950, 1500]  # the last one ends "now", 3.5


def test_a_small_terminal_gets_the_screen_in_braille(monkeypatch: pytest.MonkeyPatch) -> None:
    import os
    import shutil

    monkeypatch.setattr(shutil, "get_terminal_size", lambda *a, **k: os.terminal_size((80, 24)))
    out = FakeTty()
    display = TerminalDisplay(out)
    display.show(sample_image())
    lines = out.getvalue().splitlines()
    assert len(lines) == 18 and {len(line) for line in lines} == {66}
    cells = "".join(line[1:-1] for line in lines[1:-1])
    assert all(0x2800 <= ord(c) <= 0x28FF for c in cells)
    lit = sum(bin(ord(c) - 0x2800).count("1") for c in cells)
    image = sample_image().convert("1")
    assert lit == sum(1 for v in image.getdata() if v)  # every lit pixel is one Braille dot


def test_a_big_terminal_gets_half_blocks(monkeypatch: pytest.MonkeyPatch) -> None:
    import os
    import shutil

    monkeypatch.setattr(shutil, "get_terminal_size", lambda *a, **k: os.terminal_size((140, 40)))
    out = FakeTty()
    TerminalDisplay(out).show(sample_image())
    assert len(out.getvalue().splitlines()) == 34
