"""The recall index: a derived SQLite database beside the markdown files.

`index.sqlite` holds, for every file in memory/ and inbox/, what a reader needs
without parsing it again: the stat that says whether it changed, its content
hash, its fingerprint (for deduplication), and for a fact every field. Facts
that recall may return also sit in an FTS5 table of their terms (id, text and
links, run through the store's own tokenizer and stop list), and, when an
embedding model is installed, a vector per fact.

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
import math
import os
import sqlite3
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple, Protocol

from appliance.memory.fact import Fact, Proposal
from appliance.memory.text import FINGERPRINT_IGNORED, STOP_WORDS, fingerprint, tokens

log = logging.getLogger(__name__)

# Bump when the tables or the meaning of a column change: an index written by
# another version is rebuilt rather than trusted.
SCHEMA_VERSION = "2"
# The tokenizer is part of the index: change the stop list (or what a fingerprint
# ignores) and old terms and fingerprints lie.
TOKENIZER_VERSION = hashlib.sha256(
    (" ".join(sorted(STOP_WORDS)) + "|light-stem-1|" + " ".join(sorted(FINGERPRINT_IGNORED))
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
    nterms INTEGER                      -- terms in the FTS5 row; NULL when not recallable
);
CREATE INDEX IF NOT EXISTS files_fingerprint ON files (fingerprint);
CREATE INDEX IF NOT EXISTS files_id ON files (id);
CREATE VIRTUAL TABLE IF NOT EXISTS terms USING fts5 (words, tokenize = 'ascii');
CREATE VIRTUAL TABLE IF NOT EXISTS vocab USING fts5vocab (terms, row);
-- FTS5's own row count and token total, kept beside it so BM25 can be computed outside it.
CREATE TABLE IF NOT EXISTS totals (docs INTEGER NOT NULL, tokens INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS vectors (
    rowid INTEGER PRIMARY KEY,          -- = files.rowid
    model TEXT NOT NULL,
    vector BLOB NOT NULL                -- float32, unit length
);
"""

_FACT_COLUMNS = ("id, type, text, status, confidence, source, links, pinned, created, "
                 "last_seen, valid_until, supersedes")  # fmt: skip
_RECALLABLE = "('live', 'doubted')"


K1 = 1.2  # FTS5's bm25() constants, which the rarest-first path repeats exactly
B = 0.75
# Facts the rarest-first path may score in Python before handing over to FTS5.
_PRUNE_BUDGET = 400
_PRUNE_FLOOR = 300  # below this many matches in all, FTS5 ranking them is quicker
_F_COLUMNS = ", ".join("f." + c.strip() for c in _FACT_COLUMNS.split(","))
_F_FILTERS = (f"f.status IN {_RECALLABLE} AND f.confidence >= ? "
              "AND (f.valid_until IS NULL OR f.valid_until >= ?)")  # fmt: skip


def _idf(docs: int, containing: int) -> float:
    """FTS5's idf: log((N - n + 0.5) / (n + 0.5)), floored at 1e-6 for very common words."""
    value = math.log((docs - containing + 0.5) / (containing + 0.5))
    return value if value > 0 else 1e-6


def _saturation(count: int, length: float, average: float) -> float:
    return count * (K1 + 1) / (count + K1 * (1 - B + B * length / average))


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


@dataclass(frozen=True)
class Hit:
    fact: Fact
    score: float


def fact_terms(fact: Fact) -> list[str]:
    """What recall matches a fact on: its id, its text and its links."""
    return tokens(fact.id.replace("-", " ")) + tokens(fact.text) + tokens(" ".join(fact.links))


def match_expression(query: str) -> str | None:
    """An FTS5 query for any content word of a question, or None if it has none.

    The store's tokenizer yields only [a-z0-9] words, so quoting each is safe.
    """
    words = list(dict.fromkeys(tokens(query)))
    return " OR ".join(f'"{w}"' for w in words) if words else None


def key_for(folder: str, record_id: str) -> str:
    return f"{folder}/{record_id}.md"


class Embedder(Protocol):
    """What the index needs of an embedding model (appliance.memory.embed has the real one)."""

    model_id: str

    def passages(self, texts: Sequence[str]) -> list[bytes]: ...

    def query(self, text: str) -> bytes: ...


