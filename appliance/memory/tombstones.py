"""What a person discarded or retracted, so it is not proposed again.

One JSON line per tombstone in `tombstones.jsonl` (0600). The note-taker's
proposals are checked against the fingerprints here before they are written.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from pathlib import Path

from appliance.files import append_line
from appliance.memory.text import fingerprint, is_legacy_fingerprint, legacy_fingerprint

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Tombstone:
    fingerprint: str
    text: str
    reason: str
    date: str        # YYYY-MM-DD
    fact_id: str
    actor: str
    kind: str        # "discard" (a proposal) or "retract" (a live fact)

    @classmethod
    def from_json(cls, line: str) -> Tombstone:
        return cls(**json.loads(line))

    def to_json(self) -> str:
        return json.dumps(asdict(self), sort_keys=True, ensure_ascii=False)

    def said_no(self, what: str = "this") -> str:
        """ "you discarded this on 2026-11-30 (reason)": what a re-said fact is marked with."""
        verb = "discarded" if self.kind == "discard" else "retracted"
        who = "you" if self.actor in ("cli", "panel") else self.actor
        return f"{who} {verb} {what} on {self.date} ({self.reason})"


class TombstoneLog:
    def __init__(self, path: Path) -> None:
        self.path = path

    def add(self, tombstone: Tombstone) -> None:
        """Callers hold the store lock."""
        append_line(self.path, tombstone.to_json() + "\n")

    def __iter__(self) -> Iterator[Tombstone]:
        try:
            handle = self.path.open(encoding="utf-8", errors="replace")
        except FileNotFoundError:
            return
        with handle:
            for number, line in enumerate(handle, start=1):
                if not line.strip():
                    continue
                try:
                    yield Tombstone.from_json(line)
                except (ValueError, TypeError):
                    # A torn last line from a power cut: the discard it belonged
                    # to never finished, so its proposal is still in the inbox.
                    log.warning("tombstones.jsonl line %d is unreadable; skipped", number)

    def find(self, fingerprint: str) -> Tombstone | None:
        for tombstone in self:
            if tombstone.fingerprint == fingerprint:
                return tombstone
        return None

    def matching(self, text: str) -> Tombstone | None:
        """The tombstone a person left for these words (discarded or retracted), if any.

        Tombstones written before fingerprints kept prepositions, modals and
        numbers (`is_legacy_fingerprint`) are compared by their text when they
        still hold it, else by the old, broader fingerprint: an old refusal is
        honoured even where it may be too broad (the cost is a review, never a
        fact coming back).
        """
        print_ = fingerprint(text)
        legacy = None
        for tombstone in self:
            if tombstone.fingerprint == print_:
                return tombstone
            if is_legacy_fingerprint(tombstone.fingerprint):
                if tombstone.text:
                    if fingerprint(tombstone.text) == print_:
                        return tombstone
                else:
                    legacy = legacy or legacy_fingerprint(text)
                    if tombstone.fingerprint == legacy:
                        return tombstone
        return None
