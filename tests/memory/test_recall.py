"""Recall's ranking rules in keyword mode, each with a negative case, and the envelope."""

from __future__ import annotations

import datetime as dt
import json
import random
from pathlib import Path

import pytest
from rank_bm25 import BM25Okapi

from appliance.cli import main
from appliance.config import Settings
from appliance.memory import Fact, Memory
from appliance.memory.index import RecallIndex
from appliance.memory.index_rows import Stamp, fact_terms
from appliance.memory.recall import KEYWORD_MODE, envelope
from appliance.memory.text import tokens


def _ids(memory: Memory, query: str, k: int | None = None) -> list[str]:
    return [r.fact.id for r in memory.recall(query, k)]


def test_bm25_puts_the_fact_with_the_rarer_word_first(memory: Memory) -> None:
    for n in range(6):
        memory.add(f"Sam walks the dog on day {n}", "routine")
    allergy = memory.add("Sam is allergic to peanuts", "health")
    assert _ids(memory, "does Sam have a peanut allergy?")[0] == allergy.id


def test_a_fact_sharing_no_word_is_never_returned_however_pinned_or_sure(memory: Memory) -> None:
    memory.add("The wifi password is on the fridge", "household", pinned=True, confidence=1.0)
    assert memory.recall("who is allergic to peanuts?") == []
    # Positive control: the same fact is returned when the question names it.
    assert _ids(memory, "where is the wifi password?") == ["wifi-password-fridge"]


def test_a_question_of_stop_words_only_recalls_nothing(memory: Memory) -> None:
    memory.add("The bins go out on Thursday night", "routine")
    assert memory.recall("what is it?") == []
    assert memory.recall("") == []


def test_pinned_breaks_an_exact_tie(memory: Memory) -> None:
    memory.add("Coffee beans are in the left cupboard", "household")
    pinned = memory.add("Coffee filters are in the left cupboard", "household", pinned=True)
    hits = memory.recall("coffee")
    assert hits[0].score == hits[1].score
    assert hits[0].fact.id == pinned.id


def test_pinned_does_not_lift_a_weaker_match(memory: Memory) -> None:
    strong = memory.add("Coffee beans are kept in the coffee tin", "household")
    memory.add("Filters are in the left cupboard near the coffee", "household", pinned=True)
    hits = memory.recall("coffee")
    assert hits[0].fact.id == strong.id and hits[0].score > hits[1].score


def test_confidence_multiplies_the_score(memory: Memory) -> None:
    sure = memory.add("The dentist is on Mill Road", "place", confidence=0.9)
    unsure = memory.add("The doctor is on Mill Road", "place", confidence=0.45)
    scores = {r.fact.id: r.score for r in memory.recall("Mill Road")}
    assert scores[sure.id] == pytest.approx(2 * scores[unsure.id])
    assert _ids(memory, "Mill Road") == [sure.id, unsure.id]


def test_confidence_never_lifts_a_fact_that_does_not_match(memory: Memory) -> None:
    memory.add("The dentist is on Mill Road", "place", confidence=0.2)
    memory.add("Grandma's birthday is in March", "event", confidence=1.0)
    assert _ids(memory, "dentist") == ["dentist-mill-road"]


def test_doubted_ranks_below_an_equal_live_fact_but_is_still_recalled(memory: Memory) -> None:
    first = memory.add("The spare key is under the blue pot", "household")
    second = memory.add("The spare key is under the red pot", "household")
    assert _ids(memory, "spare key")[0] == first.id  # equal scores: id order
    memory.doubt(first.id)
    hits = memory.recall("spare key")
    assert [h.fact.id for h in hits] == [second.id, first.id]
    assert hits[1].fact.status == "doubted" and hits[1].score == pytest.approx(hits[0].score / 2)


