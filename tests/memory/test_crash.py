"""Power cuts and concurrent writers: a torn write must never lose or corrupt a fact."""

from __future__ import annotations

import os
import random
import select
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from appliance.config import Settings
from appliance.errors import HearthError
from appliance.memory import Fact, Memory
from appliance.memory.records import Records
from appliance.memory.tombstones import TombstoneLog
from appliance.memory.writes import Writes

KILLS = 100  # the default suite's run; `benchmarks/crash.py` runs 1,000
CHILD_SILENCE_S = 30.0  # far beyond a mutation's time, even on a loaded machine


def _write_forever(settings: Settings, seed: int, report: int) -> None:
    """The child: every kind of mutation in a loop, until it is killed.

    Each mutation is reported on the `report` pipe after it returned (one short
    line per os.write, so a kill never tears one): the parent then checks that
    everything reported survived.
    """
    rng = random.Random(seed)
    memory = Memory.open(settings)

    def done(*words: str) -> None:
        os.write(report, (" ".join(words) + "\n").encode())

    done("ready")  # opened (and recovered): the parent's clock starts now

    n = 0
    while True:
        n += 1
        text = f"crash test fact {seed} {n} " + rng.choice(["kettle", "toast", "garden", "piano"])
        try:
            choice = rng.random()
            if choice < 0.35:
                done("add", memory.add(text, "note").id)
            elif choice < 0.6:
                done("propose", memory.propose(text, "note").id)
            else:
                waiting = memory.proposals()
                live = memory.facts("live")
                if choice < 0.75 and waiting:
                    done("promote", waiting[0].id, memory.promote(waiting[0].id, actor="panel").id)
                elif choice < 0.85 and waiting:
                    memory.discard(waiting[-1].id, actor="panel")
                    done("discard", waiting[-1].id)
                elif choice < 0.93 and live:
                    done("doubt", memory.doubt(live[0].id).id)
                elif live:
                    done("supersede", live[-1].id, memory.supersede(live[-1].id, text + " x").id)
        except HearthError:
            pass  # already known, or a proposal settled by the recovery of a restart


def _fork(target, *args) -> int:  # type: ignore[no-untyped-def]
    pid = os.fork()
    if pid == 0:
        try:
            target(*args)
        finally:
            os._exit(0)
    return pid


@dataclass
class Torture:
    kills: int = 0
    reported: int = 0  # mutations the children reported as done
    among_mutations: int = 0  # kills that came after at least one reported mutation
    lost: list[str] = field(default_factory=list)  # reported, yet not on disk
    both_live: list[str] = field(default_factory=list)  # a fact and its replacement, after open
    damaged: list[str] = field(default_factory=list)  # unreadable files or a broken chain


def _fact(records: Records, fact_id: str) -> Fact | None:
    try:
        return records.fact(fact_id)
    except HearthError:
        return None


def _lost(line: str, records: Records, tombstoned: set[str]) -> bool:
    """Whether a reported mutation is not (or no longer) on disk."""
    verb, *ids = line.split()
    inbox = {p.stem for p in records.inbox_dir.glob("*.md")}
    if verb == "add":
        return _fact(records, ids[0]) is None
    if verb == "propose":  # waiting, or kept or discarded since (by a later child)
        return not (ids[0] in inbox or _fact(records, ids[0]) or ids[0] in tombstoned)
    if verb == "promote":
        return _fact(records, ids[1]) is None or ids[0] in inbox
    if verb == "discard":
        return ids[0] not in tombstoned or ids[0] in inbox
    if verb == "doubt":  # nothing the children do changes a doubted fact
        fact = _fact(records, ids[0])
        return fact is None or fact.status != "doubted"
    old, new = _fact(records, ids[0]), _fact(records, ids[1])
    return (
        old is None or new is None or old.status != "superseded" or ids[0] not in (new.supersedes)
    )


