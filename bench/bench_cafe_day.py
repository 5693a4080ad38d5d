"""A café's day on the box, accelerated: does anything grow that should not?

Run: .venv/bin/python -m bench.bench_cafe_day [--hours 12] [--game-minutes 4] [--unplugs 100]

Plays ``hours * 60 / game-minutes`` games one after another in one process and one state folder,
each as the service plays it (``firmware.app.open_parts``, ``begin``, ``loop_of``: the camera
thread on the stand-in camera's frames, settle detection, the autopilot pressing the buttons), the
three titles in turn. The camera cable is pulled out and put back ``--unplugs`` times over the day
(scaled to ``--hours``), mid-roll. Once, in the middle of the day, the state folder is left nearly
full (``NEAR_FULL_FREE`` bytes free) for a game, which must end: that needs root, to put the folder
on a small tmpfs of its own; elsewhere it is skipped and said so.

Prints, at the start, after the first round of the three titles (the warm-up: caches fill and
settle) and at the end: resident memory, its growth in all and after the warm-up; open files,
threads, the state folder's size; and the bytes written per game (``wchar`` of /proc/self/io:
every byte the process handed to write(), the database's journal included). Linux only (/proc).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from firmware.app import begin, loop_of, open_parts
from firmware.config import Camera, Config, Display, Game
from firmware.machine.state import CameraLost, Winner
from firmware.standins.autopilot import Autopilot
from firmware.standins.cable import Cable
from firmware.storage import StorageError

GAMES = ("shut-the-box", "stonoga", "lezard")
SIZE = (320, 240)
"""Small frames: the day is about what accumulates, not about reading speed (bench_appliance)."""
GUARD_S = 120.0
NEAR_FULL_FREE = 2 * 1024 * 1024
"""Room for a game's write-ahead log (about 0.5 MB; with 256 KB free a game stops: disk full)."""
TMPFS_BYTES = 64 * 1024 * 1024


@dataclass(frozen=True, slots=True)
class Gauge:
    rss_kb: int
    files: int
    threads: int
    folder_bytes: int
    written: int


def gauge(folder: Path) -> Gauge:
    status = dict(line.split(":", 1) for line in Path("/proc/self/status").read_text().splitlines())
    io = dict(line.split(": ") for line in Path("/proc/self/io").read_text().splitlines())
    size = sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())
    return Gauge(int(status["VmRSS"].split()[0]), len(os.listdir("/proc/self/fd")),
                 int(status["Threads"]), size, int(io["wchar"]))  # fmt: skip


def play(folder: Path, game: str, seed: int, unplugs: int) -> bool:
    """One game to its winner, the cable pulled out at ``unplugs`` of its rolls; whether it ended."""
    config = Config(
        display=Display(driver="terminal"),
        camera=Camera(source="synthetic", width=SIZE[0], height=SIZE[1]),
        game=Game(default=game, players=2),
        language="pl",
        state_dir=folder,
    )
    parts = open_parts(config, stream=None, seed=seed, fast_camera=True, scripted=True, environ={})
    with parts:
        assert parts.dice is not None, "the camera films stand-in dice"
        cable = Cable(parts.dice, SIZE)
        parts.camera._open_source = cable.open
        parts.camera._backoff = (0.02, 0.05)
        pilot = Autopilot(parts.events, parts.dice, seed, game, 2)
        rolls = [0]

        def roll(ask: Any, moves: int) -> None:
            rolls[0] += 1
            if cable.pulled < unplugs and rolls[0] % 2 == 0:
                cable.pull()
            pilot.roll(ask, moves)

        def watch(state: Any, event: Any) -> None:
            if isinstance(state.screen, CameraLost):
                if not cable.alive:
                    threading.Timer(0.05, setattr, (cable, "alive", True)).start()
                return  # the player waits for the camera to come back
            pilot(state, event)

        loop = loop_of(
            parts,
            begin(parts, seed=seed, resume=lambda saved: False),
            on_read_dice=roll,
            on_state=watch,
            until=lambda state: isinstance(state.screen, Winner),
        )
        guard = threading.Timer(GUARD_S, loop.stop)
        guard.start()
        try:
            loop.run()
        finally:
            guard.cancel()
        return isinstance(loop.state.screen, Winner)


