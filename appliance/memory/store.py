"""Memory: the household's facts, the review inbox, and every change to them.

One `Memory` per process, opened once and passed to what needs it. Every
mutation takes the store's inter-process lock, passes the guard, writes its
audit line, and only then commits its files; a reader copes with anything a
crashed writer or a person with an editor left behind.

It is built in layers, each a module of its own: the core (core.py: opening,
recovery, reading, recall), live facts (live.py), the inbox (inbox.py), and here
the bulk import. The review policy (review.py) decides what a change may do; the
shared write path (writes.py) makes it durable and audited.
"""

from __future__ import annotations

from pathlib import Path

from appliance.errors import Refused
from appliance.memory.importer import ImportReport, import_jsonl
from appliance.memory.inbox import InboxChanges
from appliance.memory.records import Problem
from appliance.memory.review import (
    AlreadyKnown,
    AlreadyWaiting,
    HeldForReview,
    Stale,
    Tombstoned,
)


class Memory(InboxChanges):
    """The fact store of one data dir: read it, recall from it, change it."""

    def import_jsonl(self, path: Path, actor: str = "cli") -> ImportReport:
        """Add one fact per JSON line ({"text", "type", ...}); refusals are reported."""
        return import_jsonl(self, path, actor)


__all__ = [
    "AlreadyKnown",
    "AlreadyWaiting",
    "HeldForReview",
    "ImportReport",
    "Memory",
    "Problem",
    "Refused",
    "Stale",
    "Tombstoned",
]
