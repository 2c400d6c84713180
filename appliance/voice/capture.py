"""Sound in: 16 kHz mono 16-bit samples from a microphone, or from a WAV file.

The only module that imports sounddevice (PortAudio, through Debian's libportaudio2).
Two sources, one interface: `Microphone` (a capture device by name, default the
first one) and `WavSource` (a file's samples, for `hearth voice --wav` and tests).
A source is opened only while Talk is held, so doctor and other programs can use
the device the rest of the time; samples live in memory and are never written to disk.

    source = open_microphone(settings)        # DeviceError if none, or not the one named
    with source.open() as stream:             # DeviceError if busy
        frame = stream.read(480)              # bytes; b"" when a file has ended
"""

from __future__ import annotations

import contextlib
import io
import logging
import wave
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from appliance.config import Settings
from appliance.errors import HearthError

log = logging.getLogger(__name__)

SAMPLE_RATE = 16000  # what Whisper and both VADs take
SAMPLE_BYTES = 2


class DeviceError(HearthError):
    """No microphone, not the one configured, or one another program holds."""


class BadAudio(HearthError):
    """A WAV file Hearth cannot listen to."""


class Stream(Protocol):
    def read(self, samples: int) -> bytes:
        """Up to `samples` samples as 16-bit little-endian bytes; b"" once a file has ended."""


class AudioSource(Protocol):
    def open(self) -> contextlib.AbstractContextManager[Stream]: ...

    def describe(self) -> str: ...


@dataclass(frozen=True)
class CaptureDevice:
    index: int
    name: str
    default_rate: float


def _sounddevice() -> Any:
    try:
        import sounddevice
    except OSError as exc:  # the Python package is there, PortAudio is not
        raise DeviceError(f"cannot use sound input: {exc} (apt-get install libportaudio2)") from exc
    except ImportError as exc:
        raise DeviceError(
            f"the voice extra is not installed ({exc.name}): pip install -e '.[voice]'"
        ) from exc
    return sounddevice


def capture_devices() -> list[CaptureDevice]:
    """Every device PortAudio can record from, listed fresh (a USB mic may be new)."""
    sd = _sounddevice()
    sd._terminate()  # PortAudio lists devices once per initialisation
    sd._initialize()
    return [
        CaptureDevice(i, str(d["name"]), float(d["default_samplerate"]))
        for i, d in enumerate(sd.query_devices())
        if d["max_input_channels"] > 0
    ]


def find_device(wanted: str, devices: list[CaptureDevice] | None = None) -> CaptureDevice:
    """The capture device whose name contains `wanted` ("" = the first); DeviceError if none."""
    found = capture_devices() if devices is None else devices
    if not found:
        raise DeviceError(
            "no microphone: no capture device is connected (plug in the USB "
            "microphone; `hearth doctor` lists what it finds)"
        )
    if not wanted:
        return found[0]
    for device in found:
        if wanted.lower() in device.name.lower():
            return device
    names = "; ".join(d.name for d in found)
    raise DeviceError(
        f"no microphone named {wanted!r} (voice_device); capture devices found: {names}"
    )


def resampled(samples: np.ndarray, rate: float) -> np.ndarray:
    """Linear resampling to 16 kHz, for a device that will not record at 16 kHz itself
    (and for the benchmarks and tests that hear the spoken voice back)."""
    if rate == SAMPLE_RATE or samples.size == 0:
        return samples
    count = round(samples.size * SAMPLE_RATE / rate)
    positions = np.linspace(0, samples.size - 1, count)
    return np.interp(positions, np.arange(samples.size), samples).astype(np.int16)


class _DeviceStream:
    def __init__(self, stream: Any, rate: float, name: str, error: type[Exception]) -> None:
        self._stream = stream
        self._rate = rate
        self._name = name
        self._error = error  # sounddevice.PortAudioError

    def read(self, samples: int) -> bytes:
        wanted = round(samples * self._rate / SAMPLE_RATE)
        try:
            data, overflowed = self._stream.read(wanted)
        except self._error as exc:  # unplugged mid-utterance
            raise DeviceError(f"the microphone {self._name!r} stopped recording: {exc}") from exc
        if overflowed:
            log.warning("the microphone's buffer overflowed: some sound was lost")
        raw = np.frombuffer(bytes(data), dtype=np.int16)
        return resampled(raw, self._rate).tobytes()


