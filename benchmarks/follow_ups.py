"""Follow-ups in one conversation: "remind me at 5 to call mum", then "move it to 6".

    python -m benchmarks.follow_ups [--baseline REV] [--show]
        # results/follow_ups_heldout.md and .png

A person sets something, then in the next message changes, extends or takes back what was
just done, often by "it" or "that" alone ("make that a dozen", "add another 2", "and
bread"); and controls, where the next message shares words with a change and asks for none
("how long is left on it?"). Each case's messages go, in one conversation, through the
appliance's own router and brain in a fresh data folder, with the household's clock fixed
at the split's `now`; the records are then read, as the panel would show them. The chat
model is a stand-in that only records being asked. The rules at the baseline (from git)
and now run side by side, in one run.

- data/follow_ups_heldout.json: 80 conversations a helper wrote from a brief without
  reading the code, committed (e2110e4) before any run; `expect` is every timer, reminder
  and list item afterwards.

Each case is counted as: "right" (the records are as expected); "set-up missed" (the first
message, a plain command, changed nothing: the follow-up is not measured); "nothing done"
(the follow-ups left the records as the first message did, where a change was expected);
"wrong" (the records hold something nobody asked for). How many follow-up messages reached
the chat model is counted beside. Measures, never asserts.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from benchmarks.conversations import run_split

HERE = Path(__file__).resolve().parent
SPLIT = HERE / "data" / "follow_ups_heldout.json"
BASELINE = "5cb40b0"  # the last commit before this split

_LEFT_OUT = {"a", "an", "the", "of", "some", "to", "about", "my", "our", "please", "more"}
_NUMBERS = {"one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6"}
_NUMBERS |= {"seven": "7", "eight": "8", "nine": "9", "ten": "10", "twelve": "12"}
_NUMBERS |= {"dozen": "12", "half-dozen": "6"}


def _words(said: str) -> tuple[str, ...]:
    """A record's words as compared: lower case, plurals and small words left out, numbers
    as digits ("a dozen eggs" is "12 egg")."""
    words = re.findall(r"[a-z0-9']+|\d+", said.lower().replace("half a dozen", "half-dozen"))
    return tuple(
        _NUMBERS.get(w, w).removesuffix("'s").removesuffix("s") for w in words if w not in _LEFT_OUT
    )


def _key(records: dict[str, list]) -> tuple:
    """The records as compared: timers by length and name, reminders by moment and errand,
    the list by its items, each in any order."""
    return (
        sorted((t["seconds"], _words(t["name"] or "")) for t in records["timers"]),
        sorted((r["at"], _words(r["what"])) for r in records["reminders"]),
        sorted(_words(item) for item in records["list"]),
    )


def outcome(case: dict, read: dict) -> str:
    expected, after, first = _key(case["expect"]), _key(read["after"]), _key(read["first"])
    if after == expected:
        return "right"
    if first == _key({"timers": [], "reminders": [], "list": []}):
        return "set-up missed"
    return "nothing done" if after == first else "wrong"


def main() -> int:
    return run_split(
        SPLIT,
        BASELINE,
        "follow_ups_heldout",
        "Follow-ups in one conversation",
        outcome,
        (("right", "#4a8"), ("set-up missed", "#999"), ("nothing done", "#48c"), ("wrong", "#c44")),
        axis="conversations (held out)",
        expected=lambda case: [f"expected: {json.dumps(case['expect'])}"],
        first_reply=1,
        asked_as="follow-ups to the model",
    )


if __name__ == "__main__":
    sys.exit(main())
