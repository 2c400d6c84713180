"""The recall index: a derived SQLite database beside the markdown files.

`index.sqlite` holds, for every file in memory/ and inbox/, what a reader needs
without parsing it again: the stat that says whether it changed, its content
hash, its fingerprint (for deduplication), and for a fact every field. Facts
that recall may return also carry their terms (id, text and links, run through
the store's own tokenizer and stop list) and, when an embedding model is
installed, a vector.

Each process ranks from two in-memory tables loaded from here on its first
recall and kept while nothing changes: the terms as inverted lists for BM25
(terms.py) and the vectors as one matrix (vectors.py), held by loaded.py. Reading
never writes. The tables' shape and versions are index_rows.py's.

The files stay the source of truth. Everything here can be thrown away and
rebuilt from them: a missing, corrupt or outdated index is rebuilt, never fatal.
The file itself (opening, schema, damage, transactions) is index_file.py's.
"""

from __future__ import annotations

import datetime as dt
import logging
import sqlite3
from collections.abc import Iterable, Sequence
from itertools import pairwise
from pathlib import Path
from typing import TYPE_CHECKING

from appliance.memory.embedding import Embedding
from appliance.memory.fact import Fact, Proposal
from appliance.memory.index_file import IndexFile
from appliance.memory.index_rows import (
    FACT_COLUMNS,
    ROW_COLUMNS,
    ROW_MARKS,
    ROW_NAMES,
    ROW_UPDATES,
    Hit,
    Stamp,
    accepting,
    embedding_text,
    fact_from_row,
    row_values,
)
from appliance.memory.recallable import sql_statuses
from appliance.memory.terms import TermTable
from appliance.memory.text import tokens

if TYPE_CHECKING:
    from appliance.memory.vectors import VectorTable

log = logging.getLogger(__name__)


