"""What runs the reader's ONNX networks: OpenCV's dnn module, or a runtime the caller plugs in.

Every network file in ``vision/data`` is read through ``load``, which opens it (once per runtime)
with the runtime in use. By default that is OpenCV's dnn module, so vision/ needs nothing beyond
numpy and OpenCV. A caller that knows of a faster runtime on its machine (the firmware plugs in
ONNX Runtime where it is installed: ``firmware.onnx_runtime``) passes an opener to
``use_runtime``; the networks' outputs are the same to within float rounding.

A network exported at one fixed input shape (OpenCV 4.11 loads only that form of the dice and
colour networks, and runs it at any size) has an ``any_size`` twin beside it, the same weights
with free batch, height and width, for runtimes that hold a file to its declared shape
(``tools/export_any_size.py`` writes it).

A network may also have a ``quantised`` twin, the same network with int8 weights and activations,
for runtimes that compute such files faster (ONNX Runtime: ``firmware.onnx_runtime``); it records
the ``digest`` of the file it was made from (``tools/quantise_face_net.py`` writes it).

>>> any_size(Path("vision/data/dice_net.onnx")).name
'dice_net.any-size.onnx'
>>> quantised(Path("vision/data/face_net.onnx")).name
'face_net.int8.onnx'
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

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


_opener: list[Opener] = [DnnNetwork]


def use_runtime(opener: Opener | None) -> None:
    """Open every network loaded from now on with ``opener`` (``None``: OpenCV's dnn module)."""
    _opener[0] = opener if opener is not None else DnnNetwork


def runtime() -> Opener:
    """The opener in use."""
    return _opener[0]


def runtime_name() -> str:
    """The name of the runtime in use, for reports (``OpenCV dnn`` by default)."""
    return str(getattr(runtime(), "name", "another runtime"))


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


def load(path: str | Path, what: str, trainer: str, error: type[Exception]) -> Network:
    """The network in file ``path`` (``what`` it is, for messages), opened once per runtime.

    A missing file raises ``error`` naming ``trainer`` (the script that makes it); a file the
    runtime cannot load raises ``error`` with the runtime's reason."""
    if not Path(path).is_file():
        raise error(f"{what} {path} is missing; train it with {trainer}")
    try:
        return _open(str(path), runtime())
    except Exception as reason:  # each runtime raises its own kind; the message says what
        raise error(f"{runtime_name()} cannot load the {what} {path}: {reason}") from None
