"""One Wyoming connection: the events a peer sends, and Hearth's answers.

    describe                      -> info (describe.py)
    transcribe, audio-start, audio-chunk…, audio-stop
                                  -> transcript (ears.py: the kitchen's recogniser and checks)
    transcript (Home Assistant's conversation agent, or a satellite's words)
                                  -> timer-started… for timers the turn set, then handled{text},
                                     or not-handled{text} when the brain cannot be reached
    synthesize                    -> audio-start, audio-chunk… (piece by piece), audio-stop
    synthesize-start, synthesize-chunk…, synthesize-stop
                                  -> audio-start…audio-stop per sentence as its text
                                     completes, then synthesize-stopped
    ping                          -> pong

Anything else is ignored (the protocol's rule for what a program does not speak). A
broken event (bad JSON, a length past the bounds in wire.py, an event missing a field
it needs) gets an `error` event and the connection is closed: nothing half-read is
acted on; so does audio in a format ears.py does not convert. A connection with
nothing to do is closed after IDLE_SECONDS, and an event must arrive whole within
EVENT_SECONDS of its first byte. The peer check happened before this object existed
(server.py).
"""

from __future__ import annotations

import asyncio
import logging
import re
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from wyoming.asr import Transcribe, Transcript
from wyoming.audio import AudioChunk, AudioStart, AudioStop
from wyoming.error import Error
from wyoming.event import Event
from wyoming.handle import Handled, NotHandled
from wyoming.info import Describe, Info
from wyoming.ping import Ping, Pong
from wyoming.server import AsyncEventHandler
from wyoming.tts import (
    Synthesize,
    SynthesizeChunk,
    SynthesizeStart,
    SynthesizeStop,
    SynthesizeStopped,
)

from appliance.voice.brain_client import BrainDown
from appliance.wyoming.ears import Ears, Recording, check_format
from appliance.wyoming.mouth import MAX_TEXT, Mouth, audio_events, audio_stop, silent_start
from appliance.wyoming.timers import TimerWatch
from appliance.wyoming.turns import Conversations
from appliance.wyoming.wire import BadEvent, Idle, read_event

log = logging.getLogger(__name__)

TIMER_POLL = 1.0  # seconds between looks at the timers a peer's turns set
# A peer's connection is closed when no event begins for IDLE_SECONDS while it waits for
# nothing (no timer of its turns still to ring): Home Assistant opens one connection per request
# and sends its events at once, so a minute is generous, and 16 silent connections can no
# longer hold every slot for ever. An event, once begun, must arrive whole in
# EVENT_SECONDS (the largest, 256 KiB, needs 26 KB/s): a header left at `{"type":` costs
# a slot that long. Hearth's own connections to satellites (satellites.py) have neither.
IDLE_SECONDS = 60.0
EVENT_SECONDS = 10.0
# Turns a LAN peer's address may ask in a minute. Each "remember that …" turn is a proposal
# for Keep, and Home Assistant opens a connection per turn, so the count is per address,
# not per connection. Ten a minute is more than a person says through Assist; it keeps an
# allowed peer from filling the kitchen's inbox (the review made 40 proposals in 14 s).
# Loopback and Hearth's own satellites (speech in real time) are not counted.
TURNS_PER_MINUTE = 10
TOO_MANY_TURNS = "That's more than I take from one device in a minute; ask me again shortly."


class TurnLimit:
    """The turns each address asked in the last minute; shared by all its connections."""

    def __init__(self, now: Callable[[], float] = time.monotonic) -> None:
        self._now = now
        self._asked: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def allow(self, address: str) -> bool:
        """True (and counted) when `address` has asked fewer than TURNS_PER_MINUTE."""
        now = self._now()
        with self._lock:
            for known in list(self._asked):  # forget the addresses quiet for a minute
                if self._asked[known][-1] <= now - 60:
                    del self._asked[known]
            asked = self._asked.setdefault(address, deque())
            while asked and asked[0] <= now - 60:
                asked.popleft()
            if len(asked) >= TURNS_PER_MINUTE:
                return False
            asked.append(now)
            return True


_SENTENCE = re.compile(r"(.+?[.!?])\s+", re.S)


