"""Bad input from a peer: a clear `error` event, the connection closed, nothing acted on, and
the server still answers the next peer. Sizes are bounded before anything is read."""

from __future__ import annotations

import io
import json
import socket
import time

import pytest
from wyoming.asr import Transcribe
from wyoming.audio import AudioChunk, AudioStart
from wyoming.event import Event
from wyoming.info import Describe

from appliance.household import HouseholdStore
from appliance.wyoming import session
from appliance.wyoming.ears import BadAudio, Recording
from appliance.wyoming.peers import Peers
from appliance.wyoming.server import MAX_CONNECTIONS
from appliance.wyoming.wire import (
    MAX_HEADER,
    MAX_PAYLOAD,
    BadEvent,
    encode,
    read_event_from,
)
from tests.wyoming.conftest import Kitchen, exchange, replace
from tests.wyoming.test_peers import _lan_ip


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


# -- audio formats: checked, and bounded at the claimed rate before converting ------------

_BAD_FORMATS = [
    (1, 1, 1),  # the review's 4 GB chunk
    (0, 2, 1),
    (-16000, 2, 1),
    (2**62, 2, 1),
    (16000, 0, 1),
    (16000, 3, 1),
    (16000, 5, 1),
    (16000, 2, 0),
    (16000, 2, -1),
    (16000, 2, 4097),
]


@pytest.mark.parametrize("rate, width, channels", _BAD_FORMATS)
def test_audio_in_a_format_hearth_does_not_convert_gets_an_error(
    home, rate: int, width: int, channels: int
) -> None:
    chunk = Event(
        type="audio-chunk",
        data={"rate": rate, "width": width, "channels": channels},
        payload=b"\1" * 65536,
    )
    started = time.monotonic()
    events = _send_raw(home.port, encode(Transcribe().event()) + encode(chunk))
    assert [e.type for e in events] == ["error"], events
    assert events[0].data["code"] == "bad-audio" and "audio" in events[0].data["text"]
    assert time.monotonic() - started < 5
    _still_answers(home)


def test_an_audio_start_in_a_bad_format_gets_an_error(home) -> None:
    start = Event(type="audio-start", data={"rate": 1, "width": 2, "channels": 1})
    events = _send_raw(home.port, encode(Transcribe().event()) + encode(start))
    assert [e.type for e in events] == ["error"] and "rate 1" in events[0].data["text"]


def test_positive_control_the_same_chunk_at_16_khz_is_heard(home) -> None:
    chunk = AudioChunk(rate=16000, width=2, channels=1, audio=b"\0" * 65536).event()
    stop = Event(type="audio-stop")
    [transcript] = exchange(home.port, [Transcribe().event(), chunk, stop], "transcript")
    assert transcript.data["text"] == ""  # silence: nothing heard, and no error


@pytest.mark.parametrize("rate, width, channels", _BAD_FORMATS)
def test_a_recording_refuses_a_format_it_does_not_convert(
    rate: int, width: int, channels: int
) -> None:
    with pytest.raises(BadAudio):
        Recording(15).add(AudioChunk(rate, width, channels, b"\1" * 64))


@pytest.mark.parametrize(
    "rate, width, channels", [(8000, 1, 1), (8000, 1, 2), (16000, 2, 1), (48000, 4, 2)]
)
def test_a_recording_is_cut_at_its_claimed_duration_before_conversion(
    rate: int, width: int, channels: int
) -> None:
    recording = Recording(2)
    second = b"\1" * (rate * width * channels)
    started = time.monotonic()
    for _ in range(5):
        recording.add(AudioChunk(rate, width, channels, second))
    assert time.monotonic() - started < 1
    assert recording.cut and 1.95 <= recording.seconds <= 2.0  # 16 kHz mono: 2 s and no more
    assert recording.size == len(recording.audio) <= 2 * 16000 * 2


def test_a_recording_refuses_a_change_of_format_or_a_part_frame() -> None:
    recording = Recording(15)
    recording.add(AudioChunk(16000, 2, 1, b"\0" * 640))
    with pytest.raises(BadAudio, match="changed"):
        recording.add(AudioChunk(44100, 2, 1, b"\0" * 640))
    with pytest.raises(BadAudio, match="frames"):
        Recording(15).add(AudioChunk(16000, 2, 2, b"\0" * 6))


# -- slow and silent peers: a timeout per event and per idle connection --------------------


@pytest.fixture
def quick(monkeypatch) -> None:
    monkeypatch.setattr(session, "IDLE_SECONDS", 1.5)
    monkeypatch.setattr(session, "EVENT_SECONDS", 0.5)


