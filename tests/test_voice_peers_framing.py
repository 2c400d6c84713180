"""The Wyoming framing benchmarks/voice_peers.py speaks (appliance/wyoming/wire.py's): an event
written, then read back."""

from __future__ import annotations

import io

from benchmarks.voice_peers import encode_event, read_event
from benchmarks.wer import wer, words


def test_event_with_data_and_payload_round_trips() -> None:
    wire = encode_event("audio-chunk", {"rate": 16000, "width": 2, "channels": 1}, b"\x01\x02\x03")
    header = wire.split(b"\n", 1)[0]
    assert b'"data_length"' in header and b'"payload_length": 3' in header
    stream = io.BytesIO(wire + encode_event("audio-stop"))
    assert read_event(stream) == (
        "audio-chunk",
        {"rate": 16000, "width": 2, "channels": 1},
        b"\x01\x02\x03",
    )
    assert read_event(stream) == ("audio-stop", {}, b"")
    assert read_event(stream) is None


def test_inline_data_merges_with_data_bytes() -> None:
    stream = io.BytesIO(
        b'{"type": "transcript", "data": {"a": 1}, "data_length": 13}\n{"text":"hi"}'
    )
    assert read_event(stream) == ("transcript", {"a": 1, "text": "hi"}, b"")


def test_wer_forgives_case_punctuation_and_digits() -> None:
    assert words("What's 180 Celsius at 4:15?") == (
        "what is one hundred eighty celsius at four fifteen".split()
    )
    assert wer([("Set a timer for 12 minutes.", "set a timer for twelve minutes")]) == 0.0
    assert wer([("one hundred and eighty", "180")]) == 0.0
    assert wer([("bread and butter", "bread butter")]) == 1 / 3
