"""Reconciliation: making the recall index agree with the files, and finding what a crash left.

The markdown files are the truth; `index.sqlite` is derived. A person with an
editor, another process, or a power cut can leave the two apart. Making them
agree again is two steps, kept apart on purpose:

    report = reconciler.scan()       # pure: reads files, index and audit log; writes nothing
    notes = reconciler.apply(report) # audits each hand edit, then updates the index

`scan` compares one stat per file with what the index knows and returns a
`Report`: which files are new, edited, deleted or unreadable, and which of
those a person made by hand (their content is neither what the index held,
a touch, nor what the audit log last recorded, a write whose index update was
lost). `apply` is the one place that acts on a report.

The rest of the interface, for the store and for anything that catches the
index up after a write (callers hold the store lock unless said otherwise):

    reconciler.reconcile(progress)   # scan + apply; one rebuild-and-retry if the index is damaged
    reconciler.catch_up()            # takes the lock; reconciles only if a folder's stat or
                                     #   index.sqlite itself changed since the last reconcile
    reconciler.ask(question)         # an index query; rebuilt from the files once if damaged
    reconciler.indexed(path, content, record) / reconciler.unindexed(path)
                                     # tell the index about the store's own commit; a damaged
                                     #   index is rebuilt, a busy one catches up later
    reconciler.reindex(actor)        # throw the index's rows away and read every file again
    reconciler.recheck()             # every fact file through the guard again, if the guard
                                     #   changed since the index last recorded it (at open)
    reconciler.find_unfinished(tombstones) -> Unfinished
                                     # pure: what a writer killed mid-mutation left behind
                                     #   (run after reconcile); `Memory.recover` finishes it

A damaged index is rebuilt from the files, boundedly: `reconcile` rebuilds at
most once and raises IndexBroken if the new index breaks too; `ask`, `indexed`
and `unindexed` repair through `_repair` (one rebuild, then `reconcile`) and
ask once more. Nothing loops on a damaged disk.
"""

from __future__ import annotations

import logging
import os
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple, TypeVar

from appliance.errors import DiskFull, HearthError
from appliance.files import StoreLock
from appliance.memory import guard_recheck
from appliance.memory.audit import AuditLog, content_hash
from appliance.memory.fact import Fact, Proposal
from appliance.memory.guard_classifier import ClassifierEmbedder
from appliance.memory.guard_stamp import KEY as GUARD_KEY
from appliance.memory.index import RecallIndex
from appliance.memory.index_file import IndexBroken
from appliance.memory.index_rows import Stamp, key_for
from appliance.memory.recallable import RECALLABLE_STATUSES
from appliance.memory.records import (
    MAX_FILE_BYTES,
    REFUSED,
    Kind,
    Read,
    Records,
    guarded,
)
from appliance.memory.text import (
    correction_fingerprint,
    fingerprint,
    is_valid_id,
    legacy_fingerprint,
)
from appliance.memory.tombstones import TombstoneLog

log = logging.getLogger(__name__)

_NEVER_AUDITED = "never audited"
_T = TypeVar("_T")
Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class Change:
    """One file whose stat differs from what the index knows (or a full rebuild's file)."""

    key: str  # 'memory/<id>.md' or 'inbox/<id>.md'
    path: Path
    read: Read
    hand_edit: str | None  # the audit detail when a person changed it, else None


@dataclass(frozen=True)
class Report:
    """What `scan` found; nothing has acted on it yet."""

    changes: list[Change] = field(default_factory=list)
    gone: list[str] = field(default_factory=list)  # index keys whose file is no longer on disk
    deleted: list[str] = field(default_factory=list)  # ids a person deleted (audit-worthy)
    folder_stamps: tuple[int, int] = (0, 0)
    full: bool = False  # the index started empty: every file was compared with the log

    @property
    def new(self) -> list[Change]:
        return [c for c in self.changes if c.hand_edit and c.hand_edit.startswith("added")]

    @property
    def edited(self) -> list[Change]:
        return [c for c in self.changes if c.hand_edit and c.hand_edit.startswith("edited")]

    @property
    def unreadable(self) -> list[Change]:
        return [c for c in self.changes if c.read.problem]


class FileCounts(NamedTuple):
    """Files the index holds: facts in memory/, proposals in inbox/ (counted apart)."""

    facts: int
    inbox: int

    def describe(self) -> str:
        return f"{self.facts} fact file(s) and {self.inbox} inbox file(s)"


@dataclass(frozen=True)
class Unfinished:
    """What a writer killed mid-mutation left behind (see `Reconciler.find_unfinished`)."""

    settled_proposals: list[tuple[str, str]] = field(default_factory=list)  # (id, how)
    half_superseded: list[tuple[str, str]] = field(default_factory=list)  # (old id, new id)


