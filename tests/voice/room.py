"""A simulated kitchen: what the microphone hears while Hearth speaks.

Shared by tests/voice/test_stop_word.py and benchmarks/spoken_stop.py. The speaker's
sound reaches the microphone late (the sound card's buffer, the microphone's, the air:
`bulk`), through a room path (a direct sound, then 300 ms of decaying reverberation), a
little louder than it left and squashed at the top as a small speaker driven hard is
(tanh); the microphone's clock may run a little fast (`drift`); a person says something
at a chosen moment; the room hisses. Nothing here is the code under test: it only makes
the sound the real canceller, VAD and Whisper then hear.

    heard, played = kitchen(reply, [(2.5, stop)], person_db=-6)     # offline, one reply
    microphone = RoomMicrophone(played_audio, bulk=0.15)           # live, as an AudioSource
    microphone.say(stop, at=time.monotonic() + 2.0)
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Iterator, Sequence

import numpy as np

from appliance.voice.capture import SAMPLE_RATE
from appliance.voice.played import PlayedAudio

PEAK = 20000.0  # the echo's level at the microphone before the speaker squashes it
NOMINAL = PEAK * 0.35  # about the voiced RMS of a reply's echo at the microphone


def room_path(rt60: float = 0.3, length: float = 0.25, seed: int = 7) -> np.ndarray:
    """A direct sound 8 ms in, then reverberation decaying 60 dB in `rt60` seconds."""
    rng = np.random.default_rng(seed)
    count = int(length * SAMPLE_RATE)
    t = np.arange(count) / SAMPLE_RATE
    path = rng.standard_normal(count) * np.exp(-6.9 * t / rt60) * 0.15
    direct = int(0.008 * SAMPLE_RATE)
    path[:direct] = 0.0
    path[direct] = 1.0
    return path


PATH = room_path()


def _squashed(echo: np.ndarray) -> np.ndarray:
    return PEAK * np.tanh(echo / PEAK)


def _level(samples: np.ndarray) -> float:
    voiced = samples[np.abs(samples) > 0.05 * np.abs(samples).max()] if samples.size else samples
    return float(np.sqrt(np.mean(voiced.astype(np.float64) ** 2))) if voiced.size else 0.0


def kitchen(
    reply: np.ndarray,
    said: Sequence[tuple[float, np.ndarray]] = (),
    *,
    person_db: float = -6.0,
    bulk: float = 0.15,
    drift: float = 0.0,
    noise: float = 200.0,
    seed: int = 1,
) -> tuple[np.ndarray, np.ndarray]:
    """What the microphone heard (int16) and what the speaker played (int16, the same
    length, starting at the same moment). Each `said` is (seconds into the reply, speech);
    `person_db` is a person's level against the echo's, both while voiced (-6: the
    echo is twice as loud at the microphone); `drift` in parts per million."""
    echo = np.convolve(reply.astype(np.float64), PATH)[: reply.size] * 0.7
    if drift:
        positions = np.arange(echo.size) * (1 + drift * 1e-6)
        positions = positions[positions < echo.size - 1]
        echo = np.interp(positions, np.arange(echo.size), echo)
    echo = _squashed(echo)
    delay = int(bulk * SAMPLE_RATE)
    total = delay + echo.size + SAMPLE_RATE
    heard = np.zeros(total)
    heard[delay : delay + echo.size] += echo
    echo_level = _level(echo) or NOMINAL  # nothing played: a person at a usual level
    for at, speech in said:
        start = int(at * SAMPLE_RATE)
        speech = speech.astype(np.float64)
        gain = echo_level * 10 ** (person_db / 20) / max(_level(speech), 1.0)
        end = min(total, start + speech.size)
        heard[start:end] += speech[: end - start] * gain
    heard += np.random.default_rng(seed).standard_normal(total) * noise
    played = np.zeros(total)
    played[: reply.size] = reply
    return (
        np.clip(heard, -32768, 32767).astype(np.int16),
        np.clip(played, -32768, 32767).astype(np.int16),
    )


class _RoomStream:
    def __init__(self, room: RoomMicrophone) -> None:
        self._room = room
        self._began = time.monotonic()
        self._count = 0

    def read(self, samples: int) -> bytes:
        start = self._began + self._count / SAMPLE_RATE
        self._count += samples
        wait = start + samples / SAMPLE_RATE - time.monotonic()
        if wait > 0:
            time.sleep(wait)  # a microphone gives its samples as they are heard
        return self._room.heard_at(start, samples).tobytes()


class RoomMicrophone:
    """An AudioSource whose samples are the kitchen at this moment: the echo of what the
    real Speaker is playing (from its PlayedAudio), what people `say`, and hiss."""

    def __init__(self, played: PlayedAudio, *, bulk: float = 0.15, person_db: float = -6.0) -> None:
        self.played = played
        self.bulk = bulk
        self.person_db = person_db
        self.opened = 0
        self._said: list[tuple[float, np.ndarray]] = []
        self._lock = threading.Lock()
        self._rng = np.random.default_rng(3)

    def say(self, speech: np.ndarray, at: float) -> None:
        """`speech` heard from the monotonic time `at`, at person_db against a loud echo."""
        gain = NOMINAL * 10 ** (self.person_db / 20) / max(_level(speech), 1.0)
        with self._lock:
            self._said.append((at, speech.astype(np.float64) * gain))

    def describe(self) -> str:
        return "a simulated kitchen"

    @contextlib.contextmanager
    def open(self) -> Iterator[_RoomStream]:
        self.opened += 1
        yield _RoomStream(self)

    def heard_at(self, start: float, count: int) -> np.ndarray:
        reach = PATH.size - 1
        source = self.played.between(start - self.bulk - reach / SAMPLE_RATE, count + reach)
        echo = _squashed(np.convolve(source.astype(np.float64), PATH, mode="valid") * 0.7)
        heard = echo[:count] + self._rng.standard_normal(count) * 200.0
        with self._lock:
            said = list(self._said)
        for at, speech in said:
            offset = round((at - start) * SAMPLE_RATE)
            first, last = max(0, -offset), min(speech.size, count - offset)
            if last > first:
                heard[offset + first : offset + last] += speech[first:last]
        return np.clip(heard, -32768, 32767).astype(np.int16)
