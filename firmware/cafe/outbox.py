"""Events waiting for the café's broker: one small JSON file each, in order, on disk.

The loop puts an event and goes on at once; the sender takes the oldest, publishes it and removes it
once the broker acknowledged it. Each file is written beside its final name, flushed to the disk
and renamed into place, so a power cut loses at most the event being written, never one already in
the queue, and leaves no half-written event behind. The queue is bounded: past ``limit`` events the
oldest are dropped (a box cut off from its café for days keeps the latest of them). The table's
current state is one more file (``state.json``), replaced the same way on every event.

>>> import tempfile
>>> box = Outbox(Path(tempfile.mkdtemp()), limit=2)
>>> for n in (1, 2, 3):
...     box.put(Message(f"kostka/c/t/e{n}", '{}'))
>>> [box.oldest().message.topic, len(box)], box.dropped
(['kostka/c/t/e2', 2], 1)
"""

from __future__ import annotations

import json
import logging
import threading
from dataclasses import dataclass
from pathlib import Path

from firmware.files import write_whole
from firmware.messages.i18n import DEFAULT_LANGUAGE, t

log = logging.getLogger(__name__)

LIMIT = 2000
"""The most events kept while the broker cannot be reached (a long evening of one table)."""
SUFFIX = ".json"
PARTIAL = ".partial"


@dataclass(frozen=True, slots=True)
class Message:
    """What is published: the topic and the payload (JSON text)."""

    topic: str
    payload: str


@dataclass(frozen=True, slots=True)
class Queued:
    """A message in the queue and its file (``Outbox.sent`` removes it)."""

    path: Path
    message: Message


def write_atomically(path: Path, text: str) -> None:
    """``text`` in ``path`` whole or not at all: written beside it, flushed, renamed over it."""
    write_whole(str(path), text, sync=True)


def read_message(path: Path) -> Message | None:
    """The message kept in ``path``, None when it cannot be read (it is then left to be dropped)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return Message(str(data["topic"]), str(data["payload"]))
    except (OSError, ValueError, KeyError, TypeError):
        return None


class Outbox:
    """The queue in ``folder`` (made if missing), the state beside it; ``ready`` is set whenever an
    event is put or the state changes."""

    def __init__(self, folder: Path, limit: int = LIMIT, lang: str = DEFAULT_LANGUAGE) -> None:
        self.folder = folder
        self.lang = lang
        self.limit = limit
        self.ready = threading.Event()
        self.dropped = 0
        self._lock = threading.Lock()
        self.state_path = folder / f"state{SUFFIX}"
        folder.mkdir(parents=True, exist_ok=True)
        for partial in folder.glob(f"*{PARTIAL}"):  # the event a power cut interrupted
            partial.unlink(missing_ok=True)
        self._numbers = sorted(int(path.stem) for path in folder.glob(f"*{SUFFIX}") if path.stem.isdigit())
        if self._numbers:
            self.ready.set()

    def __len__(self) -> int:
        with self._lock:
            return len(self._numbers)

    def _path(self, number: int) -> Path:
        return self.folder / f"{number:012d}{SUFFIX}"

    def put(self, message: Message) -> None:
        """Queue ``message`` after the others, dropping the oldest past the limit."""
        with self._lock:
            number = self._numbers[-1] + 1 if self._numbers else 1
            text = json.dumps({"topic": message.topic, "payload": message.payload}, ensure_ascii=False)
            write_atomically(self._path(number), text)
            self._numbers.append(number)
            while len(self._numbers) > self.limit:
                self._path(self._numbers.pop(0)).unlink(missing_ok=True)
                self.dropped += 1
        self.ready.set()

    def oldest(self) -> Queued | None:
        """The first message in the queue, None when it is empty; an unreadable file is dropped."""
        with self._lock:
            while self._numbers:
                path = self._path(self._numbers[0])
                message = read_message(path)
                if message is not None:
                    return Queued(path, message)
                log.warning("%s", t("cafe.dropped", self.lang, name=path.name))
                self._numbers.pop(0)
                path.unlink(missing_ok=True)
            self.ready.clear()
            return None

    def keep_state(self, message: Message) -> None:
        """The table's current state is now ``message`` (it replaces the one before)."""
        with self._lock:
            text = json.dumps({"topic": message.topic, "payload": message.payload}, ensure_ascii=False)
            write_atomically(self.state_path, text)
        self.ready.set()

    def state(self) -> Message | None:
        """The table's current state, None before the first."""
        with self._lock:
            return read_message(self.state_path) if self.state_path.exists() else None

    def sent(self, queued: Queued) -> None:
        """``queued`` reached the broker: it leaves the queue."""
        with self._lock:
            number = int(queued.path.stem)
            if number in self._numbers:
                self._numbers.remove(number)
            queued.path.unlink(missing_ok=True)