def test_retracted_superseded_and_expired_facts_are_never_returned(memory: Memory, clock) -> None:
    retracted = memory.add("The plumber is Kofi", "person")
    old = memory.add("The plumber comes on Tuesday", "event")
    expiring = memory.add("The plumber visits tomorrow", "event", valid_until=dt.date(2026, 12, 1))
    assert set(_ids(memory, "plumber")) == {retracted.id, old.id, expiring.id}
    memory.retract(retracted.id, reason="wrong person")
    new = memory.supersede(old.id, "The plumber comes on Friday")
    assert set(_ids(memory, "plumber")) == {new.id, expiring.id}  # valid until tomorrow: kept
    clock.now += dt.timedelta(days=1)
    assert expiring.id in _ids(memory, "plumber")  # still valid on its last day
    clock.now += dt.timedelta(days=1)
    assert _ids(memory, "plumber") == [new.id]


def test_minimum_confidence_filters_recall(data_dir: Path, clock) -> None:
    settings = Settings.for_data_dir(data_dir, semantic=False, min_confidence=0.5)
    with Memory.open(settings, clock=clock) as memory:
        memory.add("The dentist is on Mill Road", "place", confidence=0.4)
        kept = memory.add("The doctor is on Mill Road", "place", confidence=0.5)
        assert _ids(memory, "Mill Road") == [kept.id]


def test_results_are_capped_by_k_and_by_recall_limit(data_dir: Path, clock) -> None:
    settings = Settings.for_data_dir(data_dir, semantic=False, recall_limit=20)
    with Memory.open(settings, clock=clock) as memory:
        for n in range(30):
            memory.add(f"Garden note number {n}", "note")
        assert len(memory.recall("garden")) == 20
        assert len(memory.recall("garden", 5)) == 5
        assert len(memory.recall("garden", 50)) == 20


def test_recall_never_returns_a_proposal(memory: Memory) -> None:
    memory.propose("The garage key is in the blue tin", "household")
    assert memory.recall("garage key") == []


def test_keyword_mode_is_said_by_recall_by_the_envelope_and_by_the_cli(
    memory: Memory, capsys: pytest.CaptureFixture[str]
) -> None:
    assert memory.recall_mode == KEYWORD_MODE == "keyword"
    memory.add("Sam is allergic to peanuts", "health")
    assert all(r.match == "keyword" for r in memory.recall("peanuts"))
    context = json.loads(memory.recall_context(memory.recall("peanuts")))
    assert context["recall_mode"] == "keyword" and "keyword mode" in context["note"]
    assert main(["memory", "recall", "what about the weather"]) == 0
    assert capsys.readouterr().out == "nothing recalled (keyword mode)\n"


def test_recall_context_is_the_data_only_envelope(memory: Memory) -> None:
    fact = memory.add("Sam is allergic to peanuts", "health")
    context = json.loads(memory.recall_context(memory.recall("Sam peanuts")))
    assert context["trust"] == "data_only" and context["truncated"] is False
    assert context["facts"] == [
        {
            "id": fact.id,
            "type": "health",
            "status": "live",
            "confidence": 0.9,
            "match": "keyword",
            "text": "Sam is allergic to peanuts",
        }
    ]
    assert memory.recall_context(memory.recall("Sam peanuts")) == envelope(
        memory.recall("Sam peanuts"), mode="keyword"
    )


def test_recall_context_is_capped_in_bytes_and_says_it_was_truncated(memory: Memory) -> None:
    for n in range(20):
        memory.add(
            f"Garden note number {n}: the roses by the shed need water in the evening", "note"
        )
    context = memory.recall_context(memory.recall("garden roses"), max_bytes=1024)
    assert len(context.encode("utf-8")) <= 1024
    data = json.loads(context)
    assert data["truncated"] is True and 0 < len(data["facts"]) < 20
    assert (
        json.loads(memory.recall_context(memory.recall("garden roses"), max_bytes=64_000))[
            "truncated"
        ]
        is False
    )


