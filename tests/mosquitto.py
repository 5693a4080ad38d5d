"""A real Mosquitto broker for the café's tests, on 127.0.0.1 at a free port in a temporary folder,
and a listener that collects what the boxes publish.

The broker keeps its sessions on disk (``persistence``), so a listener that subscribed with a
lasting session gets, after the broker was stopped and started again, what was published while it
was away. Tests skip with the reason when ``mosquitto`` is not installed (CI installs it).
"""

from __future__ import annotations

import getpass
import json
import shutil
import socket
import subprocess
import threading
import time
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt
import pytest
from paho.mqtt.enums import CallbackAPIVersion

MOSQUITTO = shutil.which("mosquitto") or (
    "/usr/sbin/mosquitto" if Path("/usr/sbin/mosquitto").exists() else None
)
UP_S = 5.0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Broker:
    """``mosquitto -c CONF`` in ``folder``; ``lines`` are more lines of its configuration (without
    them anyone may connect)."""

    def __init__(self, folder: Path, lines: tuple[str, ...] = ()) -> None:
        if MOSQUITTO is None:
            pytest.skip("mosquitto is not installed (Debian: apt-get install mosquitto)")
        self.folder = folder
        self.port = free_port()
        self.conf = folder / "mosquitto.conf"
        self.log = folder / "mosquitto.log"
        self.conf.write_text(
            "\n".join(
                (
                    f"listener {self.port} 127.0.0.1",
                    f"user {getpass.getuser()}",  # as root, mosquitto would become another user
                    "persistence true",
                    f"persistence_location {folder}/",
                    f"log_dest file {self.log}",
                    *(lines or ("allow_anonymous true",)),
                )
            )
            + "\n"
        )
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"mqtt://127.0.0.1:{self.port}"

    def start(self) -> None:
        assert MOSQUITTO is not None
        self.process = subprocess.Popen([MOSQUITTO, "-c", str(self.conf)], cwd=self.folder)
        deadline = time.monotonic() + UP_S
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return
            except OSError:
                time.sleep(0.02)
        raise AssertionError(f"mosquitto did not listen on {self.port}: {self.log.read_text()[-500:]}")

    def stop(self) -> None:
        """Stop the broker as its service would be stopped (it keeps its sessions on disk)."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=UP_S)
        self.process = None


class Listener:
    """Subscribes to ``kostka/#`` with a lasting session (QoS 1) and keeps every message by topic."""

    def __init__(self, broker: Broker, name: str = "board") -> None:
        self.messages: list[tuple[str, dict[str, Any], bool]] = []
        self.changed = threading.Condition()
        version = CallbackAPIVersion.VERSION2
        self.client = mqtt.Client(version, client_id=f"test-{name}", clean_session=False)
        self.client.reconnect_delay_set(1, 1)
        self.client.on_connect = lambda client, *_: client.subscribe("kostka/#", qos=1)
        self.client.on_message = self._on_message
        self.client.connect("127.0.0.1", broker.port)
        self.client.loop_start()

    def _on_message(self, client: mqtt.Client, userdata: Any, message: mqtt.MQTTMessage) -> None:
        with self.changed:
            self.messages.append((message.topic, json.loads(message.payload), bool(message.retain)))
            self.changed.notify_all()

    def events(self, table: str | None = None, kind: str | None = None) -> list[dict[str, Any]]:
        """The events heard (not the retained state or the box's online flag), in order."""
        with self.changed:
            return [
                body
                for topic, body, _ in self.messages
                if body["event"] not in ("state", "online")
                and (table is None or body["table"] == table)
                and (kind is None or body["event"] == kind)
            ]

    def wait(self, done: Any, timeout: float = 10.0) -> bool:
        """Wait until ``done(self)`` holds; whether it did."""
        deadline = time.monotonic() + timeout
        with self.changed:
            while not done(self):
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self.changed.wait(timeout=min(left, 0.2))
        return True

    def close(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()
