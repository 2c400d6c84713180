"""Deleted household text leaves the database files, whatever SQLite's build default.

Debian builds SQLite with secure_delete on; other builds leave it off, and then a
deleted row's bytes stay in the page's free space until something else overwrites
them. Each test runs the real store on a connection whose default is off (set the
moment it is opened, as such a build would have it), deletes through the store's own
API, closes it (which checkpoints any WAL into the file) and reads the file's bytes.
"""

from __future__ import annotations

import datetime as dt
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from appliance.brain.threads import Threads
from appliance.config import Settings
from appliance.household import HouseholdStore
from appliance.memory import Memory

MARKER = "Zanzibarquux"  # a word that appears nowhere else in a fresh database


@pytest.fixture(autouse=True)
def _default_off(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every new connection starts with secure_delete off, like a build that leaves it off."""
    connect = sqlite3.connect

    def off_by_default(*args, **kwargs):  # type: ignore[no-untyped-def]
        conn = connect(*args, **kwargs)
        conn.execute("PRAGMA secure_delete = OFF")
        return conn

    monkeypatch.setattr(sqlite3, "connect", off_by_default)
    yield


def _in_files(path: Path) -> bool:
    """Whether the marker is in the database or anything SQLite left beside it."""
    return any(
        MARKER.encode() in p.read_bytes() for p in path.parent.glob(path.name + "*") if p.is_file()
    )


def test_a_swept_chat_message_is_gone_from_chat_sqlite(data_dir: Path) -> None:
    now = dt.datetime(2026, 12, 1, 9, 0)
    threads = Threads.open(data_dir, retention_days=7, clock=lambda: now)
    threads.add("kitchen", "user", f"the code for {MARKER} is in the drawer")
    threads.add("kitchen", "assistant", "Noted.")
    threads.close()
    path = data_dir / "state" / "chat.sqlite"
    assert _in_files(path)  # the positive control: it was written
    later = Threads.open(data_dir, retention_days=7, clock=lambda: now + dt.timedelta(days=8))
    assert later.count() == 0  # swept on opening
    later.close()
    assert not _in_files(path)


def test_a_removed_shopping_item_is_gone_from_household_sqlite(data_dir: Path) -> None:
    with HouseholdStore.open(data_dir) as store:
        store.add_items([f"{MARKER} tablets", "milk"])
    path = data_dir / "state" / "household.sqlite"
    assert _in_files(path)
    with HouseholdStore.open(data_dir) as store:
        store.remove_items([f"{MARKER} tablets"])
        assert [i.name for i in store.items()] == ["milk"]
    assert not _in_files(path)


def test_a_discarded_proposal_is_gone_from_index_sqlite(settings: Settings) -> None:
    with Memory.open(settings) as memory:
        proposal = memory.propose(f"Sam keeps {MARKER} in the shed", "household")
    path = settings.data_dir / "index.sqlite"
    assert _in_files(path)
    with Memory.open(settings) as memory:
        memory.discard(proposal.id, actor="cli")
    assert not _in_files(path)
