"""Hands free: the wake word between presses, and a follow-up without a press.

With a wake word on, the service keeps the microphone open between utterances and feeds
each 80 ms frame to the detector (wake.py), then lets it go: the only sound held before
a wake is the detector's own window (the last few seconds, in memory, shifting out as it
ages). At the wake the window is zeroed, then listening starts on the same stream, as
after a tap of Talk (the listening cue; it ends on the speaker's silence). So nothing
said before the wake word is transcribed, sent, or kept. A Talk press while watching is
answered as always, on the same stream. The microphone is closed while Hearth answers,
so its own voice never reaches the detector, and whatever the device buffered meanwhile
is dropped.

A follow-up: after a reply that asks something back ("For how long?"), voice listens
`follow_up_seconds` for the answer without a press, with the listening cue and the board
saying "Listening…". Nothing said: it gives up quietly (no cue, the board as it was).
"""

from __future__ import annotations

import contextlib
import dataclasses
import enum
import logging
import threading
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from appliance.voice.capture import SAMPLE_BYTES, AudioSource, DeviceError, Stream
from appliance.voice.talk import Talk, TalkListener
from appliance.voice.wake import FRAME_SAMPLES, WakeWord

if TYPE_CHECKING:
    from appliance.voice.service import Heard, Result, Voice

log = logging.getLogger(__name__)

FOLLOW_UP_TURNS = 3  # questions in a row answered without a press; then a press again
NO_MICROPHONE_WAIT = 2.0  # seconds between looks for a microphone that is missing


class Start(enum.Enum):
    WAKE = "wake"  # the wake word was heard
    PRESS = "press"  # Talk was pressed
    ENDED = "ended"  # the source ran out (a file) or the service is stopping


class _Opened:
    """An already-open stream as a source: listening goes on from where watching stopped."""

    def __init__(self, stream: Stream, name: str) -> None:
        self._stream = stream
        self._name = name

    def describe(self) -> str:
        return self._name

    @contextlib.contextmanager
    def open(self) -> Iterator[Stream]:
        yield self._stream


def watch(
    wake: WakeWord,
    stream: Stream,
    talk: TalkListener | None,
    stop: threading.Event,
    on_turn: Callable[[], None] | None = None,
) -> Start:
    """Frames to the detector until the wake word, a Talk press, the end, or `stop`.

    Every frame is scored and dropped; at a wake or a press the detector's window is
    zeroed, so none of what it heard outlives this call.
    """
    wake.reset()
    size = FRAME_SAMPLES * SAMPLE_BYTES
    try:
        while not stop.is_set():
            if on_turn is not None:
                on_turn()
            frame = stream.read(FRAME_SAMPLES)
            if len(frame) < size:
                return Start.ENDED
            if wake.push(frame):
                log.info("wake word %r heard (score %.2f)", wake.phrase, wake.last_score)
                return Start.WAKE
            event = talk.receive(0) if talk is not None else None
            if event is not None and event.kind is Talk.PRESS:
                return Start.PRESS
        return Start.ENDED
    finally:
        wake.reset()


class HandsFree:
    """The service loop with a wake word: watch, listen, answer, follow up; again."""

    def __init__(self, voice: Voice, wake: WakeWord) -> None:
        self.voice = voice
        self.wake = wake
        self._missing: str | None = None  # the last microphone problem logged

    def serve(
        self,
        talk: TalkListener,
        microphone: Callable[[], AudioSource],
        stop: threading.Event,
        on_turn: Callable[[], None] | None = None,
    ) -> None:
        while not stop.is_set():
            if on_turn is not None:
                on_turn()
            try:
                heard = self._next(talk, microphone, stop, on_turn)
            except DeviceError as exc:
                self._no_microphone(exc, talk)
                continue
            if heard is not None:
                follow_up(self.voice, self.voice.answer(heard), microphone, talk)

    def _next(
        self,
        talk: TalkListener,
        microphone: Callable[[], AudioSource],
        stop: threading.Event,
        on_turn: Callable[[], None] | None,
    ) -> Heard | None:
        """One utterance, started by the wake word or a press; None when nothing started."""
        source = microphone()
        with source.open() as stream:
            self._missing = None
            if self.voice.barge_in.take_press() is not None:
                started = Start.PRESS  # Talk stopped the last reply: listen at once
            else:
                started = watch(self.wake, stream, talk, stop, on_turn)
            if started is Start.ENDED:
                return None
            opened = _Opened(stream, source.describe())
            if started is Start.WAKE:
                return self.voice.listen(opened, talk, until_quiet=True)
            return self.voice.listen(opened, talk)

    def _no_microphone(self, exc: DeviceError, talk: TalkListener) -> None:
        """No microphone to watch: log it once, answer a press as Talk does, look again."""
        if str(exc) != self._missing:
            log.error("the wake word cannot listen: %s", exc)
            self._missing = str(exc)
        event = talk.receive(NO_MICROPHONE_WAIT)
        if event is not None and event.kind is Talk.PRESS:
            self.voice.cannot_hear(exc)


def asks_back(result: Result) -> bool:
    """A reply that ends in a question: Hearth wants an answer ("For how long?")."""
    return result.answered and result.reply.rstrip().endswith("?")


def follow_up(
    voice: Voice,
    result: Result,
    microphone: Callable[[], AudioSource],
    talk: TalkListener | None = None,
) -> Result:
    """After a reply that asks something back, listen for the answer without a press."""
    turns = 0
    while voice.follow_up_seconds > 0 and asks_back(result) and turns < FOLLOW_UP_TURNS:
        turns += 1
        shown = voice.shown.current()
        if shown is not None:
            voice.shown.write(dataclasses.replace(shown, listening=True))
        try:
            heard = voice.listen(
                microphone(), talk, until_quiet=True, give_up=voice.follow_up_seconds
            )
        except DeviceError as exc:
            log.warning("no follow-up: %s", exc)
            heard = None
        result = voice.answer(heard, quietly=True) if heard is not None else result
        if heard is None or not result.asked:
            if shown is not None:
                voice.shown.write(shown)  # the board as it was: no "Listening…" left behind
            break
    return result
