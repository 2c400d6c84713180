"""Memory: the household's facts, the review inbox, and every change to them.

One `Memory` per process, opened once and passed to what needs it. Every
mutation takes the store's inter-process lock, passes the guard, writes its
audit line, and only then commits its files; a reader copes with anything a
crashed writer or a person with an editor left behind.
"""

from __future__ import annotations

import datetime as dt
import json
import logging
import os
import re
import sqlite3
from collections.abc import Callable, Iterable, Iterator
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from appliance.config import Settings
from appliance.errors import HearthError, InvalidFact, NotFound, Refused
from appliance.memory import guard
from appliance.memory.audit import AuditLog, content_hash
from appliance.memory.fact import (
    FACT_ORIGINS,
    PROPOSAL_ORIGINS,
    Fact,
    Proposal,
    check_confidence,
    check_text,
    check_type,
)
from appliance.files import (
    StoreLock,
    commit_temp,
    discard_temp,
    ensure_private_dir,
    remove_durably,
    stale_temp_files,
    write_temp,
)
from appliance.memory.index import Embedder, IndexBroken, RecallIndex, Stamp, key_for
from appliance.memory.recall import (
    ENVELOPE_MAX_BYTES,
    HYBRID_MODE,
    KEYWORD_MODE,
    Recalled,
    envelope,
    search,
)
from appliance.memory.text import fingerprint, is_valid_id, slugify
from appliance.memory.tombstones import Tombstone, TombstoneLog

log = logging.getLogger(__name__)

MAX_FILE_BYTES = 64 * 1024  # a fact is a sentence or two; anything bigger is not one
_ACTOR = re.compile(r"^[a-z][a-z0-9-]{0,31}$")
_NEVER_AUDITED = "never audited"
_T = TypeVar("_T")


class AlreadyKnown(HearthError):
    """A proposal was not written because the store already knows it (or was told no)."""


@dataclass(frozen=True)
class Problem:
    """A file in the store that could not be read as a fact or proposal."""

    path: Path
    message: str


@dataclass
class ImportReport:
    added: list[Fact] = field(default_factory=list)
    refused: list[tuple[int, str]] = field(default_factory=list)  # (line number, why)


@dataclass(frozen=True)
class _Cached:
    stamp: Stamp
    record: Fact | Proposal | None
    problem: str | None
    raw_hash: str | None  # sha256 of the text as read; None when the file was not read


