"""Snapshots of the household's data, and reading one back.

A snapshot is one gzip-compressed tar file, `hearth-backup-<UTC time>.tar.gz`, 0600,
written to a temp file and renamed, holding:

    memory/*.md  inbox/*.md            the configured memory and inbox folders
    recipes/*.md  recipes/proposed/*.md  the cookbook: kept recipes, and those waiting
    tombstones.jsonl  audit.jsonl      the refusal record and the hash-chained log
    recipe-tombstones.jsonl            the recipes a person discarded or removed
    audit.head  household.md           (each when present)
    state/*.sqlite                     chats, timers, lists: SQLite's online backup
    MANIFEST.json  MANIFEST.sha256     every member's size and sha256, then the manifest's

Not in it: the models (reinstalled with the package), the recall index (derived:
rebuilt on restore), the LAN token and the audit key (secrets of this box: a restore
keeps the box's own, and a snapshot holding any other name is refused), board.png.

The memory files are copied under the store's inter-process lock, so no mutation is
half-seen; the databases through SQLite's backup API, so a writer may keep writing.
The checksums find a truncated or altered snapshot; they are not a signature (anyone
who can write the file can rewrite its manifest), so a restore does not trust what it
unpacks either: `check_snapshot` bounds every member's size from the tar headers before
a byte is written, `extract_snapshot` streams and hashes each member, and
`appliance.service.restore` guards what it puts back (restore.py says how).
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
from typing import IO, TYPE_CHECKING

from appliance import files
from appliance.config import Settings
from appliance.errors import HearthError
from appliance.service.backup_place import backup_place

if TYPE_CHECKING:
    pass

log = logging.getLogger(__name__)

FORMAT = 1
PREFIX = "hearth-backup-"
SUFFIX = ".tar.gz"
MANIFEST = "MANIFEST.json"
MANIFEST_SUM = "MANIFEST.sha256"
# Files at the top of the data dir that hold household content: the only top-level names
# a snapshot holds or a restore writes (never web.token, the audit key, the index).
TOP_FILES = (
    "tombstones.jsonl",
    "audit.jsonl",
    "audit.head",
    "household.md",
    "recipe-tombstones.jsonl",
)
# The cookbook's folders in the data dir (appliance/cookbook/book.py), each with its name in
# a snapshot: the recipes a person kept, and those waiting for Keep.
RECIPE_FOLDERS = ("recipes", "recipes/proposed")
_NAME = re.compile(
    r"^(memory|inbox)/[^/]+\.md$|^recipes/(proposed/)?[^/]+\.md$|^state/[^/]+\.sqlite$|^("
    + "|".join(re.escape(name) for name in TOP_FILES)
    + r")$"
)
# What a snapshot may unpack to, checked from its headers before a byte is written. A
# household's data is far smaller (facts are a sentence each, chats are swept after a
# week); the caps are what stop a small archive that inflates to gigabytes.
MAX_NOTE_BYTES = 1024 * 1024  # a fact, a proposal or household.md
MAX_LOG_BYTES = 256 * 1024 * 1024  # audit.jsonl, tombstones.jsonl, each state/*.sqlite
MAX_TOTAL_BYTES = 512 * 1024 * 1024
MAX_MEMBERS = 200_000
CHUNK = 1024 * 1024


class BackupError(HearthError):
    """A snapshot could not be written, or is not one Hearth can put back."""


@dataclass(frozen=True)
class Snapshot:
    path: Path
    files: int
    size: int


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
        (settings.memory_path, "memory"),
        (settings.inbox_path, "inbox"),
    ):
        yield from _markdown(folder, label)
    for label in RECIPE_FOLDERS:
        yield from _markdown(Path(settings.data_dir) / label, label)
    for name in TOP_FILES:
        path = Path(settings.data_dir) / name
        if path.is_file() and not path.is_symlink():
            yield name, path.read_bytes()


def _markdown(folder: Path, label: str) -> Iterator[tuple[str, bytes]]:
    if not folder.is_dir():
        return
    for path in sorted(folder.glob("*.md")):
        if path.is_file() and not path.is_symlink():
            yield f"{label}/{path.name}", path.read_bytes()


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


# -- reading a snapshot: every check before anything is written ------------------------


@dataclass(frozen=True)
class Member:
    """One file a snapshot holds, as its manifest states it."""

    name: str
    size: int
    sha256: str


def check_snapshot(path: Path) -> dict[str, Member]:
    """The snapshot's members as its manifest lists them, checked; else BackupError.

    Reads only the tar headers and the manifest (a member's data is decompressed
    and dropped as the archive is walked, never held): every name must be one a
    snapshot holds, every size within its kind's cap and the total within
    MAX_TOTAL_BYTES, and the manifest must list exactly the members with exactly
    their sizes. A header that breaks a cap stops the walk before its data is read.
    """
    path = Path(path)
    sizes: dict[str, int] = {}
    body: bytes | None = None
    stated = ""
    total = 0
    try:
        with tarfile.open(path, mode="r:gz") as tar:
            for info in tar:
                name = info.name
                if not info.isfile() or info.issparse() or not _safe_name(name) or name in sizes:
                    raise BackupError(
                        f"{path.name} holds {name!r}, which no Hearth snapshot does; "
                        "not restoring it"
                    )
                cap = member_cap(name)
                if info.size > cap:
                    raise BackupError(
                        f"{path.name}: {name} would be {info.size:,} bytes, and a snapshot's "
                        f"{_kind(name)} is at most {cap:,}; not restoring it (nothing was "
                        "written)"
                    )
                total += info.size
                if total > MAX_TOTAL_BYTES or len(sizes) >= MAX_MEMBERS:
                    raise BackupError(
                        f"{path.name} would unpack to more than {MAX_TOTAL_BYTES:,} bytes "
                        f"or {MAX_MEMBERS:,} files, more than any household's data; not "
                        "restoring it (nothing was written)"
                    )
                sizes[name] = info.size
                if name in (MANIFEST, MANIFEST_SUM):
                    handle = tar.extractfile(info)
                    assert handle is not None  # a regular file always has one
                    data = handle.read(cap + 1)
                    if name == MANIFEST:
                        body = data
                    else:
                        stated = data.decode("ascii", "replace").strip()
    except BackupError:
        raise
    except FileNotFoundError:
        raise BackupError(f"no snapshot at {path}") from None
    except (tarfile.TarError, EOFError, OSError, ValueError) as exc:
        raise BackupError(
            f"{path.name} is truncated or damaged ({exc}); not restoring it"
        ) from None
    if body is None:
        raise BackupError(f"{path.name} has no manifest: truncated, or not a Hearth snapshot")
    if hashlib.sha256(body).hexdigest() != stated:
        raise BackupError(
            f"{path.name}: its manifest does not match its checksum; "
            "the snapshot was altered or damaged"
        )
    listed = _manifest(path, body)
    sizes.pop(MANIFEST)
    sizes.pop(MANIFEST_SUM, None)
    if set(listed) != set(sizes):
        missing = sorted(set(listed) - set(sizes))
        extra = sorted(set(sizes) - set(listed))
        raise BackupError(
            f"{path.name} does not match its manifest (missing {missing}, "
            f"unlisted {extra}); not restoring it"
        )
    for name, member in listed.items():
        if member.size != sizes[name]:
            raise BackupError(
                f"{path.name}: {name} is {sizes[name]:,} bytes but its manifest says "
                f"{member.size:,}; the snapshot was altered or damaged"
            )
    return listed


def _manifest(path: Path, body: bytes) -> dict[str, Member]:
    try:
        manifest = json.loads(body)
        if manifest.get("format") != FORMAT:
            raise BackupError(
                f"{path.name} is snapshot format {manifest.get('format')}; "
                f"this Hearth reads format {FORMAT}"
            )
        listed = {
            name: Member(name, entry["size"], entry["sha256"])
            for name, entry in manifest["files"].items()
        }
    except (ValueError, KeyError, TypeError, AttributeError):
        raise BackupError(f"{path.name}: its manifest is unreadable") from None
    for member in listed.values():
        if (
            isinstance(member.size, bool)
            or not isinstance(member.size, int)
            or not isinstance(member.sha256, str)
        ):
            raise BackupError(f"{path.name}: its manifest is unreadable")
    return listed


def extract_snapshot(path: Path, listed: dict[str, Member], into: Path) -> None:
    """Stream each listed member into the folder `into`, checked as it goes; else BackupError.

    `listed` is what `check_snapshot` returned. Each member is written in pieces,
    counted and hashed on the way: one that runs past its stated size, ends short
    or does not match its checksum stops the extraction. The caller removes `into`
    on failure; nothing outside it is written.
    """
    path = Path(path)
    seen: set[str] = set()
    try:
        with tarfile.open(path, mode="r:gz") as tar:
            for info in tar:
                member = listed.get(info.name)
                if member is None:
                    continue  # the manifest and its checksum: checked already
                if info.name in seen or info.size != member.size:
                    raise BackupError(f"{path.name} changed while it was being restored")
                seen.add(info.name)
                handle = tar.extractfile(info)
                assert handle is not None
                _stream(path, member, handle, into / member.name)
    except BackupError:
        raise
    except (tarfile.TarError, EOFError, ValueError) as exc:
        raise BackupError(
            f"{path.name} is truncated or damaged ({exc}); not restoring it"
        ) from None
    except OSError as exc:
        raise BackupError(
            f"could not unpack {path.name} ({exc.strerror or exc}); nothing was restored"
        ) from None
    if seen != set(listed):
        raise BackupError(f"{path.name} changed while it was being restored")


def _stream(snapshot: Path, member: Member, source: IO[bytes], target: Path) -> None:
    files.ensure_private_dir(target.parent)
    digest = hashlib.sha256()
    written = 0
    fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, files.PRIVATE)
    with os.fdopen(fd, "wb") as out:
        while piece := source.read(CHUNK):
            written += len(piece)
            if written > member.size:
                raise BackupError(
                    f"{snapshot.name}: {member.name} runs past the {member.size:,} bytes its "
                    "manifest states; not restoring it"
                )
            digest.update(piece)
            out.write(piece)
    if written != member.size or digest.hexdigest() != member.sha256:
        raise BackupError(
            f"{snapshot.name}: {member.name} does not match its checksum; "
            "the snapshot was altered or damaged"
        )


def read_snapshot(path: Path) -> dict[str, bytes]:
    """Every member of a snapshot, checked against its manifest; else BackupError.

    For looking inside one (tests, tools): the members pass every check of a
    restore first, so what is read is bounded by MAX_TOTAL_BYTES.
    """
    listed = check_snapshot(path)
    with tempfile.TemporaryDirectory(prefix="hearth-snapshot-") as scratch:
        extract_snapshot(path, listed, Path(scratch))
        return {name: (Path(scratch) / name).read_bytes() for name in listed}


def member_cap(name: str) -> int:
    """The most bytes a member of this name may hold (MANIFEST and its checksum included)."""
    if name == MANIFEST:
        return MAX_MEMBERS * 200  # a line of name, size and sha256 per member
    if name in (MANIFEST_SUM, "audit.head"):
        return 4096
    if name.endswith(".md"):
        return MAX_NOTE_BYTES  # a recipe too: a paste is at most 40 000 characters
    return MAX_LOG_BYTES  # audit.jsonl, the two tombstone logs, state/*.sqlite


def _kind(name: str) -> str:
    if name.startswith("recipes/"):
        return "waiting recipe" if name.startswith("recipes/proposed/") else "recipe"
    folder = name.partition("/")[0]
    return {"memory": "fact", "inbox": "proposal", "state": "database"}.get(folder, name)


def _safe_name(name: str) -> bool:
    pure = PurePosixPath(name)
    return (
        not pure.is_absolute()
        and ".." not in pure.parts
        and name == pure.as_posix()
        and (name in (MANIFEST, MANIFEST_SUM) or bool(_NAME.match(name)))
    )
