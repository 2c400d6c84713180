"""A spoken "stop" while Hearth speaks: barge-in by voice, over Hearth's own voice.

While a reply plays, the microphone is open (only then, and only for this). Each 16 ms
of what it hears has Hearth's own voice taken out (echo.py, with what the speaker played
as the reference, played.py); the VAD listens to what remains, and a short utterance
(at most SHORTEST_TALK seconds: a command, not a conversation) is transcribed and read.
If it says stop ("stop", "okay stop", "that's enough", "be quiet"), and no more words
follow at once (WENT_ON: "Stop, Jamie, that knife is sharp!" is said to someone else),
the speaker is hushed. Anything else heard is dropped: no audio is kept, no transcript is logged or
shown, and longer talk is never even transcribed.

Hearth never stops itself: a "stop" heard near the moment Hearth's own sentence said
that word ("...then stop stirring") is taken as its own echo, not a person.

    stop = StopHearing(EchoCanceller(), vad)                    # the pure part: frames in
    utterance = stop.push(heard, played)                       # a residual utterance, or None
    listener = SpokenStop(microphone, played, transcriber, vad_factory, canceller, sound.hush)
    listener.start(); ...; listener.finish()                  # around one reply
"""

from __future__ import annotations

import collections
import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from appliance.voice.capture import SAMPLE_BYTES, SAMPLE_RATE, AudioSource, DeviceError
from appliance.voice.echo import FRAME, LONGEST_DELAY, EchoCanceller, EchoPath, rms
from appliance.voice.played import PlayedAudio
from appliance.voice.stop_phrases import LONGEST_STOP, StopPhrases, own_words, said_by
from appliance.voice.vad import ONSET_FRAMES, PAD_SECONDS, Vad

if TYPE_CHECKING:
    from appliance.voice.stt import Transcriber

log = logging.getLogger(__name__)

# Talk longer than this is conversation, not "stop", and is never read: the longest stop
# (LONGEST_STOP words) said at a calm 150 words a minute, with the lead kept before it. At
# 2.0 s, counting the quiet after it too, espeak-ng's "no no no, stop" was never read.
SHORTEST_TALK = LONGEST_STOP * 60 / 150 + PAD_SECONDS
END_SILENCE = 0.3  # this much quiet after speech ends an utterance
# Speech again this soon after an utterance ended: it was the start of a longer sentence
# said to someone else ("Stop, Jamie, that knife is sharp!", "Never mind, I found it"),
# cut where it paused (at a comma, or where Hearth's voice drowned a word), not a stop.
# With END_SILENCE, up to about 0.7 s of quiet between the words: a comma's pause and
# more. On this machine it delays a stop by up to 0.5 s less the decoding; on a Pi the
# decoding alone takes longer.
WENT_ON = 0.5
MARGIN = 0.02  # the reference is fed this much early, so the filter's path stays causal
WINDOW = 1.0  # seconds of sound each measurement of the delay looks at
MEASURE_EVERY = 0.5
# While Hearth's voice plays, a frame is a person's only if the canceller took out less
# than this much of it: its own echo leaves -20 to -45 dB, a person over it -4 to -13.
KEPT_DB = -13.0
QUIET_REFERENCE = 100.0  # RMS of what played below which nothing is playing
ECHO_RINGS = 0.3  # seconds a kitchen rings on after a sound: still echo, not a person


@dataclass(frozen=True)
class Utterance:
    audio: bytes  # the residual: the room without Hearth's voice
    start: int  # sample indices into what was pushed
    end: int


