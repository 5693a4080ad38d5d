"""Does ONNX Runtime work on this machine? Asked in a child process, so that the answer cannot crash us.

Some builds of onnxruntime die in native code on some machines (a SIGSEGV when a session is made,
or on ``import onnxruntime``; an illegal instruction on a Raspberry Pi 4), and no ``except`` catches
that: a service that chose ONNX Runtime would die and be restarted for ever. So ``probe`` runs, in a
child process (``python -m firmware.devices.runtime_probe --child INPUTS OUTPUTS``), what the reader
would: import onnxruntime, open every shipped network with the ONNX Runtime opener
(``firmware.devices.onnx_runtime``: the twins it picks, the threads it sets) and run each on fixed
reference inputs (a tray of dice drawn by the stand-in camera's renderer, no photo needed). The
parent runs the same inputs through OpenCV's dnn and compares. The ``Verdict``:

- ``ok``: every network answered as dnn does, within ``FLOAT_MOST`` (the int8 face classifier:
  the same classes, probabilities within ``INT8_MOST``);
- ``crashed``: the child died of a signal or left with another exit code (``detail`` says which);
- ``hung``: no answer within the timeout (``PROBE_TIMEOUT_S``);
- ``disagreed``: a network's outputs were not dnn's (``detail``: which, and how far);
- ``not_installed``: there is no onnxruntime to import;
- ``failed``: the probe itself failed in this process (``detail``: the error), so nothing was learnt.

``cached_verdict`` keeps the verdict in the state directory (``CACHE_NAME``), keyed by the
onnxruntime version (read from its metadata, without importing it) and the digests of the network
files: a new onnxruntime or a new network probes again. Run as a command (the installer does) it
probes, prints the verdict and, with ``--state-dir``, keeps it there.

>>> Verdict("crashed", "signal 11 (SIGSEGV)", "1.32.0").reason()
'ONNX Runtime 1.32.0 crashed: signal 11 (SIGSEGV)'
>>> Verdict("ok", version="1.27.0").ok
True
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from importlib import metadata
from pathlib import Path
from typing import TYPE_CHECKING, Any

from vision.networks import (
    CLOSE_FACE_NET,
    COLOUR_FACE_NET,
    COLOUR_NET,
    DATA,
    DICE_NET,
    FACE_NET,
    SECOND_COLOUR_FACE_NET,
    any_size,
    digest,
    quantised,
)

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

PROBE_TIMEOUT_S = 60.0
"""How long the child may take. Here it takes about 1 s; under arm64 emulation, where OpenCV's dnn
reads a photo in 8.5 s, the probe's small inputs take far less than this."""
FLOAT_MOST = 1e-3
"""The largest difference allowed between a float network's raw outputs on the two runtimes. On the
reference inputs they differ by 2e-5 at most (x86_64, onnxruntime 1.32, OpenCV 5; the outputs reach
5 to 18), as on random blobs (``tests/test_onnx_runtime.py``)."""
INT8_MOST = 0.05
"""The largest difference allowed between the face classifier's class probabilities as its int8
twin (ONNX Runtime) and as the float file (dnn) give them; their classes must be the same. On the
reference inputs they differ by 0.0045 at most (same machine), on real photos' dice by 0.021
(``tests/test_onnx_runtime.py``)."""
CACHE_NAME = "runtime.json"
"""The verdict kept in the state directory, with what it was probed for."""
OUTCOMES = ("ok", "crashed", "hung", "disagreed", "not_installed", "failed")
NETWORKS = (DICE_NET, COLOUR_NET, FACE_NET, CLOSE_FACE_NET, COLOUR_FACE_NET, SECOND_COLOUR_FACE_NET)
"""The shipped networks the probe runs (those that are installed)."""
PACKAGE = "onnxruntime"


@dataclass(frozen=True, slots=True)
class Verdict:
    """What the probe found: ``outcome`` (one of ``OUTCOMES``), a ``detail`` for a person (the
    signal, the timeout, the network that differed and by how much), the onnxruntime ``version``
    probed, and the probe's ``seconds``."""

    outcome: str
    detail: str = ""
    version: str | None = None
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        return self.outcome == "ok"

    def reason(self, lang: str = "en") -> str:
        """What ONNX Runtime did when probed, in ``lang`` (the catalogue's ``runtime.<outcome>``)."""
        from firmware.messages.i18n import t

        return t(f"runtime.{self.outcome}", lang, version=self.version or "?", detail=self.detail)


def installed_version() -> str | None:
    """The installed onnxruntime's version, read from its metadata (importing it may crash)."""
    try:
        return metadata.version(PACKAGE)
    except metadata.PackageNotFoundError:
        return None


