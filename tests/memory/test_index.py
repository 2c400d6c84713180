"""The recall index: derived from the files, reconciled by stat, rebuilt when lost."""

from __future__ import annotations

import datetime as dt
import os
import sqlite3
import stat
from pathlib import Path

import pytest

from appliance.cli import main
from appliance.config import Settings
from appliance.memory import Fact, Memory
from appliance.memory.index_rows import SCHEMA_VERSION, Stamp
from appliance.memory.records import Records


def _hand_edits(memory: Memory) -> list[tuple[str | None, str | None]]:
    return [(e.fact_id, e.detail) for e in memory.audit.entries() if e.action == "hand-edit"]


def _write_by_hand(memory: Memory, fact: Fact) -> Path:
    path = memory.memory_dir / f"{fact.id}.md"
    path.write_text(fact.to_text(), encoding="utf-8")
    return path


def _ids(memory: Memory, query: str) -> list[str]:
    return [r.fact.id for r in memory.recall(query)]


def _count_reads(memory: Memory, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    reads: list[str] = []
    real = Records.read

    def counting(self: Records, path: Path, kind: type) -> object:
        reads.append(path.name)
        return real(self, path, kind)

    monkeypatch.setattr(Records, "read", counting)
    return reads


def test_index_is_a_private_wal_database_in_the_data_dir(memory: Memory) -> None:
    memory.add("Sam is allergic to peanuts", "health")
    path = memory.data_dir / "index.sqlite"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert conn.execute("SELECT id, status FROM files").fetchall() == [
            ("sam-allergic-peanuts", "live")
        ]


def test_every_mutation_updates_the_index_in_the_same_call(memory: Memory) -> None:
    fact = memory.add("The dentist is on Mill Road", "place")
    assert _ids(memory, "dentist") == [fact.id]
    memory.doubt(fact.id)
    assert [r.fact.status for r in memory.recall("dentist")] == ["doubted"]
    new = memory.supersede(fact.id, "The dentist is on Station Street")
    assert _ids(memory, "dentist") == [new.id]
    memory.retract(new.id, reason="moved away")
    assert _ids(memory, "dentist") == []
    proposal = memory.propose("Ana teaches Sam piano on Mondays", "person")
    assert memory.index.has_id(proposal.id)
    kept = memory.promote(proposal.id, actor="cli")
    assert _ids(memory, "piano") == [kept.id]
    known = memory.index.known()
    assert f"inbox/{proposal.id}.md" not in known and f"memory/{kept.id}.md" in known
    other = memory.propose("The cat sleeps on the boiler", "note")
    memory.discard(other.id, actor="cli")
    assert not memory.index.has_id(other.id)


def test_an_unchanged_store_is_opened_without_reading_a_file(
    settings: Settings, clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    with Memory.open(settings, clock=clock) as memory:
        for n in range(5):
            memory.add(f"Fact number {n} about the garden shed", "note")
        memory.propose("The shed key is under the pot", "household")
    reads = _count_reads(memory, monkeypatch)
    with Memory.open(settings, clock=clock) as memory:
        # Only the inbox is read on open (recovery settles half-kept proposals).
        assert reads == ["shed-key-pot.md"]
        assert len(memory.recall("shed")) == 5
    assert reads == ["shed-key-pot.md"]


def test_a_changed_file_is_the_only_one_read_on_open(
    settings: Settings, clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    with Memory.open(settings, clock=clock) as memory:
        facts = [memory.add(f"Fact number {n} about the garden shed", "note") for n in range(5)]
    path = memory.memory_dir / f"{facts[2].id}.md"
    path.write_text(path.read_text().replace("garden shed", "garden pond"))
    reads = _count_reads(memory, monkeypatch)
    with Memory.open(settings, clock=clock) as memory:
        assert reads == [path.name]  # the positive control: a changed file is read
        assert _ids(memory, "pond") == [facts[2].id]


def test_a_fact_written_by_hand_is_indexed_and_audited_once(settings: Settings, clock) -> None:
    with Memory.open(settings, clock=clock) as memory:
        memory.add("Sam takes his coffee black", "preference")
    made = Fact(
        id="boiler-service-march",
        type="household",
        text="The boiler service is in March",
        source="household@2026-11-30",
        created=dt.date(2026, 11, 30),
        last_seen=dt.date(2026, 11, 30),
    )
    _write_by_hand(memory, made)
    with Memory.open(settings, clock=clock) as memory:
        assert _ids(memory, "when is the boiler serviced") == [made.id]
        assert _hand_edits(memory) == [(made.id, "added by hand")]
    with Memory.open(settings, clock=clock) as memory:
        assert _hand_edits(memory) == [(made.id, "added by hand")]


def test_a_hand_edit_in_vim_is_recalled_with_its_new_words_and_audited_once(
    settings: Settings, clock
) -> None:
    with Memory.open(settings, clock=clock) as memory:
        fact = memory.add("The stopcock is under the kitchen sink", "household")
    path = memory.memory_dir / f"{fact.id}.md"
    # vim saves by writing a new file and renaming it over the old one.
    temp = path.with_name(".stopcock.swp")
    temp.write_text(path.read_text().replace("under the kitchen sink", "in the utility room"))
    os.replace(temp, path)
    with Memory.open(settings, clock=clock) as memory:
        [hit] = memory.recall("utility room")
        assert hit.fact.text == "The stopcock is in the utility room"
        assert _hand_edits(memory) == [(fact.id, "edited")]
    with Memory.open(settings, clock=clock) as memory:
        assert _hand_edits(memory) == [(fact.id, "edited")]


def test_a_file_deleted_behind_the_index_is_no_longer_recalled_and_is_audited(
    settings: Settings, clock
) -> None:
    with Memory.open(settings, clock=clock) as memory:
        fact = memory.add("The bins go out on Thursday night", "routine")
        kept = memory.add("The recycling goes out on Monday", "routine")
    (memory.memory_dir / f"{fact.id}.md").unlink()
    with Memory.open(settings, clock=clock) as memory:
        assert _ids(memory, "when do the bins go out") == []
        assert _ids(memory, "recycling") == [kept.id]
        assert _hand_edits(memory) == [(fact.id, "deleted by hand")]
    with Memory.open(settings, clock=clock) as memory:
        assert _hand_edits(memory) == [(fact.id, "deleted by hand")]


def test_a_file_added_while_open_is_recalled_without_reopening(memory: Memory) -> None:
    memory.add("Sam takes his coffee black", "preference")
    made = Fact(
        id="tea-for-grandma",
        type="preference",
        text="Grandma drinks green tea",
        source="household@2026-11-30",
        created=dt.date(2026, 11, 30),
        last_seen=dt.date(2026, 11, 30),
    )
    _write_by_hand(memory, made)
    assert _ids(memory, "green tea") == [made.id]
    assert _hand_edits(memory) == [(made.id, "added by hand")]


def test_a_write_whose_index_update_was_lost_is_indexed_without_an_audit(
    settings: Settings, clock
) -> None:
    """A crash between the rename and the index update: the log knows the content."""
    with Memory.open(settings, clock=clock) as memory:
        fact = memory.add("The fuse box is under the stairs", "household")
        memory.index.remove([f"memory/{fact.id}.md"])
    with Memory.open(settings, clock=clock) as memory:
        assert _ids(memory, "fuse box") == [fact.id]
        assert _hand_edits(memory) == []


def test_deleting_index_sqlite_rebuilds_it_with_no_false_hand_edits(
    settings: Settings, clock
) -> None:
    with Memory.open(settings, clock=clock) as memory:
        fact = memory.add("The fuse box is under the stairs", "household")
        memory.propose("The ladder is in the garage", "household")
    for suffix in ("", "-wal", "-shm"):
        Path(f"{memory.data_dir / 'index.sqlite'}{suffix}").unlink(missing_ok=True)
    with Memory.open(settings, clock=clock) as memory:
        assert _ids(memory, "fuse box") == [fact.id]
        assert memory.index.count() == 2
        assert _hand_edits(memory) == []


def test_a_corrupt_index_is_rebuilt_never_fatal(settings: Settings, clock) -> None:
    with Memory.open(settings, clock=clock) as memory:
        fact = memory.add("The fuse box is under the stairs", "household")
    index = memory.data_dir / "index.sqlite"
    for suffix in ("-wal", "-shm"):
        Path(f"{index}{suffix}").unlink(missing_ok=True)
    index.write_bytes(b"this is not a database, it was a power cut\x00" * 200)
    with Memory.open(settings, clock=clock) as memory:
        assert _ids(memory, "fuse box") == [fact.id]
        assert _hand_edits(memory) == []
    with sqlite3.connect(index) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


def test_an_index_damaged_while_open_is_rebuilt_at_the_next_query(memory: Memory) -> None:
    for n in range(200):
        memory.add(f"Fact number {n} about the garden shed and the old lawnmower", "note")
    memory.index._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    index = memory.data_dir / "index.sqlite"
    size = index.stat().st_size
    with index.open("r+b") as handle:  # scribble over everything past the header page
        handle.seek(4096)
        handle.write(os.urandom(size - 4096))
    hits = memory.recall("lawnmower")
    assert len(hits) == 20
    assert _hand_edits(memory) == []


def test_an_index_from_another_schema_version_is_rebuilt(settings: Settings, clock) -> None:
    with Memory.open(settings, clock=clock) as memory:
        fact = memory.add("The fuse box is under the stairs", "household")
    with sqlite3.connect(memory.data_dir / "index.sqlite") as conn:
        conn.execute("UPDATE meta SET value = 'old' WHERE key = 'schema'")
        conn.execute("UPDATE files SET terms = NULL")
    with Memory.open(settings, clock=clock) as memory:
        assert _ids(memory, "fuse box") == [fact.id]
    with sqlite3.connect(memory.data_dir / "index.sqlite") as conn:
        assert conn.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone() == (
            SCHEMA_VERSION,
        )


def test_reindex_rebuilds_from_the_files_and_is_audited(memory: Memory) -> None:
    for n in range(3):
        memory.add(f"Fact number {n} about the garden shed", "note")
    memory.propose("The shed key is under the pot", "household")
    with memory.index.transaction() as conn:
        conn.execute("UPDATE files SET terms = NULL")
    assert memory.recall("shed") == []  # a broken index answers wrongly...
    progress: list[tuple[int, int]] = []
    assert memory.reindex(actor="cli", progress=lambda d, t: progress.append((d, t))) == (3, 1)
    assert len(memory.recall("shed")) == 3  # ...until it is rebuilt
    assert progress[-1] == (4, 4)
    [entry] = [e for e in memory.audit.entries() if e.action == "reindex"]
    assert entry.detail == "3 fact file(s) and 1 inbox file(s)" and _hand_edits(memory) == []
    assert memory.audit.verify().ok


def test_hearth_reindex_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["memory", "add", "The fuse box is under the stairs", "--type", "household"]) == 0
    capsys.readouterr()
    assert main(["reindex"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("reindexed 1 fact file(s) and 0 inbox file(s) in ")
    assert out.endswith("keyword mode\n")


def test_duplicate_words_are_found_through_the_index_fingerprint(memory: Memory) -> None:
    first = memory.add("Sam is allergic to peanuts.", "health")
    assert memory.add("sam: allergic to peanut", "health") == first
    assert len(memory.facts()) == 1


def test_threads_sharing_one_memory_read_and_write_the_index_safely(memory: Memory) -> None:
    """The web server's threads share the process's one connection."""
    import threading

    errors: list[BaseException] = []

    def writer() -> None:
        try:
            for n in range(40):
                memory.add(f"Garden note number {n} about the roses", "note")
        except BaseException as exc:  # reported below
            errors.append(exc)

    def reader() -> None:
        try:
            for _ in range(80):
                memory.recall("garden roses")
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=writer)] + [
        threading.Thread(target=reader) for _ in range(3)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert len(memory.recall("garden roses")) == 20


def test_a_second_thread_waits_for_the_first_threads_index_transaction(memory: Memory) -> None:
    import threading
    import time

    fact = memory.add("The bins go out on Thursday night", "routine")
    inside, release = threading.Event(), threading.Event()
    errors: list[BaseException] = []

    def first() -> None:
        with memory.index.transaction():
            inside.set()
            release.wait(5)

    def second() -> None:
        try:
            memory.index.put(f"memory/{fact.id}.md", fact, Stamp(1, 2, 3), None)
        except BaseException as exc:  # reported below
            errors.append(exc)

    one, two = threading.Thread(target=first), threading.Thread(target=second)
    one.start()
    inside.wait(5)
    two.start()
    time.sleep(0.2)
    assert two.is_alive() and errors == []  # waiting its turn, not failing
    release.set()
    one.join()
    two.join()
    assert errors == []


def test_index_sqlite_deleted_while_open_is_rebuilt_at_the_next_recall(memory: Memory) -> None:
    fact = memory.add("The fuse box is under the stairs", "household")
    for suffix in ("", "-wal", "-shm"):
        Path(f"{memory.data_dir / 'index.sqlite'}{suffix}").unlink(missing_ok=True)
    assert _ids(memory, "fuse box") == [fact.id]
    assert (memory.data_dir / "index.sqlite").exists()
    assert _hand_edits(memory) == []


def test_a_failed_index_update_never_fails_the_write(
    memory: Memory, monkeypatch: pytest.MonkeyPatch
) -> None:
    def locked(*args: object, **kwargs: object) -> None:
        raise sqlite3.OperationalError("database is locked")

    with monkeypatch.context() as patch:
        patch.setattr(memory.index, "put", locked)
        fact = memory.add("The fuse box is under the stairs", "household")
    assert (memory.memory_dir / f"{fact.id}.md").exists()
    assert _ids(memory, "fuse box") == [fact.id]  # caught up from the file
    assert _hand_edits(memory) == []


def test_a_failed_index_update_is_caught_up_even_if_the_folders_look_unchanged(
    memory: Memory, monkeypatch: pytest.MonkeyPatch
) -> None:
    memory.recall("anything")  # the folders' stamps are now current
    before = memory.memory_dir.stat()

    def locked(*args: object, **kwargs: object) -> None:
        raise sqlite3.OperationalError("database is locked")

    with monkeypatch.context() as patch:
        patch.setattr(memory.index, "put", locked)
        fact = memory.add("The fuse box is under the stairs", "household")
    # A coarse clock: the write left memory/'s mtime where it was.
    os.utime(memory.memory_dir, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert _ids(memory, "fuse box") == [fact.id]
    assert _hand_edits(memory) == []


def _count_scans(memory: Memory, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    scans: list[int] = []
    real = memory.reconciler.scan

    def counting(*args: object, **kwargs: object) -> object:
        scans.append(1)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(memory.reconciler, "scan", counting)
    return scans


def test_a_recall_right_after_own_write_reads_no_folder(
    memory: Memory, monkeypatch: pytest.MonkeyPatch
) -> None:
    memory.add("The bins go out on Thursday night", "routine")
    memory.recall("bins")
    scans = _count_scans(memory, monkeypatch)
    fact = memory.add("The recycling goes out on Monday", "routine")
    proposal = memory.propose("The shed key is under the pot", "household")
    memory.discard(proposal.id, actor="cli")
    assert _ids(memory, "recycling") == [fact.id]
    assert scans == []  # our own writes: no stat of every file
    made = Fact(
        id="tea-for-grandma",
        type="preference",
        text="Grandma drinks green tea",
        source="household@2026-11-30",
        created=dt.date(2026, 11, 30),
        last_seen=dt.date(2026, 11, 30),
    )
    _write_by_hand(memory, made)  # the positive control: someone else's change
    assert _ids(memory, "green tea") == [made.id] and scans == [1]
    assert _hand_edits(memory) == [(made.id, "added by hand")]


def test_a_hand_added_file_before_own_write_is_not_masked_by_it(memory: Memory) -> None:
    memory.recall("anything")  # the folders' stamps are now current
    made = Fact(
        id="tea-for-grandma",
        type="preference",
        text="Grandma drinks green tea",
        source="household@2026-11-30",
        created=dt.date(2026, 11, 30),
        last_seen=dt.date(2026, 11, 30),
    )
    _write_by_hand(memory, made)
    memory.add("The recycling goes out on Monday", "routine")  # moves the folder's mtime again
    assert _ids(memory, "green tea") == [made.id]
    assert _hand_edits(memory) == [(made.id, "added by hand")]


def test_a_hand_edit_in_the_same_tick_as_own_write_is_found_at_the_next_open(
    settings: Settings, clock
) -> None:
    with Memory.open(settings, clock=clock) as memory:
        memory.recall("anything")
        memory.add("The recycling goes out on Monday", "routine")
        after_own = memory.memory_dir.stat()
        made = Fact(
            id="tea-for-grandma",
            type="preference",
            text="Grandma drinks green tea",
            source="household@2026-11-30",
            created=dt.date(2026, 11, 30),
            last_seen=dt.date(2026, 11, 30),
        )
        _write_by_hand(memory, made)
        # The same timestamp tick: the folder's mtime is what our own write left.
        os.utime(memory.memory_dir, ns=(after_own.st_atime_ns, after_own.st_mtime_ns))
        assert _ids(memory, "green tea") == []  # no stamp can tell; said in docs/recall.md
        other = Fact(
            id="coffee-for-dad",
            type="preference",
            text="Dad drinks black coffee",
            source="household@2026-11-30",
            created=dt.date(2026, 11, 30),
            last_seen=dt.date(2026, 11, 30),
        )
        _write_by_hand(memory, other)  # a later change to the folder: both are found
        assert _ids(memory, "green tea") == [made.id]
    with Memory.open(settings, clock=clock) as memory:
        assert _ids(memory, "green tea") == [made.id]
        assert sorted(_hand_edits(memory)) == [
            (other.id, "added by hand"),
            (made.id, "added by hand"),
        ]
