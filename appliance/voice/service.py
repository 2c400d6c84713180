"""One utterance, start to finish: listen while Talk is held, trim, transcribe, ask, answer.

    voice = Voice(vad, transcriber, brain, sound, shown, bias)
    heard = voice.listen(source, talk)        # while Talk is held (or, after a tap, until quiet)
    result = voice.answer(heard)              # VAD, STT, the brain, the reply spoken and shown
    voice.serve(talk, microphone, stop)       # the service: Talk presses (and the wake word)

A press of Talk plays a short rising cue (listening) and the end of listening a
falling one; speech too quiet or too short to be speech gets a low double cue and
the board says "nothing heard": no request reaches the brain. Samples stay in
memory; nothing here writes audio anywhere. With a wake word on, and for a follow-up
after a reply that asks something back, the service loop is hands_free.py's.
"""

from __future__ import annotations

import datetime as dt
import logging
import re
import threading
import time
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass

from appliance.sound import Sound, chime_wav
from appliance.voice.barge_in import BargeIn
from appliance.voice.bias import Bias, repeats_prompt
from appliance.voice.brain_client import BrainClient, BrainDown
from appliance.voice.capture import (
    SAMPLE_BYTES,
    SAMPLE_RATE,
    AudioSource,
    DeviceError,
    seconds_of,
)
from appliance.voice.hands_free import HandsFree, follow_up
from appliance.voice.not_caught import NOT_CAUGHT, masked, not_caught
from appliance.voice.shown import Exchange, ShownExchange
from appliance.voice.stop_word import SpokenStop
from appliance.voice.stt import Transcriber
from appliance.voice.talk import SpeakingMark, Talk, TalkListener
from appliance.voice.vad import Ending, Vad, trim
from appliance.voice.wake import WakeWord

log = logging.getLogger(__name__)

TAP_SECONDS = 0.6  # released sooner than this: a tap, so listening ends on trailing silence
TAP_SILENCE = 0.8  # after a tap, this much quiet after speech ends the utterance
TAP_GIVE_UP = 5.0  # after a tap, this long with no speech at all ends it
HELD_SILENCE = 3.0  # while held, this much quiet after speech ends it (a lost release)
NOTHING_HEARD = "Talk: nothing heard. Hold Talk while you speak."
_SENTENCE = re.compile(r"(.+?[.!?])\s+", re.S)


def listening_cue() -> bytes:
    return chime_wav((660.0, 990.0), 0.08)


def done_cue() -> bytes:
    return chime_wav((990.0, 660.0), 0.08)


def nothing_cue() -> bytes:
    return chime_wav((330.0, 330.0), 0.12)


@dataclass(frozen=True)
class Heard:
    """What the microphone gave while Talk was held, and the VAD's answer for each frame."""

    audio: bytes
    speech: list[bool] | None = None  # None: not classified yet
    released_at: float | None = None  # time.monotonic() when listening ended


@dataclass(frozen=True)
class Result:
    heard: str
    reply: str
    asked: bool  # a request was sent to the brain
    answered: bool  # ... and the brain answered it (False: it was down, and that was said)
    speech_seconds: float  # audio left after trimming
    transcribe_seconds: float
    to_text: float | None  # seconds from the end of listening to the transcript
    to_first_word: float | None  # ... to the first sentence of the reply handed to the speaker
    written: str | None = None  # what Whisper wrote, when the closed pass placed `heard`
    asked_again: bool = False  # the words were not caught (not_caught.py): Hearth asked again


def sentences(pieces: Iterator[str]) -> Generator[str, None, None]:
    """Whole sentences out of a reply streamed in pieces, each as soon as it is complete."""
    buffer = ""
    for piece in pieces:
        buffer += piece
        while found := _SENTENCE.match(buffer):
            yield found[1].strip()
            buffer = buffer[found.end() :]
    if buffer.strip():
        yield buffer.strip()