class Memory:
    """The fact store of one data dir."""

    def __init__(self, settings: Settings, clock: Callable[[], dt.datetime] | None = None,
                 *, embedder: Callable[[], Embedder | None] | None = None):  # fmt: skip
        self.settings = settings
        self.data_dir = Path(settings.data_dir)
        self.memory_dir = Path(settings.memory_dir)  # type: ignore[arg-type]
        self.inbox_dir = Path(settings.inbox_dir)  # type: ignore[arg-type]
        self._clock = clock or dt.datetime.now
        for folder in (self.data_dir, self.memory_dir, self.inbox_dir):
            ensure_private_dir(folder)
        self.audit = AuditLog(self.data_dir / "audit.jsonl")
        self.tombstones = TombstoneLog(self.data_dir / "tombstones.jsonl")
        self._lock = StoreLock(self.data_dir / ".lock")
        self._cache: dict[Path, _Cached] = {}
        # The derived recall index; `embedder` loads the semantic arm's model on first use.
        self.index = RecallIndex(self.data_dir / "index.sqlite",
                                 embedder=embedder or self._installed_embedder)  # fmt: skip
        self._dir_stamps: tuple[int, int] | None = None

    # -- opening -----------------------------------------------------------

    @classmethod
    def open(cls, where: Settings | Path | str,
             clock: Callable[[], dt.datetime] | None = None, *,
             embedder: Callable[[], Embedder | None] | None = None) -> Memory:  # fmt: skip
        """Open the store of a Settings object or a data dir, recovering from any crash.

        Opening reconciles the recall index with the files (a stat per file).
        """
        settings = where if isinstance(where, Settings) else Settings.for_data_dir(where)
        memory = cls(settings, clock, embedder=embedder)
        memory.recover()
        return memory

    def close(self) -> None:
        self._cache.clear()
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

    # -- reading -----------------------------------------------------------

    def _read(self, path: Path, kind: type[Fact] | type[Proposal]) -> _Cached:
        """Parse one file, reusing the last parse while the file is unchanged."""
        st = path.lstat()
        cached = self._cache.get(path)
        if cached and cached.stamp == Stamp.of(st):
            return cached
        result = _read_file(path, kind, st)
        self._cache[path] = result
        return result

    def _read_ahead(self, files: list[tuple[Path, type[Fact] | type[Proposal]]]) -> None:
        """Parse many files on the idle cores first (a rebuild), so `_read` finds them cached.

        Only cores the load average says are free are used: on a busy machine
        worker processes would only queue behind the work they were meant to share.
        """
        files = [(path, kind) for path, kind in files if path not in self._cache]
        cores = os.cpu_count() or 1
        workers = min(4, cores, round(cores - os.getloadavg()[0]))
        if workers < 2 or len(files) < PARALLEL_READ_MIN:
            return
        import multiprocessing
        import threading
        from concurrent.futures import ProcessPoolExecutor

        # fork is quick, but only safe while this process runs no other thread.
        method = "fork" if threading.active_count() == 1 else "spawn"
        chunks = [files[i::workers * 4] for i in range(workers * 4)]
        with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context(method)) as pool:
            for parsed in pool.map(_read_files, chunks):
                for path, cached in parsed:
                    self._cache[path] = cached

    def _scan(self, folder: Path, kind: type[Fact] | type[Proposal]
              ) -> Iterator[tuple[Path, _Cached]]:  # fmt: skip
        try:
            entries = sorted(os.scandir(folder), key=lambda e: e.name)
        except FileNotFoundError:
            return
        for entry in entries:
            if entry.name.startswith(".") or not entry.name.endswith(".md"):
                continue
            path = Path(entry.path)
            try:
                yield path, self._read(path, kind)
            except FileNotFoundError:
                continue  # removed while we listed: another process's commit

    def facts(self, status: str | None = None) -> list[Fact]:
        """Every readable fact on disk (optionally of one status); bad files are skipped."""
        out = []
        for path, cached in self._scan(self.memory_dir, Fact):
            if isinstance(cached.record, Fact):
                if status is None or cached.record.status == status:
                    out.append(cached.record)
            else:
                log.warning("skipping %s: %s", path.name, cached.problem)
        return out

    def proposals(self) -> list[Proposal]:
        """What waits in the inbox, oldest first."""
        out = [c.record for _, c in self._scan(self.inbox_dir, Proposal)
               if isinstance(c.record, Proposal)]  # fmt: skip
        return sorted(out, key=lambda p: (p.proposed_at, p.id))

    def check(self) -> list[Problem]:
        """Files in memory/ and inbox/ that cannot be read; each is skipped by readers."""
        problems = []
        for folder, kind in ((self.memory_dir, Fact), (self.inbox_dir, Proposal)):
            for path, cached in self._scan(folder, kind):
                if cached.problem:
                    problems.append(Problem(path, cached.problem))
        return problems

    def get(self, fact_id: str) -> Fact:
        record = self._read_one(self._fact_path(fact_id), Fact,
                                f"no fact with id {fact_id!r}; `hearth memory list` shows "
                                "what is stored")  # fmt: skip
        assert isinstance(record, Fact)
        return record

    def get_proposal(self, proposal_id: str) -> Proposal:
        record = self._read_one(self._proposal_path(proposal_id), Proposal,
                                f"no proposal with id {proposal_id!r}; `hearth review list` "
                                "shows what is waiting")  # fmt: skip
        assert isinstance(record, Proposal)
        return record

    def _read_one(self, path: Path, kind: type[Fact] | type[Proposal],
                  missing: str) -> Fact | Proposal:  # fmt: skip
        try:
            cached = self._read(path, kind)
        except FileNotFoundError:
            raise NotFound(missing) from None
        if cached.record is None:
            raise InvalidFact(f"{path} cannot be read: {cached.problem}")
        return cached.record

    def recall(self, query: str, k: int | None = None) -> list[Recalled]:
        """The live facts that answer a question, best first. Never reads the inbox."""
        limit = min(k or self.settings.recall_limit, self.settings.recall_limit)
        self._catch_up()
        return self._ask_index(lambda: search(
            self.index, query, limit=limit, today=self.today(),
            min_confidence=self.settings.min_confidence))  # fmt: skip

    def recall_context(self, query: str, k: int | None = None, *,
                       max_bytes: int = ENVELOPE_MAX_BYTES) -> str:  # fmt: skip
        """What the model reads of memory for a question: the JSON `data_only` envelope.

        The one way recalled text reaches the model, for prompt assembly and the
        recall tool alike; it names the recall mode, so keyword mode is said.
        """
        return envelope(self.recall(query, k), mode=self.recall_mode, max_bytes=max_bytes)

    @property
    def recall_mode(self) -> str:
        """"keyword+semantic" when an embedding model answers, else "keyword"."""
        return HYBRID_MODE if self.index.embedder is not None else KEYWORD_MODE

    def _catch_up(self) -> None:
        """Reconcile again if files were added, removed or renamed since we last looked.

        One stat of each folder: a new or deleted file, or an editor that saves by
        renaming, changes it. An edit in place is found at the next open.
        """
        replaced = not self.index.same_file()
        if replaced or self._dir_stamps != self._folder_stamps():
            with self._lock.held():
                if replaced:
                    self.index.reopen()
                for note in self._audit_hand_edits():
                    log.info("recall: %s", note)

    def _folder_stamps(self) -> tuple[int, int]:
        return (self.memory_dir.stat().st_mtime_ns, self.inbox_dir.stat().st_mtime_ns)

    def _fact_path(self, fact_id: str) -> Path:
        return self.memory_dir / f"{_checked_id(fact_id, 'fact')}.md"

    def _proposal_path(self, proposal_id: str) -> Path:
        return self.inbox_dir / f"{_checked_id(proposal_id, 'proposal')}.md"

    # -- the write path shared by every mutation ---------------------------

    def _guard(self, text: str, actor: str) -> None:
        """Refuse forbidden text; the refusal itself is audited (and writes nothing else)."""
        refusal = guard.find_refusal(text, self.index.embedder)
        if refusal is not None:
            self.audit.append(actor=actor, action="refuse", content=text,
                              detail=refusal.audit_detail)  # fmt: skip
            log.info("refused %s text from %s", refusal.category, actor)
            raise refusal

    def _commit(self, path: Path, content: str, *, actor: str, action: str, fact_id: str,
                detail: str | None = None,
                record: Fact | Proposal | None = None) -> None:  # fmt: skip
        """Write-ahead: temp file, then the audit line, then the rename, then the index."""
        temp = write_temp(path, content.encode("utf-8"))
        try:
            self.audit.append(actor=actor, action=action, fact_id=fact_id, content=content,
                              detail=detail)  # fmt: skip
        except BaseException:
            discard_temp(temp)
            raise
        commit_temp(temp, path)
        self._index_file(path, content, record)

    # -- the recall index: every mutation updates it in the same call ------------

    def _key(self, path: Path) -> str:
        return key_for("inbox" if path.parent == self.inbox_dir else "memory", path.stem)

    def _index_file(self, path: Path, content: str, record: Fact | Proposal | None) -> None:
        if record is None:
            kind = Proposal if path.parent == self.inbox_dir else Fact
            record = kind.from_text(content, path.stem)
        try:
            self.index.put(self._key(path), record, Stamp.of(path.lstat()),
                           content_hash(content))  # fmt: skip
        except IndexBroken as exc:
            self._rebuild_broken_index(exc)  # the rebuild reads the file just written
        except sqlite3.Error as exc:
            self._index_lags(exc)

    def _unindex(self, path: Path) -> None:
        try:
            self.index.remove([self._key(path)])
        except IndexBroken as exc:
            self._rebuild_broken_index(exc)
        except sqlite3.Error as exc:
            self._index_lags(exc)

    def _index_lags(self, exc: Exception) -> None:
        """The file is committed; the index missed it (disk full, locked too long)."""
        log.warning("the recall index could not be updated (%s); it catches up from the "
                    "files at the next recall or open", exc)  # fmt: skip
        self._dir_stamps = None  # the next recall reconciles

    def _ask_index(self, question: Callable[[], _T]) -> _T:
        """Ask the index; if it is damaged, rebuild it from the files and ask again."""
        try:
            return question()
        except IndexBroken as exc:
            self._rebuild_broken_index(exc)
            return question()

    def _rebuild_broken_index(self, exc: Exception) -> None:
        log.warning("the recall index is damaged (%s); rebuilding it from the files", exc)
        with self._lock.held():
            self.index.rebuild_empty()
            self._audit_hand_edits()

    def reindex(self, actor: str = "cli",
                progress: Callable[[int, int], None] | None = None) -> int:  # fmt: skip
        """Rebuild the recall index from the files; returns how many files it holds.

        Hand edits found on the way are audited like at any open; the rebuild
        itself is audited too.
        """
        actor = _checked_actor(actor)
        with self._lock.held():
            try:
                self.index.clear()
            except IndexBroken:
                self.index.rebuild_empty()
            self.index.fresh = True
            self._audit_hand_edits(progress)
            count = self.index.count()
            self.audit.append(actor=actor, action="reindex", detail=f"{count} files")
        log.info("reindexed %d files for %s", count, actor)
        return count

    def _id_taken(self, candidate: str, tombstoned: set[str]) -> bool:
        # Asked per candidate (the index, then the disk) rather than listing both folders.
        return (candidate in tombstoned or self.index.has_id(candidate)
                or self._fact_path(candidate).exists()
                or self._proposal_path(candidate).exists())  # fmt: skip

    def _new_id(self, text: str) -> str:
        tombstoned = {t.fact_id for t in self.tombstones}
        base = slugify(text)
        candidate, n = base, 2
        while self._id_taken(candidate, tombstoned):
            candidate = f"{base}-{n}"
            n += 1
        return candidate

    # -- live facts ----------------------------------------------------------

    def add(self, text: str, type: str, *, confidence: float = 0.9, origin: str = "cli",
            links: Iterable[str] = (), pinned: bool = False,
            valid_until: dt.date | None = None, actor: str | None = None) -> Fact:  # fmt: skip
        """Write a live fact (a person at the CLI, the model's memory tool, an import).

        Saying the same thing twice does not make two facts: the existing one is
        marked seen again and returned.
        """
        actor = _checked_actor(actor or origin)
        if origin not in FACT_ORIGINS or origin == "reviewed":
            raise InvalidFact(
                f"origin {origin!r} cannot write live facts; use one of agent, cli, household"
            )
        text, type = check_text(text), check_type(type)
        confidence = check_confidence(confidence)
        with self._lock.held():
            self._guard(text, actor)
            existing = self._live_with_fingerprint(fingerprint(text))
            if existing is not None:
                return self._seen_again(existing, actor)
            fact = Fact(
                id=self._new_id(text), type=type, text=text, confidence=confidence,
                source=self._stamp(origin), links=tuple(links), pinned=pinned,
                created=self.today(), last_seen=self.today(), valid_until=valid_until,
            )  # fmt: skip
            Fact.from_text(fact.to_text(), fact.id)  # what we write must read back
            self._commit(self._fact_path(fact.id), fact.to_text(), actor=actor, record=fact,
                         action="write", fact_id=fact.id)  # fmt: skip
            log.info("wrote fact %s (%s) for %s", fact.id, type, actor)
            return fact

    def _live_with_fingerprint(self, print_: str) -> Fact | None:
        for indexed in self._indexed_with_fingerprint(print_):
            if indexed.status in ("live", "doubted"):
                with suppress(HearthError):
                    fact = self.get(indexed.id)  # the file, not the index, is the truth
                    if fact.status in ("live", "doubted") and fingerprint(fact.text) == print_:
                        return fact
        return None

    def _indexed_with_fingerprint(self, print_: str) -> list[Fact]:
        return self._ask_index(lambda: self.index.facts_with_fingerprint(print_))

    def _seen_again(self, fact: Fact, actor: str) -> Fact:
        if fact.last_seen == self.today():
            return fact
        updated = fact.replace(last_seen=self.today())
        self._commit(self._fact_path(fact.id), updated.to_text(), actor=actor, action="write",
                     fact_id=fact.id, detail="seen again", record=updated)  # fmt: skip
        return updated

    def _change_status(self, fact_id: str, status: str, actor: str, allowed: tuple[str, ...],
                       action: str, detail: str | None = None) -> Fact:  # fmt: skip
        fact = self.get(fact_id)
        if fact.status not in allowed:
            raise InvalidFact(
                f"fact {fact_id!r} is {fact.status}; only a {' or '.join(allowed)} fact can "
                f"be {action.rstrip('e')}ed"
            )
        updated = fact.replace(status=status)
        self._commit(self._fact_path(fact.id), updated.to_text(), actor=actor, action=action,
                     fact_id=fact.id, detail=detail, record=updated)  # fmt: skip
        log.info("%s fact %s for %s", action, fact.id, actor)
        return updated

    def doubt(self, fact_id: str, actor: str = "cli") -> Fact:
        """Still recalled, but ranked lower and shown to the model as doubted."""
        with self._lock.held():
            return self._change_status(fact_id, "doubted", _checked_actor(actor), ("live",),
                                       "doubt")  # fmt: skip

    def retract(self, fact_id: str, actor: str = "cli", reason: str = "") -> Fact:
        """Never recalled again, and tombstoned so it is not proposed again."""
        actor = _checked_actor(actor)
        with self._lock.held():
            fact = self._change_status(fact_id, "retracted", actor, ("live", "doubted"),
                                       "retract", detail=reason or None)  # fmt: skip
            self.tombstones.add(Tombstone(
                fingerprint=fingerprint(fact.text), text=fact.text, reason=reason or "retracted",
                date=self.today().isoformat(), fact_id=fact.id, actor=actor, kind="retract",
            ))  # fmt: skip
            return fact

    def supersede(self, fact_id: str, new_text: str, actor: str = "cli", *,
                  origin: str = "cli", type: str | None = None) -> Fact:  # fmt: skip
        """Replace a fact with a new one; the old one stays on disk, marked superseded."""
        actor = _checked_actor(actor)
        new_text = check_text(new_text)
        with self._lock.held():
            old = self.get(fact_id)
            if old.status not in ("live", "doubted"):
                raise InvalidFact(f"fact {fact_id!r} is {old.status}; it cannot be superseded")
            self._guard(new_text, actor)
            new = Fact(
                id=self._new_id(new_text), type=check_type(type or old.type), text=new_text,
                confidence=max(old.confidence, 0.9), source=self._stamp(origin),
                links=old.links, pinned=old.pinned, created=self.today(),
                last_seen=self.today(), supersedes=(old.id,),
            )  # fmt: skip
            self._commit(self._fact_path(new.id), new.to_text(), actor=actor, record=new,
                         action="supersede", fact_id=new.id, detail=f"replaces {old.id}")
            self._change_status(old.id, "superseded", actor, ("live", "doubted"), "supersede",
                                detail=f"replaced by {new.id}")  # fmt: skip
            return new

    # -- the inbox -----------------------------------------------------------

    def propose(self, text: str, type: str, confidence: float = 0.6, origin: str = "notetaker",
                *, links: Iterable[str] = (), conversation: str | None = None,
                kind: str = "add", target: str | None = None,
                actor: str | None = None) -> Proposal:  # fmt: skip
        """Suggest a fact for a person to review. Writes to the inbox, never to memory.

        Raises AlreadyKnown if the same words are a fact (in any status), wait in
        the inbox already, or were discarded or retracted before.
        """
        actor = _checked_actor(actor or origin)
        if origin not in PROPOSAL_ORIGINS:
            raise InvalidFact(f"origin {origin!r} cannot propose; use one of "
                              f"{', '.join(PROPOSAL_ORIGINS)}")  # fmt: skip
        text, type = check_text(text), check_type(type)
        with self._lock.held():
            self._guard(text, actor)
            if target is not None:
                self.get(target)  # a correction must name a fact that exists
            self._refuse_duplicate(text, kind, target)
            proposal = Proposal.build(
                id=self._new_id(text), type=type, text=text, confidence=confidence,
                source=self._stamp(origin), links=links, conversation=conversation,
                proposed_at=self._clock().replace(microsecond=0, tzinfo=None),
                kind=kind, target=target,
            )  # fmt: skip
            self._commit(self._proposal_path(proposal.id), proposal.to_text(), actor=actor,
                         action="propose", fact_id=proposal.id, record=proposal,
                         detail=None if kind == "add" else f"{kind} {target}")  # fmt: skip
            log.info("proposed %s from %s", proposal.id, actor)
            return proposal

    def _refuse_duplicate(self, text: str, kind: str, target: str | None) -> None:
        print_ = fingerprint(text)
        waiting = self._ask_index(lambda: self.index.proposals_matching(print_, kind, target))
        if waiting:
            raise AlreadyKnown(f"already waiting for review as {waiting[0][0]!r}")
        if kind != "add":
            return
        for fact in self._indexed_with_fingerprint(print_):
            raise AlreadyKnown(f"already known as fact {fact.id!r} ({fact.status})")
        tombstone = self.tombstones.find(print_)
        if tombstone is not None:
            verb = "discarded" if tombstone.kind == "discard" else "retracted"
            raise AlreadyKnown(
                f"{verb} by {tombstone.actor} on {tombstone.date} ({tombstone.reason}); "
                "not proposed again"
            )

    def promote(self, proposal_id: str, actor: str) -> Fact:
        """A person kept a proposal: it becomes live (or its correction is applied)."""
        actor = _checked_actor(actor)
        with self._lock.held():
            proposal = self.get_proposal(proposal_id)
            self._guard(proposal.text, actor)
            if proposal.kind == "retract":
                assert proposal.target is not None
                self.audit.append(actor=actor, action="promote", fact_id=proposal.id,
                                  content=proposal.to_text(),
                                  detail=f"retract {proposal.target}")  # fmt: skip
                fact = self.retract(proposal.target, actor, reason=proposal.text)
            elif proposal.kind == "supersede":
                assert proposal.target is not None
                self.audit.append(actor=actor, action="promote", fact_id=proposal.id,
                                  content=proposal.to_text(),
                                  detail=f"supersede {proposal.target}")  # fmt: skip
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
                    id=proposal.id, type=proposal.type, text=proposal.text,
                    confidence=proposal.confidence, source=self._stamp("reviewed"),
                    links=proposal.links, created=self.today(), last_seen=self.today(),
                )  # fmt: skip
                self._commit(self._fact_path(fact.id), fact.to_text(), actor=actor, record=fact,
                             action="promote", fact_id=fact.id)
            remove_durably(self._proposal_path(proposal.id))
            self._unindex(self._proposal_path(proposal.id))
            log.info("promoted %s as %s for %s", proposal.id, fact.id, actor)
            return fact

    def discard(self, proposal_id: str, actor: str, reason: str = "") -> Tombstone:
        """A person said no: the proposal goes, and a tombstone keeps it from coming back."""
        actor = _checked_actor(actor)
        with self._lock.held():
            proposal = self.get_proposal(proposal_id)
            tombstone = Tombstone(
                fingerprint=fingerprint(proposal.text), text=proposal.text,
                reason=reason or "discarded at review", date=self.today().isoformat(),
                fact_id=proposal.id, actor=actor, kind="discard",
            )  # fmt: skip
            self.audit.append(actor=actor, action="discard", fact_id=proposal.id,
                              content=proposal.to_text(), detail=reason or None)  # fmt: skip
            self.tombstones.add(tombstone)
            remove_durably(self._proposal_path(proposal.id))
            self._unindex(self._proposal_path(proposal.id))
            log.info("discarded %s for %s", proposal.id, actor)
            return tombstone

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
                    item.get("text", ""), item.get("type", ""),
                    confidence=item.get("confidence", 0.9),
                    origin=item.get("origin", "household"),
                    links=item.get("links", ()), pinned=bool(item.get("pinned", False)),
                    valid_until=dt.date.fromisoformat(until) if until else None, actor=actor,
                )  # fmt: skip
                report.added.append(fact)
            except (HearthError, ValueError) as exc:
                report.refused.append((number, str(exc)))
        return report

    def recover(self) -> list[str]:
        """Finish or undo what a crashed writer left; audit what a person changed by hand."""
        notes: list[str] = []
        with self._lock.held():
            for folder in (self.memory_dir, self.inbox_dir):
                for temp in stale_temp_files(folder):
                    with suppress(OSError):
                        temp.unlink()
                        notes.append(f"removed unfinished write {temp.name}")
            notes += self._drop_settled_proposals()
            notes += self._audit_hand_edits()
        for note in notes:
            log.info("recover: %s", note)
        return notes

    def _drop_settled_proposals(self) -> list[str]:
        """A promote or discard cut off before the proposal was removed: remove it now."""
        notes = []
        tombstoned = {(t.fact_id, t.fingerprint) for t in self.tombstones}
        for proposal in self.proposals():
            print_ = fingerprint(proposal.text)
            live = self.memory_dir / f"{proposal.id}.md"
            promoted = False
            if live.exists() and proposal.kind == "add":
                with suppress(HearthError):
                    fact = self.get(proposal.id)
                    promoted = fact.origin == "reviewed" and fingerprint(fact.text) == print_
            discarded = (proposal.id, print_) in tombstoned
            if promoted or discarded:
                self.audit.append(actor="hearth", action="recover", fact_id=proposal.id,
                                  detail="promoted" if promoted else "discarded")  # fmt: skip
                remove_durably(self._proposal_path(proposal.id))
                notes.append(f"finished settling proposal {proposal.id}")
        return notes

    def _audit_hand_edits(self, progress: Callable[[int, int], None] | None = None
                          ) -> list[str]:  # fmt: skip
        """Reconcile the recall index with the files; audit what a person changed by hand.

        One stat per file: a file whose stat matches the index is not read. A new
        or changed file is read and indexed; it was edited by hand unless its
        content is what the index already held (a touch) or what the audit log
        last recorded for it (a write whose index update was lost). A file gone
        from disk was deleted by hand unless the log says the store removed it.
        When the index starts empty, every file is compared with the log. Each
        hand edit is audited once: afterwards the index knows the file as it is.
        """
        folder_stamps = self._folder_stamps()
        full = self.index.fresh
        try:
            known = {} if full else self.index.known()
        except IndexBroken as exc:
            log.warning("the recall index is damaged (%s); rebuilding it from the files", exc)
            self.index.rebuild_empty()
            return self._audit_hand_edits(progress)
        changed: list[tuple[str, Path, type[Fact] | type[Proposal]]] = []
        present: set[str] = set()
        for name, folder, kind in (("memory", self.memory_dir, Fact),
                                   ("inbox", self.inbox_dir, Proposal)):  # fmt: skip
            try:
                entries = list(os.scandir(folder))
            except FileNotFoundError:
                continue
            prefix = f"{name}/"
            for entry in entries:
                file_name = entry.name
                if file_name[0] == "." or not file_name.endswith(".md"):
                    continue
                try:
                    st = entry.stat(follow_symlinks=False)
                except FileNotFoundError:
                    continue  # removed while we listed: another process's commit
                key = prefix + file_name
                present.add(key)
                row = known.get(key)
                if row is None or row[0] != (st.st_ino, st.st_mtime_ns, st.st_size):
                    changed.append((key, Path(entry.path), kind))
        gone = [key for key in known if key not in present] if len(known) > len(
            present) - len(changed) else []  # fmt: skip
        notes: list[str] = []
        if changed or gone or full:
            notes = self._settle_differences(sorted(changed), gone, known, present, full,
                                             progress)  # fmt: skip
        self.index.fresh = False
        self._dir_stamps = folder_stamps
        return notes

    def _settle_differences(self, changed: list[tuple[str, Path, type[Fact] | type[Proposal]]],
                            gone: list[str], known: dict[str, tuple[Stamp, str | None]],
                            present: set[str], full: bool,
                            progress: Callable[[int, int], None] | None) -> list[str]:  # fmt: skip
        last = self._last_audited()
        notes = []
        puts = []
        self._read_ahead([(path, kind) for _, path, kind in changed])
        for done, (key, path, kind) in enumerate(changed, start=1):
            try:
                cached = self._read(path, kind)
            except FileNotFoundError:
                continue
            record_id = path.stem
            row = known.get(key)
            touched = row is not None and row[1] is not None and row[1] == cached.raw_hash
            logged = last.get(record_id, _NEVER_AUDITED) == cached.raw_hash
            if not (touched or logged):
                detail = "edited" if record_id in last else "added by hand"
                if cached.problem:
                    detail += f"; unreadable: {cached.problem}"
                self._audit_file(path, detail)
                notes.append(f"{record_id}: {detail}")
            puts.append((key, cached.record, cached.stamp, cached.raw_hash,
                         cached.problem))  # fmt: skip
            if progress is not None:
                progress(done, len(changed))
        present_ids = {key.partition("/")[2][:-3] for key in present}
        deleted = {key.partition("/")[2][:-3] for key in gone}
        if full:
            deleted |= set(last)
        for record_id in sorted(deleted):
            if record_id not in present_ids and last.get(record_id) is not None \
                    and is_valid_id(record_id):  # fmt: skip
                self.audit.append(actor="hearth", action="hand-edit", fact_id=record_id,
                                  detail="deleted by hand")  # fmt: skip
                notes.append(f"{record_id}: deleted by hand")
        try:
            self.index.put_many(puts)
            self.index.remove(gone)
        except IndexBroken as exc:
            log.warning("the recall index is damaged (%s); rebuilding it from the files", exc)
            self.index.rebuild_empty()
            return notes + self._audit_hand_edits(progress)
        return notes

    def _last_audited(self) -> dict[str, str | None]:
        """Each record id's content hash as the audit log last recorded it."""
        last: dict[str, str | None] = {}
        for entry in self.audit.entries():
            if entry.fact_id is None:
                continue
            settled = entry.action == "promote" and entry.detail  # a correction was kept
            if entry.action in ("discard", "recover") or settled:
                last.pop(entry.fact_id, None)
            elif entry.action not in ("refuse", "reindex"):
                last[entry.fact_id] = entry.sha256
        return last

    def _audit_file(self, path: Path, detail: str) -> None:
        text = None
        if path.is_file() and not path.is_symlink() and path.stat().st_size <= MAX_FILE_BYTES:
            with suppress(OSError):
                text = path.read_bytes().decode("utf-8", errors="replace")
        self.audit.append(actor="hearth", action="hand-edit", fact_id=path.stem, content=text,
                          detail=detail)  # fmt: skip


