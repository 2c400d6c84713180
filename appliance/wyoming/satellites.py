"""The satellites' controller: Hearth connects to each configured satellite and runs its turns.

A satellite (`wyoming-satellite` on a Pi Zero 2 W in the bedroom) is a Wyoming *server*:
it waits for a controller, normally Home Assistant, to connect and send `run-satellite`.
For a satellite pointed at Hearth (`wyoming_satellites = "tcp://10.0.0.7:10700"`), Hearth
is that controller:

    Hearth -> satellite   describe, then run-satellite
    satellite -> Hearth   run-pipeline (after its own wake word), then audio-chunk…
    Hearth                listens as after a tap of Talk (the VAD: 0.8 s of quiet after
                          speech ends it, 5 s without speech gives up), then hears it with
                          the kitchen's recogniser (ears.py)
    Hearth -> satellite   transcript, then the turn's timer-started…, handled{text},
                          synthesize{text} and the answer's audio (audio-start…audio-stop);
                          later timer-finished when the timer's time comes

A satellite that asks Hearth to find the wake word in its audio (`run-pipeline` with
`start_stage: wake`: one started without a wake word of its own, streaming everything its
microphone hears) gets an `error` and its audio is dropped unheard: Hearth does not
transcribe a room's conversation to look for a command. Run the satellite with its own
wake word (docs/wyoming.md). A satellite that is off or unreachable is tried again every
RECONNECT seconds; `hearth doctor` says which are connected.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from dataclasses import dataclass, field

from wyoming.asr import Transcript
from wyoming.audio import AudioChunk, AudioStop
from wyoming.error import Error
from wyoming.info import Describe, Info
from wyoming.pipeline import PipelineStage, RunPipeline
from wyoming.satellite import RunSatellite
from wyoming.tts import Synthesize

from appliance.config import Settings, satellite_addresses
from appliance.voice.capture import SAMPLE_BYTES
from appliance.voice.not_caught import NOT_CAUGHT
from appliance.voice.service import TAP_GIVE_UP, TAP_SILENCE
from appliance.voice.vad import Ending, Vad
from appliance.wyoming.ears import Recording
from appliance.wyoming.session import NoVoice, Services, Session
from appliance.wyoming.wire import MAX_HEADER, BadEvent, read_event

log = logging.getLogger(__name__)

RECONNECT = 5.0  # seconds between tries at a satellite that is off or went away
CONNECT_TIMEOUT = 5.0
NEEDS_WAKE_WORD = (
    "Hearth does not listen for the wake word in a satellite's audio: start the satellite "
    "with its own wake word (--wake-uri or --wake-command)"
)


class Utterance:
    """One command from a satellite's stream: audio kept until the speaker stops."""

    def __init__(self, vad: Vad, max_seconds: float) -> None:
        self.recording = Recording(max_seconds)
        self._ending = Ending(vad, TAP_SILENCE, TAP_GIVE_UP)
        self._frame = vad.frame_samples * SAMPLE_BYTES
        self._pending = b""

    def add(self, chunk: AudioChunk) -> bool:
        """Feed a chunk; True once the utterance is over (quiet, nothing said, or too long)."""
        self._pending += self.recording.add(chunk)
        while len(self._pending) >= self._frame:
            frame, self._pending = self._pending[: self._frame], self._pending[self._frame :]
            if self._ending.push(frame):
                return True
        return self.recording.cut


@dataclass
class SatelliteLink:
    host: str
    port: int
    services: Services
    open_vad: Callable[[], Vad]
    reconnect: float = RECONNECT
    state: str = "not tried yet"
    name: str = ""
    turns: int = 0
    _vad: Vad | None = field(default=None, repr=False)

    @property
    def address(self) -> str:
        return f"tcp://{self.host}:{self.port}"

    @property
    def connected(self) -> bool:
        return self.state == "connected"

    async def run(self) -> None:
        while True:
            try:
                reader, writer = await asyncio.wait_for(
                    asyncio.open_connection(self.host, self.port, limit=MAX_HEADER),
                    CONNECT_TIMEOUT,
                )
            except (OSError, TimeoutError) as exc:
                self.state = f"unreachable ({exc or 'timed out'})"
            else:
                session = Session(self.services, self.address, reader, writer)
                try:
                    await self._serve(session)
                    self.state = "went away"
                except (BadEvent, ConnectionError) as exc:
                    self.state = f"went away ({exc})"
                finally:
                    session.close()
            log.info(
                "satellite %s: %s; trying again in %.0f s", self.address, self.state, self.reconnect
            )
            await asyncio.sleep(self.reconnect)

    async def _serve(self, session: Session) -> None:
        await session.send(Describe().event())
        while (event := await read_event(session.reader)) is not None:
            if Info.is_type(event.type):
                satellite = Info.from_event(event).satellite
                self.name = satellite.name if satellite is not None else ""
                break
        else:
            return
        await session.send(RunSatellite().event())
        self.state = "connected"
        log.info("satellite %s (%s): connected", self.address, self.name or "no name")
        utterance: Utterance | None = None
        while (event := await read_event(session.reader)) is not None:
            if RunPipeline.is_type(event.type):
                utterance = await self._start(session, RunPipeline.from_event(event))
            elif AudioChunk.is_type(event.type) and utterance is not None:
                if utterance.add(AudioChunk.from_event(event)):
                    await self._answer(session, utterance)
                    utterance = None
            elif AudioStop.is_type(event.type) and utterance is not None:
                await self._answer(session, utterance)
                utterance = None

    async def _start(self, session: Session, pipeline: RunPipeline) -> Utterance | None:
        if pipeline.start_stage != PipelineStage.ASR:
            log.warning("satellite %s: asked Hearth to find its wake word; refused", self.address)
            await session.send(Error(text=NEEDS_WAKE_WORD, code="needs-wake-word").event())
            return None
        if self._vad is None:
            self._vad = await asyncio.to_thread(self.open_vad)
        return Utterance(self._vad, self.services.max_seconds)

    async def _answer(self, session: Session, utterance: Utterance) -> None:
        text, asked_again = await asyncio.to_thread(
            self.services.ears.heard, utterance.recording.audio
        )
        await session.send(Transcript(text=text, language="en").event())
        if not text:
            log.info("satellite %s: nothing heard", self.address)
            return
        if asked_again:  # unsure words no rule reads: never sent to the brain
            log.info("satellite %s: %d chars not caught: asked again", self.address, len(text))
            reply = NOT_CAUGHT
        else:
            self.turns += 1
            reply = await session.turn(text, f"satellite {self.address}")
        await session.send(Synthesize(text=reply).event())
        with contextlib.suppress(NoVoice):  # the satellite was sent an error; it still listens
            await session.speak(reply)


@dataclass(frozen=True)
class Satellites:
    links: tuple[SatelliteLink, ...] = ()

    @classmethod
    def of(cls, settings: Settings, services: Services, open_vad: Callable[[], Vad]) -> Satellites:
        return cls(
            tuple(
                SatelliteLink(host, port, services, open_vad)
                for host, port in satellite_addresses(settings.wyoming_satellites)
            )
        )

    async def run(self) -> None:
        await asyncio.gather(*(link.run() for link in self.links))
