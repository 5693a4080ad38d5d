"""Frame sources: where Kostka's frames come from, behind one small interface.

Every source gives BGR ``uint8`` frames of shape ``(height, width, 3)`` from ``read()``, has a short
``name`` (like the spec that opened it) and a ``description`` for messages, and is a context manager
whose ``close()`` may be called any number of times. Three kinds exist:

- ``Picamera2Source`` (``picamera2.py`` here): the Raspberry Pi camera, picamera2 imported lazily;
- ``VideoCaptureSource`` (``videocapture.py``): a USB webcam or a video file, via OpenCV;
- ``ReplaySource`` (``replay.py``): the images of a folder or a glob, in natural order.

``open_source(spec)`` picks one from a text spec ("picamera2", "usb:0", a video, a folder, a glob),
through the table ``BACKENDS`` of backend names and classes.

Every failure is a ``CameraError`` (a ``RuntimeError``) whose message says which source failed, why,
and what to do. Two subclasses let a caller react without parsing text:

- ``EndOfFrames``: a video file or a replay ran out (not a fault; ``loop=True`` avoids it);
- ``BadFrameFile``: one image of a replay could not be decoded; ``.path`` names it, and the next
  ``read()`` goes on with the following file, so a caller may skip it (and should say so).

A camera that fails mid-game (unplugged, cable loose) raises a plain ``CameraError``: close the source
and call ``open_source`` again to retry.
"""

from __future__ import annotations

import glob
import importlib
import re
from collections.abc import Callable, Mapping
from pathlib import Path
from types import TracebackType
from typing import Any, Protocol, Self, runtime_checkable

import numpy as np
from numpy.typing import NDArray

from firmware.errors import KostkaError, Words

Frame = NDArray[np.uint8]
"""A BGR frame: ``uint8``, shape ``(height, width, 3)``, blue-green-red order as OpenCV expects."""

DEFAULT_SIZE = (1280, 960)
"""Width and height asked of cameras unless the caller says otherwise (the reader's design size)."""

VIDEO_SUFFIXES = frozenset({".avi", ".mp4", ".mkv", ".mov", ".m4v", ".webm", ".mjpeg", ".mjpg", ".h264"})
IMAGE_SUFFIXES = frozenset({".png", ".jpg", ".jpeg", ".bmp", ".tif", ".tiff", ".webp", ".ppm", ".pgm"})

SPEC_HELP = (
    "A frame source is 'picamera2' (or 'picamera2:N'), 'usb:N' for a USB webcam, a video file, "
    "a folder of images, or a glob such as 'shots/*.jpg'"
)


class CameraError(KostkaError, RuntimeError):
    """A frame source failed: the message says which source, why, and what to do next.

    Each part is text, or ``Words`` (a catalogue key and fields) said in the person's language.
    """

    def __init__(self, source: str | Words, problem: str | Words, advice: str | Words = "") -> None:
        self.source = source
        self.problem = problem
        self.advice = advice
        key = "camera.failed.advice" if advice else "camera.failed"
        super().__init__(key, source=source, problem=problem, advice=advice)


class EndOfFrames(CameraError):
    """A finite source (video file, replay) has no more frames."""


class BadFrameFile(CameraError):
    """One image file of a replay is unreadable; ``path`` names it and ``read()`` may go on after it."""

    def __init__(self, source: str, path: Path, problem: str, advice: str = "") -> None:
        self.path = path
        super().__init__(source, problem, advice)


@runtime_checkable
class FrameSource(Protocol):
    """Anything that gives BGR frames one at a time (see the module docstring)."""

    @property
    def name(self) -> str:
        """Short identifier, like the spec that opened it: ``usb:0``, ``picamera2:0``, a path."""
        ...

    @property
    def description(self) -> str:
        """A phrase for messages: ``USB webcam 0 (OpenCV VideoCapture)``."""
        ...

    def read(self) -> Frame:
        """The next frame; raises ``CameraError`` (or a subclass) when there is none."""
        ...

    def close(self) -> None:
        """Release the device or file; safe to call more than once."""
        ...

    def __enter__(self) -> Self: ...

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None: ...


class SourceBase:
    """Shared plumbing: the context manager, the closed flag and frame checks."""

    def __init__(self, name: str, description: str | Words) -> None:
        self._name = name
        self.said = description
        """The source as messages name it (``Words`` are said in the person's language)."""
        self._description = description.said("en") if isinstance(description, Words) else description
        self._closed = False

    @property
    def name(self) -> str:
        return self._name

    @property
    def description(self) -> str:
        return self._description

    @property
    def closed(self) -> bool:
        return self._closed

    def __repr__(self) -> str:
        state = "closed" if self._closed else "open"
        return f"<{type(self).__name__} {self._name!r} {state}>"

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            self._release()

    def _release(self) -> None:
        """Free what the source holds; called once by ``close()``."""

    def _check_open(self) -> None:
        if self._closed:
            raise CameraError(self._description, "read() after close()", "Open the source again")

    def _as_frame(self, array: Any, where: str) -> Frame:
        """Check that ``array`` is a BGR uint8 HxWx3 frame (a 4th alpha/padding channel is dropped)."""
        if not isinstance(array, np.ndarray):
            raise CameraError(self._description, f"{where} gave {type(array).__name__}, not an image")
        if array.dtype != np.uint8 or array.ndim != 3 or array.shape[2] not in (3, 4) or array.size == 0:
            raise CameraError(
                self._description,
                f"{where} gave an array of shape {array.shape} and type {array.dtype}, "
                "not a BGR uint8 height x width x 3 image",
            )
        if array.shape[2] == 4:
            array = array[:, :, :3]
        return np.ascontiguousarray(array)


