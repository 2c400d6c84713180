"""Snapshots and restore: everything comes back, and a damaged snapshot is refused."""

from __future__ import annotations

import gzip
import io
import json
import sqlite3
import stat
import subprocess
import sys
import tarfile
import time
from pathlib import Path

import pytest

from appliance.cli import main
from appliance.config import Settings
from appliance.memory import Memory
from appliance.service.backup import (
    MANIFEST,
    BackupError,
    back_up,
    read_snapshot,
    snapshots,
)
from appliance.service.restore import restore


def _household(settings: Settings) -> None:
    """A data dir with every kind of thing a snapshot holds."""
    with Memory.open(settings) as memory:
        memory.add("Sam is allergic to peanuts", "health", links=["Sam"])
        memory.add("The bins go out on Thursday", "routine")
        doubted = memory.add("The stopcock is under the stairs", "household")
        memory.doubt(doubted.id)
        memory.propose("Grandma's birthday is on the 3rd of March", "event")
        gone = memory.propose("Mia is learning the violin", "note")
        memory.discard(gone.id, actor="panel", reason="not true")
    (settings.data_dir / "household.md").write_text("# Our house\nWe are vegetarian.\n")
    state = settings.data_dir / "state"
    state.mkdir(mode=0o700, exist_ok=True)
    with sqlite3.connect(state / "chat.sqlite") as db:
        db.execute("CREATE TABLE turns (id INTEGER PRIMARY KEY, text TEXT)")
        db.executemany("INSERT INTO turns (text) VALUES (?)", [("hi",), ("what's for tea?",)])


def _content(settings: Settings) -> dict[str, bytes]:
    """Every household file by its place, the databases by their rows."""
    found = {f"memory/{p.name}": p.read_bytes() for p in Path(settings.memory_dir).glob("*.md")}
    found |= {f"inbox/{p.name}": p.read_bytes() for p in Path(settings.inbox_dir).glob("*.md")}
    for name in ("tombstones.jsonl", "audit.jsonl", "household.md"):
        path = settings.data_dir / name
        if path.exists():
            found[name] = path.read_bytes()
    chat = settings.data_dir / "state" / "chat.sqlite"
    if chat.exists():
        with sqlite3.connect(chat) as db:
            found["chat rows"] = repr(db.execute("SELECT * FROM turns").fetchall()).encode()
    return found


@pytest.fixture
def fresh(tmp_path: Path) -> Settings:
    return Settings.for_data_dir(tmp_path / "restored", semantic=False)


def test_restore_brings_back_everything(
    settings: Settings, fresh: Settings, tmp_path: Path
) -> None:
    _household(settings)
    made = back_up(settings, tmp_path / "usb")
    assert made.path.parent == tmp_path / "usb"
    done = restore(fresh, made.path)
    before, after = _content(settings), _content(fresh)
    restored_audit = after.pop("audit.jsonl")
    assert restored_audit.startswith(before.pop("audit.jsonl"))  # then reindex + restore lines
    assert after == before
    assert (done.facts, done.proposals) == (3, 1)
    with Memory.open(fresh) as memory:
        assert memory.audit.verify().ok
        best = memory.recall("who is allergic to peanuts?")[0]
        assert best.fact.id == "sam-allergic-peanuts"
        assert [e.action for e in memory.audit.entries()][-1] == "restore"
        assert memory.facts("doubted")


def test_snapshot_is_private_and_leaves_out_what_is_derived_or_secret(
    settings: Settings, tmp_path: Path
) -> None:
    _household(settings)
    (settings.data_dir / "web.token").write_text("secret-token")
    made = back_up(settings, tmp_path / "out")
    assert stat.S_IMODE(made.path.stat().st_mode) == 0o600
    names = set(read_snapshot(made.path))
    assert "memory/sam-allergic-peanuts.md" in names and "state/chat.sqlite" in names
    assert not {n for n in names if "index" in n or "token" in n or n.startswith("models")}
    assert not list((tmp_path / "out").glob("*.tmp")) and not list((tmp_path / "out").glob(".*"))


def test_only_the_newest_snapshots_are_kept(settings: Settings, tmp_path: Path) -> None:
    _household(settings)
    moments = iter(range(10))

    def now():
        import datetime as dt

        return dt.datetime(2026, 12, 1, 3, 30, next(moments), tzinfo=dt.UTC)

    for _ in range(5):
        back_up(settings, tmp_path / "b", keep=3, now=now)
    kept = [p.name for p in snapshots(tmp_path / "b")]
    assert kept == [f"hearth-backup-20261201T0330{s:02d}Z.tar.gz" for s in (2, 3, 4)]


