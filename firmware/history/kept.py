"""The history of a state folder kept in memory by a server that reads it again and again.

A finished game never changes, so the folder is read whole once and afterwards only for the games
finished since (``read_archive_since``), and only when its SQLite file or journal changed (their
size and time of change; a new file is read whole); games the box forgot (``keep_finished``) are
forgotten here too. The statistics and the dice are summed up again only then: a request that
finds nothing new costs a ``stat`` of two files.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from pathlib import Path

from firmware.history.fairness import Check
from firmware.history.records import Record, Skipped, read_records
from firmware.history.stats import Standing, dice_checks, standings
from firmware.storage import DB_NAME, read_archive_since


@dataclass(frozen=True, slots=True)
class Summary:
    """The history as one request sees it; ``version`` grows whenever the folder changed."""

    version: int
    records: tuple[Record, ...]
    skipped: tuple[Skipped, ...]
    standings: tuple[Standing, ...]
    dice: dict[str, Check]


class Kept:
    """``now()``: the history of ``folder``, read afresh only where the folder changed."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._lock = threading.Lock()
        self._stamp: object = None
        self._records: dict[int, Record] = {}
        self._skipped: dict[int, Skipped] = {}
        self._summary = Summary(0, (), (), (), {})

    def now(self) -> Summary:
        with self._lock:
            stamp = self._stamp_now()
            if stamp != self._stamp or self._summary.version == 0:
                if not isinstance(self._stamp, tuple) or stamp[0] != self._stamp[0]:
                    self._records, self._skipped = {}, {}  # another file: read it whole
                self._read()
                self._stamp = stamp  # taken before the read: a write meanwhile is read next time
            return self._summary

    def _stamp_now(self) -> tuple[tuple[int, int, int] | None, ...]:
        stamps: list[tuple[int, int, int] | None] = []
        for name in (DB_NAME, DB_NAME + "-wal"):
            try:
                found = (self.folder / name).stat()
            except FileNotFoundError:
                stamps.append(None)
            else:
                stamps.append((found.st_ino, found.st_mtime_ns, found.st_size))
        return tuple(stamps)

    def _read(self) -> None:
        last = max([*self._records, *self._skipped], default=0)
        oldest, new = read_archive_since(self.folder, last)
        records, skipped = read_records(new)
        self._records = {i: r for i, r in self._records.items() if i >= oldest} | {r.id: r for r in records}
        self._skipped = {i: s for i, s in self._skipped.items() if i >= oldest}
        self._skipped |= {int(str(s.id)): s for s in skipped}
        if not oldest:  # no finished game left (a new file)
            self._records, self._skipped = {}, {}
        ordered = tuple(self._records[i] for i in sorted(self._records))
        self._summary = Summary(
            self._summary.version + 1,
            ordered,
            tuple(self._skipped[i] for i in sorted(self._skipped)),
            tuple(standings(ordered)),
            dice_checks(ordered),
        )
