"""The reader's networks: which files (``Networks``) and what runs them (an ``Opener``).

A ``Networks`` value is passed to every reader (``read_dice(frame, networks=...)``): the folder of
other network files to use where it holds them (``folder``; None: the shipped files of ``DATA``),
and the opener that runs them (``opener``). By default (``SHIPPED``) that is OpenCV's dnn module,
so vision/ needs nothing beyond numpy and OpenCV. A caller that knows of a faster runtime on its
machine (the firmware builds one with ONNX Runtime where it is installed: ``firmware.devices.onnx_runtime``)
passes its opener; the networks' outputs are the same to within float rounding. Each file is
opened once per opener.

A network exported at one fixed input shape (OpenCV 4.11 loads only that form of the dice and
colour networks, and runs it at any size) has an ``any_size`` twin beside it, the same weights
with free batch, height and width, for runtimes that hold a file to its declared shape
(``tools/export_any_size.py`` writes it).

A network may also have a ``quantised`` twin, the same network with int8 weights and activations,
for runtimes that compute such files faster (ONNX Runtime: ``firmware.devices.onnx_runtime``); it records
the ``digest`` of the file it was made from (``tools/quantise_face_net.py`` writes it).

>>> any_size(Path("vision/data/dice_net.onnx")).name
'dice_net.any-size.onnx'
>>> quantised(Path("vision/data/face_net.onnx")).name
'face_net.int8.onnx'
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from vision.errors import Term, VisionError

if TYPE_CHECKING:  # OpenCV and numpy are imported when a network opens: choosing one is quick
    import numpy as np
    from numpy.typing import NDArray


DATA = Path(__file__).with_name("data")
"""The folder of the shipped network files."""


class Network(Protocol):
    """One loaded network: a float32 NCHW blob in, its (first) output out."""

    def run(self, blob: NDArray[Any]) -> NDArray[np.float32]: ...


Opener = Callable[[Path], Network]
"""Opens one ONNX file; raises an exception that says why it cannot."""


class DnnNetwork:
    """A network run by OpenCV's dnn module (any batch; any size for a fixed-shape export)."""

    name = "OpenCV dnn"

    def __init__(self, path: Path) -> None:
        import cv2

        self._net = cv2.dnn.readNetFromONNX(str(path))

    def run(self, blob: NDArray[Any]) -> NDArray[np.float32]:
        import numpy as np

        self._net.setInput(blob)
        return np.asarray(self._net.forward(), np.float32)


def any_size(path: Path) -> Path:
    """The file beside ``path`` with the same network exported with free input dimensions."""
    return path.with_name(f"{path.stem}.any-size{path.suffix}")


QUANTISED_FROM = "quantised_from"
"""The key of a ``quantised`` twin's metadata that holds the ``digest`` of the file it was made from."""


def quantised(path: Path) -> Path:
    """The file beside ``path`` with the same network quantised to int8."""
    return path.with_name(f"{path.stem}.int8{path.suffix}")


def digest(path: Path) -> str:
    """The SHA-256 of a file's bytes, in hex."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


@lru_cache(maxsize=32)
def _open(path: str, opener: Opener) -> Network:
    return opener(Path(path))


DICE_NET = "dice_net.onnx"
"""Pips mode's dice network (``vision.pips.dice_net``); colour mode may ask it too."""
FACE_NET = "face_net.onnx"
"""Pips mode's face classifier (``vision.pips.face_net``)."""
CLOSE_FACE_NET = "face_net_close.onnx"
"""Pips mode's closer classifier, asked only when its file is there (``vision.pips.face_net``)."""
COLOUR_NET = "colour_net.onnx"
"""Colour mode's network (``vision.colours.net``)."""
COLOUR_FACE_NET = "colour_face_net.onnx"
"""Colour mode's face classifier (``vision.colours.face_net``)."""
SECOND_COLOUR_FACE_NET = "colour_face_net_second.onnx"
"""A second draw of its recipe, asked about a yellow face's doubt (``vision.colours.face_net``)."""


