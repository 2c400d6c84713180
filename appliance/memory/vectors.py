"""The semantic arm's vectors in memory: one float32 matrix, patched in place by writes.

numpy is imported inside, so a keyword-only process never loads it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any


class VectorTable:
    """The recallable facts' vectors as one float32 matrix, and what ranking needs of each.

    Rows are never moved: a changed fact gets a new row and its old one is
    marked dead (skipped by `nearest`), so patching after a write costs one
    row, not a copy of the matrix. Dead rows are squeezed out once they are a
    quarter of it. `generation` is the index generation the table reflects.
    """

    def __init__(self, generation: int, blobs: Sequence[bytes], entries: Sequence[Any]) -> None:
        import numpy as np

        self._np = np
        self.generation = generation
        self._entries: list[Any] = list(entries)  # index.Entry per row; None when dead
        self._row_of: dict[int, int] = {e.rowid: n for n, e in enumerate(self._entries)}
        self._dead: list[int] = []
        self._rows = len(self._entries)
        self._matrix = np.zeros((0, 0), dtype=np.float32)
        if blobs:
            loaded = np.frombuffer(b"".join(blobs), dtype=np.float32).reshape(len(blobs), -1)
            self._matrix = np.empty((self._spare(self._rows), loaded.shape[1]), dtype=np.float32)
            self._matrix[: self._rows] = loaded

    @staticmethod
    def _spare(rows: int) -> int:
        """Room for rows to come, so a write appends in place instead of copying."""
        return rows + rows // 8 + 64

    def __len__(self) -> int:
        return self._rows - len(self._dead)

    def apply(
        self, generation: int, upserts: Sequence[tuple[int, bytes, Any]], removals: Sequence[int]
    ) -> None:
        """Patch in this process's own write: new or changed rows, and rows gone."""
        np = self._np
        for rowid in [*removals, *(rowid for rowid, _, _ in upserts)]:
            row = self._row_of.pop(rowid, None)
            if row is not None:
                self._entries[row] = None
                self._dead.append(row)
        for rowid, blob, entry in upserts:
            vector = np.frombuffer(blob, dtype=np.float32)
            if self._rows == len(self._matrix) or self._matrix.shape[1] != len(vector):
                grown = np.empty((self._spare(self._rows), len(vector)), dtype=np.float32)
                if self._rows:
                    grown[: self._rows] = self._matrix[: self._rows]
                self._matrix = grown
            self._matrix[self._rows] = vector
            self._entries.append(entry)
            self._row_of[rowid] = self._rows
            self._rows += 1
        if len(self._dead) > max(64, self._rows // 4):
            self._squeeze()
        self.generation = generation

    def _squeeze(self) -> None:
        alive = [n for n in range(self._rows) if self._entries[n] is not None]
        self._matrix = self._matrix[alive].copy()
        self._entries = [self._entries[n] for n in alive]
        self._row_of = {e.rowid: n for n, e in enumerate(self._entries)}
        self._dead = []
        self._rows = len(alive)

    def nearest(
        self, query: bytes, floor: float, depth: int, accept: Callable[[Any], bool]
    ) -> list[tuple[Any, float]]:
        """Up to `depth` accepted entries whose cosine is at least `floor`, best first.

        One matrix-vector product; entries are looked at only above the floor,
        best first, until `depth` are accepted.
        """
        np = self._np
        if len(self) == 0:
            return []
        # einsum, not `@`: `@` goes to OpenBLAS, whose threads wait on each other when
        # other work holds the cores (10x slower measured under load); einsum's own
        # loop runs on this thread only, as fast as one BLAS thread.
        scores = np.einsum(
            "ij,j->i", self._matrix[: self._rows], np.frombuffer(query, dtype=np.float32)
        )
        if self._dead:
            scores[self._dead] = -np.inf
        above = np.flatnonzero(scores >= floor)
        take = min(len(above), 2 * depth)
        while True:
            if take < len(above):
                part = above[np.argpartition(-scores[above], take - 1)[:take]]
            else:
                part = above
            found = [(self._entries[n], float(scores[n])) for n in part.tolist()]
            kept = sorted(((e, s) for e, s in found if accept(e)), key=lambda i: (-i[1], i[0].id))
            if len(kept) >= depth or take >= len(above):
                return kept[:depth]
            take = len(above)  # too many refused (expired, too unsure): look at all