class Microphone:
    """A capture device, opened at 16 kHz (or its own rate, resampled) while Talk is held."""

    def __init__(self, device: CaptureDevice) -> None:
        self.device = device

    def describe(self) -> str:
        return f"microphone {self.device.name!r}"

    @contextlib.contextmanager
    def open(self) -> Iterator[Stream]:
        sd = _sounddevice()
        stream = None
        problem: Exception | None = None
        for rate in (SAMPLE_RATE, self.device.default_rate):
            try:
                stream = sd.RawInputStream(
                    samplerate=rate,
                    channels=1,
                    dtype="int16",
                    device=self.device.index,
                    blocksize=0,
                )
                stream.start()
                break
            except sd.PortAudioError as exc:  # busy, unplugged, or no such rate
                problem, stream = exc, None
        if stream is None:
            raise DeviceError(_device_problem(self.device.name, problem))
        try:
            yield _DeviceStream(stream, rate, self.device.name, sd.PortAudioError)
        finally:
            stream.stop()
            stream.close()


def _device_problem(name: str, exc: Exception | None) -> str:
    text = str(exc)
    if "busy" in text.lower() or "unavailable" in text.lower() or "-9985" in text:
        return (
            f"the microphone {name!r} is busy: another program is recording from it "
            f"({text}); close it and press Talk again"
        )
    return f"cannot record from the microphone {name!r}: {text}"


def open_microphone(settings: Settings) -> Microphone:
    """The configured microphone (voice_device), or the first capture device."""
    return Microphone(find_device(settings.voice_device))


class _BytesStream:
    def __init__(self, data: bytes) -> None:
        self._data = data
        self._at = 0

    def read(self, samples: int) -> bytes:
        piece = self._data[self._at : self._at + samples * SAMPLE_BYTES]
        self._at += len(piece)
        return piece


def seconds_of(audio: bytes) -> float:
    """How long 16 kHz 16-bit mono samples last."""
    return len(audio) / SAMPLE_BYTES / SAMPLE_RATE


class WavSource:
    """A WAV file's samples, as if a microphone had heard them (then the end of the stream)."""

    def __init__(self, samples: bytes, name: str = "a WAV file") -> None:
        self.samples = samples
        self.name = name

    @classmethod
    def from_file(cls, path: Path) -> WavSource:
        return cls(read_wav(path), str(path))

    def describe(self) -> str:
        return self.name

    @contextlib.contextmanager
    def open(self) -> Iterator[Stream]:
        yield _BytesStream(self.samples)


def read_wav(path: Path) -> bytes:
    """A 16-bit PCM WAV as 16 kHz mono samples (stereo mixed down, other rates resampled)."""
    try:
        with open(path, "rb") as file:
            return wav_samples(file.read(), str(path)).astype("<i2").tobytes()
    except FileNotFoundError:
        raise BadAudio(f"no such file: {path}") from None
    except OSError as exc:  # a folder, no permission, a disk error
        raise BadAudio(f"{path} is not a WAV file Hearth can read ({exc})") from None


def _why_not_wav(wav: bytes, exc: Exception) -> str:
    """The wave module's reason in words a person reads: an empty file says "" and a
    float or 24-bit extensible one "unknown format: 3" or "65534"."""
    if not wav:
        return "the file is empty"
    if isinstance(exc, EOFError) or not str(exc):
        return "it ends before its header does"
    if "unknown format" in str(exc):
        return f"{exc}: not 16-bit integer PCM (float or extensible WAV)"
    return str(exc)


def wav_samples(wav: bytes, name: str = "the sound") -> np.ndarray:
    """A 16-bit PCM WAV's bytes as 16 kHz mono int16 samples; BadAudio if it is not one."""
    try:
        with wave.open(io.BytesIO(wav), "rb") as read:
            channels, width, rate = read.getnchannels(), read.getsampwidth(), read.getframerate()
            frames = read.readframes(read.getnframes())
    except (wave.Error, EOFError, OSError) as exc:
        raise BadAudio(
            f"{name} is not a WAV file Hearth can read ({_why_not_wav(wav, exc)}); make one "
            "with `sox IN -r 16000 -c 1 -b 16 OUT.wav`"
        ) from None
    if width != SAMPLE_BYTES:
        raise BadAudio(
            f"{name} has {8 * width}-bit samples; Hearth reads 16-bit PCM (`sox IN -b 16 OUT.wav`)"
        )
    if rate < 8000:
        raise BadAudio(f"{name} is sampled at {rate} Hz; speech needs 8000 Hz or more")
    samples = np.frombuffer(frames, dtype="<i2")
    if channels > 1:
        samples = samples[: samples.size - samples.size % channels].reshape(-1, channels)
        samples = samples.mean(axis=1).astype(np.int16)
    return resampled(samples, rate).astype(np.int16)
