"""The keyword arm: BM25 over every recallable fact's terms, held in memory.

Each process keeps one `TermTable`: an inverted list per term (the facts
holding it, and how often) and each fact's length. A question costs one pass
over the lists of its words, in plain Python, with no SQL: measured faster than
SQLite FTS5's `bm25()` (which scores every match through its auxiliary-function
API, about 1 µs each) and than rank-bm25 (which loops over every fact per word);
`benchmarks/recall.py` has the numbers.

BM25 is FTS5's: k1 1.2, b 0.75, idf log((N - n + 0.5) / (n + 0.5)) floored at
1e-6, N and the average length over the recallable facts' terms (expired ones
included: the date moves, the table does not). tests/memory/test_recall.py
checks the ranking against rank-bm25.

Rows are never moved: a changed fact gets a new slot and its old one is marked
dead, so patching after a write costs that fact's words, not a rebuild. Dead
slots are squeezed out once they are a quarter of the table.
"""

from __future__ import annotations

import heapq
import math
from array import array
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from operator import itemgetter
from typing import Any

K1 = 1.2
B = 0.75


def idf(docs: int, containing: int) -> float:
    """FTS5's idf: log((N - n + 0.5) / (n + 0.5)), floored at 1e-6 for very common words."""
    value = math.log((docs - containing + 0.5) / (containing + 0.5))
    return value if value > 0 else 1e-6


class TermTable:
    """Recallable facts' terms as inverted lists, for BM25; `generation` as in VectorTable."""

    def __init__(
        self, generation: int, rows: Iterable[tuple[Any, str]], weigh: Callable[[Any], float]
    ) -> None:
        """`rows`: (index.Entry, its terms joined by spaces); `weigh`: an entry's weight."""
        self.generation = generation
        self._weigh = weigh
        self._entries: list[Any] = []  # index.Entry per slot; None when dead
        self._weights: list[float] = []
        self._slot_words: list[str] = []  # each slot's terms, as given
        self._lengths = array("I")
        self._postings: dict[str, tuple[array, array]] = {}  # term -> (slots, counts)
        self._dead_in: Counter[str] = Counter()  # term -> dead slots in its list
        self._dead: set[int] = set()
        self._slot_of: dict[int, int] = {}
        self._tokens = 0  # of the live slots
        for entry, words in rows:
            self._append(entry, words)

    def __len__(self) -> int:
        return len(self._slot_of)

    def _append(self, entry: Any, joined: str) -> None:
        slot = len(self._entries)
        words = joined.split()
        counts = Counter(words)
        self._entries.append(entry)
        self._weights.append(self._weigh(entry))
        self._slot_words.append(joined)
        self._lengths.append(len(words))
        for term, count in counts.items():
            lists = self._postings.get(term)
            if lists is None:
                lists = self._postings[term] = (array("I"), array("H"))
            lists[0].append(slot)
            lists[1].append(min(count, 0xFFFF))
        self._slot_of[entry.rowid] = slot
        self._tokens += len(words)

    def _kill(self, rowid: int) -> None:
        slot = self._slot_of.pop(rowid, None)
        if slot is None:
            return
        self._dead.add(slot)
        self._entries[slot] = None
        self._dead_in.update(set(self._slot_words[slot].split()))
        self._tokens -= self._lengths[slot]

    def apply(
        self, generation: int, upserts: Sequence[tuple[Any, str]], removals: Sequence[int]
    ) -> None:
        """Patch in this process's own write: new or changed facts, and facts gone."""
        for rowid in [*removals, *(entry.rowid for entry, _ in upserts)]:
            self._kill(rowid)
        for entry, words in upserts:
            self._append(entry, words)
        if len(self._dead) > max(64, len(self._entries) // 4):
            self._squeeze()
        self.generation = generation

    def _squeeze(self) -> None:
        live = [
            (self._entries[slot], self._slot_words[slot])
            for slot in range(len(self._entries))
            if slot not in self._dead
        ]
        self.__init__(self.generation, live, self._weigh)  # type: ignore[misc]

    def matches(self, words: Sequence[str]) -> int:
        """How many live facts hold at least one of these words."""
        slots: set[int] = set()
        for word in dict.fromkeys(words):
            lists = self._postings.get(word)
            if lists is not None:
                slots.update(lists[0])
        return len(slots - self._dead)

    def top(
        self, words: Sequence[str], limit: int, weighted: bool, accept: Callable[[Any], bool]
    ) -> list[tuple[Any, float]]:
        """The `limit` best accepted facts for these words: (entry, score), best first.

        Weighted multiplies BM25 by each fact's weight. Ties go to the pinned
        fact, then to the smaller id.
        """
        docs = len(self._slot_of)
        if not docs or limit <= 0:
            return []
        short = K1 * (1 - B)
        per_length = K1 * B / (self._tokens / docs)
        lengths = self._lengths
        scores: dict[int, float] = {}
        get = scores.get
        for word in dict.fromkeys(words):
            lists = self._postings.get(word)
            if lists is None:
                continue
            containing = len(lists[0]) - self._dead_in.get(word, 0)
            if containing <= 0:
                continue
            top_up = idf(docs, containing) * (K1 + 1)
            for slot, count in zip(lists[0], lists[1], strict=True):
                scores[slot] = get(slot, 0.0) + top_up * count / (
                    count + short + per_length * lengths[slot]
                )
        for slot in self._dead:
            scores.pop(slot, None)
        if weighted:
            weights = self._weights
            scores = {slot: score * weights[slot] for slot, score in scores.items()}
        take = 2 * limit
        while True:
            best = heapq.nlargest(take, scores.items(), key=itemgetter(1))
            if len(best) == take:  # keep every fact tied with the last one taken
                cut = best[-1][1]
                best = [item for item in scores.items() if item[1] >= cut]
            ranked = sorted(
                ((self._entries[slot], score) for slot, score in best),
                key=lambda item: (-item[1], not item[0].pinned, item[0].id),
            )
            kept = [item for item in ranked if accept(item[0])]
            if len(kept) >= limit or len(best) >= len(scores):
                return kept[:limit]
            take = len(scores)  # too many refused (expired, too unsure): look at all
