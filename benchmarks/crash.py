"""Power cuts, 1,000 of them: SIGKILL a writer at random moments and check what survived.

    .venv/bin/python benchmarks/crash.py [--kills 1000]

The harness is the crash test's (tests/memory/test_crash.py), run longer than
the default suite affords: a child process loops over every kind of mutation
and reports each one on a pipe after it returned; after every kill the parent
checks that every reported mutation is on disk (before any recovery), then
opens the store (which recovers) and checks that no fact and its replacement
are both recallable, every file reads and the audit chain verifies. Prints a
markdown table and writes benchmarks/results/crash.md. Measures, never asserts.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from appliance.config import Settings  # noqa: E402
from tests.memory.test_crash import torture  # noqa: E402

RESULTS = ROOT / "benchmarks" / "results"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    os.environ["HEARTH_SEMANTIC"] = "false"  # the store's durability, not the embedder's
    with tempfile.TemporaryDirectory() as data:
        settings = Settings.for_data_dir(Path(data), semantic=False)
        started = time.perf_counter()
        result = torture(settings, args.kills, args.seed)
        seconds = time.perf_counter() - started
    rows = [
        (
            "kills (SIGKILL 0-50 ms after the child opened and reported 0-3 mutations; "
            "1 in 5 right after the fork)",
            result.kills,
        ),
        ("kills that came after the child reported at least one mutation", result.among_mutations),
        ("mutations the children reported done", result.reported),
        ("reported mutations missing from disk after a kill", len(result.lost)),
        ("a fact and its replacement both live after an open (findings)", len(result.both_live)),
        ("an unreadable file or a broken chain after an open (findings)", len(result.damaged)),
    ]
    table = "\n".join(["| | |", "|---|---:|", *(f"| {name} | {value} |" for name, value in rows)])
    text = (
        f"# Crash test: {result.kills} power cuts\n\n"
        f"`.venv/bin/python benchmarks/crash.py --kills {args.kills} --seed {args.seed}` "
        f"on {platform.machine()}, Python {platform.python_version()}, "
        f"{os.cpu_count()} cores (load average {os.getloadavg()[0]:.1f} at the end), "
        f"{seconds:.0f} s.\n\n{table}\n"
    )
    for name, found in (
        ("lost", result.lost),
        ("both live", result.both_live),
        ("damaged", result.damaged),
    ):
        if found:
            text += f"\n{name} (first 10):\n\n" + "\n".join(f"- {f}" for f in found[:10]) + "\n"
    print(text)
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "crash.md").write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
