"""Fixtures shared by every test: a private data dir, never the machine's own."""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from appliance.config import Settings
from appliance.memory import Memory
from tests.notify import Systemd


@pytest.fixture(autouse=True)
def _isolated_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No test reads /etc/hearth or writes /var/lib/hearth, even as root in CI."""
    for name in list(os.environ):
        if name.startswith("HEARTH_"):
            monkeypatch.delenv(name)
    monkeypatch.setenv("HEARTH_CONFIG", str(tmp_path / "no-config.toml"))
    (tmp_path / "no-config.toml").write_text("")
    monkeypatch.setenv("HEARTH_DATA_DIR", str(tmp_path / "data"))


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return tmp_path / "data"


@pytest.fixture
def settings(data_dir: Path) -> Settings:
    return Settings.for_data_dir(data_dir)


class Clock:
    """A clock a test can move; the store reads 'today' from it."""

    def __init__(self, now: dt.datetime) -> None:
        self.now = now

    def __call__(self) -> dt.datetime:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock(dt.datetime(2026, 11, 30, 9, 0, 0))


@pytest.fixture
def memory(settings: Settings, clock: Clock) -> Iterator[Memory]:
    with Memory.open(settings, clock=clock) as mem:
        yield mem


@pytest.fixture
def systemd(tmp_path: Path) -> Iterator[Systemd]:
    """A NOTIFY_SOCKET listener: what a service tells systemd, in order."""
    listener = Systemd(tmp_path / "notify")
    yield listener
    listener.close()
