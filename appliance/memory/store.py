"""Memory: the household's facts, the review inbox, and every change to them.

One `Memory` per process, opened once and passed to what needs it. Every
mutation takes the store's inter-process lock, passes the guard, writes its
audit line, and only then commits its files; a reader copes with anything a
crashed writer or a person with an editor left behind.

`Memory` owns the mutations (add, propose, promote, discard, doubt, retract,
supersede, import) and delegates reading: `records.Records` parses the files,
`reconcile.Reconciler` keeps the recall index in step with them, `recall`
ranks what the index finds.
"""

from __future__ import annotations

import datetime as dt
import json
import logging
import re
from collections.abc import Callable, Iterable
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import NoReturn

from appliance.config import Settings
from appliance.errors import HearthError, InvalidFact, Refused
from appliance.files import (
    StoreLock,
    commit_temp,
    discard_temp,
    ensure_private_dir,
    remove_durably,
    stale_temp_files,
    write_temp,
)
from appliance.memory import guard
from appliance.memory.audit import AuditLog, Verification
from appliance.memory.fact import (
    FACT_ORIGINS,
    PROPOSAL_ORIGINS,
    Fact,
    Proposal,
    check_confidence,
    check_text,
    check_type,
)
from appliance.memory.index import Embedder, RecallIndex
from appliance.memory.recall import (
    ENVELOPE_MAX_BYTES,
    HYBRID_MODE,
    KEYWORD_MODE,
    Recalled,
    envelope,
    search,
)
from appliance.memory.reconcile import FileCounts, Reconciler
from appliance.memory.records import Problem, Records
from appliance.memory.text import correction_fingerprint, fingerprint, slugify
from appliance.memory.tombstones import Tombstone, TombstoneLog

log = logging.getLogger(__name__)

_ACTOR = re.compile(r"^[a-z][a-z0-9-]{0,31}$")


class AlreadyKnown(HearthError):
    """A proposal was not written because the store already knows it (or was told no)."""


class Tombstoned(HearthError):
    """A person discarded or retracted these words before; nothing was written."""


class HeldForReview(HearthError):
    """Words a person said no to before were said again: they wait in the inbox, not live."""

    def __init__(self, message: str, proposal_id: str) -> None:
        super().__init__(message)
        self.proposal_id = proposal_id


class Stale(HearthError):
    """A press or command acted on a proposal that changed after it was shown."""


@dataclass
class ImportReport:
    added: list[Fact] = field(default_factory=list)
    refused: list[tuple[int, str]] = field(default_factory=list)  # (line number, why)


