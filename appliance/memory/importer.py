"""`hearth memory import`: facts from a JSON-lines file, each through the same `add`.

One `{"text", "type", ...}` object per line. A line the guard, the review policy or
the fact's own checks refuse is reported with its number, never fatal: the lines
before and after it are still imported.
"""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from appliance.errors import HearthError, InvalidFact
from appliance.memory.fact import Fact

if TYPE_CHECKING:
    from appliance.memory.store import Memory

ALLOWED_KEYS = frozenset({"text", "type", "confidence", "links", "pinned", "valid_until", "origin"})


@dataclass
class ImportReport:
    added: list[Fact] = field(default_factory=list)
    refused: list[tuple[int, str]] = field(default_factory=list)  # (line number, why)


def import_jsonl(memory: Memory, path: Path, actor: str = "cli") -> ImportReport:
    """Add one fact per JSON line; refusals are reported, not fatal."""
    report = ImportReport()
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise HearthError(f"cannot read {path}: {exc}") from exc
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            item = json.loads(line)
            if not isinstance(item, dict):
                raise InvalidFact("each line must be a JSON object")
            unknown = sorted(set(item) - ALLOWED_KEYS)
            if unknown:
                raise InvalidFact(f"unknown key(s) {', '.join(unknown)}")
            until = item.get("valid_until")
            fact = memory.add(
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
