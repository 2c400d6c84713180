"""Speech to text for Wyoming peers: the kitchen's recogniser, its bias and its checks.

The same `Transcriber` (Whisper, the household's words as its prompt) and the same
checks as Talk in the kitchen: the audio is trimmed by the VAD first (no speech, no
transcript: Whisper fed hiss with a prompt writes the prompt back, once "Set a timer
for ten minutes."), and a transcript with no words or that repeats the prompt is
nothing heard. The model and the VAD load on the first audio, not at start, so a Home
Assistant that only uses Hearth as its conversation agent costs no recogniser memory.

    recording = Recording(max_seconds)       # audio-start / audio-chunk, any format
    recording.add(chunk)                     # converted to 16 kHz mono 16-bit as it comes
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
from appliance.voice.vad import Vad, trim

log = logging.getLogger(__name__)


class Recording:
    """One utterance's audio, converted to what Whisper reads, at most `max_seconds` long.

    Audio past the limit is dropped (as the kitchen's Talk stops at voice_max_seconds),
    and `cut` says so; it is never buffered."""

    def __init__(self, max_seconds: float) -> None:
        self._limit = int(max_seconds * SAMPLE_RATE) * SAMPLE_BYTES
        self._converter = AudioChunkConverter(rate=SAMPLE_RATE, width=SAMPLE_BYTES, channels=1)
        self._chunks: list[bytes] = []
        self.size = 0
        self.cut = False

    def add(self, chunk: AudioChunk) -> bytes:
        """Keep the chunk's audio as 16 kHz mono; returns what was kept (b"" past the limit)."""
        if self.size >= self._limit:
            self.cut = True
            return b""
        audio = self._converter.convert(chunk).audio[: self._limit - self.size]
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
        with self._lock:
            if self._vad is None:
                self._vad = self._open_vad()
            speech = trim(audio, self._vad)
            if not speech:
                return ""
            if self._transcriber is None:
                log.info("loading the speech model for the first Wyoming audio")
                self._transcriber = self._open_transcriber()
            bias = self._bias()
            text: str = self._transcriber.transcribe(speech, bias)
        if not any(ch.isalnum() for ch in text) or repeats_prompt(text, bias):
            return ""  # Whisper writing its own prompt back heard no speech
        return text
