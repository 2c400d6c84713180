"""Wyoming events on the wire, read with bounds: a peer on the LAN never decides our memory use.

An event is one JSON line (`type`, optional `data`, `data_length`, `payload_length`),
then `data_length` bytes of more JSON data, then `payload_length` bytes of payload
(audio). The `wyoming` package's own reader trusts both lengths (a header saying
`"payload_length": 4000000000` makes it wait for four gigabytes), so Hearth reads the
header itself, checks every length against a bound before reading a byte of what
follows, and only then builds the package's `Event`. Writing is the package's.

    event = await read_event(reader)          # None: the peer hung up between events
    event = read_event_from(stream)           # the same, from a blocking file (a socket's)
    write_event_to(event, stream)             # the package's writer, blocking

A broken event raises BadEvent, whose message says what was wrong; the caller answers
with an `error` event and closes, so nothing half-read is ever acted on.
"""

from __future__ import annotations

import asyncio
import io
import json
from typing import Any, Protocol, cast

from wyoming.event import Event, write_event

from appliance.errors import HearthError

MAX_HEADER = 16 * 1024  # the JSON line: a type and a few small fields
MAX_DATA = 64 * 1024  # more JSON: a transcript, a sentence to speak, an info
# One audio chunk: HA sends 1024 samples (2 KB); a second of 48 kHz stereo is 192 KB.
MAX_PAYLOAD = 256 * 1024


class Readable(Protocol):
    def readline(self, size: int = -1, /) -> bytes: ...

    def read(self, size: int = -1, /) -> bytes: ...


class Writable(Protocol):
    def write(self, data: bytes, /) -> int: ...

    def flush(self) -> None: ...


class BadEvent(HearthError):
    """A peer sent something that is not a Wyoming event Hearth will read."""


class Header:
    """The JSON line of one event, checked."""

    def __init__(self, line: bytes) -> None:
        try:
            parsed = json.loads(line)
        except ValueError as exc:
            raise BadEvent(f"an event header is not JSON ({exc})") from exc
        if not isinstance(parsed, dict) or not isinstance(parsed.get("type"), str):
            raise BadEvent("an event header has no type")
        data = parsed.get("data") or {}
        if not isinstance(data, dict):
            raise BadEvent(f"the {parsed['type']} event's data is not an object")
        self.type: str = parsed["type"]
        self.data: dict[str, Any] = data
        self.data_length = _length(parsed, "data_length", MAX_DATA)
        self.payload_length = _length(parsed, "payload_length", MAX_PAYLOAD)

    def event(self, more_data: bytes, payload: bytes) -> Event:
        data = dict(self.data)
        if more_data:
            try:
                extra = json.loads(more_data)
            except ValueError as exc:
                raise BadEvent(f"the {self.type} event's data is not JSON ({exc})") from exc
            if not isinstance(extra, dict):
                raise BadEvent(f"the {self.type} event's data is not an object")
            data.update(extra)
        return Event(type=self.type, data=data, payload=payload or None)


def _length(header: dict[str, Any], key: str, bound: int) -> int:
    value = header.get(key) or 0
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise BadEvent(f"{key} {value!r} is not a length")
    if value > bound:
        raise BadEvent(f"{key} {value} is more than Hearth reads in one event ({bound})")
    return value


async def read_event(reader: asyncio.StreamReader) -> Event | None:
    """The next event; None at a clean end; BadEvent for anything else.

    The reader must be made with `limit=MAX_HEADER` (asyncio.start_server's `limit`), so
    a header line without an end is refused at that size, not buffered without bound."""
    try:
        line = await reader.readuntil(b"\n")
    except asyncio.IncompleteReadError as exc:
        if not exc.partial.strip():
            return None
        raise BadEvent("the peer hung up in the middle of an event header") from exc
    except asyncio.LimitOverrunError as exc:
        raise BadEvent(f"an event header is longer than {MAX_HEADER} bytes") from exc
    if not line.strip():
        return await read_event(reader)  # a blank line between events is harmless
    header = Header(line)
    try:
        more = await reader.readexactly(header.data_length)
        payload = await reader.readexactly(header.payload_length)
    except asyncio.IncompleteReadError as exc:
        raise BadEvent(f"the peer hung up in the middle of a {header.type} event") from exc
    return header.event(more, payload)


def read_event_from(stream: Readable) -> Event | None:
    """The next event from a blocking stream; None at a clean end; BadEvent otherwise."""
    line = stream.readline(MAX_HEADER + 1)
    if not line:
        return None
    if not line.endswith(b"\n"):
        if len(line) > MAX_HEADER:
            raise BadEvent(f"an event header is longer than {MAX_HEADER} bytes")
        raise BadEvent("the peer hung up in the middle of an event header")
    header = Header(line)
    more = _exactly(stream, header.data_length, header.type)
    payload = _exactly(stream, header.payload_length, header.type)
    return header.event(more, payload)


def _exactly(stream: Readable, size: int, kind: str) -> bytes:
    got = b""
    while len(got) < size:
        piece = stream.read(size - len(got))
        if not piece:
            raise BadEvent(f"the peer hung up in the middle of a {kind} event")
        got += piece
    return got


def encode(event: Event) -> bytes:
    """One event as the bytes on the wire (the package's framing)."""
    buffer = io.BytesIO()
    write_event(event, cast(Any, buffer))
    return buffer.getvalue()


def write_event_to(event: Event, stream: Writable) -> None:
    write_event(event, cast(Any, stream))  # the package's writer: write() and flush() only
