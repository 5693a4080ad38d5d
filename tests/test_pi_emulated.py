"""ci/pi-emulated, the check on an emulated Pi's processor: a shellcheck-clean executable that CI
runs after the wheel check, on photos the golden readings pin. The emulation itself (minutes, root,
qemu) runs in CI only, never here."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "ci" / "pi-emulated"
SCRIPTS = (SCRIPT, ROOT / "ci" / "build-wheel", ROOT / "ci" / "wheel-check")


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_is_an_executable_bash_script(script: Path) -> None:
    assert script.is_file()
    assert os.access(script, os.X_OK)
    assert script.read_text(encoding="utf-8").startswith("#!/usr/bin/env bash\n")


@pytest.mark.skipif(
    shutil.which("shellcheck") is None, reason="shellcheck is not installed (apt-get install shellcheck)"
)
@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_shellcheck_is_clean(script: Path) -> None:
    result = subprocess.run(["shellcheck", str(script)], capture_output=True, text=True, timeout=60)
    assert (result.returncode, result.stdout + result.stderr) == (0, "")


def test_ci_runs_it_after_the_wheel_check() -> None:
    steps = [line.split()[0] for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
             if line.startswith("ci/")]  # fmt: skip
    assert steps == ["ci/wheel-check", "ci/pi-emulated"]


def test_its_photos_have_golden_readings_on_bookworms_libraries() -> None:
    text = SCRIPT.read_text(encoding="utf-8")
    photos = re.search(r"^PHOTOS=\(([^)]*)\)", text, re.MULTILINE)
    assert photos is not None
    names = photos.group(1).split()
    bookworm = ROOT / "tests/data/golden/opencv-4.11.0-numpy-1.24-dnn.json"  # the versions it installs
    golden = json.loads(bookworm.read_text(encoding="utf-8"))
    pinned = golden["readings"]["test-photos/pips"]
    assert 2 <= len(names) <= 4  # emulated, a photo takes seconds to read
    for name in names:
        assert (ROOT / "tests/data/dice" / name).is_file(), name
        assert pinned.get(name), name
