"""Reminders said and asked in a household's own words: set once, set to repeat for a
while, asked about by day, changed by name, and sentences that only sound like them.

    python -m benchmarks.reminders_said [--baseline REV] [--show]
        # results/reminders_said_heldout.md and .png

- data/reminders_said_heldout.json: 80 cases a helper wrote from a brief without reading
  the code, committed before any run (see its _brief.md). Each case's turns go, in one
  conversation, through the appliance's own router and brain in a fresh data folder with
  the household's clock fixed at the split's `now` (conversations.py); `expect` is every
  reminder afterwards (its words, when it first comes, its rule of days, its last day),
  and `reply_has` / `reply_lacks` what the last reply must or must not say. The rules at
  the baseline (from git) and now run side by side, in one run.

Each case is counted as: "right" (the records are as expected and the last reply says
what it must); "reply wrong" (the records are right, the reply is not: a day's reminders
asked for and another day's named, say); "nothing set" (a reminder was expected and none
is held); "wrong" (the records hold something nobody asked for, or miss or misplace one).
How many messages reached the chat model is counted beside. Measures, never asserts.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from benchmarks.conversations import expected_with_reply, run_split

HERE = Path(__file__).resolve().parent
SPLIT = HERE / "data" / "reminders_said_heldout.json"
BASELINE = "c77b500"  # the last commit of code before this split


def words(said: str) -> set[str]:
    """Words as compared: lower case, "'s" and a plural "s" taken off."""
    return {w.removesuffix("'s").rstrip("s") for w in re.findall(r"[a-z0-9']+", said.lower())}


def matched(expected: list[dict], held: list, holds) -> bool:
    """Each expected record held once, by `holds`, and nothing else held."""
    left = list(held)
    for want in expected:
        found = next((h for h in left if holds(want, h)), None)
        if found is None:
            return False
        left.remove(found)
    return not left


def _days(every: str | list[str] | None) -> str | None:
    """A rule of days as the records write it: day names in a list are said one after
    another ("tuesday thursday"), as a split may write them."""
    return " ".join(every) if isinstance(every, list) else every


def reminder_holds(expected: dict, held: dict) -> bool:
    return (
        words(expected["about"]) <= words(held["what"])
        and expected["at"] == held["at"]
        and _days(expected.get("every")) == held.get("every")
        and expected.get("until") == held.get("until")
    )


def _records_right(case: dict, after: dict) -> bool:
    """Every reminder expected is held, one each, and nothing else: no other reminder, no
    timer, nothing on the list."""
    if after["timers"] or after["list"]:
        return False
    return matched(case["expect"]["reminders"], after["reminders"], reminder_holds)


def reply_right(case: dict, reply: str) -> bool:
    said = reply.lower()
    return all(w.lower() in said for w in case.get("reply_has", ())) and not any(
        w.lower() in said for w in case.get("reply_lacks", ())
    )


def outcome(case: dict, read: dict) -> str:
    after = read["after"]
    if _records_right(case, after):
        return "right" if reply_right(case, read["replies"][-1]) else "reply wrong"
    if case["expect"]["reminders"] and not after["reminders"]:
        return "nothing set"
    return "wrong"


def main() -> int:
    return run_split(
        SPLIT,
        BASELINE,
        "reminders_said_heldout",
        "Reminders said and asked in a household's words",
        outcome,
        (("right", "#4a8"), ("reply wrong", "#db4"), ("nothing set", "#48c"), ("wrong", "#c44")),
        expected=lambda case: expected_with_reply({**case, "expect": case["expect"]["reminders"]}),
    )


if __name__ == "__main__":
    sys.exit(main())
