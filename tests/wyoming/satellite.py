"""A real wyoming-satellite process for the tests and benchmarks/wyoming.py: its own venv (it
pins wyoming 1.4.1), programs as its microphone (clips at real-time pace), wake word (a
stand-in that wakes at each clip's chime) and speaker (a file, and when each answer began)."""

from __future__ import annotations

import contextlib
import math
import os
import signal
import socket
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
SETUP = "scripts/satellite-setup"
RATE = 16000


def satellite_python() -> Path:
    for venv in (
        os.environ.get("HEARTH_SATELLITE_VENV"),
        REPO / ".satellite-venv",
    ):
        if venv and (Path(venv) / "bin" / "python").exists():
            return Path(venv) / "bin" / "python"
    pytest.fail(f"wyoming-satellite's venv is missing: run {SETUP} (./dev install does)")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def chime() -> bytes:
    """Where a person says the wake word: 0.15 s of 1 kHz, then 0.8 s of quiet."""
    tone = [int(16000 * math.sin(2 * math.pi * 1000 * i / RATE)) for i in range(int(0.15 * RATE))]
    return np.array(tone, dtype="<i2").tobytes() + bytes(int(0.8 * RATE) * 2)


@dataclass
class Satellite:
    folder: Path
    port: int

    @property
    def speaker(self) -> Path:
        return self.folder / "speaker.raw"

    def say(self, number: int, samples: bytes) -> None:
        """Play the chime and `samples` (16 kHz mono) into the satellite's microphone."""
        (self.folder / f"clip-{number}.raw").write_bytes(chime() + samples)
        (self.folder / f"go-{number}").touch()

    def ended(self, number: int) -> float | None:
        """When clip `number`'s last sample reached the satellite (monotonic), once it has."""
        path = self.folder / f"ended-{number}"
        return float(path.read_text()) if path.exists() else None

    def answers_began(self) -> list[float]:
        path = self.folder / "answers.txt"
        return [float(line) for line in path.read_text().split()] if path.exists() else []

    def log(self) -> str:
        return (self.folder / "satellite.log").read_text()[-3000:]


@contextlib.contextmanager
def satellite(folder: Path, *, wake: bool = True) -> Iterator[Satellite]:
    """wyoming-satellite named "bedroom" listening on 127.0.0.1 (a free port)."""
    folder.mkdir(parents=True, exist_ok=True)
    made = Satellite(folder, free_port())
    python = sys.executable
    command = [
        str(satellite_python()),
        "-m",
        "wyoming_satellite",
        "--uri",
        f"tcp://127.0.0.1:{made.port}",
        "--name",
        "bedroom",
        "--no-zeroconf",
        "--mic-command",
        f"{python} {HERE / 'satellite_mic.py'} {folder}",
        "--snd-command",
        f"{python} {HERE / 'satellite_speaker.py'} {made.speaker} {folder / 'answers.txt'}",
        "--snd-command-rate",
        "22050",
    ]
    if wake:
        command += [
            "--wake-command",
            f"{python} {HERE / 'satellite_wake.py'}",
            "--wake-word-name",
            "hey_hearth",
        ]
    with open(folder / "satellite.log", "wb") as log:
        process = subprocess.Popen(command, stdout=log, stderr=log, start_new_session=True)
        try:
            yield made
        finally:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(10)
