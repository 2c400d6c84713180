"""Bad input from a peer: a clear `error` event, the connection closed, nothing acted on, and
the server still answers the next peer. Sizes are bounded before anything is read."""

from __future__ import annotations

import io
import json
import socket

import pytest
from wyoming.asr import Transcribe
from wyoming.audio import AudioChunk, AudioStart
from wyoming.event import Event
from wyoming.info import Describe

from appliance.household import HouseholdStore
from appliance.wyoming.wire import (
    MAX_HEADER,
    MAX_PAYLOAD,
    BadEvent,
    encode,
    read_event_from,
)
from tests.wyoming.conftest import Kitchen, exchange


def _send_raw(port: int, raw: bytes, *, close_after: bool = False) -> list[Event]:
    """Raw bytes to the server; the events it answered until it closed."""
    with socket.create_connection(("127.0.0.1", port), 5) as sock:
        sock.settimeout(30)
        sock.sendall(raw)
        if close_after:
            return []
        stream = sock.makefile("rb")
        events = []
        while (event := read_event_from(stream)) is not None:
            events.append(event)
        return events


def _still_answers(home: Kitchen) -> None:
    assert exchange(home.port, [Describe().event()], "info")


def _nothing_written(home: Kitchen, proposals: set[str]) -> None:
    with HouseholdStore.open(home.settings.data_dir) as store:
        assert not [t for t in store.timers() if t.name.startswith("stew")]
    assert {p.id for p in home.memory.proposals()} == proposals


def test_a_huge_payload_length_is_refused_before_a_byte_of_it_is_read(home) -> None:
    proposals = {p.id for p in home.memory.proposals()}
    header = {
        "type": "transcript",
        "data": {"text": "Set a stew timer for 9 minutes."},
        "payload_length": 4_000_000_000,
    }
    [error] = _send_raw(home.port, json.dumps(header).encode() + b"\n" + b"x" * 100)
    assert error.type == "error" and "payload_length 4000000000" in error.data["text"]
    _nothing_written(home, proposals)
    _still_answers(home)


def test_malformed_json_gets_an_error_and_is_not_acted_on(home) -> None:
    [error] = _send_raw(home.port, b'{"type": "transcript", "data": {"text": "Set a stew\n')
    assert error.type == "error" and "not JSON" in error.data["text"]
    _still_answers(home)


def test_a_header_with_no_end_is_refused_at_the_bound(home) -> None:
    [error] = _send_raw(home.port, b'{"type": "' + b"a" * (MAX_HEADER * 4))
    assert error.type == "error" and "longer than" in error.data["text"]
    _still_answers(home)


def test_an_event_missing_a_field_it_needs_gets_an_error(home) -> None:
    chunk = Event(type="audio-chunk", data={"width": 2}, payload=b"\0\0" * 100)
    events = _send_raw(home.port, encode(Transcribe().event()) + encode(chunk))
    assert [e.type for e in events] == ["error"] and "audio-chunk" in events[0].data["text"]
    _still_answers(home)


def test_a_client_that_hangs_up_mid_audio_costs_nothing(home) -> None:
    proposals = {p.id for p in home.memory.proposals()}
    start = AudioStart(rate=16000, width=2, channels=1).event()
    chunk = AudioChunk(rate=16000, width=2, channels=1, audio=b"\1\0" * 1024).event()
    half = encode(chunk)[:-500]  # the connection ends inside a chunk's payload
    _send_raw(
        home.port,
        encode(Transcribe().event()) + encode(start) + encode(chunk) + half,
        close_after=True,
    )
    _still_answers(home)
    _nothing_written(home, proposals)


def test_events_round_trip_and_every_length_is_checked() -> None:
    chunk = AudioChunk(rate=16000, width=2, channels=1, audio=b"\1\2\3\4").event()
    stream = io.BytesIO(encode(chunk) + encode(Describe().event()))
    got = read_event_from(stream)
    assert got is not None and got.type == "audio-chunk" and got.payload == b"\1\2\3\4"
    assert got.data["rate"] == 16000
    assert read_event_from(stream).type == "describe"  # type: ignore[union-attr]
    assert read_event_from(stream) is None
    for bad in (
        {"type": "x", "payload_length": MAX_PAYLOAD + 1},
        {"type": "x", "data_length": -1},
        {"type": "x", "data_length": "12"},
        {"data": {}},
        {"type": "x", "data": [1]},
    ):
        with pytest.raises(BadEvent):
            read_event_from(io.BytesIO(json.dumps(bad).encode() + b"\n"))
    with pytest.raises(BadEvent, match="hung up"):
        read_event_from(io.BytesIO(b'{"type": "x", "payload_length": 10}\nabc'))
