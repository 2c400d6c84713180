"""The wake word: is the chosen phrase ("hey jarvis") in the last second or so of sound?

The only module that imports pyopen_wakeword (Apache-2.0; the Open Home Foundation's
openWakeWord on a bundled TensorFlow Lite runtime, with its models in the wheel: nothing
is downloaded). It takes 16 kHz 16-bit mono frames of FRAME_SAMPLES (80 ms): a
melspectrogram model and a shared embedding model turn them into features, and the
phrase's own small model scores each step from 0 to 1.

    wake = WakeWord.open("hey_jarvis", threshold=0.5)
    if wake.push(frame):       # True once per phrase: a refractory period follows a wake
        wake.last_score        # at least `sure` (< 1): no check needed (WakeCheck.trusts)
        wake.reset()           # the detector's window (its only audio) zeroed

What the detector holds is its window: the library keeps the last 10 s of samples and
the features made from them, in fixed arrays that shift each frame (older sound drops
off the end). Nothing else before a wake is kept: each frame is scored and let go.
`reset` zeroes the window, so what was said before the wake word is gone from memory
the moment it is heard; `holds_sound` says whether any of it is left (tests check it).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np

from appliance.config import WAKE_WORDS
from appliance.errors import ConfigError
from appliance.voice.capture import SAMPLE_BYTES, SAMPLE_RATE

FRAME_SAMPLES = 1280  # 80 ms: the step the library's features advance by
REFRACTORY_SECONDS = 2.0  # after a wake, this much sound cannot wake it again


def _library() -> Any:
    try:
        import pyopen_wakeword
    except ImportError as exc:
        raise ConfigError(
            f"the wake word needs {exc.name}: pip install -e '.[voice]' (or wake_word = \"off\")"
        ) from exc
    return pyopen_wakeword


def builtin_names() -> tuple[str, ...]:
    """The wake words the installed library has models for (config.WAKE_WORDS must match)."""
    return tuple(model.value for model in _library().Model)


class _Features:
    """The melspectrogram and embedding models, shared by every phrase model fed from them."""

    def __init__(self) -> None:
        self._features = _library().OpenWakeWordFeatures.from_builtin()

    def embeddings(self, frame: bytes) -> list[Any]:
        return list(self._features.process_streaming(frame))

    def reset(self) -> None:
        self._features.reset()

    def holds_sound(self) -> bool:
        f = self._features
        return bool(np.any(f.audio) or np.any(f.mels))

    def close(self) -> None:
        self._features.close()


class _Phrase:
    def __init__(self, name: str) -> None:
        if name not in WAKE_WORDS:
            choices = ", ".join(WAKE_WORDS)
            raise ConfigError(f"wake_word must be one of off, {choices}, not {name!r}")
        library = _library()
        self.name = name
        self._model = library.OpenWakeWord.from_builtin(library.Model(name))

    def scores(self, embeddings: Iterable[Any]) -> list[float]:
        return [float(p) for e in embeddings for p in self._model.process_streaming(e)]

    def reset(self) -> None:
        self._model.reset()

    def holds_sound(self) -> bool:
        return bool(np.any(self._model.embeddings))

    def close(self) -> None:
        self._model.close()


def sure_enough(score: float, sure: float) -> bool:
    """A wake scored `score` needs no check when `sure` is set below 1. At 1 every wake is
    checked: a float32 sigmoid can round to exactly 1.0 (none seen here, 0.997 at most),
    so a score cannot be trusted to stay below it."""
    return sure < 1.0 and score >= sure


class WakeWord:
    """One phrase, fed frame by frame: True from `push` when it was said (once per phrase)."""

    def __init__(
        self,
        name: str,
        threshold: float = 0.5,
        *,
        sure: float = 0.0,
        refractory_seconds: float = REFRACTORY_SECONDS,
    ) -> None:
        self.name = name
        self.phrase = name.replace("_", " ")
        self.threshold = threshold
        # A wake scored below this is unsure: the service checks it (wake_check.py). At or
        # below `threshold` (0, unless set) every wake is sure and nothing is checked; at 1
        # every wake is checked (see sure_enough).
        self.sure = sure
        self.refractory_seconds = refractory_seconds
        self._phrase = _Phrase(name)
        self._features = _Features()
        self._quiet_samples = 0  # samples still to pass before another wake may count
        self.last_score = 0.0

    @classmethod
    def open(cls, name: str, threshold: float = 0.5, sure: float = 0.0) -> WakeWord:
        return cls(name, threshold, sure=sure)

    def push(self, frame: bytes) -> bool:
        """Feed 16 kHz 16-bit mono sound (FRAME_SAMPLES at a time is the natural step)."""
        scores = self._phrase.scores(self._features.embeddings(frame))
        self.last_score = max(scores, default=0.0)
        samples = len(frame) // SAMPLE_BYTES
        if self._quiet_samples > 0:
            self._quiet_samples = max(0, self._quiet_samples - samples)
            return False
        if self.last_score >= self.threshold:
            self._quiet_samples = int(self.refractory_seconds * SAMPLE_RATE)
            return True
        return False

    def can_be_unsure(self) -> bool:
        """Some wake may score below `sure` (every wake scores at least `threshold`): the
        service needs a check for it."""
        return not sure_enough(self.threshold, self.sure)

    def reset(self) -> None:
        """Forget every sound heard so far: the detector's window is zeroed."""
        self._features.reset()
        self._phrase.reset()
        self._quiet_samples = 0
        self.last_score = 0.0

    def holds_sound(self) -> bool:
        """Whether anything heard is still in the detector's memory (False after reset)."""
        return self._features.holds_sound() or self._phrase.holds_sound()

    def close(self) -> None:
        self._phrase.close()
        self._features.close()


def score_tracks(samples: bytes, names: Iterable[str]) -> dict[str, np.ndarray]:
    """Each phrase model's score at every step of `samples`, the features made once.

    For benchmarks/wake.py: an hour of sound through five models costs one feature pass.
    """
    features = _Features()
    phrases = [_Phrase(name) for name in names]
    tracks: dict[str, list[float]] = {p.name: [] for p in phrases}
    step = FRAME_SAMPLES * SAMPLE_BYTES
    try:
        for at in range(0, len(samples) - step + 1, step):
            embeddings = features.embeddings(samples[at : at + step])
            for phrase in phrases:
                found = phrase.scores(embeddings)
                tracks[phrase.name].append(max(found, default=0.0))
    finally:
        features.close()
        for phrase in phrases:
            phrase.close()
    return {name: np.asarray(track, dtype=np.float32) for name, track in tracks.items()}


def wakes(track: np.ndarray, threshold: float, refractory_seconds: float = REFRACTORY_SECONDS):
    """How many times a score track (one value per FRAME_SAMPLES) would have woken Hearth,
    with WakeWord's refractory period: the same rule as `push`, on a recorded track."""
    count, quiet = 0, 0
    refractory = int(refractory_seconds * SAMPLE_RATE / FRAME_SAMPLES)
    for score in track:
        if quiet > 0:
            quiet -= 1
        elif score >= threshold:
            count += 1
            quiet = refractory
    return count