def test_a_snapshot_that_cannot_be_written_keeps_the_older_ones_and_leaves_no_temp_file(
    settings: Settings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import datetime as dt
    import errno

    from appliance import files

    _household(settings)
    folder = tmp_path / "b"
    older = back_up(settings, folder, now=lambda: dt.datetime(2026, 12, 1, 3, 30, tzinfo=dt.UTC))

    def full(temp: Path, target: Path) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(files, "commit_temp", full)
    with pytest.raises(BackupError, match="No space left on device.*older snapshots are kept"):
        back_up(settings, folder, now=lambda: dt.datetime(2026, 12, 2, 3, 30, tzinfo=dt.UTC))
    assert sorted(p.name for p in folder.iterdir()) == [older.path.name]


def test_configured_memory_and_inbox_folders_are_the_ones_backed_up(tmp_path: Path) -> None:
    moved = Settings.for_data_dir(
        tmp_path / "data",
        semantic=False,
        memory_dir=tmp_path / "elsewhere" / "facts",
        inbox_dir=tmp_path / "elsewhere" / "waiting",
    )
    _household(moved)
    names = set(read_snapshot(back_up(moved, tmp_path / "b").path))
    assert "memory/sam-allergic-peanuts.md" in names
    assert any(n.startswith("inbox/") for n in names)


# The writer is a fresh interpreter, not a fork: a forked child inherits the parent's
# model threads (onnxruntime, tokenizers) without them, and can hang holding the store lock.
# Writes until its stdin closes (the backup is made), then once more, so the live memory
# always ends ahead of the cut however long a loaded machine takes over the backup (a
# writer that stopped by the clock once finished inside a slow backup, and the live count
# equalled the backup's). A minute at most, whatever happens to the parent.
_WRITER = """
import sys, threading, time
from appliance.config import Settings
from appliance.memory import Memory
settings = Settings.for_data_dir(sys.argv[1])
told = threading.Event()
threading.Thread(target=lambda: (sys.stdin.read(), told.set()), daemon=True).start()
give_up = time.monotonic() + 60
with Memory.open(settings) as memory:
    n = 0
    print("writing", flush=True)
    while not told.is_set() and time.monotonic() < give_up:
        n += 1
        memory.add(f"Jar number {n} is in the pantry", "household")
    memory.add(f"Jar number {n + 1} is in the pantry", "household")
"""


def test_backup_while_a_writer_runs_is_a_consistent_cut(
    settings: Settings, fresh: Settings, tmp_path: Path
) -> None:
    _household(settings)
    child = subprocess.Popen(
        [sys.executable, "-c", _WRITER, str(settings.data_dir)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout is not None and child.stdout.readline() == "writing\n"
        time.sleep(1.0)
        made = back_up(settings, tmp_path / "b")
    finally:
        assert child.stdin is not None
        child.stdin.close()
        assert child.wait(60) == 0
    restore(fresh, made.path)
    with Memory.open(fresh) as memory:
        assert memory.audit.verify().ok
        jars = [f for f in memory.facts() if f.text.startswith("Jar number")]
        written = {e.fact_id for e in memory.audit.entries() if e.action == "write"}
        assert jars  # the writer was mid-flight
        assert {f.id for f in memory.facts()} == written  # every file has its line, and back
        assert memory.check() == []
    with Memory.open(settings) as memory:
        assert len([f for f in memory.facts() if f.text.startswith("Jar")]) > len(jars)


def _rewrite(snapshot: Path, out: Path, change) -> Path:
    """Copy a snapshot member by member, letting `change` alter (name, data)."""
    with tarfile.open(snapshot, "r:gz") as src, tarfile.open(out, "w:gz") as dst:
        for info in src:
            data = src.extractfile(info).read()
            name, data = change(info.name, data)
            if name is None:
                continue
            new = tarfile.TarInfo(name)
            new.size = len(data)
            dst.addfile(new, io.BytesIO(data))
    return out


def _assert_untouched(target: Settings) -> None:
    assert not target.data_dir.exists() or not any(
        p for p in target.data_dir.rglob("*") if p.name != ".lock" and p.is_file()
    )


def test_a_truncated_snapshot_is_refused_and_nothing_is_written(
    settings: Settings, fresh: Settings, tmp_path: Path
) -> None:
    _household(settings)
    made = back_up(settings, tmp_path / "b")
    cut = tmp_path / "cut.tar.gz"
    cut.write_bytes(made.path.read_bytes()[: made.size // 2])
    with pytest.raises(BackupError, match="truncated or damaged"):
        restore(fresh, cut)
    _assert_untouched(fresh)
    restore(fresh, made.path)  # positive control: the whole one restores


def test_an_altered_member_is_refused(settings: Settings, fresh: Settings, tmp_path: Path) -> None:
    _household(settings)
    made = back_up(settings, tmp_path / "b")

    def edit(name: str, data: bytes):
        if name == "memory/sam-allergic-peanuts.md":
            return name, data.replace(b"peanuts", b"walnuts")
        return name, data

    altered = _rewrite(made.path, tmp_path / "altered.tar.gz", edit)
    with pytest.raises(BackupError, match="does not match its checksum"):
        restore(fresh, altered)
    _assert_untouched(fresh)
    unchanged = _rewrite(made.path, tmp_path / "same.tar.gz", lambda n, d: (n, d))
    restore(fresh, unchanged)  # positive control: a faithful copy passes every check


def test_a_dropped_member_or_rewritten_manifest_is_refused(
    settings: Settings, fresh: Settings, tmp_path: Path
) -> None:
    _household(settings)
    made = back_up(settings, tmp_path / "b")
    dropped = _rewrite(
        made.path,
        tmp_path / "dropped.tar.gz",
        lambda n, d: (None, d) if n == "tombstones.jsonl" else (n, d),
    )
    with pytest.raises(BackupError, match="does not match its manifest"):
        restore(fresh, dropped)

    def forge(name: str, data: bytes):
        if name == MANIFEST:
            body = json.loads(data)
            body["files"]["household.md"]["size"] = 1
            return name, json.dumps(body).encode()
        return name, data

    with pytest.raises(BackupError, match="manifest does not match its checksum"):
        restore(fresh, _rewrite(made.path, tmp_path / "forged.tar.gz", forge))
    _assert_untouched(fresh)


def test_a_member_outside_the_layout_is_refused(
    settings: Settings, fresh: Settings, tmp_path: Path
) -> None:
    _household(settings)
    made = back_up(settings, tmp_path / "b")
    escape = _rewrite(
        made.path,
        tmp_path / "escape.tar.gz",
        lambda n, d: ("../../etc/evil.md", d) if n == "household.md" else (n, d),
    )
    with pytest.raises(BackupError, match="which no Hearth snapshot does"):
        restore(fresh, escape)
    assert not (tmp_path / "etc").exists()
    _assert_untouched(fresh)


def test_not_a_snapshot_at_all_is_refused(fresh: Settings, tmp_path: Path) -> None:
    junk = tmp_path / "junk.tar.gz"
    junk.write_bytes(gzip.compress(b"hello"))
    with pytest.raises(BackupError):
        restore(fresh, junk)
    with pytest.raises(BackupError, match="no snapshot at"):
        restore(fresh, tmp_path / "missing.tar.gz")


def test_restore_refuses_a_data_dir_with_household_data(
    settings: Settings, fresh: Settings, tmp_path: Path
) -> None:
    _household(settings)
    made = back_up(settings, tmp_path / "b")
    with Memory.open(fresh) as memory:
        memory.add("The cat is called Biscuit", "note")
    with pytest.raises(BackupError, match="already holds household data"):
        restore(fresh, made.path)
    with Memory.open(fresh) as memory:
        assert [f.id for f in memory.facts()] == ["cat-called-biscuit"]
    done = restore(fresh, made.path, force=True)
    assert done.set_aside is not None
    assert (done.set_aside / "memory" / "cat-called-biscuit.md").exists()  # moved, not lost
    with Memory.open(fresh) as memory:
        assert "cat-called-biscuit" not in {f.id for f in memory.facts()}
        assert memory.audit.verify().ok


def test_backup_and_restore_from_the_command_line(
    settings: Settings,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _household(settings)
    assert main(["backup", "--to", str(tmp_path / "usb"), "--keep", "2"]) == 0
    said = capsys.readouterr().out
    assert said.startswith("backed up ") and "usb" in said
    [snapshot] = snapshots(tmp_path / "usb")
    monkeypatch.setenv("HEARTH_DATA_DIR", str(tmp_path / "new"))
    assert main(["restore", str(snapshot)]) == 0
    assert "3 fact(s), 1 waiting for review; index rebuilt" in capsys.readouterr().out
    assert main(["restore", str(snapshot)]) == 1
    assert "already holds household data" in capsys.readouterr().err
