"""Power cuts and concurrent writers: a torn write must never lose or corrupt a fact."""

from __future__ import annotations

import os
import random
import signal
import time
from pathlib import Path

from appliance.config import Settings
from appliance.memory import Memory
from appliance.memory.store import AlreadyKnown

KILLS = 200


def _write_forever(settings: Settings, seed: int) -> None:
    """The child: every kind of mutation in a loop, until it is killed."""
    rng = random.Random(seed)
    memory = Memory.open(settings)
    n = 0
    while True:
        n += 1
        text = f"crash test fact {seed} {n} " + rng.choice(["kettle", "toast", "garden", "piano"])
        try:
            choice = rng.random()
            if choice < 0.35:
                memory.add(text, "note")
            elif choice < 0.6:
                memory.propose(text, "note")
            else:
                waiting = memory.proposals()
                live = memory.facts("live")
                if choice < 0.75 and waiting:
                    memory.promote(waiting[0].id, actor="panel")
                elif choice < 0.85 and waiting:
                    memory.discard(waiting[-1].id, actor="panel")
                elif choice < 0.93 and live:
                    memory.doubt(live[0].id)
                elif live:
                    memory.supersede(live[-1].id, text + " corrected")
        except AlreadyKnown:
            pass


def _fork(target, *args) -> int:  # type: ignore[no-untyped-def]
    pid = os.fork()
    if pid == 0:
        try:
            target(*args)
        finally:
            os._exit(0)
    return pid


def test_sigkill_at_random_moments_never_corrupts_the_store(settings: Settings) -> None:
    rng = random.Random(2026)
    Memory.open(settings).close()
    for kill in range(KILLS):
        pid = _fork(_write_forever, settings, kill)
        time.sleep(rng.uniform(0.005, 0.07))
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)

    # Before any recovery: every *.md file parses; temp files are never facts.
    memory = Memory(settings)
    md_files = {p.stem for d in (settings.memory_dir, settings.inbox_dir)
                for p in Path(d).glob("*.md")}
    assert memory.check() == []
    assert {f.id for f in memory.facts()} | {p.id for p in memory.proposals()} == md_files
    mutations = sum(e.action != "recover" for e in memory.audit.entries())
    assert mutations > KILLS, "most kills should land while the children are writing"
    chain = memory.audit.verify()
    assert chain.ok, chain.describe()

    # After recovery the store is clean and the chain still verifies.
    with Memory.open(settings) as memory:
        leftovers = [p for d in (settings.memory_dir, settings.inbox_dir)
                     for p in Path(d).iterdir() if not p.name.endswith(".md")]
        assert leftovers == []
        assert memory.check() == []
        assert memory.audit.verify().ok
        memory.add("written after two hundred power cuts", "note")
        assert memory.audit.verify().ok and not memory.audit.verify().torn_tail


def _add_many(settings: Settings, who: int) -> None:
    memory = Memory.open(settings)
    for n in range(25):
        memory.add(f"writer {who} remembers item {n}", "note", actor=f"writer-{who}")


def test_concurrent_processes_are_serialised_by_the_lock(settings: Settings) -> None:
    Memory.open(settings).close()
    pids = [_fork(_add_many, settings, who) for who in range(4)]
    for pid in pids:
        _, status = os.waitpid(pid, 0)
        assert os.waitstatus_to_exitcode(status) == 0
    with Memory.open(settings) as memory:
        assert len(memory.facts()) == 100
        entries = list(memory.audit.entries())
        assert [e.seq for e in entries] == list(range(1, 101))
        assert memory.audit.verify().ok
