"""A full disk: every memory command says so in one line, nothing is lost, doctor fails.

The disk is real: a small tmpfs mounted for the test (the suite runs as root, as CI
does) and filled until the kernel answers ENOSPC. Nothing here is simulated.
"""

from __future__ import annotations

import errno
import hashlib
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from appliance.cli import main
from appliance.cli.doctor import BROKEN, FULL_DISK_BYTES, check_disk
from appliance.config import Settings
from appliance.errors import DiskFull
from appliance.files import append_line, write_temp
from appliance.memory import Memory

DISK_BYTES = 48 * 1024 * 1024  # above doctor's threshold while empty, so the control passes


@pytest.fixture
def disk(tmp_path: Path) -> Iterator[Path]:
    """A private tmpfs of DISK_BYTES, unmounted afterwards whatever the test did."""
    assert os.geteuid() == 0, "this test mounts a tmpfs: run the suite as root, as CI does"
    where = tmp_path / "disk"
    where.mkdir()
    subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={DISK_BYTES},mode=0700", "hearth-test", where],
        check=True,
    )
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", where], check=False)


def _fill(disk: Path) -> Path:
    """Write zeros until the kernel refuses: the disk is then truly full."""
    filler = disk / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT, 0o600)
    block = bytes(64 * 1024)
    try:
        while True:
            try:
                os.write(fd, block)
            except OSError as exc:
                assert exc.errno == errno.ENOSPC
                break
        while True:  # the last partial block too
            try:
                if os.write(fd, b"\0") == 0:
                    break
            except OSError:
                break
    finally:
        os.close(fd)
    return filler


def _state(data: Path) -> dict[str, str]:
    """Every household file's sha256 (the index is derived, and may be rebuilt)."""
    return {
        str(p.relative_to(data)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(data.rglob("*"))
        if p.is_file() and not p.name.startswith("index.sqlite") and p.name != ".lock"
    }


COMMANDS = [
    ["memory", "list"],
    ["memory", "recall", "peanuts"],
    ["memory", "add", "The bins go out on Thursday", "--type", "routine"],
    ["memory", "check"],
    ["inbox", "propose", "Grandma's birthday is in March", "--type", "event"],
    ["review", "list"],
    ["audit", "verify"],
    ["reindex"],
]


@pytest.mark.parametrize("index_kept", [False, True], ids=["index-rebuilt", "index-kept"])
def test_every_memory_command_on_a_full_disk_says_so_in_one_line_and_loses_nothing(
    disk: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    index_kept: bool,
) -> None:
    data = disk / "data"
    monkeypatch.setenv("HEARTH_DATA_DIR", str(data))
    monkeypatch.setenv("HEARTH_SEMANTIC", "false")
    settings = Settings.for_data_dir(data, semantic=False)
    with Memory.open(settings) as memory:
        memory.add("Sam is allergic to peanuts", "health")
        memory.propose("Mia is learning the violin", "note")
    if not index_kept:
        for path in data.glob("index.sqlite*"):
            path.unlink()  # opening then has to build it: the case that crashed
    before = _state(data)
    filler = _fill(disk)
    for command in COMMANDS:
        code = main(command)  # a traceback here is an uncaught exception: the test fails
        said = capsys.readouterr()
        assert code == 1, (command, said.out)
        [line] = said.err.splitlines()
        assert line.startswith("hearth: the disk holding") and "is full" in line, line
        assert "nothing was changed" in line
    assert _state(data) == before  # nothing lost, nothing half-written
    assert not [p for p in data.rglob("*.tmp")]
    # The positive control: with room again, the same commands work and the chain holds.
    filler.unlink()
    assert main(["memory", "add", "The bins go out on Thursday", "--type", "routine"]) == 0
    assert main(["memory", "list"]) == 0
    assert "Sam is allergic to peanuts" in capsys.readouterr().out
    assert main(["audit", "verify"]) == 0


def test_a_write_the_disk_refuses_leaves_no_temp_file_and_no_torn_line(disk: Path) -> None:
    log = disk / "audit.jsonl"
    append_line(log, '{"seq": 1}\n')
    _fill(disk)
    with pytest.raises(DiskFull, match="is full"):
        write_temp(disk / "fact.md", b"x" * 100_000)
    assert [p.name for p in disk.iterdir() if p.name.endswith(".tmp")] == []
    with pytest.raises(DiskFull):
        append_line(log, '{"seq": 2, "detail": "' + "x" * 100_000 + '"}\n')
    assert log.read_text() == '{"seq": 1}\n'  # the part that fitted was taken back


def test_doctor_fails_below_what_a_write_needs(
    disk: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    data = disk / "data"
    monkeypatch.setenv("HEARTH_DATA_DIR", str(data))
    settings = Settings.for_data_dir(data, semantic=False)
    with Memory.open(settings) as memory:
        memory.add("Sam is allergic to peanuts", "health")
    [found] = check_disk(settings)
    assert found.state != BROKEN  # the positive control: 48 MB free is enough to write
    filler = _fill(disk)
    [found] = check_disk(settings)
    assert found.state == BROKEN and "a write needs 32 MB" in found.detail
    assert main(["doctor"]) == 1
    out = capsys.readouterr().out
    assert "Traceback" not in out and "is full" in out and out.rstrip().endswith("problems found")
    filler.unlink()
    with filler.open("wb") as handle:  # just under the threshold is broken too
        handle.write(bytes(DISK_BYTES - FULL_DISK_BYTES + 1024 * 1024))
    [found] = check_disk(settings)
    assert found.state == BROKEN
