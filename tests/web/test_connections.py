"""Connection bounds: half-open and trickling clients cannot stall the box (server.py).

The latencies under this load are measured in benchmarks/web.py; here the test
asserts only that requests are answered (generous client timeouts) and that the
half-open connections are closed within the bound the server sets.
"""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from appliance.memory import Memory
from appliance.web.server import ConnectionBounds
from tests.web.client import call, sse_events
from tests.web.conftest import Running, start_server, stop_server

HALF_OPEN = 200
HALF_REQUEST = b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "  # never finished
CHAT = {"messages": [{"role": "user", "content": "hi"}]}


def port_of(web: Running) -> int:
    return int(web.url.rsplit(":", 1)[1])


def half_open(port: int, count: int, source: str = "127.0.0.1") -> list[socket.socket]:
    sockets = []
    for _ in range(count):
        sock = socket.create_connection(("127.0.0.1", port), timeout=30, source_address=(source, 0))
        sock.sendall(HALF_REQUEST)
        sockets.append(sock)
    return sockets


@contextlib.contextmanager
def serving(memory: Memory, data_dir: Path, bounds: ConnectionBounds) -> Iterator[Running]:
    """A server on 127.0.0.1 with these bounds, stopped afterwards."""
    web = start_server(memory, data_dir, bounds=bounds)
    try:
        yield web
    finally:
        stop_server(web)


def closed_by_server(sock: socket.socket, deadline: float) -> bool:
    """True once the server has closed it (EOF or reset), waiting at most until deadline."""
    while True:
        sock.settimeout(max(0.01, deadline - time.monotonic()))
        try:
            if sock.recv(4096) == b"":
                return True
        except (ConnectionResetError, BrokenPipeError):
            return True
        except TimeoutError:
            return False


def test_200_half_open_connections_do_not_stall_health_or_chat(web: Running) -> None:
    bounds = web.server.bounds
    opened = time.monotonic()
    stalled = half_open(port_of(web), HALF_OPEN)
    try:
        health = call(f"{web.url}/healthz", timeout=30)
        chat = call(f"{web.url}/v1/chat/completions", "POST", CHAT, web.auth(), timeout=30)
        assert health.status == 200
        assert chat.status == 200 and chat.json["choices"][0]["message"]["content"]
        # Every half-open connection is closed within the request bound (plus a check).
        deadline = opened + bounds.request_seconds + bounds.check_seconds + 3
        still_open = [s for s in stalled if not closed_by_server(s, deadline)]
        assert still_open == [], f"{len(still_open)} half-open connections outlived the bound"
    finally:
        for sock in stalled:
            sock.close()


def test_a_trickling_request_is_closed_however_often_it_sends(
    memory: Memory, data_dir: Path
) -> None:
    """One byte at a time keeps resetting an idle timer; the request bound counts from the
    first byte."""
    bounds = ConnectionBounds(request_seconds=1.5, idle_seconds=5, check_seconds=0.2)
    with serving(memory, data_dir, bounds) as web:
        sock = socket.create_connection(("127.0.0.1", port_of(web)), timeout=10)
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        started = time.monotonic()
        closed = False
        while time.monotonic() - started < 6:
            try:
                sock.sendall(b"X")
            except (BrokenPipeError, ConnectionResetError):
                closed = True
                break
            sock.settimeout(0.3)
            try:
                if sock.recv(4096) == b"":
                    closed = True
                    break
            except TimeoutError:
                pass
        assert closed, "a trickle of bytes kept the connection open"
        assert time.monotonic() - started < bounds.request_seconds + 2
        sock.close()


def test_an_idle_kept_alive_connection_is_closed_and_a_busy_one_is_not(
    memory: Memory, data_dir: Path
) -> None:
    bounds = ConnectionBounds(request_seconds=1, idle_seconds=1, check_seconds=0.2)
    with serving(memory, data_dir, bounds) as web:
        sock = socket.create_connection(("127.0.0.1", port_of(web)), timeout=10)
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        first = sock.recv(65536)
        assert first.startswith(b"HTTP/1.1 200")
        assert closed_by_server(sock, time.monotonic() + 4), "an idle connection stayed open"
        sock.close()


def test_a_stream_stays_open_while_the_model_takes_longer_than_every_bound(
    memory: Memory, data_dir: Path
) -> None:
    bounds = ConnectionBounds(request_seconds=0.5, idle_seconds=0.5, check_seconds=0.1)
    with serving(memory, data_dir, bounds) as web:
        web.chat.pause = threading.Event()
        result: dict[str, object] = {}

        def ask() -> None:
            result["answer"] = call(
                f"{web.url}/v1/chat/completions",
                "POST",
                {**CHAT, "stream": True},
                web.auth(),
                timeout=30,
            )

        asker = threading.Thread(target=ask)
        asker.start()
        time.sleep(2.5)  # five times both bounds, with the stream paused after its first piece
        web.chat.pause.set()
        asker.join(30)
        answer = result["answer"]
        assert answer.status == 200  # type: ignore[attr-defined]
        assert sse_events(answer.body)[-1] == "[DONE]"  # type: ignore[attr-defined]


