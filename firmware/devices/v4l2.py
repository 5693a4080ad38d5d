"""A USB webcam's own anti-flicker setting, which OpenCV does not reach: V4L2's control ioctl.

Lamps on mains power flicker at twice its frequency, and a webcam that exposes for a time that is no
whole number of flicker periods shows bands of light across its frames (``vision.camera_check``
measures them). UVC webcams have a "power line frequency" control for this (``v4l2-ctl -C
power_line_frequency``: 0 off, 1 50 Hz, 2 60 Hz), which OpenCV's ``VideoCapture`` has no property
for. This module sets it the way ``v4l2-ctl`` does: ``VIDIOC_S_CTRL`` on ``/dev/videoN`` with a
``struct v4l2_control`` (Linux's ``include/uapi/linux/videodev2.h``), standard library only.

``webcam_controls`` takes the same controls as the Pi camera (``firmware.devices.camera.picamera2.
tray_controls``, libcamera's names) and applies those a webcam has a V4L2 control for; the others
(the lens, the exposure's highlight rule) it names as missing.

>>> hex(VIDIOC_S_CTRL), hex(POWER_LINE_FREQUENCY)
('0xc008561c', '0x980918')
>>> power_line({"AeFlickerMode": 1, "AeFlickerPeriod": 8333})
2
"""

from __future__ import annotations

import errno
import os
import struct
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

IOC_READ_WRITE = 3
CONTROL = struct.Struct("=Ii")
"""``struct v4l2_control { __u32 id; __s32 value; }``"""
VIDIOC_S_CTRL = IOC_READ_WRITE << 30 | CONTROL.size << 16 | ord("V") << 8 | 28
"""``_IOWR('V', 28, struct v4l2_control)``."""
POWER_LINE_FREQUENCY = 0x00980900 + 24
"""``V4L2_CID_POWER_LINE_FREQUENCY`` (``V4L2_CID_BASE + 24``), a menu: 0 disabled, 1 50 Hz, 2 60 Hz."""
POWER_LINE_MENU = {50: 1, 60: 2}
DEV = Path("/dev")

Ioctl = Callable[[int, int, bytes], Any]


def power_line(controls: Mapping[str, float]) -> int | None:
    """The power line frequency menu entry for libcamera's flicker controls (``AeFlickerPeriod``, half
    a mains period in microseconds), None when they ask for none."""
    if controls.get("AeFlickerMode") != 1 or "AeFlickerPeriod" not in controls:
        return None
    return POWER_LINE_MENU.get(round(1e6 / (2 * controls["AeFlickerPeriod"])))


def set_control(device: Path, control: int, value: int, ioctl: Ioctl | None = None) -> str | None:
    """Set V4L2 ``control`` of ``device`` to ``value``; None when done, else why not (for a log line)."""
    if ioctl is None:
        import fcntl

        ioctl = fcntl.ioctl
    try:
        handle = os.open(device, os.O_RDWR | os.O_NONBLOCK)
    except OSError as error:
        return f"{device} cannot be opened ({error.strerror})"
    try:
        ioctl(handle, VIDIOC_S_CTRL, CONTROL.pack(control, value))
    except OSError as error:
        if error.errno in (errno.ENOTTY, errno.EINVAL, errno.ERANGE):
            return f"{device} has no such control or value"
        return f"{device} refused it ({error.strerror})"
    finally:
        os.close(handle)
    return None


def webcam_controls(
    index: int, controls: Mapping[str, float], ioctl: Ioctl | None = None
) -> tuple[dict[str, float], tuple[str, ...]]:
    """Apply to webcam ``/dev/video{index}`` the ``controls`` (libcamera's names) it has a V4L2 control
    for: the flicker ones become its power line frequency. Returns those applied, and the names of
    the others (with why, for the flicker ones a webcam refused)."""
    applied: dict[str, float] = {}
    missing = [name for name in controls if name not in ("AeFlickerMode", "AeFlickerPeriod")]
    menu = power_line(controls)
    if menu is not None:
        why = set_control(DEV / f"video{index}", POWER_LINE_FREQUENCY, menu, ioctl)
        flicker = {name: controls[name] for name in ("AeFlickerMode", "AeFlickerPeriod")}
        if why is None:
            applied |= flicker
        else:
            missing += [f"{name} ({why})" for name in flicker]
    return applied, tuple(missing)
