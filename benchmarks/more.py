"""More of the same: after "add milk to the shopping list", of the next things said, how many
that add more ("oh and eggs too") are added as meant, and how many that do not ("and
what's for dinner?", "and a pinch of salt") add nothing.

    python -m benchmarks.more          # results/more.md and .png
    python -m benchmarks.more --show   # every line not read as meant

Each line is said in a fresh household after the split's first command, in one
conversation, and read as the brain reads it: more of the same first
(household/more.py), then the household's rules (phrases.parse). Twice in one run: with
more.py switched off and on. The split: `more_heldout.json`, 60 lines by a helper who never
read the code, from the brief beside it, committed before its first run (kept as
results/more_first_read.md). Measures, never asserts.
"""

from __future__ import annotations

import argparse
import json
import tempfile

from appliance.household import HouseholdStore, parse, perform
from appliance.household.more import more_of_the_same
from appliance.household.requests import AddItems
from benchmarks.command_lines import DATA, RESULTS, Rows, comparable, report, write_plot

SPLIT = "more_heldout.json"


def added(first: str, said: str, *, more: bool) -> AddItems | None:
    """What `said` adds straight after `first`, in one conversation of a fresh household."""
    with tempfile.TemporaryDirectory() as folder, HouseholdStore.open(folder) as store:
        command = parse(first, store.now())
        assert command is not None, first
        perform(store, command, "t")
        read = lambda words: parse(words, store.now())  # noqa: E731
        got = (more_of_the_same(store, said, "t", read) if more else None) or read(said)
    return got if isinstance(got, AddItems) else None


def judged(line: dict, got: AddItems | None) -> str:
    """As command_lines.py judges: right, nothing done (nothing added), wrong action."""
    if line["outcome"] == "not_add":
        return "right" if got is None else "wrong action"
    if got is None:
        return "nothing done"
    same = sorted(map(comparable, got.items)) == sorted(map(comparable, line["items"]))
    return "right" if same else "wrong action"


def measure(split: dict, *, more: bool) -> Rows:
    rows = []
    for line in split["lines"]:
        got = added(split["first"], line["said"], more=more)
        rows.append(({**line, "kind": line["outcome"]}, judged(line, got), got))
    return rows


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--show", action="store_true")
    parser.add_argument("--out", default="more")
    args = parser.parse_args()
    split = json.loads((DATA / SPLIT).read_text(encoding="utf-8"))
    runs = {name: measure(split, more=on) for name, on in (("before", False), ("now", True))}
    table = report(runs)
    print(table)
    if args.show:
        for line, judgement, got in runs["now"]:
            if judgement != "right":
                print(f"{judgement:13} {line['said']!r} -> {got}")
    RESULTS.mkdir(exist_ok=True)
    heading = f"# More of the same\n\n`python -m benchmarks.more` on `{SPLIT}`\n\n"
    (RESULTS / f"{args.out}.md").write_text(heading + table + "\n", encoding="utf-8")
    write_plot(runs, RESULTS / f"{args.out}.png", "More of the same")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
