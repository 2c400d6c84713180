"""wpa_supplicant's control interface: the datagram socket `wpa_cli` itself talks to.

One datagram is a command ("SCAN", "STATUS", "SELECT_NETWORK 0") and one comes back. A
socket that sent "ATTACH" also receives events, each prefixed with its level:

    <3>CTRL-EVENT-SSID-TEMP-DISABLED id=0 ssid="Home" auth_failures=1 duration=10 reason=WRONG_KEY

wpa_supplicant answers to the sender's own socket path, so the keeper binds one in its
run folder (never /tmp: under the unit's PrivateTmp= that path would not exist for
wpa_supplicant, which runs outside that namespace). Requests and events use two
sockets, so an event never arrives where a reply is expected.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import socket
import time
from pathlib import Path

REPLY_BYTES = 65536  # SCAN_RESULTS for a busy street fits; wpa_cli uses 4096 per chunk
_names = itertools.count()


class ControlError(OSError):
    """wpa_supplicant is not there, or did not answer."""


class Control:
    """A connection to one interface's wpa_supplicant (/run/wpa_supplicant/wlan0)."""

    def __init__(self, path: Path, local_dir: Path, timeout: float = 5.0) -> None:
        self.path = path
        self._timeout = timeout
        self._local_dir = local_dir
        self._requests = self._open()
        self._events: socket.socket | None = None

    def _open(self) -> socket.socket:
        local = self._local_dir / f"ctrl-{os.getpid()}-{next(_names)}"
        with contextlib.suppress(FileNotFoundError):
            local.unlink()  # left by a keeper that was killed
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC)
        try:
            sock.bind(str(local))
            sock.connect(str(self.path))
        except OSError as exc:
            sock.close()
            with contextlib.suppress(OSError):
                local.unlink()
            raise ControlError(f"no wpa_supplicant at {self.path}: {exc.strerror}") from None
        sock.settimeout(self._timeout)
        return sock

    def request(self, command: str) -> str:
        """Send one command; its reply ("OK", "FAIL", or the text asked for)."""
        try:
            self._requests.send(command.encode("ascii"))
            while True:
                reply = self._requests.recv(REPLY_BYTES).decode("utf-8", errors="replace")
                if not reply.startswith("<"):  # never attached, but stay safe
                    return reply
        except OSError as exc:
            raise ControlError(f"wpa_supplicant did not answer {command.split()[0]}") from exc

    def attach(self) -> None:
        """From now on `events` returns what wpa_supplicant reports."""
        self._events = self._open()
        try:
            self._events.send(b"ATTACH")
            if self._events.recv(REPLY_BYTES).strip() != b"OK":
                raise ControlError("wpa_supplicant refused ATTACH")
        except OSError as exc:
            raise ControlError("wpa_supplicant did not answer ATTACH") from exc

    def events(self, wait: float) -> list[str]:
        """The events that arrived, waiting up to `wait` seconds for the first; their text
        without the <level> prefix."""
        if self._events is None:
            raise ControlError("events before attach()")
        found: list[str] = []
        deadline = time.monotonic() + wait
        while True:
            self._events.settimeout(max(0.0, deadline - time.monotonic()) if not found else 0.0)
            try:
                data = self._events.recv(REPLY_BYTES)
            except (TimeoutError, BlockingIOError):
                return found
            except OSError as exc:
                raise ControlError("wpa_supplicant's events stopped") from exc
            text = data.decode("utf-8", errors="replace")
            found.append(text.split(">", 1)[1] if text.startswith("<") else text)

    def close(self) -> None:
        for sock in (self._requests, self._events):
            if sock is None or sock.fileno() == -1:
                continue
            name = sock.getsockname()
            if sock is self._events:
                with contextlib.suppress(OSError):
                    sock.send(b"DETACH")  # or wpa_supplicant keeps sending to a dead path
            sock.close()
            with contextlib.suppress(OSError):
                Path(name).unlink()

    def __enter__(self) -> Control:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def status_fields(reply: str) -> dict[str, str]:
    """STATUS's key=value lines."""
    fields = {}
    for line in reply.splitlines():
        key, equals, value = line.partition("=")
        if equals:
            fields[key.strip()] = value.strip()
    return fields
