"""Putting a snapshot back: checked whole, guarded like a hand edit, nothing said no to undone.

    done = restore(settings, snapshot, force=False)

A snapshot's checksums find damage, not intent: whoever can write the file can rewrite
its manifest and re-hash its audit chain. So nothing in one is trusted because it is
in one:

1. `check_snapshot` (backup.py) reads only headers and the manifest: every name one a
   snapshot holds (never `web.token`, the audit key or any other top-level name), every
   size within its cap and the manifest's, the total within the disk's free space.
   Nothing is written before all of that passed.
2. The members are streamed into a private staging folder in the data dir, each
   counted and hashed as it comes (`extract_snapshot`); a failure removes the folder.
3. Every fact, inbox file and household.md goes through the guard
   (`find_refusal(text, embedder)` with the store's embedder), as a hand edit does:
   - a refused fact is put back, refused: a `hand-edit` line (which never vouches for
     a file) records it, so reconciliation guards the file and indexes it as refused:
     never recalled, listed or shown, and reported by `hearth memory check` and
     `hearth doctor` until a person fixes or deletes it;
   - a refused inbox file or household.md is not put back (a proposal would be drawn
     on the board; household.md goes into every prompt), and a `refuse` line says so.
   Every recipe, kept or waiting, is read piece by piece as the cookbook reads it, by
   the guard's rules (the cookbook's own, `cookbook.book.recipe_refusal`: a recipe
   is instructions by nature, which the classifier would refuse); a refused one is not
   put back (the brain walks kept recipes, the board draws waiting ones), and a `refuse`
   line says so.
4. The household's timers, reminders and list are settled against the box's
   (`restore_household.settle`): on the same box, what was cancelled, rung or taken off
   the list since the snapshot stays so; from another box, a timer that was running is
   put back cancelled.
5. Tombstones are the union of the box's (with --force) and the snapshot's, and a fact
   the snapshot has live or doubted that one of them retracted is put back retracted,
   with a `retract` line: an older snapshot never brings back what a person retracted.
   (A proposal discarded since is settled by the next open, which finds its tombstone.)
   The recipes' tombstones are merged the same way; a recipe the box discarded or removed
   after the snapshot was taken (a tombstone of the box's that the snapshot lacks) is not
   put back, with a `discard` or `retract` line. The snapshot's own tombstones decide
   nothing here: a recipe kept `--despite-tombstone` stays kept.
6. Under the store's lock: what is there moved aside (--force), the log and its head put
   back, the lines of 3 and 4 appended, then every other file; then the index is rebuilt
   and a `restore` line ends the log.

The box's own `web.token` and audit key are never touched. What the guard refused and
what came back retracted is in `Restored.notes` and logged as a warning.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import logging
import os
import secrets
import shutil
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from appliance import files
from appliance.config import Settings
from appliance.memory.audit import UNREADABLE, WITNESS, AuditLog
from appliance.memory.embedding import Embedding
from appliance.memory.records import REFUSED
from appliance.service import restore_household
from appliance.service.backup import (
    RECIPE_FOLDERS,
    TOP_FILES,
    BackupError,
    Member,
    check_snapshot,
    extract_snapshot,
)
from appliance.service.restore_plan import (
    Plan,
    guarded,
    merge_recipe_tombstones,
    merge_tombstones,
    refusal_notes,
)

log = logging.getLogger(__name__)

ACTOR = "cli"
STAGING_PREFIX = ".restore-"
# Room a restore leaves free beyond what it unpacks: the index rebuilt from the files,
# the audit lines it appends, SQLite's journals.
ROOM_BYTES = 32 * 1024 * 1024
AUDIT_FILES = ("audit.jsonl", "audit.head")
TOMBSTONE_FILES = ("tombstones.jsonl", "recipe-tombstones.jsonl")


@dataclass(frozen=True)
class Restored:
    files: int
    facts: int
    proposals: int
    set_aside: Path | None  # where --force moved what was there before
    refused: tuple[str, ...] = ()  # what the guard refused, and what became of it
    retracted: tuple[str, ...] = ()  # facts put back retracted (retracted since the snapshot)
    recipes: int = 0  # kept recipes put back
    recipes_waiting: int = 0  # recipes put back waiting for Keep
    said_no: tuple[str, ...] = ()  # recipes not put back: discarded or removed since
    settled: tuple[str, ...] = ()  # timers, reminders, list items settled since (or stale)

    @property
    def notes(self) -> list[str]:
        """One line a person reads for each thing the restore did not put back as it was."""
        return [*self.refused, *self.retracted, *self.said_no, *self.settled]


def restore(
    settings: Settings,
    snapshot: Path,
    *,
    force: bool = False,
    embedding: Embedding | None = None,
) -> Restored:
    """Put a snapshot back into the configured data dir and rebuild the index.

    Refuses a data dir that already holds household content unless `force`; then what
    was there is first moved aside into `<data_dir>/replaced-<time>/`, never deleted.
    `embedding`: the guard's model (default: the store's, the installed one when semantic is on).
    """
    snapshot = Path(snapshot)
    listed = check_snapshot(snapshot)  # headers only: nothing is written before this passes
    existing = _household_content(settings)
    if existing and not force:
        raise BackupError(
            f"{settings.data_dir} already holds household data ({len(existing)} file(s), "
            f"e.g. {existing[0][1]}); restore into an empty data dir, or pass --force to "
            "move what is there aside first"
        )
    data = Path(settings.data_dir)
    files.ensure_private_dir(data)
    _check_room(data, listed)
    staging = data / f"{STAGING_PREFIX}{secrets.token_hex(4)}"
    try:
        files.ensure_private_dir(staging)
        extract_snapshot(snapshot, listed, staging)
        embedding = embedding or Embedding.installed(settings)
        plan = guarded(staging, listed, embedding.model)
        with files.StoreLock(data / ".lock").held():
            merge_tombstones(settings, staging, listed, plan)
            merge_recipe_tombstones(settings, staging, listed, plan)
            settled = restore_household.settle(
                data / restore_household.HOUSEHOLD,
                staging / restore_household.NAME,
                dt.datetime.now(),
            )
            retired = existing + _witnesses(data)
            set_aside = _set_aside(settings, retired) if retired else None
            installed = _install(settings, snapshot.name, staging, listed, plan)
            _forget_index(data)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    facts, proposals = _rebuild(settings, snapshot.name, embedding)
    put_back = [n for n in listed if n.startswith("recipes/") and n not in plan.skip]
    waiting = sum(1 for n in put_back if n.startswith("recipes/proposed/"))
    done = Restored(
        installed,
        facts,
        proposals,
        set_aside,
        refused=tuple(refusal_notes(plan)),
        retracted=tuple(
            f"{fact.id}: put back retracted: {stone.said_no()}, after this snapshot was taken"
            for fact, stone in plan.retracted
        ),
        recipes=len(put_back) - waiting,
        recipes_waiting=waiting,
        said_no=tuple(
            f"{name}: not put back: {stone.said_no('this recipe')}, after this snapshot was taken"
            for name, stone in plan.said_no
        ),
        settled=tuple(settled),
    )
    for note in done.notes:
        log.warning("restore: %s", note)
    return done


# -- before anything is written --------------------------------------------------------------


def _check_room(data: Path, listed: dict[str, Member]) -> None:
    total = sum(member.size for member in listed.values())
    free = shutil.disk_usage(data).free
    if free < total + ROOM_BYTES:
        raise BackupError(
            f"restoring needs {(total + ROOM_BYTES) / 1e6:.0f} MB free in {data}, and it has "
            f"{free / 1e6:.0f} MB; free some space first (nothing was written)"
        )


# -- under the lock: moving aside, putting back ------------------------------------------------


def _household_content(settings: Settings) -> list[tuple[str, Path]]:
    """What is in the data dir now, each with its name in a snapshot's layout."""
    found: list[tuple[str, Path]] = []
    data = Path(settings.data_dir)
    for folder, label in (
        (settings.memory_path, "memory"),
        (settings.inbox_path, "inbox"),
        *((data / label, label) for label in RECIPE_FOLDERS),
    ):
        if folder.is_dir():
            found += [(f"{label}/{p.name}", p) for p in sorted(folder.glob("*.md"))]
    found += [(n, data / n) for n in TOP_FILES if (data / n).exists()]
    if (data / "state").is_dir():
        found += [(f"state/{p.name}", p) for p in sorted((data / "state").glob("*.sqlite"))]
    return found


