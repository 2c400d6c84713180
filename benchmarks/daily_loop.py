"""The daily loop in one split: the shopping list, the kitchen timers and the reminders,
said and asked in a household's own words, on a weekday morning.

    python -m benchmarks.daily_loop [--baseline REV] [--show]
        # results/daily_loop_heldout.md and .png

- data/daily_loop_heldout.json: 90 cases a helper wrote from a brief without reading the
  code, committed before any run (see its _brief.md). The clock is fixed at Thursday
  10 December 2026, 08:15, a morning where the other splits of the list, the timers and
  the reminders are set on a Monday evening. Each case's turns go, in one conversation,
  through the appliance's own router and brain (conversations.py); `expect` is every record
  afterwards: the whole list (a word of each item), every running timer (a word of its
  name, or none, and the seconds left) and every reminder (its words, when it first comes,
  its rule of days and its last day). `reply_has` / `reply_lacks` say what the last reply
  must or must not say. The rules at the baseline (from git) and now run side by side.

list_timers_said.py counts its split by the same `outcome` (its cases expect no reminder).

Each case is counted as: "right" (every record as expected and the last reply says what
it must); "reply wrong" (the records are right, the reply is not); "nothing done" (a
record was expected and none is held); "wrong" (a record nobody asked for, or one missed
or misplaced). Measures, never asserts.
"""

from __future__ import annotations

import sys
from pathlib import Path

from benchmarks.conversations import run_split
from benchmarks.reminders_said import matched, reminder_holds, reply_right, words

HERE = Path(__file__).resolve().parent
SPLIT = HERE / "data" / "daily_loop_heldout.json"
BASELINE = "06efc24"  # the last commit of code before this split


def item_holds(want: dict, name: str) -> bool:
    return words(want["about"]) <= words(name)


def timer_holds(want: dict, timer: dict) -> bool:
    named = want.get("about") is None or (
        timer["name"] is not None and words(want["about"]) <= words(timer["name"])
    )
    return named and abs(want["seconds"] - timer["seconds"]) <= 1


def _records_right(case: dict, after: dict) -> bool:
    expect = case["expect"]
    return (
        matched(expect.get("list", []), after["list"], item_holds)
        and matched(expect.get("timers", []), after["timers"], timer_holds)
        and matched(expect.get("reminders", []), after["reminders"], reminder_holds)
    )


def outcome(case: dict, read: dict) -> str:
    after = read["after"]
    if _records_right(case, after):
        return "right" if reply_right(case, read["replies"][-1]) else "reply wrong"
    expect = case["expect"]
    wanted = expect.get("list") or expect.get("timers") or expect.get("reminders")
    if wanted and not (after["list"] or after["timers"] or after["reminders"]):
        return "nothing done"
    return "wrong"


def main() -> int:
    return run_split(
        SPLIT,
        BASELINE,
        "daily_loop_heldout",
        "The daily loop (the list, the timers, the reminders) said on a weekday morning",
        outcome,
        (("right", "#4a8"), ("reply wrong", "#db4"), ("nothing done", "#48c"), ("wrong", "#c44")),
    )


if __name__ == "__main__":
    sys.exit(main())
