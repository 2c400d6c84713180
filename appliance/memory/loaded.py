"""The recall tables this process holds in memory, and the counter that says they are stale.

Ranking reads two tables loaded from index.sqlite on the first question and kept
while nothing changes: every recallable fact's terms as inverted lists (terms.py)
and their vectors as one matrix (vectors.py). `generation` in the index's `meta`
table moves whenever a row of memory/ changes, in any process: this process's own
writes patch its tables in place, another process's make the next question load
them again. Callers hold the index's thread lock and hand in its connection.
"""

from __future__ import annotations

import sqlite3
from typing import TYPE_CHECKING

from appliance.memory.embedding import Embedder
from appliance.memory.fact import Fact
from appliance.memory.index_rows import ENTRY_COLUMNS, Entry, entry_of
from appliance.memory.recallable import sql_statuses, weight
from appliance.memory.terms import TermTable

if TYPE_CHECKING:
    from appliance.memory.vectors import VectorTable

# memory/ rows a transaction changed: rowid -> (fact, terms), or None when no longer recallable
Changed = dict[int, tuple[Fact, str] | None]


class LoadedTables:
    """This process's copy of the recall tables, kept current by the generation counter."""

    def __init__(self) -> None:
        self.terms_table: TermTable | None = None
        self.vectors_table: VectorTable | None = None
        # The last `meta.generation` seen, and the data_version it was seen at:
        # data_version moves only when another connection commits.
        self._seen: tuple[int, int] | None = None

    def forget(self) -> None:
        self.terms_table = None
        self.vectors_table = None
        self._seen = None

    def generation(self, conn: sqlite3.Connection) -> int:
        """A number that changes whenever a row of memory/ changes, in any process.

        A read costs one `PRAGMA data_version` (which moves only when another
        connection commits); `meta` is read only when it moved.
        """
        version = int(conn.execute("PRAGMA data_version").fetchone()[0])
        if self._seen is None or self._seen[0] != version:
            row = conn.execute("SELECT value FROM meta WHERE key = 'generation'").fetchone()
            self._seen = (version, int(row[0]) if row else 0)
        return self._seen[1]

    def next_generation(self, conn: sqlite3.Connection) -> tuple[int, int]:
        """Inside a write transaction: move the generation on; (before, after)."""
        row = conn.execute("SELECT value FROM meta WHERE key = 'generation'").fetchone()
        before = int(row[0]) if row else 0
        conn.execute(
            "INSERT OR REPLACE INTO meta (key, value) VALUES ('generation', ?)", (str(before + 1),)
        )
        version = int(conn.execute("PRAGMA data_version").fetchone()[0])
        self._seen = (version, before + 1)  # our own commit does not move data_version
        return before, before + 1

    def patch(self, conn: sqlite3.Connection, changed: Changed, vectors: dict[int, bytes]) -> None:
        """Move the generation on and bring this process's tables along with it.

        A table is patched only if it was current just before this transaction
        (the write lock is held, so no other process can slip in between);
        otherwise it is dropped and loaded again when next needed.
        """
        before, after = self.next_generation(conn)
        kept = {rowid: item for rowid, item in changed.items() if item is not None}
        if self.terms_table is not None:
            if self.terms_table.generation == before:
                self.terms_table.apply(
                    after,
                    [(entry_of(rowid, fact), terms) for rowid, (fact, terms) in kept.items()],
                    [rowid for rowid in changed if rowid not in kept],
                )
            else:
                self.terms_table = None
        if self.vectors_table is not None:
            if self.vectors_table.generation == before:
                self.vectors_table.apply(
                    after,
                    [
                        (rowid, vectors[rowid], entry_of(rowid, fact))
                        for rowid, (fact, _) in kept.items()
                        if rowid in vectors
                    ],
                    [rowid for rowid in changed if rowid not in vectors],
                )
            else:
                self.vectors_table = None

    def terms(self, conn: sqlite3.Connection) -> TermTable:
        """Every recallable fact's terms, loaded again only if another process wrote."""
        generation = self.generation(conn)
        if self.terms_table is not None and self.terms_table.generation == generation:
            return self.terms_table
        rows = conn.execute(
            f"SELECT f.terms, {ENTRY_COLUMNS} FROM files f "
            "WHERE f.folder = 'memory' AND f.terms IS NOT NULL"
        ).fetchall()
        self.terms_table = TermTable(
            generation,
            ((Entry.from_row(r[1:]), r[0]) for r in rows),
            lambda e: weight(e.confidence, e.status),
        )
        return self.terms_table

    def vectors(self, conn: sqlite3.Connection, embedder: Embedder) -> VectorTable:
        """The model's vectors of every recallable fact as one matrix (facts already embedded)."""
        generation = self.generation(conn)
        if self.vectors_table is not None and self.vectors_table.generation == generation:
            return self.vectors_table
        from appliance.memory.vectors import VectorTable  # numpy lives behind this import

        rows = conn.execute(
            f"SELECT v.vector, {ENTRY_COLUMNS} FROM vectors v "
            f"JOIN files f ON f.rowid = v.rowid WHERE v.model = ? AND "
            f"{sql_statuses('f.status')}",
            (embedder.model_id,),
        ).fetchall()
        self.vectors_table = VectorTable(
            generation, [r[0] for r in rows], [Entry.from_row(r[1:]) for r in rows]
        )
        return self.vectors_table
