"""Wyoming fixtures: one real brain (the default model, the household's rules) behind the real
HTTP server on 127.0.0.1, and one real `hearth wyoming` server wired by the composition, per
module; the wyoming package's own client talks to it, doing what Home Assistant does."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from wyoming.client import AsyncTcpClient
from wyoming.event import Event

from appliance.composition import wyoming_parts
from appliance.config import Settings
from appliance.memory import Memory
from appliance.speech import Speech
from appliance.voice.stt import Transcriber, default_model_dir
from appliance.wyoming.parts import WyomingParts
from tests.web.conftest import Running, start_server, stop_server


@pytest.fixture(scope="session")
def tiny_transcriber() -> Transcriber:
    """tiny.en, loaded once: the smaller packaged model keeps the suite fast (the kitchen's
    tests load base, the default, in tests/voice/test_recognition.py)."""
    return Transcriber(default_model_dir(), threads=min(2, os.cpu_count() or 1))


@pytest.fixture(scope="session")
def speech() -> Speech:
    return Speech("joe")  # the neural voice; it loads on the first synthesize


@dataclass
class Kitchen:
    settings: Settings
    memory: Memory
    brain: Running
    parts: WyomingParts

    @property
    def port(self) -> int:
        return self.parts.server.port


@contextlib.contextmanager
def kitchen(tmp: Path, transcriber: Any, speech: Speech, **overrides: Any) -> Iterator[Kitchen]:
    """A data dir with the real brain serving it and a started Wyoming server in front."""
    from appliance.brain import Brain, llm, models
    from appliance.brain.household import household_router
    from appliance.web.brain_chat import BrainChat

    data_dir = tmp / "data"
    settings = Settings.for_data_dir(
        data_dir, sound="off", wyoming_host="0.0.0.0", wyoming_port=0, **overrides
    )
    with Memory.open(settings) as memory:
        chat_llm = llm.load(models.packaged_chat_model(), context=2048, threads=0)
        chat = BrainChat(
            Brain.open(settings, memory, chat_model=chat_llm, intents=household_router(data_dir))
        )
        brain = start_server(memory, data_dir, chat=chat)
        port = int(brain.url.rsplit(":", 1)[1])
        try:
            with wyoming_parts(
                settings, port=port, transcriber=transcriber, speech=speech
            ) as parts:
                parts.server.start()
                try:
                    yield Kitchen(settings, memory, brain, parts)
                finally:
                    parts.server.stop()
        finally:
            stop_server(brain)
            chat.close()


@pytest.fixture(scope="module")
def home(tmp_path_factory, tiny_transcriber, speech) -> Iterator[Kitchen]:
    with kitchen(tmp_path_factory.mktemp("wyoming"), tiny_transcriber, speech) as made:
        yield made


def exchange(port: int, events: list[Event], until: str, host: str = "127.0.0.1") -> list[Event]:
    """Send `events` with the wyoming package's AsyncTcpClient, then read until an event of
    type `until` (included); what Home Assistant's integration does for each request."""

    async def run() -> list[Event]:
        got: list[Event] = []
        async with AsyncTcpClient(host, port) as client:
            for event in events:
                await client.write_event(event)
            while True:
                event = await asyncio.wait_for(client.read_event(), 120)
                assert event is not None, f"the server hung up before {until}: {got}"
                got.append(event)
                if event.type == until:
                    return got

    return asyncio.run(run())


def replace(settings: Settings, **changes: Any) -> Settings:
    return dataclasses.replace(settings, **changes)
