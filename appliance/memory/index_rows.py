"""The recall index's tables: their schema and versions, and how a record becomes a row.

index.py owns the connection and what is read and written through it; this module
owns the shape of what is stored, so a change to a column is made in one place
(and SCHEMA_VERSION says the old shape is rebuilt, not trusted).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from appliance.memory.fact import Fact, Proposal
from appliance.memory.recallable import RECALLABLE_STATUSES, is_recallable
from appliance.memory.text import FINGERPRINT_IGNORED, STOP_WORDS, fingerprint, tokens

# Bump when the tables or the meaning of a column change: an index written by
# another version is rebuilt rather than trusted.
SCHEMA_VERSION = "3"
# The tokenizer is part of the index: change the stop list (or what a fingerprint
# ignores) and old terms and fingerprints lie.
TOKENIZER_VERSION = hashlib.sha256(
    (
        " ".join(sorted(STOP_WORDS))
        + "|light-stem-1|folded-1|"
        + " ".join(sorted(FINGERPRINT_IGNORED))
    ).encode("utf-8")
).hexdigest()[:16]

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS files (
    rowid INTEGER PRIMARY KEY,
    path TEXT NOT NULL UNIQUE,          -- 'memory/<id>.md' or 'inbox/<id>.md'
    folder TEXT NOT NULL,               -- memory | inbox
    id TEXT NOT NULL,
    ino INTEGER, mtime_ns INTEGER, size INTEGER,
    sha256 TEXT,                        -- of the text as read; NULL when unreadable
    fingerprint TEXT,
    problem TEXT,                       -- why the file is not a record, else NULL
    type TEXT, text TEXT, status TEXT, confidence REAL, source TEXT, links TEXT,
    pinned INTEGER, created TEXT, last_seen TEXT, valid_until TEXT, supersedes TEXT,
    kind TEXT, target TEXT,             -- proposals only
    terms TEXT                          -- what the keyword arm matches; NULL when not recallable
);
CREATE INDEX IF NOT EXISTS files_fingerprint ON files (fingerprint);
CREATE INDEX IF NOT EXISTS files_id ON files (id);
CREATE TABLE IF NOT EXISTS vectors (
    rowid INTEGER PRIMARY KEY,          -- = files.rowid
    model TEXT NOT NULL,
    vector BLOB NOT NULL                -- float32, unit length
);
"""

FACT_COLUMNS = (
    "id, type, text, status, confidence, source, links, pinned, created, "
    "last_seen, valid_until, supersedes"
)
# What ranking needs of a fact (an Entry), read without building the Fact.
ENTRY_COLUMNS = "f.rowid, f.id, f.status, f.confidence, f.pinned, f.valid_until"


class Stamp(NamedTuple):
    """What a stat says about a file: if any of it changed, the file is read again."""

    ino: int
    mtime_ns: int
    size: int

    @classmethod
    def of(cls, st: os.stat_result) -> Stamp:
        return cls(st.st_ino, st.st_mtime_ns, st.st_size)


class Entry(NamedTuple):
    """What ranking needs of a recallable fact; only the winners become `Fact`s."""

    rowid: int
    id: str
    status: str
    confidence: float
    pinned: bool
    valid_until: dt.date | None

    @classmethod
    def from_row(cls, row: Sequence[Any]) -> Entry:
        rowid, fact_id, status, confidence, pinned, until = row
        return cls(
            int(rowid),
            str(fact_id),
            str(status),
            float(confidence),
            bool(pinned),
            dt.date.fromisoformat(str(until)) if until else None,
        )


class Hit(NamedTuple):
    entry: Entry
    score: float


def fact_terms(fact: Fact) -> list[str]:
    """What recall matches a fact on: its id, its text and its links."""
    return tokens(fact.id.replace("-", " ")) + tokens(fact.text) + tokens(" ".join(fact.links))


def key_for(folder: str, record_id: str) -> str:
    return f"{folder}/{record_id}.md"


ROW_NAMES = (
    "path",
    "folder",
    "id",
    "ino",
    "mtime_ns",
    "size",
    "sha256",
    "problem",
    "fingerprint",
    "type",
    "text",
    "status",
    "confidence",
    "source",
    "links",
    "pinned",
    "created",
    "last_seen",
    "valid_until",
    "supersedes",
    "kind",
    "target",
    "terms",
)
ROW_COLUMNS = ", ".join(ROW_NAMES)
ROW_MARKS = ", ".join(f":{name}" for name in ROW_NAMES)
ROW_UPDATES = ", ".join(f"{name} = excluded.{name}" for name in ROW_NAMES if name != "path")


def row_values(
    key: str, record: Fact | Proposal | None, stamp: Stamp, sha256: str | None, problem: str | None
) -> dict[str, object]:
    """The `files` row for one file (in ROW_NAMES order); `terms` is set if recallable."""
    folder, _, name = key.partition("/")
    values: dict[str, object] = dict.fromkeys(ROW_NAMES)
    values.update(
        path=key,
        folder=folder,
        id=name.removesuffix(".md"),
        ino=stamp[0],
        mtime_ns=stamp[1],
        size=stamp[2],
        sha256=sha256,
        problem=problem,
    )
    if record is not None:
        values.update(
            fingerprint=fingerprint(record.text),
            type=record.type,
            text=record.text,
            confidence=record.confidence,
            source=record.source,
            links=json.dumps(list(record.links)),
        )
    if isinstance(record, Fact):
        values.update(
            status=record.status,
            pinned=int(record.pinned),
            created=record.created.isoformat(),
            last_seen=record.last_seen.isoformat(),
            valid_until=record.valid_until.isoformat() if record.valid_until else None,
            supersedes=json.dumps(list(record.supersedes)),
        )
        if record.status in RECALLABLE_STATUSES:  # expired facts stay: the date moves
            values["terms"] = " ".join(fact_terms(record))
    elif isinstance(record, Proposal):
        values.update(kind=record.kind, target=record.target)
    return values


def accepting(today: dt.date, min_confidence: float) -> Callable[[Entry], bool]:
    """What either arm may return today: recallable (recallable.py) and sure enough."""

    def accept(entry: Entry) -> bool:
        return (
            is_recallable(entry.status, entry.valid_until, today)
            and entry.confidence >= min_confidence
        )

    return accept


def entry_of(rowid: int, fact: Fact) -> Entry:
    return Entry(rowid, fact.id, fact.status, fact.confidence, fact.pinned, fact.valid_until)


def embedding_text(fact: Fact) -> str:
    """What the semantic arm sees of a fact: its sentence, and its aliases."""
    if fact.links:
        return f"{fact.text} ({', '.join(fact.links)})"
    return fact.text


def fact_from_row(row: Sequence[Any]) -> Fact:
    (
        fact_id,
        type_,
        text,
        status,
        confidence,
        source,
        links,
        pinned,
        created,
        last_seen,
        valid_until,
        supersedes,
    ) = row
    return Fact(
        id=str(fact_id),
        type=str(type_),
        text=str(text),
        status=str(status),
        confidence=float(confidence),
        source=str(source),
        links=tuple(json.loads(str(links or "[]"))),
        pinned=bool(pinned),
        created=dt.date.fromisoformat(str(created)),
        last_seen=dt.date.fromisoformat(str(last_seen)),
        valid_until=dt.date.fromisoformat(str(valid_until)) if valid_until else None,
        supersedes=tuple(json.loads(str(supersedes or "[]"))),
    )