def _witnesses(data: Path) -> list[tuple[str, Path]]:
    """The old log's witnesses outside the snapshot's layout (state/audit.witness and any
    copy kept as unreadable): they witness the log being replaced, so they go with it."""
    found = [
        (path.relative_to(data).as_posix(), path)
        for pattern in (WITNESS.as_posix() + "*", "audit.head" + UNREADABLE + "*")
        for path in sorted(data.glob(pattern))
        if path.is_file()
    ]
    return found


def _set_aside(settings: Settings, existing: list[tuple[str, Path]]) -> Path:
    aside = Path(settings.data_dir) / f"replaced-{dt.datetime.now(dt.UTC):%Y%m%dT%H%M%SZ}"
    files.ensure_private_dir(aside)
    for name, path in existing:
        dest = aside / name
        for folder in [*reversed(PurePosixPath(name).parents)][1:]:  # recipes/, then proposed/
            files.ensure_private_dir(aside / folder)
        os.replace(path, dest)  # a rename: same filesystem as the data dir (see docs)
        files.fsync_dir(path.parent)
    files.fsync_dir(aside)
    return aside


def _target(settings: Settings, name: str) -> Path:
    folder, _, leaf = name.partition("/")
    if folder == "memory":
        return settings.memory_path / leaf
    if folder == "inbox":
        return settings.inbox_path / leaf
    return Path(settings.data_dir) / name


