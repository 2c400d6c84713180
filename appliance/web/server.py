"""Serving the app with waitress, and stopping it cleanly from a signal or another thread.

waitress answers requests on a pool of threads. A model call holds one of them
for as long as it runs (or streams), so the pool is the model queue's capacity
plus a few spare: /healthz, the page and the views keep answering while every
model place is taken.
"""

from __future__ import annotations

import contextlib
import json
import logging
import threading
from collections.abc import Callable
from typing import Any

from waitress.channel import HTTPChannel
from waitress.server import create_server
from waitress.task import ErrorTask

log = logging.getLogger(__name__)

SPARE_THREADS = 4  # beyond the model queue: the page, views and health stay responsive
WAITRESS_BODY_LIMIT = 1024 * 1024  # backstop only: the app answers 413 past 64 KiB itself


class _JsonErrorTask(ErrorTask):
    """waitress's own errors (a body over its limit, a malformed request line) in Hearth's
    JSON error shape too, instead of its plain-text page."""

    def execute(self) -> None:
        error = self.request.error
        body = json.dumps({"error": {
            "message": f"{error.reason}: {error.body}", "type": "invalid_request_error",
            "param": None, "code": error.code,
        }}).encode()  # fmt: skip
        self.status = f"{error.code} {error.reason}"
        self.response_headers.append(("Content-Type", "application/json"))
        self.set_close_on_finish()
        self.content_length = len(body)
        self.write(body)


class _Channel(HTTPChannel):
    error_task_class = _JsonErrorTask


class WebServer:
    """A waitress server bound at construction (so `port` is known), served until `stop()`."""

    def __init__(self, app: Callable[..., Any], host: str, port: int, model_capacity: int,
                 ) -> None:  # fmt: skip
        self._map: dict[int, Any] = {}
        self._stopping = threading.Event()
        self._server = create_server(
            app,
            map=self._map,
            host=host,
            port=port,
            threads=model_capacity + SPARE_THREADS,
            max_request_body_size=WAITRESS_BODY_LIMIT,
            ident="hearth",
            clear_untrusted_proxy_headers=True,
            channel_timeout=300,  # a streamed answer on a Pi can take minutes
        )
        self._server.channel_class = _Channel  # type: ignore[union-attr]

    @property
    def port(self) -> int:
        return int(self._server.effective_port)  # type: ignore[union-attr]

    def serve(self) -> None:
        """Answer requests until stop() is called (from a signal handler or another thread)."""
        # waitress's own run() only ends on KeyboardInterrupt; this loop also ends on stop().
        loop = self._server.asyncore.loop
        try:
            while not self._stopping.is_set():
                loop(timeout=0.5, map=self._map, count=1)
        finally:
            self._shutdown()

    def stop(self) -> None:
        """Ask serve() to return; safe from a signal handler and from any thread."""
        self._stopping.set()
        # wake the select() at once; a closed trigger means serve() is on its way out
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
