"""A spoken "stop" over Hearth's own voice (voice/echo.py, played.py, stop_word.py).

Real parts: SpeexDSP's canceller (libspeexdsp1), Silero VAD, Whisper tiny.en, espeak-ng
speech for Hearth's reply and for the person, the real Speaker playing through aplay into
an ALSA file device (a FIFO read in real time), the real BargeIn and Talk socket. The
kitchen in between is simulated (tests/voice/room.py): a delay, a reverberant path, a
speaker squashed at the top, hiss. Every guard has a control beside it.
"""

from __future__ import annotations

import logging
import time
from pathlib import Path

import numpy as np
import pytest

from appliance.config import Settings
from appliance.sound import Silence, Speaker
from appliance.speech import Speech, wav_bytes
from appliance.voice import echo
from appliance.voice.barge_in import BargeIn
from appliance.voice.capture import WavSource, wav_samples
from appliance.voice.echo import FRAME, EchoCanceller, EchoPath, delay_of
from appliance.voice.played import PlayedAudio
from appliance.voice.stop_phrases import StopPhrases, is_stop, own_words, said_by
from appliance.voice.stop_word import (
    WENT_ON,
    ReplyListening,
    SpokenStop,
    StopHearing,
    Utterance,
    said_stop,
)
from appliance.voice.stt import Transcriber
from appliance.voice.talk import TalkListener
from appliance.voice.vad import SileroVad
from tests.voice.room import RoomMicrophone, kitchen
from tests.voice.speech import Clip, spoken
from tests.voice.test_barge_in import RealTimeCard
from tests.voice.test_tts import fifo_speaker, wait_until_quiet  # noqa: F401  (a fixture)

RATE = 16000
REPLY = (
    "The oven should be at one hundred and eighty degrees, which is gas mark four. "
    "Put the tray on the middle shelf and leave it for twenty five minutes."
)
BEGAN = 500.0  # a reply's start on the listener's clock, offline


def _espeak(words: str, voice: str = "en-gb") -> np.ndarray:
    return np.frombuffer(spoken(Clip(words, voice, 150), lead=0.0, tail=0.0), dtype="<i2")


@pytest.fixture(scope="module")
def reply() -> np.ndarray:
    return np.concatenate([wav_samples(w) for w in Speech("espeak").wavs(REPLY)])


@pytest.fixture(scope="module")
def stop() -> np.ndarray:
    """A stop Whisper tiny.en reads through the canceller's residual (its "stop" alone, a
    short plosive word, it often writes as "Start up." or "Let's go.": docs/voice.md)."""
    return _espeak("be quiet", "en-us")


def _played(reply: np.ndarray, words: str | None = REPLY) -> PlayedAudio:
    played = PlayedAudio()
    played.started(wav_bytes(reply.tobytes(), RATE), words, BEGAN)
    return played


def _listen(
    heard: np.ndarray,
    played: PlayedAudio,
    canceller: EchoCanceller | None,
    path: EchoPath | None = None,
) -> list[Utterance]:
    """The live path's frame-by-frame listening, over a recording."""
    listening = ReplyListening(
        StopHearing(canceller, SileroVad()), played, path or EchoPath(), BEGAN
    )
    found = []
    for start in range(0, heard.size - FRAME + 1, FRAME):
        utterance = listening.push(heard[start : start + FRAME])
        if utterance is not None:
            found.append(utterance)
    return found


def _rms_db(samples: np.ndarray) -> float:
    return 10 * np.log10(np.mean(samples.astype(np.float64) ** 2) + 1.0)


# -- the words ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Stop.",
        "Stop!",
        "Okay, stop.",
        "Hearth, stop please.",
        "Stop, stop, stop!",
        "Be quiet.",
        "That's enough.",
        "Shh.",
        "Enough!",
        "Never mind.",
        "No, stop!",
        "Hold on, stop right there.",
        "Give it a rest.",
        "All right, that's enough.",
        "Oi, shut it!",
        "Pipe down, Hearth.",
        "Never mind, stop.",
        "Okay thank you, that's enough.",
        # Written down right by Whisper in held-out lines once read, and missed then.
        "Mute.",
        "Can you stop?",
        "Will you shut up?",
        "Sorry, stop there!",
        "Give over.",
        "Quit talking.",
        "Okay, okay, I get it.",
        "Hold it, Hearth.",
        "Yeah nah, stop.",
        "Hold your wheesht.",
    ],
)
def test_a_stop_as_written(text: str) -> None:
    assert is_stop(text)


