"""The sound seam: real espeak-ng WAVs, real aplay failing on a device that is not there."""

from __future__ import annotations

import io
import logging
import shutil
import wave
from pathlib import Path

import pytest

from appliance.config import Settings
from appliance.sound import Silence, Speaker, chime_wav, open_sound, sound_cards, speech_wav


def test_espeak_ng_speaks_a_timer_name_to_a_wav() -> None:
    assert shutil.which("espeak-ng"), "espeak-ng is in scripts/apt-packages.txt"
    with wave.open(io.BytesIO(speech_wav("Pasta timer done."))) as spoken:
        assert spoken.getnframes() / spoken.getframerate() > 0.5


def test_the_chime_is_a_wav() -> None:
    with wave.open(io.BytesIO(chime_wav())) as chime:
        assert (chime.getnchannels(), chime.getsampwidth()) == (1, 2)
        assert 0.5 < chime.getnframes() / chime.getframerate() < 1.0


def test_no_sound_card_means_silence_saying_why(tmp_path: Path, settings: Settings) -> None:
    cards = tmp_path / "cards"
    cards.write_text("--- no soundcards ---\n")
    assert sound_cards(cards) == []
    sound = open_sound(settings, cards)
    assert isinstance(sound, Silence) and "no sound card" in sound.why


def test_a_listed_card_means_a_speaker(tmp_path: Path, settings: Settings) -> None:
    cards = tmp_path / "cards"
    cards.write_text(
        " 0 [Headphones     ]: bcm2835_headpho - bcm2835 Headphones\n"
        "                      bcm2835 Headphones\n"
    )
    assert sound_cards(cards) == ["0 [Headphones     ]: bcm2835_headpho - bcm2835 Headphones"]
    sound = open_sound(settings, cards)
    try:
        assert isinstance(sound, Speaker)
    finally:
        sound.close()


def test_sound_off_is_silence(settings: Settings, tmp_path: Path) -> None:
    off = Settings.for_data_dir(settings.data_dir, sound="off")
    assert isinstance(open_sound(off), Silence)


def test_aplay_failing_is_a_log_line_not_a_crash(caplog: pytest.LogCaptureFixture) -> None:
    """This machine has no sound device: the real aplay fails, and the speaker says so."""
    assert shutil.which("aplay"), "aplay (alsa-utils) is in scripts/apt-packages.txt"
    caplog.set_level(logging.WARNING)
    speaker = Speaker("hearth_no_such_device")
    speaker.announce("Pasta timer done.")  # returns at once; the speaker's thread plays
    speaker.close()
    failures = [m for m in caplog.messages if "aplay could not play" in m]
    assert len(failures) == 2  # the chime, then the words


def test_silence_logs_that_something_was_said_never_the_words(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The journal keeps log lines for weeks: a reminder or a reply is household text."""
    caplog.set_level(logging.INFO)
    silence = Silence("test")
    silence.announce("Reminder: collect Sam's prescription.")
    silence.speak("Sam is allergic to peanuts.")
    assert not any("prescription" in m or "peanuts" in m for m in caplog.messages)
    # The positive control: each sound is still a line, with its kind and length.
    assert any("a chime and 37 characters of speech were not played" in m for m in caplog.messages)
    assert any("27 characters of speech were not played" in m for m in caplog.messages)
