"""The model's side of a turn: the prompt, fitted to the context, and the reply.

The prompt is laid out so its static part (system prompt, tool descriptions,
household.md) comes first and stays byte-identical between turns, so llama.cpp
reuses its KV cache; the live state and the recalled facts (in their `data_only`
envelope) come after it. A turn that does not fit drops its oldest history first,
then the recalled facts. A tool-capable model runs the agent loop instead: one
grammar-constrained JSON action per step.
"""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Callable, Generator, Iterator, Mapping
from typing import TYPE_CHECKING

from appliance.brain import prompt, said_before
from appliance.brain.bounds import INSTEAD, ReplyBounds, bounded, reply_bounds
from appliance.brain.llm import Model
from appliance.brain.threads import CLIENT_HISTORY, Message, Threads
from appliance.brain.tools import (
    ACTION_SCHEMA,
    TOOL_LIST,
    ActionFailure,
    MemoryTools,
    ToolError,
    parse_action,
)
from appliance.brain.turn import RECALL_K, MessageTooLong
from appliance.config import Settings
from appliance.household.notes import household_notes
from appliance.memory import Memory, Recalled

if TYPE_CHECKING:
    from appliance.brain.turn import ReplyStream

log = logging.getLogger(__name__)

RECENT_TURNS = 6
MAX_STEPS = 4  # agent loop: tool calls plus the answer
MAX_ACTION_FAILURES = 2
MODEL_ROUTES = ("chat", "tools")
NO_ANSWER = "Sorry, I have no answer to that."
MUDDLED = "Sorry, I got muddled working that out. Could you say it another way?"
OUT_OF_STEPS = f"Sorry, I couldn't work that out in {MAX_STEPS} steps."
# Hearth's own lines, never the model's: the model is not shown them (said_before.py).
FIXED_LINES = (*INSTEAD, NO_ANSWER, MUDDLED, OUT_OF_STEPS)


