"""The note-taker: proposes the facts a household states to the inbox, never to memory.

It never writes live memory: every candidate goes through `Memory.propose`, so
the guard, and dedup against live facts, the inbox and tombstones, all apply
(`AlreadyKnown` is an ordinary outcome: the household said it before, or said no).

Two ways in. A plain statement ("the spare key is under the blue pot") is its own
proposal, found by rules (statements.py) during the turn, so the reply can say
truthfully what happened (`take_statement`; no model, a few milliseconds). The
other turns the model answered may go to a model in the background (`submit`),
when one is loaded; benchmarks/brain.py compares the two, and both together.

Extraction is a few-shot completion prompt with a JSON-schema grammar that caps
the list at five items (measured: chat-style `response_format` runs away
repeating items; this gave valid JSON 5 times in 5). A person reviews every
proposal, so an unknown type becomes "note" (and a type the router's word rules
are sure of wins over the model's guess), and confidence is clamped rather than
trusted.

The worker has its own thread and a bounded queue: when the queue is full the
oldest job is dropped and logged. Submitting never waits for the model, so a
reply is never delayed by it.
"""

from __future__ import annotations

import json
import logging
import re
import threading
import time
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from appliance.brain.llm import Model
from appliance.brain.router import guess_type
from appliance.brain.statements import facts_stated, sentence, without_filler
from appliance.errors import HearthError
from appliance.memory import FACT_TYPES, AlreadyKnown, Memory, Refused
from appliance.memory.changed import changed_fact, said_as_a_change
from appliance.memory.text import fingerprint, tokens

log = logging.getLogger(__name__)

MIN_CHARS = 12  # "thanks", "ok stop", "what time is it": nothing to learn
TURNS_READ = 6
MAX_ITEMS = 5
CONFIDENCE_RANGE = (0.1, 0.8)  # a guess from a background reader, never near certainty
QUEUE_SIZE = 16
SETTLE_SECONDS = 0.5  # no decoding until replies have paused this long
MAX_TOKENS = 256
RULE_CONFIDENCE = 0.8  # said in so many words; a person still decides
_CHANGED_K = 5  # the facts recalled for a statement, to find the one it changes

SCHEMA: dict[str, Any] = {
    "type": "array",
    "maxItems": MAX_ITEMS,
    "items": {
        "type": "object",
        "properties": {
            "text": {"type": "string", "maxLength": 200},
            "type": {"type": "string", "enum": list(FACT_TYPES)},
            "confidence": {"type": "number"},
        },
        "required": ["text", "type", "confidence"],
    },
}

# Few-shot examples: each says what a household fact is and, just as much, what is not one.
# None of them is about a person, date or thing the tests or the benchmark set ask about.
INSTRUCTIONS = (
    "Extract lasting household facts that the user states in a kitchen conversation. "
    "Write each fact as one short plain sentence. Never questions, requests or small "
    "talk. Output a JSON list; [] if "
    "there is nothing worth remembering.\n\n"
)
EXAMPLES: tuple[tuple[str, str], ...] = (
    ("user: can you put the kettle on", "[]"),
    (
        "user: oh and Ana is Sam's piano teacher, she comes on Wednesdays",
        '[{"text": "Ana is Sam\'s piano teacher.", "type": "person", "confidence": 0.8}, '
        '{"text": "Ana comes on Wednesdays.", "type": "routine", "confidence": 0.7}]',
    ),
    ("user: what's the weather like\nuser: is it going to rain later", "[]"),
    (
        "user: by the way, Leo's birthday is on the 12th of June",
        '[{"text": "Leo\'s birthday is on the 12th of June.", "type": "event", "confidence": 0.8}]',
    ),
    (
        "user: tell me a joke\nuser: Mia can't have dairy, it makes her ill",
        '[{"text": "Mia cannot have dairy.", "type": "health", "confidence": 0.8}]',
    ),
    ("user: thanks, that's all", "[]"),
    (
        "user: the fuse box is in the cupboard under the stairs",
        '[{"text": "The fuse box is in the cupboard under the stairs.", "type": "household", '
        '"confidence": 0.8}]',
    ),
    (
        "user: Dad prefers oat milk in his tea",
        '[{"text": "Dad prefers oat milk in his tea.", "type": "preference", "confidence": 0.7}]',
    ),
)


