"""A command said inside a frame: of sentences where a household command comes after a
preamble ("Sorry to bother you, can you…") or with a reason or an aside ("I'm doing pasta,
set a timer…", "add bin bags, we've got none left"), and controls framed the same way
that ask nothing of the records, how many are read as meant, how many act on nothing, and
how many do what nobody asked.

    python -m benchmarks.framed_commands          # results/framed_commands.md and .png
    python -m benchmarks.framed_commands --show   # every line not read as meant
    python -m benchmarks.framed_commands --split framed_commands_heldout2.json \
        --out framed_commands_heldout2              # the second split

Each line is read by `phrases.parse` at the split's moment, twice in one run: with the
rules before frames.py (the frame switched off) and with them; scored by command_lines.py.

The splits: `framed_commands_heldout.json`, 80 lines by a helper who never read the code,
from the brief beside it, committed before its first run (kept as
results/framed_commands_first_read.md), then read and tuned on; and
`framed_commands_heldout2.json`, 80 lines by a second such helper from the same brief,
committed after that tuning and before its own first run
(results/framed_commands_heldout2_first_read.md). Measures, never asserts.
"""

from __future__ import annotations

from benchmarks.command_lines import main

if __name__ == "__main__":
    raise SystemExit(
        main(
            split="framed_commands_heldout.json",
            off="framed",
            title="A command said inside a frame",
            name="framed_commands",
            module="framed_commands",
        )
    )