def shipped_networks(data: Path = DATA) -> tuple[Path, ...]:
    """The networks of ``NETWORKS`` installed in ``data``."""
    return tuple(data / name for name in NETWORKS if (data / name).is_file())


def child_command() -> list[str]:
    """The child that runs the networks on ONNX Runtime; the probe adds the inputs' and outputs' files."""
    return [sys.executable, "-m", "firmware.devices.runtime_probe", "--child"]


# ---------------------------------------------------------------------------------------------
# the reference inputs: rendered, the same for both runtimes


def crops() -> dict[str, tuple[int, float]]:
    """Per face classifier, its crop side and the die's side in it, as the readers cut them."""
    from vision.colours import face_net as colours
    from vision.pips import face_net as pips

    colour = (colours.CROP, colours.FACE_SIDE)
    return {FACE_NET: (pips.FACE_CROP, pips.FACE_DIE), CLOSE_FACE_NET: (pips.CLOSE_CROP, pips.CLOSE_DIE),
            COLOUR_FACE_NET: colour, SECOND_COLOUR_FACE_NET: colour}  # fmt: skip


SIZE = (448, 352)
"""The rendered trays' width and height: a first look's size for the dice and colour networks."""


def reference_inputs(names: Sequence[str]) -> dict[str, NDArray[np.float32]]:
    """Per network file name, the float32 NCHW blob the probe runs it on: a tray with six dice
    (faces 1 to 6) drawn by the stand-in camera's renderer (``measure.synth``, seed 0, "easy"), pip
    dice or colour dice as the network reads them, whole for the networks that find dice, cut
    around each die for the face classifiers. The face classifier names every pip die right, sure
    to 0.98 or more: its int8 twin is compared on decisions a real roll would ask of it."""
    import cv2
    import numpy as np

    from measure.synth import render
    from vision.frame import Pyramid

    trays = {"pips": render(0, "easy", "pips", faces=[1, 2, 3, 4, 5, 6], size=SIZE),
             "colours": render(0, "easy", "colours", size=SIZE)}  # fmt: skip
    cut = crops()
    blobs: dict[str, NDArray[np.float32]] = {}
    for name in names:
        frame, scene = trays["colours" if name.startswith("colour") else "pips"]
        if name not in cut:
            images = [frame]
        else:
            side, die = cut[name]
            pyramid = Pyramid(frame)
            images = [pyramid.crop(die / max(w, h), (x + w / 2, y + h / 2), side) for x, y, w, h in
                      (thing.box for thing in scene.things)]  # fmt: skip
        blobs[name] = np.asarray(cv2.dnn.blobFromImages(images, 1.0 / 255.0), np.float32)
    return blobs


# ---------------------------------------------------------------------------------------------
# the child


def run_child(inputs: Path, outputs: Path) -> int:
    """Run each network of ``inputs`` (an .npz of blobs by file name) with the ONNX Runtime opener,
    write the outputs to ``outputs`` (.npz) and print one JSON line: the version and how each file
    opened (``int8``: its quantised twin, ``onnxruntime``, or ``dnn``)."""
    try:
        import onnxruntime
    except ImportError as error:
        print(json.dumps({"installed": False, "why": str(error)}))
        return 0
    import numpy as np

    from firmware.devices.onnx_runtime import ONNX_RUNTIME, OnnxRuntimeNetwork

    blobs = dict(np.load(inputs))
    answers, opened = {}, {}
    for name, blob in blobs.items():
        path = DATA / name
        network = ONNX_RUNTIME(path)
        if isinstance(network, OnnxRuntimeNetwork):
            opened[name] = "int8" if network.made_from(path) else "onnxruntime"
        else:
            opened[name] = "dnn"
        answers[name] = network.run(blob)
    np.savez(outputs, **answers)  # type: ignore[arg-type]
    print(json.dumps({"installed": True, "version": onnxruntime.__version__, "opened": opened}))
    return 0


# ---------------------------------------------------------------------------------------------
# the parent