def test_one_address_cannot_hold_more_than_its_share(memory: Memory, data_dir: Path) -> None:
    bounds = ConnectionBounds(per_client=8, total=64)
    with serving(memory, data_dir, bounds) as web:
        mine = half_open(port_of(web), 12)
        other = half_open(port_of(web), 4, source="127.0.0.2")  # another client on loopback
        soon = time.monotonic() + 2
        closed = [closed_by_server(s, soon) for s in mine]
        assert closed[:4] == [True] * 4, "the oldest beyond the cap are closed at once"
        assert not any(closed_by_server(s, time.monotonic() + 0.2) for s in mine[4:])
        # Positive control: the other address keeps all of its connections.
        assert not any(closed_by_server(s, time.monotonic() + 0.2) for s in other)
        assert web.server.open_connections() == 12
        for sock in mine + other:
            sock.close()


def test_past_the_cap_a_new_connection_is_refused_when_every_other_is_being_answered(
    memory: Memory, data_dir: Path
) -> None:
    """The cap never cuts an answer to make room: the newcomer is closed instead."""
    with serving(memory, data_dir, ConnectionBounds(per_client=1, total=4)) as web:
        web.chat.pause = threading.Event()
        result: dict[str, object] = {}

        def ask() -> None:
            result["answer"] = call(
                f"{web.url}/v1/chat/completions",
                "POST",
                {**CHAT, "stream": True},
                web.auth(),
                timeout=30,
            )

        asker = threading.Thread(target=ask)
        asker.start()
        assert web.chat.at_model.acquire(timeout=10), "the stream never reached the model"
        newcomer = socket.create_connection(("127.0.0.1", port_of(web)), timeout=10)
        newcomer.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        assert closed_by_server(newcomer, time.monotonic() + 3), "the cap let a second one in"
        newcomer.close()
        web.chat.pause.set()
        asker.join(30)
        answer = result["answer"]
        assert answer.status == 200  # type: ignore[attr-defined]
        assert sse_events(answer.body)[-1] == "[DONE]"  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "bad", [dict(request_seconds=0), dict(per_client=0), dict(per_client=10, total=5)]
)
def test_bounds_that_make_no_sense_are_refused(bad: dict) -> None:
    with pytest.raises(ValueError):
        ConnectionBounds(**bad)


class Reopening:
    """A client that keeps `count` half-sent requests open, re-opening each one closed."""

    def __init__(self, port: int, count: int, source: str = "127.0.0.1") -> None:
        self.port, self.count, self.opened, self.source = port, count, 0, source
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _open(self) -> socket.socket:
        sock = socket.create_connection(
            ("127.0.0.1", self.port), timeout=5, source_address=(self.source, 0)
        )
        sock.sendall(HALF_REQUEST)
        sock.setblocking(False)
        self.opened += 1
        return sock

    def _run(self) -> None:
        held = [self._open() for _ in range(self.count)]
        while not self._stop.is_set():
            for index, sock in enumerate(held):
                try:
                    gone = sock.recv(1) == b""
                except BlockingIOError:
                    gone = False
                except OSError:
                    gone = True
                if gone:
                    sock.close()
                    held[index] = self._open()
            time.sleep(0.02)
        for sock in held:
            sock.close()

    def __enter__(self) -> Reopening:
        self._thread.start()
        while self.opened < self.count:
            time.sleep(0.01)
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join(10)


def test_a_client_that_reopens_every_closed_connection_cannot_cut_anothers_answers(
    web: Running,
) -> None:
    """The caps close that client's own oldest connections, never another client's: every
    request below (from 127.0.0.1, the attacker on 127.0.0.2) gets its whole answer.
    (From the attacker's own address a fresh connection can lose that race now and then;
    benchmarks/web.py measures that case.)"""
    with Reopening(port_of(web), HALF_OPEN, source="127.0.0.2") as attack:
        for _ in range(100):
            assert call(f"{web.url}/healthz", timeout=30).status == 200
            chat = call(f"{web.url}/v1/chat/completions", "POST", CHAT, web.auth(), timeout=30)
            assert chat.status == 200 and chat.json["choices"]
        assert attack.opened > HALF_OPEN, "the caps were closing the attacker's connections"
