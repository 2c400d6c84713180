"""The Brain: one turn of conversation, from what a person said to what Hearth answers.

    brain = Brain.open(settings, memory)        # loads the models once
    reply = brain.reply("what is Sam allergic to?")
    for piece in brain.stream("tell me a joke", thread_id=reply.thread_id):
        print(piece, end="")
    brain.close()

Each turn goes through the intent router first (router.py): remember, correct
and recall are handled by rules, so what must be exact never depends on a
135M-parameter model. Whatever the router does not claim goes to the chat
model with memory context (or, for a tool-capable model, to the agent loop).
Nothing said in a conversation removes or weakens a live fact: corrections
become proposals for a person to review.

Turns are serialised (one lock): the web endpoint puts its bounded queue in
front and can read `busy`. After the last piece of a reply, the turn is saved
and the note-taker gets it; the note-taker's own thread does the rest.
"""

from __future__ import annotations

import datetime as dt
import logging
import threading
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from appliance.brain import models, prompt, questions, router
from appliance.brain.llm import Model
from appliance.brain.notetaker import NoteTaker, ReplyGate
from appliance.brain.threads import Threads, check_thread_id, new_thread_id
from appliance.brain.tools import (
    ACTION_SCHEMA,
    TOOL_LIST,
    ActionFailure,
    MemoryTools,
    ToolError,
    parse_action,
)
from appliance.config import Settings
from appliance.errors import HearthError
from appliance.memory import AlreadyKnown, Fact, Memory, Proposal, Recalled, Refused
from appliance.memory.guard import find_refusal
from appliance.memory.recall import envelope
from appliance.memory.text import tokens as content_words

log = logging.getLogger(__name__)

MAX_MESSAGE_CHARS = 4000
RECENT_TURNS = 6
RECALL_K = 5
ANSWER_FACTS = 3
MAX_STEPS = 4  # agent loop: tool calls plus the answer
MAX_ACTION_FAILURES = 2
ENVELOPE_BYTES = 2048  # a small model's context is small; the envelope marks truncation
HOUSEHOLD_MAX_BYTES = 8192
MODEL_ROUTES = ("chat", "tools")
SWEEP_SECONDS = 3600.0  # the transcript retention sweep runs this often while open
NOTED = "Noted — it'll be on the board for you to keep."
DEFAULT_PARTS: Mapping[str, bool] = {"panel": False, "microphone": False}


class EmptyMessage(HearthError):
    """Nothing was said."""


class MessageTooLong(HearthError):
    """A message longer than a kitchen conversation has."""


@dataclass(frozen=True)
class Reply:
    text: str
    thread_id: str
    route: str  # remember | correct | recall | chat | tools
    facts: tuple[str, ...] = ()  # ids of facts the answer used or wrote
    proposal: str | None = None  # id of a proposal this turn left in the inbox


class ReplyStream:
    """Text pieces of one reply; `thread_id` and `route` are known before the first piece.

    The turn takes the brain's lock when iteration starts and gives it back at
    the end (or when the consumer stops early: what was said so far is saved).
    """

    def __init__(
        self, brain: Brain, text: str, thread_id: str, route: router.Route, *, heard: bool = False
    ) -> None:
        self.thread_id = thread_id
        self.heard = heard  # a speech transcript: its words may be misheard
        self.route = route.kind
        self.facts: tuple[str, ...] = ()
        self.proposal: str | None = None
        self.withheld: str | None = None  # the guard's category, when it refused the text
        self.text = ""
        self._pieces = brain._turn(self, text, route)

    def __iter__(self) -> Iterator[str]:
        return self._pieces

    def reply(self) -> Reply:
        for _ in self._pieces:
            pass
        return Reply(self.text, self.thread_id, self.route, self.facts, self.proposal)


