"""Frame sources: replay folders and globs, a video file written here, a webcam that is pulled out,
and the picamera2 adapter against a test double of picamera2's documented API."""

from __future__ import annotations

import logging
import struct
import sys
import types
from collections.abc import Iterator
from concurrent.futures import TimeoutError as FutureTimeoutError
from pathlib import Path
from typing import Any, ClassVar

import cv2
import numpy as np
import pytest
from numpy.typing import NDArray

import firmware.devices.v4l2
from firmware.config import Camera
from firmware.devices.camera import BadFrameFile, CameraError, EndOfFrames, FrameSource, open_source
from firmware.devices.camera.picamera2 import Picamera2Source, tray_controls
from firmware.devices.camera.replay import ReplaySource
from firmware.devices.camera.videocapture import VideoCaptureSource

# --- pictures the tests write -------------------------------------------------------------------

COLOURS = [(0, 0, 255), (0, 255, 0), (255, 0, 0), (0, 255, 255), (255, 0, 255)]  # BGR: red, green, ...


def card(colour: tuple[int, int, int], width: int = 64, height: int = 48) -> NDArray[np.uint8]:
    """A frame of one colour with a grey square in the middle (so video codecs have something to do)."""
    image = np.full((height, width, 3), colour, np.uint8)
    image[height // 4 : 3 * height // 4, width // 4 : 3 * width // 4] = 128
    return image


def colour_at_corner(frame: NDArray[np.uint8]) -> tuple[int, int, int]:
    b, g, r = (int(v) for v in frame[:8, :8].reshape(-1, 3).mean(axis=0).round())
    return (b, g, r)


def close_to(a: tuple[int, int, int], b: tuple[int, int, int], tolerance: int = 12) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=True))


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """frame1, frame2, frame10 (natural order) and a text file that is not an image."""
    for number, colour in zip((1, 2, 10), COLOURS, strict=False):
        assert cv2.imwrite(str(tmp_path / f"frame{number}.png"), card(colour))
    (tmp_path / "notes.txt").write_text("not a frame")
    return tmp_path


# --- replay ------------------------------------------------------------------------------------


def test_replay_reads_a_folder_in_natural_order_then_ends(folder: Path) -> None:
    with ReplaySource(folder) as source:
        assert isinstance(source, FrameSource)
        assert [p.name for p in source.files] == ["frame1.png", "frame2.png", "frame10.png"]
        frames = [source.read() for _ in range(3)]
        with pytest.raises(EndOfFrames, match="all 3 images have been read"):
            source.read()
    assert [colour_at_corner(f) for f in frames] == COLOURS[:3]
    assert all(f.dtype == np.uint8 and f.shape == (48, 64, 3) and f.flags.c_contiguous for f in frames)


def test_replay_loops_when_asked(folder: Path) -> None:
    with open_source(str(folder), loop=True) as source:
        assert isinstance(source, ReplaySource)
        corners = [colour_at_corner(source.read()) for _ in range(7)]
    assert corners == [COLOURS[i % 3] for i in range(7)]


def test_replay_of_a_glob_and_of_one_file(folder: Path) -> None:
    with open_source(str(folder / "frame1*.png")) as source:
        assert [colour_at_corner(source.read()) for _ in range(2)] == [COLOURS[0], COLOURS[2]]
    with open_source(str(folder / "frame2.png")) as source:
        assert colour_at_corner(source.read()) == COLOURS[1]
        with pytest.raises(EndOfFrames):
            source.read()


