"""The thread that drains the outbox to the café's broker (paho-mqtt, QoS 1).

paho connects in its own network thread and reconnects by itself (1 s, then longer, up to 30 s).
This thread waits until the broker is connected, publishes the oldest queued event and removes it
from the outbox once the broker acknowledged it (PUBACK); a message paho holds when the connection
drops is sent again by paho on reconnect, never queued twice: each event is published under one id.
QoS 1 delivers at least once, so a message whose acknowledgement was lost (a broker restarted, a
power cut) may reach a board twice, with the same id: the board keeps the first of each id.
After the queue, the table's state is published retained when it changed.

The password is read from its file when the sender starts and given to paho only: it never appears
in a log line. A refused connection (a wrong password, an unknown user, a bad certificate) is
logged once per reason, with the broker and the user name, and so is a broker that cannot be
reached (down, or its certificate not signed by the café's authority).
"""

from __future__ import annotations

import contextlib
import json
import logging
import ssl
import sys
import threading
import time
from typing import Any

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from firmware.cafe.outbox import Message, Outbox
from firmware.config import Cafe
from firmware.errors import told
from firmware.messages.i18n import DEFAULT_LANGUAGE, t

log = logging.getLogger(__name__)

ACK_WAIT_S = 0.5
"""How long one wait for the broker's acknowledgement lasts before the sender looks around again."""
RECONNECT_S = (1, 30)
"""paho's first and longest pause between attempts to reach the broker."""
KEEPALIVE_S = 20


def read_password(cafe: Cafe) -> str | None:
    """The password in ``cafe.password_file`` (its first line), None without one; OSError if unreadable."""
    if cafe.password_file is None:
        return None
    lines = cafe.password_file.read_text(encoding="utf-8").splitlines()
    return lines[0] if lines else ""


def reason(error: BaseException, lang: str) -> str:
    """Why a connection failed in ``lang``; ssl's own reason (``CERTIFICATE_VERIFY_FAILED``) as it is."""
    return str(error) if isinstance(error, ssl.SSLError) else told(error, lang)