def test_keyword_ranking_agrees_with_rank_bm25(data_dir: Path, clock) -> None:
    """The oracle: BM25Okapi with FTS5's constants over the same terms gives the same top 5."""
    rng = random.Random(7)
    people = ["Sam", "Mia", "Ana", "Kofi", "Lena", "Grandma", "Dad", "Mum"]
    things = [
        "peanuts",
        "piano",
        "boiler",
        "bins",
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
    ]
    verbs = ["likes", "needs", "fixed", "forgot", "moved", "cleaned", "booked", "hates"]
    settings = Settings.for_data_dir(data_dir, semantic=False)
    with Memory.open(settings, clock=clock) as memory:
        for n in range(300):
            words = [
                rng.choice(people),
                rng.choice(verbs),
                f"item{n}",
                *rng.choices(things, k=rng.randint(1, 5)),
            ]
            memory.add(" ".join(words), "note", confidence=1.0)
        facts = memory.facts()
        oracle = BM25Okapi([fact_terms(f) for f in facts], k1=1.2, b=0.75, epsilon=0.0)
        compared = 0
        for _ in range(60):
            query = " ".join([rng.choice(people), *rng.sample(things, 2)])
            scores = oracle.get_scores(tokens(query))
            ranked = sorted(
                zip(scores, (f.id for f in facts), strict=True),
                key=lambda pair: (-pair[0], pair[1]),
            )
            top = [fid for score, fid in ranked[:6] if score > 0]
            if len(top) < 6 or ranked[4][0] - ranked[5][0] < 1e-9:
                continue  # a tie at the cut: any order is right
            assert _ids(memory, query, 5) == top[:5], query
            compared += 1
        assert compared >= 20


def _random_facts(rng: random.Random, count: int, day: dt.date) -> list[Fact]:
    common = ["kitchen", "garden", "monday", "sam", "keys", "car", "boiler", "school"]
    rare = [f"word{n}" for n in range(80)]
    return [
        Fact(
            id=f"fact-{n}",
            type="note",
            text=" ".join(rng.sample(common, 3) + rng.sample(rare, 2) + [f"unique{n}"]),
            confidence=rng.choice((0.5, 0.9, 1.0)),
            pinned=rng.random() < 0.05,
            status="doubted" if rng.random() < 0.05 else "live",
            valid_until=day if rng.random() < 0.05 else None,
            source="cli@2026-11-30",
            created=day,
            last_seen=day,
        )
        for n in range(count)
    ]


def test_the_keyword_table_patched_by_own_writes_ranks_as_one_loaded_fresh(tmp_path: Path) -> None:
    """This process's writes patch its in-memory table; another process loads it whole."""
    rng = random.Random(11)
    day = dt.date(2026, 11, 30)
    index = RecallIndex(tmp_path / "index.sqlite")
    facts = _random_facts(rng, 400, day)
    index.put_many(
        (f"memory/{f.id}.md", f, Stamp(n, 1, 1), None, None) for n, f in enumerate(facts)
    )
    index.keyword("kitchen", today=day, min_confidence=0.0, limit=5)  # loaded here
    for n in range(300):  # doubts, retractions, new facts, deletions: patched one by one
        fact = rng.choice(facts)
        roll = rng.random()
        if roll < 0.3:
            index.put(f"memory/{fact.id}.md", fact.replace(status="doubted"), Stamp(n, 2, 1), None)
        elif roll < 0.5:
            index.put(
                f"memory/{fact.id}.md", fact.replace(status="retracted"), Stamp(n, 3, 1), None
            )
        elif roll < 0.8:
            new = _random_facts(rng, 1, day)[0].replace(id=f"new-{n}")
            index.put(f"memory/{new.id}.md", new, Stamp(n, 4, 1), None)
        else:
            index.remove([f"memory/{fact.id}.md"])
    patched = index.term_table()
    fresh = RecallIndex(tmp_path / "index.sqlite")  # another process: loads from the file
    assert fresh.term_table() is not patched and len(fresh.term_table()) == len(patched)
    compared = 0
    for _ in range(60):
        query = " ".join(
            [*rng.sample(["kitchen", "garden", "sam", "car"], 2), f"word{rng.randrange(80)}"]
        )
        for weighted, limit in ((True, 5), (False, 50)):
            ours = index.keyword(
                query, today=day, min_confidence=0.6, limit=limit, weighted=weighted
            )
            theirs = fresh.keyword(
                query,
                today=day + dt.timedelta(days=1),
                min_confidence=0.6,
                limit=limit,
                weighted=weighted,
            )
            same_day = fresh.keyword(
                query, today=day, min_confidence=0.6, limit=limit, weighted=weighted
            )
            assert [h.entry.id for h in ours] == [h.entry.id for h in same_day], query
            assert [h.score for h in ours] == pytest.approx([h.score for h in same_day])
            assert all(h.entry.valid_until is None for h in theirs)  # expired the day after
            compared += 1
    assert index.term_table() is patched  # reads never replaced it
    index.close()
    fresh.close()


