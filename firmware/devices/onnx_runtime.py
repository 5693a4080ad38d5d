"""ONNX Runtime for the reader's networks where it is installed: the same files, computed faster.

vision/ runs its networks through OpenCV's dnn module unless given another opener (``vision.networks``).
On one core here ONNX Runtime computes the same outputs (to about 1e-5), the pip reader's
whole reading in about half the time (``bench/bench_vision.py --against dnn`` prints both).
``choose_runtime`` chooses it when the package is importable and ``KOSTKA_RUNTIME`` does not
say ``dnn``; the commands call it first. The service (``kostka run``) and ``kostka check`` then call
``choose_probed_runtime``: ONNX Runtime only when it passed its probe in a child process
(``firmware.devices.runtime_probe``: a build that crashes in native code would crash the service),
else OpenCV's dnn; ``runtime_reason`` says why for the log and the check.

A fixed-shape network file is read through its ``any_size`` twin (ONNX Runtime holds a file to
its declared input shape, and the reader feeds the dice network frames and crops of several
sizes); without a twin (``--models`` folders of older runs) that file stays with OpenCV's dnn.
A file's ``quantised`` twin (int8; the face classifier's) is read instead of it when the twin was made
from that very file (``made_from``); the pip reader's figures are those of the twin.

>>> choose_runtime("dnn")
'OpenCV dnn'
>>> choose_runtime("tflite")
Traceback (most recent call last):
...
ValueError: KOSTKA_RUNTIME is 'tflite'; use onnxruntime or dnn
"""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from vision.networks import QUANTISED_FROM, SHIPPED, DnnNetwork, Networks, any_size, digest, quantised

if TYPE_CHECKING:  # OpenCV, numpy and onnxruntime load with the first network (``kostka odds`` needs none)
    import numpy as np
    from numpy.typing import NDArray

    from firmware.devices.runtime_probe import Verdict
    from vision.networks import Network

VARIABLE = "KOSTKA_RUNTIME"
RUNTIMES = ("onnxruntime", "dnn")


class OnnxRuntimeNetwork:
    """One network file run by an ONNX Runtime session on the CPU, with as many threads as
    OpenCV is set to use when it opens (the benchmarks' one core: ``cv2.setNumThreads(1)``)."""

    name = "ONNX Runtime"

    def __init__(self, path: Path) -> None:
        import cv2
        import onnxruntime

        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = max(1, cv2.getNumThreads())
        options.inter_op_num_threads = 1
        options.log_severity_level = 3  # errors only: its warnings are not the player's business
        # threads that wait by spinning would take the Pi's cores from the loop between two reads
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        self._session = onnxruntime.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])
        self._input = self._session.get_inputs()[0].name

    @property
    def fixed_shape(self) -> bool:
        """Whether the file declares a fixed batch (exported for OpenCV 4.11, ``vision.networks``)."""
        return isinstance(self._session.get_inputs()[0].shape[0], int)

    def made_from(self, path: Path) -> bool:
        """Whether this file is the ``quantised`` twin of the file ``path`` as it is now (its
        recorded digest is that file's: a twin left beside a retrained network is not it)."""
        recorded = self._session.get_modelmeta().custom_metadata_map.get(QUANTISED_FROM)
        return bool(recorded == digest(path))

    def run(self, blob: NDArray[Any]) -> NDArray[np.float32]:
        import numpy as np

        outputs = self._session.run(None, {self._input: np.ascontiguousarray(blob, np.float32)})
        return np.asarray(outputs[0], np.float32)


class OnnxRuntime:
    """The opener a ``vision.networks.Networks`` takes: ``path`` (or its ``quantised`` twin made
    from it, or its ``any_size`` twin) in ONNX Runtime; in OpenCV's dnn module a fixed-shape file
    without a twin (dnn runs it at any size), and every file when the installed onnxruntime cannot
    be imported (a broken install costs speed, not the game)."""

    name = OnnxRuntimeNetwork.name

    def __call__(self, path: Path) -> Network:
        try:
            int8 = _quantised_twin(path)
            if int8 is not None:
                return int8
            twin = any_size(path)
            network = OnnxRuntimeNetwork(twin if twin.is_file() else path)
        except ImportError:
            return DnnNetwork(path)
        return DnnNetwork(path) if network.fixed_shape else network  # (a twin's shape is free)


def _quantised_twin(path: Path) -> OnnxRuntimeNetwork | None:
    """The ``quantised`` twin of ``path`` in ONNX Runtime when one was made from that file and
    loads; else None, and the file itself runs (a damaged twin costs speed, not the game)."""
    if not quantised(path).is_file():
        return None
    try:
        int8 = OnnxRuntimeNetwork(quantised(path))
    except ImportError:
        raise
    except Exception:  # ONNX Runtime's own kinds; the float file beside it is the network
        return None
    return int8 if int8.made_from(path) else None


