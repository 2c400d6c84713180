"""Barge-in: a press, or a spoken "stop", stops Hearth's voice at once; a press of Talk
is heard next.

While a reply is spoken the voice service watches the Talk channel between sentences
and while the speaker plays. A `hush` (any other button) or a Talk press stops the
speaker and drops what is queued; the press is kept so the service listens at once
instead of waiting for the next one. The `speaking` mark tells the panel that a press
now means "stop talking" (talk.py). With `spoken` (stop_word.py), the microphone is
listened to while the reply plays, less Hearth's own voice, for a person saying stop.

    barge = BargeIn(sound, SpeakingMark.of(settings))
    barge.talk = listener                 # the service's end of the Talk channel
    if barge.interrupted(): ...           # between sentences
    barge.until_played()                  # after the last sentence is queued
    press = barge.take_press()            # a Talk press that stopped the voice, if any
"""

from __future__ import annotations

import logging
import time

from appliance.sound import Sound
from appliance.voice.stop_word import SpokenStop
from appliance.voice.talk import SpeakingMark, Talk, TalkEvent, TalkListener

log = logging.getLogger(__name__)

POLL_SECONDS = 0.05  # how soon a press is noticed while the speaker plays
MARK_EVERY = 1.0  # the speaking mark is refreshed this often (talk.SPEAKING_STALE: 3 s)


class BargeIn:
    def __init__(
        self, sound: Sound, mark: SpeakingMark | None = None, spoken: SpokenStop | None = None
    ) -> None:
        self.sound = sound
        self.mark = mark
        self.talk: TalkListener | None = None  # None (a WAV, a test): nothing can interrupt
        self.spoken = spoken  # None: only a press stops the voice
        self._press: TalkEvent | None = None
        self._listening = False

    def interrupted(self) -> bool:
        """A press or a hush waiting on the channel: the voice is stopped now. True once
        per interruption; a release (of the press that asked) is not one."""
        if self.talk is None:
            return False
        if self.spoken is not None and self.spoken.heard.is_set():
            # The listener hushed the speaker; a sentence queued since (a stop said before
            # the reply began to play) is dropped too.
            self.sound.hush()
            return True
        while (event := self.talk.receive(0)) is not None:
            if event.kind is Talk.RELEASE:
                continue
            self.sound.hush()
            if event.kind is Talk.PRESS:
                self._press = event
            log.info("barge-in: %s stopped the voice", event.kind.value)
            return True
        return False

    def until_played(self) -> bool:
        """Wait while the speaker plays, stopping it at a press; True if it was stopped."""
        marked = 0.0
        try:
            while self.sound.busy():
                if (mark := self._marks()) and time.monotonic() - marked >= MARK_EVERY:
                    mark.refresh()
                    marked = time.monotonic()
                if self.interrupted():
                    return True
                time.sleep(POLL_SECONDS)
            # A spoken stop hushes the speaker from the listener's thread: busy() ends.
            return self.spoken is not None and self.spoken.heard.is_set()
        finally:
            if mark := self._marks():
                mark.clear()
            self._stop_listening()

    def speaking(self) -> None:
        """A reply starts: the panel's presses mean "stop" from now, and so does a spoken
        stop (the listener opens the microphone until the reply has played)."""
        if mark := self._marks():
            mark.refresh()
        if self.spoken is not None and self.talk is not None and not self._listening:
            self.spoken.start()
            self._listening = True

    def _stop_listening(self) -> None:
        if self.spoken is not None and self._listening:
            self.spoken.finish()
            self._listening = False

    def _marks(self) -> SpeakingMark | None:
        """Only the service marks: a WAV on the command line has no panel to press stop."""
        return self.mark if self.talk is not None else None

    def take_press(self) -> TalkEvent | None:
        """The Talk press that stopped the voice (once), so listening starts at once."""
        press, self._press = self._press, None
        return press
