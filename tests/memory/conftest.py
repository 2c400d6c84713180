"""Memory tests run in keyword mode unless they ask for the semantic arm.

The `semantic` extra may or may not be installed where the suite runs; a test
that expects "keyword mode" must not change its answer because it is. Tests of
the semantic arm use the `semantic_memory` fixture in test_recall_semantic.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from appliance.config import Settings


@pytest.fixture(autouse=True)
def _keyword_mode(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HEARTH_SEMANTIC", "false")


@pytest.fixture
def settings(data_dir: Path) -> Settings:
    return Settings.for_data_dir(data_dir, semantic=False)
