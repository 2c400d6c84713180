"""What the speaker played, and when: the echo canceller's reference.

The Speaker (appliance/sound.py) tells this record each sound it starts and each hush;
the stop word's listener (stop_word.py) asks what was playing over any stretch of time,
at 16 kHz, with silence where nothing was. Only the last KEEP_SECONDS are kept, in
memory; the words each sound said are kept beside it so a "stop" in Hearth's own reply
is known for Hearth's ("then stop stirring"), never a person's.

    played = PlayedAudio()
    played.started(wav, "Stir it until it thickens.", time.monotonic())
    played.stopped(time.monotonic())                  # hushed: it ends now
    samples = played.between(start, 4096)             # int16, zeros where nothing played
    played.said_between(start, end, is_stop_word)     # was such a word said then?
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from appliance.voice.capture import SAMPLE_RATE, BadAudio, wav_samples

KEEP_SECONDS = 30.0
WORD_PLACED = 0.7  # seconds either way a word's guessed moment in its sound may be out
_WORDS = re.compile(r"[A-Za-z']+")


@dataclass
class _Sound:
    start: float
    samples: np.ndarray
    words: str | None
    end: float

    def cut(self, at: float) -> None:
        if at < self.end:
            keep = max(0, round((at - self.start) * SAMPLE_RATE))
            self.samples = self.samples[:keep]
            self.end = self.start + self.samples.size / SAMPLE_RATE


def _samples(wav: bytes) -> np.ndarray:
    """A sound's samples at 16 kHz; none for one that cannot be read (then it is no echo)."""
    try:
        return wav_samples(wav)
    except BadAudio:
        return np.zeros(0, dtype=np.int16)


class PlayedAudio:
    """The sounds played in the last KEEP_SECONDS; safe across the speaker's thread and
    the listener's."""

    def __init__(self) -> None:
        self._sounds: list[_Sound] = []
        self._lock = threading.Lock()

    def started(self, wav: bytes, words: str | None, at: float) -> None:
        samples = _samples(wav)
        with self._lock:
            for sound in self._sounds:
                sound.cut(at)  # one sound plays at a time: a new one ends the last
            self._sounds.append(_Sound(at, samples, words, at + samples.size / SAMPLE_RATE))
            self._sounds = [s for s in self._sounds if s.end >= at - KEEP_SECONDS]

    def stopped(self, at: float) -> None:
        """Playing stopped at `at` (a hush, or the player failed): nothing played after."""
        with self._lock:
            for sound in self._sounds:
                sound.cut(at)

    def between(self, start: float, count: int) -> np.ndarray:
        """`count` samples of what played from `start` on; zeros where nothing did."""
        out = np.zeros(count, dtype=np.int16)
        end = start + count / SAMPLE_RATE
        with self._lock:
            sounds = [s for s in self._sounds if s.end > start and s.start < end]
        for sound in sounds:
            offset = round((sound.start - start) * SAMPLE_RATE)
            first = max(0, -offset)
            last = min(sound.samples.size, count - offset)
            if last > first:
                out[offset + first : offset + last] = sound.samples[first:last]
        return out

    def said_between(self, start: float, end: float, word: Callable[[str], bool]) -> bool:
        """Whether a word for which `word` is true was being said between `start` and
        `end`, give or take WORD_PLACED. Where a word falls in its sound is guessed from
        where it is in the words: a voice speaks at an even pace, near enough."""
        with self._lock:
            sounds = [s for s in self._sounds if s.words and s.end > start - WORD_PLACED]
        for sound in sounds:
            assert sound.words is not None
            length = max(len(sound.words), 1)
            spoken = sound.samples.size / SAMPLE_RATE
            for found in _WORDS.finditer(sound.words):
                if not word(found.group()):
                    continue
                at = sound.start + spoken * found.start() / length
                if start - WORD_PLACED <= at <= end + WORD_PLACED:
                    return True
        return False