class Voice:
    def __init__(
        self,
        vad: Vad,
        transcriber: Transcriber,
        brain: BrainClient,
        sound: Sound,
        shown: ShownExchange,
        bias: Callable[[], Bias],
        showable: Callable[[str], str],
        *,
        max_seconds: float = 15.0,
        wake: WakeWord | None = None,
        follow_up_seconds: float = 0.0,
        speaking: SpeakingMark | None = None,
        spoken_stop: SpokenStop | None = None,
    ) -> None:
        self.vad = vad
        self.transcriber = transcriber
        self.brain = brain
        self.sound = sound
        self.shown = shown
        self.bias = bias
        # What the board may show of a transcript: never text the guard refuses (a
        # password said aloud stays off the kitchen wall, as it stays out of the chat).
        self.showable = showable
        self.max_seconds = max_seconds
        self.wake = wake  # None: the wake word is off, only Talk starts listening
        self.follow_up_seconds = follow_up_seconds  # 0: never listen without a press
        self.barge_in = BargeIn(sound, speaking, spoken_stop)

    # -- listening ------------------------------------------------------------

    def listen(
        self,
        source: AudioSource,
        talk: TalkListener | None = None,
        *,
        held: threading.Event | None = None,
        until_quiet: bool = False,
        give_up: float = TAP_GIVE_UP,
    ) -> Heard:
        """Samples from `source` while Talk is held, or after a tap until the speaker stops.

        Releases come from `talk` (the panel's socket) or by clearing `held` (the
        keyboard in --simulate; a WAV: None, so the file's end or its silence ends it).
        `until_quiet`: no press to release (the wake word, a follow-up): listening ends as
        after a tap, on the speaker's silence, or after `give_up` seconds with no speech.
        Raises DeviceError for a missing or busy microphone.
        """
        pressed_at = time.monotonic()
        self.sound.play(listening_cue())
        frame = self.vad.frame_samples
        ending = Ending(self.vad, HELD_SILENCE, self.max_seconds)
        tapped = until_quiet
        if until_quiet:
            ending.silence_seconds, ending.give_up_seconds = TAP_SILENCE, give_up
        chunks: list[bytes] = []
        limit = int(self.max_seconds * SAMPLE_RATE) * SAMPLE_BYTES
        with source.open() as stream:
            size = 0
            while size < limit:
                data = stream.read(frame)
                if len(data) < frame * SAMPLE_BYTES:
                    break  # a file has ended
                chunks.append(data)
                size += len(data)
                if ending.push(data):
                    break
                if not tapped and self._released(talk, held):
                    if time.monotonic() - pressed_at >= TAP_SECONDS:
                        break  # a hold: the release ends it
                    tapped = True  # a tap: listen on until the speaker stops
                    ending.silence_seconds, ending.give_up_seconds = TAP_SILENCE, TAP_GIVE_UP
        released_at = time.monotonic()
        self.sound.play(done_cue())
        return Heard(b"".join(chunks), ending.speech, released_at)

    @staticmethod
    def _released(talk: TalkListener | None, held: threading.Event | None) -> bool:
        if held is not None:
            return not held.is_set()
        if talk is not None:
            event = talk.receive(0)
            return event is not None  # a release, or a second press: stop either way
        return False

    # -- answering ------------------------------------------------------------

    def answer(
        self, heard: Heard | bytes, *, quietly: bool = False, repeated: bool = False
    ) -> Result:
        """Trim, transcribe, ask the brain, speak and show the reply. Never raises for a
        person's problem (nothing said, the brain down): the result and the board say it.
        `quietly`: nothing heard is no problem (a follow-up nobody answered): no cue, and
        the board is left as it was."""
        if isinstance(heard, bytes):
            heard = Heard(heard)
        released_at = heard.released_at or time.monotonic()
        speech = trim(heard.audio, self.vad, heard.speech)
        seconds = seconds_of(speech)
        if not speech:
            return self._nothing(0.0, 0.0, quietly)
        started = time.monotonic()
        bias = self.bias()
        text = self.transcriber.transcribe(speech, bias)
        transcribed = time.monotonic()
        if not _has_words(text) or repeats_prompt(text, bias):
            # Whisper writing its own prompt back heard no speech: never an instruction.
            return self._nothing(seconds, transcribed - started, quietly)
        # A follow-up's answer is the brain's to read, however unsure: a short "the rice"
        # after "Which one?" often is, and the brain knows the question it asked. Words
        # said again after "Could you say it again?" (`repeated`) had no question before
        # them, and are read as the first were.
        unsure = self.transcriber.last_unsure
        if (not quietly or repeated) and not_caught(text, bias, unsure):
            return self._ask_again(text, seconds, transcribed - started, released_at)
        log.info(
            "heard %d chars in %.1f s of speech (%.2f s to transcribe)",
            len(text),
            seconds,
            transcribed - started,
        )
        spoken: list[str] = []
        first_word = None
        answered = True
        stopped = False
        self.barge_in.speaking()
        reply_sentences = sentences(self.brain.reply(text))
        try:
            for sentence in reply_sentences:
                self.sound.speak(sentence)
                if first_word is None:
                    first_word = time.monotonic() - released_at
                spoken.append(sentence)
                if stopped := self.barge_in.interrupted():
                    break  # the rest of the reply is not fetched, made or said
            reply = " ".join(spoken)
        except BrainDown as down:
            answered = False
            log.warning("%s", down)
            self.sound.speak(down.said)
            reply = " ".join([*spoken, down.said])
        finally:
            reply_sentences.close()
        # Playing ends before anything listens again (a follow-up must not hear Hearth).
        stopped = self.barge_in.until_played() or stopped
        if stopped:
            reply = f"{reply} (stopped)"
        self.shown.write(Exchange(self.showable(text), reply, _now()))
        return Result(
            text,
            reply,
            True,
            answered,
            seconds,
            transcribed - started,
            transcribed - released_at,
            first_word,
            self.transcriber.last_written,
        )

    def _ask_again(
        self, text: str, seconds: float, transcribing: float, released_at: float
    ) -> Result:
        """Say the words were not caught (not_caught.py), show what was heard, and send
        nothing on."""
        log.info("heard %d chars the recogniser was unsure of: asked again", len(text))
        text = masked(text)  # a word Hearth never says is never shown either
        self.barge_in.speaking()
        self.sound.speak(NOT_CAUGHT)
        first_word = time.monotonic() - released_at
        stopped = self.barge_in.until_played()
        reply = f"{NOT_CAUGHT} (stopped)" if stopped else NOT_CAUGHT
        self.shown.write(Exchange(self.showable(text), reply, _now()))
        return Result(
            text,
            reply,
            False,
            True,
            seconds,
            transcribing,
            transcribing,
            first_word,
            asked_again=True,
        )

    def _nothing(self, seconds: float, transcribing: float, quietly: bool = False) -> Result:
        if quietly:
            log.info("no answer to the follow-up (%.1f s of speech-like sound)", seconds)
            return Result("", "", False, False, seconds, transcribing, None, None)
        self.sound.play(nothing_cue())
        self.shown.write(Exchange("", NOTHING_HEARD, _now()))
        log.info("Talk: nothing heard (%.1f s of speech-like sound)", seconds)
        return Result("", NOTHING_HEARD, False, False, seconds, transcribing, None, None)

    # -- the service ------------------------------------------------------------

    def serve(
        self,
        talk: TalkListener,
        microphone: Callable[[], AudioSource],
        stop: threading.Event,
        on_turn: Callable[[], None] | None = None,
    ) -> None:
        """Answer each press of Talk until `stop` is set; the microphone is found per press.
        With a wake word, the microphone is watched between presses (hands_free.py)."""
        self.barge_in.talk = talk
        if self.barge_in.spoken is not None:
            self.barge_in.spoken.microphone = microphone
        if self.wake is not None:
            HandsFree(self, self.wake).serve(talk, microphone, stop, on_turn)
            return
        while not stop.is_set():
            if on_turn is not None:
                on_turn()
            event = self.barge_in.take_press() or talk.receive(0.5)
            if event is None or event.kind is not Talk.PRESS:
                continue  # a release without its press (dropped, or from before a restart)
            try:
                heard = self.listen(microphone(), talk)
            except DeviceError as exc:
                self.cannot_hear(exc)
                continue
            follow_up(self, self.answer(heard), microphone, talk)

    def cannot_hear(self, exc: DeviceError) -> None:
        log.error("%s", exc)
        self.sound.speak("I can't hear: the microphone is missing or busy.")
        self.shown.write(Exchange("", str(exc), _now()))


def _has_words(text: str) -> bool:
    return any(ch.isalnum() for ch in text)


def _now() -> dt.datetime:
    return dt.datetime.now()
