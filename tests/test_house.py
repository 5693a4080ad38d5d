"""The house's written rules: documentation and code describe the product as it is now (history lives in
``git log``), nothing edits ``sys.path``, and the wings keep small tops."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

DIARY = re.compile(r"\bsessions? \d+|\bCEO\b|\bissues? \d+|\bhelper session|\bthis session\b", re.IGNORECASE)
"""Words of a lab diary: work sessions and issue numbers, who asked what (another project's issues are
cited as ``#N``)."""


def tracked() -> list[Path]:
    try:
        names = subprocess.run(
            ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout.splitlines()
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout")
    texts = (".py", ".md", ".toml", ".txt", ".csv", ".sh", ".service", ".cfg", ".svg", "")
    return [ROOT / n for n in names if Path(n).suffix in texts and (ROOT / n).is_file()]


def test_no_diary_words_anywhere() -> None:
    found = []
    for path in tracked():
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        for number, line in enumerate(text.splitlines(), 1):
            if DIARY.search(line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()[:100]}")
    assert not found, "history belongs in git log:\n" + "\n".join(found)


def test_the_diary_pattern_finds_diary_words() -> None:
    session, chief, issue = "Sess" + "ion 42", "C" + "EO", "iss" + "ue 3"  # not diary words themselves
    assert DIARY.search(f"tuned in {session} on seeds 0-199")
    assert DIARY.search(f"as the {chief} asked")
    assert DIARY.search(f"the target of {issue}")
    assert not DIARY.search("an ONNX Runtime session on the CPU")


def test_nothing_edits_sys_path() -> None:
    edits = [
        f"{p.relative_to(ROOT)}"
        for p in tracked()
        if p.suffix == ".py" and p != Path(__file__) and "sys.path." in p.read_text(encoding="utf-8")
    ]
    assert not edits, edits


@pytest.mark.parametrize("wing", ["firmware", "vision"])
def test_a_wing_keeps_a_small_top(wing: str) -> None:
    modules = sorted(p.name for p in (ROOT / wing).glob("*.py"))
    assert len(modules) <= 13, f"{wing}/ holds {len(modules)} modules at its top: {modules}"
