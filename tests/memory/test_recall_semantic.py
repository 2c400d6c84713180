"""The semantic arm with the real embedding model of the `semantic` extra (loaded once)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from appliance.config import Settings
from appliance.memory import Memory
from appliance.memory.embed import OnnxMiniLMEmbedder, load_embedder
from appliance.memory.embedding import Embedding
from appliance.memory.recall import HYBRID_MODE


class CountingEmbedder:
    """The real model, counting how often each side of it is asked."""

    def __init__(self, real: OnnxMiniLMEmbedder) -> None:
        self.real = real
        self.model_id = real.model_id
        self.floor = real.floor
        self.passage_calls = 0
        self.query_calls = 0

    def passages(self, texts: list[str]) -> list[bytes]:
        self.passage_calls += len(texts)
        return self.real.passages(texts)

    def query(self, text: str) -> bytes:
        self.query_calls += 1
        return self.real.query(text)


@pytest.fixture
def embedder(real_embedder: OnnxMiniLMEmbedder) -> CountingEmbedder:
    return CountingEmbedder(real_embedder)


@pytest.fixture
def semantic_settings(data_dir: Path) -> Settings:
    return Settings.for_data_dir(data_dir, semantic=True)


@pytest.fixture
def semantic_memory(
    semantic_settings: Settings, clock, embedder: CountingEmbedder
) -> Iterator[Memory]:
    with Memory.open(semantic_settings, clock=clock, embedding=Embedding.of(embedder)) as memory:
        yield memory


def _household(memory: Memory) -> None:
    memory.add("Sam is allergic to peanuts", "health")
    memory.add("The bins go out on Thursday night", "routine")
    memory.add("The stopcock is under the kitchen sink", "household")
    memory.add("Ana is Sam's piano teacher", "person")
    memory.add("Grandma's birthday is on 3 March", "event")


def test_a_paraphrase_is_found_by_the_semantic_arm(semantic_memory: Memory) -> None:
    _household(semantic_memory)
    hits = semantic_memory.recall("who can't eat nuts?")
    assert [(h.fact.id, h.match) for h in hits] == [("sam-allergic-peanuts", "semantic")]
    hits = semantic_memory.recall("where do I turn off the water?")
    assert hits[0].fact.id == "stopcock-kitchen-sink" and hits[0].match == "semantic"


def test_a_fact_both_arms_find_is_labelled_both(semantic_memory: Memory) -> None:
    _household(semantic_memory)
    top = semantic_memory.recall("when is Grandma's birthday?")[0]
    assert (top.fact.text, top.match) == ("Grandma's birthday is on 3 March", "both")


def test_a_word_only_the_keyword_arm_knows_is_labelled_keyword(semantic_memory: Memory) -> None:
    _household(semantic_memory)
    crate = semantic_memory.add(
        "The recycling crate goes out on Monday morning before seven, "
        "after the bins, unless it rained",
        "routine",
    )
    hits = semantic_memory.recall("seven")  # one word of many: below the model's floor
    assert [(h.fact.id, h.match) for h in hits] == [(crate.id, "keyword")]


def test_the_semantic_arm_never_lifts_an_unrelated_fact(semantic_memory: Memory) -> None:
    semantic_memory.add(
        "The wifi password is on the fridge", "household", pinned=True, confidence=1.0
    )
    _household(semantic_memory)
    assert semantic_memory.recall("what is the capital of France?") == []
    assert semantic_memory.recall("how tall is Mount Everest?") == []


def test_retracted_facts_are_not_found_by_the_semantic_arm(semantic_memory: Memory) -> None:
    _household(semantic_memory)
    assert semantic_memory.recall("who can't eat nuts?")  # the positive control
    semantic_memory.retract("sam-allergic-peanuts", reason="outgrew it")
    assert semantic_memory.recall("who can't eat nuts?") == []


def test_a_doubted_fact_ranks_below_an_equally_matched_live_one(semantic_memory: Memory) -> None:
    blue = semantic_memory.add("The spare key is under the blue pot", "household")
    red = semantic_memory.add("The spare key is under the red pot", "household")
    assert [h.fact.id for h in semantic_memory.recall("where is the spare key?")] == [
        blue.id,
        red.id,
    ]  # the positive control: blue first while both are live
    semantic_memory.doubt(blue.id)
    hits = semantic_memory.recall("where is the spare key?")
    assert [h.fact.id for h in hits] == [red.id, blue.id]


def test_vectors_are_computed_at_write_time_never_per_query(
    semantic_memory: Memory, embedder: CountingEmbedder
) -> None:
    _household(semantic_memory)
    assert embedder.passage_calls == 5
    writes = embedder.query_calls  # the guard's classifier embeds each written text
    for _ in range(3):
        semantic_memory.recall("who can't eat nuts?")
    assert embedder.passage_calls == 5 and embedder.query_calls == writes + 3


def test_the_envelope_says_keyword_and_semantic(semantic_memory: Memory) -> None:
    _household(semantic_memory)
    assert semantic_memory.recall_mode == HYBRID_MODE
    recalled = semantic_memory.recall("who can't eat nuts?")
    context = json.loads(semantic_memory.recall_context(recalled))
    assert context["trust"] == "data_only" and context["recall_mode"] == "keyword+semantic"
    assert "keyword mode" not in context["note"]
    assert [(f["id"], f["match"]) for f in context["facts"]] == [
        ("sam-allergic-peanuts", "semantic")
    ]


def test_facts_written_in_keyword_mode_get_vectors_when_the_model_arrives(
    data_dir: Path, clock, embedder: CountingEmbedder
) -> None:
    with Memory.open(Settings.for_data_dir(data_dir, semantic=False), clock=clock) as memory:
        _household(memory)
        assert memory.recall("who can't eat nuts?") == []
    with Memory.open(
        Settings.for_data_dir(data_dir, semantic=True),
        clock=clock,
        embedding=Embedding.of(embedder),
    ) as memory:
        assert [h.fact.id for h in memory.recall("who can't eat nuts?")] == ["sam-allergic-peanuts"]
        assert embedder.passage_calls == 5


def test_a_broken_model_install_falls_back_to_keyword_mode(
    data_dir: Path, clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken() -> None:
        raise OSError("model.onnx is truncated")

    monkeypatch.setattr(OnnxMiniLMEmbedder, "__init__", lambda self: broken())
    assert load_embedder() is None
    with Memory.open(Settings.for_data_dir(data_dir, semantic=True), clock=clock) as memory:
        memory.add("Sam is allergic to peanuts", "health")
        assert memory.recall_mode == "keyword"
        assert [h.match for h in memory.recall("peanuts")] == ["keyword"]


def test_fusion_weighs_a_doubted_fact_by_the_one_definition(
    semantic_memory: Memory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found by both arms at rank 1: 2/61 times confidence times the doubted weight."""
    from appliance.memory import recallable

    fact = semantic_memory.add("Sam is allergic to peanuts", "health", confidence=0.8)
    [hit] = semantic_memory.recall("Sam peanuts allergy")
    assert hit.match == "both" and hit.score == pytest.approx(2 / 61 * 0.8)  # live: no factor
    semantic_memory.doubt(fact.id)
    for factor in (0.5, 0.25):
        monkeypatch.setattr(recallable, "DOUBTED_WEIGHT", factor)
        [hit] = semantic_memory.recall("Sam peanuts allergy")
        assert hit.score == pytest.approx(2 / 61 * 0.8 * factor), factor
        [hit] = semantic_memory.recall("who can't eat nuts?")
        assert hit.match == "semantic" and hit.score == pytest.approx(1 / 61 * 0.8 * factor)