def test_a_corrupt_image_is_named_and_can_be_skipped(folder: Path) -> None:
    (folder / "frame3.png").write_bytes(b"\x89PNG\r\n\x1a\n" + b"garbage" * 20)
    good = cv2.imencode(".jpg", card(COLOURS[3]))[1].tobytes()
    (folder / "frame4.jpg").write_bytes(good[: len(good) // 2])  # truncated while copying
    (folder / "frame5.jpg").write_bytes(b"")
    seen: list[object] = []
    with ReplaySource(folder) as source:
        for _ in range(6):
            try:
                seen.append(colour_at_corner(source.read()))
            except BadFrameFile as error:
                seen.append(error.path.name)
                assert isinstance(error, CameraError)
                assert str(error.path) in str(error) and "image replay" in str(error)
    assert seen == [COLOURS[0], COLOURS[1], "frame3.png", "frame4.jpg", "frame5.jpg", COLOURS[2]]


def test_the_reasons_for_a_bad_file_differ(folder: Path) -> None:
    good = cv2.imencode(".jpg", card(COLOURS[3]))[1].tobytes()
    cases = {"a.png": b"not a png at all", "b.jpg": good[:-100], "c.jpg": b""}
    messages = {}
    for name, data in cases.items():
        (folder / name).write_bytes(data)
        with ReplaySource(folder / name) as source, pytest.raises(BadFrameFile) as caught:
            source.read()
        messages[name] = str(caught.value)
    assert "not a readable image" in messages["a.png"]
    assert "truncated JPEG" in messages["b.jpg"]
    assert "is empty" in messages["c.jpg"]


def test_an_empty_folder_or_glob_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "readme.txt").write_text("no pictures here")
    with pytest.raises(CameraError, match=r"no image files found\. Put images there"):
        ReplaySource(tmp_path)
    with pytest.raises(CameraError, match=r"no image files found\. Check the pattern"):
        open_source(str(tmp_path / "*.jpg"))


def test_close_is_idempotent_and_reading_after_it_fails(folder: Path) -> None:
    source = ReplaySource(folder)
    source.close()
    source.close()
    with pytest.raises(CameraError, match=r"read\(\) after close\(\)"):
        source.read()


# --- video files and webcams ----------------------------------------------------------------------


@pytest.fixture
def video(tmp_path: Path) -> Path:
    path = tmp_path / "roll.avi"
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter.fourcc(*"MJPG"), 10.0, (64, 48))
    assert writer.isOpened(), "this OpenCV cannot write MJPG .avi"
    for colour in COLOURS:
        writer.write(card(colour))
    writer.release()
    return path


def test_a_video_file_is_read_to_its_end(video: Path) -> None:
    with open_source(str(video)) as source:
        assert isinstance(source, VideoCaptureSource)
        assert source.name == str(video)
        frames = [source.read() for _ in range(len(COLOURS))]
        with pytest.raises(EndOfFrames, match="ended after 5 frames"):
            source.read()
    assert all(close_to(colour_at_corner(f), c) for f, c in zip(frames, COLOURS, strict=True))
    assert all(f.shape == (48, 64, 3) and f.dtype == np.uint8 for f in frames)


def test_a_looping_video_starts_over(video: Path) -> None:
    with open_source(str(video), loop=True) as source:
        corners = [colour_at_corner(source.read()) for _ in range(7)]
    expected = [COLOURS[i % len(COLOURS)] for i in range(7)]
    assert all(close_to(a, b) for a, b in zip(corners, expected, strict=True))


def test_a_missing_or_broken_video_says_which_and_why(tmp_path: Path) -> None:
    with pytest.raises(CameraError, match="no such file or folder"):
        open_source(str(tmp_path / "gone.avi"))
    with pytest.raises(CameraError, match="no such file"):
        VideoCaptureSource(tmp_path / "gone.avi")
    broken = tmp_path / "broken.avi"
    broken.write_bytes(b"RIFF" + b"\x00" * 64)
    with pytest.raises(CameraError, match=r"broken\.avi.*(cannot open|no frame)"):
        source = open_source(str(broken))
        source.read()


class FakeCapture:
    """Stands in for cv2.VideoCapture on a webcam that is unplugged after ``frames`` frames."""

    def __init__(self, target: object, frames: int = 2, opened: bool = True) -> None:
        self.target, self.left, self.opened = target, frames, opened
        self.settings: dict[int, float] = {}
        self.released = 0

    def isOpened(self) -> bool:  # OpenCV's name
        return self.opened

    def set(self, prop: int, value: float) -> bool:
        self.settings[prop] = value
        return True

    def read(self) -> tuple[bool, NDArray[np.uint8] | None]:
        if self.left <= 0:
            return False, None
        self.left -= 1
        return True, card(COLOURS[0], 640, 480)

    def release(self) -> None:
        self.released += 1