class StopHearing:
    """Frames of the microphone and the lined-up reference in; short utterances out."""

    def __init__(self, canceller: EchoCanceller | None, vad: Vad) -> None:
        self.canceller = canceller  # None: no cancelling (to measure what it is worth)
        self.vad = vad
        self.vad.reset()
        # What was heard, what played and the residual, not yet a whole VAD frame.
        self._pending = np.zeros((3, 0), dtype=np.int16)
        self._pushed = 0  # samples of residual handed to the VAD
        self._pad = int(PAD_SECONDS * SAMPLE_RATE)
        self._before: collections.deque[np.ndarray] = collections.deque()
        self._speech: list[np.ndarray] = []
        self._start = 0
        self._run = 0
        self._quiet = 0
        self._talking = False  # longer than SHORTEST_TALK: waiting for it to end, unread
        # The samples at which a person last began to speak (a few: on a Pi a stop is still
        # being decoded while the sentence it began goes on, comma by comma).
        self._onsets: collections.deque[int] = collections.deque(maxlen=8)
        self._played_lately: collections.deque[float] = collections.deque(
            maxlen=max(1, round(ECHO_RINGS * SAMPLE_RATE / vad.frame_samples)) + 1
        )

    def push(self, heard: np.ndarray, played: np.ndarray) -> Utterance | None:
        residual = heard if self.canceller is None else self.canceller.cancel(heard, played)
        rows = np.stack([heard, played, residual])
        self._pending = np.concatenate([self._pending, rows], 1)
        size = self.vad.frame_samples
        found = None
        while self._pending.shape[1] >= size:
            frames, self._pending = self._pending[:, :size], self._pending[:, size:]
            found = self._frame(*frames) or found
            self._pushed += size
        return found

    def went_on(self, utterance: Utterance) -> bool:
        """A person began to speak again within WENT_ON of `utterance`'s end (only the
        sound pushed so far can say so: wait WENT_ON after it before asking)."""
        soon = utterance.end + WENT_ON * SAMPLE_RATE
        return any(utterance.end < onset <= soon for onset in self._onsets)

    def is_person(self, heard: np.ndarray, played: np.ndarray, frame: np.ndarray) -> bool:
        """The VAD hears speech in the residual, and it is not what is left of Hearth's."""
        self._played_lately.append(rms(played))
        if not self.vad.is_speech(frame.tobytes()):
            return False
        if self.canceller is None or max(self._played_lately) < QUIET_REFERENCE:
            return True
        return 20 * np.log10((rms(frame) + 1) / (rms(heard) + 1)) >= KEPT_DB

    def _frame(self, heard: np.ndarray, played: np.ndarray, frame: np.ndarray) -> Utterance | None:
        speech = self.is_person(heard, played, frame)
        size = frame.size
        if not self._speech:
            self._before.append(frame)
            while len(self._before) * size > self._pad + ONSET_FRAMES * size:
                self._before.popleft()
            self._run = self._run + 1 if speech else 0
            if self._run >= ONSET_FRAMES:
                self._onsets.append(self._pushed + size)
                self._speech = list(self._before)
                self._start = self._pushed + size - len(self._speech) * size
                self._before.clear()
                self._quiet = 0
            return None
        self._speech.append(frame)
        self._quiet = 0 if speech else self._quiet + 1
        # The talk's own length: the quiet that will end it is not talk.
        length = (len(self._speech) - self._quiet) * size / SAMPLE_RATE
        if length > SHORTEST_TALK:
            self._talking = True  # conversation: dropped as it goes, never read
            self._speech = self._speech[-1:]
        if self._quiet * size / SAMPLE_RATE < END_SILENCE:
            return None
        utterance = None
        if not self._talking:
            audio = np.concatenate(self._speech)
            utterance = Utterance(audio.tobytes(), self._start, self._pushed + size)
        self._speech, self._talking, self._run = [], False, 0
        return utterance


class ReplyListening:
    """One reply's microphone, frame by frame, lined up with what the speaker played.

    The microphone's own clock is its sample count from `began`; what played at the
    moment a frame was heard is looked up `path.delay` earlier (less MARGIN, so the
    filter's path starts after its first tap), and the delay is measured again every
    MEASURE_EVERY seconds on the last WINDOW seconds heard."""

    def __init__(
        self, hearing: StopHearing, played: PlayedAudio, path: EchoPath, began: float
    ) -> None:
        self.hearing = hearing
        self.played = played
        self.path = path
        self.began = began
        self._count = 0
        self._measured_at = 0
        self._lately = np.zeros(0, dtype=np.int16)
        self._history = int((WINDOW + LONGEST_DELAY) * SAMPLE_RATE)

    def push(self, heard: np.ndarray) -> Utterance | None:
        """One FRAME of the microphone; an utterance of the residual when one has ended."""
        at = self.began + self._count / SAMPLE_RATE
        self._count += heard.size
        self._lately = np.concatenate([self._lately, heard])[-self._history :]
        window = int(WINDOW * SAMPLE_RATE)
        if self._count - self._measured_at >= MEASURE_EVERY * SAMPLE_RATE and (
            self._count >= window
        ):
            self._measured_at = self._count
            earliest = self.began + self._count / SAMPLE_RATE - WINDOW - LONGEST_DELAY
            longest = int(LONGEST_DELAY * SAMPLE_RATE)
            self.path.measure(
                self._lately[-window:], self.played.between(earliest, window + longest)
            )
        played = self.played.between(at - self.path.delay + MARGIN, heard.size)
        return self.hearing.push(heard, played)