@pytest.mark.parametrize(
    "text",
    [
        "Don't stop.",
        "Stop the timer.",
        "The bus stop.",
        "Stop stirring now.",
        "That's enough salt.",
        "Quiet night.",
        "",
        "Okay.",
        "No.",
        "Wait.",
        "Shut the fridge.",
        "Give it a stir.",
        "Cancel my dentist.",
        "Leave it there, Biscuit.",
        "No more wine for me.",
        "Can you pass the salt?",
        "Will you stop by the shop?",
        "Give over the ladle.",
        "Mute the telly.",
        "Hold it steady.",
        "Sorry.",
        "I get it from the butcher.",
    ],
)
def test_what_holds_a_stop_word_but_is_no_stop(text: str) -> None:
    assert not is_stop(text)


def test_a_short_transcript_that_sounds_like_a_stop_is_one() -> None:
    phrases = StopPhrases()
    for misheard in (
        "Top.",
        "Stopped.",
        "Quite.",
        "Okay, top.",
        "Stop at.",
        "Heart, stop.",
        "Hard, shut up.",
        "Stop it, Hath.",
    ):
        assert phrases.heard(misheard), misheard
    # Controls: further by sound ("Start." is 0.5 from "stop"), or a sentence.
    for other in (
        "Heart, stop the timer.",
        "Hard stop in the road.",
        "Card, stop.",
        "Shop.",
        "Stuff.",
        "Start.",
        "Okay, start.",
        "Cute.",  # one sound from "mute", which is read only as written
        "Next.",
        "Thank you.",
        "Let it rest for five minutes.",
    ):
        assert not phrases.heard(other), other


# -- the canceller ------------------------------------------------------------------


def test_the_canceller_takes_most_of_hearth_s_voice_out(reply: np.ndarray) -> None:
    heard, played = kitchen(reply, bulk=0.15)
    lined_up = np.concatenate([np.zeros(int(0.13 * RATE), np.int16), played])[: played.size]
    usable = heard.size - heard.size % FRAME
    residual = EchoCanceller().cancel(heard[:usable], lined_up[:usable])
    late = slice(3 * RATE, reply.size)  # after the first seconds it has learnt the path
    taken = _rms_db(heard[late]) - _rms_db(residual[late])
    # The control: the same canceller told nothing played takes nothing out.
    blind = EchoCanceller().cancel(heard[:usable], np.zeros(usable, np.int16))
    print(
        f"echo taken out: {taken:.1f} dB; told nothing played: "
        f"{_rms_db(heard[late]) - _rms_db(blind[late]):.1f} dB"
    )
    assert taken >= 20, taken
    assert _rms_db(heard[late]) - _rms_db(blind[late]) < 6


def test_the_echo_s_delay_is_measured(reply: np.ndarray) -> None:
    heard, played = kitchen(reply, bulk=0.23)
    window = slice(RATE, 2 * RATE)
    longest = int(0.5 * RATE)
    padded = np.concatenate([np.zeros(longest, np.int16), heard[window]])
    lag, clarity = delay_of(padded, played[RATE - longest : 2 * RATE], longest)
    assert abs(lag / RATE - (0.23 + 0.008)) < 0.002 and clarity > 8  # bulk + the direct path
    # The control: hiss against the reply has no clear delay, and the path keeps its guess.
    path = EchoPath(0.1)
    path.measure(
        np.random.default_rng(0).normal(0, 300, RATE).astype(np.int16),
        played[RATE - longest : 2 * RATE],
    )
    assert path.delay == 0.1 and not path.measured


