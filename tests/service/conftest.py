"""Service tests use keyword recall: what they check does not depend on the embedder."""

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