class Brain:
    def __init__(
        self,
        settings: Settings,
        memory: Memory,
        chat_model: Model,
        notetaker_model: Model | None,
        *,
        threads: Threads,
        parts: Mapping[str, bool] | None = None,
        clock: Callable[[], dt.datetime] | None = None,
        intents: router.Router = router.DEFAULT_ROUTER,
        sweep_every: float = SWEEP_SECONDS,
    ) -> None:
        self.settings = settings
        self.router = intents
        self.memory = memory
        self.chat_model = chat_model
        self.notetaker_model = notetaker_model
        self.threads = threads
        self.parts = dict(DEFAULT_PARTS if parts is None else parts)
        self.tools_enabled = settings.chat_tools
        self.layout = prompt.layout_for(chat_model)
        self._clock = clock or dt.datetime.now
        self._tools = MemoryTools(memory)
        self._lock = threading.Lock()
        self._cited: dict[str, tuple[str, ...]] = {}  # thread -> facts the last answer used
        # The note-taker decodes only while no reply is being made, unless it shares the
        # chat model (whose lock already takes turns, and must not be held by a paused
        # note-taker).
        self._gate = ReplyGate()
        shares = notetaker_model is chat_model
        self.notetaker = (
            NoteTaker(notetaker_model, memory, gate=None if shares else self._gate)
            if settings.notetaker
            else None
        )
        # Transcripts past their retention go even while nobody chats.
        self._closed = threading.Event()
        self._sweeper = threading.Thread(
            target=self._sweep, args=(sweep_every,), name="hearth-chat-sweep", daemon=True
        )
        self._sweeper.start()

    @classmethod
    def open(
        cls,
        settings: Settings,
        memory: Memory,
        *,
        chat_model: Model | None = None,
        notetaker_model: Model | None = None,
        parts: Mapping[str, bool] | None = None,
        clock: Callable[[], dt.datetime] | None = None,
        intents: router.Router = router.DEFAULT_ROUTER,
        sweep_every: float = SWEEP_SECONDS,
    ) -> Brain:
        """Load the configured models (once; one path serving both roles is loaded once)."""
        from appliance.brain import llm

        def load(file: models.ModelFile) -> Model:
            return llm.load(
                file.path, context=settings.model_context, threads=settings.model_threads
            )

        if chat_model is None:
            chat = models.resolve(settings, "chat")
            assert chat is not None  # only the note-taker may have no model
            chat_model = load(chat)
        if not settings.notetaker:
            notetaker_model = None
        elif notetaker_model is None and (taker := models.resolve(settings, "notetaker")):
            same = taker.path == getattr(chat_model, "path", None)
            notetaker_model = chat_model if same else load(taker)
        threads = Threads.open(
            settings.data_dir, retention_days=settings.chat_retention_days, clock=clock
        )
        return cls(
            settings,
            memory,
            chat_model,
            notetaker_model,
            threads=threads,
            parts=parts,
            clock=clock,
            intents=intents,
            sweep_every=sweep_every,
        )

    def close(self, timeout: float | None = 30.0) -> None:
        """Let the note-taker finish what is queued, then stop it; close the thread store."""
        if self.notetaker is not None:
            self.notetaker.close(timeout)
        self._closed.set()
        self._sweeper.join(timeout)
        self.threads.close()

    def _sweep(self, every: float) -> None:
        while not self._closed.wait(every):
            try:
                gone = self.threads.sweep()
            except Exception:  # a failed sweep is retried next time, never stops the brain
                log.exception("chat retention sweep failed")
                continue
            if gone:
                log.info("chat retention sweep: %d old message(s) deleted", gone)

    def __enter__(self) -> Brain:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- the public turn API -------------------------------------------------------

    def stream(
        self, text: str, thread_id: str | None = None, *, heard: bool = False
    ) -> ReplyStream:
        """Start a turn; iterate the result for the reply's text pieces.

        `heard`: the text is what speech recognition heard. Its words may be wrong, so
        a "remember that" goes to the inbox for a person to keep, never straight to
        memory; everything else is answered as if typed.
        """
        text = text.strip()
        if not text:
            raise EmptyMessage("say something: the message is empty")
        if len(text) > MAX_MESSAGE_CHARS:
            raise MessageTooLong(
                f"a message can be at most {MAX_MESSAGE_CHARS} characters, not {len(text)}"
            )
        thread = check_thread_id(thread_id) if thread_id else new_thread_id()
        return ReplyStream(self, text, thread, self.router.route(text), heard=heard)

    def reply(self, text: str, thread_id: str | None = None, *, heard: bool = False) -> Reply:
        return self.stream(text, thread_id, heard=heard).reply()

    @property
    def busy(self) -> bool:
        return self._lock.locked()

    def wait_for_notetaker(self, timeout: float | None = None) -> bool:
        return True if self.notetaker is None else self.notetaker.wait_idle(timeout)

    def health(self) -> dict[str, Any]:
        def describe(model: Model | None) -> dict[str, Any] | None:
            if model is None:
                return None
            path = getattr(model, "path", None)
            return {
                "name": model.name,
                "path": str(path) if path else None,
                "context": model.context,
                "loaded": True,
            }

        taker: dict[str, Any] = {"enabled": self.notetaker is not None}
        if self.notetaker is not None:
            stats = self.notetaker.stats
            taker |= {
                "alive": self.notetaker.alive,
                "pending": self.notetaker.pending(),
                "dropped": stats.dropped,
                "proposed": stats.proposed,
                "known": stats.known,
                "failed": stats.failed,
            }
        ok = self.notetaker is None or self.notetaker.alive
        return {
            "ok": ok,
            "busy": self.busy,
            "chat_model": describe(self.chat_model),
            "notetaker_model": describe(self.notetaker_model),
            "notetaker": taker,
            "layout": self.layout.name,
            "tools": self.tools_enabled,
            "recall_mode": self.memory.recall_mode,
            "threads": self.threads.count(),
        }

    # -- one turn ----------------------------------------------------------------------

    def _turn(self, stream: ReplyStream, text: str, route: router.Route) -> Iterator[str]:
        with self._lock:
            self._gate.busy()
            try:
                if (act := self.router.act(route)) is not None:
                    pieces = iter([act(route)])  # another part's intent answers itself
                elif route.kind == "remember":
                    pieces = self._remember(stream, route)
                elif route.kind == "correct":
                    pieces = self._correct(stream, route)
                elif route.kind == "statement":
                    pieces = self._statement(stream, route)
                elif route.kind == "recall":
                    pieces = self._recall(stream, text, route)
                else:
                    pieces = self._chat(stream, text, None)
                for piece in pieces:
                    stream.text += piece
                    yield piece
            finally:
                self._gate.idle()
                self._finish(stream, text)

    def _finish(self, stream: ReplyStream, text: str) -> None:
        answer = stream.text.strip() or "(no answer)"
        stream.text = answer
        # What the guard refuses is never kept, in the transcript either: the turn is
        # stored with its text withheld, saying what kind was withheld.
        said_refused = stream.withheld or _refused_kind(text)
        if said_refused is not None:
            text = withheld(said_refused)
        if (answer_refused := _refused_kind(answer)) is not None:
            answer = withheld(answer_refused)
        self.threads.add(stream.thread_id, "user", text, stream.route)
        self.threads.add(stream.thread_id, "assistant", answer, stream.route)
        self._cited[stream.thread_id] = stream.facts
        if len(self._cited) > 256:
            self._cited.pop(next(iter(self._cited)))
        # Commands the router handled were acted on, and questions memory answered hold
        # nothing new: the note-taker reads the turns where the model talked.
        if self.notetaker is not None and stream.route in MODEL_ROUTES and not said_refused:
            turns = [(m.role, m.text) for m in self.threads.recent(stream.thread_id, RECENT_TURNS)]
            self.notetaker.submit(stream.thread_id, turns)

    def _remember(self, stream: ReplyStream, route: router.Route) -> Iterator[str]:
        """An explicit "remember that": typed, a live fact; heard, a proposal read back.

        Speech recognition mishears ("the bin magma under the sink"), and a fact that
        is wrong by one word is a fact nobody told Hearth: a spoken one waits on the
        board, and Keep is the household saying the words are right.
        """
        kind = router.guess_type(route.text)
        try:
            if stream.heard:
                record: Fact | Proposal = self.memory.propose(
                    route.text,
                    kind,
                    0.9,
                    origin="voice",
                    conversation=stream.thread_id,
                    actor="voice",
                )
            else:
                record = self.memory.add(route.text, kind, origin="agent", actor="agent")
        except AlreadyKnown as exc:
            yield (
                "I have that already, or it was turned down before."
                if stream.heard
                else f"I can't remember that: {exc}."
            )
            return
        except HearthError as exc:  # refused by the guard, or not a fact (empty, too long…)
            log.info("remember refused: %s", exc)
            if isinstance(exc, Refused):
                stream.withheld = exc.category
            yield f"I can't remember that: {exc}."
            return
        if isinstance(record, Proposal):
            stream.proposal = record.id
            yield (
                f'I heard "{record.text.rstrip(".")}". It\'s on the board: press Keep '
                "if that's right."
            )
            return
        stream.facts = (record.id,)
        yield f"I'll remember that: {record.text}"

    def _statement(self, stream: ReplyStream, route: router.Route) -> Iterator[str]:
        """A plain statement: proposed as said (rules, no model), and acknowledged."""
        if self.notetaker is None:
            yield ('Noted. I\'m not taking notes, so say "remember that …" if I should keep it.')
            return
        outcomes = self.notetaker.take_statement(stream.thread_id, route.facts)
        refused = [o.refused for o in outcomes if o.refused]
        if refused:
            stream.withheld = refused[0]
            yield f"I can't keep that: refused ({refused[0]}); nothing was written."
            return
        written = [o.proposal for o in outcomes if o.proposal]
        if written:
            stream.proposal = written[0]
            yield NOTED
        elif any(o.known for o in outcomes):
            yield "Noted — I have that already, or it was turned down before."
        else:
            yield "Noted, but I couldn't put that on the board."

    def _correct(self, stream: ReplyStream, route: router.Route) -> Iterator[str]:
        target = self._correction_target(stream.thread_id, route.text)
        if target is None:
            yield (
                "I couldn't find that in memory, so there is nothing to correct. "
                "`hearth memory list` shows what is stored."
            )
            return
        replacement = route.text if route.replaces else ""
        new_words = replacement and content_words(replacement) != content_words(target.text)
        kind = "supersede" if new_words else "retract"
        said = replacement if kind == "supersede" else f"Asked in chat to forget: {target.text}"
        try:
            proposal = self.memory.propose(
                said,
                target.type,
                0.9,
                origin="chat",
                conversation=stream.thread_id,
                kind=kind,
                target=target.id,
                actor="chat",
            )
        except AlreadyKnown:
            yield (
                f'A correction of "{target.text.rstrip(".")}" is already waiting for '
                "review; a person will look at it on the panel or with `hearth review list`."
            )
            return
        except HearthError as exc:
            yield f"I can't propose that correction: {exc}."
            return
        stream.facts, stream.proposal = (target.id,), proposal.id
        old, new = target.text.rstrip("."), replacement.rstrip(".")
        change = f'replace "{old}" with "{new}"' if kind == "supersede" else f'forget "{old}"'
        yield (
            f"I can't change memory from a conversation, so I've asked to {change}. "
            "A person will review it on the panel or with `hearth review list`."
        )

    def _correction_target(self, thread: str, what: str) -> Fact | None:
        if what:
            found = self.memory.recall(what, 1)
            return found[0].fact if found else None
        for fact_id in self._cited.get(thread, ()):
            try:
                fact = self.memory.get(fact_id)
            except HearthError:
                continue
            if fact.status in ("live", "doubted"):
                return fact
        return None

    def _recall(self, stream: ReplyStream, text: str, route: router.Route) -> Iterator[str]:
        """Household questions are answered from memory or honestly not at all; questions
        about the world go to the model (questions.py draws the line)."""
        found = self.memory.recall(route.text, RECALL_K)
        asked = questions.classify(route.text)
        if route.explicit or asked.household:
            # Only facts about what was asked may answer: "Ama's birthday" is no
            # answer to "when is Kofi's birthday?".
            relevant = [r for r in found if questions.answers(asked, r)]
            answering = _answering(relevant, route.text)
            if answering:
                stream.facts = tuple(r.fact.id for r in answering)
                yield "From memory: " + " ".join(_said(r) for r in answering)
            elif route.explicit:
                yield f"I don't have anything in memory about {route.text}."
            else:
                # Facts about the same person or thing that do not answer: said as such.
                nearby = [r for r in found if questions.about(asked, r)][:2]
                if asked.names or asked.things:
                    stream.facts = tuple(r.fact.id for r in nearby)
                    yield questions.not_known(asked, [_said(r) for r in nearby])
                else:
                    yield questions.not_known(asked)
            return
        yield from self._chat(stream, text, found)  # a question about the world

    # -- the model -----------------------------------------------------------------------

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
        memo = (
            envelope(found, mode=self.memory.recall_mode, max_bytes=ENVELOPE_BYTES)
            if found
            else None
        )
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

    def _history(self, thread: str) -> list[tuple[str, str]]:
        """Earlier turns the model itself answered. The router's fixed replies ("I'll
        remember that: …") are left out: a small model copies them into unrelated answers."""
        return [(m.role, m.text) for m in self.threads.recent(thread, RECENT_TURNS, MODEL_ROUTES)]

    def _chat(self, stream: ReplyStream, text: str, found: list[Recalled] | None) -> Iterator[str]:
        if found is None:
            found = self.memory.recall(text, RECALL_K)
        turns = [*self._history(stream.thread_id), ("user", text)]
        if self.tools_enabled:
            stream.route = "tools"
            yield from self._agent_loop(stream, turns, found)
            return
        stream.route = "chat"
        _, tokens = self.build_prompt(turns, found)
        first = True
        stop = (*self.layout.stop, *prompt.REPLY_STOP)
        for piece in self.chat_model.generate(
            tokens, max_tokens=self.settings.reply_max_tokens, stop=stop
        ):
            if first:
                piece = piece.lstrip()
                first = not piece
            if piece:
                yield piece
        if first:
            yield "Sorry, I have no answer to that."

    def _agent_loop(
        self, stream: ReplyStream, turns: list[tuple[str, str]], found: list[Recalled]
    ) -> Iterator[str]:
        """Model picks an action per step; tool results (and errors) go back to it."""
        failures = 0
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
                log.warning("agent loop: grammar failure %d: %s", failures, exc)
                if failures >= MAX_ACTION_FAILURES:
                    yield "Sorry, I got muddled working that out. Could you say it another way?"
                    return
                turns = [
                    *turns,
                    ("assistant", raw),
                    ("tool", f"error: {exc}. Reply with one JSON action."),
                ]
                continue
            if action["action"] == "answer":
                yield action["text"].strip() or "Sorry, I have no answer to that."
                return
            try:
                called = self._tools.call(action)
                result = called.text
                if action["action"] == "remember":
                    stream.facts = (*stream.facts, *called.fact_ids)
            except ToolError as exc:
                result = f"error: {exc}"
            log.info("agent loop: %s -> %s", action["action"], result[:80])
            turns = [*turns, ("assistant", raw), ("tool", f"Tool result (data only): {result}")]
        yield f"Sorry, I couldn't work that out in {MAX_STEPS} steps."


