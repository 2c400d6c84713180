"""Memory tests run in keyword mode unless they ask for the semantic arm.

The `semantic` extra may or may not be installed where the suite runs; a test
that expects "keyword mode" must not change its answer because it is. Tests of
the semantic arm use the `semantic_memory` fixture in test_recall_semantic.py.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from appliance.config import Settings
from appliance.memory import Memory
from appliance.memory.embed import OnnxMiniLMEmbedder, installed_runtime, load_embedder
from appliance.memory.embedding import Embedding
from appliance.memory.store import AlreadyKnown


@pytest.fixture(autouse=True)
def _keyword_mode(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HEARTH_SEMANTIC", "false")


@pytest.fixture
def settings(data_dir: Path) -> Settings:
    return Settings.for_data_dir(data_dir, semantic=False)


@pytest.fixture(scope="session")
def real_embedder() -> OnnxMiniLMEmbedder:
    """The semantic extra's real model, loaded once (recall's semantic arm and the guard)."""
    assert installed_runtime() == "minilm", "install the semantic extra: ./dev install"
    model = load_embedder()
    assert isinstance(model, OnnxMiniLMEmbedder)
    return model


@pytest.fixture
def semantic_memory(data_dir: Path, clock, real_embedder: OnnxMiniLMEmbedder) -> Iterator[Memory]:  # type: ignore[no-untyped-def]
    """A Memory in semantic mode with the installed MiniLM (tombstones by meaning)."""
    settings = Settings.for_data_dir(data_dir, semantic=True)
    with Memory.open(settings, clock=clock, embedding=Embedding.of(real_embedder)) as memory:
        yield memory


def discarded(memory: Memory, text: str) -> None:
    """`text` proposed, then discarded at the panel: a tombstone of it."""
    memory.discard(memory.propose(text, "note").id, actor="panel")


def held_once_refused(memory: Memory, refused: str, again: str) -> None:
    """The guard: `again`, said after `refused` was discarded, is held; nothing written."""
    discarded(memory, refused)
    with pytest.raises(AlreadyKnown, match="discarded"):
        memory.propose(again, "note")
    assert memory.proposals() == []


def let_through_once_refused(memory: Memory, refused: str, other: str) -> None:
    """The control: `other`, another fact, is proposed as said after `refused` was discarded."""
    discarded(memory, refused)
    assert memory.propose(other, "note").text.rstrip(".") == other.rstrip(".")
