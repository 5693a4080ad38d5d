"""Pictures from files: one decoder for ``kostka read``/``eval`` and the replay camera.

OpenCV's ``imread`` returns ``None`` without a reason; ``load_image`` says what is wrong instead.
"""

from __future__ import annotations

import warnings
from pathlib import Path

import cv2
import numpy as np
from numpy.typing import NDArray

from firmware.errors import KostkaError, Words
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
    """A picture file that cannot be used: ``why`` (the message) says why, ``advice`` what to do; both
    catalogue words, said in the person's language (``str()``: English)."""

    def __init__(self, key: str, advice: str, /, **fields: object) -> None:
        super().__init__(key, **fields)
        self.why = Words(key, fields)
        self.advice = Words(advice)


def load_image(path: str | Path) -> NDArray[np.uint8]:
    """The picture at ``path`` as an H x W x 3 BGR uint8 frame; ``ImageError`` saying why not.

    A picture of more than ``LARGEST_PIXELS`` is refused from its header, before the file is read
    whole or decoded, so a huge one costs no memory.

    >>> load_image("/no/such/file.jpg")
    Traceback (most recent call last):
    ...
    firmware.devices.images.ImageError: there is no file '/no/such/file.jpg'
    """
    name = repr(str(path))
    try:
        _size_from_header(Path(path))  # refuses a huge picture before it is read
        data = Path(path).read_bytes()
    except FileNotFoundError:
        raise ImageError("image.missing", "camera.check_path", name=name) from None
    except IsADirectoryError:
        raise ImageError("image.folder", "image.name_picture", name=name) from None
    except OSError as exc:
        raise ImageError("image.unreadable", "image.skip", name=name, reason=exc.strerror or exc) from None
    if not data:
        raise ImageError("image.empty", "image.skip_or_replace", name=name)
    if data.startswith(JPEG_START) and JPEG_END not in data[-JPEG_TAIL:]:
        raise ImageError("image.truncated", "image.copy_again", name=name)
    image = cv2.imdecode(np.frombuffer(data, dtype=np.uint8), cv2.IMREAD_COLOR)
    if image is None:
        raise ImageError("image.undecodable", "image.skip_or_replace", name=name)
    height, width = image.shape[:2]
    if min(height, width) < SMALLEST_FRAME:
        raise ImageError("image.tiny", "image.bigger", name=name, width=width, height=height)
    return np.asarray(image, dtype=np.uint8)


def _size_from_header(path: Path) -> tuple[int, int] | None:
    """The picture's (width, height) from its header alone, without reading the file whole or decoding
    it; None when Pillow does not know the format (OpenCV may still). ``ImageError`` if it is bigger
    than ``LARGEST_PIXELS``; ``OSError`` if the file cannot be opened."""
    from PIL import Image

    mp = LARGEST_PIXELS // 1_000_000
    with path.open("rb") as file:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", Image.DecompressionBombWarning)
                with Image.open(file) as picture:
                    width, height = int(picture.size[0]), int(picture.size[1])
        except Image.DecompressionBombError:  # Pillow's own limit, far above ours
            raise ImageError("image.huge", "image.scale_down", name=repr(str(path)), mp=mp) from None
        except Exception:  # Pillow raises its own kinds for formats it does not know; OpenCV decides then
            return None
    if width * height > LARGEST_PIXELS:
        fields = {"name": repr(str(path)), "width": width, "height": height, "mp": mp}
        raise ImageError("image.huge.size", "image.scale_down", **fields)
    return width, height


def try_load_image(path: str | Path, lang: str = "en") -> tuple[NDArray[np.uint8] | None, str]:
    """``(frame, "")``, or ``(None, why)`` in ``lang`` when the file cannot be used (for commands that
    go on)."""
    try:
        return load_image(path), ""
    except ImageError as error:
        return None, error.message(lang)
