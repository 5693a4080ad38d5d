"""systemd/kostka.service: what the appliance needs of it, checked by systemd-analyze where it exists."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
UNIT = ROOT / "systemd" / "kostka.service"
ANALYZE = shutil.which("systemd-analyze")
needs_analyze = pytest.mark.skipif(
    ANALYZE is None, reason="systemd-analyze is not installed here (Debian package 'systemd')"
)


def settings(text: str) -> dict[str, list[str]]:
    """``Section.Key`` -> every value given, in order (systemd keys may repeat)."""
    found: dict[str, list[str]] = {}
    section = ""
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("["):
            section = line.strip("[]")
            continue
        key, _, value = line.partition("=")
        found.setdefault(f"{section}.{key.strip()}", []).append(value.strip())
    return found


UNIT_SETTINGS = settings(UNIT.read_text(encoding="utf-8"))


def one(key: str) -> str:
    values = UNIT_SETTINGS.get(f"Service.{key}", [])
    assert len(values) == 1, f"{key}: {values}"
    return values[0]


def test_notify_watchdog_and_restart() -> None:
    assert one("Type") == "notify"
    assert one("NotifyAccess") == "main"
    assert re.fullmatch(r"\d+s", one("WatchdogSec"))
    assert one("Restart") == "always"


def test_its_own_user_with_only_the_device_groups() -> None:
    assert one("User") == "kostka"
    assert "Service.DynamicUser" not in UNIT_SETTINGS
    assert one("SupplementaryGroups").split() == ["gpio", "i2c", "video"]
    assert one("StateDirectory") == "kostka"


def test_no_network_no_privilege_read_only_system() -> None:
    assert one("PrivateNetwork") == "yes"
    assert one("RestrictAddressFamilies") == "AF_UNIX"
    assert one("NoNewPrivileges") == "yes"
    assert one("CapabilityBoundingSet") == ""
    assert one("ProtectSystem") == "strict"
    assert one("ProtectHome") == "yes"


def test_devices_closed_but_gpio_i2c_and_camera_allowed() -> None:
    assert one("PrivateDevices") == "no"
    assert one("DevicePolicy") == "closed"
    allowed = {value.split()[0] for value in UNIT_SETTINGS["Service.DeviceAllow"]}
    # gpiochip: gpiozero/lgpio; i2c: the OLED; video4linux: /dev/video* and /dev/v4l-subdev*;
    # media: /dev/media* (libcamera's media graph); dma_heap: libcamera's frame buffers.
    assert allowed == {"char-gpiochip", "char-i2c", "char-video4linux", "char-media", "char-dma_heap"}


def _copy_runnable(tmp_path: Path, extra: str = "") -> Path:
    """The unit with ExecStart's program replaced by one that exists here (verify checks it)."""
    program = shutil.which("true")
    assert program is not None
    text = UNIT.read_text(encoding="utf-8")
    text = re.sub(r"^ExecStart=\S+", f"ExecStart={program}", text, count=1, flags=re.M)
    text = text.replace("[Service]\n", f"[Service]\n{extra}", 1)
    copy = tmp_path / "kostka.service"
    copy.write_text(text, encoding="utf-8")
    return copy


def _analyze(*args: str) -> subprocess.CompletedProcess[str]:
    assert ANALYZE is not None
    return subprocess.run([ANALYZE, *args], capture_output=True, text=True, timeout=60)


@needs_analyze
def test_systemd_analyze_verify_prints_nothing(tmp_path: Path) -> None:
    result = _analyze("verify", str(_copy_runnable(tmp_path)))
    assert (result.returncode, result.stdout + result.stderr) == (0, "")


@needs_analyze
def test_verify_would_catch_a_misspelt_key(tmp_path: Path) -> None:
    """The check above can fail: a typo is only a warning (exit 0) but it prints."""
    result = _analyze("verify", str(_copy_runnable(tmp_path, extra="ProtectSystm=strict\n")))
    assert "ProtectSystm" in result.stdout + result.stderr


def _exposure(unit: Path) -> float:
    result = _analyze("security", "--offline=true", str(unit))
    found = re.search(r"Overall exposure level for \S+: (\d+\.\d)", result.stdout)
    assert found, result.stdout + result.stderr
    return float(found.group(1))


@needs_analyze
def test_security_exposure_is_ok(tmp_path: Path) -> None:
    assert _exposure(_copy_runnable(tmp_path)) <= 2.0


@needs_analyze
def test_security_rating_tells_a_bare_unit_apart(tmp_path: Path) -> None:
    bare = tmp_path / "bare.service"
    bare.write_text("[Service]\nType=simple\nExecStart=/bin/true\n", encoding="utf-8")
    assert _exposure(bare) > 9.0