def _put(settings: Settings, staging: Path, name: str, plan: Plan) -> None:
    target = _target(settings, name)
    files.ensure_private_dir(target.parent)
    if name in plan.replace:
        files.commit_temp(files.write_temp(target, plan.replace[name]), target)
        return
    staged = staging / name
    if staged.stat().st_dev == target.parent.stat().st_dev:
        files.commit_temp(staged, target)  # a rename, from the data dir's own filesystem
        return
    temp = files.temp_path_for(target)  # memory_dir on another filesystem: copy, then rename
    try:
        with staged.open("rb") as source, temp.open("xb") as out:
            os.chmod(temp, files.PRIVATE)
            shutil.copyfileobj(source, out, 1024 * 1024)
            out.flush()
            os.fsync(out.fileno())
        files.commit_temp(temp, target)
    except BaseException:
        files.discard_temp(temp)
        raise


def _install(
    settings: Settings, snapshot: str, staging: Path, listed: dict[str, Member], plan: Plan
) -> int:
    """The log first, then the lines that say what the guard and the tombstones changed,
    then every other file. Lock held. Returns how many files were put back."""
    names = [n for n in listed if n not in plan.skip]
    for stones in TOMBSTONE_FILES:
        if stones in plan.replace and stones not in names:
            names.append(stones)  # the box's tombstones, kept though the snapshot had none
    for name in AUDIT_FILES:
        if name in names:
            _put(settings, staging, name, plan)
    audit = AuditLog(Path(settings.data_dir) / "audit.jsonl")
    for fact_id, text, why in plan.refused_facts:
        audit.append(
            actor=ACTOR,
            action="hand-edit",
            fact_id=fact_id,
            content=text,
            detail=f"restored from {snapshot}; {REFUSED} ({why.category}: {why.reason}); "
            "never recalled: fix or delete the file",
        )
    for name, where, why in plan.left_out:
        audit.append(
            actor=ACTOR,
            action="refuse",
            content=(staging / name).read_text(encoding="utf-8", errors="replace"),
            detail=f"restore from {snapshot}: {name} not put back ({where}: {why.audit_detail})",
        )
    for fact, stone in plan.retracted:
        audit.append(
            actor=ACTOR,
            action="retract",
            fact_id=fact.id,
            content=fact.to_text(),
            detail=f"restored from {snapshot} retracted: {stone.said_no()}",
        )
    for name, stone in plan.said_no:  # as the cookbook records a discard or a removal
        audit.append(
            actor=ACTOR,
            action="discard" if name.startswith("recipes/proposed/") else "retract",
            fact_id=f"recipe:{PurePosixPath(name).stem}",
            content=(staging / name).read_text(encoding="utf-8", errors="replace"),
            detail=f"restore from {snapshot}: not put back: {stone.said_no('this recipe')}",
        )
    data = Path(settings.data_dir)
    for label in RECIPE_FOLDERS:  # in order: mkdir's parents would not be made private
        if any(n.startswith(f"{label}/") for n in names):
            files.ensure_private_dir(data / label)
    for name in names:
        if name not in AUDIT_FILES:
            _put(settings, staging, name, plan)
    return len(names)


def _forget_index(data: Path) -> None:
    index = data / "index.sqlite"
    for derived in (
        index,
        index.with_name("index.sqlite-wal"),
        index.with_name("index.sqlite-shm"),
    ):
        with contextlib.suppress(FileNotFoundError):
            derived.unlink()


def _rebuild(settings: Settings, snapshot: str, embedding: Embedding) -> tuple[int, int]:
    from appliance.memory import Memory  # memory is a layer below; imported where used

    with Memory.open(settings, embedding=embedding) as memory:
        memory.reindex(actor=ACTOR)
        # Not inside Memory's own lock: a second flock from this process would wait on it.
        with files.StoreLock(Path(settings.data_dir) / ".lock").held():
            memory.audit.append(actor=ACTOR, action="restore", detail=snapshot)
        return len(memory.facts()), len(memory.proposals())
