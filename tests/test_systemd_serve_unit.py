"""systemd/kostka-serve.service: the web pages as the box's user, its saved games read-only, checked
by systemd-analyze where it exists."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from tests.test_systemd_unit import ROOT, _analyze, _exposure, needs_analyze, settings

UNIT = ROOT / "systemd" / "kostka-serve.service"
SETTINGS = settings(UNIT.read_text(encoding="utf-8"))


def one(key: str) -> str:
    values = SETTINGS.get(f"Service.{key}", [])
    assert len(values) == 1, f"{key}: {values}"
    return values[0]


def test_the_box_user_reading_its_games_only() -> None:
    assert one("User") == "kostka" and "Service.DynamicUser" not in SETTINGS
    assert one("ReadOnlyPaths") == "/var/lib/kostka"
    assert "Service.StateDirectory" not in SETTINGS and "Service.ReadWritePaths" not in SETTINGS
    assert one("ProtectSystem") == "strict" and one("ProtectHome") == "yes"
    assert one("CapabilityBoundingSet") == "" and one("NoNewPrivileges") == "yes"
    assert "--state /var/lib/kostka" in one("ExecStart") and " serve " in one("ExecStart")


def test_opt_in_install_sh_leaves_it_out() -> None:
    assert "kostka-serve" not in (ROOT / "systemd" / "install.sh").read_text(encoding="utf-8")


def _runnable(tmp_path: Path) -> Path:
    program = shutil.which("true")
    assert program is not None
    text = re.sub(r"^ExecStart=\S+", f"ExecStart={program}", UNIT.read_text(encoding="utf-8"), flags=re.M)
    copy = tmp_path / "kostka-serve.service"
    copy.write_text(text, encoding="utf-8")
    return copy


@needs_analyze
def test_systemd_analyze_verify_prints_nothing(tmp_path: Path) -> None:
    result = _analyze("verify", str(_runnable(tmp_path)))
    assert (result.returncode, result.stdout + result.stderr) == (0, "")


@needs_analyze
def test_security_exposure_is_ok(tmp_path: Path) -> None:
    assert _exposure(_runnable(tmp_path)) <= 2.0
