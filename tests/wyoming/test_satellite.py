"""A second room: the standard satellite software (wyoming-satellite, a real process from its
own venv) with a WAV as its microphone and a file as its speaker, and Hearth as its
controller. A spoken timer is set in the kitchen's household store and the spoken answer comes
back to the satellite's speaker file."""

from __future__ import annotations

import contextlib
import math
import os
import shlex
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from appliance.household import HouseholdStore
from appliance.voice.capture import resampled
from tests.voice.speech import Clip, spoken
from tests.wyoming.conftest import Kitchen, kitchen

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
SETUP = "scripts/satellite-setup"


def satellite_python() -> Path:
    for venv in (
        os.environ.get("HEARTH_SATELLITE_VENV"),
        REPO / ".satellite-venv",
        REPO.parent / "satellite-venv",
    ):
        if venv and (Path(venv) / "bin" / "python").exists():
            return Path(venv) / "bin" / "python"
    pytest.fail(f"wyoming-satellite's venv is missing: run {SETUP} (./dev install does)")


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def chime_then(words: str) -> bytes:
    """A short chime where a person says the wake word, a pause, then the command."""
    rate = 16000
    tone = [int(16000 * math.sin(2 * math.pi * 1000 * i / rate)) for i in range(int(0.15 * rate))]
    chime = np.array(tone, dtype="<i2").tobytes()
    return chime + bytes(int(0.8 * rate) * 2) + spoken(Clip(words), lead=0.2, tail=0.2)


@contextlib.contextmanager
def satellite(folder: Path, port: int, clip: bytes, *, wake: bool = True) -> Iterator[Path]:
    """wyoming-satellite on 127.0.0.1:port; yields its speaker file."""
    (folder / "clip.raw").write_bytes(clip)
    speaker = folder / "speaker.raw"
    mic = f"{sys.executable} {HERE / 'satellite_mic.py'} {folder / 'clip.raw'} {folder / 'go'}"
    command = [
        str(satellite_python()), "-m", "wyoming_satellite",
        "--uri", f"tcp://127.0.0.1:{port}", "--name", "bedroom", "--no-zeroconf",
        "--mic-command", mic,
        "--snd-command", f"sh -c {shlex.quote(f'cat >> {speaker}')}",
        "--snd-command-rate", "22050",
    ]  # fmt: skip
    if wake:
        command += ["--wake-command", f"{sys.executable} {HERE / 'satellite_wake.py'}",
                    "--wake-word-name", "hey_hearth"]  # fmt: skip
    log = open(folder / "satellite.log", "wb")  # noqa: SIM115
    process = subprocess.Popen(command, stdout=log, stderr=log, start_new_session=True)
    try:
        yield speaker
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(10)
        log.close()


def _connect(home: Kitchen) -> None:
    [link] = home.parts.satellites.links
    link.reconnect = 0.3
    home.parts.server.spawn(home.parts.satellites.run())
    deadline = time.monotonic() + 30
    while not link.connected:
        assert time.monotonic() < deadline, f"the satellite never connected: {link.state}"
        time.sleep(0.1)


def _timers(home: Kitchen, name: str) -> list:
    with HouseholdStore.open(home.settings.data_dir) as store:
        return [t for t in store.timers() if t.name == name]


def test_a_timer_spoken_in_another_room_is_set_and_answered_aloud_there(
    tmp_path, tiny_transcriber, speech
) -> None:
    port = _free_port()
    clip = chime_then("Set a pasta timer for 12 minutes.")
    with (
        satellite(tmp_path, port, clip) as speaker,
        kitchen(
            tmp_path / "home",
            tiny_transcriber,
            speech,
            wyoming_satellites=f"tcp://127.0.0.1:{port}",
        ) as home,
    ):
        _connect(home)
        [link] = home.parts.satellites.links
        assert link.name == "bedroom"
        (tmp_path / "go").touch()
        deadline = time.monotonic() + 120
        while not (_timers(home, "pasta") and speaker.exists() and speaker.stat().st_size > 44100):
            assert time.monotonic() < deadline, (tmp_path / "satellite.log").read_text()[-3000:]
            time.sleep(0.2)
        time.sleep(2.0)  # the rest of the answer's audio
        [timer] = _timers(home, "pasta")
        assert round(timer.seconds) == 720
        said = np.frombuffer(speaker.read_bytes(), dtype="<i2")
        heard = tiny_transcriber.transcribe(resampled(said, 22050).tobytes())
        print(f"the satellite's speaker said: {heard!r}")
        assert "timer set for 12 minutes" in heard.lower()  # tiny.en hears "pasta" as "post a"
        assert link.turns == 1


def test_a_satellite_without_its_own_wake_word_is_not_listened_to(
    tmp_path, tiny_transcriber, speech
) -> None:
    """It streams everything its room says (run-pipeline from the wake stage): Hearth answers
    with an error and transcribes none of it. The test above is the positive control."""
    port = _free_port()
    clip = chime_then("Set a soup timer for 12 minutes.")
    with (
        satellite(tmp_path, port, clip, wake=False) as speaker,
        kitchen(
            tmp_path / "home",
            tiny_transcriber,
            speech,
            wyoming_satellites=f"tcp://127.0.0.1:{port}",
        ) as home,
    ):
        _connect(home)
        (tmp_path / "go").touch()
        time.sleep(len(clip) / 32000 + 3)  # the whole clip, and time to have answered it
        assert _timers(home, "soup") == []
        assert not speaker.exists()
        [link] = home.parts.satellites.links
        assert link.turns == 0 and link.connected
    assert "needs-wake-word" in (tmp_path / "satellite.log").read_text()  # it was told why
