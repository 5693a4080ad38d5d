"""One Kostka at a time on a state folder: a second ``kostka run``/``demo`` on it says who holds it
(pid, command, since when) in one line of the user's language and exits 2; a holder killed with
SIGKILL leaves no lock behind."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from contextlib import closing
from pathlib import Path

import pytest

from firmware.state_lock import LOCK_FILE, StateFolderBusy, StateLock, read_holder

ROOT = Path(__file__).resolve().parents[1]


def test_a_second_lock_on_the_folder_names_the_first_holder(tmp_path: Path) -> None:
    with closing(StateLock(tmp_path / "state", command="kostka run")):
        with pytest.raises(StateFolderBusy) as busy:
            StateLock(tmp_path / "state")
        assert busy.value.holder["pid"] == str(os.getpid()) and busy.value.holder["command"] == "kostka run"
        said = busy.value.message("pl")
        assert said.startswith(f"Katalog zapisu {tmp_path / 'state'} jest zajęty: używa go proces "
                               f"{os.getpid()} ")
        assert "\n" not in said
    with closing(StateLock(tmp_path / "state", command="kostka demo")):  # let go: taken again
        assert read_holder(tmp_path / "state" / LOCK_FILE)["command"] == "kostka demo"


def test_a_holder_file_that_says_nothing_gives_question_marks(tmp_path: Path) -> None:
    (tmp_path / LOCK_FILE).write_text("not json\n")
    assert read_holder(tmp_path / LOCK_FILE, tries=1) == {"pid": "?", "command": "?", "since": "?"}


def wait_for_holder(path: Path, process: subprocess.Popen[str]) -> dict[str, str]:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and process.poll() is None:
        if path.exists() and path.read_text(encoding="utf-8").strip():
            return read_holder(path)
        time.sleep(0.05)
    raise AssertionError("the first demo never took the lock")


def test_a_second_demo_on_the_same_state_says_who_holds_it_and_exits_2(tmp_path: Path) -> None:
    state = tmp_path / "state"
    demo = [sys.executable, "-m", "firmware", "demo", "--auto", "--json", "--state", str(state)]
    demo += ["--seed", "4"]
    first = subprocess.Popen([*demo, "--pace", "5"], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        holder = wait_for_holder(state / LOCK_FILE, first)
        assert holder["pid"] == str(first.pid) and "demo --auto" in holder["command"]
        second = subprocess.run(demo, cwd=ROOT, capture_output=True, text=True, timeout=120)
        assert second.returncode == 2 and second.stdout == ""
        assert second.stderr.count("\n") == 1, second.stderr
        assert f"jest zajęty: używa go proces {first.pid} (kostka demo --auto" in second.stderr
        assert f"od {holder['since']}" in second.stderr
        english = subprocess.run([*demo, "--lang", "en"], cwd=ROOT, capture_output=True, text=True)
        assert english.returncode == 2 and f"is in use: process {first.pid}" in english.stderr
    finally:
        first.send_signal(signal.SIGKILL)
        first.communicate()
    assert first.returncode == -signal.SIGKILL
    after = subprocess.run(demo, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert after.returncode == 0, after.stderr  # the kernel let go of the killed holder's lock
    assert json.loads(after.stdout.strip().splitlines()[-1])["seed"] == 4
