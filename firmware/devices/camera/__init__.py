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
from vision.reading import SMALLEST_FRAME

Frame = NDArray[np.uint8]
"""A BGR frame: ``uint8``, shape ``(height, width, 3)``, blue-green-red order as OpenCV expects."""

DEFAULT_SIZE = (1280, 960)
"""Width and height asked of cameras unless the caller says otherwise (the reader's design size)."""

VIDEO_SUFFIXES = frozenset({".avi", ".mp4", ".mkv", ".mov", ".m4v", ".webm", ".mjpeg", ".mjpg", ".h264"})
IMAGE_SUFFIXES = frozenset({".png", ".jpg", ".jpeg", ".bmp", ".tif", ".tiff", ".webp", ".ppm", ".pgm"})

SPEC_HELP = Words("camera.spec.help")
"""What a frame source's spec may be ('picamera2', 'usb:N', a video, a folder, a glob)."""
CHECK_PATH = Words("camera.check_path")


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

    def __init__(
        self, source: str | Words, path: Path, problem: str | Words, advice: str | Words = ""
    ) -> None:
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

    def _as_frame(self, array: Any, where: str | Words) -> Frame:
        """Check that ``array`` is a BGR uint8 HxWx3 frame (a 4th alpha/padding channel is dropped)."""
        fault = frame_fault(array, where, alpha=True)
        if fault is not None:
            raise CameraError(self.said, fault)
        if array.shape[2] == 4:
            array = array[:, :, :3]
        return np.ascontiguousarray(array)


def frame_fault(array: object, where: str | Words, *, alpha: bool = False) -> Words | None:
    """Why ``array`` (from ``where``) is no BGR frame: not an array, not ``uint8`` of shape
    ``(height, width, 3)`` (``alpha``: or 4), or a side shorter than ``SMALLEST_FRAME``; None if it is one.

    >>> frame_fault(np.zeros((48, 64, 3), np.uint8), "read()") is None
    True
    >>> frame_fault(np.zeros((48, 64), np.uint8), "read()").said("en").split(", not")[0]
    'read() gave an array of shape (48, 64) and type uint8'
    """
    if not isinstance(array, np.ndarray):
        return Words("camera.not_array", {"where": where, "kind": type(array).__name__})
    channels = (3, 4) if alpha else (3,)
    shape_ok = array.ndim == 3 and array.shape[2] in channels and min(array.shape[:2]) >= SMALLEST_FRAME
    if array.dtype == np.uint8 and shape_ok:
        return None
    fields = {"where": where, "shape": array.shape, "dtype": array.dtype, "least": SMALLEST_FRAME}
    return Words("camera.bad_frame", fields)


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
        raise CameraError(Words("camera.spec", {"spec": "''"}), Words("camera.spec.empty"), SPEC_HELP)
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
        said = Words("camera.spec", {"spec": repr(text)})
        raise CameraError(said, Words("camera.no_path"), SPEC_HELP)
    if path.suffix.lower() in IMAGE_SUFFIXES:
        return backend("replay")(path, loop=loop)
    return backend("videocapture")(path, loop=loop)


def _device_index(spec: str, rest: str) -> int:
    if not rest:
        return 0
    if not rest.isdigit():
        raise CameraError(
            Words("camera.spec", {"spec": repr(spec)}),
            Words("camera.spec.not_number", {"number": repr(rest)}),
            Words("camera.spec.number"),
        )
    return int(rest)


def expand_glob(pattern: str) -> list[Path]:
    """The files a glob names, in natural order (``**`` searches sub-folders)."""
    found = [Path(p) for p in glob.glob(str(Path(pattern).expanduser()), recursive=True)]
    return sorted((p for p in found if p.is_file()), key=natural_key)
