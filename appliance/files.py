"""Durable files on an SD card that loses power without warning.

Every write goes to a temp file in the same folder, created 0600, fsynced,
renamed over the target, and the folder fsynced: a reader sees the old file or
the new one, never half of either. Temp names start with a dot and end in
`.tmp`, so nothing that lists `*.md` can mistake one for a fact.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import secrets
import threading
from collections.abc import Iterator
from pathlib import Path

from appliance.errors import DiskFull, is_disk_full

PRIVATE = 0o600
TEMP_SUFFIX = ".tmp"


def ensure_private_dir(path: Path) -> None:
    """Create a folder (and parents) that only the appliance's user can read."""
    path.mkdir(mode=0o700, parents=True, exist_ok=True)


def create_private_file(path: Path) -> None:
    """Create an empty file 0600 from the start, in a 0700 folder (an existing one is kept).

    SQLite gives its journal and WAL files the database file's mode, so a
    database created this way never has a moment readable by others.
    """
    ensure_private_dir(path.parent)
    with contextlib.suppress(FileExistsError):
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, PRIVATE))


def fsync_dir(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def temp_path_for(target: Path) -> Path:
    return target.with_name(f".{target.name}.{secrets.token_hex(4)}{TEMP_SUFFIX}")


def write_temp(target: Path, data: bytes) -> Path:
    """Write data to a fresh 0600 temp file beside target and fsync it; return its path.

    A full disk raises DiskFull, with the temp file gone: nothing was changed.
    """
    temp = temp_path_for(target)
    try:
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, PRIVATE)
    except OSError as exc:
        if is_disk_full(exc):
            raise DiskFull(target.parent) from exc
        raise
    try:
        view = memoryview(data)
        while view:
            written = os.write(fd, view)
            view = view[written:]
        os.fsync(fd)
    except BaseException as exc:
        os.close(fd)
        with contextlib.suppress(OSError):
            temp.unlink()
        if is_disk_full(exc):
            raise DiskFull(target.parent) from exc
        raise
    os.close(fd)
    return temp


def commit_temp(temp: Path, target: Path) -> None:
    """Move a written temp file over its target, durably."""
    os.replace(temp, target)
    fsync_dir(target.parent)


def write_private(path: Path, data: bytes) -> None:
    """A whole file, 0600 from its first byte, renamed into place: a power cut leaves the
    old file or the new one. Its folder is made 0700 if it is missing (root's .ssh)."""
    ensure_private_dir(path.parent)
    commit_temp(write_temp(path, data), path)


def discard_temp(temp: Path) -> None:
    with contextlib.suppress(OSError):
        temp.unlink()


def remove_durably(path: Path) -> None:
    path.unlink()
    fsync_dir(path.parent)


def stale_temp_files(folder: Path) -> list[Path]:
    """Temp files left by a process that died mid-write: never facts, safe to delete."""
    if not folder.is_dir():
        return []
    # Names are filtered before any Path is made: at 100,000 facts this runs on every open.
    with os.scandir(folder) as entries:
        return [
            Path(e.path) for e in entries if e.name.startswith(".") and e.name.endswith(TEMP_SUFFIX)
        ]


def _last_newline(fd: int, end: int) -> int:
    """Offset of the last newline before `end`, or -1 if there is none."""
    chunk = 1 << 16
    while end > 0:
        start = max(0, end - chunk)
        found = os.pread(fd, end - start, start).rfind(b"\n")
        if found != -1:
            return start + found
        end = start
    return -1


def _cut_torn_tail(fd: int) -> int:
    """Drop a final line that lacks its newline (an append cut off by power loss).

    Appended logs fsync each line before the change it records is committed,
    so a torn line belongs to a change that never happened. Returns the size.
    """
    size = os.fstat(fd).st_size
    if size and os.pread(fd, 1, size - 1) != b"\n":
        size = _last_newline(fd, size) + 1
        os.ftruncate(fd, size)
        os.fsync(fd)
    return size


def read_last_line(path: Path) -> str | None:
    """The last complete line of a log (torn tail cut first), or None if empty."""
    try:
        fd = os.open(path, os.O_RDWR | os.O_CLOEXEC)
    except FileNotFoundError:
        return None
    try:
        size = _cut_torn_tail(fd)
        if size == 0:
            return None
        begin = _last_newline(fd, size - 1) + 1
        return os.pread(fd, size - begin, begin).decode("utf-8", errors="replace")
    finally:
        os.close(fd)


def append_line(path: Path, line: str) -> None:
    """Append one line durably to a 0600 log (created if missing). Callers hold the lock."""
    try:
        fd = os.open(path, os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_CLOEXEC, PRIVATE)
    except OSError as exc:
        if is_disk_full(exc):
            raise DiskFull(path.parent) from exc
        raise
    try:
        size = _cut_torn_tail(fd)
        data = memoryview(line.encode("utf-8"))
        try:
            while data:
                written = os.write(fd, data)
                data = data[written:]
            os.fsync(fd)
        except OSError as exc:
            # Part of a line on a full disk would be a torn tail: take it back now.
            with contextlib.suppress(OSError):
                os.ftruncate(fd, size)
            if is_disk_full(exc):
                raise DiskFull(path.parent) from exc
            raise
    finally:
        os.close(fd)


class StoreLock:
    """One inter-process lock for every mutation of a data dir.

    The brain, the panel and the CLI are separate processes; `flock` on a file
    in the data dir serialises them, and the kernel drops it if a holder dies.
    A thread lock in front makes threads of one process wait their turn too,
    and lets a mutation call another without deadlocking itself.
    """

    def __init__(self, path: Path) -> None:
        self._path = path
        self._thread_lock = threading.RLock()
        self._depth = 0
        self._fd: int | None = None

    @contextlib.contextmanager
    def held(self) -> Iterator[None]:
        with self._thread_lock:
            if self._depth == 0:
                fd = os.open(self._path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, PRIVATE)
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX)
                except BaseException:
                    os.close(fd)
                    raise
                self._fd = fd
            self._depth += 1
            try:
                yield
            finally:
                self._depth -= 1
                if self._depth == 0 and self._fd is not None:
                    fcntl.flock(self._fd, fcntl.LOCK_UN)
                    os.close(self._fd)
                    self._fd = None