PARALLEL_READ_MIN = 3000  # files; below this, starting worker processes costs more than it saves


def _read_file(path: Path, kind: type[Fact] | type[Proposal],
               st: os.stat_result | None = None) -> _Cached:  # fmt: skip
    """Read and validate one file; what it cannot be is said in `problem`, never raised."""
    st = st or path.lstat()
    stamp = Stamp.of(st)
    record: Fact | Proposal | None = None
    problem = None
    raw_hash = None
    if not path.is_file() or path.is_symlink():
        problem = "not a regular file (symlinks are never read)"
    elif st.st_size > MAX_FILE_BYTES:
        problem = f"{st.st_size} bytes is too large for a fact"
    else:
        try:
            raw = path.read_bytes()
            raw_hash = content_hash(raw.decode("utf-8", errors="replace"))
            record = kind.from_text(raw.decode("utf-8"), expected_id=path.stem)
        except UnicodeDecodeError:
            problem = "not UTF-8 text"
        except InvalidFact as exc:
            problem = str(exc)
        except OSError as exc:
            problem = f"cannot be read ({exc.strerror})"
    return _Cached(stamp, record, problem, raw_hash)


def _read_files(files: list[tuple[Path, type[Fact] | type[Proposal]]]
                ) -> list[tuple[Path, _Cached]]:  # fmt: skip
    """A worker's share of `_read_ahead` (files that vanished are left out)."""
    out = []
    for path, kind in files:
        with suppress(FileNotFoundError):
            out.append((path, _read_file(path, kind)))
    return out


def _checked_id(value: str, what: str) -> str:
    if not is_valid_id(value):
        raise NotFound(f"{value!r} is not a {what} id (lower-case letters, digits, hyphens)")
    return value


def _checked_actor(actor: str) -> str:
    if not _ACTOR.match(actor):
        raise ValueError(f"actor {actor!r} must be a short lower-case name")
    return actor


__all__ = ["AlreadyKnown", "ImportReport", "Memory", "Problem", "Refused"]
