"""Serving the app with waitress: connection bounds, and stopping cleanly from a signal.

waitress answers requests on a pool of threads. A model call holds one of them
for as long as it runs (or streams), so the pool is the model queue's capacity
plus a few spare: /healthz, the page and the views keep answering while every
model place is taken.

waitress reads requests in its event loop, so a half-sent request holds a
connection but no thread. Stock waitress still lets a few clients stall it: it
stops accepting at 100 open connections, and closes a connection only after
`channel_timeout` without a byte, so one byte every few minutes keeps one open.
`ConnectionBounds` replaces that:

- a request must arrive whole (headers and body) within `request_seconds` of its
  first byte, or of the connection opening; trickling bytes does not extend it;
- a kept-alive connection with nothing arriving or being answered is closed after
  `idle_seconds`;
- a connection that is being answered (a long stream included) is never cut by
  either bound, however long the model takes between pieces;
- one client address holds at most `per_client` connections and everyone together
  `total`: a new connection past either cap closes the oldest one of that client
  (or anyone's) that is not being answered, so a new request always gets in.

This subclasses waitress's HTTPChannel, WSGITask and TcpWSGIServer and overrides
`maintenance`, so pyproject.toml bounds waitress to the versions tested.
"""

from __future__ import annotations

import contextlib
import json
import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from waitress.channel import HTTPChannel
from waitress.server import TcpWSGIServer
from waitress.task import ErrorTask, WSGITask

from appliance.web.hosts import LOCAL_ADDRESS_KEY

log = logging.getLogger(__name__)

SPARE_THREADS = 4  # beyond the model queue: the page, views and health stay responsive
WAITRESS_BODY_LIMIT = 1024 * 1024  # backstop only: the app answers 413 past 64 KiB itself


@dataclass(frozen=True)
class ConnectionBounds:
    request_seconds: float = 10.0  # a whole request (≤ 64 KiB) from its first byte
    idle_seconds: float = 15.0  # a kept-alive connection with nothing to do
    per_client: int = 16  # connections from one address (a browser opens at most 6)
    total: int = 256  # connections from everyone
    check_seconds: float = 1.0  # how often the bounds are applied

    def __post_init__(self) -> None:
        if min(self.request_seconds, self.idle_seconds, self.check_seconds) <= 0:
            raise ValueError("connection time bounds must be positive")
        if not 1 <= self.per_client <= self.total:
            raise ValueError("per_client must be between 1 and total")


class _JsonErrorTask(ErrorTask):
    """waitress's own errors (a body over its limit, a malformed request line) in Hearth's
    JSON error shape too, instead of its plain-text page."""

    def execute(self) -> None:
        error = self.request.error
        body = json.dumps(
            {
                "error": {
                    "message": f"{error.reason}: {error.body}",
                    "type": "invalid_request_error",
                    "param": None,
                    "code": error.code,
                }
            }
        ).encode()
        self.status = f"{error.code} {error.reason}"
        self.response_headers.append(("Content-Type", "application/json"))
        self.set_close_on_finish()
        self.content_length = len(body)
        self.write(body)


class _Task(WSGITask):
    def get_environment(self) -> dict[str, Any]:
        environ = super().get_environment()
        environ[LOCAL_ADDRESS_KEY] = self.channel.local_address  # for the Host check
        return environ


class _Channel(HTTPChannel):
    task_class = _Task
    error_task_class = _JsonErrorTask

    def __init__(self, server: _Server, sock: Any, addr: Any, adj: Any, map: Any = None) -> None:
        try:
            self.local_address = str(sock.getsockname()[0])
        except OSError:
            self.local_address = ""
        super().__init__(server, sock, addr, adj, map)
        self.client = str(addr[0]) if isinstance(addr, tuple) and addr else str(addr)
        # When the request now arriving began: the connection's opening to start with,
        # None between requests (then the idle bound applies).
        self.reading_since: float | None = self.creation_time
        server.make_room(self)

    def received(self, data: bytes) -> bool:
        if self.reading_since is None:
            self.reading_since = time.time()
        result = super().received(data)
        if self.request is None:  # nothing half-read is left
            self.reading_since = None
        return result

    @property
    def answering(self) -> bool:
        """A request is being answered, or its answer is still being sent."""
        return bool(self.requests) or self.total_outbufs_len > 0

    def overdue(self, now: float, bounds: ConnectionBounds) -> str | None:
        if self.answering:
            return None  # a stream may wait minutes for the model between pieces
        if self.reading_since is not None:
            if now - self.reading_since > bounds.request_seconds:
                return "request not received in time"
            return None
        if now - self.last_activity > bounds.idle_seconds:
            return "idle"
        return None