def test_a_webcam_unplugged_mid_game_raises_camera_error() -> None:
    made: list[FakeCapture] = []

    def open_capture(target: object) -> FakeCapture:
        made.append(FakeCapture(target))
        return made[-1]

    source = VideoCaptureSource(0, size=(640, 480), open_capture=open_capture)
    capture = made[0]
    assert capture.target == 0
    assert capture.settings[cv2.CAP_PROP_FRAME_WIDTH] == 640
    assert capture.settings[cv2.CAP_PROP_FRAME_HEIGHT] == 480
    assert capture.settings[cv2.CAP_PROP_BUFFERSIZE] == 1
    assert capture.settings[cv2.CAP_PROP_FOURCC] == cv2.VideoWriter.fourcc(*"MJPG")
    assert source.read().shape == (480, 640, 3)
    source.read()
    with pytest.raises(CameraError, match=r"USB webcam 0.*gave no frame.*Check the USB cable") as caught:
        source.read()
    assert not isinstance(caught.value, EndOfFrames)
    source.close()
    source.close()
    assert capture.released == 1


def test_a_webcam_that_is_not_there() -> None:
    with pytest.raises(CameraError, match=r"no webcam answers at /dev/video3"):
        VideoCaptureSource(3, open_capture=lambda target: FakeCapture(target, opened=False))


def test_a_webcam_is_given_the_mains_anti_flicker_setting_through_v4l2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """V4L2's power line frequency, set as ``v4l2-ctl -c power_line_frequency=1`` does: the ioctl
    request and ``struct v4l2_control`` checked against Linux's videodev2.h values."""
    monkeypatch.setattr(firmware.devices.v4l2, "DEV", tmp_path)
    (tmp_path / "video0").write_bytes(b"")  # the device node the control is set on
    calls: list[tuple[int, bytes]] = []

    def ioctl(handle: int, request: int, data: bytes) -> bytes:
        calls.append((request, data))
        return data

    controls = tray_controls(Camera(mains_hz=60))
    with caplog.at_level(logging.INFO):
        source = VideoCaptureSource(0, open_capture=FakeCapture, controls=controls, ioctl=ioctl)
    assert calls == [(0xC008561C, struct.pack("=Ii", 0x00980918, 2))]  # VIDIOC_S_CTRL, 60 Hz
    assert source.controls == {"AeFlickerMode": 1, "AeFlickerPeriod": 8333}
    assert source.missing == ("AfMode", "LensPosition", "AeConstraintMode")  # the Pi camera's own
    assert "USB webcam 0 (OpenCV VideoCapture) does not offer AfMode, LensPosition" in caplog.text
    source.close()

    calls.clear()  # 50 Hz mains; a real ioctl on a file that is no device: the webcam goes without
    source = VideoCaptureSource(0, open_capture=FakeCapture, controls=tray_controls(Camera()))
    assert source.controls == {} and "AeFlickerPeriod (" in source.missing[-1]
    assert "has no such control" in source.missing[-1]
    source.close()
    unplugged = VideoCaptureSource(1, open_capture=FakeCapture, controls=controls, ioctl=ioctl)
    assert calls == [] and "video1 cannot be opened" in unplugged.missing[-1]
    unplugged.close()
    assert firmware.devices.v4l2.power_line(tray_controls(Camera())) == 1
    assert firmware.devices.v4l2.power_line(tray_controls(Camera(mains_hz=0))) is None


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("", "the spec is empty"),
        ("usb:left", "'left' is not a device number"),
        ("picamera2:x", "'x' is not a device number"),
        ("/nowhere/at/all.mp4", "no such file or folder. A frame source is 'picamera2'"),
    ],
)
def test_bad_specs_are_explained(spec: str, message: str) -> None:
    with pytest.raises(CameraError, match=message):
        open_source(spec)


# --- picamera2 ------------------------------------------------------------------------------------


IMX708_CONTROLS: dict[str, tuple[Any, Any, Any]] = {
    "AeEnable": (False, True, None),
    "AeConstraintMode": (0, 3, 0),
    "AeMeteringMode": (0, 3, 0),
    "ExposureValue": (-8.0, 8.0, 0.0),
    "AeFlickerMode": (0, 1, 0),
    "AeFlickerPeriod": (100, 1000000, None),
    "AwbEnable": (False, True, None),
    "AfMode": (0, 2, 0),
    "LensPosition": (0.0, 15.0, 1.0),
    "NoiseReductionMode": (0, 4, 0),
    "FrameDurationLimits": (33333, 120000, None),
}
"""The controls a Camera Module 3 advertises (a subset: the ones Kostka or picamera2's defaults use)."""
FIXED_FOCUS = {k: v for k, v in IMX708_CONTROLS.items() if k not in ("AfMode", "LensPosition")}
"""A camera without a lens motor (Camera Module 2, the HQ camera)."""


