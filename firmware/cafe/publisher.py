"""One table's publisher: the loop tells it each step, it queues the moments and keeps the state.

Topics are ``kostka/<cafe>/<table>/<event>``; the retained ``kostka/<cafe>/<table>/state`` is the
table now, and the retained ``kostka/<cafe>/<table>/online`` says whether the box is connected (the
broker says ``false`` for a box that vanished). Every payload is a JSON object with
``schema_version``, a unique ``id``, ``event``, ``cafe``, ``table`` and ``at`` (UTC, ISO 8601) before
the event's own fields (``docs/cafe.md``).

Nothing here may stop a game: a disk that cannot take an event is logged once and the game goes on.
"""

from __future__ import annotations

import logging
import uuid
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from firmware.cafe.moments import Moment, moments, started, table_state
from firmware.cafe.outbox import Message, Outbox
from firmware.cafe.sender import Sender, payload
from firmware.config import Cafe
from firmware.errors import told
from firmware.machine.effects import Effect
from firmware.machine.state import Appliance
from firmware.messages.i18n import DEFAULT_LANGUAGE, t

log = logging.getLogger(__name__)

SCHEMA_VERSION = 1
"""The payloads' schema; a field removed or changing its meaning raises it, a field added does not."""
CLOSE_WAIT_S = 2.0
"""How long the box, on its way out, waits for the queue to drain to a connected broker."""


def topic(cafe: Cafe, event: str) -> str:
    """The MQTT topic of ``event`` at ``cafe``'s table.

    >>> topic(Cafe("h", 1883, False, "pod-kostka", "stol-3"), "roll_read")
    'kostka/pod-kostka/stol-3/roll_read'
    """
    return f"kostka/{cafe.cafe}/{cafe.table}/{event}"


class Publisher:
    """Queues ``cafe``'s table's moments in ``state_dir/cafe`` and sends them (``start``, ``close``)."""

    def __init__(self, cafe: Cafe, state_dir: Path, lang: str = DEFAULT_LANGUAGE) -> None:
        self.cafe = cafe
        self.lang = lang
        self.outbox = Outbox(state_dir / "cafe", lang=lang)
        self.sender = Sender(
            cafe,
            self.outbox,
            will=Message(topic(cafe, "online"), self._payload("online", {"online": False})),
            online=Message(topic(cafe, "online"), self._payload("online", {"online": True})),
            lang=lang,
        )
        self._finished: dict[str, Any] | None = None
        self._disk_failed = False

    def _payload(self, event: str, fields: dict[str, Any]) -> str:
        head = {
            "schema_version": SCHEMA_VERSION,
            "id": uuid.uuid4().hex,
            "event": event,
            "cafe": self.cafe.cafe,
            "table": self.cafe.table,
            "at": datetime.now(UTC).isoformat(timespec="milliseconds"),
        }
        return payload({**head, **fields})

    def start(self) -> None:
        self.sender.start()

    def begin(self, state: Appliance, resumed: bool) -> None:
        """The loop's first state: a game taken up again after a restart is said, and the state kept."""
        said = [started(state.match, resumed=True)] if resumed and state.match is not None else []
        self._tell(said, state)

    def step(self, before: Appliance, event: object, after: Appliance, effects: list[Effect]) -> None:
        """One step of the loop: its moments queued, the state kept when anything happened."""
        said = moments(before, event, after, effects)
        if said:
            self._tell(said, after)

    def _tell(self, said: list[Moment], state: Appliance) -> None:
        for name, fields in said:
            if name == "game_finished":
                self._finished = fields
            elif name == "game_started":
                self._finished = None
        now = table_state(state, self._finished)
        try:
            for name, fields in said:
                self.outbox.put(Message(topic(self.cafe, name), self._payload(name, fields)))
            self.outbox.keep_state(Message(topic(self.cafe, "state"), self._payload("state", now)))
        except OSError as error:
            if not self._disk_failed:
                why = told(error, self.lang)
                log.error("%s", t("cafe.not_kept", self.lang, path=self.outbox.folder, reason=why))
            self._disk_failed = True
            return
        self._disk_failed = False

    def close(self, wait_s: float = CLOSE_WAIT_S) -> None:
        """Stop sending, after up to ``wait_s`` for the queue to drain; what is left stays on disk."""
        self.sender.close(wait_s)
