"""capture.py: the real sounddevice/PortAudio code reading an ALSA file device, device errors
a person can read, and WAV files checked before anything loads."""

from __future__ import annotations

import wave
from pathlib import Path

import numpy as np
import pytest

from appliance.voice.capture import (
    BadAudio,
    CaptureDevice,
    DeviceError,
    Microphone,
    find_device,
    read_wav,
)
from tests.voice.speech import Clip, spoken, write_wav


def test_the_alsa_file_device_gives_the_real_capture_code_its_samples(alsa_file_mic) -> None:
    said = spoken(Clip("stop the timer"))
    alsa_file_mic(said)
    device = find_device("hearthmic")
    got = b""
    with Microphone(device).open() as stream:
        while len(got) < len(said):
            got += stream.read(480)
    assert got[: len(said)] == said  # exactly, sample for sample


def test_no_capture_device_is_a_clear_error() -> None:
    with pytest.raises(DeviceError, match="no microphone: no capture device is connected"):
        find_device("", devices=[])


def test_a_configured_microphone_that_is_not_there_names_what_is() -> None:
    found = [CaptureDevice(0, "hearthmic", 16000.0), CaptureDevice(1, "Webcam C270", 48000.0)]
    with pytest.raises(DeviceError, match=r"no microphone named 'USB PnP'.*hearthmic; Webcam"):
        find_device("USB PnP", devices=found)
    assert find_device("webcam", devices=found).index == 1  # the control: by part of its name
    assert find_device("", devices=found).index == 0  # default: the first


def test_a_wav_at_another_rate_and_in_stereo_is_read_as_16k_mono(tmp_path: Path) -> None:
    rate = 22050
    tone = (3000 * np.sin(2 * np.pi * 440 * np.arange(rate) / rate)).astype("<i2")
    path = tmp_path / "stereo.wav"
    with wave.open(str(path), "wb") as wav:
        wav.setnchannels(2)
        wav.setsampwidth(2)
        wav.setframerate(rate)
        wav.writeframes(np.repeat(tone, 2).tobytes())
    samples = np.frombuffer(read_wav(path), dtype="<i2")
    assert abs(samples.size - 16000) <= 1
    assert 2500 < np.abs(samples).max() <= 3000


@pytest.mark.parametrize(
    "make, message",
    [
        (lambda p: p.write_bytes(b"not a wav at all"), "is not a WAV file Hearth can read"),
        (lambda p: None, "no such file"),
        (lambda p: _wav(p, width=1), "8-bit samples"),
        (lambda p: _wav(p, rate=4000), "sampled at 4000 Hz"),
        (lambda p: p.write_bytes(b""), r"\(the file is empty\)"),
        (lambda p: p.write_bytes(_float_wav()), "not 16-bit integer PCM"),
    ],
    ids=["not-wav", "missing", "8-bit", "4-khz", "empty", "float"],
)
def test_a_wav_hearth_cannot_read_is_a_clear_error(tmp_path: Path, make, message) -> None:
    path = tmp_path / "in.wav"
    make(path)
    with pytest.raises(BadAudio, match=message):
        read_wav(path)


def _wav(path: Path, width: int = 2, rate: int = 16000) -> None:
    with wave.open(str(path), "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(width)
        wav.setframerate(rate)
        wav.writeframes(bytes(width * rate // 10))


def test_write_wav_round_trips(tmp_path: Path) -> None:
    said = spoken(Clip("stop the timer"))
    assert read_wav(write_wav(tmp_path / "a.wav", said)) == said


def _float_wav() -> bytes:
    """A 32-bit float WAV header (format 3), as sox or Audacity write by choice."""
    import struct

    data = bytes(1600)
    fmt = struct.pack("<HHIIHH", 3, 1, 16000, 64000, 4, 32)
    body = b"WAVE" + b"fmt " + struct.pack("<I", len(fmt)) + fmt
    body += b"data" + struct.pack("<I", len(data)) + data
    return b"RIFF" + struct.pack("<I", len(body)) + body