def probe(
    *,
    command: Sequence[str] | None = None,
    timeout: float = PROBE_TIMEOUT_S,
    data: Path = DATA,
    tick: Callable[[], object] | None = None,
) -> Verdict:
    """The verdict on ONNX Runtime here: the child ``command`` (default ``child_command()``; the
    files of the inputs and outputs are added to it) runs the networks of ``data`` on ONNX Runtime,
    this process on OpenCV's dnn. ``tick`` is called every second or so while the child works (the
    service pets systemd's watchdog with it). Never raises for what the child does."""
    version = installed_version()
    if command is None and version is None:
        return Verdict("not_installed", "no onnxruntime package", None)
    started = time.monotonic()
    names = [path.name for path in shipped_networks(data)]
    blobs = reference_inputs(names)
    with tempfile.TemporaryDirectory(prefix="kostka-probe-") as folder:
        inputs, outputs = Path(folder) / "inputs.npz", Path(folder) / "outputs.npz"
        import numpy as np

        np.savez(inputs, **blobs)  # type: ignore[arg-type]
        argv = [*(command if command is not None else child_command()), str(inputs), str(outputs)]
        verdict, said = _run(argv, timeout, tick, version)
        if verdict is None:
            verdict = _compare(said, outputs, blobs, data, version)
    return Verdict(verdict.outcome, verdict.detail, verdict.version, round(time.monotonic() - started, 2))