ONNX_RUNTIME = OnnxRuntime()  # one opener, so that the networks it opened stay cached


def installed() -> bool:
    """Whether the onnxruntime package can be imported here (without importing it)."""
    return importlib.util.find_spec("onnxruntime") is not None


_CHOSEN: list[Networks] = [SHIPPED]
"""The process's one choice of runtime (``choose_runtime``), as the networks the commands read with."""
_REASON: list[Verdict | None] = [None]
"""Why the networks run where they run: the probe's verdict, or why dnn was chosen without one
(None: ONNX Runtime chosen without a probe, or nothing chosen yet)."""


def chosen_networks(folder: str | None = None) -> Networks:
    """The networks on the runtime ``choose_runtime`` chose (OpenCV's dnn until it is called),
    with the files of ``folder`` (a ``--models`` folder; None: the shipped ones)."""
    return _CHOSEN[0].with_folder(folder)


def choose_runtime(wanted: str | None = None) -> str:
    """Choose the runtime ``wanted`` (default: ``$KOSTKA_RUNTIME``, else ONNX Runtime where it is
    installed) for the networks the commands read with (``chosen_networks``); returns its name.
    Nothing is loaded yet."""
    wanted = wanted if wanted is not None else os.environ.get(VARIABLE, "")
    if wanted and wanted not in RUNTIMES:
        raise ValueError(f"{VARIABLE} is {wanted!r}; use {' or '.join(RUNTIMES)}")
    here = installed()
    if wanted == "onnxruntime" and not here:
        raise ValueError(f"{VARIABLE} is 'onnxruntime' but the onnxruntime package is not installed")
    if wanted != "dnn" and here:
        _CHOSEN[0], _REASON[0] = Networks(opener=ONNX_RUNTIME), None
        return OnnxRuntimeNetwork.name
    _CHOSEN[0], _REASON[0] = SHIPPED, _verdict("chosen" if wanted == "dnn" else "not_installed")
    return DnnNetwork.name


def _verdict(outcome: str, detail: str | None = None) -> Verdict:
    from firmware.devices.runtime_probe import Verdict

    said = {"chosen": "dnn", "not_installed": "no onnxruntime package"}
    return Verdict(outcome, said.get(outcome, "") if detail is None else detail)


def choose_probed_runtime(
    state_dir: Path, *, probe: Callable[[], Verdict] | None = None, again: bool = False
) -> tuple[str, bool]:
    """Choose as ``choose_runtime`` does, but ONNX Runtime only when it passed its probe
    (``firmware.devices.runtime_probe.cached_verdict``: kept in ``state_dir`` per onnxruntime version
    and network files; ``probe`` makes a fresh verdict, default ``runtime_probe.probe()``); else
    OpenCV's dnn, the verdict kept as ``runtime_reason()``. ``KOSTKA_RUNTIME=onnxruntime`` is
    obeyed without a probe. Returns the runtime's name and whether a probe ran now. Raises
    ValueError as ``choose_runtime`` does; never for what the probe finds."""
    from firmware.devices.runtime_probe import cached_verdict

    name = choose_runtime()
    if name != OnnxRuntimeNetwork.name or os.environ.get(VARIABLE) == "onnxruntime":
        return name, False
    try:
        verdict, probed = cached_verdict(state_dir, again=again, run=probe)
    except Exception as error:  # a fault of the probe's own (its inputs, dnn): say it, read on dnn
        verdict, probed = _verdict("failed", f"{type(error).__name__}: {error}"), True
    _REASON[0] = verdict
    if not verdict.ok:
        _CHOSEN[0] = SHIPPED
        return DnnNetwork.name, probed
    return name, probed


def runtime_reason() -> Verdict | None:
    """Why the networks run where they run: a ``Verdict`` (the probe's; ``chosen`` when
    ``KOSTKA_RUNTIME`` says dnn; ``not_installed``), or None when ONNX Runtime was chosen unprobed."""
    return _REASON[0]


def fallback() -> tuple[str, str] | None:
    """Why the networks run on OpenCV's dnn as (outcome, detail), or None when they run on ONNX
    Runtime: what the box's camera check shows (``firmware.machine.state.Setup.networks``)."""
    verdict = _REASON[0]
    if _CHOSEN[0].opener is ONNX_RUNTIME or verdict is None:
        return None
    return verdict.outcome, verdict.detail


def runtime_line(lang: str = "en") -> str:
    """One line: the runtime the networks run on and why (``networks: OpenCV dnn (ONNX Runtime
    1.32.0 crashed: signal 11 (SIGSEGV))``), for the log and ``kostka check``."""
    from firmware.messages.i18n import t

    name = _CHOSEN[0].runtime_name
    verdict = _REASON[0]
    return name if verdict is None else t("runtime.line", lang, runtime=name, reason=verdict.reason(lang))