def test_semantic_recall_reads_the_vectors_once_and_patches_them_on_own_writes(
    semantic_settings: Settings, clock, embedder: CountingEmbedder
) -> None:
    with (
        Memory.open(semantic_settings, clock=clock, embedding=Embedding.of(embedder)) as memory,
        Memory.open(semantic_settings, clock=clock, embedding=Embedding.of(embedder)) as other,
    ):
        _household(memory)
        assert memory.recall("who can't eat nuts?")
        table = memory.index.vector_table()
        for _ in range(3):
            memory.recall("where do I turn off the water?")
        assert memory.index.vector_table() is table  # reads never reload it
        memory.add("Mia cannot eat eggs", "health")  # this process's write: patched in place
        assert memory.index.vector_table() is table and len(table) == 6
        assert "mia-cannot-eat-eggs" in [h.fact.id for h in memory.recall("food allergies")]
        memory.retract("mia-cannot-eat-eggs")
        assert memory.index.vector_table() is table and len(table) == 5
        assert "mia-cannot-eat-eggs" not in [h.fact.id for h in memory.recall("food allergies")]
        other.add("Leo is allergic to kiwi", "health")  # another process: loaded again
        assert "leo-allergic-kiwi" in [h.fact.id for h in memory.recall("food allergies")]
        assert memory.index.vector_table() is not table


def test_an_expired_fact_is_not_found_by_the_semantic_arm(semantic_memory: Memory, clock) -> None:
    import datetime as dt

    semantic_memory.add(
        "The plumber visits tomorrow morning",
        "event",
        valid_until=clock.now.date() + dt.timedelta(days=1),
    )
    question = "when is the repair man coming?"
    assert [h.match for h in semantic_memory.recall(question)] == ["semantic"]  # the control
    clock.now += dt.timedelta(days=2)
    assert semantic_memory.recall(question) == []


def test_the_first_fact_after_a_recall_on_an_empty_store_is_found(semantic_memory: Memory) -> None:
    assert semantic_memory.recall("who can't eat nuts?") == []  # loads an empty table
    semantic_memory.add("Sam is allergic to peanuts", "health")  # patches it: first row
    assert [h.fact.id for h in semantic_memory.recall("who can't eat nuts?")] == [
        "sam-allergic-peanuts"
    ]
