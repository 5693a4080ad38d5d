"""systemd/install.sh: shellcheck-clean, and its --dry-run prints every step and changes nothing.

CI runs as root, where a real run would install. So these tests only ever pass --dry-run, point
every path the script writes at a temporary folder, and put stand-ins first on PATH for every
command that changes the system (apt-get, systemctl, useradd...): a bug that slipped past the
dry-run would hit a stand-in that refuses, not the machine.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "systemd" / "install.sh"
UNIT = ROOT / "systemd" / "kostka.service"


def _os_release(tmp_path: Path, codename: str) -> Path:
    path = tmp_path / f"os-release-{codename}"
    path.write_text(f'PRETTY_NAME="test"\nVERSION_CODENAME={codename}\n', encoding="utf-8")
    return path


CHANGERS = (
    "apt-get",
    "systemctl",
    "raspi-config",
    "useradd",
    "usermod",
    "userdel",
    "groupadd",
    "pip",
    "python3",
)


def _guarded_env(tmp_path: Path) -> dict[str, str]:
    """PATH with refusing stand-ins for every command that changes the system."""
    shims = tmp_path / "shims"
    shims.mkdir(exist_ok=True)
    for name in CHANGERS:
        shim = shims / name
        shim.write_text(f"#!/bin/sh\necho 'test stand-in: refused to run {name}' >&2\nexit 97\n")
        shim.chmod(0o755)
    return dict(os.environ, PATH=f"{shims}{os.pathsep}{os.environ.get('PATH', '')}")


def _dry_run(tmp_path: Path, *args: str, codename: str = "bookworm") -> subprocess.CompletedProcess[str]:
    env = dict(
        _guarded_env(tmp_path),
        KOSTKA_PREFIX=str(tmp_path / "opt"),
        KOSTKA_ETC=str(tmp_path / "etc"),
        KOSTKA_UNIT_DIR=str(tmp_path / "units"),
        KOSTKA_STATE_DIR=str(tmp_path / "state"),
        KOSTKA_OS_RELEASE=str(_os_release(tmp_path, codename)),
    )
    assert "--dry-run" in args
    return subprocess.run(["bash", str(SCRIPT), *args], capture_output=True, text=True, env=env, timeout=120)


def _bash(tmp_path: Path, snippet: str) -> str:
    """Source the script (which then runs nothing) and run ``snippet`` with its functions."""
    result = subprocess.run(
        ["bash", "-c", f'source "$1"; {snippet}', "bash", str(SCRIPT)],
        capture_output=True,
        text=True,
        timeout=30,
        env=_guarded_env(tmp_path),
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


@pytest.mark.skipif(
    shutil.which("shellcheck") is None, reason="shellcheck is not installed (apt-get install shellcheck)"
)
def test_shellcheck_is_clean() -> None:
    result = subprocess.run(["shellcheck", str(SCRIPT)], capture_output=True, text=True, timeout=60)
    assert (result.returncode, result.stdout + result.stderr) == (0, "")


def test_dry_run_prints_every_install_step_and_changes_nothing(tmp_path: Path) -> None:
    result = _dry_run(tmp_path, "--dry-run")
    out = result.stdout
    assert result.returncode == 0, out + result.stderr
    expected = [
        "Dry run: nothing is changed",
        "would run: apt-get update",
        "apt-get install -y python3-venv python3-numpy python3-lgpio fonts-dejavu-core i2c-tools",
        "apt-get install -y --no-install-recommends python3-picamera2",
        "== Step 2: I2C on, camera auto-detected",
        "raspi-config nonint do_i2c 0",
        "useradd --system --user-group --home-dir",
        "usermod --append --groups gpio,i2c,video kostka",
        f"would run: python3 -m venv --system-site-packages {tmp_path / 'opt' / 'venv'}",
        "numpy==",
        "opencv-python-headless==4.11.0.86",
        "--constraint",
        f"would run: {tmp_path / 'opt' / 'venv' / 'bin' / 'python'} -m firmware.devices.runtime_probe",
        f"install -m 0644 {ROOT / 'firmware/data/kostka.example.toml'} {tmp_path / 'etc/kostka.toml'}",
        f"install -m 0644 {UNIT} {tmp_path / 'units' / 'kostka.service'}",
        "would run: systemctl enable kostka.service",
    ]
    positions = [out.find(text) for text in expected]
    assert -1 not in positions, [t for t, p in zip(expected, positions, strict=True) if p == -1]
    assert positions == sorted(positions), "steps are printed in the order they run"
    assert re.findall(r"== Step (\d+):", out) == [str(n) for n in range(1, 7)]
    assert not any((tmp_path / name).exists() for name in ("opt", "etc", "units", "state"))


def test_trixie_is_supported_and_an_unknown_release_is_refused(tmp_path: Path) -> None:
    assert _dry_run(tmp_path, "--dry-run", codename="trixie").returncode == 0
    refused = _dry_run(tmp_path, "--dry-run", codename="jammy")
    assert refused.returncode != 0
    assert "knows Raspberry Pi OS Bookworm and Trixie, not 'jammy'" in refused.stderr


def test_dry_run_uninstall_keeps_games_unless_purged(tmp_path: Path) -> None:
    kept = _dry_run(tmp_path, "--dry-run", "--uninstall")
    assert kept.returncode == 0, kept.stderr
    assert f"would run: rm -rf {tmp_path / 'opt'}" in kept.stdout
    assert f"Kept: saved games in {tmp_path / 'state'}" in kept.stdout
    purged = _dry_run(tmp_path, "--dry-run", "--uninstall", "--purge")
    assert f"would run: rm -rf {tmp_path / 'state'} {tmp_path / 'etc'}" in purged.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--dry-run", "--purge"], "--purge goes with --uninstall"),
        (["--dry-run", "--frobnicate"], "unknown option '--frobnicate'"),
    ],
)
def test_bad_options_stop_before_anything(tmp_path: Path, args: list[str], message: str) -> None:
    result = _dry_run(tmp_path, *args)
    assert result.returncode != 0
    assert message in result.stderr
    assert "Step" not in result.stdout


@pytest.mark.parametrize(
    ("apt_version", "upstream"),
    [("1:1.24.2-1+deb12u1", "1.24.2"), ("1:2.2.4+ds-1", "2.2.4"), ("1.26.4-1", "1.26.4")],
)
def test_numpy_version_is_read_from_the_debian_version(
    tmp_path: Path, apt_version: str, upstream: str
) -> None:
    assert _bash(tmp_path, f"upstream_version '{apt_version}'").strip() == upstream


def test_constraints_keep_apt_numpy_and_a_matching_opencv(tmp_path: Path) -> None:
    bookworm = _bash(tmp_path, "constraints_for 1.24.2 bookworm").splitlines()
    trixie = _bash(tmp_path, "constraints_for 2.2.4 trixie").splitlines()
    assert bookworm[1:] == ["numpy==1.24.2", "opencv-python-headless==4.11.0.86"]
    assert trixie[1:] == ["numpy==2.2.4", "opencv-python-headless>=4.12,<5.1"]


def test_script_and_unit_agree_on_paths_user_and_groups() -> None:
    script = SCRIPT.read_text(encoding="utf-8")
    unit = UNIT.read_text(encoding="utf-8")

    def default(name: str) -> str:
        found = re.search(rf'^{name}="\$\{{KOSTKA_\w+:-([^}}]+)\}}"', script, flags=re.M)
        assert found, name
        return found.group(1)

    def found(pattern: str, text: str) -> str:
        match = re.search(pattern, text, flags=re.M)
        assert match, pattern
        return match.group(1)

    assert found(r"^ExecStart=(\S+) run --config", unit) == f"{default('PREFIX')}/venv/bin/kostka"
    assert found(r"^ExecStart=\S+ run --config (\S+)$", unit) == f"{default('ETC_DIR')}/kostka.toml"
    assert "/var/lib/" + found(r"^StateDirectory=(\w+)$", unit) == default("STATE_DIR")
    assert found(r"^SERVICE_USER=(\w+)$", script) == found(r"^User=(\w+)$", unit)
    assert (
        found(r"^GROUPS_NEEDED=\(([^)]*)\)", script).split()
        == found(r"^SupplementaryGroups=(.*)$", unit).split()
    )
