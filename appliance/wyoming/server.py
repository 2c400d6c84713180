"""`hearth wyoming`'s listening socket: asyncio on a thread of its own, the peer check at accept.

    server = WyomingServer(services, peers, host, port)
    server.start()            # listening when this returns; server.port is the real port
    server.spawn(coroutine)   # more work on the same loop (the satellites' controller)
    server.healthy()          # describe over loopback answered: for the watchdog and doctor
    server.stop()

Each accepted connection is checked against `Peers` before a byte is read: a refused
peer's socket is closed at once (nothing read, nothing answered, nothing written to
memory), with one journal line naming its address. Allowed ones get a `Session`.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Coroutine
from typing import Any

from appliance.wyoming.peers import Peers
from appliance.wyoming.probe import NoAnswer, describe
from appliance.wyoming.session import Services, Session
from appliance.wyoming.wire import MAX_HEADER

log = logging.getLogger(__name__)

HEALTH_TIMEOUT = 5.0
MAX_CONNECTIONS = 16  # Home Assistant opens one per request; a few satellites stay connected


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
        self._open = 0

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
            log.warning("wyoming: refused %s (not in wyoming_peers)", peer)
            writer.transport.abort()  # no event read, none answered
            return
        if self._open >= MAX_CONNECTIONS:
            log.warning("wyoming: %s turned away: %d connections open", peer, self._open)
            writer.transport.abort()
            return
        self._open += 1
        task = asyncio.current_task()
        if task is not None:
            self._tasks.add(task)
        try:
            await Session(self.services, peer, reader, writer).run()
        finally:
            self._open -= 1
            if task is not None:
                self._tasks.discard(task)

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
            for task in list(self._tasks):
                task.cancel()
            await asyncio.gather(*self._tasks, return_exceptions=True)

        if self._loop.is_running():
            asyncio.run_coroutine_threadsafe(close(), self._loop).result(10)
            self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)
        self._loop.close()
        self._thread = None
