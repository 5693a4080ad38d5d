"""The ONNX Runtime probe (firmware.devices.runtime_probe): ONNX Runtime passes it here; stand-in
children that crash, hang, disagree or find no onnxruntime each leave the networks on OpenCV's dnn
with the reason, and the parent never dies; the verdict is kept per version and network files."""

from __future__ import annotations

import json
import shutil
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from firmware.cli import check as check_verb
from firmware.cli.run import choose_networks
from firmware.devices import runtime_probe
from firmware.devices.onnx_runtime import (
    ONNX_RUNTIME,
    VARIABLE,
    choose_probed_runtime,
    chosen_networks,
    fallback,
    runtime_line,
    runtime_reason,
)
from firmware.devices.runtime_probe import (
    CACHE_NAME,
    FLOAT_MOST,
    INT8_MOST,
    Verdict,
    cached_verdict,
    differences,
    probe,
    reference_inputs,
    shipped_networks,
)
from firmware.machine.check import check_view
from firmware.machine.events import CameraChecked
from firmware.machine.state import CheckCamera, RollNow
from firmware.views import CheckView
from vision.camera_check import CameraCheck
from vision.networks import DATA, DnnNetwork

PYTHON = sys.executable
CRASHES = [PYTHON, "-c", "import os, signal; os.kill(os.getpid(), signal.SIGSEGV)"]
LEAVES = [PYTHON, "-c", "import sys; print('Illegal instruction', file=sys.stderr); sys.exit(3)"]
HANGS = [PYTHON, "-c", "import time; time.sleep(60)"]
NOT_INSTALLED = [
    PYTHON, "-c",
    "import sys; sys.modules['onnxruntime'] = None\n"
    "from firmware.devices.runtime_probe import main; sys.exit(main(['--child', *sys.argv[1:]]))",
]  # fmt: skip


def perturbed(name: str, by: float) -> list[str]:
    """A child that runs the real networks, then adds ``by`` to one output of network ``name``."""
    code = (
        "import sys; from pathlib import Path; import numpy as np\n"
        "from firmware.devices.runtime_probe import run_child\n"
        "run_child(Path(sys.argv[1]), Path(sys.argv[2]))\n"
        "out = dict(np.load(sys.argv[2]))\n"
        f"out[{name!r}].flat[1] += {by!r}\n"
        "np.savez(sys.argv[2], **out)\n"
    )
    return [PYTHON, "-c", code]


def test_onnx_runtime_passes_its_probe_here_and_the_figures_are_within_the_tolerances() -> None:
    started = time.monotonic()
    verdict = probe()
    took = time.monotonic() - started
    assert verdict == Verdict("ok", "", verdict.version, verdict.seconds), verdict
    assert verdict.version and took < 20, took  # about 1 s on this machine
    names = [path.name for path in shipped_networks()]
    assert len(names) == 6
    for name, blob in reference_inputs(names).items():
        network = ONNX_RUNTIME(DATA / name)
        int8 = bool(getattr(network, "made_from", lambda path: False)(DATA / name))
        worst, decisions = differences(name, blob, network.run(blob), int8)
        assert decisions == 0, name
        # measured: 2e-5 for the float networks, 0.0045 for the int8 face classifier
        assert worst < (INT8_MOST / 5 if int8 else FLOAT_MOST / 20), (name, worst)
        assert int8 == (name == "face_net.onnx")


def test_the_face_classifier_is_sure_of_every_reference_die_so_its_decisions_mean_something() -> None:
    from vision.pips.dice_net import softmax

    blob = reference_inputs(["face_net.onnx"])["face_net.onnx"]
    probs = softmax(DnnNetwork(DATA / "face_net.onnx").run(blob).reshape(len(blob), -1, 8), axis=2)
    assert list(probs.argmax(axis=2).ravel()) == [0, 1, 2, 3, 4, 5]  # faces 1 to 6
    assert float(probs.max(axis=2).min()) > 0.95


