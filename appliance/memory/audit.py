"""The hash-chained audit log: one JSON line per mutation of the store.

Each line carries the previous line's hash, so changing, removing or
reordering any line breaks the chain from there on, and `verify` names the
first line that no longer fits. The line is written (and fsynced) before the
mutation it records is committed; if it cannot be written, the mutation fails.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from pathlib import Path

from appliance.errors import AuditFailure
from appliance.files import append_line, read_last_line

GENESIS = "0" * 64
ACTIONS = ("write", "propose", "promote", "discard", "doubt", "retract", "supersede",
           "refuse", "hand-edit", "reindex", "recover")  # fmt: skip


def content_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class AuditEntry:
    seq: int
    ts: str
    actor: str
    action: str
    fact_id: str | None
    sha256: str | None
    prev: str
    hash: str
    detail: str | None = None

    @staticmethod
    def compute_hash(fields: dict[str, object]) -> str:
        body = {k: v for k, v in fields.items() if k != "hash"}
        canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        return hashlib.sha256(canonical.encode("utf-8")).hexdigest()

    @classmethod
    def from_json(cls, line: str) -> AuditEntry:
        data = json.loads(line)
        if not isinstance(data, dict):
            raise ValueError("not a JSON object")
        return cls(**data)

    def to_json(self) -> str:
        return json.dumps(asdict(self), sort_keys=True, separators=(",", ":"), ensure_ascii=False)


@dataclass(frozen=True)
class Verification:
    ok: bool
    lines: int
    bad_line: int | None = None
    reason: str = ""
    torn_tail: bool = False

    def describe(self) -> str:
        if self.ok and self.torn_tail:
            return (f"audit chain intact over {self.lines} lines; the final line is torn "
                    "(a write cut off by power loss) and will be dropped on the next write")
        if self.ok:
            return f"audit chain intact over {self.lines} lines"
        return f"audit chain broken at line {self.bad_line}: {self.reason}"


class AuditLog:
    def __init__(self, path: Path) -> None:
        self.path = path

    def append(self, *, actor: str, action: str, fact_id: str | None = None,
               content: str | None = None, detail: str | None = None) -> AuditEntry:  # fmt: skip
        """Append one entry. Callers hold the store lock. Raises AuditFailure."""
        if action not in ACTIONS:
            raise ValueError(f"unknown audit action {action!r}")
        try:
            last = self._last_entry_repairing_tail()
            fields: dict[str, object] = {
                "seq": (last.seq + 1) if last else 1,
                "ts": dt.datetime.now(dt.UTC).isoformat(timespec="milliseconds"),
                "actor": actor,
                "action": action,
                "fact_id": fact_id,
                "sha256": content_hash(content) if content is not None else None,
                "prev": last.hash if last else GENESIS,
                "detail": detail,
            }
            fields["hash"] = AuditEntry.compute_hash(fields)
            entry = AuditEntry(**fields)  # type: ignore[arg-type]
            append_line(self.path, entry.to_json() + "\n")
        except OSError as exc:
            raise AuditFailure(
                f"could not write the audit log {self.path} ({exc.strerror or exc}); "
                "nothing was changed"
            ) from exc
        return entry

    def _last_entry_repairing_tail(self) -> AuditEntry | None:
        """The last complete entry; a torn final line (power cut mid-append) is cut off."""
        last_line = read_last_line(self.path)
        if last_line is None:
            return None
        try:
            return AuditEntry.from_json(last_line)
        except (ValueError, TypeError) as exc:
            raise AuditFailure(
                f"the last line of {self.path} is damaged ({exc}); run "
                "`hearth audit verify` and restore it from the nightly backup"
            ) from exc

    def mentions(self, record_id: str) -> bool:
        """Whether any line is about this id: the store never gives an id out twice.

        A byte search, not a parse: it runs for every new id. Ids are [a-z0-9-],
        so the compact JSON of `to_json` spells the field exactly so.
        """
        try:
            data = self.path.read_bytes()
        except OSError:
            return False  # no log yet, or an unreadable one: the append will say so
        return f'"fact_id":"{record_id}"'.encode() in data

    def entries(self, fact_id: str | None = None) -> Iterator[AuditEntry]:
        """Every readable entry, oldest first (optionally only those about one fact)."""
        for _, line in self._lines():
            try:
                entry = AuditEntry.from_json(line)
            except (ValueError, TypeError):
                continue
            if fact_id is None or entry.fact_id == fact_id:
                yield entry

    def _lines(self) -> Iterator[tuple[int, str]]:
        try:
            handle = self.path.open("r", encoding="utf-8", errors="replace", newline="\n")
        except FileNotFoundError:
            return
        with handle:
            yield from enumerate(handle, start=1)

    def verify(self) -> Verification:
        """Recompute the chain; name the first line that does not fit."""
        prev, seq, count = GENESIS, 0, 0
        lines = list(self._lines())
        for number, line in lines:
            count = number
            is_last = number == len(lines)
            if is_last and not line.endswith("\n"):
                # A line without its newline is a write cut off mid-way.
                try:
                    AuditEntry.from_json(line)
                except (ValueError, TypeError):
                    return Verification(True, number - 1, torn_tail=True)
            try:
                entry = AuditEntry.from_json(line)
            except (ValueError, TypeError) as exc:
                return Verification(False, count, number, f"not a valid entry ({exc})")
            if entry.seq != seq + 1:
                return Verification(False, count, number,
                                    f"sequence {entry.seq} follows {seq}")
            if entry.prev != prev:
                return Verification(False, count, number,
                                    "its 'prev' is not the hash of the line before")
            if AuditEntry.compute_hash(asdict(entry)) != entry.hash:
                return Verification(False, count, number, "its hash does not match its content")
            prev, seq = entry.hash, entry.seq
        return Verification(True, count)

