"""What every long-running process shares: stopping on SIGTERM or Ctrl-C, and saying so.

Under systemd each service says READY=1 once it can do its job and pings the
watchdog only while its own liveness check passes (appliance/service/systemd.py);
outside systemd all of that is silent.
"""

from __future__ import annotations

import signal
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

Say = Callable[[str], None]


def say(line: str) -> None:
    print(line, flush=True)


@contextmanager
def stop_signals(handler: Callable[[int, Any], None]) -> Iterator[None]:
    """SIGTERM and SIGINT call `handler` inside the block; the handlers before come back after."""
    previous = {s: signal.signal(s, handler) for s in (signal.SIGTERM, signal.SIGINT)}
    try:
        yield
    finally:
        for signum, before in previous.items():
            signal.signal(signum, before)
