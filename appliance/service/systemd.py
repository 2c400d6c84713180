"""Talking to systemd: READY, STATUS, STOPPING and watchdog pings over $NOTIFY_SOCKET.

The protocol is one datagram per message to the Unix socket systemd names in
NOTIFY_SOCKET (a path, or an abstract name starting with "@"). It is a few lines,
so Hearth speaks it itself rather than depend on python-systemd (a C extension that
needs libsystemd headers to build in a venv) or an unmaintained wrapper.

The watchdog is the reason this exists: a service that hangs (a deadlocked lock, a
wedged driver) must be restarted by systemd. So pings are not sent by a timer that
would keep ticking while the real work is stuck; each ping first asks the process's
own liveness checks (the brain: does its HTTP server answer /healthz? the panel: has
the board loop come round lately?) and is skipped when any of them says no.
"""

from __future__ import annotations

import logging
import os
import socket
import threading
import time
from collections.abc import Callable, Mapping

log = logging.getLogger(__name__)

LivenessCheck = Callable[[], bool]


class ServiceManager:
    """The notify socket of the unit this process runs as, or nothing outside systemd."""

    def __init__(self, environ: Mapping[str, str] | None = None) -> None:
        env = os.environ if environ is None else environ
        self._address = _socket_address(env.get("NOTIFY_SOCKET", ""))
        self.watchdog_interval = _watchdog_interval(env)

    @property
    def present(self) -> bool:
        return self._address is not None

    def notify(self, *fields: str) -> bool:
        """Send one message (e.g. "READY=1", "STATUS=loading"); False outside systemd."""
        if self._address is None:
            return False
        message = "\n".join(fields).encode("utf-8")
        try:
            with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC) as sock:
                sock.sendto(message, self._address)
        except OSError as exc:
            # systemd gone or restarting: the service itself must keep working.
            log.warning("could not notify systemd (%s): %s", fields[0], exc)
            return False
        return True

    def ready(self, status: str) -> None:
        self.notify("READY=1", f"STATUS={status}")

    def status(self, status: str) -> None:
        self.notify(f"STATUS={status}")

    def stopping(self) -> None:
        self.notify("STOPPING=1", "STATUS=stopping")


# Checks per watchdog interval. At two (a check at half the interval), one slow check
# left the next ping a whole interval after the last, and systemd killed the brain mid-write
# when one /healthz probe took over 10 s under load (image/test, under QEMU's emulator): a
# process is now killed only when its checks fail for a whole interval.
CHECKS_PER_INTERVAL = 6


class Watchdog:
    """Pings systemd's watchdog each time every liveness check passes, checking six times
    in each watchdog interval."""

    def __init__(
        self, manager: ServiceManager, checks: list[LivenessCheck], interval: float | None = None
    ) -> None:
        self._manager = manager
        self._checks = checks
        self._interval = interval if interval is not None else manager.watchdog_interval
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        if not self._interval or not self._manager.present:
            return  # no WatchdogSec= on this unit, or not under systemd
        self._thread = threading.Thread(target=self._run, name="watchdog", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(5)

    def healthy(self) -> bool:
        for check in self._checks:
            try:
                if not check():
                    return False
            except Exception:
                log.exception("a liveness check failed")
                return False
        return True

    def _run(self) -> None:
        assert self._interval  # start() runs this thread only with an interval
        period = max(self._interval / CHECKS_PER_INTERVAL, 0.05)
        missed = 0
        while not self._stop.wait(period):
            if self.healthy():
                self._manager.notify("WATCHDOG=1")
                missed = 0
            else:
                missed += 1
                if missed == 1:  # one line per stall, not one per tick
                    log.error("a liveness check failed: not pinging the watchdog")


class Heartbeat:
    """A main loop calls beat() each time round; fresh() says whether it still turns."""

    def __init__(self, within: float, clock: Callable[[], float] = time.monotonic) -> None:
        self._within = within
        self._clock = clock
        self._last = clock()

    def beat(self) -> None:
        self._last = self._clock()

    def fresh(self) -> bool:
        return self._clock() - self._last <= self._within


def _socket_address(value: str) -> str | None:
    if not value:
        return None
    if value.startswith("@"):
        return "\0" + value[1:]  # Linux abstract namespace
    if value.startswith("/"):
        return value
    log.warning("NOTIFY_SOCKET=%r is neither a path nor an abstract name; ignored", value)
    return None


def _watchdog_interval(env: Mapping[str, str]) -> float | None:
    """WATCHDOG_USEC in seconds, when it is meant for this process (WATCHDOG_PID)."""
    usec = env.get("WATCHDOG_USEC", "")
    pid = env.get("WATCHDOG_PID", "")
    if not usec.isdigit() or int(usec) == 0:
        return None
    if pid and pid.isdigit() and int(pid) != os.getpid():
        return None
    return int(usec) / 1_000_000
