"""Words the recogniser was unsure of, which no rule reads as a request, are asked again,
never sent to the brain (not_caught.py; stt.UNSURE_LOGPROB).

Through the real wiring (VAD, the session's Whisper, the loopback endpoint with the scripted
chat service): words no one can make out, said fast in espeak-ng's Scottish voice, are
written as other words ("Flim the well done tree by the quandals."), with a low
log-probability (-0.8 in tiny.en, the session's model)."""

from __future__ import annotations

import pytest

from appliance.voice import stt
from appliance.voice.capture import WavSource
from appliance.voice.not_caught import NOT_CAUGHT
from appliance.voice.shown import ShownExchange
from tests.voice.speech import Clip, spoken

GARBLED = Clip("Flimb the worzel gantry by the quandle", "en-gb-scotland", 190)
QUESTION = Clip("what's on the shopping list", "en-us", 150)


def test_unsure_words_are_asked_again_and_never_reach_the_brain(
    scripted_web, make_voice, data_dir
) -> None:
    with make_voice(scripted_web) as voice:
        result = voice.answer(voice.listen(WavSource(spoken(GARBLED))))
        assert voice.transcriber.last_unsure, result.heard
        assert (result.asked, result.reply) == (False, NOT_CAUGHT)
        assert scripted_web.chat.calls == []
        line = ShownExchange(data_dir).line()
        assert line is not None and NOT_CAUGHT in line and result.heard in line  # shown
        control = voice.answer(voice.listen(WavSource(spoken(QUESTION))))
    assert not voice.transcriber.last_unsure
    assert control.asked and len(scripted_web.chat.calls) == 1


def test_without_the_rule_the_same_words_are_answered(
    scripted_web, make_voice, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(stt, "UNSURE_LOGPROB", float("-inf"))
    with make_voice(scripted_web) as voice:
        result = voice.answer(voice.listen(WavSource(spoken(GARBLED))))
    assert result.asked and len(scripted_web.chat.calls) == 1


class UnsureTranscriber:
    """A scripted stand-in for Whisper: writes `text`, unsure of it."""

    last_written = None
    last_unsure = True

    def __init__(self, text: str) -> None:
        self.text = text

    def transcribe(self, audio: bytes, bias: object = None) -> str:
        return self.text


def test_unsure_words_the_rules_read_as_a_command_are_acted_on(scripted_web, make_voice):
    with make_voice(scripted_web) as voice:
        voice.transcriber = UnsureTranscriber("Set a timer for ten minutes.")
        acted = voice.answer(voice.listen(WavSource(spoken(QUESTION))))
        voice.transcriber = UnsureTranscriber("Sooth the room and top.")  # the control
        asked_again = voice.answer(voice.listen(WavSource(spoken(QUESTION))))
    assert acted.asked and [call[0] for call in scripted_web.chat.calls] == [acted.heard]
    assert not asked_again.asked and asked_again.reply == NOT_CAUGHT


def test_a_follow_up_answer_is_the_brain_s_to_read_however_unsure(scripted_web, make_voice):
    """ "the rice" after "Which one?" is short, and often unsure: the brain knows the question."""
    with make_voice(scripted_web) as voice:
        voice.transcriber = UnsureTranscriber("The rice.")
        answer = voice.answer(voice.listen(WavSource(spoken(QUESTION))), quietly=True)
    assert answer.asked and len(scripted_web.chat.calls) == 1


def test_asking_again_listens_and_reads_the_words_said_again_as_the_first(
    scripted_web, make_voice
) -> None:
    """After "Could you say it again?" Talk listens without a press; words said again that
    are still not caught are asked for again, never sent on. The control: words said again
    and caught are answered."""
    from appliance.voice.hands_free import follow_up

    question = spoken(QUESTION)
    with make_voice(scripted_web, follow_up_seconds=5.0) as voice:
        voice.transcriber = UnsureTranscriber("Sooth the room and top.")
        first = voice.answer(voice.listen(WavSource(question)))
        again = follow_up(voice, first, lambda: WavSource(question))
        assert first.asked_again and again.asked_again and not again.asked
        assert scripted_web.chat.calls == []
        voice.transcriber.last_unsure = False  # heard clearly the second time
        caught = follow_up(voice, first, lambda: WavSource(question))
    assert caught.asked and len(scripted_web.chat.calls) == 1


def test_unsure_is_a_low_log_probability_and_nothing_else() -> None:
    assert stt.unsure(stt.UNSURE_LOGPROB - 0.01)
    assert not stt.unsure(stt.UNSURE_LOGPROB + 0.01)
    assert not stt.unsure(None)  # no words: nothing to be unsure of


class SureTranscriber(UnsureTranscriber):
    """A scripted stand-in for Whisper: writes `text`, sure of it."""

    last_unsure = False


def test_a_word_hearth_never_says_is_asked_again_and_never_shown(
    scripted_web, make_voice, data_dir
) -> None:
    """A third trial's "Where is the spare key?" was heard, sure, as a slur, and the reply
    said it aloud. Heard so, it is asked again, sent nowhere and shown masked."""
    with make_voice(scripted_web) as voice:
        for heard in ("Where is the spacky?", "Add spacky to the shopping list."):
            voice.transcriber = SureTranscriber(heard)
            result = voice.answer(voice.listen(WavSource(spoken(QUESTION))))
            assert (result.asked, result.reply) == (False, NOT_CAUGHT)
            assert "spacky" not in result.heard and "…" in result.heard
            line = ShownExchange(data_dir).line()
            assert line is not None and "spacky" not in line.lower()
        assert scripted_web.chat.calls == []
        voice.transcriber = SureTranscriber("Where is the spare key?")  # the control
        control = voice.answer(voice.listen(WavSource(spoken(QUESTION))))
    assert control.asked and [c[0] for c in scripted_web.chat.calls] == [control.heard]