def test_libspeexdsp_missing_is_said_plainly(monkeypatch: pytest.MonkeyPatch) -> None:
    echo._speexdsp.cache_clear()
    monkeypatch.setattr(echo.ctypes.util, "find_library", lambda name: None)
    try:
        with pytest.raises(echo.EchoUnavailable, match="apt-get install libspeexdsp1"):
            EchoCanceller()
        assert "libspeexdsp1" in (echo.available() or "")
    finally:
        monkeypatch.undo()
        echo._speexdsp.cache_clear()
    assert echo.available() is None  # the control: here it is installed


# -- hearing a person over the reply -------------------------------------------------


def test_a_stop_said_over_the_reply_is_heard_and_read(
    reply: np.ndarray, stop: np.ndarray, transcriber: Transcriber
) -> None:
    canceller, path = EchoCanceller(), EchoPath()
    warm, _ = kitchen(reply)
    _listen(warm, _played(reply, None), canceller, path)  # the reply before: it has learnt
    heard, _ = kitchen(reply, [(2.5, stop)], person_db=0.0)
    found = _listen(heard, _played(reply, None), canceller, path)
    texts = [transcriber.transcribe(u.audio) for u in found]
    print(texts, f"delay {path.delay * 1000:.0f} ms")
    assert path.measured and abs(path.delay - 0.158) < 0.003  # bulk 150 ms + the direct 8 ms
    stops = [u for u, t in zip(found, texts, strict=True) if StopPhrases().heard(t)]
    assert stops, texts
    assert all(2.3 < u.start / RATE < 3.0 for u in stops)  # where the person said it


def test_without_the_canceller_the_stop_is_lost_in_hearth_s_voice(
    reply: np.ndarray, stop: np.ndarray
) -> None:
    """The control for the test above: the same sound, not cancelled, is one long run of
    speech (Hearth's), which is never read; the person's stop goes with it."""
    heard, _ = kitchen(reply, [(2.5, stop)], person_db=0.0)
    assert _listen(heard, _played(reply, None), None) == []


