"""Putting right, in the very next message, what was just done: by one thread and by a
phone that resends its history each turn.

    python -m benchmarks.put_right [--baseline REV] [--show]
        # results/put_right_heldout.md and .png

- data/put_right_heldout.json: 80 cases a helper wrote from a brief without reading the
  code, committed before any run (see its _brief.md). The clock is fixed at Saturday
  12 December 2026, 10:40. Each case is one to three turns: something done, then changed,
  swapped, moved or taken back ("make that 2 bags", "no 15 not 50", "actually tomorrow",
  "cancel that and do 8 instead"), another like it, two things at once; and 20 controls:
  a change said as a conversation's first message, where nothing may change, and a remark
  after a change that changes nothing.
- Each conversation runs twice through the appliance's own router and brain
  (conversations.py): in one thread, as the voice, the CLI and the web page keep one, and
  as an OpenAI-style phone that starts afresh each turn with its whole history resent. The
  rules at the baseline (from git) and now run side by side.

Counted by daily_loop's `outcome`: right, reply wrong, nothing done, wrong. Measures,
never asserts.
"""

from __future__ import annotations

import sys
from pathlib import Path

from benchmarks.conversations import read_by_each_client, run_split
from benchmarks.daily_loop import outcome

HERE = Path(__file__).resolve().parent
SPLIT = HERE / "data" / "put_right_heldout.json"
BASELINE = "9e6c44c"  # the last commit of code before this split


def main() -> int:
    return run_split(
        SPLIT,
        BASELINE,
        "put_right_heldout",
        "Putting right what was just done, in one thread and by a phone",
        outcome,
        (("right", "#4a8"), ("reply wrong", "#db4"), ("nothing done", "#48c"), ("wrong", "#c44")),
        reads=read_by_each_client,
    )


if __name__ == "__main__":
    sys.exit(main())
