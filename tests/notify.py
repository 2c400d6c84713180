"""The listening end of systemd's notify protocol, for the tests of every service's unit."""

from __future__ import annotations

import socket
import threading
import time
from pathlib import Path

from appliance.service.systemd import ServiceManager


class Systemd:
    """The listening end of NOTIFY_SOCKET: every message a service sends, in order."""

    def __init__(self, path: Path) -> None:
        self.path = str(path)
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.sock.bind(self.path)
        self.messages: list[str] = []
        self._stop = threading.Event()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        self.sock.settimeout(0.1)
        while not self._stop.is_set():
            try:
                self.messages.append(self.sock.recv(4096).decode())
            except TimeoutError:
                continue

    def manager(self, watchdog_seconds: float = 0.4) -> ServiceManager:
        return ServiceManager(
            {"NOTIFY_SOCKET": self.path, "WATCHDOG_USEC": str(int(watchdog_seconds * 1e6))}
        )

    def wait_for(self, prefix: str, timeout: float = 30) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for message in list(self.messages):
                if message.startswith(prefix):
                    return message
            time.sleep(0.02)
        raise AssertionError(f"no {prefix!r} in {self.messages}")

    def close(self) -> None:
        self._stop.set()
        self._reader.join(2)
        self.sock.close()