class _Server(TcpWSGIServer):
    channel_class = _Channel

    def __init__(
        self, app: Callable[..., Any], bounds: ConnectionBounds, **adjustments: Any
    ) -> None:
        self.bounds = bounds
        self.evicted = 0
        super().__init__(app, **adjustments)

    def maintenance(self, now: float) -> None:
        """Called by waitress every `cleanup_interval`: apply the time bounds."""
        for channel in list(self.active_channels.values()):
            why = channel.overdue(now, self.bounds) if isinstance(channel, _Channel) else None
            if why is not None and not channel.will_close:
                log.debug("closing a connection from %s: %s", channel.client, why)
                channel.will_close = True

    def make_room(self, new: _Channel) -> None:
        """Keep the connection caps by closing the oldest connections not being answered."""
        others = [
            c for c in self.active_channels.values() if c is not new and isinstance(c, _Channel)
        ]
        mine = [c for c in others if c.client == new.client]
        self._evict(new, mine, len(mine) + 1 - self.bounds.per_client)
        others = [c for c in others if c.connected]
        self._evict(new, others, len(others) + 1 - self.bounds.total)

    def _evict(self, new: _Channel, candidates: list[_Channel], excess: int) -> None:
        if excess <= 0:
            return
        # Half-sent requests go first, oldest first: a connection that has sent nothing
        # yet is most likely a request on its way (the one that caused this eviction).
        idle = sorted(
            (c for c in candidates if not c.answering),
            key=lambda c: (c.request is None, c.last_activity),
        )
        for channel in idle[:excess]:
            self.evicted += 1
            channel.handle_close()
        if len(idle) < excess:  # every other one is being answered: refuse the newcomer
            new.handle_close()


class WebServer:
    """A waitress server bound at construction (so `port` is known), served until `stop()`."""

    def __init__(
        self,
        app: Callable[..., Any],
        host: str,
        port: int,
        model_capacity: int,
        bounds: ConnectionBounds | None = None,
    ) -> None:
        self.bounds = bounds or ConnectionBounds()
        self._map: dict[int, Any] = {}
        self._stopping = threading.Event()
        self._server = _Server(
            app,
            self.bounds,
            map=self._map,
            host=host,
            port=port,
            threads=model_capacity + SPARE_THREADS,
            max_request_body_size=WAITRESS_BODY_LIMIT,
            ident="hearth",
            clear_untrusted_proxy_headers=True,
            # The caps above close old connections instead; waitress must never stop accepting.
            connection_limit=self.bounds.total + 16,
            channel_timeout=self.bounds.idle_seconds,
            cleanup_interval=self.bounds.check_seconds,
        )

    @property
    def port(self) -> int:
        return int(self._server.effective_port)

    @property
    def evicted(self) -> int:
        """Connections closed to keep the caps (the benchmark reports it)."""
        return self._server.evicted

    def open_connections(self) -> int:
        return len(self._server.active_channels)

    def serve(self) -> None:
        """Answer requests until stop() is called (from a signal handler or another thread)."""
        # waitress's own run() only ends on KeyboardInterrupt; this loop also ends on stop().
        loop = self._server.asyncore.loop
        try:
            while not self._stopping.is_set():
                loop(timeout=0.25, map=self._map, use_poll=True, count=1)
        finally:
            self._shutdown()

    def stop(self) -> None:
        """Ask serve() to return; safe from a signal handler and from any thread."""
        self._stopping.set()
        # wake the poll() at once; a closed trigger means serve() is on its way out
        with contextlib.suppress(OSError):
            self._server.pull_trigger()

    def _shutdown(self) -> None:
        # Stop accepting, let the worker threads finish what they hold (a streamed answer
        # is closed by its channel), then close every connection.
        try:
            self._server.task_dispatcher.shutdown(cancel_pending=True, timeout=5)
        finally:
            for channel in list(self._map.values()):
                with contextlib.suppress(OSError):
                    channel.close()
            self._map.clear()
            log.info("web server stopped")