def _run(
    argv: list[str], timeout: float, tick: Callable[[], object] | None, version: str | None
) -> tuple[Verdict | None, str]:
    """Run the child: a verdict when it crashed or hung, else None and what it printed (its answer,
    to be compared)."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        child = subprocess.Popen(
            argv, stdout=out, stderr=err, stdin=subprocess.DEVNULL, start_new_session=True
        )
        deadline = time.monotonic() + timeout
        while True:
            try:
                code = child.wait(timeout=max(0.0, min(1.0, deadline - time.monotonic())))
                break
            except subprocess.TimeoutExpired:
                if time.monotonic() >= deadline:
                    _kill(child)
                    return Verdict("hung", f"no answer in {timeout:g} s", version), ""
                if tick is not None:
                    tick()
        if code < 0:
            number = -code
            try:
                name = f" ({signal.Signals(number).name})"
            except ValueError:
                name = ""
            return Verdict("crashed", f"signal {number}{name}", version), ""
        if code > 0:
            return Verdict("crashed", f"exit code {code}{_last_line(err)}", version), ""
        out.seek(0)
        return None, out.read().decode("utf-8", "replace")


def _kill(child: subprocess.Popen[bytes]) -> None:
    """End a child that hangs, and whatever it started (it leads its own session)."""
    try:
        os.killpg(child.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        child.kill()
    child.wait()


def _last_line(err: Any) -> str:
    err.seek(0)
    lines = err.read().decode("utf-8", "replace").strip().splitlines()
    return f": {lines[-1][:160]}" if lines else ""


def _compare(
    stdout: str, outputs: Path, blobs: dict[str, NDArray[np.float32]], data: Path, version: str | None
) -> Verdict:
    """The child's answers (its line on ``stdout``, its ``outputs``) against OpenCV's dnn on the
    same inputs."""
    import numpy as np

    try:
        said = json.loads(stdout.strip().splitlines()[-1])
    except (IndexError, ValueError):
        return Verdict("crashed", "the child said nothing one can read", version)
    if not said.get("installed"):
        return Verdict("not_installed", str(said.get("why", "")), version)
    version = str(said.get("version") or version)
    try:
        got = dict(np.load(outputs))
    except (OSError, ValueError) as error:
        return Verdict("crashed", f"its outputs cannot be read: {error}", version)
    for name, blob in blobs.items():
        if name not in got:
            return Verdict("disagreed", f"{name}: no output", version)
        far = disagreement(name, blob, got[name], said.get("opened", {}).get(name) == "int8", data)
        if far:
            return Verdict("disagreed", far, version)
    return Verdict("ok", "", version)


def differences(name: str, blob: NDArray[np.float32], got: NDArray[np.float32], int8: bool,
                data: Path = DATA) -> tuple[float, int]:  # fmt: skip
    """How far ``got`` (ONNX Runtime's output of network ``name`` on ``blob``) is from OpenCV dnn's:
    the largest difference (of class probabilities for an ``int8`` face classifier, else of the raw
    outputs) and how many class decisions differ (0 for a network that makes none)."""
    import numpy as np

    from vision.networks import DnnNetwork
    from vision.pips.dice_net import softmax
    from vision.pips.face_net import FACE_CLASSES

    want = DnnNetwork(data / name).run(blob)
    if got.shape != want.shape:
        return float("inf"), 0
    if not int8:
        return float(np.abs(got - want).max()), 0
    shape = (len(blob), -1, len(FACE_CLASSES))
    p, q = (softmax(a.reshape(shape), axis=2) for a in (want, got))
    return float(np.abs(p - q).max()), int((p.argmax(axis=2) != q.argmax(axis=2)).sum())


def disagreement(name: str, blob: NDArray[np.float32], got: NDArray[np.float32], int8: bool,
                 data: Path = DATA) -> str:  # fmt: skip
    """What differs beyond the tolerance, for a person; "" when ``got`` agrees with dnn."""
    worst, decisions = differences(name, blob, got, int8, data)
    if worst == float("inf"):
        return f"{name}: an output of another shape"
    if decisions:
        return f"{name}: {decisions} of {len(blob)} classes differ"
    most = INT8_MOST if int8 else FLOAT_MOST
    if not worst <= most:
        what = "probabilities" if int8 else "outputs"
        return f"{name}: {what} differ by {worst:.3g} (at most {most:g})"
    return ""


# ---------------------------------------------------------------------------------------------
# the verdict kept


def probed_for(data: Path = DATA) -> dict[str, Any]:
    """What a verdict holds for: the onnxruntime version, Python's, and every network file's
    digest (the twins' too)."""
    files: dict[str, str] = {}
    for path in shipped_networks(data):
        for each in (path, any_size(path), quantised(path)):
            if each.is_file():
                files[each.name] = digest(each)
    return {"onnxruntime": installed_version(), "python": sys.version.split()[0], "networks": files}


def read_cache(state_dir: Path, data: Path = DATA) -> Verdict | None:
    """The verdict kept in ``state_dir`` for this onnxruntime and these networks, or None."""
    try:
        kept = json.loads((state_dir / CACHE_NAME).read_text(encoding="utf-8"))
        if kept.get("for") != probed_for(data):
            return None
        verdict = Verdict(**kept["verdict"])
    except (OSError, ValueError, TypeError, KeyError, AttributeError):
        return None
    return verdict if verdict.outcome in OUTCOMES else None


def write_cache(state_dir: Path, verdict: Verdict, data: Path = DATA) -> None:
    """Keep ``verdict`` in ``state_dir``, written whole (a new file synced, then renamed over the
    old one). Raises OSError when the folder cannot be written."""
    from firmware.files import write_whole

    state_dir.mkdir(parents=True, exist_ok=True)
    text = json.dumps({"for": probed_for(data), "verdict": asdict(verdict)}, indent=1)
    write_whole(str(state_dir / CACHE_NAME), text, sync=True)


def cached_verdict(
    state_dir: Path, *, again: bool = False, data: Path = DATA, run: Callable[[], Verdict] | None = None
) -> tuple[Verdict, bool]:
    """The verdict kept in ``state_dir`` for this onnxruntime and these networks, else (or when
    ``again``) a fresh one from ``run`` (default: ``probe()``), kept there when it can be written.
    Returns the verdict and whether it was probed now."""
    kept = None if again else read_cache(state_dir, data)
    if kept is not None:
        return kept, False
    verdict = run() if run is not None else probe(data=data)
    if verdict.outcome != "not_installed":  # (nothing to probe: nothing to keep)
        with contextlib.suppress(OSError):  # a read-only state directory probes at each start: slower
            write_cache(state_dir, verdict, data)
    return verdict, True


# ---------------------------------------------------------------------------------------------
# the command


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m firmware.devices.runtime_probe [--state-dir DIR] [--timeout S]``: probe, print
    the verdict, keep it in DIR. Exit status 0 when ONNX Runtime may be used, 1 when Kostka will use
    OpenCV's dnn (not a failure of the install: the reader works, more slowly)."""
    parser = argparse.ArgumentParser(
        prog="python -m firmware.devices.runtime_probe",
        description="Check in a child process that ONNX Runtime runs Kostka's networks as OpenCV's dnn does.",
    )
    parser.add_argument("--state-dir", type=Path, metavar="DIR", help="keep the verdict in DIR")
    parser.add_argument("--timeout", type=float, default=PROBE_TIMEOUT_S, help="seconds the child may take")
    parser.add_argument("--child", nargs=2, metavar=("INPUTS", "OUTPUTS"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        return run_child(Path(args.child[0]), Path(args.child[1]))
    verdict = probe(timeout=args.timeout)
    if args.state_dir is not None and verdict.outcome != "not_installed":
        try:
            write_cache(args.state_dir, verdict)
        except OSError as error:
            why = error.strerror or error
            print(f"the verdict cannot be kept in {args.state_dir}: {why}", file=sys.stderr)
    print(describe(verdict))
    return 0 if verdict.ok else 1


def describe(verdict: Verdict) -> str:
    """One line: the runtime Kostka's networks will run on, and why (English)."""
    from firmware.messages.i18n import t

    runtime = "ONNX Runtime" if verdict.ok else "OpenCV dnn"
    return t("runtime.line", "en", runtime=runtime, reason=verdict.reason()) + f" [{verdict.seconds:.1f} s]"


if __name__ == "__main__":
    sys.exit(main())