class ReplyGate:
    """Whether a reply is being made, and since when none has been.

    The brain marks each turn `busy()` then `idle()`. The note-taker decodes only
    once no reply has been made for `settle` seconds: on a 2-core Pi two models
    decoding at once would both slow down, and the reply must not, including the
    next one a person starts right after reading the last.
    """

    def __init__(self) -> None:
        self._idle = threading.Event()
        self._idle.set()
        self._since = time.monotonic()

    def busy(self) -> None:
        self._idle.clear()

    def idle(self) -> None:
        self._since = time.monotonic()
        self._idle.set()

    def wait_quiet(self, settle: float) -> None:
        while True:
            self._idle.wait()
            remaining = self._since + settle - time.monotonic()
            if remaining <= 0 and self._idle.is_set():
                return
            time.sleep(max(remaining, 0.01))


@dataclass(frozen=True)
class Candidate:
    text: str
    type: str
    confidence: float


def extraction_prompt(turns: Sequence[tuple[str, str]]) -> str:
    """The few-shot completion prompt for (role, text) turns, oldest first."""
    shots = "".join(f"Conversation:\n{c}\nFacts: {f}\n\n" for c, f in EXAMPLES)
    # Only the household's own words: a small chat model's replies are where invented
    # "facts" come from (measured: a joke reply came back as a proposal).
    said = "\n".join(f"user: {' '.join(text.split())}" for role, text in turns if role == "user")
    # The trailing space matters: the examples tokenize " [" after "Facts:".
    return f"{INSTRUCTIONS}{shots}Conversation:\n{said}\nFacts: "


def tidy(text: str) -> str:
    """One sentence without the conversational lead-in ("by the way, …"), capitalised."""
    return sentence(without_filler(" ".join(text.split())))


# A proposal is read later, on the panel, far from the conversation: "He can't stand
# them." or "Ugh." cannot be judged there, so they are never proposed.
_LEADING_PRONOUN = re.compile(
    r"^(he|she|they|it|him|her|them|his|hers|their|its|this|that|these|those|we|you|i)\b",
    re.IGNORECASE,
)


def stands_alone(text: str) -> bool:
    """True when a person could judge the sentence without the conversation around it."""
    return len(text.split()) >= 3 and len(tokens(text)) >= 2 and not _LEADING_PRONOUN.match(text)


def rule_candidates(text: str) -> list[Candidate]:
    """The facts a plain statement states, as said, typed by the router's word rules."""
    return typed_by_rules(facts_stated(text))


def typed_by_rules(facts: Sequence[str]) -> list[Candidate]:
    """Stated facts as candidates, typed by the router's word rules."""
    return [Candidate(fact, guess_type(fact), RULE_CONFIDENCE) for fact in facts]


@dataclass(frozen=True)
class Outcome:
    candidate: Candidate
    proposal: str | None  # the proposal's id when one was written
    known: bool = False  # already a fact, waiting, or refused before (AlreadyKnown)
    refused: str | None = None  # the guard's category when it refused the text
    said_no: str | None = None  # known because a person refused it: "you discarded this on …"
    replaces: str | None = None  # the live fact's words, where it is proposed in its place


class GrammarFailure(HearthError):
    """The model's output did not parse as the JSON the grammar asked for."""


