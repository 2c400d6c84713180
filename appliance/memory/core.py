"""The core of `Memory`: opening a data dir, recovering it, reading it, and recall.

`Memory` (store.py) is this core with its changes added in two layers: live facts
(live.py: add, doubt, retract, supersede) and the inbox (inbox.py: propose, promote,
discard). Every change goes through the shared write path (writes.py) and asks the
review policy (review.py) first.
"""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Callable, Sequence
from contextlib import suppress
from pathlib import Path
from typing import Self

from appliance.config import Settings
from appliance.errors import InvalidFact
from appliance.files import StoreLock, ensure_private_dir, stale_temp_files
from appliance.memory.audit import AuditLog, Verification
from appliance.memory.embedding import Embedding
from appliance.memory.fact import Fact, Proposal
from appliance.memory.index import RecallIndex
from appliance.memory.recall import (
    ENVELOPE_MAX_BYTES,
    HYBRID_MODE,
    KEYWORD_MODE,
    Recalled,
    envelope,
    search,
)
from appliance.memory.recallable import RECALLABLE_STATUSES
from appliance.memory.reconcile import FileCounts, Reconciler, last_audited
from appliance.memory.records import Problem, Records
from appliance.memory.review import (
    ReviewPolicy,
)
from appliance.memory.said_less import people_of
from appliance.memory.tombstones import TombstoneLog
from appliance.memory.writes import Writes, checked_actor

log = logging.getLogger(__name__)