class Conversation:
    """The chat model's turns: prompt assembly and generation (or the agent loop)."""

    def __init__(
        self,
        settings: Settings,
        memory: Memory,
        chat_model: Model,
        threads: Threads,
        parts: Mapping[str, bool],
        clock: Callable[[], dt.datetime],
    ) -> None:
        self.settings = settings
        self.memory = memory
        self.chat_model = chat_model
        self.threads = threads
        self.parts = parts
        self.tools_enabled = settings.chat_tools
        self.layout = prompt.layout_for(chat_model)
        self._clock = clock
        self._tools = MemoryTools(memory)
        # The names memory holds (lower case); the brain gives its own reader (routes.py).
        self.people: Callable[[], frozenset[str]] = frozenset

    def _household(self) -> str | None:
        return household_notes(self.settings.data_dir)

    def static_prefix(self) -> str:
        return prompt.static_text(self._household(), TOOL_LIST if self.tools_enabled else None)

    def live_state(self) -> prompt.LiveState:
        return prompt.LiveState(self._clock(), self.parts, self.memory.recall_mode)

    def build_prompt(
        self, turns: list[tuple[str, str]], found: list[Recalled]
    ) -> tuple[prompt.Prompt, list[int]]:
        """The prompt and its tokens, dropping the oldest turns until a reply fits."""
        # ids only for a model with the memory tool, which acts on facts by id
        memo = self.memory.recall_context(found, ids=self.tools_enabled) if found else None
        static = self.static_prefix()
        while True:
            built = prompt.build(
                self.layout,
                static=static,
                live=self.live_state(),
                memory_envelope=memo,
                turns=turns,
            )
            tokens = prompt.encode(self.chat_model, built)
            room = self.chat_model.context - self.settings.reply_max_tokens
            if len(tokens) <= room:
                return built, tokens
            if len(turns) > 1:
                turns = turns[1:]
            elif memo is not None:
                memo = None
            else:
                raise MessageTooLong(
                    f"that message does not fit the model's {self.chat_model.context}-token "
                    "context; say it in fewer words"
                )

    def history(self, recent: list[Message]) -> list[tuple[str, str]]:
        """Of the thread's recent turns of the model's routes, those shown to the model. The
        router's fixed replies ("I'll remember that: …") are not among them, and the model's
        turns Hearth answered with a line of its own are left out: a small model copies them
        into unrelated answers."""
        return said_before.worth_showing([(m.role, m.text) for m in recent], FIXED_LINES)

    def chat(self, stream: ReplyStream, text: str, found: list[Recalled] | None) -> Iterator[str]:
        if found is None:
            found = self.memory.recall(text, RECALL_K)
        recent = self.threads.recent(
            stream.thread_id, RECENT_TURNS, (*MODEL_ROUTES, CLIENT_HISTORY)
        )
        turns = [*self.history(recent), ("user", text)]
        if self.tools_enabled:
            stream.route = "tools"
            yield from self._agent_loop(stream, turns, found)
            return
        stream.route = "chat"
        said = False
        earlier = [m.text for m in recent if m.role == "assistant"]
        for piece in self._answer(turns, found, earlier):
            said = True
            yield piece
        if not said:
            yield NO_ANSWER

    def _answer(
        self, turns: list[tuple[str, str]], found: list[Recalled], earlier: list[str]
    ) -> Iterator[str]:
        """The model's answer to the last turn, a checked sentence at a time, without what
        the thread already holds (said_before.py): an answer that begins with a sentence
        already said is made again from the message alone; one that goes on into one ends
        before it. The small model copies its last answers into the next."""
        before = said_before.Said.of(earlier, FIXED_LINES)
        pieces, generated = self._generated(turns, found)
        first = next(pieces, None)
        if first is not None and len(turns) > 1 and before.opens_as(first):
            generated.close()
            log.info("chat: an answer began as one said before; made again without the thread")
            pieces, generated = self._generated(turns[-1:], found)
            first = next(pieces, None)
        try:
            if first is None:
                return
            yield first
            for piece in pieces:
                if before.copied(piece):
                    log.info("chat: an answer went on into one said before; it ends there")
                    return
                yield piece
        finally:
            generated.close()

    def _generated(
        self, turns: list[tuple[str, str]], found: list[Recalled]
    ) -> tuple[Iterator[str], Generator[str, None, None]]:
        """The checked sentences of one generation, and the generation (to stop it)."""
        _, tokens = self.build_prompt(turns, found)
        stop = (*self.layout.stop, *prompt.REPLY_STOP)
        generated = _pieces(
            self.chat_model.generate(tokens, max_tokens=self.settings.reply_max_tokens, stop=stop)
        )
        # Each sentence is checked before it is said (bounds.py): no claimed action, no
        # time or weather the model cannot know, no recital of its instructions.
        earlier = " ".join(text for role, text in turns[:-1] if role == "user")
        return bounded(_trimmed(generated), self.bounds(turns[-1][1], found, earlier)), generated

    def bounds(
        self, asked: str = "", found: list[Recalled] | None = None, earlier: str = ""
    ) -> ReplyBounds:
        """The bounds a reply to `asked` is checked against (bounds.py), with what the
        household told of its people (the facts recalled for it), and what the person said
        earlier in the conversation (a day told a turn before is told)."""
        facts = [r.fact.text for r in found or []]
        return reply_bounds(
            self.static_prefix(),
            asked,
            facts,
            self.people(),
            earlier,
            lambda sentence: self.memory.review.said_no_to(sentence) is not None,
        )

    def _agent_loop(
        self, stream: ReplyStream, turns: list[tuple[str, str]], found: list[Recalled]
    ) -> Iterator[str]:
        """Model picks an action per step; tool results (and errors) go back to it."""
        failures = 0
        asked = turns[-1][1]  # what the person said: its answer must not just say it back
        for _step in range(MAX_STEPS):
            _, tokens = self.build_prompt(turns, found)
            raw = "".join(
                self.chat_model.generate(
                    tokens,
                    max_tokens=self.settings.reply_max_tokens,
                    stop=self.layout.stop,
                    schema=ACTION_SCHEMA,
                )
            )
            try:
                action = parse_action(raw)
            except ActionFailure as exc:
                failures += 1
                log.warning("agent loop: grammar failure %d", failures)
                if failures >= MAX_ACTION_FAILURES:
                    yield MUDDLED
                    return
                turns = [
                    *turns,
                    ("assistant", raw),
                    ("tool", f"error: {exc}. Reply with one JSON action."),
                ]
                continue
            if action["action"] == "answer":
                text = action["text"].strip() or NO_ANSWER
                yield from bounded([text], self.bounds(asked, found))
                return
            try:
                called = self._tools.call(action)
                result = called.text
                if action["action"] == "remember":
                    stream.facts = (*stream.facts, *called.fact_ids)
            except ToolError as exc:
                result = f"error: {exc}"
            # What the tool said is household text: the journal gets the action and size.
            log.info("agent loop: %s -> %d characters", action["action"], len(result))
            turns = [*turns, ("assistant", raw), ("tool", f"Tool result (data only): {result}")]
        yield OUT_OF_STEPS


def _pieces(pieces: Iterator[str]) -> Generator[str, None, None]:
    """The model's pieces as a generator that can be closed, whatever the model returns."""
    yield from pieces


def _trimmed(pieces: Iterator[str]) -> Iterator[str]:
    """The pieces without the whitespace a model starts with."""
    first = True
    for piece in pieces:
        if first:
            piece = piece.lstrip()
            first = not piece
        if piece:
            yield piece
