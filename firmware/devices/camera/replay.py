"""Replay: the images of a folder or a glob as frames, in natural order (``f2`` before ``f10``)."""

from __future__ import annotations

from pathlib import Path

from firmware.devices.camera import (
    CHECK_PATH,
    IMAGE_SUFFIXES,
    BadFrameFile,
    CameraError,
    EndOfFrames,
    Frame,
    SourceBase,
    expand_glob,
    natural_key,
)
from firmware.devices.images import ImageError, load_image
from firmware.errors import Words


class ReplaySource(SourceBase):
    """Frames from image files: a folder (its images, not sub-folders), a glob, or one image file.

    An unreadable file (corrupt, truncated, not an image) raises ``BadFrameFile`` naming it; the next
    ``read()`` continues with the following file, so the caller may skip it and say so. After the
    last file ``read()`` raises ``EndOfFrames``, or starts over when ``loop`` is true.
    """

    def __init__(self, where: str | Path, *, loop: bool = False) -> None:
        self.loop = loop
        self.position = 0
        text = str(where)
        super().__init__(text, Words("replay.source", {"where": repr(text)}))
        path = Path(where).expanduser()
        if isinstance(where, str) and any(ch in where for ch in "*?["):
            files = expand_glob(where)
            empty_advice: str | Words = Words("replay.pattern")
        elif path.is_dir():
            files = sorted(
                (p for p in path.iterdir() if p.is_file() and p.suffix.lower() in IMAGE_SUFFIXES),
                key=natural_key,
            )
            suffixes = " ".join(sorted(IMAGE_SUFFIXES))
            empty_advice = Words("replay.put_images", {"suffixes": suffixes})
        elif path.is_file():
            files = [path]
            empty_advice = ""
        else:
            self._closed = True
            raise CameraError(self.said, Words("camera.no_path"), CHECK_PATH)
        if not files:
            self._closed = True
            raise CameraError(self.said, Words("replay.no_images"), empty_advice)
        self.files: tuple[Path, ...] = tuple(files)

    def read(self) -> Frame:
        self._check_open()
        if self.position >= len(self.files):
            if not self.loop:
                ended = Words("replay.ended", {"n": len(self.files)})
                raise EndOfFrames(self.said, ended, Words("video.open_again"))
            self.position = 0
        path = self.files[self.position]
        self.position += 1
        return self._as_frame(self._decode(path), Words("camera.decoding", {"name": path.name}))

    def _decode(self, path: Path) -> Frame:
        try:
            return load_image(path)
        except ImageError as error:
            raise BadFrameFile(self.said, path, error.why, error.advice) from error