def test_what_the_canceller_took_most_of_is_not_a_person(
    reply: np.ndarray, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Silero hears speech in the canceller's leftovers too; a frame is a person's only
    if less than KEPT_DB of it was taken out. Without that gate (the control), several
    times as much of Hearth's own voice becomes utterances to transcribe. No length limit
    here, so that talk too long to read cannot hide what the gate does."""
    from appliance.voice import stop_word

    monkeypatch.setattr(stop_word, "SHORTEST_TALK", 60.0)

    def own_voice_seconds() -> float:
        canceller, path = EchoCanceller(), EchoPath()
        _listen(kitchen(reply, seed=5)[0], _played(reply, None), canceller, path)
        found = _listen(kitchen(reply, seed=6)[0], _played(reply, None), canceller, path)
        return sum(u.end - u.start for u in found) / RATE

    gated = own_voice_seconds()
    monkeypatch.setattr(stop_word, "KEPT_DB", -200.0)
    ungated = own_voice_seconds()
    print(f"Hearth's own voice taken for utterances: {gated:.1f} s gated, {ungated:.1f} s not")
    assert gated < 0.5 * ungated, (gated, ungated)


def test_hearth_s_own_stop_is_not_a_person_s() -> None:
    """A stop heard at the moment Hearth's own sentence said "stop" is its echo."""
    sentence = "Whisk the whites until they hold stiff peaks and then stop."
    reply = np.zeros(4 * RATE, np.int16)  # 4 s; "stop" is at the end: about 3.8 s in
    phrases = StopPhrases()
    at_its_stop = Utterance(b"", int(3.6 * RATE), int(4.1 * RATE))
    at_its_start = Utterance(b"", int(0.2 * RATE), int(0.7 * RATE))
    own = _played(reply, sentence)
    assert not said_stop("Stop.", at_its_stop, BEGAN, 0.0, own, phrases)
    # Controls: the same moment in a sentence with no stop in it; the same sentence, but
    # the stop heard three seconds before Hearth said its own.
    assert said_stop("Stop.", at_its_stop, BEGAN, 0.0, _played(reply, REPLY), phrases)
    assert said_stop("Stop.", at_its_start, BEGAN, 0.0, own, phrases)
    # Only the heard stop's own words count: "be quiet" over Hearth's "stop" is a person's;
    # "Top." is read as "stop", so Hearth's "stop" sets it aside.
    assert said_stop("Be quiet.", at_its_stop, BEGAN, 0.0, own, phrases)
    assert not said_stop("Top.", at_its_stop, BEGAN, 0.0, own, phrases)
    # "I" and "your" say nothing about whose the stop was: Hearth says "I" in most replies.
    assert own_words("Okay, I get it.") == {"get"}
    assert own_words("Hold your wheesht.") == {"hold", "wheesht"}
    matches = said_by(own_words("Stop it!"))
    assert matches("stop") and matches("Stopping") and matches("stopped") and not matches("it")


def test_long_talk_over_the_reply_is_never_transcribed(reply: np.ndarray) -> None:
    """Conversation (longer than SHORTEST_TALK) is dropped unread; a short line is read."""
    talk = _espeak(
        "I was telling your mother about the garden and the new fence the neighbours put up"
    )
    silence = np.zeros(reply.size, np.int16)
    heard, _ = kitchen(silence, [(0.5, talk)], person_db=0.0)
    assert talk.size / RATE > 3 and _listen(heard, _played(silence, None), EchoCanceller()) == []
    short, _ = kitchen(silence, [(0.5, _espeak("pass the salt"))], person_db=0.0)
    assert len(_listen(short, _played(silence, None), EchoCanceller())) == 1  # the control


def test_a_long_stop_said_calmly_is_read() -> None:
    """The longest stops, said at 150 words a minute, are under SHORTEST_TALK with the
    quiet that ends them: at the old 2.0 s, counting that quiet, both were dropped unread."""
    silence = np.zeros(6 * RATE, np.int16)
    for line in ("no no no, stop", "hold on, stop right there"):
        heard, _ = kitchen(silence, [(0.5, _espeak(line, "en-us"))], person_db=0.0)
        [utterance] = _listen(heard, _played(silence, None), EchoCanceller())
        assert len(utterance.audio) / 2 / RATE > 2.0


# -- live: the real speaker, the listener's thread, the barge-in ------------------------


def _live(
    card: tuple[str, Path], tmp_path: Path, transcriber: Transcriber
) -> tuple[Speaker, RoomMicrophone, SpokenStop, BargeIn, TalkListener]:
    device, fifo = card
    RealTimeCard(fifo)
    played = PlayedAudio()
    speaker = Speaker(device, Speech("espeak"), played)
    room = RoomMicrophone(played, person_db=0.0)
    listener = SpokenStop(
        lambda: room, played, transcriber, SileroVad, EchoCanceller(), speaker.hush
    )
    barge = BargeIn(speaker)
    barge.talk = TalkListener(tmp_path / "talk.sock")
    barge.spoken = listener
    return speaker, room, listener, barge, barge.talk


def test_a_stop_said_while_hearth_speaks_stops_it(
    fifo_speaker: tuple[str, Path],  # noqa: F811
    tmp_path: Path,
    transcriber: Transcriber,
    stop: np.ndarray,
) -> None:
    speaker, room, listener, barge, talk = _live(fifo_speaker, tmp_path, transcriber)
    try:
        started = time.monotonic()
        barge.speaking()
        # about 18 s of espeak-ng: slack for a machine busy with other work, where the stop's
        # decoding has taken past the end of a 9 s reply (a fresh clone's run beside others)
        speaker.speak(f"{REPLY} {REPLY}")
        said_at = started + 3.5
        room.say(stop, at=said_at)
        assert barge.until_played() is True
        stopped = time.monotonic()
        print(f"stopped {stopped - said_at - stop.size / RATE:.2f} s after the stop ended")
        assert listener.heard.is_set() and wait_until_quiet(speaker)
        assert stopped - started < 14.0  # well before the reply's end
        assert room.opened == 1 and listener._thread is None  # listened, and let go
    finally:
        talk.close()
        speaker.close()


def test_without_a_stop_the_reply_plays_to_its_end_and_nothing_is_kept(
    fifo_speaker: tuple[str, Path],  # noqa: F811
    tmp_path: Path,
    transcriber: Transcriber,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The control: the same reply with a person saying something else over it."""
    caplog.set_level(logging.INFO)
    speaker, room, listener, barge, talk = _live(fifo_speaker, tmp_path, transcriber)
    try:
        started = time.monotonic()
        barge.speaking()
        speaker.speak(REPLY)
        room.say(_espeak("pass the salt"), at=started + 3.5)
        assert barge.until_played() is False
        assert time.monotonic() - started > 7.0 and not listener.heard.is_set()
    finally:
        talk.close()
        speaker.close()
    log = "\n".join(caplog.messages).lower()
    assert "salt" not in log and "pass" not in log  # what was heard is never written down


def test_a_wav_on_the_command_line_opens_no_microphone(
    fifo_speaker: tuple[str, Path],  # noqa: F811
    tmp_path: Path,
    transcriber: Transcriber,
) -> None:
    speaker, room, _, barge, talk = _live(fifo_speaker, tmp_path, transcriber)
    barge.talk = None  # hearth voice --wav: no panel, nobody to hear
    try:
        barge.speaking()
        speaker.speak("Ten minutes.")
        barge.until_played()
        assert room.opened == 0
    finally:
        talk.close()
        speaker.close()


# -- wiring --------------------------------------------------------------------------


def test_the_voice_service_listens_for_a_stop_only_when_it_can(tmp_path: Path) -> None:
    from appliance.composition import stop_word

    settings = Settings.for_data_dir(tmp_path)
    played = PlayedAudio()
    speaker = Speaker("null", Speech("espeak"), played)
    try:
        assert isinstance(stop_word(settings, speaker, None), SpokenStop)  # the control
        off = Settings.for_data_dir(tmp_path, stop_word=False)
        assert stop_word(off, speaker, None) is None
        assert stop_word(settings, Silence("a test"), None) is None  # nothing is played
        assert stop_word(settings, Speaker("null", Speech("espeak")), None) is None
    finally:
        speaker.close()


def test_played_audio_is_what_played_and_when() -> None:
    played = PlayedAudio()
    tone = (np.sin(np.arange(RATE) / 5) * 8000).astype(np.int16)
    played.started(wav_bytes(tone.tobytes(), RATE), "one", 10.0)
    window = played.between(9.5, RATE)
    assert not window[: RATE // 2].any() and window[RATE // 2 :].any()
    played.stopped(10.25)  # hushed a quarter of a second in
    after = played.between(10.25, RATE // 4)
    assert not after.any() and played.between(10.0, RATE // 4).any()


def _stop_then(pause: float) -> np.ndarray:
    """ "Stop", `pause` seconds of quiet, then the rest of a sentence said to a child."""
    words = [_espeak("stop"), np.zeros(int(pause * RATE), np.int16)]
    words.append(_espeak("Jamie, that knife is sharp"))
    heard, _ = kitchen(np.zeros(8 * RATE, np.int16), [(0.5, np.concatenate(words))], person_db=0.0)
    return heard


def test_a_stop_that_goes_on_at_once_was_said_to_someone_else() -> None:
    """ "Stop, Jamie, that knife is sharp!" comes cut at its comma, "Stop" alone first;
    speech again within WENT_ON of its end says the sentence went on. The control: the
    same words a second and a half apart, a stop and then other talk."""
    for pause, goes_on in ((0.2, True), (1.5, False)):
        heard = _stop_then(pause)
        hearing = StopHearing(EchoCanceller(), SileroVad())
        listening = ReplyListening(hearing, _played(heard, None), EchoPath(), BEGAN)
        first, start = None, 0
        while start + FRAME <= heard.size:
            found = listening.push(heard[start : start + FRAME])
            start += FRAME
            first = first or found
            if first is not None and start - first.end >= WENT_ON * RATE:
                break  # as the live listener asks: WENT_ON after the utterance
        assert first is not None and hearing.went_on(first) is goes_on, pause


def test_the_live_listener_does_not_stop_for_a_sentence_that_went_on() -> None:
    """The same through SpokenStop's own threads, with a scripted transcriber (named so)
    that reads everything as "Stop.": the voice is hushed only for the stop said alone."""

    class ScriptedStopTranscriber:
        def decode(self, audio: bytes) -> str:
            return "Stop."

    for pause, hushes in ((0.2, False), (1.5, True)):
        hushed: list[bool] = []
        heard = _stop_then(pause).astype("<i2").tobytes()
        listener = SpokenStop(
            lambda heard=heard: WavSource(heard),
            PlayedAudio(),
            ScriptedStopTranscriber(),  # type: ignore[arg-type]
            SileroVad,
            EchoCanceller(),
            lambda hushed=hushed: hushed.append(True),
        )
        listener.start()
        time.sleep(2.0)  # the file is read at once; the decision WENT_ON after the stop
        assert listener.finish() is hushes and bool(hushed) is hushes, pause


def test_the_listener_reads_the_microphone_on_time_while_it_transcribes() -> None:
    """One utterance is transcribed at a time on a thread of its own; a slow transcriber
    never holds up the microphone (a scripted transcriber, named so)."""

    class SlowScriptedTranscriber:
        def __init__(self) -> None:
            self.read: list[bytes] = []

        def decode(self, audio: bytes) -> str:
            time.sleep(0.5)
            self.read.append(audio)
            return "something else"

    scripted = SlowScriptedTranscriber()
    hushed: list[bool] = []
    listener = SpokenStop(
        None,
        PlayedAudio(),
        scripted,  # type: ignore[arg-type]
        SileroVad,
        EchoCanceller(),
        lambda: hushed.append(True),
    )
    began = time.monotonic()
    listener._read(Utterance(b"\1\0" * FRAME, 0, FRAME), began)
    listener._read(Utterance(b"\2\0" * FRAME, 0, FRAME), began)  # dropped: one at a time
    assert time.monotonic() - began < 0.1  # the microphone's thread did not wait
    assert listener.finish() is False and not hushed  # "something else" is no stop
    assert scripted.read == [b"\1\0" * FRAME]  # the first was read, once; the second dropped


def test_doctor_says_whether_a_spoken_stop_can_be_heard(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from appliance.cli.doctor import OK, WARN, check_stop_word

    settings = Settings.for_data_dir(tmp_path)
    assert check_stop_word(settings)[0].state == OK  # the control: libspeexdsp1 is here
    off = check_stop_word(Settings.for_data_dir(tmp_path, stop_word=False))[0]
    assert off.state == OK and "off" in off.detail
    echo._speexdsp.cache_clear()
    monkeypatch.setattr(echo.ctypes.util, "find_library", lambda name: None)
    try:
        missing = check_stop_word(settings)[0]
    finally:
        monkeypatch.undo()
        echo._speexdsp.cache_clear()
    assert missing.state == WARN and "apt-get install libspeexdsp1" in missing.detail


def test_a_stop_said_before_the_reply_plays_stops_the_sentence_queued_after_it(
    fifo_speaker: tuple[str, Path],  # noqa: F811
    tmp_path: Path,
    transcriber: Transcriber,
) -> None:
    """Said while the brain was still thinking: the first sentence, queued after the hush,
    is hushed too, at the next look between sentences."""
    speaker, _, listener, barge, talk = _live(fifo_speaker, tmp_path, transcriber)
    try:
        listener.heard.set()  # as the listener's thread sets it
        speaker.speak(REPLY)
        assert barge.interrupted() is True
        assert wait_until_quiet(speaker)
        # The control: with no stop heard, the same sentence is left to play.
        listener.heard.clear()
        speaker.speak(REPLY)
        assert barge.interrupted() is False and speaker.busy()
    finally:
        speaker.hush()
        talk.close()
        speaker.close()