def check_size(size: tuple[int, int]) -> tuple[int, int]:
    """Validate a (width, height) pair for a camera.

    >>> check_size((1280, 960))
    (1280, 960)
    >>> check_size((0, 960))
    Traceback (most recent call last):
    ...
    ValueError: frame size must be two positive whole numbers (width, height), got (0, 960)
    """
    width, height = size
    if not all(isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in (width, height)):
        raise ValueError(f"frame size must be two positive whole numbers (width, height), got {size!r}")
    return (width, height)


def natural_key(path: Path) -> tuple[tuple[int, int | str], ...]:
    """Sort key that puts ``frame2.png`` before ``frame10.png``.

    >>> [p.name for p in sorted([Path("f10.png"), Path("f2.png"), Path("f1.png")], key=natural_key)]
    ['f1.png', 'f2.png', 'f10.png']
    """
    parts = re.split(r"(\d+)", str(path))
    return tuple((0, int(p)) if p.isdigit() else (1, p) for p in parts if p)


BACKENDS: Mapping[str, str] = {
    "picamera2": "firmware.devices.camera.picamera2:Picamera2Source",
    "videocapture": "firmware.devices.camera.videocapture:VideoCaptureSource",
    "replay": "firmware.devices.camera.replay:ReplaySource",
}
"""Each backend's name and its class as ``module:class``, imported by ``backend`` when first opened
(like gpiozero's pin factories). The backends import this module for ``SourceBase`` and
``CameraError``, so this module names them here instead of importing them at its top."""


def backend(name: str) -> Callable[..., FrameSource]:
    """The frame source class of backend ``name`` (a key of ``BACKENDS``).

    >>> backend("replay").__name__
    'ReplaySource'
    """
    module_name, _, class_name = BACKENDS[name].partition(":")
    source: Callable[..., FrameSource] = getattr(importlib.import_module(module_name), class_name)
    return source


def open_source(
    spec: str,
    *,
    size: tuple[int, int] = DEFAULT_SIZE,
    loop: bool = False,
    controls: Mapping[str, float] | None = None,
) -> FrameSource:
    """Open the frame source that ``spec`` names.

    - ``picamera2`` or ``picamera2:N``: the Raspberry Pi camera N (default 0), ``size`` BGR frames,
      run with the libcamera ``controls`` it offers (``firmware.devices.camera.picamera2.tray_controls``);
    - ``usb``, ``usb:N``: USB webcam N via OpenCV, asked for ``size``, given the ``controls`` it has a
      V4L2 control for (``firmware.devices.v4l2``: the anti-flicker one);
    - a video file (``.avi``, ``.mp4``, ...): its frames in order, ``loop`` to start over at the end;
    - a folder, a glob (``shots/*.jpg``) or one image file: replayed in natural order, ``loop`` likewise.

    Raises ``CameraError`` with the reason and what to do when the source cannot be opened, and
    ``ValueError`` for a bad ``size``.
    """
    text = spec.strip()
    if not text:
        raise CameraError("frame source ''", "the spec is empty", SPEC_HELP)
    lowered = text.lower()
    scheme, _, rest = lowered.partition(":")
    if scheme in ("picamera2", "usb") and (rest or lowered == scheme):
        index = _device_index(text, rest)
        if scheme == "picamera2":
            return backend("picamera2")(size=size, camera_num=index, controls=controls)
        return backend("videocapture")(index, size=size, controls=controls)

    path = Path(text).expanduser()
    if any(ch in text for ch in "*?["):
        return backend("replay")(text, loop=loop)
    if path.is_dir():
        return backend("replay")(path, loop=loop)
    if not path.exists():
        raise CameraError(f"frame source {text!r}", "no such file or folder", SPEC_HELP)
    if path.suffix.lower() in IMAGE_SUFFIXES:
        return backend("replay")(path, loop=loop)
    return backend("videocapture")(path, loop=loop)


def _device_index(spec: str, rest: str) -> int:
    if not rest:
        return 0
    if not rest.isdigit():
        raise CameraError(
            f"frame source {spec!r}",
            f"{rest!r} is not a device number",
            "Write it like 'usb:0' or 'picamera2:1'",
        )
    return int(rest)


def expand_glob(pattern: str) -> list[Path]:
    """The files a glob names, in natural order (``**`` searches sub-folders)."""
    found = [Path(p) for p in glob.glob(str(Path(pattern).expanduser()), recursive=True)]
    return sorted((p for p in found if p.is_file()), key=natural_key)