class RecallIndex(IndexFile):
    """The index's rows and queries, over one `IndexFile`.

    Reading never writes. The semantic arm's vectors are held in memory as one
    matrix (`vector_table`) that survives reads; it is kept current by the
    `generation` counter in `meta`, which only writers move (when a row of
    memory/ changes): this process's own writes patch the matrix in place,
    another process's make the next query load it again.
    """

    def __init__(self, path: Path, embedding: Embedding | None = None):
        self.embedding = embedding or Embedding.none()
        super().__init__(path)

    def clear(self) -> None:
        """Empty every table in place (other processes keep their connections)."""
        with self.transaction() as conn:
            conn.execute("DELETE FROM files")
            conn.execute("DELETE FROM vectors")
            self.loaded.next_generation(conn)
            self._forget_cache()

    def generation(self) -> int:
        """A number that changes whenever a row of memory/ changes, in any process."""
        return self._run(self.loaded.generation)

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
                    values = row_values(key, record, stamp, sha256, problem)
                    rows.append((rowid, *values.values()))
                    if values["terms"] is not None and isinstance(record, Fact):
                        pending_vectors.append((rowid, embedding_text(record)))
                if rows:
                    conn.executemany(
                        f"INSERT INTO files (rowid, {ROW_COLUMNS}) VALUES "
                        f"(?, {', '.join('?' * len(ROW_NAMES))})",
                        rows,
                    )
                self._forget_cache()  # loaded whole at the first query
            else:
                for key, record, stamp, sha256, problem in items:
                    rowid, terms = self._write_row(conn, key, record, stamp, sha256, problem)
                    fact = record if terms is not None and isinstance(record, Fact) else None
                    if fact is not None and terms is not None:
                        pending_vectors.append((rowid, embedding_text(fact)))
                    if key.startswith("memory/"):
                        changed[rowid] = (fact, terms) if fact is not None and terms else None
            vectors: dict[int, bytes] = {}
            for start in range(0, len(pending_vectors), 64):
                vectors |= self._store_vectors(conn, pending_vectors[start : start + 64])
            if empty or changed:
                self.loaded.patch(conn, changed, vectors)
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
        values = row_values(key, record, stamp, sha256, problem)
        row = conn.execute(
            f"INSERT INTO files ({ROW_COLUMNS}) VALUES ({ROW_MARKS}) "
            f"ON CONFLICT (path) DO UPDATE SET {ROW_UPDATES} RETURNING rowid",
            values,
        ).fetchone()
        rowid = int(row[0])
        conn.execute("DELETE FROM vectors WHERE rowid = ?", (rowid,))
        terms = values["terms"]
        return rowid, terms if isinstance(terms, str) else None

    def _store_vectors(
        self, conn: sqlite3.Connection, pending: list[tuple[int, str]]
    ) -> dict[int, bytes]:
        embedder = self.embedding.model if pending else None
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
                self.loaded.patch(conn, removed, {})

    def embed_missing(self) -> int:
        """Give every recallable fact a vector from the current model (model installed later).

        Writes only when some fact has no vector: reading never commits.
        """
        embedder = self.embedding.model
        if embedder is None:
            return 0
        rows = self._run(
            lambda c: c.execute(
                f"SELECT f.rowid, {FACT_COLUMNS} FROM files f LEFT JOIN vectors v "
                "ON v.rowid = f.rowid AND v.model = ? "
                f"WHERE f.folder = 'memory' AND {sql_statuses('f.status')} AND v.rowid IS NULL",
                (embedder.model_id,),
            ).fetchall()
        )
        if not rows:
            return 0
        pending = [(int(r[0]), embedding_text(fact_from_row(r[1:]))) for r in rows]
        with self.transaction() as conn:
            for start in range(0, len(pending), 64):
                self._store_vectors(conn, pending[start : start + 64])
            self.loaded.next_generation(conn)
            self.loaded.vectors_table = None
        return len(pending)

    # -- reading ----------------------------------------------------------------------------

    def known(self) -> dict[str, tuple[tuple[int, int, int], str | None]]:
        """Every file the index knows: 'folder/<id>.md' -> (stamp, content hash).

        Plain tuples, equal to a `Stamp` of the same values: at 100,000 files this runs
        on every open.
        """
        rows = self._run(
            lambda c: c.execute("SELECT path, ino, mtime_ns, size, sha256 FROM files").fetchall()
        )
        return {r[0]: ((r[1], r[2], r[3]), r[4]) for r in rows}

    def has_id(self, record_id: str) -> bool:
        row = self._run(
            lambda c: c.execute("SELECT 1 FROM files WHERE id = ? LIMIT 1", (record_id,)).fetchone()
        )
        return row is not None

    def facts_with_fingerprint(self, print_: str) -> list[Fact]:
        rows = self._run(
            lambda c: c.execute(
                f"SELECT {FACT_COLUMNS} FROM files WHERE folder = 'memory' AND fingerprint = ? "
                "AND problem IS NULL ORDER BY id",
                (print_,),
            ).fetchall()
        )
        return [fact_from_row(r) for r in rows]

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
        return [(r[0], r[1]) for r in rows]

    def count(self, folder: str | None = None) -> int:
        """Files the index holds (of one folder, 'memory' or 'inbox', if given)."""
        row = self._run(
            lambda c: c.execute(
                "SELECT count(*) FROM files WHERE ? IS NULL OR folder = ?", (folder, folder)
            ).fetchone()
        )
        return int(row[0])

    def problems(self, folder: str) -> dict[str, str]:
        """Record id -> problem, for files of one folder that are not a record."""
        rows = self._run(
            lambda c: c.execute(
                "SELECT id, problem FROM files WHERE folder = ? AND problem IS NOT NULL", (folder,)
            ).fetchall()
        )
        return {str(r[0]): str(r[1]) for r in rows}

    def facts(self, rowids: Sequence[int]) -> dict[int, Fact]:
        """The facts of these rows (the winners of a ranking), by rowid."""
        if not rowids:
            return {}
        marks = ", ".join("?" * len(rowids))
        rows = self._run(
            lambda c: c.execute(
                f"SELECT rowid, {FACT_COLUMNS} FROM files WHERE rowid IN ({marks})", list(rowids)
            ).fetchall()
        )
        return {int(r[0]): fact_from_row(r[1:]) for r in rows}

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
        return [(str(r[0]), str(r[1])) for r in rows]

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
        # two words a fact writes as one: "epi pen" finds "epipen" (a tenth trial's "where's
        # the epi pen" found nothing); a join no fact holds matches nothing
        words += [a + b for a, b in pairwise(words)]
        with self._thread_lock:  # another thread's write patches the table in place
            found = self.term_table().top(words, limit, weighted, accepting(today, min_confidence))
        return [Hit(entry, score) for entry, score in found]

    def nearest(
        self, question: bytes, *, floor: float, today: dt.date, min_confidence: float, limit: int
    ) -> list[Hit]:
        """The semantic arm: recallable facts within `floor` cosine of the question, best first."""
        with self._thread_lock:
            table = self.vector_table()
            if table is None:
                return []
            found = table.nearest(question, floor, limit, accepting(today, min_confidence))
        return [Hit(entry, score) for entry, score in found]

    def term_table(self) -> TermTable:
        """Every recallable fact's terms, in memory; kept current by the generation."""
        with self._thread_lock:
            return self._run(self.loaded.terms)

    def vector_table(self) -> VectorTable | None:
        """The current model's vectors of every live or doubted fact, as one matrix.

        Kept between queries; loaded again only when another process changed
        memory/ (this process's writes patch it in place).
        """
        embedder = self.embedding.model
        if embedder is None:
            return None
        with self._thread_lock:
            self.embed_missing()  # facts indexed before the model was installed
            return self._run(lambda conn: self.loaded.vectors(conn, embedder))
