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
- ``camera_controls`` (once opened) maps each control the camera advertises to ``(min, max, default)``;
  ``create_preview_configuration(..., controls={...})`` carries controls, which ``configure`` sets and
  ``start`` sends to the camera; a control the camera does not advertise makes ``configure`` raise
  ``RuntimeError("Control ... is not advertied by libcamera")`` (picamera2/controls.py).

Controls for a camera fixed above a tray (``tray_controls``): picamera2, unlike the rpicam apps, never
moves a motorised lens by itself, so a Camera Module 3 stays focused where its tuning file puts it,
1 dioptre (1 m: raspberrypi/libcamera, ``imx708.json``, ``rpi.af``), while the tray lies about 35 cm
below it (hardware/wiring.md). That blurs each point of the tray over a disc 6 pixels across in a
1280x960 frame, a tenth of a die: on the held-out byler photos, whose dice fill the frame as much,
the pip reader then reads 97.79 % of the dice right with 0.14 % silent errors instead of 99.03 % and
0.00 % (``bench/bench_photo_changes.py --sets byler-mixed-tray --changes as-taken defocus``). So the
lens is set once to the tray's distance (``AfMode`` manual, ``LensPosition`` in dioptres) and left
there: focusing again between rolls would hunt. And the exposure keeps the brightest 2 % of the frame
at 0.8 of full scale or under on average (``AeConstraintMode`` highlight, as the tuning file defines it):
light dice are the brightest things over a dark tray, and a face the camera clips loses its colour
(gissur's red dice under an evening lamp look orange). Lamps on mains power flicker at twice its
frequency, and a camera that reads its rows one after another shows them as bands of light that lie
elsewhere in every frame unless each exposure lasts whole flicker periods (``AeFlickerMode`` manual,
``AeFlickerPeriod`` 10 ms for 50 Hz). Settle detection divides out each row's brightness
(``vision.settle``), which copes with bands a tenth of the light deep; bands a fifth deep, where light
dice clip in the bright bands, still keep the dice from settling, so they would never be read
(``bench/bench_settle.py``). A camera that does not offer a control (a fixed-focus lens, an older
libcamera without flicker control) simply goes without it (``Picamera2Source.missing``).

Byte order: libcamera names formats as little-endian words, so the bytes of each pixel run the other
way. picamera2's manual (appendix A) lists ``RGB888`` as [B, G, R] per pixel and ``BGR888`` as
[R, G, B], and its own code agrees (picamera2/request.py makes PIL images with raw mode "BGR" for
``RGB888`` and "RGB" for ``BGR888``; its maintainers call ``XRGB8888``'s [B, G, R, X] "what OpenCV
expects").
So the OpenCV-ready format is ``RGB888``, the default here; any of the four RGB formats may be
asked for and ``read()`` still returns BGR (``BGR888`` then costs a channel swap). Some sensors or
releases have been reported to deliver the other order (issues #848, #1325): ``swap_red_blue``
corrects that; check once with a red die.
"""

from __future__ import annotations

import contextlib
import importlib
import logging
from collections.abc import Mapping
from typing import Any

import numpy as np

from firmware.config import Camera
from firmware.devices.camera import DEFAULT_SIZE, CameraError, Frame, SourceBase, check_size
from firmware.errors import Words

INSTALL_ADVICE = Words("picamera2.install")

BGR_IN_MEMORY = {"RGB888": True, "XRGB8888": True, "BGR888": False, "XBGR8888": False}
"""For each format picamera2 can give as an image array: are its bytes already in OpenCV's B, G, R order?"""


log = logging.getLogger(__name__)

AF_MANUAL = 0
"""libcamera's ``AfModeEnum.Manual``: the lens stays where ``LensPosition`` puts it."""
CONSTRAINT_HIGHLIGHT = 1
"""libcamera's ``AeConstraintModeEnum.ConstraintHighlight``: the exposure keeps the highlights unclipped."""
FLICKER_MANUAL = 1
"""libcamera's ``AeFlickerModeEnum.FlickerManual``: exposures of whole ``AeFlickerPeriod`` (microseconds)."""


def tray_controls(camera: Camera) -> dict[str, float]:
    """The libcamera controls for a camera fixed above the tray, from the config's ``[camera]``: the
    lens focused on the tray's floor ``focus_cm`` away (0: left where the camera has it); for
    ``highlights`` ``protect``, an exposure that keeps the frame's brightest part unclipped; for
    ``mains_hz`` 50 or 60, exposures of whole flicker periods of lamps on such mains (they flicker at
    twice its frequency), so that no bands of light run across the frame (see the module docstring).

    >>> tray_controls(Camera())
    {'AfMode': 0, 'LensPosition': 2.857, 'AeConstraintMode': 1, 'AeFlickerMode': 1, 'AeFlickerPeriod': 10000}
    >>> tray_controls(Camera(focus_cm=0, highlights="normal", mains_hz=0))
    {}
    """
    controls: dict[str, float] = {}
    if camera.focus_cm > 0:
        controls |= {"AfMode": AF_MANUAL, "LensPosition": round(100.0 / camera.focus_cm, 3)}
    if camera.highlights == "protect":
        controls["AeConstraintMode"] = CONSTRAINT_HIGHLIGHT
    if camera.mains_hz:
        controls |= {"AeFlickerMode": FLICKER_MANUAL, "AeFlickerPeriod": round(1e6 / (2 * camera.mains_hz))}
    return controls


def offered(
    wanted: Mapping[str, float], advertised: Mapping[str, tuple[Any, Any, Any]]
) -> tuple[dict[str, float], tuple[str, ...]]:
    """The ``wanted`` controls the camera ``advertised`` (picamera2's ``camera_controls``: name ->
    (min, max, default)), each number brought inside the advertised range (a lens focused nearer than
    it can reach focuses as near as it can); and the names it does not offer.

    >>> offered({"LensPosition": 20.0, "AfMode": 0}, {"LensPosition": (0.0, 15.0, 1.0)})
    ({'LensPosition': 15.0}, ('AfMode',))
    """
    kept: dict[str, float] = {}
    for name, value in wanted.items():
        if name not in advertised:
            continue
        low, high, _ = advertised[name]
        numbers = all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in (low, high))
        kept[name] = min(max(value, low), high) if numbers and low <= high else value
    return kept, tuple(name for name in wanted if name not in advertised)


class Picamera2Source(SourceBase):
    """BGR frames from a Raspberry Pi camera (picamera2 is imported here, not at module import).

    ``picamera2_class`` replaces ``picamera2.Picamera2`` (for tests, or a wrapper); by default the
    module is imported when the source is made, and a missing module becomes a ``CameraError``.
    ``controls``: libcamera controls to run the camera with (``tray_controls``); the source keeps in
    ``controls`` those the camera offers (``offered``) and names the others in ``missing``.
    """

    def __init__(
        self,
        size: tuple[int, int] = DEFAULT_SIZE,
        camera_num: int = 0,
        *,
        pixel_format: str = "RGB888",
        swap_red_blue: bool = False,
        capture_timeout_s: float = 2.0,
        controls: Mapping[str, float] | None = None,
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
        frames = f"{width}x{height}"
        said = Words("picamera2.camera", {"n": camera_num, "size": frames, "format": pixel_format})
        super().__init__(f"picamera2:{camera_num}", said)
        camera_class = picamera2_class if picamera2_class is not None else _import_picamera2(said)
        try:
            self._camera: Any = camera_class(camera_num)
        except IndexError as exc:
            self._closed = True
            missing = Words("picamera2.none", {"n": camera_num, "detail": exc})
            raise CameraError(self.said, missing, Words("picamera2.none.advice")) from exc
        except Exception as exc:  # picamera2 wraps every open failure into RuntimeError
            self._closed = True
            problem = Words("picamera2.unopened", {"detail": exc})
            raise CameraError(self.said, problem, Words("picamera2.unopened.advice")) from exc
        try:
            self.controls, self.missing = offered(controls or {}, self._camera.camera_controls)
            config = self._camera.create_preview_configuration(
                main={"format": pixel_format, "size": (width, height)}, controls=self.controls
            )
            self._camera.configure(config)
            self._camera.start()
        except Exception as exc:
            with contextlib.suppress(Exception):  # the start failure below is the error to report
                self._shutdown()
            self._closed = True
            problem = Words("picamera2.unstarted", {"size": frames, "format": pixel_format, "detail": exc})
            raise CameraError(self.said, problem, Words("picamera2.unstarted.advice")) from exc
        if self.missing:
            log.info("%s does not offer %s: it runs without", self.description, ", ".join(self.missing))

    def read(self) -> Frame:
        self._check_open()
        try:
            array = self._camera.capture_array("main", wait=self.capture_timeout_s)
        except TimeoutError as exc:
            self._flush()
            problem = Words("picamera2.no_frame", {"s": f"{self.capture_timeout_s:g}"})
            raise CameraError(self.said, problem, Words("picamera2.no_frame.advice")) from exc
        except Exception as exc:
            problem = Words("picamera2.capture", {"detail": f"{type(exc).__name__}: {exc}"})
            raise CameraError(self.said, problem, Words("picamera2.capture.advice")) from exc
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
            raise CameraError(self.said, Words("picamera2.close", {"detail": exc})) from exc


def _import_picamera2(camera: Words) -> Any:
    """``picamera2.Picamera2``, or a CameraError that says how to install it."""
    try:
        module = importlib.import_module("picamera2")
    except ImportError as exc:
        log.info("picamera2 cannot be imported: %s", exc)
        missing = Words("picamera2.missing", {"module": exc.name or "picamera2"})
        raise CameraError(camera, missing, INSTALL_ADVICE) from exc
    camera_class = getattr(module, "Picamera2", None)
    if camera_class is None:
        raise CameraError(camera, Words("picamera2.no_class"), INSTALL_ADVICE)
    return camera_class
