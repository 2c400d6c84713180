"""Changes to the inbox: propose, promote (Keep), discard (a part of `Memory`).

Only a person empties the inbox: Keep makes a proposal live (or applies its
correction), Discard leaves a tombstone so the same thing is not proposed again.
Each acts only on the proposal as the person read it (its digest).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable

from appliance.errors import InvalidFact
from appliance.memory.dated import dated
from appliance.memory.fact import Fact, Proposal, check_text, check_type
from appliance.memory.live import LiveFacts
from appliance.memory.review import as_shown, check_proposal_origin
from appliance.memory.tombstones import Tombstone
from appliance.memory.writes import checked_actor

log = logging.getLogger(__name__)


class InboxChanges(LiveFacts):
    """The core and its live-fact changes, with the inbox's: a correction kept applies
    one (retract, supersede)."""

    def propose(
        self,
        text: str,
        type: str,
        confidence: float = 0.6,
        origin: str = "notetaker",
        *,
        links: Iterable[str] = (),
        conversation: str | None = None,
        kind: str = "add",
        target: str | None = None,
        actor: str | None = None,
        asked_again: bool = False,
    ) -> Proposal:
        """Suggest a fact for a person to review. Writes to the inbox, never to memory.

        Raises AlreadyKnown if the same words are a fact (in any status), wait in
        the inbox already, or were discarded or retracted before. `asked_again`: a
        person said these words again out loud ("remember that …" heard by the voice
        service, the only origin that may pass it): words they said no to before are
        proposed anyway, and the card says "you discarded this on …", as for typed chat.
        The note-taker never passes it, so nothing refused comes back on its own.
        """
        actor = checked_actor(actor or origin)
        check_proposal_origin(origin)
        # a person heard saying refused words again, or asking again in chat for a fact to be
        # forgotten or put right (a correction chat proposes is a person's own asking)
        if asked_again and origin != "voice" and not (origin == "chat" and kind != "add"):
            raise InvalidFact("only a person heard saying it again may propose refused words")
        text, type = dated(check_text(text), self.writes.now()), check_type(type)
        links = tuple(links)
        with self._lock.held():
            self.writes.guard(text, actor, links)
            if target is not None:
                self.get(target)  # a correction must name a fact that exists
            self.review.refuse_duplicate(text, kind, target, asked_again=asked_again)
            return self._write_proposal(
                text,
                type,
                confidence,
                origin,
                links=links,
                conversation=conversation,
                kind=kind,
                target=target,
                actor=actor,
            )

    def promote(self, proposal_id: str, actor: str, *, shown: str | None = None) -> Fact:
        """A person kept a proposal: it becomes live (or its correction is applied).

        `shown`: the `Proposal.digest` of what the person read (the panel's card);
        if the proposal no longer matches it, nothing happens (Stale).
        """
        actor = checked_actor(actor)
        with self._lock.held():
            proposal = as_shown(self.get_proposal(proposal_id), shown)
            self.writes.guard(proposal.text, actor, proposal.links)
            if proposal.kind in ("retract", "supersede"):
                assert proposal.target is not None
                with self.audit.recording(
                    actor=actor,
                    action="promote",
                    fact_id=proposal.id,
                    content=proposal.to_text(),
                    detail=f"{proposal.kind} {proposal.target}",
                ):
                    if proposal.kind == "retract":
                        fact = self.retract(proposal.target, actor, reason=proposal.text)
                    else:
                        # the card showed any refusal of these words (said_no_before):
                        # the Keep is a person's answer to it
                        fact = self.supersede(
                            proposal.target,
                            proposal.text,
                            actor,
                            origin="cli",
                            despite_tombstone=True,
                        )
            else:
                fact = self._make_live(proposal, actor)
            self.writes.remove(self.writes.proposal_path(proposal.id))
            log.info("promoted %s as %s for %s", proposal.id, fact.id, actor)
            return fact

    def _make_live(self, proposal: Proposal, actor: str) -> Fact:
        # Ids are unique across memory/ and inbox/, so the proposal's id is free in
        # memory/ unless someone made a file there by hand.
        if self.writes.fact_path(proposal.id).exists():
            raise InvalidFact(
                f"memory/{proposal.id}.md already exists (made by hand?); rename it "
                "and keep the proposal again"
            )
        fact = Fact(
            id=proposal.id,
            type=proposal.type,
            text=proposal.text,
            confidence=proposal.confidence,
            source=self.writes.stamp("reviewed"),
            links=proposal.links,
            created=self.today(),
            last_seen=self.today(),
        )
        self.writes.commit(
            self.writes.fact_path(fact.id),
            fact.to_text(),
            actor=actor,
            record=fact,
            action="promote",
            fact_id=fact.id,
        )
        return fact

    def discard(
        self,
        proposal_id: str,
        actor: str,
        reason: str = "",
        *,
        shown: str | None = None,
        keep_text: bool = False,
    ) -> Tombstone:
        """A person said no: the proposal goes, and a tombstone keeps it from coming back.

        A correction's tombstone names the correction (forget or replace that
        fact), so the same correction is not proposed again either. The
        tombstone keeps the words only if `keep_text` (tombstones.py says what it keeps).
        """
        actor = checked_actor(actor)
        with self._lock.held():
            proposal = as_shown(self.get_proposal(proposal_id), shown)
            tombstone = self.review.discarded(proposal, actor, reason, self.today().isoformat())
            with self.audit.recording(
                actor=actor,
                action="discard",
                fact_id=proposal.id,
                content=proposal.to_text(),
                detail=reason or None,
            ):
                tombstone = self.tombstones.add(tombstone, keep_text=keep_text)
            self.writes.remove(self.writes.proposal_path(proposal.id))
            log.info("discarded %s for %s", proposal.id, actor)
            return tombstone