def test_a_header_left_unfinished_gets_an_error_after_the_event_time(home, quick) -> None:
    started = time.monotonic()
    [error] = _send_raw(home.port, b'{"type":')
    assert error.type == "error" and "whole within" in error.data["text"]
    assert 0.4 < time.monotonic() - started < 1.4  # EVENT_SECONDS, not IDLE_SECONDS


def test_a_connection_that_sends_nothing_is_closed_after_the_idle_time(home, quick) -> None:
    started = time.monotonic()
    assert _send_raw(home.port, b"") == []
    assert 1.4 < time.monotonic() - started < 5


def test_positive_control_a_slow_but_whole_event_within_the_times_is_answered(home, quick) -> None:
    with socket.create_connection(("127.0.0.1", home.port), 5) as sock:
        time.sleep(1.0)  # idle, but less than IDLE_SECONDS
        raw = encode(Describe().event())
        sock.sendall(raw[:5])
        time.sleep(0.2)  # mid-event, less than EVENT_SECONDS
        sock.sendall(raw[5:])
        assert read_event_from(sock.makefile("rb")).type == "info"  # type: ignore[union-attr]


def test_idle_lan_peers_filling_every_slot_leave_the_health_check_able_to_get_in(
    home, quick
) -> None:
    address = _lan_ip()
    server = home.parts.server
    before = server.peers
    server.peers = Peers.of(replace(home.settings, wyoming_peers=address))
    socks = []
    try:
        for _ in range(MAX_CONNECTIONS + 1):
            sock = socket.create_connection((address, home.port), 5)
            sock.sendall(b'{"type":')
            socks.append(sock)
        time.sleep(0.2)
        assert server.healthy()  # loopback has slots of its own
        time.sleep(1.0)  # past EVENT_SECONDS: every half-sent header has been closed on
        fresh = socket.create_connection((address, home.port), 5)
        socks.append(fresh)
        fresh.sendall(encode(Describe().event()))
        fresh.settimeout(5)
        assert read_event_from(fresh.makefile("rb")).type == "info"  # type: ignore[union-attr]
    finally:
        server.peers = before
        for sock in socks:
            sock.close()


# -- blank lines, deep nesting, NaN ---------------------------------------------------------


def test_thousands_of_blank_lines_get_an_error_not_a_recursion_error(home) -> None:
    [error] = _send_raw(home.port, b"\n" * 5000 + encode(Describe().event()))
    assert error.type == "error" and "blank lines" in error.data["text"]
    _still_answers(home)


def test_positive_control_a_few_blank_lines_between_events_are_skipped(home) -> None:
    got = exchange_raw(home.port, b"\n\r\n \n" + encode(Describe().event()))
    assert got.type == "info"


@pytest.mark.parametrize(
    "raw",
    [
        b'{"type": "describe", "data": {"x": ' + b"[" * 20000 + b"]" * 20000 + b"}}\n",
        b'{"type": "describe", "data": {"x": ' + b"[" * 100 + b"]" * 100 + b"}}\n",
        b'{"type": "transcript", "data": {"text": "hi", "n": NaN}}\n',
        b'{"type": "transcript", "data": {"text": "hi", "n": -Infinity}}\n',
    ],
)
def test_deep_nesting_and_nan_in_a_header_get_an_error(home, raw: bytes) -> None:
    proposals = {p.id for p in home.memory.proposals()}
    [error] = _send_raw(home.port, raw)
    assert error.type == "error" and error.data["code"] == "bad-event"
    _nothing_written(home, proposals)
    _still_answers(home)


def test_deep_nesting_in_the_data_gets_an_error_and_shallow_is_read() -> None:
    deep = b"[" * 20000 + b"]" * 20000
    raw = json.dumps({"type": "describe", "data_length": len(deep)}).encode() + b"\n" + deep
    with pytest.raises(BadEvent, match="nested"):
        read_event_from(io.BytesIO(raw))
    shallow = json.dumps({"x": [[[1]]], "y": 1.5}).encode()
    raw = json.dumps({"type": "describe", "data_length": len(shallow)}).encode() + b"\n"
    event = read_event_from(io.BytesIO(raw + shallow))
    assert event is not None and event.data == {"x": [[[1]]], "y": 1.5}


def exchange_raw(port: int, raw: bytes) -> Event:
    with socket.create_connection(("127.0.0.1", port), 5) as sock:
        sock.settimeout(30)
        sock.sendall(raw)
        event = read_event_from(sock.makefile("rb"))
        assert event is not None
        return event
