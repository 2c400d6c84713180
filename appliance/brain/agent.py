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
from collections.abc import Callable, Generator, Iterator, Mapping
from typing import Any

from appliance.brain import models, router
from appliance.brain.conversation import MODEL_ROUTES, RECENT_TURNS, Conversation
from appliance.brain.days_plans import with_the_days_reminders
from appliance.brain.diet_replies import DietReplies
from appliance.brain.in_context import PET_KEPT, InContext
from appliance.brain.llm import Model
from appliance.brain.notetaker import NoteTaker, ReplyGate
from appliance.brain.remind_me_what import as_question
from appliance.brain.routes import RuleRoutes
from appliance.brain.threads import CLIENT_HISTORY, Threads, check_thread_id, new_thread_id
from appliance.brain.turn import EmptyMessage, MessageTooLong, Reply, ReplyStream
from appliance.brain.typed import (
    asked_by_whoever_said,
    plainly_asked,
    with_apostrophes,
    with_its_mark,
    without_asides,
    without_fillers,
)
from appliance.config import Settings
from appliance.memory import Memory
from appliance.memory.withheld import refused_kind, showable, withheld

log = logging.getLogger(__name__)

MAX_MESSAGE_CHARS = 4000
SWEEP_SECONDS = 3600.0  # the transcript retention sweep runs this often while open
# Spoken back, so short; the audit of a refused write is Memory's, and nothing was written.
NOTHING_SAID_YET = "I haven't said anything yet in this conversation."
TAKEN_BACK_SINCE = (
    "Part of what I said then has been taken back since, so I won't say it again. Ask me "
    "again and I'll answer from what I hold now."
)
CARD_DECIDED_SINCE = (
    "What I said then has changed since: that card has been kept or discarded on the board. "
    "Ask me again and I'll answer from what I hold now."
)
HEARD_SECRET = (
    "I can't keep that: it sounded like a password or a code, so the guard refused it "
    "and nothing was written. Keep those in a password manager."
)
DEFAULT_PARTS: Mapping[str, bool] = {"panel": False, "microphone": False}


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
        self.notetaker_model = notetaker_model
        self.threads = threads
        self.parts = dict(DEFAULT_PARTS if parts is None else parts)
        self.conversation = Conversation(
            settings, memory, chat_model, threads, self.parts, clock or dt.datetime.now
        )
        self._lock = threading.Lock()
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
        self.routes = RuleRoutes(memory, self.notetaker, self.conversation.chat, threads)
        self.diet = DietReplies(memory, self.routes)
        self.conversation.people = self.routes.people_ever_named
        self.in_context = InContext(intents, self.routes, threads, memory)
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
            settings.data_dir,
            retention_days=settings.chat_retention_days,
            clock=clock,
            withhold=lambda text: showable(text, memory.embedding.model),
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

    @property
    def chat_model(self) -> Model:
        """The model the conversation talks with (the web wraps it to count tokens)."""
        return self.conversation.chat_model

    @chat_model.setter
    def chat_model(self, model: Model) -> None:
        self.conversation.chat_model = model

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
        # a name only forgotten facts held is still a name ("what is kostas allergic to"
        # had become "Kosta's", a review's)
        typed = without_fillers(text)  # "add um bananas": never an item called "um bananas"
        typed = with_its_mark(with_apostrophes(typed, self.routes.people_ever_named()))
        typed = plainly_asked(typed)  # "would you be so kind as to remind me…": asked
        # "…, tell me na", "its chidi here what am i allergic to": the question itself
        typed = asked_by_whoever_said(without_asides(typed))
        route = self.router.route(as_question(typed), thread)
        route = self.in_context.route(route, text, typed, thread)
        return ReplyStream(self, text, thread, route, heard=heard)

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
            "layout": self.conversation.layout.name,
            "tools": self.conversation.tools_enabled,
            "recall_mode": self.memory.recall_mode,
            "threads": self.threads.count(),
        }

    # -- one turn ----------------------------------------------------------------------

    def _heard_secret(self, text: str) -> bool:
        """A transcript that states a secret, as the guard reads heard words: then nothing
        of it is acted on, answered, kept or shown (a misheard "is" or a number's odd
        shape must not carry a password past the rules; guard_heard.py)."""
        return refused_kind(text, self.memory.embedding.model, heard=True) == "secret"

    def _turn(
        self, stream: ReplyStream, text: str, route: router.Route
    ) -> Generator[str, None, None]:
        with self._lock:
            self._gate.busy()
            try:
                if stream.heard and self._heard_secret(text):
                    stream.withheld = "secret"
                    pieces = iter([HEARD_SECRET])
                elif route.kind == "parts":
                    pieces = self._each_part(stream, route)
                elif route.kind == "can have":
                    pieces = iter([self.diet.can_have(stream, route)])
                elif route.kind == "ate it":
                    pieces = iter([self.diet.ate_it(stream, route)])
                elif route.kind == "allergy kept":
                    pieces = iter([self.diet.allergy_kept(stream, route)])
                elif route.kind == PET_KEPT:
                    pieces = iter([self.diet.pet_kept(stream, route)])
                elif (act := self.router.act(route)) is not None:
                    pieces = iter([act(route)])  # another part's intent answers itself
                elif route.kind == "remember":
                    pieces = self.routes.remember(stream, route)
                elif route.kind == "correct":
                    pieces = self.routes.correct(stream, route)
                elif route.kind == "statement":
                    pieces = self.routes.statement(stream, route)
                elif route.kind == "recall":
                    pieces = with_the_days_reminders(
                        self.routes.recall(stream, text, route), route.text, self.router
                    )
                elif route.kind == "overview":
                    pieces = self.routes.overview(stream, text, route)
                elif route.kind == "inbox":
                    pieces = self.routes.inbox()
                elif route.kind == "again":
                    pieces = iter([self._said_again(stream)])
                elif route.kind == "did it":
                    pieces = iter([self._did_last(stream.thread_id)])
                else:
                    pieces = self.conversation.chat(stream, text, None)
                for piece in pieces:
                    stream.text += piece
                    yield piece
            finally:
                self._gate.idle()
                self._finish(stream, text)

    def _each_part(self, stream: ReplyStream, route: router.Route) -> Iterator[str]:
        """A command and a fact said together: each done as if said alone, in the order
        said, and each answered (said_together.py)."""
        for n, part in enumerate(route.parts):
            if n:
                yield " "
            if (act := self.router.act(part)) is not None:
                yield act(part)
            elif part.kind == "remember":
                yield from self.routes.remember(stream, part)
            else:
                yield from self.routes.statement(stream, part)

    def _own_last(self, thread: str) -> str | None:
        """Hearth's own last answer in the thread, from the record; never an answer a client
        sent as history (a ninth trial's "pardon?" replayed its own made-up "Yes, I turned
        the oven off at 6pm." as Hearth's)."""
        said = [m for m in self.threads.recent(thread, 2) if m.role == "assistant"]
        return said[-1].text if said and said[-1].route != CLIENT_HISTORY else None

    def _said_again(self, stream: ReplyStream) -> str:
        """Hearth's last answer in the thread, word for word: "pardon?" after a spoken
        answer nobody caught is answered from the record, never made again; and never a
        fact retracted since (a fifteenth trial's "say that again" replayed one)."""
        said = self._own_last(stream.thread_id)
        if said is None:
            return NOTHING_SAID_YET
        cited = self.routes.cited.get(stream.thread_id, ())
        live = {f.id for f in self.memory.facts("live")} | {
            f.id for f in self.memory.facts("doubted")
        }
        taken_back = any(fact_id not in live for fact_id in cited) or any(
            f.text.strip().rstrip(".!") in said
            for status in ("retracted", "superseded")
            for f in self.memory.facts(status)
            if len(f.text.split()) >= 3
        )
        if taken_back:
            return TAKEN_BACK_SINCE
        carded = self.routes.carded.get(stream.thread_id, ())
        if carded and not set(carded) <= {p.id for p in self.memory.proposals()}:
            # "Noted — it'll be on the board…", its card kept or discarded since (a
            # seventeenth trial's "say that again" after a discard said it was waiting still)
            return CARD_DECIDED_SINCE
        stream.facts = cited  # still what "no, that's wrong" after it means
        return said

    def _did_last(self, thread: str) -> str:
        """ "did that work?": what the thread's last answer said, word for word from the
        record, never a guess of whether it worked."""
        said = self._own_last(thread)
        return f"My last answer was: {said}" if said is not None else NOTHING_SAID_YET

    def _finish(self, stream: ReplyStream, text: str) -> None:
        answer = stream.text.strip() or "(no answer)"
        stream.text = answer
        # What the guard refuses is never kept, in the transcript either: the thread store
        # keeps its withheld marker instead (threads.py), saying what kind was withheld.
        said = withheld(stream.withheld) if stream.withheld else text
        stored = self.threads.add(stream.thread_id, "user", said, stream.route)
        said_refused = stream.withheld is not None or stored.text != text
        self.threads.add(stream.thread_id, "assistant", answer, stream.route)
        self.routes.answered(stream.thread_id, stream.facts, stream.carded)
        # Commands the router handled were acted on, and questions memory answered hold
        # nothing new: the note-taker reads the turns where the model talked.
        if self.notetaker is not None and stream.route in MODEL_ROUTES and not said_refused:
            turns = [(m.role, m.text) for m in self.threads.recent(stream.thread_id, RECENT_TURNS)]
            self.notetaker.submit(stream.thread_id, turns)