class FakePicamera2:
    """A test double that follows picamera2's documented API, for the calls Kostka makes.

    Source of each behaviour: raspberrypi/picamera2, picamera2/picamera2.py (0.3.x):
    ``__init__(camera_num=0, verbose_console=None, tuning=None, allocator=None)`` starts with
    ``self.global_camera_info()[camera_num]['Num']``, hence ``IndexError: list index out of range``
    with no camera; ``create_preview_configuration(main={}, ...)`` starts from
    ``{"format": "XBGR8888", "size": (640, 480), "preserve_ar": True}``, takes only the keys
    format/size/stride/preserve_ar (else ``ValueError("Bad key ...")``) and trims odd sizes to
    even (``align_stream(optimal=False)``); ``configure`` raises ``RuntimeError("Camera must be
    stopped before configuring")`` when started and checks the stream (format a string, size a
    2-tuple of even numbers); ``start()`` needs a configuration; ``capture_array(name="main",
    wait=None, signal_function=None)`` waits for a frame, ``wait`` as a number of seconds ends
    in ``concurrent.futures.TimeoutError`` (picamera2/job.py ``Future.result(timeout)``);
    ``cancel_all_and_flush()`` clears pending jobs; ``stop()`` returns when not started;
    ``close()`` returns when not open, else stops and releases.
    Controls: ``camera_controls`` maps each control the camera advertises to (min, max, default);
    ``create_preview_configuration(..., controls={})`` puts ``NoiseReductionMode`` and
    ``FrameDurationLimits`` before the caller's controls (when advertised) under "controls";
    ``configure`` turns them into ``Controls(self, controls=...)``, whose ``__setattr__`` raises
    ``RuntimeError(f"Control {name} is not advertied by libcamera")`` for any other (controls.py).
    ``advertised`` is a Camera Module 3's (imx708: a lens motor with 0-15 dioptres, ``rpi.af``) unless
    a test sets a fixed-focus camera's.
    Byte order per pixel (picamera2/request.py PIL modes, manual appendix A): RGB888 [B, G, R],
    BGR888 [R, G, B], XRGB8888 [B, G, R, X], XBGR8888 [R, G, B, A].
    """

    attached: ClassVar[int] = 1
    made: ClassVar[list[FakePicamera2]] = []
    unplug_after: ClassVar[int | None] = None
    advertised: ClassVar[dict[str, tuple[Any, Any, Any]]] = IMX708_CONTROLS

    def __init__(
        self, camera_num: int = 0, verbose_console: Any = None, tuning: Any = None, allocator: Any = None
    ) -> None:
        self._preview = None
        self.is_open = False
        self.camera_num = self.global_camera_info()[camera_num]["Num"]
        self.is_open = True
        self.started = False
        self.camera_config: dict[str, Any] | None = None
        self.calls: list[str] = []
        self.captured = 0
        FakePicamera2.made.append(self)

    @staticmethod
    def global_camera_info() -> list[dict[str, Any]]:
        return [
            {"Model": "imx708", "Id": f"/base/soc/i2c0mux/i2c@{n}/imx708@1a", "Num": n}
            for n in range(FakePicamera2.attached)
        ]

    @property
    def camera_controls(self) -> dict[str, tuple[Any, Any, Any]]:
        return dict(self.advertised) if self.is_open else {}

    def create_preview_configuration(
        self, main: dict[str, Any] | None = None, controls: dict[str, Any] | None = None, **others: Any
    ) -> dict[str, Any]:
        self.calls.append("create_preview_configuration")
        if not self.is_open:
            raise RuntimeError("Camera not opened")
        stream: dict[str, Any] = {"format": "XBGR8888", "size": (640, 480), "preserve_ar": True}
        for key, value in (main or {}).items():
            if key not in ("format", "size", "stride", "preserve_ar"):
                raise ValueError(
                    f"Bad key {key!r}: valid stream configuration keys are "
                    "('format', 'size', 'stride', 'preserve_ar')"
                )
            stream[key] = value
        size = stream["size"]
        stream["size"] = (size[0] - size[0] % 2, size[1] - size[1] % 2)
        given = dict(controls or {})
        if "NoiseReductionMode" in self.camera_controls and "FrameDurationLimits" in self.camera_controls:
            given = {"NoiseReductionMode": 1, "FrameDurationLimits": (100, 83333)} | given
        return {
            "use_case": "preview",
            "buffer_count": 4,
            "queue": True,
            "main": stream,
            "lores": None,
            "raw": {},
            "controls": given,
            "display": "main",
            "encode": "main",
            **others,
        }

    def configure(self, camera_config: dict[str, Any] | None = None) -> None:
        self.calls.append("configure")
        if self.started:
            raise RuntimeError("Camera must be stopped before configuring")
        assert camera_config is not None
        main = camera_config["main"]
        if not isinstance(main["format"], str):
            raise RuntimeError("format in main stream should be a string")
        if main["format"] not in ("RGB888", "BGR888", "XRGB8888", "XBGR8888", "YUV420"):
            raise RuntimeError("Bad format " + main["format"] + " in stream main")
        if type(main["size"]) is not tuple or len(main["size"]) != 2:
            raise RuntimeError("size in main stream should be (width, height)")
        if main["size"][0] % 2 or main["size"][1] % 2:
            raise RuntimeError("width and height should be even")
        for name in camera_config["controls"]:
            if name not in self.camera_controls:
                raise RuntimeError(f"Control {name} is not advertied by libcamera")
        self.camera_config = camera_config

    def start(self, config: Any = None, show_preview: Any = False) -> None:
        self.calls.append("start")
        if self.camera_config is None:
            raise RuntimeError("Camera has not been configured")
        self.started = True

    def capture_array(
        self, name: str = "main", wait: Any = None, signal_function: Any = None
    ) -> NDArray[np.uint8]:
        self.calls.append("capture_array")
        unplugged = self.unplug_after is not None and self.captured >= self.unplug_after
        if not self.started or unplugged:
            if isinstance(wait, (int, float)) and not isinstance(wait, bool):
                raise FutureTimeoutError()
            raise AssertionError("picamera2 would wait for ever here")
        assert self.camera_config is not None
        self.captured += 1
        fmt = self.camera_config["main"]["format"]
        width, height = self.camera_config["main"]["size"]
        rgb = np.zeros((height, width, 3), np.uint8)  # the scene: a red die in the top-left corner
        rgb[: height // 2, : width // 2] = (200, 10, 10)
        pixels = rgb[:, :, ::-1] if fmt in ("RGB888", "XRGB8888") else rgb
        if fmt.startswith("X"):
            pixels = np.dstack([pixels, np.full((height, width), 255, np.uint8)])
        return np.ascontiguousarray(pixels)

    def cancel_all_and_flush(self) -> None:
        self.calls.append("cancel_all_and_flush")

    def stop(self) -> None:
        self.calls.append("stop")
        self.started = False

    def close(self) -> None:
        self.calls.append("close")
        if not self.is_open:
            return
        self.stop()
        self.is_open = False


@pytest.fixture
def picamera2(monkeypatch: pytest.MonkeyPatch) -> Iterator[type[FakePicamera2]]:
    """Install the double as the ``picamera2`` module, as the apt package would provide it."""
    module = types.ModuleType("picamera2")
    module.Picamera2 = FakePicamera2  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "picamera2", module)
    monkeypatch.setattr(FakePicamera2, "attached", 1)
    monkeypatch.setattr(FakePicamera2, "unplug_after", None)
    monkeypatch.setattr(FakePicamera2, "made", [])
    monkeypatch.setattr(FakePicamera2, "advertised", IMX708_CONTROLS)
    yield FakePicamera2


