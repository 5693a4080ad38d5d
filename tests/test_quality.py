"""The house's checks run with the tests: ruff everywhere, mypy (strict on rules/, vision/ and measure/), the
import contracts of pyproject.toml, and the one-way doors between the wings (../shared/STYLE.md)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
WINGS = ["rules", "vision", "measure", "firmware", "tests", "bench", "tools"]


def _run(*cmd: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *cmd], cwd=ROOT, capture_output=True, text=True)


def test_ruff_is_clean() -> None:
    result = _run("ruff", "check", *[w for w in WINGS if (ROOT / w).exists()])
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_is_clean() -> None:
    result = _run("mypy", "rules", "vision", "measure", "firmware")
    assert result.returncode == 0, result.stdout + result.stderr


def test_import_contracts_are_kept() -> None:
    """The doors between the wings and the layers inside them (``[tool.importlinter]`` in pyproject.toml)."""
    lint = Path(sys.executable).with_name("lint-imports")
    result = subprocess.run([str(lint), "--no-cache"], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def _imports(package: str) -> list[tuple[Path, str]]:
    found = []
    for path in (ROOT / package).rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found += [(path, alias.name.split(".")[0]) for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                found.append((path, node.module.split(".")[0]))
    return found


@pytest.mark.parametrize(
    ("package", "allowed"),
    [
        ("rules", set(sys.stdlib_module_names) | {"rules"}),
        ("vision", set(sys.stdlib_module_names) | {"vision", "numpy", "cv2"}),
        ("measure", set(sys.stdlib_module_names) | {"measure", "vision", "rules", "numpy", "cv2"}),
    ],
)
def test_one_way_doors(package: str, allowed: set[str]) -> None:
    wrong = [f"{p.relative_to(ROOT)} imports {m}" for p, m in _imports(package) if m not in allowed]
    assert not wrong, "\n".join(wrong)
