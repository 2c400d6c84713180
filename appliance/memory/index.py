"""The recall index: a derived SQLite database beside the markdown files.

`index.sqlite` holds, for every file in memory/ and inbox/, what a reader needs
without parsing it again: the stat that says whether it changed, its content
hash, its fingerprint (for deduplication), and for a fact every field. Facts
that recall may return also carry their terms (id, text and links, run through
the store's own tokenizer and stop list) and, when an embedding model is
installed, a vector.

Each process ranks from two in-memory tables loaded from here on its first
recall and kept while nothing changes: the terms as inverted lists for BM25
(terms.py) and the vectors as one matrix (embed.py). Reading never writes.

The files stay the source of truth. Everything here can be thrown away and
rebuilt from them: a missing, corrupt or outdated index is rebuilt, never fatal.
Writers hold the store's lock, so the one connection per process writes in
short transactions; WAL lets every other process read meanwhile.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import hashlib
import json
import logging
import os
import sqlite3
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple, Protocol

from appliance.files import create_private_file
from appliance.memory.fact import Fact, Proposal
from appliance.memory.recallable import (
    RECALLABLE_STATUSES,
    is_recallable,
    sql_statuses,
    weight,
)
from appliance.memory.terms import TermTable
from appliance.memory.text import FINGERPRINT_IGNORED, STOP_WORDS, fingerprint, tokens

if TYPE_CHECKING:
    from appliance.memory.embed import VectorTable

log = logging.getLogger(__name__)

# Bump when the tables or the meaning of a column change: an index written by
# another version is rebuilt rather than trusted.
SCHEMA_VERSION = "3"
# The tokenizer is part of the index: change the stop list (or what a fingerprint
# ignores) and old terms and fingerprints lie.
TOKENIZER_VERSION = hashlib.sha256(
    (
        " ".join(sorted(STOP_WORDS)) + "|light-stem-1|" + " ".join(sorted(FINGERPRINT_IGNORED))
    ).encode("utf-8")
).hexdigest()[:16]
_CORRUPT_CODES = (11, 26)  # SQLITE_CORRUPT, SQLITE_NOTADB

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS files (
    rowid INTEGER PRIMARY KEY,
    path TEXT NOT NULL UNIQUE,          -- 'memory/<id>.md' or 'inbox/<id>.md'
    folder TEXT NOT NULL,               -- memory | inbox
    id TEXT NOT NULL,
    ino INTEGER, mtime_ns INTEGER, size INTEGER,
    sha256 TEXT,                        -- of the text as read; NULL when unreadable
    fingerprint TEXT,
    problem TEXT,                       -- why the file is not a record, else NULL
    type TEXT, text TEXT, status TEXT, confidence REAL, source TEXT, links TEXT,
    pinned INTEGER, created TEXT, last_seen TEXT, valid_until TEXT, supersedes TEXT,
    kind TEXT, target TEXT,             -- proposals only
    terms TEXT                          -- what the keyword arm matches; NULL when not recallable
);
CREATE INDEX IF NOT EXISTS files_fingerprint ON files (fingerprint);
CREATE INDEX IF NOT EXISTS files_id ON files (id);
CREATE TABLE IF NOT EXISTS vectors (
    rowid INTEGER PRIMARY KEY,          -- = files.rowid
    model TEXT NOT NULL,
    vector BLOB NOT NULL                -- float32, unit length
);
"""

_FACT_COLUMNS = (
    "id, type, text, status, confidence, source, links, pinned, created, "
    "last_seen, valid_until, supersedes"
)
# What ranking needs of a fact (an Entry), read without building the Fact.
_ENTRY_COLUMNS = "f.rowid, f.id, f.status, f.confidence, f.pinned, f.valid_until"


class IndexBroken(Exception):
    """The database file is damaged; the caller rebuilds it from the files."""


class Stamp(NamedTuple):
    """What a stat says about a file: if any of it changed, the file is read again."""

    ino: int
    mtime_ns: int
    size: int

    @classmethod
    def of(cls, st: os.stat_result) -> Stamp:
        return cls(st.st_ino, st.st_mtime_ns, st.st_size)


