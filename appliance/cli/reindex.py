"""`hearth reindex`: rebuild the recall index from the markdown files."""

from __future__ import annotations

import argparse
import sys
import time
from typing import TextIO

from appliance.cli.common import Commands
from appliance.config import Settings


class ProgressBar:
    """One line on stderr, redrawn when the percentage moves; silent when not a terminal."""

    def __init__(self, label: str, stream: TextIO | None = None, width: int = 30) -> None:
        self.label = label
        self.stream = stream or sys.stderr
        self.width = width
        self._shown = -1
        self._live = self.stream.isatty()

    def __call__(self, done: int, total: int) -> None:
        percent = 100 if total <= 0 else done * 100 // total
        if not self._live or percent == self._shown:
            return
        self._shown = percent
        filled = self.width * percent // 100
        bar = "#" * filled + "-" * (self.width - filled)
        self.stream.write(f"\r{self.label} [{bar}] {percent:3d}% ({done}/{total})")
        self.stream.flush()

    def finish(self) -> None:
        if self._live and self._shown >= 0:
            self.stream.write("\n")
            self.stream.flush()


def reindex(args: argparse.Namespace, settings: Settings) -> int:
    from appliance.composition import open_memory

    started = time.perf_counter()
    bar = ProgressBar("reading facts")
    with open_memory(settings) as memory:
        counts = memory.reindex(actor="cli", progress=bar)
        mode = memory.recall_mode
    bar.finish()
    seconds = time.perf_counter() - started
    print(f"reindexed {counts.describe()} in {seconds:.1f} s; recall is in {mode} mode")
    return 0


def register(top: Commands) -> None:
    sub = top.add_parser(
        "reindex",
        help="rebuild the recall index from the fact files",
        description="Rebuild index.sqlite from memory/ and inbox/ (the files "
        "are the truth; the index is derived).",
    )
    sub.set_defaults(handler=reindex)
