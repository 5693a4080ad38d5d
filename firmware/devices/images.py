"""Pictures from files: one decoder for ``kostka read``/``eval`` and the replay camera.

OpenCV's ``imread`` returns ``None`` without a reason; ``load_image`` says what is wrong instead.
"""

from __future__ import annotations

import io
import warnings
from pathlib import Path

import cv2
import numpy as np
from numpy.typing import NDArray

from firmware.errors import KostkaError
from vision.reading import SMALLEST_FRAME

JPEG_START = b"\xff\xd8"
JPEG_END = b"\xff\xd9"
JPEG_TAIL = 4096
"""A complete JPEG ends with the end-of-image marker; we look for it in the last bytes (some writers
pad after it). OpenCV 4.11 and 5.0 refused every truncated JPEG tried, but libjpeg itself treats a
premature end as a warning: the check keeps a lenient build from handing back a half-grey frame,
and names the fault."""


LARGEST_PIXELS = 64_000_000
"""A picture of more pixels is refused before it is decoded (a 64-megapixel frame takes 192 MB as BGR;
the camera gives 1.2): a phone's photo fits, a 30000 x 30000 one would take 2.7 GB."""


class ImageError(KostkaError, ValueError):
    """A picture file that cannot be used: the message says why, the advice what to do."""

    def __init__(self, why: str, advice: str) -> None:
        super().__init__(why)
        self.why = why
        self.advice = advice


def load_image(path: str | Path) -> NDArray[np.uint8]:
    """The picture at ``path`` as an H x W x 3 BGR uint8 frame; ``ImageError`` saying why not.

    >>> load_image("/no/such/file.jpg")
    Traceback (most recent call last):
    ...
    firmware.devices.images.ImageError: there is no file '/no/such/file.jpg'
    """
    name = str(path)
    try:
        data = Path(path).read_bytes()
    except FileNotFoundError:
        raise ImageError(f"there is no file {name!r}", "Check the path") from None
    except IsADirectoryError:
        raise ImageError(f"{name!r} is a folder, not a picture", "Name a picture file") from None
    except OSError as exc:
        raise ImageError(f"cannot read {name!r} ({exc.strerror or exc})", "Skip it") from None
    if not data:
        raise ImageError(f"{name!r} is empty", "Skip it or replace it")
    if data.startswith(JPEG_START) and JPEG_END not in data[-JPEG_TAIL:]:
        raise ImageError(f"{name!r} is a truncated JPEG", "Skip it or copy it again")
    size = _size_from_header(data)
    if size is not None and size[0] * size[1] > LARGEST_PIXELS:
        shown = f"{size[0]} x {size[1]} pixels, " if size[0] * size[1] < 2**62 else ""
        raise ImageError(
            f"{name!r} is {shown}more than {LARGEST_PIXELS // 1_000_000} megapixels", "Scale it down first"
        )
    image = cv2.imdecode(np.frombuffer(data, dtype=np.uint8), cv2.IMREAD_COLOR)
    if image is None:
        raise ImageError(
            f"{name!r} is not a readable image (corrupt, or a format OpenCV cannot decode)",
            "Skip it or replace it",
        )
    height, width = image.shape[:2]
    if min(height, width) < SMALLEST_FRAME:
        raise ImageError(
            f"{name!r} is only {width} x {height} pixels, too small to show a die", "Use a bigger picture"
        )
    return np.asarray(image, dtype=np.uint8)


def _size_from_header(data: bytes) -> tuple[int, int] | None:
    """The picture's (width, height) from its header alone, without decoding it; None when Pillow
    does not know the format (OpenCV may still)."""
    from PIL import Image

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data)) as picture:
                return int(picture.size[0]), int(picture.size[1])
    except Image.DecompressionBombError:  # Pillow's own limit, far above ours
        return 2**31, 2**31
    except Exception:  # Pillow raises its own kinds for formats it does not know; OpenCV decides then
        return None


def try_load_image(path: str | Path) -> tuple[NDArray[np.uint8] | None, str]:
    """``(frame, "")``, or ``(None, why)`` when the file cannot be used (for commands that go on)."""
    try:
        return load_image(path), ""
    except ImageError as error:
        return None, error.why
