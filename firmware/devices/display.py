"""Kostka's 128x64 1-bit screen: an SSD1306/SH1106 OLED through luma, or a stand-in.

One small interface, ``Display``: ``show(image)`` and ``close()`` (idempotent; also a context
manager). ``open_display`` builds one from the config's words:

- ``ssd1306`` / ``sh1106``: luma.oled's driver on luma's I2C (port, address);
- ``dummy``: luma.core's dummy device, which keeps the last image in ``.image`` (tests);
- ``terminal``: the stand-in ``firmware.standins.terminal_display``: the image drawn in a terminal
  with half blocks, two pixel rows per text line, optionally saved as PNG frames and as an
  animated GIF of everything shown.

A missing or silent I2C device becomes a ``DisplayError`` whose message says what to check
(wiring, ``i2cdetect -y 1``), in English via ``str()`` or in any language via ``message(lang)``.
Screens are never drawn here: the loop hands over finished images.
"""

from __future__ import annotations

import contextlib
import importlib
import sys
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from types import TracebackType
from typing import Any, Protocol, Self, TextIO

from PIL import Image

from firmware.errors import KostkaError

WIDTH, HEIGHT = 128, 64
DRIVERS = ("ssd1306", "sh1106", "terminal", "dummy")
STAND_INS: Mapping[str, str] = {"terminal": "firmware.standins.terminal_display:TerminalDisplay"}
"""Drivers that are stand-ins, not hardware: the module and class that draw them (loaded by name)."""


class DisplayError(KostkaError, RuntimeError):
    """A display that cannot be opened or written; ``str()`` is English, ``message(lang)`` any language."""


class Display(Protocol):
    """What the loop needs of a screen."""

    width: int
    height: int

    def show(self, image: Image.Image) -> None: ...

    def leave_on(self) -> None: ...

    def close(self) -> None: ...

    def __enter__(self) -> Self: ...

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None
    ) -> None: ...


def as_screen_image(image: Image.Image, size: tuple[int, int] = (WIDTH, HEIGHT)) -> Image.Image:
    """A copy of ``image`` as a mode "1" image of ``size`` with pixels 0 or 255.

    A wrong size is a ValueError that says both sizes.
    """
    if image.size != size:
        raise ValueError(f"the screen is {size[0]}x{size[1]} pixels, the image {image.width}x{image.height}")
    if image.mode != "1":
        image = image.convert("1", dither=Image.Dither.NONE)
    # Pixels drawn with fill=1 are stored as 1, decoded ones as 255: repack so frames compare equal.
    return Image.frombytes("1", image.size, image.tobytes())


class Closing:
    """The idempotent ``close`` and the context manager every display shares."""

    closed = False

    def leave_on(self) -> None:
        """Keep the last image shown after ``close`` (an error the person must read); a stand-in
        keeps it anyway."""

    def close(self) -> None:
        self.closed = True

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()


class LumaDisplay(Closing):
    """Any luma device (ssd1306, sh1106, dummy) behind the ``Display`` interface."""

    def __init__(self, device: Any, *, port: int = 1) -> None:
        self.device = device
        self.width: int = device.width
        self.height: int = device.height
        self._port = port
        from luma.core.error import Error as LumaError

        self._luma_error: type[Exception] = LumaError

    @property
    def image(self) -> Image.Image | None:
        """The last image a dummy device received (None for real drivers)."""
        return getattr(self.device, "image", None)

    def show(self, image: Image.Image) -> None:
        """Send one frame; an I2C failure becomes DisplayError (the loop decides what to do)."""
        if self.closed:
            return
        frame = as_screen_image(image, (self.width, self.height))
        try:
            self.device.display(frame)
        except (OSError, self._luma_error) as error:
            raise DisplayError("display.write_failed", reason=str(error), port=self._port) from error

    def leave_on(self) -> None:
        """``close`` (and luma at exit) release the bus but leave the last image lit."""
        self.device.persist = True

    def close(self) -> None:
        """Blank the OLED (unless ``leave_on``) and release the bus; safe to call more than once."""
        if self.closed:
            return
        self.closed = True
        with contextlib.suppress(OSError, self._luma_error):  # a display that is gone needs no blanking
            self.device.cleanup()


def open_display(
    driver: str = "ssd1306",
    *,
    port: int = 1,
    address: int = 0x3C,
    rotate: int = 0,
    stream: TextIO | None = sys.stdout,
    frames_dir: Path | None = None,
    gif_path: Path | None = None,
    scale: int = 1,
    frame_ms: int | None = None,
    clock: Callable[[], float] = time.monotonic,
    serial: Any = None,
) -> Display:
    """The display the config names. ``serial`` replaces luma's I2C (tests: a recording interface);
    ``clock`` times a stand-in's GIF frames.

    Raises DisplayError for an unknown driver or an OLED that is not there.
    """
    if driver in STAND_INS:
        module_name, _, name = STAND_INS[driver].partition(":")
        stand_in: Display = getattr(importlib.import_module(module_name), name)(
            stream, frames_dir=frames_dir, gif_path=gif_path, scale=scale, frame_ms=frame_ms, clock=clock
        )
        return stand_in
    if driver == "dummy":
        from luma.core.device import dummy

        return LumaDisplay(dummy(width=WIDTH, height=HEIGHT, rotate=rotate, mode="1"), port=port)
    if driver not in ("ssd1306", "sh1106"):
        raise DisplayError("display.unknown_driver", driver=repr(driver), choices=", ".join(DRIVERS))

    from luma.core.error import DeviceNotFoundError, DevicePermissionError
    from luma.oled.device import sh1106, ssd1306

    where = f"0x{address:02X}"
    path = f"/dev/i2c-{port}"
    try:
        if serial is None:
            from luma.core.interface.serial import i2c

            serial = i2c(port=port, address=address)
        driver_class = ssd1306 if driver == "ssd1306" else sh1106
        device = driver_class(serial, width=WIDTH, height=HEIGHT, rotate=rotate)
    except DevicePermissionError as error:
        raise DisplayError("display.permission", path=path) from error
    except DeviceNotFoundError as error:
        if "address" in str(error):
            raise DisplayError("display.not_found", port=port, address=where) from error
        raise DisplayError("display.no_bus", path=path, port=port) from error
    except OSError as error:  # e.g. the bus exists but the write fails in another way
        raise DisplayError("display.not_found", port=port, address=where) from error
    return LumaDisplay(device, port=port)
