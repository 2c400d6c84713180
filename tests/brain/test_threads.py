from __future__ import annotations

import datetime as dt
import stat
from pathlib import Path

import pytest

from appliance.brain.threads import BadThreadId, Threads


def test_the_database_is_private_from_the_start(data_dir: Path, clock) -> None:
    threads = Threads.open(data_dir, clock=clock)
    threads.add("t1", "user", "hello there")
    path = data_dir / "state" / "chat.sqlite"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    threads.close()


def test_recent_is_oldest_first_and_bounded(data_dir: Path, clock) -> None:
    threads = Threads.open(data_dir, clock=clock)
    for n in range(10):
        threads.add("t1", "user" if n % 2 == 0 else "assistant", f"message {n}")
    threads.add("other", "user", "not this thread")
    assert [m.text for m in threads.recent("t1", 3)] == ["message 7", "message 8", "message 9"]
    assert threads.count() == 2


def test_recent_can_keep_only_some_routes(data_dir: Path, clock) -> None:
    threads = Threads.open(data_dir, clock=clock)
    threads.add("t1", "user", "remember x", route="remember")
    threads.add("t1", "user", "tell me a joke", route="chat")
    assert [m.text for m in threads.recent("t1", 6, ("chat",))] == ["tell me a joke"]


def test_transcripts_older_than_the_retention_are_swept(data_dir: Path, clock) -> None:
    threads = Threads.open(data_dir, retention_days=7, clock=clock)
    threads.add("old", "user", "eight days ago")
    clock.now += dt.timedelta(days=6)
    threads.add("new", "user", "two days ago")
    clock.now += dt.timedelta(days=2)
    assert threads.sweep() == 1
    assert threads.recent("old") == []
    assert [m.text for m in threads.recent("new")] == ["two days ago"]
    threads.close()
    # A fresh open sweeps too (the appliance restarts more often than an hour passes).
    clock.now += dt.timedelta(days=6)
    assert Threads.open(data_dir, retention_days=7, clock=clock).recent("new") == []


@pytest.mark.parametrize("bad", ["", "../etc", "a b", "x" * 65, "t;DROP"])
def test_bad_thread_ids_are_refused_with_a_clear_error(data_dir: Path, bad: str) -> None:
    threads = Threads.open(data_dir)
    with pytest.raises(BadThreadId, match="thread id"):
        threads.add(bad, "user", "hi")
    assert threads.count() == 0
