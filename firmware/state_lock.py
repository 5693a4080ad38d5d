"""One Kostka at a time on a state folder: an ``fcntl.flock`` on ``kostka.lock`` inside it.

Two processes on the same saved games (the service and a ``kostka run`` started by hand, two demos
with one ``--state``) would both save moves into one game. The first to start takes the lock and
writes who it is into the file (pid, command line, since when, one JSON line); a second finds the
lock taken and raises ``StateFolderBusy``, whose message names the holder in the user's language.
The kernel lets go of the lock when the holder's file closes, also when it crashes or is killed,
so a lock is never left behind; the file itself stays, and the next holder writes over it.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import shlex
import sys
import time
from pathlib import Path
from typing import IO

from firmware.errors import KostkaError

LOCK_FILE = "kostka.lock"
UNKNOWN = "?"
READ_TRIES = 20
"""Times a second process reads a holder's file that is still empty (the holder writes it just
after taking the lock), 10 ms apart."""


class StateFolderBusy(KostkaError, RuntimeError):
    """Another process holds the state folder; ``message(lang)`` names it."""

    def __init__(self, folder: Path, holder: dict[str, str]) -> None:
        self.folder = folder
        self.holder = holder
        h = holder
        super().__init__("lock.held", folder=folder, pid=h["pid"], command=h["command"], since=h["since"])


def this_command() -> str:
    """This process's command line as a person typed it (``kostka demo --auto``)."""
    return shlex.join(["kostka", *sys.argv[1:]])


class StateLock:
    """Holds ``folder``'s lock from ``__init__`` until ``close`` (``contextlib.closing`` makes it a
    context manager); raises ``StateFolderBusy`` if taken.

    ``OSError`` when the lock file cannot be made (the folder cannot be written: the store says so).
    """

    def __init__(self, folder: Path, *, command: str | None = None) -> None:
        self.folder = folder
        self.path = folder / LOCK_FILE
        folder.mkdir(parents=True, exist_ok=True)
        self._file: IO[str] | None = open(self.path, "a+", encoding="utf-8")  # noqa: SIM115 (held open)
        try:
            fcntl.flock(self._file.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            self._file.close()
            self._file = None
            raise StateFolderBusy(folder, read_holder(self.path)) from None
        except OSError:
            self.close()
            raise
        holder = {
            "pid": str(os.getpid()),
            "command": command if command is not None else this_command(),
            "since": time.strftime("%Y-%m-%d %H:%M:%S"),
        }
        self._file.seek(0)
        self._file.truncate()
        self._file.write(json.dumps(holder, ensure_ascii=False) + "\n")
        self._file.flush()

    @property
    def held(self) -> bool:
        return self._file is not None

    def close(self) -> None:
        """Let the lock go (the file stays); safe to call more than once."""
        file, self._file = self._file, None
        if file is not None:
            with contextlib.suppress(OSError):
                fcntl.flock(file.fileno(), fcntl.LOCK_UN)
            file.close()


def read_holder(path: Path, tries: int = READ_TRIES) -> dict[str, str]:
    """Who holds the lock, as its file says (``?`` for what it does not say)."""
    text = ""
    for _ in range(tries):
        with contextlib.suppress(OSError):
            text = path.read_text(encoding="utf-8").strip()
        if text:
            break
        time.sleep(0.01)
    try:
        data = json.loads(text)
    except ValueError:
        data = {}
    if not isinstance(data, dict):
        data = {}
    return {key: str(data.get(key, UNKNOWN)) for key in ("pid", "command", "since")}
