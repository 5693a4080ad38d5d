"""sd_notify and the watchdog against a real AF_UNIX datagram socket set as NOTIFY_SOCKET."""

from __future__ import annotations

import doctest
import os
import socket
import threading
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from firmware.devices.notify import Notifier, Watchdog, socket_address, watchdog_period


class Listener:
    """The systemd side: a bound SOCK_DGRAM socket that collects the datagrams it was sent."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.sock.bind(socket_address(name))

    def receive(self, timeout: float = 1.0) -> str:
        self.sock.settimeout(timeout)
        return self.sock.recv(4096).decode("utf-8")

    def drain(self) -> list[str]:
        """Every datagram waiting now, without blocking."""
        self.sock.setblocking(False)
        messages = []
        while True:
            try:
                messages.append(self.sock.recv(4096).decode("utf-8"))
            except BlockingIOError:
                return messages


@pytest.fixture(params=["path", "abstract"])
def listener(
    request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Listener]:
    name = str(tmp_path / "notify") if request.param == "path" else f"@kostka-test-{uuid.uuid4().hex}"
    bound = Listener(name)
    monkeypatch.setenv("NOTIFY_SOCKET", name)
    yield bound
    bound.sock.close()


def test_ready_status_stopping_and_watchdog_arrive_as_datagrams(listener: Listener) -> None:
    with Notifier.from_environ() as notifier:
        assert notifier.enabled
        assert notifier.ready("first screen up")
        assert listener.receive() == "READY=1\nSTATUS=first screen up"
        assert notifier.status("game: shut-the-box,\n2 players")
        assert listener.receive() == "STATUS=game: shut-the-box, 2 players"
        assert notifier.watchdog()
        assert listener.receive() == "WATCHDOG=1"
        assert notifier.stopping()
        assert listener.receive() == "STOPPING=1"


def test_without_notify_socket_nothing_is_sent(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NOTIFY_SOCKET", raising=False)
    notifier = Notifier.from_environ()
    assert not notifier.enabled
    assert notifier.ready() is False
    assert Notifier("relative/name").enabled is False


def test_a_vanished_socket_is_reported_not_raised(tmp_path: Path) -> None:
    listener = Listener(str(tmp_path / "gone"))
    listener.sock.close()
    notifier = Notifier(listener.name)
    assert notifier.watchdog() is False
    assert isinstance(notifier.last_error, OSError)


def test_lines_must_be_key_value() -> None:
    with pytest.raises(ValueError, match="KEY=value"):
        Notifier("/run/x").send("READY")


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({}, None),
        ({"WATCHDOG_USEC": "0"}, None),
        ({"WATCHDOG_USEC": "soon"}, None),
        ({"WATCHDOG_USEC": "20000000"}, 10.0),
        ({"WATCHDOG_USEC": "20000000", "WATCHDOG_PID": str(os.getpid())}, 10.0),
        ({"WATCHDOG_USEC": "20000000", "WATCHDOG_PID": "1"}, None),
    ],
)
def test_watchdog_period_is_half_of_watchdog_usec_for_this_process(
    environ: dict[str, str], expected: float | None
) -> None:
    assert watchdog_period(environ) == expected


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_watchdog_pets_at_half_the_interval_and_stops_when_the_loop_hangs(listener: Listener) -> None:
    clock = FakeClock()
    notifier = Notifier.from_environ()
    dog = Watchdog.for_service(notifier, 5.0, {"WATCHDOG_USEC": "2000000"}, clock)  # WatchdogSec=2s
    assert dog.period == 1.0
    assert dog.seconds_to_next() == 0.0
    sent = []
    for step in range(11):  # the loop goes round every 0.25 s for 2.5 s
        clock.now = 100.0 + step * 0.25
        dog.camera_answered()
        if dog.pet():
            sent.append(clock.now)
    assert sent == [100.0, 101.0, 102.0]
    assert listener.drain() == ["WATCHDOG=1"] * 3
    assert dog.seconds_to_next() == pytest.approx(0.5)
    clock.now = 130.0  # the loop hung for 27.5 s: it never called pet(), so nothing went out
    assert listener.drain() == []


def test_a_silent_camera_stops_the_petting_and_says_why_once(listener: Listener) -> None:
    clock = FakeClock()
    dog = Watchdog.for_service(Notifier.from_environ(), 5.0, {"WATCHDOG_USEC": "2000000"}, clock)
    assert dog.pet()
    assert listener.receive() == "WATCHDOG=1"
    for now in (101.0, 103.0, 106.0, 107.0):  # the loop runs on; the camera last answered at 100
        clock.now = now
        dog.pet()
    assert not dog.healthy()
    assert listener.drain() == ["WATCHDOG=1"] * 2 + ["STATUS=camera silent for 6 s: waiting for restart"]
    clock.now = 108.0
    dog.camera_answered()  # a capture returned (even with an error): petting resumes
    assert dog.pet()
    assert listener.drain() == ["WATCHDOG=1"]


def test_without_watchdog_usec_pet_sends_nothing(listener: Listener) -> None:
    dog = Watchdog.for_service(Notifier.from_environ(), 5.0, {})
    assert not dog.enabled
    assert dog.pet() is False
    assert dog.seconds_to_next() is None
    assert listener.drain() == []


def test_a_real_loop_thread_pets_until_it_hangs(listener: Listener) -> None:
    """Real clock: a loop thread pets every 10 ms with WatchdogSec=0.1 s, then blocks."""
    notifier = Notifier.from_environ()
    dog = Watchdog.for_service(notifier, 5.0, {"WATCHDOG_USEC": "100000"})
    hang = threading.Event()
    stop = threading.Event()

    def loop() -> None:
        while not stop.is_set():
            if hang.is_set():
                stop.wait()  # stuck, like a capture call that never returns
            dog.camera_answered()
            dog.pet()
            time.sleep(0.01)

    thread = threading.Thread(target=loop, daemon=True)
    thread.start()
    time.sleep(0.4)
    hang.set()
    time.sleep(0.1)
    before = listener.drain()
    time.sleep(0.4)
    after = listener.drain()
    stop.set()
    thread.join(timeout=2)
    assert set(before) == {"WATCHDOG=1"}
    assert len(before) >= 3  # one every 50 ms while it ran: 8 at best, 3 even on a busy machine
    assert after == []


def test_the_docstring_examples_hold() -> None:
    """pytest collects doctests from tests/, rules/ and vision/ only: run these here."""
    import firmware.devices.notify

    result = doctest.testmod(firmware.devices.notify)
    assert (result.failed, result.attempted > 5) == (0, True)
