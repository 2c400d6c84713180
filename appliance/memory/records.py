"""Reading the store's files: memory/*.md as facts, inbox/*.md as proposals.

Every reader (listing, `get`, reconciliation, review) goes through `Records`,
which parses each file once per version: a file whose stat (inode, mtime,
size) is unchanged is not read again. What a file cannot be is said in
`Read.problem`, never raised, so one bad file never hides the others.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from appliance.errors import InvalidFact, NotFound
from appliance.memory import guard
from appliance.memory.audit import content_hash
from appliance.memory.fact import Fact, Proposal
from appliance.memory.guard_classifier import ClassifierEmbedder
from appliance.memory.index_rows import Stamp
from appliance.memory.text import is_valid_id, slugify

log = logging.getLogger(__name__)

MAX_FILE_BYTES = 64 * 1024  # a fact is a sentence or two; anything bigger is not one

Kind = type[Fact] | type[Proposal]
_R = TypeVar("_R", Fact, Proposal)


@dataclass(frozen=True)
class Problem:
    """A file in the store that could not be read as a fact or proposal."""

    path: Path
    message: str
    refused: bool = False  # readable, but the guard refuses it (a hand edit)


@dataclass(frozen=True)
class Read:
    """One file as it was read: its record, or why it is not one."""

    stamp: Stamp
    record: Fact | Proposal | None
    problem: str | None
    raw_hash: str | None  # sha256 of the text as read; None when the file was not read
    refused: bool = False  # readable, but the guard refuses its text: never a record


def read_file(path: Path, kind: Kind, st: os.stat_result | None = None) -> Read:
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
    return Read(stamp, record, problem, raw_hash)


REFUSED = "refused by the guard"  # how a refused fact file's problem begins


def guarded(read: Read, embedder: ClassifierEmbedder | None = None) -> Read:
    """The read as the guard sees it: a fact whose text, links or id it refuses is no record.

    Run by reconciliation on fact files the store did not write (a person's
    editor), and on every fact file when the guard changed since it last checked
    them (`Reconciler.recheck`). With the store's `embedder` the check is the one
    every write path gets (rules and classifier); without one, the rules alone.
    The id counts too: it is the file's name, and the model is shown it. An id the
    store made from the text itself (`slugify`, perhaps with "-2") says nothing the
    text does not, so only an id a person chose is checked on its own. Inbox files
    are guarded when kept instead, so a person still sees what was put there.
    """
    if not isinstance(read.record, Fact):
        return read
    fact = read.record
    pieces = [fact.text, *fact.links]
    if not _slug_of(fact.id, fact.text):
        pieces.append(fact.id.replace("-", " "))
    for piece in pieces:
        refusal = guard.find_refusal(piece, embedder)
        if refusal is not None:
            why = (
                f"{REFUSED} ({refusal.category}: {refusal.reason}); never recalled: fix "
                "or delete the file"
            )
            return Read(read.stamp, None, why, read.raw_hash, refused=True)
    return read


def _slug_of(fact_id: str, text: str) -> bool:
    """True if the store would have named a fact with this text so ("x", "x-2", ...)."""
    base = slugify(text)
    tail = fact_id.removeprefix(base)
    return tail == "" or (tail.startswith("-") and tail[1:].isdigit())


def checked_id(value: str, what: str) -> str:
    if not is_valid_id(value):
        raise NotFound(f"{value!r} is not a {what} id (lower-case letters, digits, hyphens)")
    return value


class Records:
    """The files of memory/ and inbox/, parsed once per version."""

    def __init__(self, memory_dir: Path, inbox_dir: Path) -> None:
        self.memory_dir = memory_dir
        self.inbox_dir = inbox_dir
        self._cache: dict[Path, Read] = {}

    def clear(self) -> None:
        self._cache.clear()

    def fact_path(self, fact_id: str) -> Path:
        return self.memory_dir / f"{checked_id(fact_id, 'fact')}.md"

    def proposal_path(self, proposal_id: str) -> Path:
        return self.inbox_dir / f"{checked_id(proposal_id, 'proposal')}.md"

    def kind_of(self, path: Path) -> Kind:
        return Proposal if path.parent == self.inbox_dir else Fact

    def read(self, path: Path, kind: Kind) -> Read:
        """Parse one file, reusing the last parse while the file is unchanged."""
        st = path.lstat()
        cached = self._cache.get(path)
        if cached and cached.stamp == Stamp.of(st):
            return cached
        result = read_file(path, kind, st)
        self._cache[path] = result
        return result

    def scan(self, folder: Path, kind: Kind) -> Iterator[tuple[Path, Read]]:
        try:
            entries = sorted(os.scandir(folder), key=lambda e: e.name)
        except FileNotFoundError:
            return
        for entry in entries:
            if entry.name.startswith(".") or not entry.name.endswith(".md"):
                continue
            path = Path(entry.path)
            try:
                yield path, self.read(path, kind)
            except FileNotFoundError:
                continue  # removed while we listed: another process's commit

    def facts(self, status: str | None = None) -> list[Fact]:
        """Every readable fact on disk (optionally of one status); bad files are skipped."""
        out = []
        for path, read in self.scan(self.memory_dir, Fact):
            if isinstance(read.record, Fact):
                if status is None or read.record.status == status:
                    out.append(read.record)
            else:
                # Not the problem itself: it can quote a field, and the journal keeps this line.
                why = "refused by the guard" if read.refused else "unreadable"
                log.warning("skipping %s: %s (`hearth memory check` says why)", path.name, why)
        return out

    def proposals(self) -> list[Proposal]:
        """What waits in the inbox, oldest first."""
        out = [
            r.record
            for _, r in self.scan(self.inbox_dir, Proposal)
            if isinstance(r.record, Proposal)
        ]
        return sorted(out, key=lambda p: (p.proposed_at, p.id))

    def check(self) -> list[Problem]:
        """Files in memory/ and inbox/ that cannot be read; each is skipped by readers."""
        problems = []
        for folder, kind in ((self.memory_dir, Fact), (self.inbox_dir, Proposal)):
            for path, read in self.scan(folder, kind):
                if read.problem:
                    problems.append(Problem(path, read.problem, read.refused))
        return problems

    def hashes(self) -> dict[str, str | None]:
        """Each file's text hash as read ("memory/<id>.md": sha256; None when not read),
        for the audit log to find a line for each."""
        return {
            f"{name}/{path.name}": read.raw_hash
            for name, folder, kind in (
                ("memory", self.memory_dir, Fact),
                ("inbox", self.inbox_dir, Proposal),
            )
            for path, read in self.scan(folder, kind)
        }

    def fact(self, fact_id: str) -> Fact:
        return self._one(
            self.fact_path(fact_id),
            Fact,
            f"no fact with id {fact_id!r}; `hearth memory list` shows what is stored",
        )

    def proposal(self, proposal_id: str) -> Proposal:
        return self._one(
            self.proposal_path(proposal_id),
            Proposal,
            f"no proposal with id {proposal_id!r}; `hearth review list` shows what is waiting",
        )

    def _one(self, path: Path, kind: type[_R], missing: str) -> _R:
        try:
            read = self.read(path, kind)
        except FileNotFoundError:
            raise NotFound(missing) from None
        if read.record is None:
            raise InvalidFact(f"{path} cannot be read: {read.problem}")
        assert isinstance(read.record, kind)
        return read.record
