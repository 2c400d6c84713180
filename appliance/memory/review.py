"""The review policy: who may make a fact live, and what a person's "no" keeps out.

Two write paths with different rules, on purpose. A person (the CLI, an import, the
model's memory tool acting on a request) writes live facts; the note-taker, a
correction asked for in chat and anything heard by speech can only propose. Words
a person discarded or retracted never become live on their own: through chat, the
model's tool or an import they wait in the inbox marked with the earlier "no"; at
the CLI they are refused unless the person says `--despite-tombstone`, and from the
operator's MCP client they are refused outright. A proposal
already waiting, or the same words already a fact, is not proposed twice.

`Memory` (store.py) asks this policy before each write; the write itself is
writes.py's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, TypeVar

from appliance.errors import HearthError, InvalidFact
from appliance.memory.fact import FACT_ORIGINS, PROPOSAL_ORIGINS, Fact, Proposal
from appliance.memory.recallable import RECALLABLE_STATUSES
from appliance.memory.said_less import in_the_first_person
from appliance.memory.text import correction_fingerprint, fingerprint
from appliance.memory.tombstones import Tombstone, TombstoneLog

# Looks up the index (through the reconciler, which rebuilds it if damaged).
IndexedFacts = Callable[[str], list[Fact]]  # fingerprint -> facts with those words
Waiting = Callable[[str, str, str | None], list[tuple[str, str]]]  # (print, kind, target)


class AlreadyKnown(HearthError):
    """A proposal was not written because the store already knows it (or was told no)."""


class AlreadyWaiting(AlreadyKnown):
    """The same words already wait in the inbox for review."""


class Tombstoned(HearthError):
    """A person discarded or retracted these words before; nothing was written."""


class HeldForReview(HearthError):
    """Words a person said no to before were said again: they wait in the inbox, not live."""

    def __init__(self, message: str, proposal_id: str) -> None:
        super().__init__(message)
        self.proposal_id = proposal_id


class Stale(HearthError):
    """A press or command acted on a proposal that changed after it was shown."""


def check_live_origin(origin: str, despite_tombstone: bool) -> None:
    """Only a person's paths write live facts; only the CLI overrides a tombstone."""
    if origin not in FACT_ORIGINS or origin == "reviewed":
        raise InvalidFact(
            f"origin {origin!r} cannot write live facts; use one of agent, cli, household, mcp"
        )
    if despite_tombstone and origin != "cli":
        raise InvalidFact("only a person at the CLI can write despite a tombstone")


def check_proposal_origin(origin: str) -> None:
    if origin not in PROPOSAL_ORIGINS:
        raise InvalidFact(
            f"origin {origin!r} cannot propose; use one of {', '.join(PROPOSAL_ORIGINS)}"
        )


def held_origin(origin: str) -> str:
    """Who a live write becomes when it is held for review instead: chat or the CLI."""
    return "chat" if origin == "agent" else "cli"


class Shown(Protocol):
    """A record a person is shown before a press acts on it."""

    @property
    def id(self) -> str: ...

    @property
    def digest(self) -> str: ...


S = TypeVar("S", bound=Shown)


def as_shown(record: S, shown: str | None, what: str = "proposal") -> S:
    """The record (a proposal, a pasted recipe), if it is still what the person read
    (`shown`: its digest then)."""
    if shown is not None and record.digest != shown:
        raise Stale(
            f"{what} {record.id!r} changed since it was shown; nothing was done. "
            "Read it again and press again"
        )
    return record