class Entry(NamedTuple):
    """What ranking needs of a recallable fact; only the winners become `Fact`s."""

    rowid: int
    id: str
    status: str
    confidence: float
    pinned: bool
    valid_until: dt.date | None

    @classmethod
    def from_row(cls, row: Sequence[object]) -> Entry:
        rowid, fact_id, status, confidence, pinned, until = row
        return cls(
            int(rowid),
            str(fact_id),
            str(status),
            float(confidence),  # type: ignore[arg-type]
            bool(pinned),
            dt.date.fromisoformat(str(until)) if until else None,
        )


class Hit(NamedTuple):
    entry: Entry
    score: float


def fact_terms(fact: Fact) -> list[str]:
    """What recall matches a fact on: its id, its text and its links."""
    return tokens(fact.id.replace("-", " ")) + tokens(fact.text) + tokens(" ".join(fact.links))


def key_for(folder: str, record_id: str) -> str:
    return f"{folder}/{record_id}.md"


class Embedder(Protocol):
    """What the index needs of an embedding model (appliance.memory.embed has the real one)."""

    model_id: str

    def passages(self, texts: Sequence[str]) -> list[bytes]: ...

    def query(self, text: str) -> bytes: ...


class RecallIndex:
    """One connection to `index.sqlite`, opened once per process.

    Reading never writes. The semantic arm's vectors are held in memory as one
    matrix (`vector_table`) that survives reads; it is kept current by the
    `generation` counter in `meta`, which only writers move (when a row of
    memory/ changes): this process's own writes patch the matrix in place,
    another process's make the next query load it again.
    """

    def __init__(self, path: Path, embedder: Callable[[], Embedder | None] | None = None):
        self.path = path
        self._embedder_loader = embedder
        self._embedder: Embedder | None = None
        self._embedder_loaded = False
        self._vectors: VectorTable | None = None
        self._terms: TermTable | None = None
        self._question_worker: ThreadPoolExecutor | None = None
        # The last `meta.generation` seen, and the data_version it was seen at:
        # data_version moves only when another connection commits.
        self._seen: tuple[int, int] | None = None  # (data_version, generation)
        self.fresh = False  # True when this open found nothing usable: populate it
        # The web server's threads share this connection: one statement or
        # transaction at a time, so no thread reads another's half-done write.
        self._thread_lock = threading.RLock()
        self._conn = self._connect()

    # -- opening, and throwing away -------------------------------------------------

    def _connect(self) -> sqlite3.Connection:
        try:
            conn = self._try_connect()
        except sqlite3.DatabaseError as exc:
            log.warning("recall index %s is unusable (%s); rebuilding it", self.path, exc)
            self._remove_files()
            conn = self._try_connect()
        return conn

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
                conn.executescript(_SCHEMA)
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
            self._conn = self._try_connect()
            self.fresh = True

    def reopen(self) -> None:
        """Connect again: index.sqlite was deleted or replaced behind this connection."""
        with self._thread_lock:
            with contextlib.suppress(sqlite3.Error):
                self._conn.close()
            self._conn = self._connect()

    def clear(self) -> None:
        """Empty every table in place (other processes keep their connections)."""
        with self.transaction() as conn:
            conn.execute("DELETE FROM files")
            conn.execute("DELETE FROM vectors")
            self._next_generation(conn)
            self._forget_cache()

    def close(self) -> None:
        if self._question_worker is not None:
            self._question_worker.shutdown(wait=False)
            self._question_worker = None
        with contextlib.suppress(sqlite3.Error):
            self._conn.close()

    def same_file(self) -> bool:
        """False when index.sqlite was deleted or replaced behind this connection."""
        try:
            on_disk = self.path.stat().st_ino
        except FileNotFoundError:
            return False
        return on_disk == self._opened_inode

    def _run(self, work: Callable[[sqlite3.Connection], object]) -> object:
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

    # -- the generation: moved by writers only --------------------------------------------

    def generation(self) -> int:
        """A number that changes whenever a row of memory/ changes, in any process.

        A read costs one `PRAGMA data_version` (which moves only when another
        connection commits); `meta` is read only when it moved.
        """

        def work(conn: sqlite3.Connection) -> int:
            version = int(conn.execute("PRAGMA data_version").fetchone()[0])
            if self._seen is None or self._seen[0] != version:
                row = conn.execute("SELECT value FROM meta WHERE key = 'generation'").fetchone()
                self._seen = (version, int(row[0]) if row else 0)
            return self._seen[1]

        return self._run(work)  # type: ignore[return-value]

    def _next_generation(self, conn: sqlite3.Connection) -> tuple[int, int]:
        """Inside a write transaction: move the generation on; (before, after)."""
        row = conn.execute("SELECT value FROM meta WHERE key = 'generation'").fetchone()
        before = int(row[0]) if row else 0
        conn.execute(
            "INSERT OR REPLACE INTO meta (key, value) VALUES ('generation', ?)", (str(before + 1),)
        )
        version = int(conn.execute("PRAGMA data_version").fetchone()[0])
        self._seen = (version, before + 1)  # our own commit does not move data_version
        return before, before + 1

    def _forget_cache(self) -> None:
        self._vectors = None
        self._terms = None
        self._seen = None

    # -- the embedding model, loaded on first need --------------------------------------

    @property
    def embedder(self) -> Embedder | None:
        if not self._embedder_loaded:
            self._embedder_loaded = True
            if self._embedder_loader is not None:
                self._embedder = self._embedder_loader()
        return self._embedder

    def embed_question(self, text: str) -> Future[bytes]:
        """The question's vector, computed on a worker thread while the keyword arm runs.

        onnxruntime and SQLite both let go of the GIL, so the two arms overlap.
        """
        embedder = self.embedder
        assert embedder is not None
        if self._question_worker is None:
            self._question_worker = ThreadPoolExecutor(1, thread_name_prefix="hearth-question")
        return self._question_worker.submit(embedder.query, text)

    # -- writing ----------------------------------------------------------------------

    def put(
        self,
        key: str,
        record: Fact | Proposal | None,
        stamp: Stamp,
        sha256: str | None,
        *,
        problem: str | None = None,
    ) -> None:
        """Record one file as it now is on disk (in its own transaction)."""
        self.put_many([(key, record, stamp, sha256, problem)])

    def put_many(
        self, items: Iterable[tuple[str, Fact | Proposal | None, Stamp, str | None, str | None]]
    ) -> int:
        """Record many files in one transaction; embeds new facts' text in batches.

        Into an empty index (a rebuild) the rows go in bulk, with no lookups.
        """
        items = list(items)
        pending_vectors: list[tuple[int, str]] = []
        # memory/ rows this transaction changes: rowid -> (fact, terms) if it stays recallable
        changed: dict[int, tuple[Fact, str] | None] = {}
        with self.transaction() as conn:
            empty = self.fresh and conn.execute("SELECT 1 FROM files LIMIT 1").fetchone() is None
            if empty:
                rows = []
                for rowid, (key, record, stamp, sha256, problem) in enumerate(items, start=1):
                    values = _row_values(key, record, stamp, sha256, problem)
                    rows.append((rowid, *values.values()))
                    if values["terms"] is not None:
                        pending_vectors.append((rowid, _embedding_text(record)))  # type: ignore[arg-type]
                if rows:
                    conn.executemany(
                        f"INSERT INTO files (rowid, {_ROW_COLUMNS}) VALUES "
                        f"(?, {', '.join('?' * len(_ROW_NAMES))})",
                        rows,
                    )
                self._forget_cache()  # loaded whole at the first query
            else:
                for key, record, stamp, sha256, problem in items:
                    rowid, terms = self._write_row(conn, key, record, stamp, sha256, problem)
                    if terms is not None:
                        pending_vectors.append((rowid, _embedding_text(record)))  # type: ignore[arg-type]
                    if key.startswith("memory/"):
                        changed[rowid] = (record, terms) if terms is not None else None  # type: ignore[assignment]
            vectors: dict[int, bytes] = {}
            for start in range(0, len(pending_vectors), 64):
                vectors |= self._store_vectors(conn, pending_vectors[start : start + 64])
            if empty or changed:
                self._patch_tables(conn, changed, vectors)
        return len(items)

    def _write_row(
        self,
        conn: sqlite3.Connection,
        key: str,
        record: Fact | Proposal | None,
        stamp: Stamp,
        sha256: str | None,
        problem: str | None,
    ) -> tuple[int, str | None]:
        values = _row_values(key, record, stamp, sha256, problem)
        row = conn.execute(
            f"INSERT INTO files ({_ROW_COLUMNS}) VALUES ({_ROW_MARKS}) "
            f"ON CONFLICT (path) DO UPDATE SET {_ROW_UPDATES} RETURNING rowid",
            values,
        ).fetchone()
        rowid = int(row[0])
        conn.execute("DELETE FROM vectors WHERE rowid = ?", (rowid,))
        return rowid, values["terms"]  # type: ignore[return-value]

    def _store_vectors(
        self, conn: sqlite3.Connection, pending: list[tuple[int, str]]
    ) -> dict[int, bytes]:
        embedder = self.embedder if pending else None
        if embedder is None:
            return {}
        vectors = dict(
            zip(
                (rowid for rowid, _ in pending),
                embedder.passages([text for _, text in pending]),
                strict=True,
            )
        )
        conn.executemany(
            "INSERT OR REPLACE INTO vectors (rowid, model, vector) VALUES (?, ?, ?)",
            [(rowid, embedder.model_id, blob) for rowid, blob in vectors.items()],
        )
        return vectors

    def _patch_tables(
        self,
        conn: sqlite3.Connection,
        changed: dict[int, tuple[Fact, str] | None],
        vectors: dict[int, bytes],
    ) -> None:
        """Move the generation on and bring this process's in-memory tables along with it.

        A table is patched only if it was current just before this transaction
        (the write lock is held, so no other process can slip in between);
        otherwise it is dropped and loaded again when next needed.
        """
        before, after = self._next_generation(conn)
        if self._terms is not None:
            if self._terms.generation == before:
                self._terms.apply(
                    after,
                    [
                        (_entry_of(rowid, item[0]), item[1])
                        for rowid, item in changed.items()
                        if item is not None
                    ],
                    [rowid for rowid, item in changed.items() if item is None],
                )
            else:
                self._terms = None
        if self._vectors is not None:
            if self._vectors.generation == before:
                self._vectors.apply(
                    after,
                    [
                        (rowid, vectors[rowid], _entry_of(rowid, item[0]))
                        for rowid, item in changed.items()
                        if item is not None and rowid in vectors
                    ],
                    [rowid for rowid in changed if rowid not in vectors],
                )
            else:
                self._vectors = None

    def remove(self, keys: Iterable[str]) -> None:
        with self.transaction() as conn:
            removed: dict[int, tuple[Fact, str] | None] = {}
            for key in keys:
                row = conn.execute("SELECT rowid FROM files WHERE path = ?", (key,)).fetchone()
                if row is None:
                    continue
                conn.execute("DELETE FROM vectors WHERE rowid = ?", (row[0],))
                conn.execute("DELETE FROM files WHERE rowid = ?", (row[0],))
                if key.startswith("memory/"):
                    removed[int(row[0])] = None
            if removed:
                self._patch_tables(conn, removed, {})

    def embed_missing(self) -> int:
        """Give every recallable fact a vector from the current model (model installed later).

        Writes only when some fact has no vector: reading never commits.
        """
        embedder = self.embedder
        if embedder is None:
            return 0
        rows = self._run(
            lambda c: c.execute(
                f"SELECT f.rowid, {_FACT_COLUMNS} FROM files f LEFT JOIN vectors v "
                "ON v.rowid = f.rowid AND v.model = ? "
                f"WHERE f.folder = 'memory' AND {sql_statuses('f.status')} AND v.rowid IS NULL",
                (embedder.model_id,),
            ).fetchall()
        )
        if not rows:
            return 0
        pending = [(int(r[0]), _embedding_text(_fact_from_row(r[1:]))) for r in rows]  # type: ignore[union-attr]
        with self.transaction() as conn:
            for start in range(0, len(pending), 64):
                self._store_vectors(conn, pending[start : start + 64])
            self._next_generation(conn)
            self._vectors = None
        return len(pending)

    # -- notes other parts keep beside the index (the guard's stamp) -----------------------

    # Keys of `meta` this class owns; `note`/`set_note` refuse them.
    _OWN_META = frozenset({"schema", "tokenizer", "generation"})

    def note(self, key: str) -> str | None:
        """A value another part of the store keeps in `meta` (gone when the index is rebuilt)."""
        row = self._run(
            lambda c: c.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        )
        return None if row is None else str(row[0])  # type: ignore[index]

    def set_note(self, key: str, value: str | None) -> None:
        """Keep (or, with None, drop) a value in `meta`; callers hold the store lock."""
        if key in self._OWN_META:
            raise ValueError(f"meta key {key!r} belongs to the index")
        with self.transaction() as conn:
            if value is None:
                conn.execute("DELETE FROM meta WHERE key = ?", (key,))
            else:
                conn.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (key, value))

    # -- reading ----------------------------------------------------------------------------

    def known(self) -> dict[str, tuple[Stamp, str | None]]:
        """Every file the index knows: 'folder/<id>.md' -> (stamp, content hash).

        Plain tuples: at 100,000 files this runs on every open.
        """
        rows = self._run(
            lambda c: c.execute("SELECT path, ino, mtime_ns, size, sha256 FROM files").fetchall()
        )
        return {r[0]: ((r[1], r[2], r[3]), r[4]) for r in rows}  # type: ignore[union-attr,misc]

    def has_id(self, record_id: str) -> bool:
        row = self._run(
            lambda c: c.execute("SELECT 1 FROM files WHERE id = ? LIMIT 1", (record_id,)).fetchone()
        )
        return row is not None

    def facts_with_fingerprint(self, print_: str) -> list[Fact]:
        rows = self._run(
            lambda c: c.execute(
                f"SELECT {_FACT_COLUMNS} FROM files WHERE folder = 'memory' AND fingerprint = ? "
                "AND problem IS NULL ORDER BY id",
                (print_,),
            ).fetchall()
        )
        return [_fact_from_row(r) for r in rows]  # type: ignore[union-attr]

    def proposals_matching(
        self, print_: str, kind: str, target: str | None
    ) -> list[tuple[str, str]]:
        """(id, fingerprint) of inbox files with this kind and target (and, for adds, words)."""
        rows = self._run(
            lambda c: c.execute(
                "SELECT id, fingerprint FROM files WHERE folder = 'inbox' AND problem IS NULL "
                "AND kind = ? AND target IS ? AND (kind != 'add' OR fingerprint = ?) ORDER BY id",
                (kind, target, print_),
            ).fetchall()
        )
        return [(r[0], r[1]) for r in rows]  # type: ignore[union-attr]

    def count(self, folder: str | None = None) -> int:
        """Files the index holds (of one folder, 'memory' or 'inbox', if given)."""
        row = self._run(
            lambda c: c.execute(
                "SELECT count(*) FROM files WHERE ? IS NULL OR folder = ?", (folder, folder)
            ).fetchone()
        )
        return int(row[0])  # type: ignore[index]

    def problems(self, folder: str) -> dict[str, str]:
        """Record id -> problem, for files of one folder that are not a record."""
        rows = self._run(
            lambda c: c.execute(
                "SELECT id, problem FROM files WHERE folder = ? AND problem IS NOT NULL", (folder,)
            ).fetchall()
        )
        return {str(r[0]): str(r[1]) for r in rows}  # type: ignore[union-attr]

    def facts(self, rowids: Sequence[int]) -> dict[int, Fact]:
        """The facts of these rows (the winners of a ranking), by rowid."""
        if not rowids:
            return {}
        marks = ", ".join("?" * len(rowids))
        rows = self._run(
            lambda c: c.execute(
                f"SELECT rowid, {_FACT_COLUMNS} FROM files WHERE rowid IN ({marks})", list(rowids)
            ).fetchall()
        )
        return {int(r[0]): _fact_from_row(r[1:]) for r in rows}  # type: ignore[union-attr]

    def both_live_after_supersede(self) -> list[tuple[str, str]]:
        """(old id, new id) where a recallable fact names a still-recallable one in
        `supersedes`: a supersede cut off between its two commits."""
        # CROSS JOIN keeps SQLite's order: the few facts that supersede something, then
        # the old fact by its id (files_id). Left to itself the planner scanned every
        # row for every row: 10 s at 2,000 facts, at every open.
        rows = self._run(
            lambda c: c.execute(
                "SELECT o.id, n.id FROM files n CROSS JOIN json_each(n.supersedes) j "
                "CROSS JOIN files o WHERE n.folder = 'memory' AND n.supersedes != '[]' "
                f"AND {sql_statuses('n.status')} AND o.id = j.value AND o.folder = 'memory' "
                f"AND {sql_statuses('o.status')} ORDER BY o.id"
            ).fetchall()
        )
        return [(str(r[0]), str(r[1])) for r in rows]  # type: ignore[union-attr]

    def keyword(
        self,
        query: str,
        *,
        today: dt.date,
        min_confidence: float,
        limit: int,
        weighted: bool = True,
    ) -> list[Hit]:
        """BM25 over recallable facts, best first (terms.py: FTS5's k1 1.2, b 0.75).

        Weighted (the keyword-only ranking): the score is BM25 times `weight`
        (recallable.py), with pinned breaking exact ties. Unweighted is the
        keyword arm before fusion, which applies the same weight afterwards.
        """
        words = tokens(query)
        if not words:
            return []
        with self._thread_lock:  # another thread's write patches the table in place
            found = self.term_table().top(words, limit, weighted, _accepting(today, min_confidence))
        return [Hit(entry, score) for entry, score in found]

    def nearest(
        self, question: bytes, *, floor: float, today: dt.date, min_confidence: float, limit: int
    ) -> list[Hit]:
        """The semantic arm: recallable facts within `floor` cosine of the question, best first."""
        with self._thread_lock:
            table = self.vector_table()
            if table is None:
                return []
            found = table.nearest(question, floor, limit, _accepting(today, min_confidence))
        return [Hit(entry, score) for entry, score in found]

    def term_table(self) -> TermTable:
        """Every recallable fact's terms, in memory; kept current like `vector_table`."""
        with self._thread_lock:
            generation = self.generation()
            if self._terms is not None and self._terms.generation == generation:
                return self._terms
            rows = self._run(
                lambda c: c.execute(
                    f"SELECT f.terms, {_ENTRY_COLUMNS} FROM files f "
                    f"WHERE f.folder = 'memory' AND f.terms IS NOT NULL"
                ).fetchall()
            )
            self._terms = TermTable(
                generation,
                ((Entry.from_row(r[1:]), r[0]) for r in rows),  # type: ignore[union-attr]
                lambda e: weight(e.confidence, e.status),
            )
            return self._terms

    def vector_table(self) -> VectorTable | None:
        """The current model's vectors of every live or doubted fact, as one matrix.

        Kept between queries; loaded again only when another process changed
        memory/ (this process's writes patch it in place).
        """
        embedder = self.embedder
        if embedder is None:
            return None
        with self._thread_lock:
            generation = self.generation()
            if self._vectors is not None and self._vectors.generation == generation:
                return self._vectors
            if self.embed_missing():  # facts indexed before the model was installed
                generation = self.generation()
            from appliance.memory.embed import VectorTable  # numpy lives behind this import

            rows = self._run(
                lambda c: c.execute(
                    f"SELECT v.vector, {_ENTRY_COLUMNS} FROM vectors v "
                    f"JOIN files f ON f.rowid = v.rowid WHERE v.model = ? AND "
                    f"{sql_statuses('f.status')}",
                    (embedder.model_id,),
                ).fetchall()
            )
            self._vectors = VectorTable(
                generation,
                [r[0] for r in rows],  # type: ignore[union-attr]
                [Entry.from_row(r[1:]) for r in rows],
            )  # type: ignore[union-attr]
            return self._vectors