def parse_candidates(raw: str) -> list[Candidate]:
    """Turn the model's JSON into candidates: coerce the type, clamp the confidence."""
    try:
        items = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise GrammarFailure(f"note-taker output is not JSON ({exc.msg}): {raw[:80]!r}") from None
    if not isinstance(items, list):
        raise GrammarFailure(f"note-taker output is not a JSON list: {raw[:80]!r}")
    out: list[Candidate] = []
    seen: set[str] = set()
    low, high = CONFIDENCE_RANGE
    for item in items[:MAX_ITEMS]:
        if not isinstance(item, dict) or not isinstance(item.get("text"), str):
            continue
        text = tidy(item["text"])
        if not stands_alone(text):
            log.debug("not proposing %r: it needs the conversation to make sense", text)
            continue
        # A small base model repeats a fact with another type; the first is its best guess.
        print_ = fingerprint(text)
        if print_ in seen:
            continue
        seen.add(print_)
        # Gemma 270M often says "health" for anything; a clear word ("birthday",
        # "allergic", "every Thursday") is the better guess when there is one.
        kind = guess_type(text)
        if kind == "note":
            kind = item["type"] if item.get("type") in FACT_TYPES else "note"
        confidence = item.get("confidence")
        if isinstance(confidence, bool) or not isinstance(confidence, int | float):
            confidence = low
        out.append(Candidate(text, kind, min(high, max(low, float(confidence)))))
    return out


def extract(
    model: Model,
    turns: Sequence[tuple[str, str]],
    gate: ReplyGate | None = None,
    settle: float = 0.0,
) -> list[Candidate]:
    """Ask the model for the facts in a conversation (grammar-constrained).

    With a `gate`, generation pauses between tokens while replies are being made.
    """
    tokens = model.tokenize(extraction_prompt(turns), bos=True)
    raw = ""
    pieces = model.generate(tokens, max_tokens=MAX_TOKENS, schema=SCHEMA)
    for piece in pieces:
        raw += piece
        if "}" in piece:
            done = _items_before_a_repeat(raw)
            if done is not None:  # the model started repeating itself: stop decoding
                pieces.close()  # type: ignore[attr-defined]
                return parse_candidates(json.dumps(done))
        if gate is not None:
            gate.wait_quiet(settle)
    return parse_candidates(raw)


def _items_before_a_repeat(raw: str) -> list[Any] | None:
    """The complete items so far if the newest one repeats an earlier text, else None.

    Gemma 270M base tends to repeat its first fact with other types until the
    grammar's maxItems; each repeat costs ~30 tokens of a slow background decode.
    """
    decoder = json.JSONDecoder()
    start = raw.find("[")
    if start < 0:
        return None
    items: list[Any] = []
    seen: list[str] = []
    position = start + 1
    while True:
        while position < len(raw) and raw[position] in " \n\t,":
            position += 1
        try:
            item, position = decoder.raw_decode(raw, position)
        except json.JSONDecodeError:
            return None
        text = item.get("text") if isinstance(item, dict) else None
        print_ = fingerprint(str(text)) if text else ""
        if print_ and print_ in seen:
            return items
        seen.append(print_)
        items.append(item)


@dataclass(frozen=True)
class Job:
    conversation: str
    turns: tuple[tuple[str, str], ...]  # (role, text), oldest first


@dataclass
class Stats:
    queued: int = 0
    dropped: int = 0
    skipped: int = 0
    done: int = 0
    failed: int = 0
    proposed: int = 0
    known: int = 0
    refused: int = 0