@pytest.mark.parametrize(
    ("command", "outcome", "detail"),
    [
        (CRASHES, "crashed", "signal 11 (SIGSEGV)"),
        (LEAVES, "crashed", "exit code 3: Illegal instruction"),
        (NOT_INSTALLED, "not_installed", "import of onnxruntime halted; None in sys.modules"),
        (
            perturbed("dice_net.onnx", 0.5),
            "disagreed",
            "dice_net.onnx: outputs differ by 0.5 (at most 0.001)",
        ),
        (perturbed("face_net.onnx", 40.0), "disagreed", "face_net.onnx: 1 of 6 classes differ"),
    ],
    ids=["signal", "exit-code", "not-installed", "disagrees", "int8-disagrees"],
)
def test_a_child_that_fails_leaves_the_networks_on_dnn_with_the_reason(
    command: list[str], outcome: str, detail: str, tmp_path: Path
) -> None:
    name, probed = choose_probed_runtime(tmp_path, probe=lambda: probe(command=command))
    assert (name, probed) == ("OpenCV dnn", True)
    assert chosen_networks().opener is DnnNetwork
    verdict = runtime_reason()
    assert verdict is not None and (verdict.outcome, verdict.detail) == (outcome, detail)
    assert fallback() == (outcome, detail)
    assert runtime_line().startswith("networks: OpenCV dnn (") and detail in runtime_line()


def test_a_child_that_hangs_is_ended_at_the_timeout(tmp_path: Path) -> None:
    ticks: list[float] = []
    started = time.monotonic()
    verdict = probe(command=HANGS, timeout=2.5, tick=lambda: ticks.append(time.monotonic()))
    assert time.monotonic() - started < 10
    assert (verdict.outcome, verdict.detail) == ("hung", "no answer in 2.5 s")
    assert len(ticks) >= 1  # the service pets systemd's watchdog meanwhile
    name, _ = choose_probed_runtime(tmp_path, probe=lambda: verdict)
    assert name == "OpenCV dnn" and "hung: no answer in 2.5 s" in runtime_line()


def test_a_small_difference_passes_and_a_larger_one_fails() -> None:
    """The comparison can fail: the same perturbation below and above the tolerance."""
    blob = reference_inputs(["dice_net.onnx"])["dice_net.onnx"]
    right = DnnNetwork(DATA / "dice_net.onnx").run(blob)
    for by, agrees in ((FLOAT_MOST / 4, True), (FLOAT_MOST * 4, False)):
        got = right.copy()
        got.flat[7] += by
        assert (runtime_probe.disagreement("dice_net.onnx", blob, got, False) == "") is agrees, by


def test_a_fault_of_the_probe_itself_is_said_and_the_networks_stay_on_dnn(tmp_path: Path) -> None:
    def broken() -> Verdict:
        raise RuntimeError("no renderer")

    assert choose_probed_runtime(tmp_path, probe=broken) == ("OpenCV dnn", True)
    assert fallback() == ("failed", "RuntimeError: no renderer")