@contextmanager
def small_folder(parent: Path) -> Any:
    """A state folder on a tmpfs of its own (root only: it can be filled), else a plain folder."""
    folder = parent / "state"
    folder.mkdir()
    mounted = os.geteuid() == 0 and subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={TMPFS_BYTES}", "kostka-cafe", str(folder)], check=False
    ).returncode == 0  # fmt: skip
    try:
        yield folder, mounted
    finally:
        if mounted:
            subprocess.run(["umount", str(folder)], check=False)


def nearly_full(folder: Path) -> Path:
    """A ballast file that leaves ``NEAR_FULL_FREE`` bytes free in ``folder``'s file system."""
    ballast = folder / "ballast"
    free = os.statvfs(folder).f_bavail * os.statvfs(folder).f_frsize
    with ballast.open("wb") as out:
        out.truncate(0)
        block = b"\0" * (1 << 20)
        left = free - NEAR_FULL_FREE
        while left > 0:
            left -= out.write(block[: min(left, len(block))])
    return ballast


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.bench_cafe_day", description=(__doc__ or "").splitlines()[0]
    )
    parser.add_argument("--hours", type=float, default=12.0, help="the café day's length (default 12)")
    parser.add_argument("--game-minutes", type=float, default=4.0, help="one game every so many minutes")
    parser.add_argument("--unplugs", type=int, default=100, help="camera pulled out in 12 hours")
    args = parser.parse_args(argv)
    games = max(3, round(args.hours * 60 / args.game_minutes))
    unplugs = round(args.unplugs * args.hours / 12)
    per_game = [unplugs // games + (1 if i < unplugs % games else 0) for i in range(games)]
    started = time.monotonic()
    with (
        tempfile.TemporaryDirectory(prefix="kostka-cafe-") as tmp,
        small_folder(Path(tmp)) as (folder, tmpfs),
    ):
        written: list[int] = []
        ended = 0
        stopped = ""
        near_full = "skipped (needs root: the state folder on a tmpfs it can fill)"
        start = first = warm = last = gauge(folder)
        for i in range(games):
            ballast = nearly_full(folder) if tmpfs and i == games // 2 else None
            before = gauge(folder)
            try:
                ok = play(folder, GAMES[i % len(GAMES)], i + 1, per_game[i])
            except StorageError as error:
                ok, stopped = False, error.message("en")
            ended += ok
            last = gauge(folder)
            written.append(last.written - before.written)
            if ballast is not None:
                near_full = f"{NEAR_FULL_FREE // 1024} KB free: the game " + (
                    "ended" if ok else f"stopped: {stopped}"
                )
                ballast.unlink()
            if i == 0:
                first = last
            if i == len(GAMES) - 1:
                warm = last
    mb, kb = 1 << 20, 1 << 10
    print(f"café day: {args.hours:g} h, {games} games ({ended} to their winner), "
          f"camera pulled out {unplugs} times, in {time.monotonic() - started:.0f} s")  # fmt: skip
    print(f"state folder nearly full once: {near_full}")
    print(f"resident memory at the start {start.rss_kb / kb:.1f} MB, after the warm-up "
          f"({len(GAMES)} games) {warm.rss_kb / kb:.1f} MB, at the end {last.rss_kb / kb:.1f} MB: "
          f"{(last.rss_kb - start.rss_kb) / kb:+.1f} MB in all, "
          f"{(last.rss_kb - warm.rss_kb) / kb:+.1f} MB after the warm-up")  # fmt: skip
    print(f"open files {first.files} -> {last.files}, threads {first.threads} -> {last.threads}")
    grown = (last.folder_bytes - first.folder_bytes) / max(1, games - 1)
    print(f"state folder {first.folder_bytes / kb:.0f} KB -> {last.folder_bytes / kb:.0f} KB "
          f"({grown / kb:.1f} KB a game)")  # fmt: skip
    print(f"bytes written a game: median {statistics.median(written) / kb:.0f} KB, "
          f"most {max(written) / kb:.0f} KB ({sum(written) / mb:.0f} MB in the day)")  # fmt: skip
    return 0 if ended == games else 1


if __name__ == "__main__":
    sys.exit(main())