def test_reading_never_commits(memory: Memory) -> None:
    """Another connection's data_version moves on every commit: recall must not move it."""
    import sqlite3

    memory.add("The bins go out on Thursday night", "routine")
    with sqlite3.connect(memory.data_dir / "index.sqlite") as other:
        before = other.execute("PRAGMA data_version").fetchone()[0]
        for _ in range(3):
            assert memory.recall("bins")
        assert other.execute("PRAGMA data_version").fetchone()[0] == before
        memory.add("The recycling goes out on Monday", "routine")  # the positive control
        assert other.execute("PRAGMA data_version").fetchone()[0] != before


def test_the_table_survives_reads_and_own_writes_and_reloads_on_another_process_write(
    settings: Settings, clock
) -> None:
    with Memory.open(settings, clock=clock) as memory, Memory.open(settings, clock=clock) as other:
        memory.add("The bins go out on Thursday night", "routine")
        memory.recall("bins")
        table = memory.index.term_table()
        memory.recall("bins")
        memory.add("The bins are washed in spring", "routine")  # patched in place
        assert memory.index.term_table() is table
        assert len(memory.recall("bins")) == 2
        other.propose("The bins need new stickers", "routine")  # inbox only: nothing to reload
        assert memory.index.term_table() is table
        other.add("The green bin is for garden waste", "routine")
        assert len(memory.recall("bins")) == 3  # another process's fact, seen at once
        assert memory.index.term_table() is not table


def test_the_doubted_weight_and_expiry_have_one_definition(
    memory: Memory, clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every ranking path reads recallable.py: change it there and every path follows."""
    from appliance.memory import recallable

    live = memory.add("The spare key is under the blue pot", "household")
    doubted = memory.add("The spare key is under the red pot", "household")
    doubted = memory.doubt(doubted.id)
    memory.add(
        "The spare key is with Ana until Friday", "household", valid_until=dt.date(2026, 11, 30)
    )
    for factor in (0.5, 0.25, 1.0):
        monkeypatch.setattr(recallable, "DOUBTED_WEIGHT", factor)
        memory.index._forget_cache()  # as a new process would load it
        scores = {r.fact.id: r.score for r in memory.recall("spare key blue red")}
        assert scores[doubted.id] == pytest.approx(factor * scores[live.id]), factor
        assert Fact.is_recallable(doubted, clock.now.date())
    assert len(memory.recall("spare key")) == 3
    clock.now += dt.timedelta(days=1)
    assert len(memory.recall("spare key")) == 2  # expired: not returned the day after
    monkeypatch.setattr(recallable, "RECALLABLE_STATUSES", ("live",))
    memory.index._forget_cache()
    assert [r.fact.id for r in memory.recall("spare key")] == [live.id]
    assert not Fact.is_recallable(doubted, clock.now.date())
