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
   the guard's rules (the cookbook's own screen, `composition.recipe_screen`: a recipe
   is instructions by nature, which the classifier would refuse); a refused one is not
   put back (the brain walks kept recipes, the board draws waiting ones), and a `refuse`
   line says so.
4. Tombstones are the union of the box's (with --force) and the snapshot's, and a fact
   the snapshot has live or doubted that one of them retracted is put back retracted,
   with a `retract` line: an older snapshot never brings back what a person retracted.
   (A proposal discarded since is settled by the next open, which finds its tombstone.)
   The recipes' tombstones are merged the same way; a recipe the box discarded or removed
   after the snapshot was taken (a tombstone of the box's that the snapshot lacks) is not
   put back, with a `discard` or `retract` line. The snapshot's own tombstones decide
   nothing here: a recipe kept `--despite-tombstone` stays kept.
5. Under the store's lock: what is there moved aside (--force), the log and its head put
   back, the lines of 3 and 4 appended, then every other file; then the index is rebuilt
   and a `restore` line ends the log.

The box's own `web.token` and audit key are never touched. What the guard refused and
what came back retracted is in `Restored.notes` and logged as a warning.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import json
import logging
import os
import secrets
import shutil
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from appliance import files
from appliance.config import Settings
from appliance.cookbook import NotARecipe
from appliance.cookbook.book import read_recipe_file
from appliance.errors import InvalidFact, Refused
from appliance.memory import guard
from appliance.memory.audit import UNREADABLE, WITNESS, AuditLog
from appliance.memory.embedding import Embedder, Embedding
from appliance.memory.fact import Fact, Proposal
from appliance.memory.records import REFUSED
from appliance.memory.tombstones import Tombstone, prints_of
from appliance.service.backup import (
    RECIPE_FOLDERS,
    TOP_FILES,
    BackupError,
    Member,
    check_snapshot,
    extract_snapshot,
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

    @property
    def notes(self) -> list[str]:
        """One line a person reads for each thing the restore did not put back as it was."""
        return [*self.refused, *self.retracted, *self.said_no]


@dataclass
class _Plan:
    """What the staged snapshot becomes once it has been guarded and merged."""

    skip: set[str] = field(default_factory=set)  # members not put back
    replace: dict[str, bytes] = field(default_factory=dict)  # members written differently
    refused_facts: list[tuple[str, str, Refused]] = field(default_factory=list)
    left_out: list[tuple[str, str, Refused]] = field(default_factory=list)  # (name, where, why)
    retracted: list[tuple[Fact, Tombstone]] = field(default_factory=list)
    said_no: list[tuple[str, Tombstone]] = field(default_factory=list)  # (recipe member, why)


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
        plan = _guarded(staging, listed, embedding.model)
        with files.StoreLock(data / ".lock").held():
            _merge_tombstones(settings, staging, listed, plan)
            _merge_recipe_tombstones(settings, staging, listed, plan)
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
        refused=tuple(_refusal_notes(plan)),
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


def _first_refusal(pieces: tuple[str, ...], embedder: Embedder | None) -> Refused | None:
    for piece in pieces:
        refusal = guard.find_refusal(piece, embedder)
        if refusal is not None:
            return refusal
    return None


def _guarded(staging: Path, listed: dict[str, Member], embedder: Embedder | None) -> _Plan:
    """Every fact, proposal, recipe and household.md line through the guard, as a hand
    edit is."""
    plan = _Plan()
    for name in sorted(listed):
        folder, _, leaf = name.partition("/")
        if folder == "recipes":
            _guard_recipe(staging, name, plan)
            continue
        if folder not in ("memory", "inbox") and name != "household.md":
            continue
        try:
            text = (staging / name).read_bytes().decode("utf-8")
        except UnicodeDecodeError:
            continue  # not text: put back, and reported unreadable like any bad file
        if name == "household.md":
            for number, line in enumerate(text.splitlines(), start=1):
                refusal = _first_refusal((line,), embedder) if line.strip() else None
                if refusal is not None:
                    plan.skip.add(name)
                    plan.left_out.append((name, f"line {number}", refusal))
                    break
            continue
        kind = Fact if folder == "memory" else Proposal
        try:
            record = kind.from_text(text, expected_id=leaf.removesuffix(".md"))
        except InvalidFact:
            continue  # put back, and reported unreadable like any bad file
        refusal = _first_refusal((record.text, *record.links), embedder)
        if refusal is None:
            continue
        if folder == "memory":
            plan.refused_facts.append((record.id, text, refusal))
        else:
            plan.skip.add(name)
            plan.left_out.append((name, "its text", refusal))
    return plan


def _guard_recipe(staging: Path, name: str, plan: _Plan) -> None:
    """A recipe as the cookbook reads it, each piece through the cookbook's screen (the
    guard's rules); refused: not put back."""
    try:
        entry = read_recipe_file(staging / name, proposed=name.startswith("recipes/proposed/"))
    except (NotARecipe, UnicodeDecodeError):
        return  # put back, and named by `hearth recipes list` like any file it cannot read
    for piece in entry.recipe.texts():
        refusal = guard.rule_refusal(piece)
        if refusal is not None:
            plan.skip.add(name)
            plan.left_out.append((name, "its words", refusal))
            return


def _merge_tombstones(
    settings: Settings, staging: Path, listed: dict[str, Member], plan: _Plan
) -> None:
    """Keep every tombstone, the box's and the snapshot's; retract what they retracted.

    Lock held: the box's tombstones are read as they are now, before --force moves them.
    """
    name = "tombstones.jsonl"
    mine = Path(settings.data_dir) / name
    today = mine.read_bytes() if mine.is_file() and not mine.is_symlink() else b""
    theirs = (staging / name).read_bytes() if name in listed else b""
    merged, stones = _union(theirs, today)
    if merged and merged != theirs:
        plan.replace[name] = merged
    refused = {fact_id for fact_id, _, _ in plan.refused_facts}
    for fact_name in sorted(n for n in listed if n.startswith("memory/")):
        try:
            fact = Fact.from_text(
                (staging / fact_name).read_text(encoding="utf-8"),
                expected_id=fact_name.removeprefix("memory/").removesuffix(".md"),
            )
        except (InvalidFact, UnicodeDecodeError):
            continue
        if fact.id in refused or fact.status not in ("live", "doubted"):
            continue
        stone = _retracting(fact, stones)
        if stone is not None:
            retracted = fact.replace(status="retracted")
            plan.replace[fact_name] = retracted.to_text().encode("utf-8")
            plan.retracted.append((retracted, stone))


def _merge_recipe_tombstones(
    settings: Settings, staging: Path, listed: dict[str, Member], plan: _Plan
) -> None:
    """Keep every recipe tombstone, the box's and the snapshot's; a recipe the box said no
    to since the snapshot was taken is not put back. Lock held, as for the facts'."""
    name = "recipe-tombstones.jsonl"
    mine = Path(settings.data_dir) / name
    today = mine.read_bytes() if mine.is_file() and not mine.is_symlink() else b""
    theirs = (staging / name).read_bytes() if name in listed else b""
    merged, _ = _union(theirs, today)
    if merged and merged != theirs:
        plan.replace[name] = merged
    _, known = _union(theirs, b"")
    since = {stone.fingerprint: stone for stone in _union(today, b"")[1] if stone not in known}
    for member in sorted(n for n in listed if n.startswith("recipes/") and n not in plan.skip):
        try:
            entry = read_recipe_file(staging / member, member.startswith("recipes/proposed/"))
        except (NotARecipe, UnicodeDecodeError):
            continue
        stone = since.get(entry.recipe.fingerprint)
        if stone is not None:
            plan.skip.add(member)
            plan.said_no.append((member, stone))


def _union(theirs: bytes, today: bytes) -> tuple[bytes, list[Tombstone]]:
    """The snapshot's tombstone lines as written, then the box's that it lacks."""
    lines: list[str] = []
    stones: list[Tombstone] = []
    seen: set[str] = set()
    for blob in (theirs, today):
        for line in blob.decode("utf-8", errors="replace").splitlines():
            try:
                data = json.loads(line)
                stone = Tombstone.from_json(line)
            except (ValueError, TypeError):
                continue  # blank, or torn by a power cut: its discard never finished
            key = json.dumps(data, sort_keys=True)
            if key in seen:
                continue
            seen.add(key)
            lines.append(line)
            stones.append(stone)
    return "".join(line + "\n" for line in lines).encode("utf-8"), stones


def _retracting(fact: Fact, stones: list[Tombstone]) -> Tombstone | None:
    """The retract tombstone for this fact (by its id, or its words), if any."""
    prints = prints_of(fact.text)
    for stone in stones:
        if stone.kind == "retract" and (
            stone.fact_id == fact.id or stone.covers(fact.text, prints)
        ):
            return stone
    return None


def _refusal_notes(plan: _Plan) -> list[str]:
    notes = [
        f"memory/{fact_id}.md: {REFUSED} ({why.category}: {why.reason}); put back but never "
        "recalled: fix or delete it (`hearth memory check` lists it)"
        for fact_id, _, why in plan.refused_facts
    ]
    notes += [
        f"{name}: {where} {REFUSED} ({why.category}: {why.reason}); not put back (the "
        "snapshot still holds it)"
        for name, where, why in plan.left_out
    ]
    return notes


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


def _put(settings: Settings, staging: Path, name: str, plan: _Plan) -> None:
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
    settings: Settings, snapshot: str, staging: Path, listed: dict[str, Member], plan: _Plan
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
