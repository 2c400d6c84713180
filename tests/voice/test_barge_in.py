"""Barge-in: a press stops Hearth's voice at once; Talk is then heard without a second press.

Real parts: aplay into an ALSA `type file` device writing to a FIFO (it blocks as a
sound card does), espeak-ng speech, the real Talk socket and the speaking mark.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from appliance.composition import hush_sender
from appliance.config import Settings
from appliance.sound import Speaker
from appliance.speech import Speech
from appliance.voice.barge_in import BargeIn
from appliance.voice.talk import SpeakingMark, Talk, TalkListener, TalkSender
from tests.voice.test_tts import (  # noqa: F401  (fifo_speaker is a fixture)
    _wait_until_playing,
    fifo_speaker,
    wait_until_quiet,
)

LONG = (
    "The oven should be heated to one hundred and eighty degrees, which is gas mark four, "
    "and the chicken wants an hour and a half with a rest of ten minutes before carving."
)


class RealTimeCard:
    """The FIFO's far end read at espeak-ng's rate (22,050 16-bit samples a second), so
    aplay blocks as it would on a sound card and a sentence takes as long as it sounds."""

    def __init__(self, fifo: Path, bytes_per_second: int = 44_100) -> None:
        self.heard = 0
        self._step = bytes_per_second // 20
        threading.Thread(target=self._read, args=(fifo,), daemon=True).start()

    def _read(self, fifo: Path) -> None:
        while True:  # aplay opens the FIFO once per sound
            with open(fifo, "rb") as end:
                while chunk := end.read(self._step):
                    self.heard += len(chunk)
                    time.sleep(0.05)


@dataclass
class Speaking:
    """A real speaker on a card that plays in real time, and the service's end of Talk."""

    speaker: Speaker
    talk: TalkListener
    barge: BargeIn


@pytest.fixture
def speaking(
    fifo_speaker: tuple[str, Path],  # noqa: F811
    tmp_path: Path,
) -> Iterator[Speaking]:
    device, fifo = fifo_speaker
    RealTimeCard(fifo)
    speaker = Speaker(device, Speech("espeak"))
    talk = TalkListener(tmp_path / "talk.sock")
    barge = BargeIn(speaker, SpeakingMark(tmp_path / "speaking"))
    barge.talk = talk
    try:
        yield Speaking(speaker, talk, barge)
    finally:
        talk.close()
        speaker.close()


def test_a_talk_press_stops_the_voice_and_is_kept_for_listening(speaking: Speaking) -> None:
    speaker, barge, mark = speaking.speaker, speaking.barge, speaking.barge.mark
    assert mark is not None
    barge.speaking()
    speaker.speak(LONG)
    _wait_until_playing(speaker)
    press_at: list[float] = []

    def press() -> None:
        time.sleep(0.5)
        press_at.append(time.monotonic())
        TalkSender(speaking.talk.path).send(Talk.PRESS)

    threading.Thread(target=press).start()
    assert mark.on()  # the panel sees that the voice is speaking
    assert barge.until_played() is True
    stopped_after = time.monotonic() - press_at[0]
    print(f"stopped {stopped_after * 1000:.0f} ms after the press")
    # At once, not at the sentence's end (nine seconds): 50 ms polls, bounded loosely
    # so a loaded CI machine does not fail it.
    assert stopped_after < 1.0, stopped_after
    assert wait_until_quiet(speaker) and not mark.on()
    press_event = barge.take_press()
    assert press_event is not None and press_event.kind is Talk.PRESS
    assert barge.take_press() is None  # kept once


def test_without_a_press_the_reply_plays_to_its_end(speaking: Speaking) -> None:
    """The positive control: the same reply, nobody presses; it plays whole and takes time."""
    speaker, barge = speaking.speaker, speaking.barge
    started = time.monotonic()
    speaker.speak(LONG)
    _wait_until_playing(speaker)
    TalkSender(speaking.talk.path).send(Talk.RELEASE)  # a release alone stops nothing
    assert barge.until_played() is False
    assert time.monotonic() - started > 3.0  # espeak-ng's ~9 s sentence, at 22 kHz raw
    assert barge.take_press() is None and not speaker.busy()


def test_other_buttons_send_a_hush_only_while_the_mark_is_fresh(tmp_path: Path) -> None:
    settings = Settings.for_data_dir(tmp_path / "data", runtime_dir=tmp_path / "run")
    talk = TalkListener(settings.runtime_path / "talk.sock")
    mark = SpeakingMark.of(settings)
    hush = hush_sender(settings)
    try:
        assert hush() is False and talk.receive(0.2) is None  # nothing said: no hush
        mark.refresh()
        assert hush() is True
        event = talk.receive(1.0)
        assert event is not None and event.kind is Talk.HUSH
        # A mark a dead voice service left behind is not "speaking": buttons work again.
        old = time.time() - 60
        os.utime(mark.path, (old, old))
        assert hush() is False and talk.receive(0.2) is None
        mark.refresh()  # a voice service that speaks again freshens the same file
        assert mark.on() and hush() is True
    finally:
        talk.close()
