"""Checking the facts on disk again when the guard changed since it last checked them.

The index keeps the stamp of the guard that last checked every fact file
(`appliance.memory.guard_stamp`); `recheck`, run by reconciliation (so at every
open), compares it with this code's and, when it differs, puts every fact file
through today's guard. `mark_rules_alone` is for the store's own writes: a fact
written without the classifier leaves a stamp that asks the next process with it
to check again.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path

from appliance.memory.audit import AuditLog
from appliance.memory.fact import Fact
from appliance.memory.guard_classifier import ClassifierEmbedder, classifier_for
from appliance.memory.guard_stamp import KEY, GuardStamp, up_to_date
from appliance.memory.index import RecallIndex
from appliance.memory.records import Records, guarded

log = logging.getLogger(__name__)


def classifier_available(embedder: ClassifierEmbedder | None) -> bool:
    """True if the guard's classifier answers for this embedder. A model that fails here
    (its probe raised) leaves the rules alone, as the guard itself does, and never stops
    the store from opening."""
    if embedder is None:
        return False
    try:
        return classifier_for(embedder) is not None
    except Exception as exc:
        log.warning("guard classifier unavailable (%s); facts checked by the rules alone", exc)
        return False


def recheck(
    records: Records,
    index: RecallIndex,
    audit: AuditLog,
    embedder: Callable[[], ClassifierEmbedder | None],
    refused_rows: Callable[[], dict[str, str]],
    key_of: Callable[[Path], str],
) -> list[str]:
    """Put every fact file through today's guard if it changed since it last checked them.

    Lock held. A fact the new guard refuses becomes what a refused hand edit is
    (indexed as refused: never recalled, listed or shown; `hearth memory check`
    reports it) and gets one `refuse` audit line; one it now lets through is indexed
    as the fact it is. Cheap when nothing changed: one read of the index's `meta`,
    and the embedder is loaded only if the answer depends on it.
    """
    stored = GuardStamp.parse(index.note(KEY))
    if up_to_date(stored, classifier_available=None):
        return []
    model = embedder()
    available = classifier_available(model)
    if up_to_date(stored, classifier_available=available):
        return []
    before = refused_rows()
    rows, notes = [], []
    for path, read in records.scan(records.memory_dir, Fact):
        if read.record is None:
            continue  # unreadable: the index says so already
        verdict = guarded(read, model if available else None)
        was = before.get(path.stem)
        if verdict.problem == was:
            continue
        rows.append(
            (key_of(path), verdict.record, verdict.stamp, verdict.raw_hash, verdict.problem)
        )
        if verdict.refused and was is None:
            audit.append(
                actor="hearth",
                action="refuse",
                fact_id=path.stem,
                detail="re-checked after the guard changed: " + (verdict.problem or ""),
            )
            notes.append(f"{path.stem}: refused by the changed guard")
    if rows:
        index.put_many(rows)
    index.set_note(KEY, str(GuardStamp.current(with_classifier=available)))
    return notes


def mark_rules_alone(index: RecallIndex, embedder: ClassifierEmbedder | None) -> None:
    """A fact the store wrote without the classifier (no embedder here) was checked by the
    rules alone: say so in the stamp, so the next process that has it checks every fact."""
    if classifier_available(embedder):
        return
    stored = GuardStamp.parse(index.note(KEY))
    if stored is not None and stored.with_classifier:
        index.set_note(KEY, str(GuardStamp.current(with_classifier=False)))
