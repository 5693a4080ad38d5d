"""Frames from OpenCV's ``VideoCapture``: a USB webcam (by number) or a video file (by path)."""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import cv2

from firmware.devices.camera import (
    CHECK_PATH,
    DEFAULT_SIZE,
    CameraError,
    EndOfFrames,
    Frame,
    SourceBase,
    check_size,
)
from firmware.devices.v4l2 import Ioctl, webcam_controls
from firmware.errors import Words

log = logging.getLogger(__name__)

MJPG = cv2.VideoWriter.fourcc(*"MJPG")
"""Webcams send 1280x960 as MJPG at full rate; raw YUYV that size crawls over USB 2 (a camera
without MJPG ignores the request and keeps its format)."""

CONVERT = Words("video.convert")
"""What to do with a video OpenCV cannot read: play it elsewhere, or convert it."""

OpenCapture = Callable[[Any], Any]
"""Makes a capture object with ``isOpened()``, ``read()``, ``set()`` and ``release()`` (cv2.VideoCapture)."""


class VideoCaptureSource(SourceBase):
    """A USB webcam (``target`` an int) or a video file (``target`` a path), read with OpenCV.

    A webcam is asked for MJPG, ``size`` and a one-frame buffer, so that a loop that reads slowly
    while nobody plays still gets a fresh frame rather than one queued seconds ago, and given those of
    ``controls`` (libcamera's names, ``picamera2.tray_controls`` beside this module) it has a V4L2 control
    for (``firmware.devices.v4l2``: the anti-flicker one); it keeps them in ``controls`` and names the others
    in ``missing``. A video file gives its own frame size; at its end ``read()`` raises
    ``EndOfFrames``, or starts over if ``loop``. ``open_capture`` replaces ``cv2.VideoCapture`` (tests
    use it to pull the plug), ``ioctl`` ``fcntl.ioctl``.
    """

    def __init__(
        self,
        target: int | str | Path,
        *,
        size: tuple[int, int] = DEFAULT_SIZE,
        loop: bool = False,
        open_capture: OpenCapture | None = None,
        controls: Mapping[str, float] | None = None,
        ioctl: Ioctl | None = None,
    ) -> None:
        self._open_capture: OpenCapture = open_capture if open_capture is not None else cv2.VideoCapture
        self.loop = loop
        self.controls: dict[str, float] = {}
        self.missing: tuple[str, ...] = ()
        self.frames_read = 0
        if isinstance(target, int):
            self.device: int | None = target
            self.path: Path | None = None
            super().__init__(f"usb:{target}", Words("usb.camera", {"n": target}))
            self._capture = self._open_device(target, check_size(size))
            self.controls, self.missing = webcam_controls(target, controls or {}, ioctl)
            if self.missing:
                log.info("%s does not offer %s: it runs without", self.description, ", ".join(self.missing))
        else:
            self.device = None
            self.path = Path(target)
            super().__init__(str(self.path), Words("video.file", {"path": repr(str(self.path))}))
            self._capture = self._open_file(self.path)

    def _open_device(self, index: int, size: tuple[int, int]) -> Any:
        capture = self._open_capture(index)
        if not capture.isOpened():
            capture.release()
            self._closed = True
            raise CameraError(self.said, Words("usb.silent", {"n": index}), Words("usb.silent.advice"))
        width, height = size
        capture.set(cv2.CAP_PROP_FOURCC, MJPG)
        capture.set(cv2.CAP_PROP_FRAME_WIDTH, width)
        capture.set(cv2.CAP_PROP_FRAME_HEIGHT, height)
        capture.set(cv2.CAP_PROP_BUFFERSIZE, 1)
        return capture

    def _open_file(self, path: Path) -> Any:
        if not path.is_file():
            self._closed = True
            problem = Words("video.folder" if path.is_dir() else "video.no_file")
            raise CameraError(self.said, problem, CHECK_PATH)
        capture = self._open_capture(str(path))
        if not capture.isOpened():
            capture.release()
            self._closed = True
            raise CameraError(self.said, Words("video.unopenable"), CONVERT)
        return capture

    def read(self) -> Frame:
        self._check_open()
        ok, array = self._capture.read()
        if ok and array is not None:
            self.frames_read += 1
            return self._as_frame(array, "VideoCapture.read")
        if self.device is not None:
            raise CameraError(self.said, Words("usb.no_frame"), Words("usb.no_frame.advice"))
        if self.frames_read == 0:
            raise CameraError(self.said, Words("video.undecodable"), CONVERT)
        if not self.loop:
            ended = Words("video.ended", {"n": self.frames_read})
            raise EndOfFrames(self.said, ended, Words("video.open_again"))
        assert self.path is not None
        self._capture.release()
        self._capture = self._open_file(self.path)
        self.frames_read = 0
        ok, array = self._capture.read()
        if not ok or array is None:
            raise CameraError(self.said, Words("video.no_restart"), Words("video.check_file"))
        self.frames_read = 1
        return self._as_frame(array, "VideoCapture.read")

    def _release(self) -> None:
        self._capture.release()