@dataclass(frozen=True)
class Networks:
    """The network files the reader uses and the opener that runs them.

    ``folder``: a folder with other network files (e.g. trained on part of the data), used as each
    method below says; None: the shipped files (``DATA``). ``opener``: what runs them.

    >>> SHIPPED.dice_net() == DATA / DICE_NET, SHIPPED.runtime_name
    (True, 'OpenCV dnn')
    >>> Networks(Path("/elsewhere")).face_net()
    PosixPath('/elsewhere/face_net.onnx')
    """

    folder: Path | None = None
    opener: Opener = DnnNetwork

    @property
    def runtime_name(self) -> str:
        """The name of the opener's runtime, for reports (``OpenCV dnn`` by default)."""
        return str(getattr(self.opener, "name", "another runtime"))

    def with_folder(self, folder: str | Path | None) -> Networks:
        """The same opener with the files of ``folder`` (None: the shipped ones)."""
        return replace(self, folder=None if folder is None else Path(folder))

    def file(self, name: str) -> Path:
        """The file ``name`` in ``folder`` when one is given (there or not), else the shipped one."""
        return DATA / name if self.folder is None else self.folder / name

    def _own(self, name: str) -> Path | None:
        """The file ``name`` in ``folder`` when one is given and holds it."""
        if self.folder is not None and (self.folder / name).is_file():
            return self.folder / name
        return None

    def dice_net(self) -> Path:
        """Pips mode's dice network: ``folder``'s (present or not) or the shipped one."""
        return self.file(DICE_NET)

    def face_net(self) -> Path:
        """Pips mode's face classifier: ``folder``'s (present or not) or the shipped one."""
        return self.file(FACE_NET)

    def close_face_net(self) -> Path | None:
        """Pips mode's closer classifier (``folder``'s or the shipped one), None when it is absent."""
        path = self.file(CLOSE_FACE_NET)
        return path if path.is_file() else None

    def colour_face_net(self) -> Path:
        """Colour mode's face classifier: ``folder``'s if it holds one, else the shipped one."""
        return self._own(COLOUR_FACE_NET) or DATA / COLOUR_FACE_NET

    def colour_net(self, wanted: bool | None) -> Path | None:
        """Colour mode's network, or None for its classical path (``ColourSettings.colour_net`` is
        ``wanted``; False: None): ``folder``'s if it holds one, else the shipped one (when installed
        with its face classifier, or when ``wanted``: a missing file is then an error that says so)."""
        if wanted is False:
            return None
        own = self._own(COLOUR_NET)
        if own is not None:
            return own
        if wanted or ((DATA / COLOUR_NET).is_file() and self.colour_face_net().is_file()):
            return DATA / COLOUR_NET
        return None

    def pip_networks(self, wanted: bool | None) -> Networks | None:
        """The networks with which colour mode may ask the pip reader about a frame its network does
        not know (``ColourSettings.use_net`` is ``wanted``; False: None): ``folder``'s when it holds
        both pip networks, else the shipped ones when installed, else None."""
        if wanted is False:
            return None
        if self.folder is not None and all(self._own(name) is not None for name in (DICE_NET, FACE_NET)):
            return self
        shipped = (DATA / DICE_NET).is_file() and (DATA / FACE_NET).is_file()
        return self.with_folder(None) if shipped else None

    def colour_dice_net(self, wanted: bool | None, fallback: bool = False) -> Path | None:
        """The dice network colour mode's classical path asks, or None (``ColourSettings.use_net`` is
        ``wanted``; None: when a ``folder`` is given or the shipped one is installed). Reading a frame
        that the colour network did not know (``fallback``), a ``folder`` without a dice network
        means the shipped one."""
        folder = self.folder
        if fallback and folder is not None and not (folder / DICE_NET).is_file():
            folder = None
        ask = wanted if wanted is not None else folder is not None or (DATA / DICE_NET).is_file()
        if not ask:
            return None
        return folder / DICE_NET if folder is not None else DATA / DICE_NET

    def open(self, path: str | Path, what: str, trainer: str, error: type[VisionError]) -> Network:
        """The network in file ``path`` (``what`` it is: a ``Term`` key, ``network.dice``), opened once
        per opener.

        A missing file raises ``error`` naming ``trainer`` (the script that makes it); a file the
        runtime cannot load raises ``error`` with the runtime's reason (``VisionError.of``: said in
        the person's language by the firmware)."""
        if not Path(path).is_file():
            raise error.of("network.missing", what=Term(what), path=path, trainer=trainer)
        try:
            return _open(str(path), self.opener)
        except Exception as reason:  # each runtime raises its own kind; the message says what
            said = " ".join(str(reason).split())  # on one line (OpenCV's ends in a newline)
            runtime = self.runtime_name
            raise error.of(
                "network.unloadable", runtime=runtime, what=Term(what), path=path, reason=said
            ) from None


SHIPPED = Networks()
"""The shipped network files on OpenCV's dnn module."""
