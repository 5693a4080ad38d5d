"""The Raspberry Pi camera through picamera2, imported only when a camera is opened.

The calls used, and what they raise, follow picamera2's own code and manual
(raspberrypi/picamera2, picamera2/picamera2.py and picamera2/job.py; "The Picamera2 Library" manual):

- ``Picamera2(camera_num)`` opens camera ``camera_num``. With no camera attached it raises
  ``IndexError: list index out of range`` (0.3.x: ``global_camera_info()[camera_num]``); when the
  camera cannot be acquired (busy, legacy stack) ``RuntimeError("Camera __init__ sequence did not
  complete.")``; older releases raise ``RuntimeError("Camera(s) not found ...")``.
- ``create_preview_configuration(main={"format": "RGB888", "size": (w, h)})`` -> a dict (bad keys:
  ``ValueError``); odd sizes are trimmed to even. ``configure(config)``; ``start()`` (no preview
  window: a null event loop runs in a thread).
- ``capture_array("main", wait=seconds)`` -> ``(h, w, 3)`` uint8 for 24-bit formats. ``wait`` as a
  number makes it raise ``TimeoutError`` when no frame comes (e.g. the ribbon cable came loose);
  ``cancel_all_and_flush()`` then tidies the job queue "so that the camera can be closed".
- ``stop()`` does nothing when not started; ``close()`` stops, releases and does nothing when closed.

Byte order: libcamera names formats as little-endian words, so the bytes of each pixel run the other
way. picamera2's manual (appendix A) lists ``RGB888`` as [B, G, R] per pixel and ``BGR888`` as
[R, G, B], and its own code agrees (picamera2/request.py makes PIL images with raw mode "BGR" for
``RGB888`` and "RGB" for ``BGR888``; issue #191: ``XRGB8888`` is [B, G, R, X], "what OpenCV expects").
So the OpenCV-ready format is ``RGB888``, the default here; any of the four RGB formats may be
asked for and ``read()`` still returns BGR (``BGR888`` then costs a channel swap). Some sensors or
releases have been reported to deliver the other order (issues #848, #1325): ``swap_red_blue``
corrects that; check once with a red die.
"""

from __future__ import annotations

import contextlib
import importlib
from typing import Any

import numpy as np

from firmware.camera import DEFAULT_SIZE, CameraError, Frame, SourceBase, check_size

INSTALL_ADVICE = (
    "On Raspberry Pi OS: sudo apt install python3-picamera2 --no-install-recommends, and make the "
    "virtual environment with 'python3 -m venv --system-site-packages' so it sees that package "
    "(it needs numpy 1.x there); elsewhere use 'usb:0', a video file or an image folder"
)

BGR_IN_MEMORY = {"RGB888": True, "XRGB8888": True, "BGR888": False, "XBGR8888": False}
"""For each format picamera2 can give as an image array: are its bytes already in OpenCV's B, G, R order?"""


class Picamera2Source(SourceBase):
    """BGR frames from a Raspberry Pi camera (picamera2 is imported here, not at module import).

    ``picamera2_class`` replaces ``picamera2.Picamera2`` (for tests, or a wrapper); by default the
    module is imported when the source is made, and a missing module becomes a ``CameraError``.
    """

    def __init__(
        self,
        size: tuple[int, int] = DEFAULT_SIZE,
        camera_num: int = 0,
        *,
        pixel_format: str = "RGB888",
        swap_red_blue: bool = False,
        capture_timeout_s: float = 2.0,
        picamera2_class: Any = None,
    ) -> None:
        self.size = check_size(size)
        if pixel_format not in BGR_IN_MEMORY:
            raise ValueError(f"pixel_format must be one of {sorted(BGR_IN_MEMORY)}, got {pixel_format!r}")
        self.camera_num = camera_num
        self.pixel_format = pixel_format
        self.swap_red_blue = swap_red_blue
        self._swap = swap_red_blue != (not BGR_IN_MEMORY[pixel_format])
        self.capture_timeout_s = capture_timeout_s
        width, height = self.size
        super().__init__(
            f"picamera2:{camera_num}",
            f"Raspberry Pi camera {camera_num} (picamera2, {width}x{height} {pixel_format})",
        )
        camera_class = picamera2_class if picamera2_class is not None else _import_picamera2(self.description)
        try:
            self._camera: Any = camera_class(camera_num)
        except IndexError as exc:
            self._closed = True
            raise CameraError(
                self.description,
                f"no camera found at number {camera_num} ({exc})",
                "Check the ribbon cable (contacts facing the right way, latch closed) with the Pi "
                "switched off, then run 'rpicam-hello --list-cameras'",
            ) from exc
        except Exception as exc:  # picamera2 wraps every open failure into RuntimeError
            self._closed = True
            raise CameraError(
                self.description,
                f"the camera could not be opened ({exc})",
                "Make sure no other program uses it (rpicam-*, another kostka), check the cable, "
                "and run 'rpicam-hello --list-cameras'",
            ) from exc
        try:
            config = self._camera.create_preview_configuration(
                main={"format": pixel_format, "size": (width, height)}
            )
            self._camera.configure(config)
            self._camera.start()
        except Exception as exc:
            with contextlib.suppress(Exception):  # the start failure below is the error to report
                self._shutdown()
            self._closed = True
            raise CameraError(
                self.description,
                f"the camera would not start with {width}x{height} {pixel_format} frames ({exc})",
                "Try another frame size in the config, or check 'rpicam-hello' works",
            ) from exc

    def read(self) -> Frame:
        self._check_open()
        try:
            array = self._camera.capture_array("main", wait=self.capture_timeout_s)
        except TimeoutError as exc:
            self._flush()
            raise CameraError(
                self.description,
                f"no frame came within {self.capture_timeout_s:g} s",
                "The camera cable may have come loose: check it, then the game goes on after a retry",
            ) from exc
        except Exception as exc:
            raise CameraError(
                self.description,
                f"capturing a frame failed ({type(exc).__name__}: {exc})",
                "Close the source and open it again; check the cable if it keeps failing",
            ) from exc
        frame = self._as_frame(array, "capture_array")
        if self._swap:
            frame = np.ascontiguousarray(frame[:, :, ::-1])
        return frame

    def _flush(self) -> None:
        flush = getattr(self._camera, "cancel_all_and_flush", None)
        if callable(flush):
            with contextlib.suppress(Exception):  # tidying after a timeout: the CameraError says enough
                flush()

    def _shutdown(self) -> None:
        camera = self._camera
        try:
            camera.stop()
        finally:
            camera.close()

    def _release(self) -> None:
        try:
            self._shutdown()
        except Exception as exc:
            raise CameraError(self.description, f"closing the camera failed ({exc})") from exc


def _import_picamera2(description: str) -> Any:
    """``picamera2.Picamera2``, or a CameraError that says how to install it."""
    try:
        module = importlib.import_module("picamera2")
    except ImportError as exc:
        raise CameraError(
            description, f"picamera2 is not installed or cannot load ({exc})", INSTALL_ADVICE
        ) from exc
    camera_class = getattr(module, "Picamera2", None)
    if camera_class is None:
        raise CameraError(description, "the picamera2 module has no Picamera2 class", INSTALL_ADVICE)
    return camera_class
