"""Talking to systemd: readiness, status lines and the watchdog (sd_notify, no dependency).

systemd names a datagram socket in ``NOTIFY_SOCKET`` (a path, or ``@name`` in the abstract
namespace); each message is one datagram of ``KEY=value`` lines. Without the variable (a
laptop, a test, ``kostka demo``) every call does nothing and says so by returning False.

The unit is ``Type=notify`` with ``WatchdogSec=``: Kostka sends ``READY=1`` once the first
screen is up, and the main loop pets a :class:`Watchdog`, which sends ``WATCHDOG=1`` only
while the loop goes round *and* the camera answers. A loop or a camera call that hangs stops
the petting, and systemd kills and restarts the service.

>>> notifier = Notifier(None)
>>> notifier.enabled, notifier.ready("first screen up")
(False, False)
"""

from __future__ import annotations

import os
import socket
import time
from collections.abc import Callable, Mapping
from types import TracebackType


def socket_address(name: str) -> str:
    """The address ``socket.sendto`` takes for a ``NOTIFY_SOCKET`` value.

    >>> socket_address("/run/systemd/notify"), socket_address("@kostka/notify")
    ('/run/systemd/notify', '\\x00kostka/notify')
    """
    return "\0" + name[1:] if name.startswith("@") else name


class Notifier:
    """One sender of notify messages; a context manager that closes its socket.

    ``address`` is the ``NOTIFY_SOCKET`` value, or None for a notifier that sends nothing.
    Sending never raises: systemd going away must not take the game down with it.
    """

    def __init__(self, address: str | None) -> None:
        usable = bool(address) and (address or "").startswith(("/", "@"))
        self.address = address if usable else None
        self.last_error: OSError | None = None
        self._socket: socket.socket | None = None

    @classmethod
    def from_environ(cls, environ: Mapping[str, str] | None = None) -> Notifier:
        """A notifier for ``NOTIFY_SOCKET`` of ``environ`` (default: this process's)."""
        env = os.environ if environ is None else environ
        return cls(env.get("NOTIFY_SOCKET"))

    @property
    def enabled(self) -> bool:
        return self.address is not None

    def send(self, *lines: str) -> bool:
        """Send ``KEY=value`` lines as one datagram; True when it was handed to the socket."""
        if self.address is None:
            return False
        for line in lines:
            if "=" not in line or "\n" in line:
                raise ValueError(f"a notify line is KEY=value on one line, got {line!r}")
        try:
            if self._socket is None:
                self._socket = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC)
            self._socket.sendto("\n".join(lines).encode("utf-8"), socket_address(self.address))
        except OSError as error:
            self.last_error = error
            return False
        self.last_error = None
        return True

    def ready(self, status: str | None = None) -> bool:
        """``READY=1``: start-up is over (send it once the first screen is drawn)."""
        return self.send("READY=1", *([f"STATUS={_one_line(status)}"] if status else []))

    def status(self, text: str) -> bool:
        """``STATUS=...``: the line ``systemctl status kostka`` shows."""
        return self.send(f"STATUS={_one_line(text)}")

    def watchdog(self) -> bool:
        """``WATCHDOG=1``: still alive. Prefer :class:`Watchdog`, which checks health first."""
        return self.send("WATCHDOG=1")

    def stopping(self, status: str | None = None) -> bool:
        """``STOPPING=1``: shutting down on purpose (a restart is not a crash)."""
        return self.send("STOPPING=1", *([f"STATUS={_one_line(status)}"] if status else []))

    def close(self) -> None:
        if self._socket is not None:
            self._socket.close()
            self._socket = None

    def __enter__(self) -> Notifier:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()