def test_picamera2_gives_bgr_frames_of_the_asked_size(picamera2: type[FakePicamera2]) -> None:
    with open_source("picamera2", size=(640, 480)) as source:
        assert isinstance(source, Picamera2Source) and isinstance(source, FrameSource)
        assert source.name == "picamera2:0"
        frame = source.read()
        camera = picamera2.made[0]
        assert camera.calls == ["create_preview_configuration", "configure", "start", "capture_array"]
        assert camera.camera_config is not None
        assert camera.camera_config["main"]["format"] == "RGB888"
        assert camera.camera_config["main"]["size"] == (640, 480)
    assert frame.shape == (480, 640, 3) and frame.dtype == np.uint8 and frame.flags.c_contiguous
    assert tuple(frame[0, 0]) == (10, 10, 200)  # red is the last channel, as OpenCV expects
    assert camera.calls[4:6] == ["stop", "close"] and not camera.is_open and not camera.started


def test_a_camera_module_3_is_focused_on_the_tray_and_keeps_highlights(
    picamera2: type[FakePicamera2],
) -> None:
    with open_source("picamera2", size=(640, 480), controls=tray_controls(Camera())) as source:
        assert isinstance(source, Picamera2Source)
        source.read()
        asked = picamera2.made[0].camera_config
        assert asked is not None and source.missing == ()
    # the lens parked 35 cm away (1 / 0.35 m dioptres), not where the tuning file leaves it (1 m)
    assert asked["controls"]["AfMode"] == 0 and asked["controls"]["LensPosition"] == pytest.approx(2.857)
    assert asked["controls"]["AeConstraintMode"] == 1  # the highlight constraint
    # exposures of whole 10 ms periods: lamps on 50 Hz mains flicker at 100 Hz
    assert (asked["controls"]["AeFlickerMode"], asked["controls"]["AeFlickerPeriod"]) == (1, 10000)
    assert asked["controls"]["FrameDurationLimits"] == (100, 83333)  # picamera2's own stay


