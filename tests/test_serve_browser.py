"""``kostka serve`` in a real browser: headless Chromium draws the page (not blank), finds the players'
names and scores in it, and asks nothing of any machine but this one."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from firmware.storage import GameStore
from rules.shut_the_box import ShutTheBox
from tests.test_history import played

CHROMIUM = Path("/usr/bin/chromium")
pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="no browser here: /usr/bin/chromium (Debian package 'chromium') is missing"
)

OFFLINE = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
)
"""Chromium with nothing of its own to fetch, and every name but this machine's unresolvable."""


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``kostka serve`` on a free port over two finished games; its address."""
    state = tmp_path_factory.mktemp("state")
    with GameStore(state) as store:
        played(store)
        played(store)
        store.start(ShutTheBox(), ["Zosia", "Jan"], language="pl")  # the game on the table now
        store.save_move(1, "roll 3 4")
        store.save_move(2, "shut 7")
    server = subprocess.Popen(
        [sys.executable, "-m", "firmware", "serve", "--state", str(state), "--port", "0"],
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert server.stderr is not None
        said = server.stderr.readline()
        found = re.search(r"http://127\.0\.0\.1:\d+/", said)
        assert found, said
        yield found.group(0)
    finally:
        server.terminate()
        server.wait(timeout=10)


def chromium(url: str, folder: Path, *what: str) -> str:
    done = subprocess.run(
        [
            str(CHROMIUM),
            *OFFLINE,
            f"--user-data-dir={folder / 'profile'}",
            "--window-size=1200,1600",
            *what,
            url,
        ],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=folder,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def test_the_browser_draws_the_page(served: str, tmp_path: Path) -> None:
    shot = tmp_path / "page.png"
    chromium(served, tmp_path, f"--screenshot={shot}")
    assert (tmp_path / "page.png").stat().st_size > 10_000
    pixels = np.asarray(Image.open(shot).convert("L"), dtype=np.float64)
    assert pixels.shape == (1600, 1200)
    assert pixels.std() > 10  # text and charts, not a blank page
    ink = (pixels < 128).mean()
    assert 0.005 < ink < 0.5, ink  # dark words on a light page


def test_the_names_and_scores_reach_the_page(served: str, tmp_path: Path) -> None:
    dom = " ".join(chromium(served, tmp_path, "--dump-dom").split())
    assert '<html lang="pl">' in dom
    assert "Ala 26, Olek 22 wygrywa Olek" in dom
    assert "Shut the Box, Olek: 2 gry, 2 wygrane" in dom


def test_the_page_names_no_other_machine(served: str, tmp_path: Path) -> None:
    dom = chromium(served, tmp_path, "--dump-dom") + chromium(served + "table", tmp_path, "--dump-dom")
    addresses = re.findall(r"(?:https?:)?//[^\s\"'<>)]+", dom)
    assert all(re.match(r"(https?:)?//127\.0\.0\.1[:/]", a) for a in addresses), addresses
    assert not re.search(r"<(script|link|img|iframe)[^>]+(src|href)=", dom)  # nothing loaded besides


def test_the_table_page_shows_the_game_being_played(served: str, tmp_path: Path) -> None:
    dom = " ".join(chromium(served + "table", tmp_path, "--virtual-time-budget=3000", "--dump-dom").split())
    assert "<td>Zosia</td>" in dom and "<td>Jan</td>" in dom  # written in by the page's script
    assert "Ruchy: 2, ostatni: shut 7" in dom and "Olek" not in dom
