"""Hands free: the wake word between presses, and a follow-up without a press.

With a wake word on, the service keeps the microphone open between utterances and feeds
each 80 ms frame to the detector (wake.py), then lets it go: the only sound held before
a wake is the detector's own window (the last few seconds, in memory, shifting out as it
ages). At the wake the window is zeroed, then listening starts on the same stream, as
after a tap of Talk (the listening cue; it ends on the speaker's silence). A wake the
detector is unsure of (a score below `wake.sure`; at 1, every wake) is checked
first (wake_check.py): the last two seconds are decoded on a second thread while the
frames after the phrase are kept for listening; a yes starts listening with them, a no
drops them and watching goes on, without a sound. So nothing said before the wake word
is sent or kept, and it is transcribed only by that check, whose words never leave it. A
Talk press while watching is answered as always, on the same stream, at once even while a
check decodes. The microphone is closed while Hearth answers, so its own voice never
reaches the detector, and whatever the device buffered meanwhile is dropped.

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
import time
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from appliance.voice.bias import people_in
from appliance.voice.capture import SAMPLE_BYTES, AudioSource, DeviceError, Stream
from appliance.voice.talk import Talk, TalkListener
from appliance.voice.wake import FRAME_SAMPLES, WakeWord
from appliance.voice.wake_check import CHECK_SECONDS, Recent, WakeCheck

if TYPE_CHECKING:
    from appliance.voice.service import Heard, Result, Voice

log = logging.getLogger(__name__)

FOLLOW_UP_TURNS = 3  # questions in a row answered without a press; then a press again
NO_MICROPHONE_WAIT = 2.0  # seconds between looks for a microphone that is missing
# After an unsure wake, the detector hears this many more frames (0.32 s) before the check
# is asked: a real phrase often climbs past `sure` as its last sound ends.
SETTLE_FRAMES = 4


class Start(enum.Enum):
    WAKE = "wake"  # the wake word was heard
    PRESS = "press"  # Talk was pressed
    ENDED = "ended"  # the source ran out (a file) or the service is stopping


@dataclasses.dataclass
class Watched:
    start: Start
    # What was read after the phrase while the check decided (the start of a request):
    # listening begins with it.
    after: bytes = b""


class _Opened:
    """An already-open stream as a source: listening goes on from where watching stopped,
    with what watching read after the phrase first."""

    def __init__(self, stream: Stream, name: str, after: bytes = b"") -> None:
        self._stream = stream
        self._name = name
        self._after = after

    def describe(self) -> str:
        return self._name

    def read(self, samples: int) -> bytes:
        size = samples * SAMPLE_BYTES
        taken, self._after = self._after[:size], self._after[size:]
        if len(taken) == size:
            return taken
        return taken + self._stream.read(samples - len(taken) // SAMPLE_BYTES)

    @contextlib.contextmanager
    def open(self) -> Iterator[Stream]:
        yield self


def watch(
    wake: WakeWord,
    stream: Stream,
    talk: TalkListener | None,
    stop: threading.Event,
    on_turn: Callable[[], None] | None = None,
    check: WakeCheck | None = None,
) -> Watched:
    """Frames to the detector until the wake word, a Talk press, the end, or `stop`.

    Every frame is scored and dropped; at a wake or a press the detector's window is
    zeroed, so none of what it heard outlives this call. With a `check`, a wake scored
    below `wake.sure` stands only if the check hears the phrase (`_confirmed`).
    """
    wake.reset()
    recent = Recent(CHECK_SECONDS)  # filled only when there is a check to hear it
    try:
        while not stop.is_set():
            if on_turn is not None:
                on_turn()
            frame = _read_frame(stream)
            if frame is None:
                return Watched(Start.ENDED)
            if check is not None:
                recent.add(frame)
            if wake.push(frame):
                log.info("wake word %r heard (score %.2f)", wake.phrase, wake.last_score)
                if check is None or check.trusts(wake.last_score, wake.sure):
                    return Watched(Start.WAKE)
                watched = _confirmed(wake, stream, talk, check, recent)
                if watched is not None:
                    return watched
                continue
            event = talk.receive(0) if talk is not None else None
            if event is not None and event.kind is Talk.PRESS:
                return Watched(Start.PRESS)
        return Watched(Start.ENDED)
    finally:
        wake.reset()
        recent.clear()


def _read_frame(stream: Stream) -> bytes | None:
    frame = stream.read(FRAME_SAMPLES)
    return frame if len(frame) == FRAME_SAMPLES * SAMPLE_BYTES else None


def _confirmed(
    wake: WakeWord,
    stream: Stream,
    talk: TalkListener | None,
    check: WakeCheck,
    recent: Recent,
) -> Watched | None:
    """An unsure wake: None if it was not the phrase (watching goes on), else how it ended.

    The detector hears SETTLE_FRAMES more (a real phrase often climbs past `sure`); then
    the check decodes the window on its own thread while the frames that follow are read
    and kept, since a person says the request straight after the phrase.
    """
    after = bytearray()
    try:
        for _ in range(SETTLE_FRAMES):
            frame = _read_frame(stream)
            if frame is None:
                return Watched(Start.ENDED)
            after += frame
            recent.add(frame)
            wake.push(frame)  # in its refractory period: it scores, it cannot wake twice
            if check.trusts(wake.last_score, wake.sure):
                log.info("wake word sure after it settled (score %.2f)", wake.last_score)
                return Watched(Start.WAKE, bytes(after))
        began = time.monotonic()
        running = check.start(recent.take())
        while not running.done():
            frame = _read_frame(stream)
            if frame is None:  # a file read faster than it was said: the check decides
                break
            after += frame
            event = talk.receive(0) if talk is not None else None
            if event is not None and event.kind is Talk.PRESS:
                # Listen at once: the check ends on its own thread, unread, and zeroes its
                # window; Talk's transcript waits for the model only if the check still
                # holds it at the release.
                return Watched(Start.PRESS)
        took = time.monotonic() - began
        if running.result():
            log.info("wake word confirmed by the check in %.2f s", took)
            return Watched(Start.WAKE, bytes(after))
        log.info("wake not confirmed by the check (%.2f s): watching again", took)
        wake.reset()
        return None
    finally:
        after[:] = bytes(len(after))


class HandsFree:
    """The service loop with a wake word: watch, listen, answer, follow up; again."""

    def __init__(self, voice: Voice, wake: WakeWord) -> None:
        self.voice = voice
        self.wake = wake
        # An unsure wake is checked by the recogniser already loaded for Talk.
        self.check = (
            WakeCheck(
                wake.phrase,
                voice.transcriber.decode,
                familiar=voice.transcriber.familiar,
                people=lambda: people_in(voice.bias()),
                likelihood=voice.transcriber.likelihood,
            )
            if wake.can_be_unsure()
            else None
        )
        self._missing: str | None = None  # the last microphone problem logged

    def serve(
        self,
        talk: TalkListener,
        microphone: Callable[[], AudioSource],
        stop: threading.Event,
        on_turn: Callable[[], None] | None = None,
    ) -> None:
        try:
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
        finally:
            if self.check is not None:
                self.check.close()

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
                watched = Watched(Start.PRESS)  # Talk stopped the last reply: listen at once
            else:
                watched = watch(self.wake, stream, talk, stop, on_turn, self.check)
            if watched.start is Start.ENDED:
                return None
            opened = _Opened(stream, source.describe(), watched.after)
            if watched.start is Start.WAKE:
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
        if heard is not None:
            result = voice.answer(heard, quietly=True, repeated=result.asked_again)
        if heard is None or not result.asked:
            asked_again = heard is not None and result.asked_again  # the board shows that
            if shown is not None and not asked_again:
                voice.shown.write(shown)  # the board as it was: no "Listening…" left behind
            break
    return result