class Reconciler:
    """Keeps one process's recall index in step with the files of its data dir."""

    def __init__(
        self,
        records: Records,
        index: RecallIndex,
        audit: AuditLog,
        lock: StoreLock,
        *,
        embedder: Callable[[], ClassifierEmbedder | None] | None = None,
    ) -> None:
        self.records = records
        self.index = index
        self.audit = audit
        self.lock = lock
        # The store's embedder, for the guard's classifier (loaded on first need);
        # until the store passes its own, the index's.
        self._embedder_loader = embedder or (lambda: index.embedding.model)
        self._dir_stamps: tuple[int, int] | None = None

    def _embedder(self) -> ClassifierEmbedder | None:
        return self._embedder_loader()

    # -- the pure step ------------------------------------------------------------------

    def folder_stamps(self) -> tuple[int, int]:
        return (
            self.records.memory_dir.stat().st_mtime_ns,
            self.records.inbox_dir.stat().st_mtime_ns,
        )

    def scan(self, progress: Progress | None = None) -> Report:
        """Compare the files with the index and the audit log; change nothing.

        One stat per file: a file whose stat matches the index is not read. When
        the index starts empty, every file is compared with the log.
        Raises IndexBroken if the index cannot be read.
        """
        folder_stamps = self.folder_stamps()
        full = self.index.fresh
        known = {} if full else self.index.known()
        changed: list[tuple[str, Path, Kind]] = []
        present: set[str] = set()
        for name, folder, kind in (
            ("memory", self.records.memory_dir, Fact),
            ("inbox", self.records.inbox_dir, Proposal),
        ):
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
        gone = (
            [key for key in known if key not in present]
            if len(known) > len(present) - len(changed)
            else []
        )
        if not (changed or gone or full):
            return Report(folder_stamps=folder_stamps)
        last, written = last_audited(self.audit)
        # Facts the guard refused stay refused through a touch: one the store wrote but a
        # changed guard refused since (`recheck`) is guarded again whatever the log says.
        refused_before = set() if full else set(self._refused_rows())
        changes = []
        changed.sort(key=lambda item: item[0])
        for done, (key, path, kind) in enumerate(changed, start=1):
            try:
                read = self.records.read(path, kind)
            except FileNotFoundError:
                continue
            edited = written.get(path.stem, _NEVER_AUDITED) != read.raw_hash
            if edited or (kind is Fact and path.stem in refused_before):
                read = guarded(read, self._embedder())  # the check every write path gets
            changes.append(
                Change(key, path, read, _hand_edit(path.stem, read, known.get(key), last))
            )
            if progress is not None:
                progress(done, len(changed))
        present_ids = {key.partition("/")[2][:-3] for key in present}
        deleted = {key.partition("/")[2][:-3] for key in gone}
        if full:
            deleted |= set(last)
        by_hand = sorted(
            record_id
            for record_id in deleted
            if record_id not in present_ids
            and last.get(record_id) is not None
            and is_valid_id(record_id)
        )
        return Report(changes, gone, by_hand, folder_stamps, full)

    # -- the one place that acts on a report ----------------------------------------------

    def apply(self, report: Report) -> list[str]:
        """Audit each hand edit and deletion, then bring the index up to date."""
        notes = self._audit_hand_edits(report)
        self._update_index(report)
        return notes

    def _audit_hand_edits(self, report: Report) -> list[str]:
        notes = []
        for change in report.changes:
            if change.hand_edit is not None:
                self._audit_file(change.path, change.hand_edit)
                notes.append(f"{change.path.stem}: {change.hand_edit}")
        for record_id in report.deleted:
            self.audit.append(
                actor="hearth", action="hand-edit", fact_id=record_id, detail="deleted by hand"
            )
            notes.append(f"{record_id}: deleted by hand")
        return notes

    def _update_index(self, report: Report) -> None:
        if report.changes or report.gone or report.full:
            self.index.put_many(
                [
                    (c.key, c.read.record, c.read.stamp, c.read.raw_hash, c.read.problem)
                    for c in report.changes
                ]
            )
            self.index.remove(report.gone)
        self.index.fresh = False
        self._dir_stamps = report.folder_stamps

    def _audit_file(self, path: Path, detail: str) -> None:
        text = None
        if path.is_file() and not path.is_symlink() and path.stat().st_size <= MAX_FILE_BYTES:
            with suppress(OSError):
                text = path.read_bytes().decode("utf-8", errors="replace")
        self.audit.append(
            actor="hearth", action="hand-edit", fact_id=path.stem, content=text, detail=detail
        )

    # -- scan + apply, with one bounded rebuild -------------------------------------------

    def reconcile(self, progress: Progress | None = None) -> list[str]:
        """Make the index agree with the files; audit what a person changed. Lock held.

        If the index is damaged it is rebuilt empty and the files are read again,
        once; hand edits audited before the damage are in the log by then, so the
        second pass does not audit them twice.
        """
        notes: list[str] = []
        for attempt in (1, 2):
            try:
                report = self.scan(progress)
                notes += self._audit_hand_edits(report)
                self._update_index(report)
                notes += self.recheck()
                return notes
            except IndexBroken as exc:
                if attempt == 2:
                    raise
                self._rebuild_empty(exc)
            except sqlite3.OperationalError as exc:
                if self.index.disk_full(exc):  # the files are untouched; the index catches up
                    raise DiskFull(self.index.path.parent) from exc
                raise
        return notes  # not reached: the loop returns or raises

    def _rebuild_empty(self, exc: Exception) -> None:
        log.warning("the recall index is damaged (%s); rebuilding it from the files", exc)
        self.index.rebuild_empty()

    def _repair(self, exc: Exception) -> None:
        """The index broke under a query or a write: rebuild it from the files, once."""
        with self.lock.held():
            self._rebuild_empty(exc)
            self.reconcile()

    def catch_up(self) -> None:
        """Reconcile again if files were added, removed or renamed since we last looked.

        One stat of each folder: a new or deleted file, or an editor that saves by
        renaming, changes it. An edit in place is found at the next open.
        """
        replaced = not self.index.same_file()
        if replaced or self._dir_stamps != self.folder_stamps():
            with self.lock.held():
                if replaced:
                    self.index.reopen()
                for note in self.reconcile():
                    log.info("recall: %s", note)

    def ask(self, question: Callable[[], _T]) -> _T:
        """Ask the index; if it is damaged, rebuild it from the files and ask again."""
        try:
            return question()
        except IndexBroken as exc:
            self._repair(exc)
            return question()

    def reindex(self, actor: str, progress: Progress | None = None) -> FileCounts:
        """Rebuild the index from the files; audited. Returns how many files it holds."""
        with self.lock.held():
            try:
                self.index.clear()
                self.index.set_note(GUARD_KEY, None)  # every fact is guarded again
            except IndexBroken:
                self.index.rebuild_empty()
            self.index.fresh = True
            self.reconcile(progress)
            count = FileCounts(self.index.count("memory"), self.index.count("inbox"))
            self.audit.append(actor=actor, action="reindex", detail=count.describe())
        return count

    # -- what a crash left ----------------------------------------------------------------

    def _refused_rows(self) -> dict[str, str]:
        return {
            record_id: problem
            for record_id, problem in self.index.problems("memory").items()
            if problem.startswith(REFUSED)
        }

    # -- the guard again, when it changed ----------------------------------------------------

    def recheck(self) -> list[str]:
        """Every fact file through today's guard if it changed since it last checked them
        (lock held; `appliance.memory.guard_recheck`)."""
        return guard_recheck.recheck(
            self.records, self.index, self.audit, self._embedder, self._refused_rows, self.key
        )

    def refused(self) -> dict[str, str]:
        """Fact id -> why, for fact files reconciliation found the guard refuses.

        Every process sees them through the index: its own Records may have
        parsed the file as a fact, but the store never lists, shows or recalls it.
        """
        return self.ask(self._refused_rows)

    def find_unfinished(self, tombstones: TombstoneLog) -> Unfinished:
        """What a writer killed mid-mutation left behind. Pure: reads only; index reconciled.

        - a promote or discard cut off before the proposal was removed leaves the
          proposal in the inbox beside its live fact or its tombstone;
        - a supersede cut off between its two commits leaves the new fact (which
          names the old in `supersedes`) and the old one both recallable.
        """
        settled = []
        discarded: dict[str, set[str]] = {}
        for t in tombstones:
            if t.kind == "discard":
                discarded.setdefault(t.fact_id, set()).add(t.fingerprint)
        for proposal in self.records.proposals():
            print_ = fingerprint(proposal.text)
            promoted = False
            if proposal.kind == "add" and (self.records.memory_dir / f"{proposal.id}.md").exists():
                with suppress(HearthError):
                    fact = self.records.fact(proposal.id)
                    promoted = fact.origin == "reviewed" and fingerprint(fact.text) == print_
            if promoted:
                settled.append((proposal.id, "promoted"))
            elif discarded.get(proposal.id, set()) & _prints_of(proposal):
                settled.append((proposal.id, "discarded"))
        half = []
        for old_id, new_id in self.ask(self.index.both_live_after_supersede):
            with suppress(HearthError):  # the files, not the index, are the truth
                old, new = self.records.fact(old_id), self.records.fact(new_id)
                both = {old.status, new.status}
                if old_id in new.supersedes and both <= set(RECALLABLE_STATUSES):
                    half.append((old_id, new_id))
        return Unfinished(settled, half)

    # -- the store's own commits ------------------------------------------------------------

    def key(self, path: Path) -> str:
        return key_for("inbox" if path.parent == self.records.inbox_dir else "memory", path.stem)

    def indexed(self, path: Path, content: str, record: Fact | Proposal | None) -> None:
        """The store committed `content` to `path`: record it in the index."""
        if record is None:
            record = self.records.kind_of(path).from_text(content, path.stem)
        try:
            if isinstance(record, Fact):
                self._checked_by_rules_alone()  # a write without the classifier: say so
            self.index.put(self.key(path), record, Stamp.of(path.lstat()), content_hash(content))
        except IndexBroken as exc:
            self._repair(exc)  # the rebuild reads the file just written
        except sqlite3.Error as exc:
            self._lags(exc)

    def _checked_by_rules_alone(self) -> None:
        guard_recheck.mark_rules_alone(self.index, self._embedder())

    def unindexed(self, path: Path) -> None:
        """The store removed `path`: forget it in the index."""
        try:
            self.index.remove([self.key(path)])
        except IndexBroken as exc:
            self._repair(exc)
        except sqlite3.Error as exc:
            self._lags(exc)

    @contextmanager
    def own_commit(self, path: Path) -> Iterator[None]:
        """Around one of the store's own commits to `path` (lock held): keep the stamps current.

        Our rename moves the folder's mtime, and without this the next recall
        would stat every file to find only our own write (111 ms at 20,000
        facts). The new stamp is taken as seen only if
        - the folders' stamps before the commit were the ones we last reconciled
          (nothing unseen had changed them), and
        - afterwards the folder's mtime is the time our own commit wrote (the
          ctime of the file it renamed, or its removal's), so no later change
          happened since.
        A hand edit in the same timestamp tick as our commit leaves the same
        mtime, so no stamp can tell it apart: it is found at the next open, or
        at the next recall after anything else changes that folder
        (docs/recall.md). Any other change is found at the next recall.
        """
        before = self.folder_stamps()
        clean = self._dir_stamps is not None and before == self._dir_stamps
        yield
        if not clean:
            return
        after = self.folder_stamps()
        folder = 1 if path.parent == self.records.inbox_dir else 0
        if after[1 - folder] != before[1 - folder]:
            return  # the other folder changed meanwhile: reconcile
        try:
            ours = path.lstat().st_ctime_ns  # the rename set it in the same call as the folder
        except FileNotFoundError:
            ours = after[folder]  # a removal: nothing to compare; the lock kept writers out
        if after[folder] == ours:
            self._dir_stamps = after

    def _lags(self, exc: Exception) -> None:
        """The file is committed; the index missed it (disk full, locked too long)."""
        log.warning(
            "the recall index could not be updated (%s); it catches up from the "
            "files at the next recall or open",
            exc,
        )
        self._dir_stamps = None  # the next catch_up reconciles