class Sender:
    """Publishes what ``outbox`` holds to ``cafe``'s broker, from ``start`` until ``close``."""

    def __init__(
        self,
        cafe: Cafe,
        outbox: Outbox,
        *,
        will: Message | None = None,
        online: Message | None = None,
        lang: str = DEFAULT_LANGUAGE,
    ):
        self.cafe = cafe
        self.lang = lang
        self.outbox = outbox
        self.connected = threading.Event()
        self.sent = 0
        self._stopping = threading.Event()
        self._told: str | None = None  # the last refusal logged, so that it is logged once
        self._online = online
        self._will = will
        self._state_sent: str | None = None
        self._thread: threading.Thread | None = None
        client_id = f"kostka-{cafe.cafe}-{cafe.table}"
        self.client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=client_id, clean_session=True)
        self.client.reconnect_delay_set(*RECONNECT_S)
        self.client.on_connect = self._on_connect
        self.client.on_disconnect = self._on_disconnect
        self.client.on_publish = self._on_publish
        self.client.on_connect_fail = self._on_connect_fail
        self._acks = threading.Condition()
        self._acked: set[int] = set()
        if will is not None:
            self.client.will_set(will.topic, will.payload, qos=1, retain=True)

    def start(self) -> None:
        """Connect in the background and start draining; never blocks on the network."""
        cafe = self.cafe
        try:
            password = read_password(cafe)
        except (OSError, UnicodeDecodeError) as error:
            why = told(error, self.lang) if isinstance(error, OSError) else t("cafe.why.not_text", self.lang)
            log.error("%s", t("cafe.password_unreadable", self.lang, path=cafe.password_file, reason=why))
            return
        if cafe.username:
            self.client.username_pw_set(cafe.username, password)
        if cafe.tls:
            ca = str(cafe.ca_file) if cafe.ca_file is not None else None
            try:
                self.client.tls_set(ca_certs=ca, cert_reqs=ssl.CERT_REQUIRED)
            except (OSError, ssl.SSLError, ValueError) as error:
                why = reason(error, self.lang)
                log.error("%s", t("cafe.ca_unusable", self.lang, path=ca, reason=why))
                return
        self.client.connect_async(cafe.host, cafe.port, keepalive=KEEPALIVE_S)
        self.client.loop_start()
        self._thread = threading.Thread(target=self._run, name="kostka-cafe", daemon=True)
        self._thread.start()

    def idle(self) -> bool:
        """Nothing left to send: the queue is empty and the latest state is published."""
        state = self.outbox.state()
        return len(self.outbox) == 0 and (state is None or state.payload == self._state_sent)

    def close(self, wait_s: float = 0.0) -> None:
        """Stop; first wait up to ``wait_s`` for the queue to drain while connected."""
        deadline = time.monotonic() + wait_s
        while self._thread is not None and time.monotonic() < deadline and not self.idle():
            if not self.connected.is_set() and self._told is not None:
                break  # refused: waiting will not help
            time.sleep(0.05)
        self._stopping.set()
        self.outbox.ready.set()
        if self._thread is not None:
            self._thread.join(timeout=2.0)
            if self._will is not None and self.connected.is_set():  # a box switched off on purpose
                said = self.client.publish(self._will.topic, self._will.payload, qos=1, retain=True)
                with contextlib.suppress(RuntimeError, ValueError):
                    said.wait_for_publish(timeout=ACK_WAIT_S)
            self.client.disconnect()
            self.client.loop_stop()

    # paho's network thread

    def _on_connect(
        self, client: mqtt.Client, userdata: Any, flags: Any, reason: Any, properties: Any
    ) -> None:
        if reason.is_failure:
            said = str(reason)
            if said != self._told:
                key, user = (
                    ("cafe.refused_user", repr(self.cafe.username))
                    if self.cafe.username
                    else ("cafe.refused", "")
                )
                log.error("%s", t(key, self.lang, broker=self.cafe.broker, user=user, reason=said))
                self._told = said
            return
        cafe = self.cafe
        log.info("%s", t("cafe.connected", self.lang, broker=cafe.broker, cafe=cafe.cafe, table=cafe.table))
        self._told = None
        self._state_sent = None  # the broker may have restarted without it
        if self._online is not None:
            client.publish(self._online.topic, self._online.payload, qos=1, retain=True)
        self.connected.set()
        self.outbox.ready.set()

    def _on_connect_fail(self, client: mqtt.Client, userdata: Any) -> None:
        # paho calls this while it handles the OSError of the attempt (ssl's errors are OSErrors too)
        error = sys.exc_info()[1]
        said = reason(error, self.lang) if error is not None else t("cafe.why.no_connection", self.lang)
        if said != self._told:
            log.warning("%s", t("cafe.unreachable", self.lang, broker=self.cafe.broker, reason=said))
            self._told = said

    def _on_disconnect(
        self, client: mqtt.Client, userdata: Any, flags: Any, reason: Any, properties: Any
    ) -> None:
        if self.connected.is_set() and not self._stopping.is_set():
            log.warning("%s", t("cafe.lost", self.lang, broker=self.cafe.broker, reason=reason))
        self.connected.clear()

    def _on_publish(self, client: mqtt.Client, userdata: Any, mid: int, reason: Any, properties: Any) -> None:
        with self._acks:
            self._acked.add(mid)
            self._acks.notify_all()

    # the sender's thread

    def _deliver(self, message: Message, retain: bool = False) -> bool:
        """Publish ``message`` and wait for the broker's acknowledgement (paho keeps it through a
        lost connection and sends it again); False when stopped before it came, or not taken."""
        info = self.client.publish(message.topic, message.payload, qos=1, retain=retain)
        if info.rc == mqtt.MQTT_ERR_QUEUE_SIZE:
            return False
        with self._acks:
            while info.mid not in self._acked:
                if self._stopping.is_set():
                    return False
                self._acks.wait(timeout=ACK_WAIT_S)
            self._acked.discard(info.mid)
        return True

    def _run(self) -> None:
        while not self._stopping.is_set():
            if not self.connected.wait(timeout=ACK_WAIT_S):
                continue
            queued = self.outbox.oldest()
            if queued is not None:
                if self._deliver(queued.message):
                    self.outbox.sent(queued)
                    self.sent += 1
                continue
            state = self.outbox.state()
            if state is not None and state.payload != self._state_sent:
                if self._deliver(state, retain=True):
                    self._state_sent = state.payload
                continue
            self.outbox.ready.wait(timeout=ACK_WAIT_S)


def payload(fields: dict[str, Any]) -> str:
    """JSON text of a payload (UTF-8 kept, keys in the order given)."""
    return json.dumps(fields, ensure_ascii=False)