def test_the_box_opens_its_camera_with_the_config_s_focus_and_exposure(
    picamera2: type[FakePicamera2],
) -> None:
    from firmware.app import camera_opener
    from firmware.config import Config

    chosen = Camera(focus_cm=25.0, highlights="normal", mains_hz=60)
    with camera_opener(Config(camera=chosen), None)() as source:
        assert isinstance(source, Picamera2Source)
    asked = picamera2.made[0].camera_config
    assert asked is not None and asked["controls"]["LensPosition"] == 4.0
    assert "AeConstraintMode" not in asked["controls"] and asked["controls"]["AeFlickerPeriod"] == 8333


def test_a_fixed_focus_camera_goes_without_the_focus_controls(
    picamera2: type[FakePicamera2], caplog: pytest.LogCaptureFixture
) -> None:
    picamera2.advertised = FIXED_FOCUS
    caplog.set_level(logging.INFO)  # the box says it in the person's language (firmware.loop)
    with pytest.raises(RuntimeError, match="AfMode is not advertied"):  # what picamera2 does with them
        camera = FakePicamera2()
        camera.configure(camera.create_preview_configuration({"format": "RGB888"}, {"AfMode": 0}))
    with Picamera2Source((320, 240), controls=tray_controls(Camera(mains_hz=0))) as source:
        assert source.read().shape == (240, 320, 3)
        assert source.missing == ("AfMode", "LensPosition")
        assert source.controls == {"AeConstraintMode": 1}
    assert "does not offer AfMode, LensPosition: it runs without" in caplog.text


def test_a_focus_nearer_than_the_lens_reaches_is_as_near_as_it_reaches(
    picamera2: type[FakePicamera2],
) -> None:
    with Picamera2Source((320, 240), controls={"LensPosition": 20.0}) as source:
        assert source.controls == {"LensPosition": 15.0}


@pytest.mark.parametrize("pixel_format", ["RGB888", "BGR888", "XRGB8888", "XBGR8888"])
def test_every_rgb_format_comes_out_bgr(picamera2: type[FakePicamera2], pixel_format: str) -> None:
    with Picamera2Source((320, 240), pixel_format=pixel_format) as source:
        frame = source.read()
    assert frame.shape == (240, 320, 3)
    assert tuple(frame[0, 0]) == (10, 10, 200)


def test_swap_red_blue_corrects_a_camera_that_delivers_the_other_order(
    picamera2: type[FakePicamera2],
) -> None:
    with Picamera2Source((320, 240), swap_red_blue=True) as source:
        assert tuple(source.read()[0, 0]) == (200, 10, 10)


