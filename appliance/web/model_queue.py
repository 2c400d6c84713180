"""The bounded queue in front of the model: one call at a time, a few waiting, the rest refused.

The Pi holds one model and it answers one message at a time. A request is
first *admitted* (a place in the queue, or `QueueFull` at once, so the HTTP
layer can answer 503 with Retry-After before it has promised anything), then
*waits its turn* in arrival order (bounded by `max_wait`, so a stuck model turns
into 503s, never a hang), then holds the model until its `Ticket` is released.
A streaming reply holds its ticket for as long as it streams.
"""

from __future__ import annotations

import math
import threading
import time
from collections import deque

from appliance.errors import HearthError


class QueueFull(HearthError):
    """No room for another model call now; come back after `retry_after` seconds."""

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class ModelQueue:
    """At most one model call running and `depth` waiting, served first come, first served."""

    def __init__(self, depth: int = 2, max_wait: float = 120.0) -> None:
        if depth < 0:
            raise ValueError("queue depth cannot be negative")
        self.capacity = depth + 1  # the one running plus those waiting
        self.max_wait = max_wait
        self._cond = threading.Condition()
        self._admitted = 0
        self._waiting: deque[Ticket] = deque()
        self._running: Ticket | None = None
        self._recent: deque[float] = deque(maxlen=16)  # seconds per recent model call
        self._closed = False

    # -- what the HTTP layer asks -------------------------------------------

    def admit(self) -> Ticket:
        """A place in the queue, or QueueFull straight away (never blocks)."""
        with self._cond:
            if self._closed:
                raise QueueFull("Hearth is shutting down", self._retry_after_locked())
            if self._admitted >= self.capacity:
                raise QueueFull(
                    f"Hearth is busy with {self._admitted} message(s); try again shortly",
                    self._retry_after_locked(),
                )
            self._admitted += 1
            ticket = Ticket(self)
            self._waiting.append(ticket)
            return ticket

    @property
    def admitted(self) -> int:
        with self._cond:
            return self._admitted

    def close(self) -> None:
        """Refuse new admissions (shutdown); tickets already admitted finish."""
        with self._cond:
            self._closed = True

    # -- what a Ticket calls ------------------------------------------------

    def _wait_for_turn(self, ticket: Ticket, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        with self._cond:
            while not (self._running is None and self._waiting and self._waiting[0] is ticket):
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    self._waiting.remove(ticket)
                    self._admitted -= 1
                    ticket._done = True
                    self._cond.notify_all()
                    raise QueueFull(
                        "the model did not become free in time; try again",
                        self._retry_after_locked(),
                    )
                self._cond.wait(remaining)
            self._waiting.popleft()
            self._running = ticket
            ticket._started = time.monotonic()

    def _release(self, ticket: Ticket) -> None:
        with self._cond:
            if ticket._done:
                return
            ticket._done = True
            self._admitted -= 1
            if self._running is ticket:
                self._running = None
                self._recent.append(time.monotonic() - ticket._started)
            else:
                self._waiting.remove(ticket)  # admitted but never ran (client went away)
            self._cond.notify_all()

    def _retry_after_locked(self) -> int:
        """Whole seconds until a place is likely free: recent call time × calls ahead."""
        per_call = sum(self._recent) / len(self._recent) if self._recent else 5.0
        return max(1, min(300, math.ceil(per_call * max(1, self._admitted))))


class Ticket:
    """One admitted model call. `wait_for_turn()`, use the model, then `release()` (idempotent)."""

    def __init__(self, queue: ModelQueue) -> None:
        self._queue = queue
        self._started = 0.0
        self._done = False

    def wait_for_turn(self, timeout: float | None = None) -> None:
        """Block until this ticket holds the model; QueueFull (and released) on timeout."""
        self._queue._wait_for_turn(self, self._queue.max_wait if timeout is None else timeout)

    def release(self) -> None:
        self._queue._release(self)

    def __enter__(self) -> Ticket:
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()
