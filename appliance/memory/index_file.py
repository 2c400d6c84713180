"""The recall index's SQLite file: opening it, its schema, one transaction at a time.

One connection per process, shared by its threads under one lock, so no thread
reads another's half-done write; `BEGIN IMMEDIATE` transactions for writers (who
also hold the store's lock); WAL so other processes read meanwhile. A file that is
damaged, or from another schema or tokenizer version, is thrown away and started
empty (`fresh`): everything in it is rebuilt from the markdown files. A full disk
is DiskFull, never damage. RecallIndex (index.py) adds the rows and the queries.
"""

from __future__ import annotations

import contextlib
import logging
import os
import shutil
import sqlite3
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

from appliance.errors import DiskFull, is_disk_full
from appliance.files import create_private_file
from appliance.memory.index_rows import SCHEMA, SCHEMA_VERSION, TOKENIZER_VERSION
from appliance.memory.loaded import LoadedTables

log = logging.getLogger(__name__)

T = TypeVar("T")

_CORRUPT_CODES = (11, 26)  # SQLITE_CORRUPT, SQLITE_NOTADB


def _damaged(exc: sqlite3.DatabaseError) -> bool:
    """The file itself is bad (corrupt, or not a database): throw it away and rebuild.

    A DatabaseError without a code is `file is not a database` from an older SQLite.
    """
    code = getattr(exc, "sqlite_errorcode", None)
    return code is None or code & 0xFF in _CORRUPT_CODES


class IndexBroken(Exception):
    """The database file is damaged; the caller rebuilds it from the files."""