def _hand_edit(
    record_id: str,
    read: Read,
    row: tuple[tuple[int, int, int], str | None] | None,
    last: dict[str, str | None],
) -> str | None:
    """The audit detail if a person changed this file, else None.

    Not a hand edit: content the index already held (a touch), or what the
    audit log last recorded for it (a write whose index update was lost).
    """
    touched = row is not None and row[1] is not None and row[1] == read.raw_hash
    logged = last.get(record_id, _NEVER_AUDITED) == read.raw_hash
    if touched or logged:
        return None
    detail = "edited" if record_id in last else "added by hand"
    if read.problem:
        detail += f"; {read.problem}" if read.refused else f"; unreadable: {read.problem}"
    return detail


def last_audited(audit: AuditLog) -> tuple[dict[str, str | None], dict[str, str | None]]:
    """Each record id's content hash as the audit log last recorded it, and as the store
    itself last wrote it (a hand edit found on disk is recorded, but never vouched for:
    its content did not pass the guard on the way in)."""
    last: dict[str, str | None] = {}
    written: dict[str, str | None] = {}
    for entry in audit.happened():  # a line withdrawn by `abandon` did not happen
        if entry.fact_id is None:
            continue
        settled = entry.action == "promote" and entry.detail  # a correction was kept
        if entry.action in ("discard", "recover") or settled:
            last.pop(entry.fact_id, None)
            written.pop(entry.fact_id, None)
        elif entry.action not in ("refuse", "reindex"):
            last[entry.fact_id] = entry.sha256
            if entry.action == "hand-edit":
                written.pop(entry.fact_id, None)
            else:
                written[entry.fact_id] = entry.sha256
    return last, written


def _prints_of(proposal: Proposal) -> set[str]:
    """Every fingerprint a discard of this proposal may have left (old rule included)."""
    if proposal.target is not None:
        return {
            correction_fingerprint(proposal.kind, proposal.target, proposal.text),
            fingerprint(proposal.text),
            legacy_fingerprint(proposal.text),
        }
    return {fingerprint(proposal.text), legacy_fingerprint(proposal.text)}
