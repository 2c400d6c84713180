"""What one brain's rule-answered turns hold between messages: the facts each thread's last
answer used or carded, and the names memory holds, read once per change of memory."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING

from appliance.brain.known import KnownToMemory
from appliance.brain.notetaker import NoteTaker
from appliance.errors import HearthError
from appliance.memory import Fact, Memory, Recalled
from appliance.memory.recallable import RECALLABLE_STATUSES

if TYPE_CHECKING:
    from appliance.brain.threads import Threads
    from appliance.brain.turn import ReplyStream

# The model's side of a turn, for a question about the world (conversation.py).
ModelChat = Callable[["ReplyStream", str, "list[Recalled] | None"], Iterator[str]]


class LastAnswer:
    """One thing each thread's last answer left ("cited": the facts it used; "carded": the
    cards it put on the board), by thread: kept in the threads' store where there is one,
    so another process continuing the thread reads it, else in this process only."""

    def __init__(self, kept: str, threads: Threads | None) -> None:
        self._kept = kept
        self._threads = threads
        self._here: dict[str, tuple[str, ...]] = {}

    def get(self, thread: str, default: tuple[str, ...] = ()) -> tuple[str, ...]:
        if self._threads is None:
            return self._here.get(thread, default)
        found = self._threads.kept(thread, self._kept)
        return default if found is None else found

    def pop(self, thread: str, default: tuple[str, ...] = ()) -> tuple[str, ...]:
        found = self.get(thread, default)
        if self._threads is None:
            self._here.pop(thread, None)
        else:
            self._threads.forget_kept(thread, self._kept)
        return found

    def __setitem__(self, thread: str, ids: tuple[str, ...]) -> None:
        if self._threads is not None:
            self._threads.keep(thread, **{self._kept: ids})
            return
        self._here[thread] = ids
        if len(self._here) > 256:
            self._here.pop(next(iter(self._here)))


class RouteState:
    """The state the rule-answered turns share (routes.py, put_right_routes.py)."""

    def __init__(
        self,
        memory: Memory,
        notetaker: NoteTaker | None,
        chat: ModelChat,
        threads: Threads | None = None,
    ) -> None:
        self.memory = memory
        self.notetaker = notetaker
        self.chat = chat
        self.threads = threads
        self.cited = LastAnswer("cited", threads)  # thread -> facts the last answer used
        self.carded = LastAnswer("carded", threads)  # thread -> what it put on the board
        self.known = KnownToMemory(memory)  # names, pets, who has a diet: per memory change

    def answered(self, thread: str, facts: tuple[str, ...], carded: tuple[str, ...] = ()) -> None:
        """Remember which facts a thread's last answer used or kept ("no, that's wrong" and
        "forget that" target them), and the new facts it put on the board ("don't save
        that" takes them off)."""
        # only the last answer's cards: "cancel it" after a timer is the timer's, and "never
        # mind" after another question drops that topic (a second review found both taking
        # an earlier card away)
        if self.threads is not None:
            self.threads.keep(thread, cited=facts, carded=carded)  # one write, or none
        else:
            self.cited[thread], self.carded[thread] = facts, carded

    def live(self, fact_ids: Iterable[str]) -> list[Fact]:
        """Those of the facts that are still there to be recalled."""
        return [fact for fid in fact_ids if (fact := self._live(fid)) is not None]

    def _live(self, fact_id: str) -> Fact | None:
        """The fact, if it is still there to be recalled."""
        try:
            fact = self.memory.get(fact_id)
        except HearthError:
            return None
        return fact if fact.status in RECALLABLE_STATUSES else None

    def people_ever_named(self) -> frozenset[str]:
        """The names memory holds, and those only forgotten facts held: whom the model's
        sentences are checked of (told.py)."""
        known = self.known.now()
        return known.names | known.once

    def known_names(self) -> frozenset[str]:
        """The names memory holds (lower case; known.py), read again only when it changed."""
        return self.known.now().names
