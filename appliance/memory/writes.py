"""The write path every mutation of memory shares, and nothing else.

A change to memory is: the store's inter-process lock, the guard on the words (a
refusal is audited and writes nothing), a new id that was never used, then
write-ahead: the temp file, the audit line, the rename, the index. `Memory`
decides which changes to make (store.py) and the review policy decides which are
allowed (review.py); this module only makes them durable and audited.
"""

from __future__ import annotations

import datetime as dt
import logging
import re
from collections.abc import Callable, Iterable
from pathlib import Path

from appliance.errors import InvalidFact
from appliance.files import StoreLock, commit_temp, discard_temp, remove_durably, write_temp
from appliance.memory import guard
from appliance.memory.audit import AuditLog
from appliance.memory.embedding import Embedding
from appliance.memory.fact import Fact, Proposal
from appliance.memory.index import RecallIndex
from appliance.memory.reconcile import Reconciler
from appliance.memory.records import Records
from appliance.memory.text import slugify

log = logging.getLogger(__name__)

_ACTOR = re.compile(r"^[a-z][a-z0-9-]{0,31}$")


def checked_actor(actor: str) -> str:
    """Who made a change, as the audit log names them: a short lower-case word."""
    if not _ACTOR.match(actor):
        raise ValueError(f"actor {actor!r} must be a short lower-case name")
    return actor


class Writes:
    """Durable, audited writes to memory/ and inbox/ (callers hold `lock`)."""

    def __init__(
        self,
        records: Records,
        index: RecallIndex,
        audit: AuditLog,
        reconciler: Reconciler,
        lock: StoreLock,
        embedding: Embedding,
        clock: Callable[[], dt.datetime],
    ) -> None:
        self.records = records
        self.index = index
        self.audit = audit
        self.reconciler = reconciler
        self.lock = lock
        self.embedding = embedding
        self._clock = clock

    def now(self) -> dt.datetime:
        return self._clock()

    def today(self) -> dt.date:
        return self._clock().date()

    def stamp(self, origin: str) -> str:
        """A record's `source`: who it came from, and when."""
        return f"{origin}@{self.today().isoformat()}"

    def fact_path(self, fact_id: str) -> Path:
        return self.records.fact_path(fact_id)

    def proposal_path(self, proposal_id: str) -> Path:
        return self.records.proposal_path(proposal_id)

    def guard(self, text: str, actor: str, links: Iterable[str] = ()) -> None:
        """Refuse forbidden text or links; the refusal is audited (and writes nothing else).

        Links are recalled and shown like the text, so each is guarded on its own.
        """
        for piece in (text, *links):
            refusal = guard.find_refusal(piece, self.embedding.model)
            if refusal is not None:
                self.audit.append(
                    actor=actor, action="refuse", content=piece, detail=refusal.audit_detail
                )
                log.info("refused %s text from %s", refusal.category, actor)
                raise refusal

    def new_id(self, text: str, used: set[str]) -> str:
        """A readable id from the text's first words, never used before by any record.

        `used`: ids the caller knows are taken beyond the folders, the index and the
        log (the tombstones' ids).
        """
        base = slugify(text)
        candidate, n = base, 2
        while self._id_taken(candidate, used):
            candidate = f"{base}-{n}"
            n += 1
        return candidate

    def _id_taken(self, candidate: str, used: set[str]) -> bool:
        # Asked per candidate (the index, then the disk, then the log) rather than
        # listing both folders. The log remembers every id ever used, settled
        # proposals' too: an id is never reused, so a stale card or an old audit
        # line can never point at a different record.
        return (
            candidate in used
            or self.index.has_id(candidate)
            or self.fact_path(candidate).exists()
            or self.proposal_path(candidate).exists()
            or self.audit.mentions(candidate)
        )

    def commit(
        self,
        path: Path,
        content: str,
        *,
        actor: str,
        action: str,
        fact_id: str,
        detail: str | None = None,
        record: Fact | Proposal | None = None,
    ) -> None:
        """Write-ahead: temp file, then the audit line, then the rename, then the index."""
        with self.reconciler.own_commit(path):
            temp = write_temp(path, content.encode("utf-8"))
            try:
                with self.audit.recording(
                    actor=actor, action=action, fact_id=fact_id, content=content, detail=detail
                ):
                    commit_temp(temp, path)
            except BaseException:
                discard_temp(temp)
                raise
        self.reconciler.indexed(path, content, record)

    def remove(self, path: Path) -> None:
        with self.reconciler.own_commit(path):
            remove_durably(path)
        self.reconciler.unindexed(path)

    def change_status(
        self,
        fact: Fact,
        status: str,
        actor: str,
        allowed: tuple[str, ...],
        action: str,
        detail: str | None = None,
    ) -> Fact:
        """The fact with a new status, committed; only from one of the `allowed` statuses."""
        if fact.status not in allowed:
            raise InvalidFact(
                f"fact {fact.id!r} is {fact.status}; only a {' or '.join(allowed)} fact can "
                f"be {action.rstrip('e')}ed"
            )
        updated = fact.replace(status=status)
        self.commit(
            self.fact_path(fact.id),
            updated.to_text(),
            actor=actor,
            action=action,
            fact_id=fact.id,
            detail=detail,
            record=updated,
        )
        log.info("%s fact %s for %s", action, fact.id, actor)
        return updated