_ROW_NAMES = (
    "path",
    "folder",
    "id",
    "ino",
    "mtime_ns",
    "size",
    "sha256",
    "problem",
    "fingerprint",
    "type",
    "text",
    "status",
    "confidence",
    "source",
    "links",
    "pinned",
    "created",
    "last_seen",
    "valid_until",
    "supersedes",
    "kind",
    "target",
    "terms",
)
_ROW_COLUMNS = ", ".join(_ROW_NAMES)
_ROW_MARKS = ", ".join(f":{name}" for name in _ROW_NAMES)
_ROW_UPDATES = ", ".join(f"{name} = excluded.{name}" for name in _ROW_NAMES if name != "path")


def _row_values(
    key: str, record: Fact | Proposal | None, stamp: Stamp, sha256: str | None, problem: str | None
) -> dict[str, object]:
    """The `files` row for one file (in _ROW_NAMES order); `terms` is set if recallable."""
    folder, _, name = key.partition("/")
    values: dict[str, object] = dict.fromkeys(_ROW_NAMES)
    values.update(
        path=key,
        folder=folder,
        id=name.removesuffix(".md"),
        ino=stamp[0],
        mtime_ns=stamp[1],
        size=stamp[2],
        sha256=sha256,
        problem=problem,
    )
    if record is not None:
        values.update(
            fingerprint=fingerprint(record.text),
            type=record.type,
            text=record.text,
            confidence=record.confidence,
            source=record.source,
            links=json.dumps(list(record.links)),
        )
    if isinstance(record, Fact):
        values.update(
            status=record.status,
            pinned=int(record.pinned),
            created=record.created.isoformat(),
            last_seen=record.last_seen.isoformat(),
            valid_until=record.valid_until.isoformat() if record.valid_until else None,
            supersedes=json.dumps(list(record.supersedes)),
        )
        if record.status in RECALLABLE_STATUSES:  # expired facts stay: the date moves
            values["terms"] = " ".join(fact_terms(record))
    elif isinstance(record, Proposal):
        values.update(kind=record.kind, target=record.target)
    return values


