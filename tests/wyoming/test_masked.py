"""A word Hearth never says, heard by the recogniser, reaches Home Assistant masked
(wyoming/ears.py, voice/not_caught.py): a third trial's "Where is the spare key?" was heard,
sure, as a slur. Real speech through the real VAD and the real Wyoming server; the words
written are a scripted stand-in for Whisper's, since no clip makes Whisper write the slur
every time."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from wyoming.asr import Transcript

from tests.voice.speech import Clip, spoken
from tests.voice.test_not_caught import SureTranscriber
from tests.wyoming.conftest import Kitchen, exchange, kitchen
from tests.wyoming.test_server import _audio

SAID = spoken(Clip("Where is the spare key?"))


@pytest.fixture(scope="module")
def writes(tmp_path_factory, speech) -> Iterator[tuple[Kitchen, SureTranscriber]]:
    transcriber = SureTranscriber("")
    with kitchen(tmp_path_factory.mktemp("masked"), transcriber, speech) as made:
        yield made, transcriber


def _transcript(home: Kitchen) -> str:
    [*_, answer] = exchange(home.port, _audio(SAID), "transcript")
    return Transcript.from_event(answer).text


def test_a_word_hearth_never_says_reaches_home_assistant_masked(writes) -> None:
    home, transcriber = writes
    transcriber.text = "Where is the spacky?"
    text = _transcript(home)
    assert "spacky" not in text.lower() and "…" in text


def test_positive_control_the_words_heard_reach_home_assistant_whole(writes) -> None:
    home, transcriber = writes
    transcriber.text = "Where is the spare key?"
    assert _transcript(home) == "Where is the spare key?"
