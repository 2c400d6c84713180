"""`add_fact` and `propose_fact` over stdio on a truly full disk: an error that says so,
and nothing written. The disk is tests/memory/test_full_disk.py's real tmpfs (root)."""

from __future__ import annotations

import hashlib
from pathlib import Path

from tests.memory import test_full_disk as full_disk
from tests.operator.stdio import running_operator

disk = full_disk.disk  # the same private tmpfs fixture, mounted and unmounted per test


def _household_files(data: Path) -> dict[str, str]:
    return {
        str(p.relative_to(data)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(data.rglob("*"))
        if p.is_file() and p.suffix in (".md", ".jsonl", ".head", ".witness")
    }


def test_a_write_on_a_full_disk_is_refused_and_leaves_nothing(disk: Path) -> None:
    with running_operator(disk / "data", "add") as op:
        # Positive control first: with room, the write goes through.
        assert "remembered" in op.text(
            "add_fact", {"text": "The stopcock is under the sink", "type": "household"}
        )
        before = _household_files(op.data_dir)
        filler = full_disk._fill(disk)
        for tool in ("add_fact", "propose_fact"):
            error = op.error(tool, {"text": "The plumber comes on Monday", "type": "event"})
            assert "is full" in error and "nothing was changed" in error
        assert _household_files(op.data_dir) == before
        assert not list(op.data_dir.rglob("*.tmp"))
        filler.unlink()
        assert "remembered" in op.text(
            "add_fact", {"text": "The plumber comes on Monday", "type": "event"}
        )