def torture(settings: Settings, kills: int, seed: int = 2026) -> Torture:
    """SIGKILL a writer `kills` times at random moments; after each kill check the disk.

    Before any recovery: every mutation the child reported is on disk. After
    opening (which recovers): no fact and its replacement are both recallable,
    every file reads, and the audit chain verifies. Four kills in five come 0-50 ms
    after the child has opened the store and reported 0-3 mutations, so they land
    among mutations however loaded the machine; one in five comes 0-50 ms after
    the fork, often mid-recovery.
    """
    rng = random.Random(seed)
    result = Torture()
    Memory.open(settings).close()
    for kill in range(kills):
        read, write = os.pipe()
        pid = _fork(_write_forever, settings, seed * 100_000 + kill, write)
        os.close(write)
        with os.fdopen(read, "rb") as pipe:
            heard = []
            if rng.random() < 0.8:  # else: right after the fork, often mid-recovery
                # The moment is counted in the child's progress, not in wall time, so
                # kills land among mutations however loaded the machine is.
                for _ in range(1 + rng.randrange(4)):  # "ready", then 0-3 mutations
                    # Bounded: a child that never reports (a fork can inherit a lock some
                    # other thread held) is killed like the rest, instead of hanging the run.
                    if not select.select([pipe], [], [], CHILD_SILENCE_S)[0]:
                        break
                    line = pipe.readline()
                    if not line:
                        break
                    heard.append(line)
            time.sleep(rng.uniform(0.0, 0.05))  # somewhere in the next mutation or two
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            lines = [
                line
                for line in (b"".join(heard) + pipe.read()).decode().splitlines()
                if line != "ready"
            ]
        result.kills += 1
        result.reported += len(lines)
        result.among_mutations += bool(lines)
        records = Records(Path(settings.memory_dir), Path(settings.inbox_dir))
        tombstoned = {t.fact_id for t in TombstoneLog(Path(settings.data_dir) / "tombstones.jsonl")}
        result.lost += [
            f"kill {kill}: {line}" for line in lines if _lost(line, records, tombstoned)
        ]
        with Memory.open(settings) as memory:
            facts = {f.id: f for f in memory.facts()}
            for new in facts.values():
                for old_id in new.supersedes:
                    old = facts.get(old_id)
                    if old and {old.status, new.status} <= {"live", "doubted"}:
                        result.both_live.append(f"kill {kill}: {old_id} and {new.id}")
            problems = [f"kill {kill}: {p.path.name}: {p.message}" for p in memory.check()]
            chain = memory.verify_audit()  # the head and every file's line too
            result.damaged += problems + ([] if chain.ok else [f"kill {kill}: {chain.describe()}"])
    return result


def test_sigkill_at_random_moments_loses_nothing_reported_and_never_leaves_both_live(
    settings: Settings,
) -> None:
    result = torture(settings, KILLS)
    assert result.lost == [] and result.both_live == [] and result.damaged == []
    assert result.among_mutations > KILLS // 3, "kills should land among mutations"

    # Afterwards the store is clean, writable, and the chain still verifies.
    with Memory.open(settings) as memory:
        leftovers = [
            p
            for d in (settings.memory_dir, settings.inbox_dir)
            for p in Path(d).iterdir()
            if not p.name.endswith(".md")
        ]
        assert leftovers == []
        memory.add("written after a hundred power cuts", "note")
        assert memory.audit.verify().ok and not memory.audit.verify().torn_tail


def test_a_kill_between_the_two_commits_of_a_supersede_is_finished_by_recover(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The new fact is committed, the old one not yet marked: both recallable until opened."""
    with Memory.open(settings) as memory:
        old = memory.add("The dentist is on Mill Road", "place")
        real = Writes.change_status

        def killed(self: Writes, fact: Fact, status: str, *args: object, **kw: object) -> Fact:
            if status == "superseded":
                raise SystemExit("killed between the two commits")
            return real(self, fact, status, *args, **kw)  # type: ignore[arg-type]

        with monkeypatch.context() as patch:
            patch.setattr(Writes, "change_status", killed)
            with pytest.raises(SystemExit):
                memory.supersede(old.id, "The dentist moved to Station Street")
        both = {r.fact.id for r in memory.recall("dentist")}
        assert len(both) == 2  # the crash left both live...
    with Memory.open(settings) as memory:  # ...and opening (recover) finishes it
        new = next(f for f in memory.facts() if f.supersedes == (old.id,))
        assert memory.get(old.id).status == "superseded" and new.status == "live"
        assert [r.fact.id for r in memory.recall("dentist")] == [new.id]
        [finish] = [e for e in memory.audit.entries(old.id) if e.action == "supersede"]
        assert finish.actor == "hearth" and "after a crash" in (finish.detail or "")
        assert [t.fact_id for t in memory.tombstones] == [old.id]  # refused, as if finished


# Separate interpreters, as the brain, panel and CLI really are (and no fork of a parent
# whose threads may hold locks).
_ADD_MANY = """
import sys
from appliance.config import Settings
from appliance.memory import Memory
who = int(sys.argv[2])
with Memory.open(Settings.for_data_dir(sys.argv[1])) as memory:
    for n in range(25):
        memory.add(f"Jar {n} from shelf {who} is in the pantry", "note", actor=f"writer-{who}")
"""


def test_concurrent_processes_are_serialised_by_the_lock(settings: Settings) -> None:
    Memory.open(settings).close()
    writers = [
        subprocess.Popen([sys.executable, "-c", _ADD_MANY, str(settings.data_dir), str(who)])
        for who in range(4)
    ]
    for writer in writers:
        assert writer.wait(300) == 0
    with Memory.open(settings) as memory:
        assert len(memory.facts()) == 100
        entries = list(memory.audit.entries())
        assert [e.seq for e in entries] == list(range(1, 101))
        assert memory.audit.verify().ok
