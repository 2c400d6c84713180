"""Snapshots of the household's data, and putting one back.

A snapshot is one gzip-compressed tar file, `hearth-backup-<UTC time>.tar.gz`, 0600,
written to a temp file and renamed, holding:

    memory/*.md  inbox/*.md            the configured memory and inbox folders
    tombstones.jsonl  audit.jsonl      the refusal record and the hash-chained log
    audit.head  household.md           (each when present)
    state/*.sqlite                     chats, timers, lists: SQLite's online backup
    MANIFEST.json  MANIFEST.sha256     every member's size and sha256, then the manifest's

Not in it: the models (reinstalled with the package), the recall index (derived:
rebuilt on restore), the LAN token (a secret; a restored box makes a new one), board.png.

The memory files are copied under the store's inter-process lock, so no mutation is
half-seen; the databases through SQLite's backup API, so a writer may keep writing.
The checksums find a truncated or altered snapshot; they are not a signature (anyone
who can write the file can rewrite its manifest), which is fine for their purpose:
a dying USB stick or a copy cut short.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import hashlib
import io
import json
import logging
import os
import re
import sqlite3
import tarfile
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from appliance import files
from appliance.config import Settings
from appliance.service.backup_place import backup_place
from appliance.errors import HearthError

log = logging.getLogger(__name__)

FORMAT = 1
PREFIX = "hearth-backup-"
SUFFIX = ".tar.gz"
MANIFEST = "MANIFEST.json"
MANIFEST_SUM = "MANIFEST.sha256"
# Files at the top of the data dir that hold household content.
TOP_FILES = ("tombstones.jsonl", "audit.jsonl", "audit.head", "household.md")
_NAME = re.compile(r"^(memory|inbox)/[^/]+\.md$|^state/[^/]+\.sqlite$|^[^/]+$")


class BackupError(HearthError):
    """A snapshot could not be written, or is not one Hearth can put back."""


@dataclass(frozen=True)
class Snapshot:
    path: Path
    files: int
    size: int


@dataclass(frozen=True)
class Restored:
    files: int
    facts: int
    proposals: int
    set_aside: Path | None  # where --force moved what was there before


def snapshot_name(now: dt.datetime) -> str:
    return f"{PREFIX}{now.astimezone(dt.UTC):%Y%m%dT%H%M%SZ}{SUFFIX}"


def snapshots(folder: Path) -> list[Path]:
    """The snapshots in a folder, oldest first (their names sort by time)."""
    if not folder.is_dir():
        return []
    return sorted(
        p
        for p in folder.iterdir()
        if p.name.startswith(PREFIX) and p.name.endswith(SUFFIX) and p.is_file()
    )


# -- writing a snapshot ---------------------------------------------------------------


def back_up(
    settings: Settings,
    to: Path | None = None,
    *,
    keep: int | None = None,
    now: Callable[[], dt.datetime] = lambda: dt.datetime.now(dt.UTC),
) -> Snapshot:
    """Write a snapshot of the configured data into `to` and keep the newest `keep`."""
    folder = Path(to) if to is not None else backup_place(settings).folder
    keep = settings.backup_keep if keep is None else keep
    if keep < 1:
        raise BackupError("keep at least one snapshot (--keep 1 or more)")
    try:
        files.ensure_private_dir(folder)
    except OSError as exc:
        raise BackupError(f"cannot use {folder} for backups: {exc.strerror or exc}") from None
    target = folder / snapshot_name(now())
    # Built in memory (every member is read whole anyway), then written like any durable
    # file: write_temp removes its own temp file if writing it fails.
    try:
        archive = io.BytesIO()
        count = _write_archive(settings, archive)
        temp = files.write_temp(target, archive.getvalue())
        try:
            files.commit_temp(temp, target)
        except BaseException:
            files.discard_temp(temp)
            raise
    except OSError as exc:
        raise BackupError(
            f"could not write a snapshot to {folder} ({exc.strerror or exc}); "
            "nothing was replaced, older snapshots are kept"
        ) from None
    for old in snapshots(folder)[:-keep]:
        with contextlib.suppress(OSError):
            files.remove_durably(old)
            log.info("removed old snapshot %s", old.name)
    size = target.stat().st_size
    log.info("snapshot %s: %d files, %d bytes", target, count, size)
    return Snapshot(target, count, size)


def _write_archive(settings: Settings, raw: io.BytesIO) -> int:
    manifest: dict[str, dict[str, object]] = {}
    with tarfile.open(fileobj=raw, mode="w:gz") as tar:

        def put(name: str, data: bytes) -> None:
            manifest[name] = {"size": len(data), "sha256": hashlib.sha256(data).hexdigest()}
            _add_member(tar, name, data)

        # Databases first: their online backup needs no lock of ours.
        for name, data in _databases(Path(settings.data_dir) / "state"):
            put(name, data)
        with files.StoreLock(Path(settings.data_dir) / ".lock").held():
            for name, data in _store_files(settings):
                put(name, data)
        body = json.dumps(
            {
                "format": FORMAT,
                "created": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
                "files": manifest,
            },
            indent=1,
            sort_keys=True,
        ).encode("utf-8")
        _add_member(tar, MANIFEST, body)
        _add_member(tar, MANIFEST_SUM, hashlib.sha256(body).hexdigest().encode("ascii") + b"\n")
    return len(manifest)


def _add_member(tar: tarfile.TarFile, name: str, data: bytes) -> None:
    info = tarfile.TarInfo(name)
    info.size = len(data)
    info.mode = files.PRIVATE
    info.mtime = int(dt.datetime.now(dt.UTC).timestamp())
    tar.addfile(info, io.BytesIO(data))


def _store_files(settings: Settings) -> Iterator[tuple[str, bytes]]:
    for folder, label in (
        (Path(settings.memory_dir), "memory"),
        (Path(settings.inbox_dir), "inbox"),
    ):
        if not folder.is_dir():
            continue
        for path in sorted(folder.glob("*.md")):
            if path.is_file() and not path.is_symlink():
                yield f"{label}/{path.name}", path.read_bytes()
    for name in TOP_FILES:
        path = Path(settings.data_dir) / name
        if path.is_file() and not path.is_symlink():
            yield name, path.read_bytes()


def _databases(state: Path) -> Iterator[tuple[str, bytes]]:
    if not state.is_dir():
        return
    for path in sorted(state.glob("*.sqlite")):
        if not path.is_file() or path.is_symlink():
            continue
        # Through a private temp file: the online backup copies pages consistently
        # while another process writes, and gives us a file we can read whole.
        with tempfile.TemporaryDirectory(dir=state) as scratch:
            copy = Path(scratch) / path.name
            source = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=30)
            target = sqlite3.connect(copy)
            try:
                source.backup(target)
            except sqlite3.Error as exc:
                raise BackupError(f"cannot back up {path}: {exc}") from None
            finally:
                target.close()
                source.close()
            yield f"state/{path.name}", copy.read_bytes()


# -- reading and restoring -------------------------------------------------------------


def read_snapshot(path: Path) -> dict[str, bytes]:
    """Every member of a snapshot, checked against its manifest; else BackupError."""
    path = Path(path)
    members: dict[str, bytes] = {}
    try:
        with tarfile.open(path, mode="r:gz") as tar:
            for info in tar:
                if not info.isfile() or not _safe_name(info.name) or info.name in members:
                    raise BackupError(
                        f"{path.name} holds {info.name!r}, which no Hearth "
                        "snapshot does; not restoring it"
                    )
                handle = tar.extractfile(info)
                assert handle is not None  # a regular file always has one
                members[info.name] = handle.read()
    except FileNotFoundError:
        raise BackupError(f"no snapshot at {path}") from None
    except (tarfile.TarError, EOFError, OSError, ValueError) as exc:
        raise BackupError(
            f"{path.name} is truncated or damaged ({exc}); not restoring it"
        ) from None
    body = members.pop(MANIFEST, None)
    stated = members.pop(MANIFEST_SUM, b"").decode("ascii", "replace").strip()
    if body is None:
        raise BackupError(f"{path.name} has no manifest: truncated, or not a Hearth snapshot")
    if hashlib.sha256(body).hexdigest() != stated:
        raise BackupError(
            f"{path.name}: its manifest does not match its checksum; "
            "the snapshot was altered or damaged"
        )
    try:
        manifest = json.loads(body)
        listed: dict[str, dict[str, object]] = manifest["files"]
        if manifest.get("format") != FORMAT:
            raise BackupError(
                f"{path.name} is snapshot format {manifest.get('format')}; "
                f"this Hearth reads format {FORMAT}"
            )
    except (ValueError, KeyError, TypeError):
        raise BackupError(f"{path.name}: its manifest is unreadable") from None
    if set(listed) != set(members):
        missing = sorted(set(listed) - set(members))
        extra = sorted(set(members) - set(listed))
        raise BackupError(
            f"{path.name} does not match its manifest (missing {missing}, "
            f"unlisted {extra}); not restoring it"
        )
    for name, data in members.items():
        if hashlib.sha256(data).hexdigest() != listed[name].get("sha256"):
            raise BackupError(
                f"{path.name}: {name} does not match its checksum; "
                "the snapshot was altered or damaged"
            )
    return members


def _safe_name(name: str) -> bool:
    pure = PurePosixPath(name)
    return (
        not pure.is_absolute()
        and ".." not in pure.parts
        and name == pure.as_posix()
        and (name in (MANIFEST, MANIFEST_SUM) or bool(_NAME.match(name)))
    )


def restore(settings: Settings, snapshot: Path, *, force: bool = False) -> Restored:
    """Put a snapshot back into the configured data dir and rebuild the index.

    Refuses a data dir that already holds household content unless `force`; then what
    was there is first moved aside into `<data_dir>/replaced-<time>/`, never deleted.
    """
    members = read_snapshot(snapshot)  # every check before anything is touched
    targets = {name: _target(settings, name) for name in members}
    existing = _household_content(settings)
    if existing and not force:
        raise BackupError(
            f"{settings.data_dir} already holds household data ({len(existing)} file(s), "
            f"e.g. {existing[0][1]}); restore into an empty data dir, or pass --force to "
            "move what is there aside first"
        )
    with files.StoreLock(_lock_path(settings)).held():
        set_aside = _set_aside(settings, existing) if existing else None
        for name, data in members.items():
            target = targets[name]
            files.ensure_private_dir(target.parent)
            files.commit_temp(files.write_temp(target, data), target)
        index = Path(settings.data_dir) / "index.sqlite"
        for derived in (
            index,
            index.with_name(index.name + "-wal"),
            index.with_name(index.name + "-shm"),
        ):
            with contextlib.suppress(FileNotFoundError):
                derived.unlink()
    facts, proposals = _rebuild(settings, Path(snapshot).name)
    return Restored(len(members), facts, proposals, set_aside)


def _lock_path(settings: Settings) -> Path:
    files.ensure_private_dir(Path(settings.data_dir))
    return Path(settings.data_dir) / ".lock"


def _target(settings: Settings, name: str) -> Path:
    folder, _, leaf = name.partition("/")
    if folder == "memory":
        return Path(settings.memory_dir) / leaf
    if folder == "inbox":
        return Path(settings.inbox_dir) / leaf
    return Path(settings.data_dir) / name


def _household_content(settings: Settings) -> list[tuple[str, Path]]:
    """What is in the data dir now, each with its name in a snapshot's layout."""
    found: list[tuple[str, Path]] = []
    for folder, label in (
        (Path(settings.memory_dir), "memory"),
        (Path(settings.inbox_dir), "inbox"),
    ):
        if folder.is_dir():
            found += [(f"{label}/{p.name}", p) for p in sorted(folder.glob("*.md"))]
    data = Path(settings.data_dir)
    found += [(n, data / n) for n in TOP_FILES if (data / n).exists()]
    if (data / "state").is_dir():
        found += [(f"state/{p.name}", p) for p in sorted((data / "state").glob("*.sqlite"))]
    return found


def _set_aside(settings: Settings, existing: list[tuple[str, Path]]) -> Path:
    aside = Path(settings.data_dir) / f"replaced-{dt.datetime.now(dt.UTC):%Y%m%dT%H%M%SZ}"
    files.ensure_private_dir(aside)
    for name, path in existing:
        dest = aside / name
        files.ensure_private_dir(dest.parent)
        os.replace(path, dest)  # a rename: same filesystem as the data dir (see docs)
        files.fsync_dir(path.parent)
    files.fsync_dir(aside)
    return aside


def _rebuild(settings: Settings, snapshot: str) -> tuple[int, int]:
    from appliance.memory import Memory  # memory is a layer below; imported where used

    with Memory.open(settings) as memory:
        memory.reindex(actor="cli")
        # Not inside Memory's own lock: a second flock from this process would wait on it.
        with files.StoreLock(_lock_path(settings)).held():
            memory.audit.append(actor="cli", action="restore", detail=snapshot)
        return len(memory.facts()), len(memory.proposals())