class RecallIndex:
    """One connection to `index.sqlite`, opened once per process."""

    def __init__(self, path: Path, embedder: Callable[[], Embedder | None] | None = None):
        self.path = path
        self._embedder_loader = embedder
        self._embedder: Embedder | None = None
        self._embedder_loaded = False
        self._vector_cache: tuple[tuple[int, int], object] | None = None
        self._generation = 0
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
            # Created 0600 from the start: it holds the household's words.
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
            os.close(fd)
        conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False,
                               timeout=10.0)  # fmt: skip
        self._opened_inode = os.stat(self.path).st_ino
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
                conn.execute("INSERT INTO totals (docs, tokens) VALUES (0, 0)")
                conn.executemany("INSERT INTO meta (key, value) VALUES (?, ?)",
                                 expected.items())  # fmt: skip
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
        with contextlib.suppress(sqlite3.Error):
            self._conn.close()
        self._remove_files()
        self._conn = self._try_connect()
        self.fresh = True
        self._changed()

    def reopen(self) -> None:
        """Connect again: index.sqlite was deleted or replaced behind this connection."""
        with self._thread_lock:
            with contextlib.suppress(sqlite3.Error):
                self._conn.close()
            self._conn = self._connect()
            self._changed()

    def clear(self) -> None:
        """Empty every table in place (other processes keep their connections)."""
        with self.transaction():
            self._conn.execute("DELETE FROM files")
            self._conn.execute("DELETE FROM terms")
            self._conn.execute("DELETE FROM vectors")
            self._conn.execute("UPDATE totals SET docs = 0, tokens = 0")

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
                raise
            self._conn.execute("COMMIT")
        except sqlite3.DatabaseError as exc:
            if getattr(exc, "sqlite_errorcode", 0) & 0xFF in _CORRUPT_CODES:
                raise IndexBroken(str(exc)) from exc
            raise
        finally:
            self._changed()

    def _changed(self) -> None:
        self._generation += 1

    # -- the embedding model, loaded on first need --------------------------------------

    @property
    def embedder(self) -> Embedder | None:
        if not self._embedder_loaded:
            self._embedder_loaded = True
            if self._embedder_loader is not None:
                self._embedder = self._embedder_loader()
        return self._embedder

    # -- writing ----------------------------------------------------------------------

    def put(self, key: str, record: Fact | Proposal | None, stamp: Stamp, sha256: str | None,
            *, problem: str | None = None) -> None:  # fmt: skip
        """Record one file as it now is on disk (in its own transaction)."""
        self.put_many([(key, record, stamp, sha256, problem)])

    def put_many(self, items: Iterable[tuple[str, Fact | Proposal | None, Stamp, str | None,
                                             str | None]]) -> int:  # fmt: skip
        """Record many files in one transaction; embeds new facts' text in batches.

        Into an empty index (a rebuild) the rows go in bulk, with no lookups.
        """
        items = list(items)
        pending_vectors: list[tuple[int, str]] = []
        totals = [0, 0]  # change in FTS5 rows and tokens, written once at the end
        with self.transaction() as conn:
            empty = self.fresh and conn.execute("SELECT 1 FROM files LIMIT 1").fetchone() is None
            if empty:
                rows, words = [], []
                for rowid, (key, record, stamp, sha256, problem) in enumerate(items, start=1):
                    values, terms = _row_values(key, record, stamp, sha256, problem)
                    rows.append((rowid, *values.values()))
                    if terms is not None:
                        words.append((rowid, " ".join(terms)))
                        totals[0] += 1
                        totals[1] += len(terms)
                        pending_vectors.append((rowid, _embedding_text(record)))  # type: ignore[arg-type]
                if rows:
                    conn.executemany(f"INSERT INTO files (rowid, {_ROW_COLUMNS}) VALUES "
                                     f"(?, {', '.join('?' * len(_ROW_NAMES))})", rows)  # fmt: skip
                conn.executemany("INSERT INTO terms (rowid, words) VALUES (?, ?)", words)
            else:
                for key, record, stamp, sha256, problem in items:
                    rowid, terms = self._write_row(conn, key, record, stamp, sha256, problem,
                                                   totals)  # fmt: skip
                    if terms is not None:
                        pending_vectors.append((rowid, _embedding_text(record)))  # type: ignore[arg-type]
            for start in range(0, len(pending_vectors), 64):
                self._store_vectors(conn, pending_vectors[start:start + 64])
            if totals != [0, 0]:
                conn.execute("UPDATE totals SET docs = docs + ?, tokens = tokens + ?", totals)
        return len(items)

    def _write_row(self, conn: sqlite3.Connection, key: str, record: Fact | Proposal | None,
                   stamp: Stamp, sha256: str | None, problem: str | None,
                   totals: list[int]) -> tuple[int, list[str] | None]:  # fmt: skip
        values, words = _row_values(key, record, stamp, sha256, problem)
        old = conn.execute("SELECT rowid, nterms FROM files WHERE path = ?", (key,)).fetchone()
        row = conn.execute(
            f"INSERT INTO files ({_ROW_COLUMNS}) VALUES ({_ROW_MARKS}) "
            f"ON CONFLICT (path) DO UPDATE SET {_ROW_UPDATES} RETURNING rowid",
            values,
        ).fetchone()
        rowid = int(row[0])
        if old is not None:
            if old[1] is not None:
                conn.execute("DELETE FROM terms WHERE rowid = ?", (rowid,))
                totals[0] -= 1
                totals[1] -= old[1]
            conn.execute("DELETE FROM vectors WHERE rowid = ?", (rowid,))
        if words is not None:
            conn.execute("INSERT INTO terms (rowid, words) VALUES (?, ?)",
                         (rowid, " ".join(words)))  # fmt: skip
            totals[0] += 1
            totals[1] += len(words)
        return rowid, words

    def _store_vectors(self, conn: sqlite3.Connection, pending: list[tuple[int, str]]) -> None:
        embedder = self.embedder if pending else None
        if embedder is None:
            return
        vectors = embedder.passages([text for _, text in pending])
        conn.executemany(
            "INSERT OR REPLACE INTO vectors (rowid, model, vector) VALUES (?, ?, ?)",
            [(rowid, embedder.model_id, blob)
             for (rowid, _), blob in zip(pending, vectors, strict=True)],
        )  # fmt: skip

    def remove(self, keys: Iterable[str]) -> None:
        with self.transaction() as conn:
            for key in keys:
                row = conn.execute("SELECT rowid, nterms FROM files WHERE path = ?",
                                   (key,)).fetchone()  # fmt: skip
                if row is None:
                    continue
                if row[1] is not None:
                    conn.execute("DELETE FROM terms WHERE rowid = ?", (row[0],))
                    conn.execute("UPDATE totals SET docs = docs - 1, tokens = tokens - ?",
                                 (row[1],))  # fmt: skip
                conn.execute("DELETE FROM vectors WHERE rowid = ?", (row[0],))
                conn.execute("DELETE FROM files WHERE rowid = ?", (row[0],))

    def embed_missing(self) -> int:
        """Give every recallable fact a vector from the current model (model installed later)."""
        embedder = self.embedder
        if embedder is None:
            return 0
        rows = self._run(lambda c: c.execute(
            f"SELECT f.rowid, {_FACT_COLUMNS} FROM files f LEFT JOIN vectors v "
            "ON v.rowid = f.rowid AND v.model = ? "
            f"WHERE f.folder = 'memory' AND f.status IN {_RECALLABLE} AND v.rowid IS NULL",
            (embedder.model_id,)).fetchall())  # fmt: skip
        pending = [(int(r[0]), _embedding_text(_fact_from_row(r[1:]))) for r in rows]  # type: ignore[union-attr]
        with self.transaction() as conn:
            for start in range(0, len(pending), 64):
                self._store_vectors(conn, pending[start:start + 64])
        return len(pending)

    # -- reading ----------------------------------------------------------------------------

    def known(self) -> dict[str, tuple[Stamp, str | None]]:
        """Every file the index knows: 'folder/<id>.md' -> (stamp, content hash).

        Plain tuples: at 100,000 files this runs on every open.
        """
        rows = self._run(lambda c: c.execute(
            "SELECT path, ino, mtime_ns, size, sha256 FROM files").fetchall())
        return {r[0]: ((r[1], r[2], r[3]), r[4]) for r in rows}  # type: ignore[union-attr,misc]

    def has_id(self, record_id: str) -> bool:
        row = self._run(lambda c: c.execute(
            "SELECT 1 FROM files WHERE id = ? LIMIT 1", (record_id,)).fetchone())
        return row is not None

    def facts_with_fingerprint(self, print_: str) -> list[Fact]:
        rows = self._run(lambda c: c.execute(
            f"SELECT {_FACT_COLUMNS} FROM files WHERE folder = 'memory' AND fingerprint = ? "
            "AND problem IS NULL ORDER BY id", (print_,)).fetchall())  # fmt: skip
        return [_fact_from_row(r) for r in rows]  # type: ignore[union-attr]

    def proposals_matching(self, print_: str, kind: str,
                           target: str | None) -> list[tuple[str, str]]:  # fmt: skip
        """(id, fingerprint) of inbox files with this kind and target (and, for adds, words)."""
        rows = self._run(lambda c: c.execute(
            "SELECT id, fingerprint FROM files WHERE folder = 'inbox' AND problem IS NULL "
            "AND kind = ? AND target IS ? AND (kind != 'add' OR fingerprint = ?) ORDER BY id",
            (kind, target, print_)).fetchall())  # fmt: skip
        return [(r[0], r[1]) for r in rows]  # type: ignore[union-attr]

    def count(self, folder: str | None = None) -> int:
        """Files the index holds (of one folder, 'memory' or 'inbox', if given)."""
        row = self._run(lambda c: c.execute(
            "SELECT count(*) FROM files WHERE ? IS NULL OR folder = ?", (folder, folder)
        ).fetchone())  # fmt: skip
        return int(row[0])  # type: ignore[index]

    def problems(self, folder: str) -> dict[str, str]:
        """Record id -> problem, for files of one folder that are not a record."""
        rows = self._run(lambda c: c.execute(
            "SELECT id, problem FROM files WHERE folder = ? AND problem IS NOT NULL",
            (folder,)).fetchall())  # fmt: skip
        return {str(r[0]): str(r[1]) for r in rows}  # type: ignore[union-attr]

    def both_live_after_supersede(self) -> list[tuple[str, str]]:
        """(old id, new id) where a recallable fact names a still-recallable one in
        `supersedes`: a supersede cut off between its two commits."""
        rows = self._run(lambda c: c.execute(
            "SELECT o.id, n.id FROM files n, json_each(n.supersedes) j "
            "JOIN files o ON o.folder = 'memory' AND o.id = j.value "
            f"WHERE n.folder = 'memory' AND n.supersedes != '[]' AND n.status IN {_RECALLABLE} "
            f"AND o.status IN {_RECALLABLE} ORDER BY o.id").fetchall())  # fmt: skip
        return [(str(r[0]), str(r[1])) for r in rows]  # type: ignore[union-attr]

    def keyword(self, query: str, *, today: dt.date, min_confidence: float, limit: int,
                weighted: bool = True) -> list[Hit]:  # fmt: skip
        """BM25 over recallable facts, best first (FTS5's bm25: k1 1.2, b 0.75).

        Weighted (the keyword-only ranking): the score is BM25 times confidence,
        halved for a doubted fact, with pinned breaking exact ties. Unweighted is
        the keyword arm before fusion, which applies the same weights afterwards.

        A question usually holds one selective word. The facts holding the rarest
        words are scored first; once no fact without them could reach the k-th
        score (each remaining word can add at most its own bound), the answer is
        exact without touching the common words' long lists. Otherwise FTS5 ranks
        every match. Both ways give the same facts in the same order.
        """
        words = list(dict.fromkeys(tokens(query)))
        if not words:
            return []
        filters = (min_confidence, today.isoformat())
        pruned = self._keyword_rarest_first(words, filters, limit, weighted)
        if pruned is not None:
            return pruned
        return self._keyword_every_match(words, filters, limit, weighted)

    def _keyword_every_match(self, words: list[str], filters: tuple[float, str], limit: int,
                             weighted: bool) -> list[Hit]:  # fmt: skip
        weight = ("* f.confidence * (CASE f.status WHEN 'doubted' THEN 0.5 ELSE 1.0 END)"
                  if weighted else "")  # fmt: skip
        sql = (
            f"SELECT {_F_COLUMNS}, -bm25(terms) {weight} AS score "
            "FROM terms JOIN files f ON f.rowid = terms.rowid "
            f"WHERE terms MATCH ? AND {_F_FILTERS} "
            "ORDER BY score DESC, f.pinned DESC, f.id LIMIT ?"
        )
        expression = " OR ".join(f'"{w}"' for w in words)
        rows = self._run(lambda c: c.execute(sql, (expression, *filters, limit)).fetchall())
        return [Hit(_fact_from_row(r[:-1]), float(r[-1])) for r in rows]  # type: ignore[union-attr]

    def _keyword_rarest_first(self, words: list[str], filters: tuple[float, str], limit: int,
                              weighted: bool) -> list[Hit] | None:  # fmt: skip
        """Exact top `limit` scoring few facts in Python, or None when that would cost more."""
        def work(conn: sqlite3.Connection) -> list[Hit] | None:
            docs, total_tokens = conn.execute("SELECT docs, tokens FROM totals").fetchone()
            if not docs:
                return []
            if docs <= _PRUNE_FLOOR:
                return None  # a small store: FTS5 ranks every match quicker
            stats = {}
            for word in words:
                row = conn.execute("SELECT doc, cnt FROM vocab WHERE term = ?", (word,)).fetchone()
                if row is not None and row[0] > 0:
                    stats[word] = (int(row[0]), int(row[1]))
            if not stats:
                return []
            average = total_tokens / docs
            idf = {w: _idf(docs, df) for w, (df, _) in stats.items()}
            # The most a word can add to any fact: its idf times the saturation of
            # one occurrence in an empty fact, or the limit (k1 + 1) if some fact
            # holds it twice (an id repeats its text's first words).
            bound = {w: idf[w] * (_saturation(1, 0.0, average) if cnt == df else K1 + 1)
                     for w, (df, cnt) in stats.items()}  # fmt: skip
            order = sorted(stats, key=lambda w: (stats[w][0], w))
            if sum(df for df, _ in stats.values()) <= _PRUNE_FLOOR or (
                    stats[order[0]][0] > _PRUNE_BUDGET):  # fmt: skip
                return None  # few matches in all (FTS5 is quicker), or no selective word
            # rowid -> (score, pinned, id): enough to rank; facts are built for the winners.
            scored: dict[int, tuple[float, bool, str]] = {}
            for position, word in enumerate(order):
                if len(scored) + stats[word][0] > _PRUNE_BUDGET:
                    return None
                rows = conn.execute(
                    "SELECT terms.rowid, terms.words, f.confidence, f.status, f.pinned, f.id "
                    "FROM terms JOIN files f ON f.rowid = terms.rowid "
                    f"WHERE terms MATCH ? AND {_F_FILTERS}", (f'"{word}"', *filters)).fetchall()
                for rowid, text, confidence, status, pinned, fact_id in rows:
                    if rowid in scored:
                        continue
                    terms = text.split()
                    score = 0.0
                    for w in stats:  # the query's order, as FTS5 sums its phrases
                        n = terms.count(w)
                        if n:
                            score += idf[w] * _saturation(n, len(terms), average)
                    if weighted:
                        score *= confidence * (0.5 if status == "doubted" else 1.0)
                    scored[rowid] = (score, bool(pinned), fact_id)
                best = sorted(scored.items(), key=lambda i: (-i[1][0], not i[1][1], i[1][2]))
                best = best[:limit]
                rest = sum(bound[w] for w in order[position + 1:])
                if position == len(order) - 1 or (len(best) == limit and rest < best[-1][1][0]):
                    marks = ", ".join("?" * len(best))
                    facts = {r[0]: _fact_from_row(r[1:]) for r in conn.execute(
                        f"SELECT f.rowid, {_F_COLUMNS} FROM files f WHERE f.rowid IN ({marks})",
                        [rowid for rowid, _ in best])}  # fmt: skip
                    return [Hit(facts[rowid], score) for rowid, (score, _, _) in best]
            return None

        return self._run(work)  # type: ignore[return-value]

    def vector_rows(self) -> tuple[list[Fact], list[bytes]]:
        """The current model's vectors of every live or doubted fact, with the facts."""
        embedder = self.embedder
        if embedder is None:
            return [], []
        rows = self._run(lambda c: c.execute(
            f"SELECT {_F_COLUMNS}, v.vector "
            "FROM vectors v JOIN files f ON f.rowid = v.rowid "
            f"WHERE v.model = ? AND f.status IN {_RECALLABLE} ORDER BY f.id",
            (embedder.model_id,)).fetchall())  # fmt: skip
        facts = [_fact_from_row(r[:-1]) for r in rows]  # type: ignore[union-attr]
        return facts, [r[-1] for r in rows]  # type: ignore[union-attr]

    @property
    def vector_cache(self) -> tuple[tuple[int, int], object] | None:
        return self._vector_cache

    @vector_cache.setter
    def vector_cache(self, value: tuple[tuple[int, int], object]) -> None:
        self._vector_cache = value

    def data_version(self) -> tuple[int, int]:
        """Changes whenever any connection (this one or another process's) commits."""
        row = self._run(lambda c: c.execute("PRAGMA data_version").fetchone())
        return (int(row[0]), self._generation)  # type: ignore[index]