class Memory:
    """The fact store of one data dir."""

    def __init__(
        self,
        settings: Settings,
        clock: Callable[[], dt.datetime] | None = None,
        *,
        embedder: Callable[[], Embedder | None] | None = None,
    ):
        self.settings = settings
        self.data_dir = Path(settings.data_dir)
        self.memory_dir = Path(settings.memory_dir)  # type: ignore[arg-type]
        self.inbox_dir = Path(settings.inbox_dir)  # type: ignore[arg-type]
        self._clock = clock or dt.datetime.now
        for folder in (self.data_dir, self.memory_dir, self.inbox_dir):
            ensure_private_dir(folder)
        self.audit = AuditLog(self.data_dir / "audit.jsonl")
        self.tombstones = TombstoneLog(
            self.data_dir / "tombstones.jsonl", embedder=lambda: self.index.embedder
        )
        self._lock = StoreLock(self.data_dir / ".lock")
        self.records = Records(self.memory_dir, self.inbox_dir)
        # The derived recall index; `embedder` loads the semantic arm's model on first use.
        self.index = RecallIndex(
            self.data_dir / "index.sqlite", embedder=embedder or self._installed_embedder
        )
        self.reconciler = Reconciler(self.records, self.index, self.audit, self._lock)

    # -- opening -----------------------------------------------------------

    @classmethod
    def open(
        cls,
        where: Settings | Path | str,
        clock: Callable[[], dt.datetime] | None = None,
        *,
        embedder: Callable[[], Embedder | None] | None = None,
    ) -> Memory:
        """Open the store of a Settings object or a data dir, recovering from any crash.

        Opening reconciles the recall index with the files (a stat per file).
        """
        settings = where if isinstance(where, Settings) else Settings.for_data_dir(where)
        memory = cls(settings, clock, embedder=embedder)
        memory.recover()
        return memory

    def close(self) -> None:
        self.records.clear()
        self.index.close()

    def _installed_embedder(self) -> Embedder | None:
        if not self.settings.semantic:
            return None
        from appliance.memory.embed import load_embedder

        return load_embedder()

    def __enter__(self) -> Memory:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def today(self) -> dt.date:
        return self._clock().date()

    def _stamp(self, origin: str) -> str:
        return f"{origin}@{self.today().isoformat()}"

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

    def get(self, fact_id: str) -> Fact:
        why = self.reconciler.refused().get(fact_id)
        if why is not None:
            raise InvalidFact(f"{self._fact_path(fact_id)} cannot be read: {why}")
        return self.records.fact(fact_id)

    def verify_audit(self) -> Verification:
        """The audit chain, its head, and a line for every file on disk (files read first,
        so a write landing meanwhile has its line already)."""
        return self.audit.verify(self.records.hashes())

    def get_proposal(self, proposal_id: str) -> Proposal:
        return self.records.proposal(proposal_id)

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
        self, query: str, k: int | None = None, *, max_bytes: int = ENVELOPE_MAX_BYTES
    ) -> str:
        """What the model reads of memory for a question: the JSON `data_only` envelope.

        The one way recalled text reaches the model, for prompt assembly and the
        recall tool alike; it names the recall mode, so keyword mode is said.
        """
        return envelope(self.recall(query, k), mode=self.recall_mode, max_bytes=max_bytes)

    @property
    def recall_mode(self) -> str:
        """ "keyword+semantic" when an embedding model answers, else "keyword"."""
        return HYBRID_MODE if self.index.embedder is not None else KEYWORD_MODE

    def _fact_path(self, fact_id: str) -> Path:
        return self.records.fact_path(fact_id)

    def _proposal_path(self, proposal_id: str) -> Path:
        return self.records.proposal_path(proposal_id)

    # -- the write path shared by every mutation ---------------------------

    def _guard(self, text: str, actor: str, links: Iterable[str] = ()) -> None:
        """Refuse forbidden text or links; the refusal is audited (and writes nothing else).

        Links are recalled and shown like the text, so each is guarded on its own.
        """
        for piece in (text, *links):
            refusal = guard.find_refusal(piece, self.index.embedder)
            if refusal is not None:
                self.audit.append(
                    actor=actor, action="refuse", content=piece, detail=refusal.audit_detail
                )
                log.info("refused %s text from %s", refusal.category, actor)
                raise refusal

    def said_no_before(self, proposal: Proposal) -> str | None:
        """ "you discarded this on DATE (reason)" when a person said no to these words before.

        What the panel's card and `hearth review list` show beside a proposal that
        came back through chat, the model's tool or an import.
        """
        if proposal.kind != "add":
            return None
        tombstone = self.tombstones.matching(proposal.text)
        return None if tombstone is None else tombstone.said_no()

    def _commit(
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

    def _remove(self, path: Path) -> None:
        with self.reconciler.own_commit(path):
            remove_durably(path)
        self.reconciler.unindexed(path)

    def reindex(
        self, actor: str = "cli", progress: Callable[[int, int], None] | None = None
    ) -> FileCounts:
        """Rebuild the recall index from the files; returns how many files it holds.

        Hand edits found on the way are audited like at any open; the rebuild
        itself is audited too.
        """
        actor = _checked_actor(actor)
        count = self.reconciler.reindex(actor, progress)
        log.info("reindexed %s for %s", count.describe(), actor)
        return count

    def _id_taken(self, candidate: str, tombstoned: set[str]) -> bool:
        # Asked per candidate (the index, then the disk, then the log) rather than
        # listing both folders. The log remembers every id ever used, settled
        # proposals' too: an id is never reused, so a stale card or an old audit
        # line can never point at a different record.
        return (
            candidate in tombstoned
            or self.index.has_id(candidate)
            or self._fact_path(candidate).exists()
            or self._proposal_path(candidate).exists()
            or self.audit.mentions(candidate)
        )

    def _new_id(self, text: str) -> str:
        tombstoned = {t.fact_id for t in self.tombstones}
        base = slugify(text)
        candidate, n = base, 2
        while self._id_taken(candidate, tombstoned):
            candidate = f"{base}-{n}"
            n += 1
        return candidate

    # -- live facts ----------------------------------------------------------

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
        origin "cli" may pass and which is audited.
        """
        actor = _checked_actor(actor or origin)
        if origin not in FACT_ORIGINS or origin == "reviewed":
            raise InvalidFact(
                f"origin {origin!r} cannot write live facts; use one of agent, cli, household"
            )
        if despite_tombstone and origin != "cli":
            raise InvalidFact("only a person at the CLI can write despite a tombstone")
        text, type = check_text(text), check_type(type)
        confidence = check_confidence(confidence)
        links = tuple(links)
        with self._lock.held():
            self._guard(text, actor, links)
            existing = self._live_with_fingerprint(fingerprint(text))
            if existing is not None:
                return self._seen_again(existing, actor)
            tombstone = self.tombstones.matching(text)
            detail = None
            if tombstone is not None:
                if not despite_tombstone:
                    self._refuse_tombstoned(text, type, origin, links, actor, tombstone)
                detail = f"despite tombstone ({tombstone.said_no()})"
            fact = Fact(
                id=self._new_id(text),
                type=type,
                text=text,
                confidence=confidence,
                source=self._stamp(origin),
                links=links,
                pinned=pinned,
                created=self.today(),
                last_seen=self.today(),
                valid_until=valid_until,
            )
            Fact.from_text(fact.to_text(), fact.id)  # what we write must read back
            self._commit(
                self._fact_path(fact.id),
                fact.to_text(),
                actor=actor,
                record=fact,
                action="write",
                fact_id=fact.id,
                detail=detail,
            )
            log.info("wrote fact %s (%s) for %s", fact.id, type, actor)
            return fact

    def _refuse_tombstoned(
        self,
        text: str,
        type: str,
        origin: str,
        links: tuple[str, ...],
        actor: str,
        tombstone: Tombstone,
    ) -> NoReturn:
        """A person said no to these words before: not live. Raises, always."""
        said_no = tombstone.said_no()
        if origin == "cli":
            raise Tombstoned(
                f"{said_no}; nothing was written. `hearth memory add --despite-tombstone ...` "
                "keeps it anyway"
            )
        waiting = self.reconciler.ask(
            lambda: self.index.proposals_matching(fingerprint(text), "add", None)
        )
        if waiting:
            proposal_id = waiting[0][0]
        else:
            proposal_id = self._write_proposal(
                text,
                type,
                0.9,
                "chat" if origin == "agent" else "cli",
                links=links,
                conversation=None,
                kind="add",
                target=None,
                actor=actor,
            ).id
        raise HeldForReview(
            f"{said_no}; it waits for review as {proposal_id!r} instead (Keep on the panel, "
            f"or `hearth review keep {proposal_id}`, makes it live)",
            proposal_id,
        )

    def _live_with_fingerprint(self, print_: str) -> Fact | None:
        for indexed in self._indexed_with_fingerprint(print_):
            if indexed.status in ("live", "doubted"):
                with suppress(HearthError):
                    fact = self.get(indexed.id)  # the file, not the index, is the truth
                    if fact.status in ("live", "doubted") and fingerprint(fact.text) == print_:
                        return fact
        return None

    def _indexed_with_fingerprint(self, print_: str) -> list[Fact]:
        return self.reconciler.ask(lambda: self.index.facts_with_fingerprint(print_))

    def _seen_again(self, fact: Fact, actor: str) -> Fact:
        if fact.last_seen == self.today():
            return fact
        updated = fact.replace(last_seen=self.today())
        self._commit(
            self._fact_path(fact.id),
            updated.to_text(),
            actor=actor,
            action="write",
            fact_id=fact.id,
            detail="seen again",
            record=updated,
        )
        return updated

    def _change_status(
        self,
        fact_id: str,
        status: str,
        actor: str,
        allowed: tuple[str, ...],
        action: str,
        detail: str | None = None,
    ) -> Fact:
        fact = self.get(fact_id)
        if fact.status not in allowed:
            raise InvalidFact(
                f"fact {fact_id!r} is {fact.status}; only a {' or '.join(allowed)} fact can "
                f"be {action.rstrip('e')}ed"
            )
        updated = fact.replace(status=status)
        self._commit(
            self._fact_path(fact.id),
            updated.to_text(),
            actor=actor,
            action=action,
            fact_id=fact.id,
            detail=detail,
            record=updated,
        )
        log.info("%s fact %s for %s", action, fact.id, actor)
        return updated

    def doubt(self, fact_id: str, actor: str = "cli") -> Fact:
        """Still recalled, but ranked lower and shown to the model as doubted."""
        with self._lock.held():
            return self._change_status(
                fact_id, "doubted", _checked_actor(actor), ("live",), "doubt"
            )

    def retract(self, fact_id: str, actor: str = "cli", reason: str = "") -> Fact:
        """Never recalled again, and tombstoned so it is not proposed again."""
        actor = _checked_actor(actor)
        with self._lock.held():
            fact = self._change_status(
                fact_id, "retracted", actor, ("live", "doubted"), "retract", detail=reason or None
            )
            self.tombstones.add(
                Tombstone(
                    fingerprint=fingerprint(fact.text),
                    text=fact.text,
                    reason=reason or "retracted",
                    date=self.today().isoformat(),
                    fact_id=fact.id,
                    actor=actor,
                    kind="retract",
                )
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
    ) -> Fact:
        """Replace a fact with a new one; the old one stays on disk, marked superseded."""
        actor = _checked_actor(actor)
        new_text = check_text(new_text)
        with self._lock.held():
            old = self.get(fact_id)
            if old.status not in ("live", "doubted"):
                raise InvalidFact(f"fact {fact_id!r} is {old.status}; it cannot be superseded")
            self._guard(new_text, actor, old.links)
            new = Fact(
                id=self._new_id(new_text),
                type=check_type(type or old.type),
                text=new_text,
                confidence=max(old.confidence, 0.9),
                source=self._stamp(origin),
                links=old.links,
                pinned=old.pinned,
                created=self.today(),
                last_seen=self.today(),
                supersedes=(old.id,),
            )
            self._commit(
                self._fact_path(new.id),
                new.to_text(),
                actor=actor,
                record=new,
                action="supersede",
                fact_id=new.id,
                detail=f"replaces {old.id}",
            )
            self._change_status(
                old.id,
                "superseded",
                actor,
                ("live", "doubted"),
                "supersede",
                detail=f"replaced by {new.id}",
            )
            return new

    # -- the inbox -----------------------------------------------------------

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
    ) -> Proposal:
        """Suggest a fact for a person to review. Writes to the inbox, never to memory.

        Raises AlreadyKnown if the same words are a fact (in any status), wait in
        the inbox already, or were discarded or retracted before.
        """
        actor = _checked_actor(actor or origin)
        if origin not in PROPOSAL_ORIGINS:
            raise InvalidFact(
                f"origin {origin!r} cannot propose; use one of {', '.join(PROPOSAL_ORIGINS)}"
            )
        text, type = check_text(text), check_type(type)
        links = tuple(links)
        with self._lock.held():
            self._guard(text, actor, links)
            if target is not None:
                self.get(target)  # a correction must name a fact that exists
            self._refuse_duplicate(text, kind, target)
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
            source=self._stamp(origin),
            links=links,
            conversation=conversation,
            proposed_at=self._clock().replace(microsecond=0, tzinfo=None),
            kind=kind,
            target=target,
        )
        self._commit(
            self._proposal_path(proposal.id),
            proposal.to_text(),
            actor=actor,
            action="propose",
            fact_id=proposal.id,
            record=proposal,
            detail=None if kind == "add" else f"{kind} {target}",
        )
        log.info("proposed %s from %s", proposal.id, actor)
        return proposal

    def _refuse_duplicate(self, text: str, kind: str, target: str | None) -> None:
        print_ = fingerprint(text)
        waiting = self.reconciler.ask(lambda: self.index.proposals_matching(print_, kind, target))
        if waiting:
            raise AlreadyKnown(f"already waiting for review as {waiting[0][0]!r}")
        if kind != "add":
            assert target is not None
            tombstone = self.tombstones.find(correction_fingerprint(kind, target, text))
            if tombstone is not None:
                raise AlreadyKnown(f"{tombstone.said_no('this correction')}; not proposed again")
            return
        for fact in self._indexed_with_fingerprint(print_):
            raise AlreadyKnown(f"already known as fact {fact.id!r} ({fact.status})")
        tombstone = self.tombstones.matching(text)
        if tombstone is not None:
            raise AlreadyKnown(f"{tombstone.said_no()}; not proposed again")

    def promote(self, proposal_id: str, actor: str, *, shown: str | None = None) -> Fact:
        """A person kept a proposal: it becomes live (or its correction is applied).

        `shown`: the `Proposal.digest` of what the person read (the panel's card);
        if the proposal no longer matches it, nothing happens (Stale).
        """
        actor = _checked_actor(actor)
        with self._lock.held():
            proposal = self._proposal_as_shown(proposal_id, shown)
            self._guard(proposal.text, actor, proposal.links)
            if proposal.kind == "retract":
                assert proposal.target is not None
                with self.audit.recording(
                    actor=actor,
                    action="promote",
                    fact_id=proposal.id,
                    content=proposal.to_text(),
                    detail=f"retract {proposal.target}",
                ):
                    fact = self.retract(proposal.target, actor, reason=proposal.text)
            elif proposal.kind == "supersede":
                assert proposal.target is not None
                with self.audit.recording(
                    actor=actor,
                    action="promote",
                    fact_id=proposal.id,
                    content=proposal.to_text(),
                    detail=f"supersede {proposal.target}",
                ):
                    fact = self.supersede(proposal.target, proposal.text, actor, origin="cli")
            else:
                # Ids are unique across memory/ and inbox/, so the proposal's id is
                # free in memory/ unless someone made a file there by hand.
                if self._fact_path(proposal.id).exists():
                    raise InvalidFact(
                        f"memory/{proposal.id}.md already exists (made by hand?); rename it "
                        "and keep the proposal again"
                    )
                fact = Fact(
                    id=proposal.id,
                    type=proposal.type,
                    text=proposal.text,
                    confidence=proposal.confidence,
                    source=self._stamp("reviewed"),
                    links=proposal.links,
                    created=self.today(),
                    last_seen=self.today(),
                )
                self._commit(
                    self._fact_path(fact.id),
                    fact.to_text(),
                    actor=actor,
                    record=fact,
                    action="promote",
                    fact_id=fact.id,
                )
            self._remove(self._proposal_path(proposal.id))
            log.info("promoted %s as %s for %s", proposal.id, fact.id, actor)
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
        actor = _checked_actor(actor)
        with self._lock.held():
            proposal = self._proposal_as_shown(proposal_id, shown)
            print_ = (
                fingerprint(proposal.text)
                if proposal.target is None
                else (correction_fingerprint(proposal.kind, proposal.target, proposal.text))
            )
            tombstone = Tombstone(
                fingerprint=print_,
                text=proposal.text,
                reason=reason or "discarded at review",
                date=self.today().isoformat(),
                fact_id=proposal.id,
                actor=actor,
                kind="discard",
            )
            with self.audit.recording(
                actor=actor,
                action="discard",
                fact_id=proposal.id,
                content=proposal.to_text(),
                detail=reason or None,
            ):
                tombstone = self.tombstones.add(tombstone, keep_text=keep_text)
            self._remove(self._proposal_path(proposal.id))
            log.info("discarded %s for %s", proposal.id, actor)
            return tombstone

    def _proposal_as_shown(self, proposal_id: str, shown: str | None) -> Proposal:
        proposal = self.get_proposal(proposal_id)
        if shown is not None and proposal.digest != shown:
            raise Stale(
                f"proposal {proposal_id!r} changed since it was shown; nothing was done. "
                "Read it again and press again"
            )
        return proposal

    # -- bulk and upkeep -------------------------------------------------------

    def import_jsonl(self, path: Path, actor: str = "cli") -> ImportReport:
        """Add one fact per JSON line ({"text", "type", ...}); refusals are reported, not fatal."""
        report = ImportReport()
        try:
            lines = path.read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError) as exc:
            raise HearthError(f"cannot read {path}: {exc}") from exc
        allowed = {"text", "type", "confidence", "links", "pinned", "valid_until", "origin"}
        for number, line in enumerate(lines, start=1):
            if not line.strip():
                continue
            try:
                item = json.loads(line)
                if not isinstance(item, dict):
                    raise InvalidFact("each line must be a JSON object")
                unknown = sorted(set(item) - allowed)
                if unknown:
                    raise InvalidFact(f"unknown key(s) {', '.join(unknown)}")
                until = item.get("valid_until")
                fact = self.add(
                    item.get("text", ""),
                    item.get("type", ""),
                    confidence=item.get("confidence", 0.9),
                    origin=item.get("origin", "household"),
                    links=item.get("links", ()),
                    pinned=bool(item.get("pinned", False)),
                    valid_until=dt.date.fromisoformat(until) if until else None,
                    actor=actor,
                )
                report.added.append(fact)
            except (HearthError, ValueError) as exc:
                report.refused.append((number, str(exc)))
        return report

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
                self._remove(self._proposal_path(proposal_id))
                notes.append(f"finished settling proposal {proposal_id}")
            for old_id, new_id in unfinished.half_superseded:
                self._change_status(
                    old_id,
                    "superseded",
                    "hearth",
                    ("live", "doubted"),
                    "supersede",
                    detail=f"replaced by {new_id} (finished after a crash)",
                )
                notes.append(f"finished superseding {old_id} with {new_id}")
        for note in notes:
            log.info("recover: %s", note)
        return notes


def _checked_actor(actor: str) -> str:
    if not _ACTOR.match(actor):
        raise ValueError(f"actor {actor!r} must be a short lower-case name")
    return actor


__all__ = [
    "AlreadyKnown",
    "HeldForReview",
    "ImportReport",
    "Memory",
    "Problem",
    "Refused",
    "Stale",
    "Tombstoned",
]
