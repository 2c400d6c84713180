"""Speech to text for Wyoming peers: the kitchen's recogniser, its bias and its checks.

The same `Transcriber` (Whisper, the household's words as its prompt) and the same
checks as Talk in the kitchen: the audio is trimmed by the VAD first (no speech, no
transcript: Whisper fed hiss with a prompt writes the prompt back, once "Set a timer
for ten minutes."), and a transcript with no words or that repeats the prompt is
nothing heard. The model and the VAD load on the first audio, not at start, so a Home
Assistant that only uses Hearth as its conversation agent costs no recogniser memory.

    recording = Recording(max_seconds)       # audio-start / audio-chunk
    recording.add(chunk)                     # checked, cut to the limit, then converted
    text = ears.hear(recording.audio)        # "" for nothing heard
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

from wyoming.audio import AudioChunk, AudioChunkConverter

from appliance.voice.bias import Bias, repeats_prompt
from appliance.voice.capture import SAMPLE_BYTES, SAMPLE_RATE
from appliance.voice.not_caught import masked, not_caught
from appliance.voice.vad import Vad, trim
from appliance.wyoming.wire import BadEvent

log = logging.getLogger(__name__)

# The formats a peer's audio may claim. The converter's cost follows the claimed rate,
# width and channels, not the bytes sent (rate 1 made 64 KiB into gigabytes), and audioop
# raises, or divides by zero, outside these.
MIN_RATE = 8000
MAX_RATE = 48000
WIDTHS = (1, 2, 4)
MAX_CHANNELS = 2


class BadAudio(BadEvent):
    """Audio in a format Hearth does not convert; the message says what was wrong."""


def check_format(rate: object, width: object, channels: object) -> None:
    """BadAudio unless rate, width and channels are ones Hearth converts."""
    if not _integer(rate) or not MIN_RATE <= rate <= MAX_RATE:  # type: ignore[operator]
        raise BadAudio(f"audio rate {rate!r} is not {MIN_RATE}-{MAX_RATE} Hz")
    if not _integer(width) or width not in WIDTHS:
        raise BadAudio(f"audio width {width!r} is not 1, 2 or 4 bytes")
    if not _integer(channels) or not 1 <= channels <= MAX_CHANNELS:  # type: ignore[operator]
        raise BadAudio(f"audio channels {channels!r} is not 1 or 2")


def _integer(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class Recording:
    """One utterance's audio, converted to what Whisper reads, at most `max_seconds` long.

    Audio past the limit is dropped (as the kitchen's Talk stops at voice_max_seconds),
    and `cut` says so; it is never buffered. The limit is applied to the chunk as it came,
    at its claimed rate, before it is converted, so what conversion makes is bounded too:
    a chunk in a format outside check_format's, or a recording whose chunks change format
    (the resampler's state belongs to one rate), raises BadAudio."""

    def __init__(self, max_seconds: float) -> None:
        self._max_seconds = max_seconds
        self._limit = int(max_seconds * SAMPLE_RATE) * SAMPLE_BYTES
        self._converter = AudioChunkConverter(rate=SAMPLE_RATE, width=SAMPLE_BYTES, channels=1)
        self._format: tuple[int, int, int] | None = None
        self._frames_in = 0  # frames received at the claimed rate, counted before converting
        self._chunks: list[bytes] = []
        self.size = 0
        self.cut = False

    def add(self, chunk: AudioChunk) -> bytes:
        """Keep the chunk's audio as 16 kHz mono; returns what was kept (b"" past the limit)."""
        check_format(chunk.rate, chunk.width, chunk.channels)
        claimed = (chunk.rate, chunk.width, chunk.channels)
        if self._format is None:
            self._format = claimed
        elif claimed != self._format:
            raise BadAudio(f"audio format changed in one recording: {self._format} to {claimed}")
        frame = chunk.width * chunk.channels
        if len(chunk.audio) % frame:
            raise BadAudio(f"audio of {len(chunk.audio)} bytes is not whole {frame}-byte frames")
        room = int(self._max_seconds * chunk.rate) - self._frames_in
        if room <= 0 or self.size >= self._limit:
            self.cut = True
            return b""
        frames = min(len(chunk.audio) // frame, room)
        self._frames_in += frames
        if frames < len(chunk.audio) // frame:
            self.cut = True
        piece = AudioChunk(chunk.rate, chunk.width, chunk.channels, chunk.audio[: frames * frame])
        audio = self._converter.convert(piece).audio[: self._limit - self.size]
        self._chunks.append(audio)
        self.size += len(audio)
        return audio

    @property
    def audio(self) -> bytes:
        return b"".join(self._chunks)

    @property
    def seconds(self) -> float:
        return self.size / SAMPLE_BYTES / SAMPLE_RATE


class Ears:
    """The recogniser, loaded on first use; one utterance at a time (Whisper's own rule)."""

    def __init__(
        self,
        open_transcriber: Callable[[], Any],
        open_vad: Callable[[], Vad],
        bias: Callable[[], Bias],
    ) -> None:
        self._open_transcriber = open_transcriber
        self._open_vad = open_vad
        self._bias = bias
        self._lock = threading.Lock()
        self._transcriber: Any = None
        self._vad: Vad | None = None

    @property
    def loaded(self) -> bool:
        return self._transcriber is not None

    def hear(self, audio: bytes) -> str:
        """16 kHz 16-bit mono samples to text; "" when nothing was said."""
        return self.heard(audio)[0]

    def heard(self, audio: bytes) -> tuple[str, bool]:
        """The text, and whether it was not caught (not_caught.py: unsure words no rule
        reads as a request), for a satellite Hearth answers itself."""
        with self._lock:
            if self._vad is None:
                self._vad = self._open_vad()
            speech = trim(audio, self._vad)
            if not speech:
                return "", False
            if self._transcriber is None:
                log.info("loading the speech model for the first Wyoming audio")
                self._transcriber = self._open_transcriber()
            bias = self._bias()
            text: str = self._transcriber.transcribe(speech, bias)
            unsure: bool = self._transcriber.last_unsure
        if not any(ch.isalnum() for ch in text) or repeats_prompt(text, bias):
            return "", False  # Whisper writing its own prompt back heard no speech
        # a word Hearth never says back goes nowhere, not even to Home Assistant's pipeline
        return masked(text), not_caught(text, bias, unsure)