class ReviewPolicy:
    """What the tombstones and the index say about words before they are written."""

    def __init__(
        self,
        tombstones: TombstoneLog,
        indexed_facts: IndexedFacts,
        waiting: Waiting,
        people: Callable[[], set[str]] = set,
    ) -> None:
        self.tombstones = tombstones
        self._indexed_facts = indexed_facts
        self._waiting = waiting
        self._people = people

    def said_no_to(self, text: str) -> Tombstone | None:
        """The tombstone of these words or their meaning, if a person said no before; words
        said in the first person ("my girlfriend's name is…") are read as of each name the
        live facts hold too, since who speaks is not known."""
        people = self._people() if in_the_first_person(text) else set()
        return self.tombstones.matching(text, people=people)

    def said_no_before(self, proposal: Proposal) -> str | None:
        """ "you discarded this on DATE (reason)" when a person said no to these words before.

        What the panel's card and `hearth review list` show beside a proposal that
        came back through chat, the model's tool or an import.
        """
        if proposal.target is not None:
            # the same correction asked again by a person (a nineteenth trial's "please forget
            # where the spare key is" after a discarded one): the card says so
            asked = self.tombstones.find(
                correction_fingerprint(proposal.kind, proposal.target, proposal.text)
            )
            if asked is not None:
                return asked.said_no("this correction")
        if proposal.kind == "retract":
            return None  # its words are the asking, not a fact
        # a supersede's words become a fact at Keep: "that's wrong, Declan is vegan" after
        # "Declan is vegan." was discarded (an outside trial's card said nothing of it)
        tombstone = self.said_no_to(proposal.text)
        return None if tombstone is None else tombstone.said_no()

    def refuse_tombstoned(
        self, tombstone: Tombstone, origin: str, command: str = "add"
    ) -> Tombstoned:
        """A person's "no" stands: the CLI may override it, the operator's MCP client may not.

        The MCP client is another program's model acting for the operator; holding its
        words in the inbox would put what a person refused back on the board, so they
        are refused outright and only a person at the CLI can bring them back.
        """
        if origin == "mcp":
            return Tombstoned(
                f"{tombstone.said_no()}; nothing was written. Only a person can bring it "
                "back (`hearth memory add --despite-tombstone ...` at the CLI)"
            )
        return Tombstoned(
            f"{tombstone.said_no()}; nothing was written. `hearth memory {command} "
            "--despite-tombstone ...` keeps it anyway"
        )

    def waiting_with(self, text: str) -> str | None:
        """The id of an add-proposal with these words already in the inbox, if any."""
        waiting = self._waiting(fingerprint(text), "add", None)
        return waiting[0][0] if waiting else None

    def refuse_duplicate(
        self, text: str, kind: str, target: str | None, *, asked_again: bool = False
    ) -> None:
        """AlreadyKnown if a proposal of these words would repeat what is known or refused
        (refused only, and not when a person `asked_again`: inbox.propose)."""
        print_ = fingerprint(text)
        waiting = self._waiting(print_, kind, target)
        if waiting:
            raise AlreadyWaiting(f"already waiting for review as {waiting[0][0]!r}")
        if kind != "add":
            assert target is not None
            tombstone = self.tombstones.find(correction_fingerprint(kind, target, text))
            if tombstone is not None and not asked_again:
                raise AlreadyKnown(f"{tombstone.said_no('this correction')}; not proposed again")
            return
        for fact in self._indexed_facts(print_):
            if asked_again and fact.status not in RECALLABLE_STATUSES:
                continue  # retracted or superseded: its tombstone marks the new proposal
            raise AlreadyKnown(f"already known as fact {fact.id!r} ({fact.status})")
        tombstone = self.said_no_to(text)
        if tombstone is not None and not asked_again:
            raise AlreadyKnown(f"{tombstone.said_no()}; not proposed again")

    def discarded(self, proposal: Proposal, actor: str, reason: str, today: str) -> Tombstone:
        """The tombstone a discard leaves: a correction's names the correction."""
        print_ = (
            fingerprint(proposal.text)
            if proposal.target is None
            else correction_fingerprint(proposal.kind, proposal.target, proposal.text)
        )
        return Tombstone(
            fingerprint=print_,
            # a forget card's words are the fact it asks to forget, which stays live: its
            # discard refuses the asking, never the fact (a nineteenth trial's "The spare key's
            # under the blue plant pot" was then held as "you discarded this"), so no meaning
            # of those words is kept, only the correction's own fingerprint
            text=None if proposal.kind == "retract" else proposal.text,
            reason=reason or "discarded at review",
            date=today,
            fact_id=proposal.id,
            actor=actor,
            kind="discard",
        )

    def retracted(
        self, fact: Fact, actor: str, reason: str, today: str, kind: str = "retract"
    ) -> Tombstone:
        """The tombstone a retract leaves, or a supersede (`kind`): the fact replaced."""
        return Tombstone(
            fingerprint=fingerprint(fact.text),
            text=fact.text,
            reason=reason or "retracted",
            date=today,
            fact_id=fact.id,
            actor=actor,
            kind=kind,
        )