def _accepting(today: dt.date, min_confidence: float) -> Callable[[Entry], bool]:
    """What either arm may return today: recallable (recallable.py) and sure enough."""

    def accept(entry: Entry) -> bool:
        return (
            is_recallable(entry.status, entry.valid_until, today)
            and entry.confidence >= min_confidence
        )

    return accept


def _entry_of(rowid: int, fact: Fact) -> Entry:
    return Entry(rowid, fact.id, fact.status, fact.confidence, fact.pinned, fact.valid_until)


def _embedding_text(fact: Fact) -> str:
    """What the semantic arm sees of a fact: its sentence, and its aliases."""
    if fact.links:
        return f"{fact.text} ({', '.join(fact.links)})"
    return fact.text


def _fact_from_row(row: Sequence[object]) -> Fact:
    (
        fact_id,
        type_,
        text,
        status,
        confidence,
        source,
        links,
        pinned,
        created,
        last_seen,
        valid_until,
        supersedes,
    ) = row
    return Fact(
        id=str(fact_id),
        type=str(type_),
        text=str(text),
        status=str(status),
        confidence=float(confidence),  # type: ignore[arg-type]
        source=str(source),
        links=tuple(json.loads(str(links or "[]"))),
        pinned=bool(pinned),
        created=dt.date.fromisoformat(str(created)),
        last_seen=dt.date.fromisoformat(str(last_seen)),
        valid_until=dt.date.fromisoformat(str(valid_until)) if valid_until else None,
        supersedes=tuple(json.loads(str(supersedes or "[]"))),
    )
