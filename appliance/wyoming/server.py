"""`hearth wyoming`'s listening socket: asyncio on a thread of its own, the peer check at accept.

    server = WyomingServer(services, peers, host, port)
    server.start()            # listening when this returns; server.port is the real port
    server.spawn(coroutine)   # more work on the same loop (the satellites' controller)
    server.healthy()          # describe over loopback answered: for the watchdog and doctor
    server.stop()

Each accepted connection is checked against `Peers` before a byte is read: a refused
peer's socket is closed at once (nothing read, nothing answered, nothing written to
memory), with one journal line naming its address, at most one a minute per address
(RefusalLog: a flood of connections does not flood the journal). Allowed ones get a
`Session`. LAN peers share MAX_CONNECTIONS; loopback has LOOPBACK_CONNECTIONS of its
own, so the service's own health check gets in while the LAN's slots are all taken.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import threading
import time
from collections.abc import Callable, Coroutine
from typing import Any

from appliance.wyoming.peers import Peers
from appliance.wyoming.probe import NoAnswer, describe
from appliance.wyoming.session import Services, Session
from appliance.wyoming.wire import MAX_HEADER

log = logging.getLogger(__name__)

HEALTH_TIMEOUT = 5.0
MAX_CONNECTIONS = 16  # LAN peers: Home Assistant opens one per request
LOOPBACK_CONNECTIONS = 8  # this machine's own: the health check, doctor, benchmarks
REFUSAL_LOG_SECONDS = 60.0  # one journal line per refused address per minute at most
REFUSAL_LOG_ADDRESSES = 4096  # addresses remembered for that; the oldest is forgotten


class RefusalLog:
    """One line per address per REFUSAL_LOG_SECONDS; the next line counts the ones not logged."""

    def __init__(self, now: Callable[[], float] = time.monotonic) -> None:
        self._now = now
        self._seen: dict[str, tuple[float, int]] = {}  # address -> (last line, not logged)

    def line(self, address: str, why: str) -> str | None:
        """The line to log for this refusal, or None when one was logged recently."""
        now = self._now()
        last, quiet = self._seen.pop(address, (None, 0))
        if last is not None and now - last < REFUSAL_LOG_SECONDS:
            self._seen[address] = (last, quiet + 1)
            return None
        self._seen[address] = (now, 0)
        while len(self._seen) > REFUSAL_LOG_ADDRESSES:
            del self._seen[next(iter(self._seen))]
        more = f"; {quiet} more since the last line, not logged" if quiet else ""
        return f"wyoming: refused {address} ({why}){more}"


class WyomingServer:
    def __init__(self, services: Services, peers: Peers, host: str, port: int) -> None:
        self.services = services
        self.peers = peers
        self.host = host
        self.port = port
        self.refused = 0  # connections closed by the peer check (doctor shows it)
        self._loop = asyncio.new_event_loop()
        self._server: asyncio.Server | None = None
        self._thread: threading.Thread | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self._open = {False: 0, True: 0}  # by whether the peer is loopback
        self._refusals = RefusalLog()

    def start(self) -> None:
        started = threading.Event()
        failure: list[BaseException] = []

        def run() -> None:
            asyncio.set_event_loop(self._loop)
            try:
                self._server = self._loop.run_until_complete(
                    asyncio.start_server(self._accept, self.host, self.port, limit=MAX_HEADER)
                )
            except BaseException as exc:  # a port in use: said by start(), in the caller's thread
                failure.append(exc)
                started.set()
                return
            self.port = self._server.sockets[0].getsockname()[1]
            started.set()
            self._loop.run_forever()

        self._thread = threading.Thread(target=run, name="wyoming", daemon=True)
        self._thread.start()
        started.wait()
        if failure:
            raise failure[0]
        log.info("wyoming: listening on %s:%d for %s", self.host, self.port, self.peers.describe())

    def spawn(self, work: Coroutine[Any, Any, Any]) -> None:
        """Run `work` on the server's loop until stop()."""

        def create() -> None:
            task = self._loop.create_task(work)
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

        self._loop.call_soon_threadsafe(create)

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        peer = str((writer.get_extra_info("peername") or ("?",))[0])
        if not self.peers.allows(peer):
            self.refused += 1
            self._log_refusal(peer, "not in wyoming_peers")
            writer.transport.abort()  # no event read, none answered
            return
        local = _loopback(peer)
        cap = LOOPBACK_CONNECTIONS if local else MAX_CONNECTIONS
        if self._open[local] >= cap:
            self._log_refusal(peer, f"{self._open[local]} connections open")
            writer.transport.abort()
            return
        self._open[local] += 1
        task = asyncio.current_task()
        if task is not None:
            self._tasks.add(task)
        try:
            await Session(self.services, peer, reader, writer, limited=not local).run()
        finally:
            self._open[local] -= 1
            if task is not None:
                self._tasks.discard(task)

    def _log_refusal(self, peer: str, why: str) -> None:
        if (line := self._refusals.line(peer, why)) is not None:
            log.warning("%s", line)

    def healthy(self) -> bool:
        """True when `describe` over loopback is answered with info: the loop turns."""
        try:
            describe("127.0.0.1", self.port, HEALTH_TIMEOUT)
        except NoAnswer as exc:
            log.warning("wyoming: own describe not answered: %s", exc)
            return False
        return True

    def stop(self) -> None:
        if self._thread is None:
            return

        async def close() -> None:
            if self._server is not None:
                self._server.close()
            # Cancelled again until done: asyncio.wait_for (a session's idle read) can
            # swallow a cancel that lands as its read completes, and that session then
            # read on for its idle time, past stop's 10 s (a test failed 3 runs in 10).
            for _ in range(100):
                pending = [task for task in self._tasks if not task.done()]
                if not pending:
                    return
                for task in pending:
                    task.cancel()
                await asyncio.wait(pending, timeout=0.05)

        if self._loop.is_running():
            asyncio.run_coroutine_threadsafe(close(), self._loop).result(10)
            self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)
        self._loop.close()
        self._thread = None


def _loopback(address: str) -> bool:
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip.is_loopback
