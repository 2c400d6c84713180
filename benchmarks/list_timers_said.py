"""The shopping list and the kitchen timers, said and asked in a household's own words:
added to, changed, asked about, and sentences that only sound like them.

    python -m benchmarks.list_timers_said [--baseline REV] [--show]
        # results/list_timers_said_heldout.md and .png

- data/list_timers_said_heldout.json: 80 cases a helper wrote from a brief without reading
  the code, committed before any run (see its _brief.md). Each case's turns go, in one
  conversation, through the appliance's own router and brain in a fresh data folder with
  the household's clock fixed at the split's `now` (conversations.py); `expect` is the
  whole list afterwards (a word of each item) and every running timer (a word of its name,
  or none where none was said, and the seconds left), and `reply_has` / `reply_lacks` what
  the last reply must or must not say. The rules at the baseline (from git) and now run
  side by side, in one run.

Each case is counted as: "right" (the records are as expected and the last reply says
what it must); "reply wrong" (the records are right, the reply is not); "nothing done"
(something was expected on the list or a timer, and nothing is held); "wrong" (the records
hold something nobody asked for, or miss or misplace one). How many messages reached the
chat model is counted beside. Measures, never asserts.
"""

from __future__ import annotations

import sys
from pathlib import Path

from benchmarks.conversations import run_split
from benchmarks.daily_loop import outcome

HERE = Path(__file__).resolve().parent
SPLIT = HERE / "data" / "list_timers_said_heldout.json"
BASELINE = "4b19fbd"  # the last commit of code before this split


def main() -> int:
    return run_split(
        SPLIT,
        BASELINE,
        "list_timers_said_heldout",
        "The shopping list and the timers, said and asked in a household's words",
        outcome,
        (("right", "#4a8"), ("reply wrong", "#db4"), ("nothing done", "#48c"), ("wrong", "#c44")),
    )


if __name__ == "__main__":
    sys.exit(main())