def test_picamera2_close_is_idempotent(picamera2: type[FakePicamera2]) -> None:
    source = Picamera2Source((320, 240))
    source.close()
    source.close()
    camera = picamera2.made[0]
    assert camera.calls.count("close") == 1 and not camera.is_open
    with pytest.raises(CameraError, match="after close"):
        source.read()


def test_no_camera_attached_is_a_clear_error(picamera2: type[FakePicamera2]) -> None:
    picamera2.attached = 0
    with pytest.raises(CameraError, match=r"no camera found at number 0 \(list index out of range\).*ribbon"):
        open_source("picamera2")


def test_a_camera_that_cannot_be_acquired_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    def busy(camera_num: int) -> None:
        raise RuntimeError("Camera __init__ sequence did not complete.")

    with pytest.raises(CameraError, match=r"could not be opened.*did not complete.*no other program"):
        Picamera2Source(picamera2_class=busy)


def test_a_camera_that_stops_delivering_times_out(picamera2: type[FakePicamera2]) -> None:
    picamera2.unplug_after = 1
    with Picamera2Source((320, 240), capture_timeout_s=0.5) as source:
        source.read()
        with pytest.raises(CameraError, match=r"no frame came within 0\.5 s.*cable") as caught:
            source.read()
        assert isinstance(caught.value.__cause__, TimeoutError)
        camera = picamera2.made[0]
        assert camera.calls[-1] == "cancel_all_and_flush"
    assert camera.calls[-3:-1] == ["stop", "close"] and not camera.is_open


def test_picamera2_not_installed_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "picamera2", None)  # import picamera2 -> ModuleNotFoundError
    with pytest.raises(CameraError) as caught:
        open_source("picamera2")
    message = str(caught.value)
    assert "picamera2 is not installed" in message
    assert "sudo apt install python3-picamera2" in message and "--system-site-packages" in message


def test_picamera2_without_libcamera_says_the_same(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """What ``pip install picamera2`` gives on a machine without Raspberry Pi OS's libcamera."""
    package = tmp_path / "picamera2"
    package.mkdir()
    (package / "__init__.py").write_text("import libcamera_that_is_not_here as libcamera\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "picamera2", raising=False)
    with pytest.raises(CameraError, match=r"libcamera_that_is_not_here.*sudo apt install python3-picamera2"):
        Picamera2Source()


def test_a_bad_size_or_format_is_refused_before_the_camera_is_touched(picamera2: type[FakePicamera2]) -> None:
    with pytest.raises(ValueError, match="positive whole numbers"):
        Picamera2Source((0, 480))
    with pytest.raises(ValueError, match="pixel_format"):
        Picamera2Source(pixel_format="YUV420")
    assert picamera2.made == []


def test_a_camera_that_will_not_start_is_closed_and_explained(
    picamera2: type[FakePicamera2], monkeypatch: pytest.MonkeyPatch
) -> None:
    def fail(self: FakePicamera2, config: Any = None, show_preview: Any = False) -> None:
        raise RuntimeError("Failed to start camera: Device or resource busy")

    monkeypatch.setattr(FakePicamera2, "start", fail)
    with pytest.raises(CameraError, match=r"would not start with 1280x960 RGB888 frames.*resource busy"):
        open_source("picamera2")
    camera = picamera2.made[0]
    assert "close" in camera.calls and not camera.is_open


def test_an_odd_size_is_trimmed_by_picamera2_and_still_read(picamera2: type[FakePicamera2]) -> None:
    with Picamera2Source((641, 481)) as source:
        assert source.read().shape == (480, 640, 3)


def test_after_a_camera_failure_closing_and_reopening_recovers(picamera2: type[FakePicamera2]) -> None:
    picamera2.unplug_after = 2
    source = open_source("picamera2", size=(320, 240))
    source.read()
    source.read()
    with pytest.raises(CameraError):
        source.read()
    source.close()
    picamera2.unplug_after = None  # the cable is pushed back in
    with open_source("picamera2", size=(320, 240)) as again:
        assert again.read().shape == (240, 320, 3)
    assert len(picamera2.made) == 2 and not any(c.is_open for c in picamera2.made)
