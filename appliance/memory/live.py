"""Changes to live facts: add, doubt, retract, supersede (a part of `Memory`).

A person's paths write live facts; what a person said no to before is held for
review instead (review.py). Each change goes through the shared write path
(writes.py): the lock, the guard, the audit line, the durable write.
"""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Iterable
from contextlib import suppress

from appliance.errors import HearthError, InvalidFact
from appliance.memory.core import MemoryCore
from appliance.memory.dated import dated
from appliance.memory.fact import Fact, check_confidence, check_text, check_type
from appliance.memory.private_health import of_private_health
from appliance.memory.recallable import RECALLABLE_STATUSES
from appliance.memory.review import HeldForReview, check_live_origin, held_origin
from appliance.memory.text import fingerprint
from appliance.memory.tombstones import Tombstone
from appliance.memory.writes import checked_actor

log = logging.getLogger(__name__)


class LiveFacts(MemoryCore):
    """The core, with the changes a person makes to live facts."""

    def add(
        self,
        text: str,
        type: str,
        *,
        confidence: float = 0.9,
        origin: str = "cli",
        links: Iterable[str] = (),
        pinned: bool = False,
        valid_until: dt.date | None = None,
        actor: str | None = None,
        despite_tombstone: bool = False,
    ) -> Fact:
        """Write a live fact (a person at the CLI, the model's memory tool, an import).

        Saying the same thing twice does not make two facts: the existing one is
        marked seen again and returned.

        Words a person discarded or retracted never become live silently: from
        the model (chat, its tool) or an import they go to the inbox instead,
        marked with the earlier refusal, and HeldForReview says so; at the CLI
        they are refused (Tombstoned) unless `despite_tombstone`, which only
        origin "cli" may pass and which is audited; from the operator's MCP
        client (origin "mcp") they are refused, with no override.
        """
        actor = checked_actor(actor or origin)
        check_live_origin(origin, despite_tombstone)
        text, type = dated(check_text(text), self.writes.now()), check_type(type)
        confidence = check_confidence(confidence)
        links = tuple(links)
        with self._lock.held():
            self.writes.guard(text, actor, links)
            existing = self._live_with_fingerprint(fingerprint(text))
            if existing is not None:
                return self._seen_again(existing, actor)
            tombstone = self.review.said_no_to(text)
            detail = None
            if tombstone is not None:
                if not despite_tombstone:
                    self._hold_for_review(text, type, origin, links, actor, tombstone)
                detail = f"despite tombstone ({tombstone.said_no()})"
            elif origin != "cli" and (
                who := of_private_health(text, lambda: [f.text for f in self.facts("live")])
            ):
                self._hold_as_private(text, type, origin, links, actor, who)
            fact = Fact(
                id=self._new_id(text),
                type=type,
                text=text,
                confidence=confidence,
                source=self.writes.stamp(origin),
                links=links,
                pinned=pinned,
                created=self.today(),
                last_seen=self.today(),
                valid_until=valid_until,
            )
            Fact.from_text(fact.to_text(), fact.id)  # what we write must read back
            self.writes.commit(
                self.writes.fact_path(fact.id),
                fact.to_text(),
                actor=actor,
                record=fact,
                action="write",
                fact_id=fact.id,
                detail=detail,
            )
            log.info("wrote fact %s (%s) for %s", fact.id, type, actor)
            return fact

    def _hold_for_review(
        self,
        text: str,
        type: str,
        origin: str,
        links: tuple[str, ...],
        actor: str,
        tombstone: Tombstone,
    ) -> None:
        """A person said no to these words before: refused at the CLI and from the
        operator's MCP client, else held in the inbox. Raises, always."""
        if origin in ("cli", "mcp"):
            raise self.review.refuse_tombstoned(tombstone, origin)
        self._held(text, type, origin, links, actor, tombstone.said_no())

    def _hold_as_private(
        self, text: str, type: str, origin: str, links: tuple[str, ...], actor: str, who: str
    ) -> None:
        """A statement of the health of someone who asked for it to be kept private: held in
        the inbox for a person to Keep (private_health.py). Raises, always."""
        named = who[:1].upper() + who[1:]
        self._held(
            text, type, origin, links, actor, f"memory says {named} wants their health kept private"
        )

    def _held(
        self, text: str, type: str, origin: str, links: tuple[str, ...], actor: str, why: str
    ) -> None:
        """`text` waiting in the inbox (the proposal already waiting with it, or a new one),
        and HeldForReview saying `why`. Raises, always."""
        proposal_id = (
            self.review.waiting_with(text)
            or self._write_proposal(
                text,
                type,
                0.9,
                held_origin(origin),
                links=links,
                conversation=None,
                kind="add",
                target=None,
                actor=actor,
            ).id
        )
        raise HeldForReview(
            f"{why}; it waits for review as {proposal_id!r} instead (Keep on the panel, or "
            f"`hearth review keep {proposal_id}`, makes it live)",
            proposal_id,
        )

    def _live_with_fingerprint(self, print_: str) -> Fact | None:
        indexed = self.reconciler.ask(lambda: self.index.facts_with_fingerprint(print_))
        for candidate in indexed:
            if candidate.status in RECALLABLE_STATUSES:
                with suppress(HearthError):
                    fact = self.get(candidate.id)  # the file, not the index, is the truth
                    if fact.status in RECALLABLE_STATUSES and fingerprint(fact.text) == print_:
                        return fact
        return None

    def _seen_again(self, fact: Fact, actor: str) -> Fact:
        if fact.last_seen == self.today():
            return fact
        updated = fact.replace(last_seen=self.today())
        self.writes.commit(
            self.writes.fact_path(fact.id),
            updated.to_text(),
            actor=actor,
            action="write",
            fact_id=fact.id,
            detail="seen again",
            record=updated,
        )
        return updated

    def doubt(self, fact_id: str, actor: str = "cli") -> Fact:
        """Still recalled, but ranked lower and shown to the model as doubted."""
        actor = checked_actor(actor)
        with self._lock.held():
            return self.writes.change_status(
                self.get(fact_id), "doubted", actor, ("live",), "doubt"
            )

    def retract(self, fact_id: str, actor: str = "cli", reason: str = "") -> Fact:
        """Never recalled again, and tombstoned so it is not proposed again."""
        actor = checked_actor(actor)
        with self._lock.held():
            fact = self.writes.change_status(
                self.get(fact_id),
                "retracted",
                actor,
                RECALLABLE_STATUSES,
                "retract",
                detail=reason or None,
            )
            self.tombstones.add(
                self.review.retracted(fact, actor, reason, self.today().isoformat())
            )
            return fact

    def supersede(
        self,
        fact_id: str,
        new_text: str,
        actor: str = "cli",
        *,
        origin: str = "cli",
        type: str | None = None,
        despite_tombstone: bool = False,
    ) -> Fact:
        """Replace a fact with a new one; the old one stays on disk, marked superseded.

        New words a person discarded or retracted are refused (Tombstoned), as `add`
        refuses them, unless `despite_tombstone`: a person at the CLI saying so, or a Keep
        of a correction whose card showed the refusal. An outside trial's `hearth memory
        supersede` had brought retracted words back live with nothing said."""
        actor = checked_actor(actor)
        check_live_origin(origin, despite_tombstone)
        new_text = check_text(new_text)
        with self._lock.held():
            old = self.get(fact_id)
            if old.status not in RECALLABLE_STATUSES:
                raise InvalidFact(f"fact {fact_id!r} is {old.status}; it cannot be superseded")
            self.writes.guard(new_text, actor, old.links)
            tombstone = self.review.said_no_to(new_text)
            if tombstone is not None and not despite_tombstone:
                raise self.review.refuse_tombstoned(tombstone, origin, "supersede")
            detail = f"replaces {old.id}" + (
                f"; despite tombstone ({tombstone.said_no()})" if tombstone is not None else ""
            )
            new = Fact(
                id=self._new_id(new_text),
                type=check_type(type or old.type),
                text=new_text,
                confidence=max(old.confidence, 0.9),
                source=self.writes.stamp(origin),
                links=old.links,
                pinned=old.pinned,
                created=self.today(),
                last_seen=self.today(),
                supersedes=(old.id,),
            )
            self.writes.commit(
                self.writes.fact_path(new.id),
                new.to_text(),
                actor=actor,
                record=new,
                action="supersede",
                fact_id=new.id,
                detail=detail,
            )
            self.writes.change_status(
                old,
                "superseded",
                actor,
                RECALLABLE_STATUSES,
                "supersede",
                detail=f"replaced by {new.id}",
            )
            # what a person replaced is refused too: a ninth trial kept "Declan isn't allergic
            # to shellfish" over "…is allergic…", and "remember Declan is allergic to
            # shellfish" then went live beside it
            self.tombstones.add(
                self.review.retracted(
                    old, actor, f"by {new.id}", self.today().isoformat(), "supersede"
                )
            )
            return new