class NoteTaker:
    """Rules during the turn; the model (if any) on a background worker with a bounded queue."""

    def __init__(
        self,
        model: Model | None,
        memory: Memory,
        *,
        queue_size: int = QUEUE_SIZE,
        gate: ReplyGate | None = None,
        settle: float = SETTLE_SECONDS,
    ) -> None:
        """With a `gate`, the worker decodes only after no reply has been made for
        `settle` seconds (see ReplyGate)."""
        self.model = model
        self.memory = memory
        self.gate = gate
        self.settle = settle
        self.stats = Stats()
        self._queue: deque[Job] = deque()
        self._queue_size = queue_size
        self._cond = threading.Condition()
        self._busy = False
        self._closing = False
        self._thread = threading.Thread(target=self._run, name="hearth-notetaker", daemon=True)
        self._thread.start()

    def take_statement(self, conversation: str, facts: Sequence[str]) -> list[Outcome]:
        """Propose what a plain statement states (the router's `facts`; no model), now."""
        outcomes = self.propose(conversation, typed_by_rules(facts))
        self.stats.done += 1
        return outcomes

    def submit(self, conversation: str, turns: Sequence[tuple[str, str]]) -> bool:
        """Queue the latest turns for the model to read; never waits. False if skipped."""
        said = [text for role, text in turns if role == "user"]
        if self.model is None or not said or len(said[-1].strip()) < MIN_CHARS:
            self.stats.skipped += 1
            return False
        job = Job(conversation, tuple(turns[-TURNS_READ:]))
        with self._cond:
            if self._closing:
                return False
            if len(self._queue) >= self._queue_size:
                old = self._queue.popleft()
                self.stats.dropped += 1
                log.warning(
                    "note-taker queue full (%d): dropped the oldest job, from conversation %s",
                    self._queue_size,
                    old.conversation,
                )
            self._queue.append(job)
            self.stats.queued += 1
            self._cond.notify_all()
        return True

    def pending(self) -> int:
        with self._cond:
            return len(self._queue) + (1 if self._busy else 0)

    def wait_idle(self, timeout: float | None = None) -> bool:
        """Block until every queued job is done; False if the timeout passed first."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._queue and not self._busy, timeout)

    def close(self, timeout: float | None = 30.0) -> None:
        """Finish what is queued (up to the timeout), then stop the worker."""
        self.wait_idle(timeout)
        with self._cond:
            self._closing = True
            self._queue.clear()
            self._cond.notify_all()
        self._thread.join(timeout)

    @property
    def alive(self) -> bool:
        return self._thread.is_alive()

    def _run(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._queue or self._closing)
                if self._closing:
                    return
                job = self._queue.popleft()
                self._busy = True
            try:
                self.process(job)
            except Exception:  # one bad job must not stop the worker
                self.stats.failed += 1
                log.exception("note-taker failed on conversation %s", job.conversation)
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()

    def process(self, job: Job) -> list[str]:
        """Extract with the model and propose; returns the ids of the proposals written."""
        if self.model is None:
            return []
        try:
            if self.gate is not None:
                self.gate.wait_quiet(self.settle)
            candidates = extract(self.model, job.turns, self.gate, self.settle)
        except GrammarFailure:
            self.stats.failed += 1
            log.warning(
                "note-taker: the model's answer did not parse (conversation %s)", job.conversation
            )
            return []
        outcomes = self.propose(job.conversation, candidates)
        self.stats.done += 1
        return [o.proposal for o in outcomes if o.proposal is not None]

    def propose(self, conversation: str, candidates: Sequence[Candidate]) -> list[Outcome]:
        """Each candidate through Memory.propose (guard, dedup, tombstones)."""
        outcomes = []
        for candidate in candidates:
            # "Ify is 9 now" with "Ify is 8." live: in its place, for a person's Keep
            changed = (
                changed_fact(
                    candidate.text,
                    (r.fact for r in self.memory.recall(candidate.text, _CHANGED_K)),
                )
                # a recall only for what is said as a change ("now", "actually"…)
                if said_as_a_change(candidate.text)
                else None
            )
            try:
                proposal = self.memory.propose(
                    candidate.text,
                    changed.type if changed else candidate.type,
                    candidate.confidence,
                    origin="notetaker",
                    conversation=conversation,
                    kind="supersede" if changed else "add",
                    target=changed.id if changed else None,
                )
            except AlreadyKnown as exc:
                self.stats.known += 1
                log.info("note-taker: a %s candidate was not proposed: known", candidate.type)
                said_no = str(exc) if str(exc).startswith("you ") else None
                outcomes.append(Outcome(candidate, None, known=True, said_no=said_no))
                continue
            except Refused as exc:
                self.stats.refused += 1
                log.info("note-taker: not proposed: refused (%s)", exc.audit_detail)
                outcomes.append(Outcome(candidate, None, refused=exc.category))
                continue
            except HearthError as exc:  # not a valid fact (too long, empty…)
                self.stats.refused += 1
                log.info("note-taker: not proposed: %s", type(exc).__name__)
                outcomes.append(Outcome(candidate, None))
                continue
            outcomes.append(
                Outcome(candidate, proposal.id, replaces=changed.text if changed else None)
            )
            self.stats.proposed += 1
        return outcomes
