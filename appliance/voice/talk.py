"""The Talk channel: presses and releases of Talk, from the panel to the voice service.

The panel service owns the buttons; the voice service owns the microphone. Between
them is one Unix datagram socket, `<runtime_dir>/talk.sock` (/run/hearth on the Pi,
a 0700 folder of the `hearth` user, so no other user can press Talk). Datagrams
suit a button: each press is one whole message, nothing is connected, so either
side may restart at any moment:

- the voice service binds the socket when it starts (removing one a dead process
  left behind) and removes it when it stops;
- the panel sends each press to the path afresh: a voice service that restarted is
  reached at the next press; one that is down makes `send` return False, and the
  board answers "ignored" at once (the LED's three blinks) instead of waiting.

A message is `hearth-talk press|release|hush <sequence> <monotonic time>`. A press that
waited in the socket longer than STALE_SECONDS (the voice service was busy
answering) is dropped with its release: nobody wants to be recorded late.

Barge-in: while the voice service speaks a reply it keeps `<runtime_dir>/speaking`
fresh (`SpeakingMark`). A press of any other button then sends `hush` and does
nothing else (a person reaching for the nearest button to stop the voice must not
discard a proposal by it); a press of Talk stops the voice and starts listening.
"""

from __future__ import annotations

import contextlib
import enum
import logging
import os
import socket
import time
from dataclasses import dataclass
from pathlib import Path

from appliance.config import Settings
from appliance.files import ensure_private_dir

log = logging.getLogger(__name__)

SOCKET_NAME = "talk.sock"
MAGIC = "hearth-talk"
STALE_SECONDS = 2.0


class Talk(enum.Enum):
    PRESS = "press"
    RELEASE = "release"
    HUSH = "hush"  # stop speaking (another button pressed while the voice speaks)


SPEAKING_NAME = "speaking"
SPEAKING_STALE = 3.0  # a mark not refreshed for this long is a voice service that died


class SpeakingMark:
    """`<runtime_dir>/speaking`: the voice service is saying a reply now.

    The voice service refreshes it while its speaker is busy and removes it when done;
    the panel reads it at a press. A crash leaves the file behind, so only a fresh
    mark counts: a dead voice service never makes the buttons do nothing.
    """

    def __init__(self, path: Path) -> None:
        self.path = path

    @classmethod
    def of(cls, settings: Settings) -> SpeakingMark:
        return cls(settings.runtime_path / SPEAKING_NAME)

    def refresh(self) -> None:
        try:
            self.path.touch(mode=0o600)  # an existing file: its time set to now
        except OSError as exc:
            log.warning("cannot mark speaking at %s: %s", self.path, exc.strerror)

    def clear(self) -> None:
        with contextlib.suppress(OSError):
            self.path.unlink()

    def on(self, now: float | None = None) -> bool:
        try:
            changed = self.path.stat().st_mtime
        except OSError:
            return False
        return (time.time() if now is None else now) - changed <= SPEAKING_STALE


@dataclass(frozen=True)
class TalkEvent:
    kind: Talk
    sequence: int
    sent_at: float  # time.monotonic() of the sender: one clock for every process on the box

    def to_bytes(self) -> bytes:
        return f"{MAGIC} {self.kind.value} {self.sequence} {self.sent_at:.6f}".encode()

    @classmethod
    def from_bytes(cls, data: bytes) -> TalkEvent | None:
        try:
            magic, kind, sequence, sent_at = data.decode("ascii").split()
            if magic != MAGIC:
                return None
            return cls(Talk(kind), int(sequence), float(sent_at))
        except (UnicodeDecodeError, ValueError):
            return None


def talk_socket(settings: Settings) -> Path:
    return settings.runtime_path / SOCKET_NAME


class TalkSender:
    """The panel's end: one datagram per press or release, never waiting for an answer."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._sequence = 0

    def send(self, kind: Talk) -> bool:
        """True if a voice service received it; False if none is listening (logged)."""
        if kind is Talk.PRESS:
            self._sequence += 1
        event = TalkEvent(kind, self._sequence, time.monotonic())
        try:
            with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC) as sock:
                sock.setblocking(False)  # a full queue is "not listening", never a stall
                sock.sendto(event.to_bytes(), str(self.path))
        except OSError as exc:  # ENOENT, ECONNREFUSED: no voice service; EAGAIN: swamped
            log.warning("Talk %s not delivered to %s: %s", kind.value, self.path, exc.strerror)
            return False
        return True


class TalkListener:
    """The voice service's end: binds the socket and reads events with a bounded wait."""

    def __init__(self, path: Path) -> None:
        self.path = path
        ensure_private_dir(path.parent)
        with contextlib.suppress(FileNotFoundError):
            path.unlink()  # left by a voice service that died: nobody reads it any more
        self._sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC)
        old = os.umask(0o077)  # the socket file itself is the user's only
        try:
            self._sock.bind(str(path))
        finally:
            os.umask(old)
        self._inode = path.stat().st_ino  # close() removes this socket, never a successor's
        self._dropped: set[int] = set()

    def receive(self, timeout: float) -> TalkEvent | None:
        """The next fresh event within `timeout` seconds (0: only one already waiting), or None."""
        deadline = time.monotonic() + timeout
        while True:
            self._sock.settimeout(max(0.0, deadline - time.monotonic()))
            try:
                data = self._sock.recv(256)
            except (TimeoutError, BlockingIOError):
                return None
            event = TalkEvent.from_bytes(data)
            if event is None:
                log.warning("ignored a message on the Talk socket that is not a Talk event")
                continue
            waited = time.monotonic() - event.sent_at
            if event.kind is Talk.HUSH and waited > STALE_SECONDS:
                continue  # whatever it meant to stop has long finished
            if event.kind is Talk.PRESS and waited > STALE_SECONDS:
                log.info("dropped a Talk press that waited %.1f s", waited)
                self._dropped.add(event.sequence)
                continue
            if event.kind is Talk.RELEASE and event.sequence in self._dropped:
                self._dropped.discard(event.sequence)
                continue
            return event

    def close(self) -> None:
        self._sock.close()
        with contextlib.suppress(FileNotFoundError):
            if self.path.stat().st_ino == self._inode:
                self.path.unlink()
