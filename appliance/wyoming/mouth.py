"""Text to speech for Wyoming peers: the kitchen's voice, as audio events, sentence by sentence.

appliance/speech.py's `Speech` (Piper's en_US-joe-medium on onnxruntime, espeak-ng
when it is not installed) makes each piece of a reply; each is sent as audio chunks
as soon as it is made, so a satellite starts speaking the first sentence while the
next is synthesised. The voice loads on the first `synthesize`, not at start.
"""

from __future__ import annotations

import io
import wave
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from wyoming.audio import AudioChunk, AudioStart, AudioStop
from wyoming.event import Event

CHUNK_SAMPLES = 1024  # what Home Assistant and the satellites send and expect
WIDTH, CHANNELS = 2, 1
SILENT_RATE = 22050  # en_US-joe-medium's and espeak-ng's rate
MAX_TEXT = 2000  # characters; a reply is a few sentences, and synthesis is seconds each


@dataclass(frozen=True)
class Piece:
    rate: int
    samples: bytes


def read_piece(wav_bytes: bytes) -> Piece:
    with wave.open(io.BytesIO(wav_bytes)) as wav:
        if wav.getsampwidth() != WIDTH or wav.getnchannels() != CHANNELS:
            raise OSError("the voice made audio that is not 16-bit mono")
        return Piece(wav.getframerate(), wav.readframes(wav.getnframes()))


class Mouth:
    def __init__(self, speech: Any) -> None:
        self._speech = speech  # appliance.speech.Speech: loads its model on first use

    def pieces(self, text: str) -> Iterator[Piece]:
        """The text's pieces as audio, each made when asked for (OSError: no voice)."""
        for wav_bytes in self._speech.wavs(" ".join(text[:MAX_TEXT].split())):
            yield read_piece(wav_bytes)


def audio_events(piece: Piece, *, start: bool) -> list[Event]:
    """One piece as audio-chunk events, after an audio-start when `start`."""
    events = [AudioStart(rate=piece.rate, width=WIDTH, channels=CHANNELS).event()] if start else []
    step = CHUNK_SAMPLES * WIDTH * CHANNELS
    for at in range(0, len(piece.samples), step):
        chunk = piece.samples[at : at + step]
        events.append(
            AudioChunk(rate=piece.rate, width=WIDTH, channels=CHANNELS, audio=chunk).event()
        )
    return events


def silent_start() -> Event:
    """The audio-start of an answer with no words in it (the voice's own rate)."""
    return AudioStart(rate=SILENT_RATE, width=WIDTH, channels=CHANNELS).event()


def audio_stop() -> Event:
    return AudioStop().event()
