"""Memory tests run in keyword mode unless they ask for the semantic arm.

The `semantic` extra may or may not be installed where the suite runs; a test
that expects "keyword mode" must not change its answer because it is. Tests of
the semantic arm use the `semantic_memory` fixture in test_recall_semantic.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from appliance.config import Settings
from appliance.memory.embed import OnnxMiniLMEmbedder, installed_runtime, load_embedder


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