_ROW_NAMES = ("path", "folder", "id", "ino", "mtime_ns", "size", "sha256", "problem",
              "fingerprint", "type", "text", "status", "confidence", "source", "links", "pinned",
              "created", "last_seen", "valid_until", "supersedes", "kind", "target",
              "nterms")  # fmt: skip
_ROW_COLUMNS = ", ".join(_ROW_NAMES)
_ROW_MARKS = ", ".join(f":{name}" for name in _ROW_NAMES)
_ROW_UPDATES = ", ".join(f"{name} = excluded.{name}" for name in _ROW_NAMES if name != "path")


def _row_values(key: str, record: Fact | Proposal | None, stamp: Stamp, sha256: str | None,
                problem: str | None) -> tuple[dict[str, object], list[str] | None]:  # fmt: skip
    """The `files` row for one file (in _ROW_NAMES order), and its terms if recallable."""
    folder, _, name = key.partition("/")
    values: dict[str, object] = dict.fromkeys(_ROW_NAMES)
    values.update(path=key, folder=folder, id=name.removesuffix(".md"), ino=stamp[0],
                  mtime_ns=stamp[1], size=stamp[2], sha256=sha256, problem=problem)  # fmt: skip
    words = None
    if record is not None:
        values.update(fingerprint=fingerprint(record.text), type=record.type,
                      text=record.text, confidence=record.confidence,
                      source=record.source, links=json.dumps(list(record.links)))  # fmt: skip
    if isinstance(record, Fact):
        values.update(
            status=record.status, pinned=int(record.pinned),
            created=record.created.isoformat(), last_seen=record.last_seen.isoformat(),
            valid_until=record.valid_until.isoformat() if record.valid_until else None,
            supersedes=json.dumps(list(record.supersedes)),
        )  # fmt: skip
        if record.status in ("live", "doubted"):
            words = fact_terms(record)
            values["nterms"] = len(words)
    elif isinstance(record, Proposal):
        values.update(kind=record.kind, target=record.target)
    return values, words


def _embedding_text(fact: Fact) -> str:
    """What the semantic arm sees of a fact: its sentence, and its aliases."""
    if fact.links:
        return f"{fact.text} ({', '.join(fact.links)})"
    return fact.text


def _fact_from_row(row: Sequence[object]) -> Fact:
    (fact_id, type_, text, status, confidence, source, links, pinned, created, last_seen,
     valid_until, supersedes) = row  # fmt: skip
    return Fact(
        id=str(fact_id), type=str(type_), text=str(text), status=str(status),
        confidence=float(confidence),  # type: ignore[arg-type]
        source=str(source), links=tuple(json.loads(str(links or "[]"))), pinned=bool(pinned),
        created=dt.date.fromisoformat(str(created)),
        last_seen=dt.date.fromisoformat(str(last_seen)),
        valid_until=dt.date.fromisoformat(str(valid_until)) if valid_until else None,
        supersedes=tuple(json.loads(str(supersedes or "[]"))),
    )  # fmt: skip