class SpokenStop:
    """The listener around one reply: `start` opens the microphone on its own thread,
    `finish` closes it; `heard` is set (and `on_stop` called) when a person said stop."""

    def __init__(
        self,
        microphone: Callable[[], AudioSource] | None,
        played: PlayedAudio,
        transcriber: Transcriber,
        vad: Callable[[], Vad],
        canceller: EchoCanceller,
        on_stop: Callable[[], None],
    ) -> None:
        self.microphone = microphone
        self.played = played
        self.transcriber = transcriber
        self.vad = vad
        self.canceller = canceller
        self.on_stop = on_stop
        self.phrases = StopPhrases()
        self.path = EchoPath()
        self.heard = threading.Event()
        self._finish = threading.Event()
        self._thread: threading.Thread | None = None
        self._reading: threading.Thread | None = None
        self._hearing: StopHearing | None = None  # this reply's, made on its first frame

    def start(self) -> None:
        self.heard.clear()
        self._finish.clear()
        self._thread = threading.Thread(target=self._listen, name="stop-word", daemon=True)
        self._thread.start()

    def finish(self) -> bool:
        """Stop listening (the reply is over); True if a person said stop."""
        self._finish.set()
        for thread in (self._thread, self._reading):
            if thread is not None:
                thread.join(5.0)
        self._thread = self._reading = None
        return self.heard.is_set()

    def _listen(self) -> None:
        if self.microphone is None:
            return  # not serving (a WAV on the command line): nobody to hear
        try:
            source = self.microphone()
            with source.open() as stream:
                self._hear(stream)
        except DeviceError as exc:
            log.warning("no spoken stop during this reply: %s", exc)
        except Exception:  # the listener must never take the reply down with it
            log.exception("the stop word's listener failed; a press still stops the voice")

    def _hear(self, stream: object) -> None:
        listening: ReplyListening | None = None
        while not self._finish.is_set() and not self.heard.is_set():
            data = stream.read(FRAME)  # type: ignore[attr-defined]
            if len(data) < FRAME * SAMPLE_BYTES:
                return  # a file has ended
            if listening is None:
                # The microphone's clock starts at its first sample: the frame just read.
                began = time.monotonic() - FRAME / SAMPLE_RATE
                self._hearing = StopHearing(self.canceller, self.vad())
                listening = ReplyListening(self._hearing, self.played, self.path, began)
            utterance = listening.push(np.frombuffer(data, dtype="<i2"))
            if utterance is not None:
                self._read(utterance, listening.began)

    def _read(self, utterance: Utterance, began: float) -> None:
        """Transcribe on a thread of its own, so the microphone is read on time meanwhile;
        one at a time (a second utterance while one is read is dropped)."""
        if self._reading is not None and self._reading.is_alive():
            return
        self._reading = threading.Thread(
            target=self._decide,
            args=(utterance, began, time.monotonic()),
            name="stop-word-read",
            daemon=True,
        )
        self._reading.start()

    def _decide(self, utterance: Utterance, began: float, ended: float) -> None:
        text = self.transcriber.decode(utterance.audio)
        if not said_stop(text, utterance, began, self.path.delay, self.played, self.phrases):
            return
        # On a Pi the decoding takes longer than WENT_ON, so this rarely waits at all.
        if self._finish.wait(max(0.0, ended + WENT_ON - time.monotonic())):
            return  # the reply was over before the stop was read
        if self._hearing is not None and self._hearing.went_on(utterance):
            log.info("a stop, then more words at once: said to someone else, not a stop")
            return
        log.info("barge-in: a spoken stop stopped the voice")
        self.heard.set()
        self.on_stop()


def said_stop(
    text: str,
    utterance: Utterance,
    began: float,
    delay: float,
    played: PlayedAudio,
    phrases: StopPhrases,
) -> bool:
    """A person said stop: the transcript reads as one, and Hearth was not saying one
    itself then (its own "then stop stirring", left over by the canceller)."""
    reading = phrases.reading(text)
    if reading is None:
        log.info("heard over the reply: not a stop (%d characters, dropped)", len(text))
        return False
    start = began + utterance.start / SAMPLE_RATE - delay
    end = began + utterance.end / SAMPLE_RATE - delay
    if played.said_between(start, end, said_by(own_words(reading))):
        log.info("heard a stop while Hearth's own words said one: taken as its echo")
        return False
    return True