def test_no_onnxruntime_package_means_dnn_without_a_child(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(runtime_probe, "installed_version", lambda: None)
    assert probe() == Verdict("not_installed", "no onnxruntime package", None)
    monkeypatch.setattr("firmware.devices.onnx_runtime.installed", lambda: False)
    assert choose_probed_runtime(tmp_path) == ("OpenCV dnn", False)
    assert fallback() == ("not_installed", "no onnxruntime package")


def test_the_variable_chooses_without_a_probe(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    def never() -> Verdict:
        raise AssertionError("probed")

    monkeypatch.setenv(VARIABLE, "dnn")
    assert choose_probed_runtime(tmp_path, probe=never) == ("OpenCV dnn", False)
    assert runtime_line() == "networks: OpenCV dnn (KOSTKA_RUNTIME=dnn says so)"
    monkeypatch.setenv(VARIABLE, "onnxruntime")
    assert choose_probed_runtime(tmp_path, probe=never) == ("ONNX Runtime", False)
    assert fallback() is None


def test_the_verdict_is_kept_per_version_and_network_files(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    runs: list[int] = []

    def counted() -> Verdict:
        runs.append(1)
        return Verdict("crashed", "signal 11 (SIGSEGV)", "1.32.0", 0.5)

    state, data = tmp_path / "state", tmp_path / "data"
    shutil.copytree(DATA, data)
    first = cached_verdict(state, data=data, run=counted)
    assert first == (Verdict("crashed", "signal 11 (SIGSEGV)", "1.32.0", 0.5), True)
    assert cached_verdict(state, data=data, run=counted) == (first[0], False)
    assert len(runs) == 1
    assert [p.name for p in state.iterdir()] == [CACHE_NAME]  # written whole, nothing left beside it
    kept = json.loads((state / CACHE_NAME).read_text())
    assert kept["verdict"]["outcome"] == "crashed" and "face_net.int8.onnx" in kept["for"]["networks"]

    (data / "face_net.int8.onnx").write_bytes(b"another twin")  # a new network probes again
    assert cached_verdict(state, data=data, run=counted)[1] and len(runs) == 2
    monkeypatch.setattr(runtime_probe, "installed_version", lambda: "1.27.0")  # so does a new onnxruntime
    assert cached_verdict(state, data=data, run=counted)[1] and len(runs) == 3
    assert not cached_verdict(state, data=data, run=counted)[1] and len(runs) == 3
    assert cached_verdict(state, data=data, run=counted, again=True)[1] and len(runs) == 4
    (state / CACHE_NAME).write_text("{not json")
    assert cached_verdict(state, data=data, run=counted)[1] and len(runs) == 5


def test_the_service_says_in_one_line_which_runtime_and_why(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    crashed = Verdict("crashed", "signal 11 (SIGSEGV)", "1.32.0")
    monkeypatch.setattr(runtime_probe, "probe", lambda **kw: crashed)
    said = choose_networks(tmp_path, "en")
    assert said == "networks: OpenCV dnn (ONNX Runtime 1.32.0 crashed: signal 11 (SIGSEGV)) (probed now)"
    again = choose_networks(tmp_path, "pl")  # kept: not probed again
    assert again == "sieci: OpenCV dnn (ONNX Runtime 1.32.0 padł: signal 11 (SIGSEGV))"


def test_both_camera_checks_show_the_runtime_and_why(tmp_path: Path) -> None:
    choose_probed_runtime(tmp_path, probe=lambda: probe(command=CRASHES))
    check = CameraCheck(640, 480, 4, 4, 60.0, 0.01, 0.0, blur=0.01)
    screen = CheckCamera(RollNow(), result=CameraChecked(check, ()))
    for lang, row in (("pl", ("Sieci", "dnn: padł", False)), ("en", ("Networks", "dnn: crashed", False))):
        view = check_view(screen, lang, fallback())
        assert isinstance(view, CheckView) and view.rows[-1] == row
    view = check_view(screen, "en", None)
    assert isinstance(view, CheckView) and len(view.rows) == 4  # on ONNX Runtime: no row
    report = check_verb.report("usb:0", check, check_verb.verdicts(check, "en"), "en")
    assert "  networks: OpenCV dnn (ONNX Runtime " in report and "crashed: signal 11 (SIGSEGV))" in report


def test_the_command_probes_and_keeps_the_verdict(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert runtime_probe.main(["--state-dir", str(tmp_path)]) == 0
    assert capsys.readouterr().out.startswith("networks: ONNX Runtime (ONNX Runtime ")
    assert runtime_probe.read_cache(tmp_path) is not None
    assert np.isfinite(json.loads((tmp_path / CACHE_NAME).read_text())["verdict"]["seconds"])
