"""Wyoming events on the wire, read with bounds: a peer on the LAN never decides our memory use.

An event is one JSON line (`type`, optional `data`, `data_length`, `payload_length`),
then `data_length` bytes of more JSON data, then `payload_length` bytes of payload
(audio). The `wyoming` package's own reader trusts both lengths (a header saying
`"payload_length": 4000000000` makes it wait for four gigabytes), so Hearth reads the
header itself, checks every length against a bound before reading a byte of what
follows, and only then builds the package's `Event`. Writing is the package's.

    event = await read_event(reader)          # None: the peer hung up between events
    event = await read_event(reader, idle=60, whole=10)   # Idle / BadEvent when too slow
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
MAX_BLANK_LINES = 16  # blank lines between two events; more is not a Wyoming peer
MAX_DEPTH = 32  # nesting of JSON objects and lists in a header or its data


class Readable(Protocol):
    def readline(self, size: int = -1, /) -> bytes: ...

    def read(self, size: int = -1, /) -> bytes: ...


class Writable(Protocol):
    def write(self, data: bytes, /) -> int: ...

    def flush(self) -> None: ...


class BadEvent(HearthError):
    """A peer sent something that is not a Wyoming event Hearth will read."""


class Idle(Exception):
    """No event began within the idle time: the connection has nothing to do."""


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def _parse(raw: bytes, what: str) -> Any:
    """JSON, refused (BadEvent) when broken, nested past MAX_DEPTH, or holding NaN/Infinity."""
    try:
        parsed = json.loads(raw, parse_constant=_no_constant)
    except RecursionError as exc:
        raise BadEvent(f"{what} is nested too deeply") from exc
    except ValueError as exc:  # JSONDecodeError, a bad constant, undecodable bytes
        raise BadEvent(f"{what} is not JSON ({exc})") from exc
    if _depth(parsed) > MAX_DEPTH:
        raise BadEvent(f"{what} is nested more than {MAX_DEPTH} deep")
    return parsed


def _depth(value: Any) -> int:
    """How deeply lists and objects nest in `value`, counted without recursion."""
    deepest = 0
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            item = list(item.values())
        if isinstance(item, list):
            deepest = max(deepest, depth)
            if depth <= MAX_DEPTH:
                stack.extend((child, depth + 1) for child in item)
    return deepest


class Header:
    """The JSON line of one event, checked."""

    def __init__(self, line: bytes) -> None:
        parsed = _parse(line, "an event header")
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
            extra = _parse(more_data, f"the {self.type} event's data")
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


async def read_event(
    reader: asyncio.StreamReader, idle: float | None = None, whole: float | None = None
) -> Event | None:
    """The next event; None at a clean end; BadEvent for anything else.

    `idle`: seconds to wait for an event's first byte (Idle past it; None: for ever).
    `whole`: seconds from an event's first byte until all of it has arrived (BadEvent
    past it; None: no limit). A peer that sends `{"type":` and stops holds a connection
    only that long. Blank lines between events are skipped, at most MAX_BLANK_LINES.

    The reader must be made with `limit=MAX_HEADER` (asyncio.start_server's `limit`), so
    a header line without an end is refused at that size, not buffered without bound."""
    for _ in range(MAX_BLANK_LINES + 1):
        try:
            first = await asyncio.wait_for(reader.read(1), idle)
        except TimeoutError as exc:
            raise Idle(f"no event in {idle:.0f} s") from exc
        if not first:
            return None
        try:
            async with asyncio.timeout(whole):
                event = await _rest_of_event(reader, first)
        except TimeoutError as exc:
            raise BadEvent(f"an event did not arrive whole within {whole:.0f} s") from exc
        if event is not None:
            return event
    raise BadEvent(f"more than {MAX_BLANK_LINES} blank lines between events")


async def _rest_of_event(reader: asyncio.StreamReader, first: bytes) -> Event | None:
    """The event whose first byte was `first`; None for a blank line."""
    line = first
    if first != b"\n":
        try:
            line += await reader.readuntil(b"\n")
        except asyncio.IncompleteReadError as exc:
            if not (first + exc.partial).strip():
                return None  # whitespace, then the end: read_event sees the end next
            raise BadEvent("the peer hung up in the middle of an event header") from exc
        except asyncio.LimitOverrunError as exc:
            raise BadEvent(f"an event header is longer than {MAX_HEADER} bytes") from exc
    if not line.strip():
        return None  # a blank line between events is harmless
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
