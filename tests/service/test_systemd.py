"""The notify protocol against a real datagram socket, as systemd listens for it."""

from __future__ import annotations

import itertools
import os
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from appliance.service.systemd import Heartbeat, ServiceManager, Watchdog


@pytest.fixture
def notify_socket(tmp_path: Path) -> Iterator[tuple[socket.socket, str]]:
    path = tmp_path / "notify"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(str(path))
    sock.settimeout(5)
    yield sock, str(path)
    sock.close()


def _received(sock: socket.socket, seconds: float) -> list[str]:
    """Every message that arrives within `seconds`."""
    messages: list[str] = []
    deadline = time.monotonic() + seconds
    while (left := deadline - time.monotonic()) > 0:
        sock.settimeout(left)
        try:
            messages.append(sock.recv(4096).decode())
        except TimeoutError:
            break
    return messages


def test_ready_reaches_the_socket(notify_socket: tuple[socket.socket, str]) -> None:
    sock, path = notify_socket
    manager = ServiceManager({"NOTIFY_SOCKET": path})
    manager.ready("model loaded")
    assert sock.recv(4096).decode() == "READY=1\nSTATUS=model loaded"


def test_abstract_socket_names_are_understood() -> None:
    name = f"hearth-test-{os.getpid()}"
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.bind("\0" + name)
        sock.settimeout(5)
        ServiceManager({"NOTIFY_SOCKET": "@" + name}).stopping()
        assert sock.recv(4096).decode() == "STOPPING=1\nSTATUS=stopping"


def test_outside_systemd_nothing_is_sent_and_nothing_fails() -> None:
    manager = ServiceManager({})
    assert not manager.present
    assert manager.notify("READY=1") is False


def test_a_vanished_socket_is_logged_not_raised(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    manager = ServiceManager({"NOTIFY_SOCKET": str(tmp_path / "gone")})
    assert manager.notify("READY=1") is False
    assert "could not notify systemd" in caplog.text


def test_watchdog_interval_is_read_only_for_this_process() -> None:
    mine = {"WATCHDOG_USEC": "4000000", "WATCHDOG_PID": str(os.getpid())}
    assert ServiceManager(mine).watchdog_interval == 4.0
    assert ServiceManager({**mine, "WATCHDOG_PID": "1"}).watchdog_interval is None
    assert ServiceManager({"WATCHDOG_USEC": "0"}).watchdog_interval is None


def test_watchdog_pings_while_the_main_loop_turns(notify_socket: tuple[socket.socket, str]) -> None:
    sock, path = notify_socket
    manager = ServiceManager({"NOTIFY_SOCKET": path})
    beat = Heartbeat(within=0.5)
    stop = threading.Event()

    def main_loop() -> None:
        while not stop.wait(0.05):
            beat.beat()

    loop = threading.Thread(target=main_loop, daemon=True)
    loop.start()
    watchdog = Watchdog(manager, [beat.fresh], interval=0.2)
    watchdog.start()
    try:
        pings = _received(sock, 1.0)
    finally:
        stop.set()
        watchdog.stop()
    assert pings.count("WATCHDOG=1") >= 4  # every 0.1 s for a second, with slack


def test_a_hung_main_loop_stops_the_pings(
    notify_socket: tuple[socket.socket, str], caplog: pytest.LogCaptureFixture
) -> None:
    sock, path = notify_socket
    manager = ServiceManager({"NOTIFY_SOCKET": path})
    beat = Heartbeat(within=0.3)
    watchdog = Watchdog(manager, [beat.fresh], interval=0.1)
    watchdog.start()
    try:
        before = _received(sock, 0.2)  # still fresh: pings
        time.sleep(0.4)  # the loop never beats again: it hung
        _received(sock, 0.05)  # drain anything sent just before it went stale
        after = _received(sock, 0.6)
    finally:
        watchdog.stop()
    assert "WATCHDOG=1" in before
    assert after == []
    assert caplog.text.count("not pinging the watchdog") == 1  # one line per stall, not per tick


def test_a_check_that_raises_counts_as_unhealthy() -> None:
    def broken() -> bool:
        raise RuntimeError("wedged")

    assert Watchdog(ServiceManager({}), [lambda: True, broken], interval=1).healthy() is False
    assert Watchdog(ServiceManager({}), [lambda: True], interval=1).healthy() is True


def test_heartbeat_goes_stale_on_its_clock() -> None:
    now = [100.0]
    beat = Heartbeat(within=10, clock=lambda: now[0])
    now[0] += 9
    assert beat.fresh()
    now[0] += 2
    assert not beat.fresh()
    beat.beat()
    assert beat.fresh()


def test_one_slow_check_does_not_let_the_watchdog_expire(
    notify_socket: tuple[socket.socket, str],
) -> None:
    """A liveness check that fails once (one slow /healthz under load) must not leave a gap
    between pings as long as the watchdog's interval: only a whole interval of failed checks
    is a hang. At a check per half interval, the gap after one failure was the interval."""
    sock, path = notify_socket
    manager = ServiceManager({"NOTIFY_SOCKET": path})
    interval = 0.6
    results = iter([True, True, False])  # then healthy again

    def check() -> bool:
        return next(results, True)

    watchdog = Watchdog(manager, [check], interval=interval)
    started = time.monotonic()
    watchdog.start()
    pings: list[float] = []
    try:
        sock.settimeout(0.05)
        while time.monotonic() - started < 2.0:
            try:
                if b"WATCHDOG=1" in sock.recv(4096):
                    pings.append(time.monotonic())
            except TimeoutError:
                pass
    finally:
        watchdog.stop()
    gaps = [b - a for a, b in itertools.pairwise(pings)]
    assert len(pings) >= 4
    assert max(gaps) < interval * 0.8  # systemd would have waited the whole interval