def watchdog_period(environ: Mapping[str, str] | None = None, pid: int | None = None) -> float | None:
    """Seconds between pets: half of ``WATCHDOG_USEC``, as sd_watchdog_enabled(3) advises.

    None when systemd asked for no watchdog, or asked another process (``WATCHDOG_PID``).

    >>> watchdog_period({"WATCHDOG_USEC": "20000000"})
    10.0
    >>> watchdog_period({"WATCHDOG_USEC": "20000000", "WATCHDOG_PID": "1"}, pid=2) is None
    True
    """
    env = os.environ if environ is None else environ
    usec = env.get("WATCHDOG_USEC", "")
    if not usec.isdigit() or int(usec) == 0:
        return None
    owner = env.get("WATCHDOG_PID", "")
    if owner and (not owner.isdigit() or int(owner) != (os.getpid() if pid is None else pid)):
        return None
    return int(usec) / 2_000_000


class Watchdog:
    """Pets systemd's watchdog only while the main loop and the camera are both alive.

    The main loop calls :meth:`pet` every time round (after draining its events); the camera
    calls :meth:`camera_answered` each time a capture returns, with a frame *or* with an error:
    a camera that fails cleanly is the game's business (message, retry, dice by hand), a
    camera call that never returns is a hang. ``pet`` sends ``WATCHDOG=1`` when a period has
    passed since the last one and the camera answered within ``camera_stall_s``. A hung loop
    never calls ``pet``, so nothing is sent and systemd restarts the service after
    ``WatchdogSec``. ``seconds_to_next`` tells the loop how long it may block on its queue.

    >>> now = [0.0]
    >>> sent = []
    >>> dog = Watchdog(period=10.0, camera_stall_s=5.0, send=lambda: sent.append(now[0]) or True,
    ...                clock=lambda: now[0])
    >>> for now[0] in (0.0, 4.0, 10.0, 12.0):
    ...     dog.camera_answered()
    ...     _ = dog.pet()
    >>> sent
    [0.0, 10.0]
    >>> now[0] = 30.0; dog.pet(), dog.healthy()    # the camera last answered at 12 s
    (False, False)
    """

    def __init__(
        self,
        period: float | None,
        camera_stall_s: float,
        send: Callable[[], bool],
        clock: Callable[[], float] = time.monotonic,
        on_unhealthy: Callable[[str], object] | None = None,
    ) -> None:
        self.period = period
        self.camera_stall_s = camera_stall_s
        self._send = send
        self._clock = clock
        self._on_unhealthy = on_unhealthy
        self._last_sent: float | None = None
        self._camera_at = clock()
        self._reported = False

    @classmethod
    def for_service(
        cls,
        notifier: Notifier,
        camera_stall_s: float,
        environ: Mapping[str, str] | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> Watchdog:
        """The watchdog systemd asked for (``WATCHDOG_USEC``), petting through ``notifier``;
        a camera stall is reported once as the service's status line."""
        return cls(
            watchdog_period(environ),
            camera_stall_s,
            notifier.watchdog,
            clock,
            on_unhealthy=notifier.status,
        )

    @property
    def enabled(self) -> bool:
        return self.period is not None

    def camera_answered(self) -> None:
        """The camera returned from a capture (frame or error). Safe from any thread."""
        self._camera_at = self._clock()

    def camera_silent_s(self) -> float:
        return self._clock() - self._camera_at

    def healthy(self) -> bool:
        return self.camera_silent_s() <= self.camera_stall_s

    def pet(self) -> bool:
        """Called by the main loop each time round; True when ``WATCHDOG=1`` went out."""
        if self.period is None:
            return False
        if not self.healthy():
            if not self._reported and self._on_unhealthy is not None:
                self._on_unhealthy(f"camera silent for {self.camera_silent_s():.0f} s: waiting for restart")
            self._reported = True
            return False
        self._reported = False
        now = self._clock()
        if self._last_sent is not None and now - self._last_sent < self.period:
            return False
        if not self._send():
            return False
        self._last_sent = now
        return True

    def seconds_to_next(self) -> float | None:
        """How long the loop may wait for events before it must pet again (None: no limit)."""
        if self.period is None:
            return None
        if self._last_sent is None:
            return 0.0
        return max(0.0, self._last_sent + self.period - self._clock())


def _one_line(text: str) -> str:
    return " ".join(text.split())
