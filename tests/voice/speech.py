"""Test speech: espeak-ng sentences as 16 kHz mono samples, and how wrong a transcript is.

Shared by tests/voice and benchmarks/voice.py. espeak-ng speaks at 22.05 kHz; sox
resamples to 16 kHz and pads silence either side (a person never starts speaking
on the first sample after pressing Talk).
"""

from __future__ import annotations

import json
import subprocess
import wave
from dataclasses import dataclass
from pathlib import Path

from benchmarks.wer import Score, words

NAMES_FILE = Path(__file__).resolve().parents[2] / "benchmarks" / "data" / "voice_names.json"


@dataclass(frozen=True)
class Clip:
    text: str
    voice: str = "en-gb"
    speed: int = 150


def spoken(clip: Clip, *, lead: float = 0.4, tail: float = 0.6, gain_db: float = 0.0) -> bytes:
    """The clip spoken by espeak-ng, as 16 kHz 16-bit mono samples (no WAV header)."""
    words = subprocess.run(
        ["espeak-ng", "-v", clip.voice, "-s", str(clip.speed), "--stdout", clip.text],
        capture_output=True,
        check=True,
        timeout=30,
    ).stdout
    done = subprocess.run(
        [
            "sox",
            "-t",
            "wav",
            "-",
            "-t",
            "raw",
            "-r",
            "16000",
            "-c",
            "1",
            "-b",
            "16",
            "-e",
            "signed-integer",
            "-",
            "gain",
            str(gain_db),
            "pad",
            str(lead),
            str(tail),
        ],
        input=words,
        capture_output=True,
        check=True,
        timeout=30,
    )
    return done.stdout


def write_wav(path: Path, samples: bytes, rate: int = 16000) -> Path:
    with wave.open(str(path), "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(rate)
        wav.writeframes(samples)
    return path


def word_errors(reference: str, heard: str) -> tuple[int, int]:
    """(edits, reference words), scored as the benchmarks score (benchmarks/wer.py)."""
    score = Score.of(reference, heard)
    return score.edits, score.words


def names_heard(reference: str, heard: str, names: list[str]) -> tuple[int, int]:
    """(names in the reference that the transcript has too, names in the reference)."""
    wanted = [n.lower() for n in names if n.lower() in words(reference)]
    got = set(words(heard))
    return sum(n in got for n in wanted), len(wanted)


def name_set() -> dict:
    return json.loads(NAMES_FILE.read_text())