@dataclass(frozen=True)
class Services:
    """What every connection shares (built once per process by the composition)."""

    info: Info
    ears: Ears
    mouth: Mouth
    conversations: Conversations
    timers: Callable[[], TimerWatch]  # a fresh watch for each connection
    max_seconds: float  # the longest utterance heard (voice_max_seconds)
    turn_limit: TurnLimit = field(default_factory=TurnLimit)  # LAN peers' turns a minute


class NoVoice(Exception):
    """Neither voice could speak (the peer was sent an error)."""


class Session(AsyncEventHandler):
    def __init__(
        self,
        services: Services,
        peer: str,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        limited: bool = False,
    ) -> None:
        super().__init__(reader, writer)
        self.services = services
        self.peer = peer
        self.limited = limited  # a LAN peer: its turns count against TURNS_PER_MINUTE
        self.recording: Recording | None = None
        self.streamed: str | None = None  # text of a synthesize-start stream not yet spoken
        self.watch = services.timers()
        self._poller: asyncio.Task[None] | None = None
        self._sending = asyncio.Lock()

    async def run(self) -> None:
        """Events until the peer hangs up; the package's loop, with wire.py's bounded reader."""
        try:
            while True:
                try:
                    event = await read_event(self.reader, idle=IDLE_SECONDS, whole=EVENT_SECONDS)
                except Idle as exc:
                    if self.watch.watched:
                        continue  # waiting for a timer of its turns to ring: still in use
                    log.info("wyoming peer %s: %s; closing", self.peer, exc)
                    break
                except BadEvent as exc:
                    log.warning("wyoming peer %s: %s; closing", self.peer, exc)
                    await self.send(Error(text=str(exc), code="bad-event").event())
                    break
                if event is None or not await self.handle_event(event):
                    break
        except (ConnectionError, asyncio.CancelledError):
            log.info("wyoming peer %s went away", self.peer)
        finally:
            self.close()

    def close(self) -> None:
        if self._poller is not None:
            self._poller.cancel()
        self.writer.close()

    async def send(self, event: Event) -> None:
        async with self._sending:  # the timer poller and the answers share the writer
            await self.write_event(event)

    async def handle_event(self, event: Event) -> bool:
        try:
            return await self._handle(event)
        except NoVoice:
            return False  # said in an error event; a peer waiting for audio is let go
        except BadEvent as exc:  # audio in a format Hearth does not convert (ears.py)
            log.warning("wyoming peer %s: %s; closing", self.peer, exc)
            await self.send(Error(text=str(exc), code="bad-audio").event())
            return False
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            # from_event on an event missing a field it needs: say which, then close.
            message = f"the {event.type} event is malformed ({type(exc).__name__}: {exc})"
            log.warning("wyoming peer %s: %s; closing", self.peer, message)
            await self.send(Error(text=message, code="bad-event").event())
            return False

    async def _handle(self, event: Event) -> bool:
        kind = event.type
        if Describe.is_type(kind):
            await self.send(self.services.info.event())
        elif Ping.is_type(kind):
            await self.send(Pong(text=Ping.from_event(event).text).event())
        elif Transcribe.is_type(kind):
            self.recording = Recording(self.services.max_seconds)
        elif AudioStart.is_type(kind):
            start = AudioStart.from_event(event)
            check_format(start.rate, start.width, start.channels)
            if self.recording is None:  # audio without transcribe: the same request
                self.recording = Recording(self.services.max_seconds)
        elif AudioChunk.is_type(kind):
            if self.recording is not None:
                # checked and bounded first; converted off the loop, so a slow chunk
                # never holds up another connection
                await asyncio.to_thread(self.recording.add, AudioChunk.from_event(event))
        elif AudioStop.is_type(kind):
            if self.recording is not None:
                await self._transcribe(self.recording)
                self.recording = None
        elif Transcript.is_type(kind):
            transcript = Transcript.from_event(event)
            await self.turn(transcript.text, _conversation(transcript.context))
        elif SynthesizeStart.is_type(kind):
            self.streamed = ""
        elif SynthesizeChunk.is_type(kind):
            if self.streamed is not None:
                self.streamed += SynthesizeChunk.from_event(event).text
                self.streamed = await self._speak_whole_sentences(self.streamed)
        elif SynthesizeStop.is_type(kind):
            if self.streamed is not None and self.streamed.strip():
                await self.speak(self.streamed)
            self.streamed = None
            await self.send(SynthesizeStopped().event())
        elif Synthesize.is_type(kind):
            if self.streamed is None:  # inside a stream it repeats the chunks, for old servers
                await self.speak(Synthesize.from_event(event).text)
        else:
            log.debug("wyoming peer %s: %s ignored", self.peer, kind)
        return True

    # -- speech to text --------------------------------------------------------------

    async def _transcribe(self, recording: Recording) -> None:
        if recording.cut:
            log.info("wyoming peer %s: audio past %.0f s dropped", self.peer, recording.seconds)
        text = await asyncio.to_thread(self.services.ears.hear, recording.audio)
        log.info(
            "wyoming peer %s: heard %d chars in %.1f s", self.peer, len(text), recording.seconds
        )
        await self.send(Transcript(text=text, language="en").event())

    # -- a turn ----------------------------------------------------------------------

    async def turn(self, text: str, conversation: str | None) -> str:
        """Hearth's answer to `text`, sent as handled (or not-handled); returns what was said."""
        context = {"conversation_id": conversation} if conversation else None
        if not text.strip():
            said = "I didn't hear anything to answer."
            await self.send(NotHandled(text=said, context=context).event())
            return said
        if self.limited and not self.services.turn_limit.allow(self.peer):
            log.warning("wyoming peer %s: more than %d turns a minute", self.peer, TURNS_PER_MINUTE)
            await self.send(Handled(text=TOO_MANY_TURNS, context=context).event())
            return TOO_MANY_TURNS
        before = await asyncio.to_thread(self.watch.before_turn)
        try:
            reply = await asyncio.to_thread(self.services.conversations.reply, text, conversation)
        except BrainDown as down:
            log.warning("wyoming peer %s: %s", self.peer, down)
            await self.send(NotHandled(text=down.said, context=context).event())
            return down.said
        for timer_event in await asyncio.to_thread(self.watch.after_turn, before, reply):
            await self.send(timer_event)
        self._watch_timers()
        await self.send(Handled(text=reply, context=context).event())
        return reply

    def _watch_timers(self) -> None:
        if self.watch.watched and (self._poller is None or self._poller.done()):
            self._poller = asyncio.create_task(self._poll_timers(), name="wyoming timers")

    async def _poll_timers(self) -> None:
        while self.watch.watched:
            await asyncio.sleep(TIMER_POLL)
            for timer_event in await asyncio.to_thread(self.watch.poll):
                await self.send(timer_event)

    # -- text to speech --------------------------------------------------------------

    async def speak(self, text: str) -> None:
        """audio-start, the text's pieces as each is made, audio-stop (an empty audio-start
        and audio-stop for no words: a peer reads until audio-stop). NoVoice, after an
        error event, when nothing can speak."""
        pieces = self.services.mouth.pieces(text[:MAX_TEXT])
        started = False
        try:
            while (piece := await asyncio.to_thread(_next, pieces)) is not None:
                for audio in audio_events(piece, start=not started):
                    await self.send(audio)
                started = True
        except OSError as exc:
            log.error("wyoming peer %s: no voice to speak with: %s", self.peer, exc)
            await self.send(Error(text=f"Hearth cannot speak: {exc}", code="no-voice").event())
            raise NoVoice(str(exc)) from exc
        if not started:
            await self.send(silent_start())
        await self.send(audio_stop())

    async def _speak_whole_sentences(self, text: str) -> str:
        """Speak each sentence of a synthesize stream once it is complete; the rest waits."""
        while found := _SENTENCE.match(text):
            await self.speak(found[1])
            text = text[found.end() :]
        if len(text) > MAX_TEXT:  # a stream that never ends a sentence is spoken in parts
            await self.speak(text)
            text = ""
        return text


def _next(pieces: Iterator[Any]) -> Any:
    return next(pieces, None)


def _conversation(context: dict[str, Any] | None) -> str | None:
    value = (context or {}).get("conversation_id")
    return str(value)[:200] if value else None
