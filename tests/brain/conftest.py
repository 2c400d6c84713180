"""Brain fixtures: the real models (loaded once per session) and a ScriptedModel."""

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from appliance.brain import Brain, llm, models, router
from appliance.config import Settings
from appliance.memory import Memory


class ScriptedModel:
    """A scripted stand-in for a language model, for the agent loop's branches.

    It answers each generate() call with the next scripted text, in small
    pieces, and keeps every prompt it was given (tokens are code points, so a
    prompt reads back as text). It is not a model and is never used to claim
    anything about model quality.
    """

    name = "scripted"
    path = None
    context = 8192

    def __init__(self, replies: Sequence[str], template: str = "<|im_start|>") -> None:
        self.replies = list(replies)
        self.prompts: list[str] = []
        self.schemas: list[dict[str, Any] | None] = []
        self.stops: list[tuple[str, ...]] = []
        self.lock = threading.RLock()
        self.template = template
        self.gate: threading.Event | None = None  # set to hold generate() until released
        self.entered = threading.Event()  # set once generate() has been called

    def chat_template(self) -> str:
        return self.template

    def tokenize(self, text: str, *, markup: bool = False, bos: bool = False) -> list[int]:
        return [ord(c) for c in text]

    def generate(
        self,
        tokens: Sequence[int],
        *,
        max_tokens: int,
        stop: Sequence[str] = (),
        schema: dict[str, Any] | None = None,
    ) -> Iterator[str]:
        with self.lock:
            self.entered.set()
            if self.gate is not None:
                self.gate.wait(10)
            self.prompts.append("".join(chr(t) for t in tokens))
            self.schemas.append(schema)
            self.stops.append(tuple(stop))
            if not self.replies:
                raise AssertionError("ScriptedModel ran out of scripted replies")
            reply = self.replies.pop(0)
            ends = [reply.find(s) for s in stop if s in reply]
            reply = reply[: min(ends)] if ends else reply  # as llama.cpp ends at a stop
            for start in range(0, len(reply), 4):
                yield reply[start : start + 4]


@pytest.fixture(scope="session")
def chat_llm() -> llm.LlamaModel:
    """The packaged default chat model (SmolLM2-135M-Instruct), loaded once."""
    return llm.load(models.packaged_chat_model(), context=2048, threads=0)


@pytest.fixture(scope="session")
def notetaker_llm() -> llm.LlamaModel:
    """Gemma 3 270M, the packaged model a note-taker can be given, loaded once."""
    return llm.load(models.packaged_notetaker_model(), context=2048, threads=0)


@pytest.fixture
def brain(
    settings: Settings, memory: Memory, chat_llm: llm.LlamaModel, clock: Any
) -> Iterator[Brain]:
    """A Brain as configured by default (the real chat model, a rules-only note-taker)."""
    # Short replies keep the suite fast; the paths under test do not depend on length.
    short = Settings.for_data_dir(settings.data_dir, reply_max_tokens=64)
    b = Brain.open(short, memory, chat_model=chat_llm, clock=clock)
    yield b
    b.close()


def scripted_brain(
    settings: Settings,
    memory: Memory,
    replies: Sequence[str],
    *,
    tools: bool = False,
    notetaker: ScriptedModel | None = None,
    clock: Any = None,
    intents: router.Router = router.DEFAULT_ROUTER,
    sweep_every: float = 3600.0,
) -> tuple[Brain, ScriptedModel]:
    model = ScriptedModel(replies)
    configured = Settings.for_data_dir(
        settings.data_dir, chat_tools=tools, notetaker=notetaker is not None
    )
    b = Brain.open(
        configured,
        memory,
        chat_model=model,
        notetaker_model=notetaker,
        clock=clock,
        intents=intents,
        sweep_every=sweep_every,
    )
    return b, model


def scripted_conversation(
    settings: Settings, memory: Memory, replies: Sequence[str], said: Sequence[str], **kwargs: Any
) -> tuple[list[Any], ScriptedModel]:
    """The brain's replies to each thing `said`, in turn and in one conversation, with the
    scripted model (`replies`), and the model (what reached it); the brain closed after."""
    brain, model = scripted_brain(settings, memory, replies, **kwargs)
    try:
        answers = [brain.reply(said[0])]
        for text in said[1:]:
            answers.append(brain.reply(text, thread_id=answers[0].thread_id))
        return answers, model
    finally:
        brain.close()


def rules_conversation(
    settings: Settings, memory: Memory, turns: Sequence[str], model_says: str, **kwargs: Any
) -> tuple[list[str], int]:
    """The brain's replies to `turns` in one conversation, with the rules a household gets
    (composition.intent_router) and a scripted model saying `model_says` each time it is
    asked, and how many times it was asked."""
    from appliance.composition import intent_router

    replies, model = scripted_conversation(
        settings,
        memory,
        [model_says] * len(turns),
        list(turns),
        intents=intent_router(settings),
        **kwargs,
    )
    return [r.text for r in replies], len(model.prompts)


def scripted_reply(
    settings: Settings, memory: Memory, replies: Sequence[str], said: str, **kwargs: Any
) -> tuple[Any, ScriptedModel]:
    """The brain's reply to one thing `said` (scripted_conversation of one)."""
    answers, model = scripted_conversation(settings, memory, replies, [said], **kwargs)
    return answers[0], model


@pytest.fixture
def household(data_dir: Path) -> Path:
    path = data_dir / "household.md"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("We are the Okafors. Dinner is at 6pm.\n", encoding="utf-8")
    return path