class IndexFile:
    """`index.sqlite`, opened once per process, and what was loaded from it (`loaded`),
    forgotten whenever a transaction is undone or the file is replaced."""

    def __init__(self, path: Path):
        self.path = path
        self.loaded = LoadedTables()  # the in-memory tables ranking reads
        self.fresh = False  # True when this open found nothing usable: populate it
        # The web server's threads share this connection: one statement or
        # transaction at a time, so no thread reads another's half-done write.
        self._thread_lock = threading.RLock()
        self._conn = self._connect()

    # -- opening, and throwing away -------------------------------------------------

    def _connect(self) -> sqlite3.Connection:
        try:
            try:
                conn = self._try_connect()
            except sqlite3.DatabaseError as exc:
                if self.disk_full(exc) or not _damaged(exc):
                    raise  # not damage: the index stays as it is
                log.warning("recall index %s is unusable (%s); rebuilding it", self.path, exc)
                self._remove_files()
                conn = self._try_connect()
        except (sqlite3.DatabaseError, OSError) as exc:
            if self.disk_full(exc):
                raise DiskFull(self.path.parent) from exc
            raise
        return conn

    def disk_full(self, exc: BaseException) -> bool:
        """SQLITE_FULL, ENOSPC, or an I/O error on a disk with no room left: SQLite says
        "disk I/O error" when it cannot grow its shared-memory file on a full disk."""
        if is_disk_full(exc):
            return True
        if getattr(exc, "sqlite_errorcode", 0) & 0xFF != 10:  # SQLITE_IOERR
            return False
        try:
            return shutil.disk_usage(self.path.parent).free < 1024 * 1024
        except OSError:
            return False

    def _try_connect(self) -> sqlite3.Connection:
        existed = self.path.exists()
        if not existed:
            create_private_file(self.path)  # 0600 from the start: it holds the household's words
        conn = sqlite3.connect(
            self.path, isolation_level=None, check_same_thread=False, timeout=10.0
        )
        self._opened_inode = os.stat(self.path).st_ino
        self._forget_cache()
        try:
            conn.execute("PRAGMA journal_mode = WAL")
            # A lost index transaction on power loss costs a re-read at the next
            # open, never a fact: the files were fsynced before we got here.
            conn.execute("PRAGMA synchronous = NORMAL")
            # The index holds every fact's words: a discarded proposal's row is overwritten
            # when it goes, whatever the SQLite build's default.
            conn.execute("PRAGMA secure_delete = ON")
            meta = self._meta(conn)
            expected = {"schema": SCHEMA_VERSION, "tokenizer": TOKENIZER_VERSION}
            if any(meta.get(k) != v for k, v in expected.items()):
                if meta:
                    log.info("recall index %s is from another version; rebuilding", self.path)
                conn.executescript(
                    "DROP TABLE IF EXISTS files; DROP TABLE IF EXISTS vocab; "
                    "DROP TABLE IF EXISTS terms; DROP TABLE IF EXISTS vectors; "
                    "DROP TABLE IF EXISTS totals; DROP TABLE IF EXISTS meta;"
                )
                conn.executescript(SCHEMA)
                conn.executemany(
                    "INSERT INTO meta (key, value) VALUES (?, ?)",
                    [*expected.items(), ("generation", "0")],
                )
                self.fresh = True
        except BaseException:
            conn.close()
            raise
        return conn

    @staticmethod
    def _meta(conn: sqlite3.Connection) -> dict[str, str]:
        try:
            return dict(conn.execute("SELECT key, value FROM meta").fetchall())
        except sqlite3.OperationalError:
            return {}  # no meta table: a new or foreign file

    def _remove_files(self) -> None:
        for suffix in ("", "-wal", "-shm"):
            with contextlib.suppress(FileNotFoundError):
                os.unlink(f"{self.path}{suffix}")

    def rebuild_empty(self) -> None:
        """Throw the database away and start an empty one (after damage)."""
        with self._thread_lock:
            with contextlib.suppress(sqlite3.Error):
                self._conn.close()
            self._remove_files()
            try:
                self._conn = self._try_connect()
            except (sqlite3.DatabaseError, OSError) as exc:
                if self.disk_full(exc):
                    raise DiskFull(self.path.parent) from exc
                raise
            self.fresh = True

    def reopen(self) -> None:
        """Connect again: index.sqlite was deleted or replaced behind this connection."""
        with self._thread_lock:
            with contextlib.suppress(sqlite3.Error):
                self._conn.close()
            self._conn = self._connect()

    def close(self) -> None:
        with contextlib.suppress(sqlite3.Error):
            self._conn.close()

    def same_file(self) -> bool:
        """False when index.sqlite was deleted or replaced behind this connection."""
        try:
            on_disk = self.path.stat().st_ino
        except FileNotFoundError:
            return False
        return on_disk == self._opened_inode

    def _run(self, work: Callable[[sqlite3.Connection], T]) -> T:
        try:
            with self._thread_lock:
                return work(self._conn)
        except sqlite3.DatabaseError as exc:
            if getattr(exc, "sqlite_errorcode", 0) & 0xFF in _CORRUPT_CODES:
                raise IndexBroken(str(exc)) from exc
            raise

    @contextlib.contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """One write transaction; callers hold the store lock."""
        with self._thread_lock:
            yield from self._transaction()

    def _transaction(self) -> Iterator[sqlite3.Connection]:
        try:
            self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield self._conn
            except BaseException:
                self._conn.execute("ROLLBACK")
                self._forget_cache()  # a patch applied before the failure is undone
                raise
            self._conn.execute("COMMIT")
        except sqlite3.DatabaseError as exc:
            self._forget_cache()
            if getattr(exc, "sqlite_errorcode", 0) & 0xFF in _CORRUPT_CODES:
                raise IndexBroken(str(exc)) from exc
            raise

    def _forget_cache(self) -> None:
        self.loaded.forget()

    # -- notes other parts keep beside the index (the guard's stamp) -----------------------

    # Keys of `meta` this class owns; `note`/`set_note` refuse them.
    _OWN_META = frozenset({"schema", "tokenizer", "generation"})

    def note(self, key: str) -> str | None:
        """A value another part of the store keeps in `meta` (gone when the index is rebuilt)."""
        row = self._run(
            lambda c: c.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        )
        return None if row is None else str(row[0])

    def set_note(self, key: str, value: str | None) -> None:
        """Keep (or, with None, drop) a value in `meta`; callers hold the store lock."""
        if key in self._OWN_META:
            raise ValueError(f"meta key {key!r} belongs to the index")
        with self.transaction() as conn:
            if value is None:
                conn.execute("DELETE FROM meta WHERE key = ?", (key,))
            else:
                conn.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (key, value))