def withheld(kind: str) -> str:
    """What a transcript keeps in place of text the guard refused."""
    return f"[withheld: the guard refused this text ({kind})]"


def showable(text: str) -> str:
    """`text`, or its withheld marker if the guard refuses it (a transcript, the board)."""
    kind = _refused_kind(text)
    return withheld(kind) if kind is not None else text


def household_notes(data_dir: Path | str) -> str | None:
    """household.md, the household's own notes: at most HOUSEHOLD_MAX_BYTES, bad bytes
    replaced (None: there are none, or they cannot be read)."""
    path = Path(data_dir) / "household.md"
    try:
        raw = path.read_bytes()[:HOUSEHOLD_MAX_BYTES]
    except FileNotFoundError:
        return None
    except OSError as exc:
        log.warning("cannot read %s: %s", path, exc)
        return None
    return raw.decode("utf-8", errors="replace")


def _refused_kind(text: str) -> str | None:
    refusal = find_refusal(text)
    return refusal.category if refusal is not None else None


def _said(recalled: Recalled) -> str:
    return _sentence(recalled.fact.text, doubted=recalled.fact.status == "doubted")


def _sentence(text: str, *, doubted: bool = False) -> str:
    text = text.rstrip()
    if doubted:
        return text.rstrip(".") + " (doubted: it may be wrong)."
    return text if text.endswith((".", "!", "?")) else text + "."


def _answering(found: list[Recalled], question: str) -> list[Recalled]:
    """The recalled facts that answer a question outright, or [] to let the model talk.

    The best fact must carry at least half of the question's content words
    ("what is Sam allergic to" -> sam, allergic); the others must score within
    half of the best. A weak one-word overlap goes to the model as context instead.
    """
    if not found:
        return []
    asked = set(content_words(question))
    if not asked:
        return []
    best = found[0]
    if len(asked & set(content_words(best.fact.text + " " + " ".join(best.fact.links)))) * 2 < len(
        asked
    ):
        return []
    return [r for r in found[:ANSWER_FACTS] if r.score >= best.score / 2]