class MemoryCore:
    """The fact store of one data dir: opening, recovery, reading and recall.

    Its changes are added by the subclasses: LiveFacts (live.py), then InboxChanges
    (inbox.py), then `Memory` (store.py), the class every caller uses.
    """

    def __init__(
        self,
        settings: Settings,
        clock: Callable[[], dt.datetime] | None = None,
        *,
        embedding: Embedding | None = None,
    ):
        self.settings = settings
        self.data_dir = Path(settings.data_dir)
        self.memory_dir = settings.memory_path
        self.inbox_dir = settings.inbox_path
        self._clock = clock or dt.datetime.now
        for folder in (self.data_dir, self.memory_dir, self.inbox_dir):
            ensure_private_dir(folder)
        # The semantic arm's model: recall, the guard and the tombstones share it.
        self.embedding = embedding or Embedding.installed(settings)
        self.audit = AuditLog(self.data_dir / "audit.jsonl")
        self.tombstones = TombstoneLog(
            self.data_dir / "tombstones.jsonl", embedder=lambda: self.embedding.model
        )
        self._lock = StoreLock(self.data_dir / ".lock")
        self.records = Records(self.memory_dir, self.inbox_dir)
        self.index = RecallIndex(self.data_dir / "index.sqlite", self.embedding)
        self.reconciler = Reconciler(self.records, self.index, self.audit, self._lock)
        self.writes = Writes(
            self.records,
            self.index,
            self.audit,
            self.reconciler,
            self._lock,
            self.embedding,
            self._clock,
        )
        self.review = ReviewPolicy(
            self.tombstones,
            lambda print_: self.reconciler.ask(lambda: self.index.facts_with_fingerprint(print_)),
            lambda print_, kind, target: self.reconciler.ask(
                lambda: self.index.proposals_matching(print_, kind, target)
            ),
            lambda: {name for fact in self.facts("live") for name in people_of(fact.text)},
        )

    # -- opening -----------------------------------------------------------

    @classmethod
    def open(
        cls,
        where: Settings | Path | str,
        clock: Callable[[], dt.datetime] | None = None,
        *,
        embedding: Embedding | None = None,
    ) -> Self:
        """Open the store of a Settings object or a data dir, recovering from any crash.

        Opening reconciles the recall index with the files (a stat per file).
        `embedding`: the model the process shares (default: the installed one, lazily).
        """
        settings = where if isinstance(where, Settings) else Settings.for_data_dir(where)
        memory = cls(settings, clock, embedding=embedding)
        memory.recover()
        return memory

    def close(self) -> None:
        self.records.clear()
        self.index.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def today(self) -> dt.date:
        return self._clock().date()

    # -- reading (delegated to Records and the recall index) ---------------------

    def facts(self, status: str | None = None) -> list[Fact]:
        """Every readable fact on disk (optionally of one status); bad files are skipped,
        and so are hand-written ones the guard refused."""
        refused = self.reconciler.refused()
        return [f for f in self.records.facts(status) if f.id not in refused]

    def proposals(self) -> list[Proposal]:
        """What waits in the inbox, oldest first."""
        return self.records.proposals()

    def check(self) -> list[Problem]:
        """Files in memory/ and inbox/ that cannot be read or were refused; readers skip each."""
        problems = self.records.check()
        for fact_id, why in self.reconciler.refused().items():
            path = self.memory_dir / f"{fact_id}.md"
            if path.exists():
                problems.append(Problem(path, why, refused=True))
        return sorted(problems, key=lambda p: (p.path.parent.name != "memory", p.path.name))

    def refused_but_hand_kept(self) -> list[tuple[Fact, str]]:
        """Live facts a hand edit or a copied file made whose words a person said no to
        before, each with how ("you retracted this on …"). A hand edit is a person's
        decision and stands; this only says so, for `hearth memory check` and `hearth
        doctor` (a thirteenth trial's copy of a fact file from a backup brought a
        forgotten allergy back with only "(edited)" in the log)."""
        last, written = last_audited(self.audit)
        by_hand = {fact_id for fact_id in last if fact_id not in written}
        found = []
        for fact in self.facts("live"):
            if fact.id in by_hand and (said_no := self.review.said_no_to(fact.text)) is not None:
                found.append((fact, said_no.said_no()))
        return found

    def get(self, fact_id: str) -> Fact:
        why = self.reconciler.refused().get(fact_id)
        if why is not None:
            raise InvalidFact(f"{self.writes.fact_path(fact_id)} cannot be read: {why}")
        return self.records.fact(fact_id)

    def verify_audit(self) -> Verification:
        """The audit chain, its head, and a line for every file on disk (files read first,
        so a write landing meanwhile has its line already)."""
        return self.audit.verify(self.records.hashes())

    def get_proposal(self, proposal_id: str) -> Proposal:
        return self.records.proposal(proposal_id)

    def said_no_before(self, proposal: Proposal) -> str | None:
        """What the board and `hearth review list` show beside a proposal a person refused
        before ("you discarded this on DATE (reason)"), else None."""
        return self.review.said_no_before(proposal)

    def recall(self, query: str, k: int | None = None) -> list[Recalled]:
        """The live facts that answer a question, best first. Never reads the inbox."""
        limit = min(k or self.settings.recall_limit, self.settings.recall_limit)
        self.reconciler.catch_up()
        return self.reconciler.ask(
            lambda: search(
                self.index,
                query,
                limit=limit,
                today=self.today(),
                min_confidence=self.settings.min_confidence,
            )
        )

    def recall_context(
        self, recalled: Sequence[Recalled], *, max_bytes: int = ENVELOPE_MAX_BYTES, ids: bool = True
    ) -> str:
        """What the model reads of recalled facts: the JSON `data_only` envelope.

        The one way recalled text reaches the model, for prompt assembly and the
        recall tool alike; it names the recall mode, so keyword mode is said.
        """
        return envelope(recalled, mode=self.recall_mode, max_bytes=max_bytes, ids=ids)

    @property
    def recall_mode(self) -> str:
        """ "keyword+semantic" when an embedding model answers, else "keyword"."""
        return HYBRID_MODE if self.embedding.model is not None else KEYWORD_MODE

    def reindex(
        self, actor: str = "cli", progress: Callable[[int, int], None] | None = None
    ) -> FileCounts:
        """Rebuild the recall index from the files; returns how many files it holds.

        Hand edits found on the way are audited like at any open; the rebuild
        itself is audited too.
        """
        actor = checked_actor(actor)
        count = self.reconciler.reindex(actor, progress)
        log.info("reindexed %s for %s", count.describe(), actor)
        return count

    def _new_id(self, text: str) -> str:
        return self.writes.new_id(text, {t.fact_id for t in self.tombstones})

    # -- bulk and upkeep -------------------------------------------------------

    def _write_proposal(
        self,
        text: str,
        type: str,
        confidence: float,
        origin: str,
        *,
        links: tuple[str, ...],
        conversation: str | None,
        kind: str,
        target: str | None,
        actor: str,
    ) -> Proposal:
        proposal = Proposal.build(
            id=self._new_id(text),
            type=type,
            text=text,
            confidence=confidence,
            source=self.writes.stamp(origin),
            links=links,
            conversation=conversation,
            proposed_at=self.writes.now().replace(microsecond=0, tzinfo=None),
            kind=kind,
            target=target,
        )
        self.writes.commit(
            self.writes.proposal_path(proposal.id),
            proposal.to_text(),
            actor=actor,
            action="propose",
            fact_id=proposal.id,
            record=proposal,
            detail=None if kind == "add" else f"{kind} {target}",
        )
        log.info("proposed %s from %s", proposal.id, actor)
        return proposal

    def recover(self) -> list[str]:
        """Finish or undo what a crashed writer left; audit what a person changed by hand."""
        notes: list[str] = []
        with self._lock.held():
            for temp in stale_temp_files(self.memory_dir) + stale_temp_files(self.inbox_dir):
                with suppress(OSError):
                    temp.unlink()
                    notes.append(f"removed unfinished write {temp.name}")
            notes += self.reconciler.reconcile()
            unfinished = self.reconciler.find_unfinished(self.tombstones)
            for proposal_id, how in unfinished.settled_proposals:
                self.audit.append(actor="hearth", action="recover", fact_id=proposal_id, detail=how)
                self.writes.remove(self.writes.proposal_path(proposal_id))
                notes.append(f"finished settling proposal {proposal_id}")
            for old_id, new_id in unfinished.half_superseded:
                self.writes.change_status(
                    self.get(old_id),
                    "superseded",
                    "hearth",
                    RECALLABLE_STATUSES,
                    "supersede",
                    detail=f"replaced by {new_id} (finished after a crash)",
                )
                self.tombstones.add(
                    self.review.retracted(
                        self.get(old_id),
                        "hearth",
                        f"by {new_id}",
                        self.today().isoformat(),
                        "supersede",
                    )
                )
                notes.append(f"finished superseding {old_id} with {new_id}")
        for note in notes:
            log.info("recover: %s", note)
        return notes
