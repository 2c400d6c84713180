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
from collections import Counter
from pathlib import Path

from appliance.household import HouseholdStore, parse, perform
from appliance.household.more import more_of_the_same
from appliance.household.requests import AddItems
from benchmarks.command_lines import _words

DATA = Path(__file__).resolve().parent / "data"
RESULTS = Path(__file__).resolve().parent / "results"
SPLIT = "more_heldout.json"
OUTCOMES = ("right", "nothing added", "wrong add")


def added(first: str, said: str, *, more: bool) -> AddItems | None:
    with tempfile.TemporaryDirectory() as folder, HouseholdStore.open(folder) as store:
        command = parse(first, store.now())
        assert command is not None, first
        perform(store, command, "t")
        read = lambda words: parse(words, store.now())  # noqa: E731
        got = (more_of_the_same(store, said, "t", read) if more else None) or read(said)
    return got if isinstance(got, AddItems) else None


def judged(line: dict, got: AddItems | None) -> str:
    if line["outcome"] == "not_add":
        return "right" if got is None else "wrong add"
    if got is None:
        return "nothing added"
    same = sorted(map(_words, got.items)) == sorted(map(_words, line["items"]))
    return "right" if same else "wrong add"


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--show", action="store_true")
    parser.add_argument("--out", default="more")
    args = parser.parse_args()
    split = json.loads((DATA / SPLIT).read_text(encoding="utf-8"))
    runs = {
        name: [(line, added(split["first"], line["said"], more=on)) for line in split["lines"]]
        for name, on in (("before", False), ("now", True))
    }
    table = [
        "| rules | kind | lines | " + " | ".join(OUTCOMES) + " |",
        "| --- | --- | ---: |" + " ---: |" * 3,
    ]
    for name, rows in runs.items():
        for kind in ("add", "not_add", "all"):
            picked = [judged(line, g) for line, g in rows if kind in ("all", line["outcome"])]
            counts = Counter(picked)
            table.append(
                f"| {name} | {kind} | {len(picked)} | "
                + " | ".join(str(counts[o]) for o in OUTCOMES)
                + " |"
            )
    text = "\n".join(table)
    print(text)
    if args.show:
        for line, got in runs["now"]:
            if (j := judged(line, got)) != "right":
                print(f"{j:13} {line['said']!r} -> {got}")
    RESULTS.mkdir(exist_ok=True)
    heading = f"# More of the same\n\n`python -m benchmarks.more` on `{SPLIT}`\n\n"
    (RESULTS / f"{args.out}.md").write_text(heading + text + "\n", encoding="utf-8")
    _plot(runs, RESULTS / f"{args.out}.png")
    return 0


def _plot(runs: dict[str, list[tuple[dict, AddItems | None]]], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axis = plt.subplots(figsize=(6, 2.2))
    names = list(runs)
    left = [0] * len(names)
    for outcome, colour in zip(OUTCOMES, ("tab:green", "tab:grey", "tab:red"), strict=True):
        counts = [sum(1 for line, g in runs[n] if judged(line, g) == outcome) for n in names]
        axis.barh(names, counts, left=left, color=colour, label=outcome)
        left = [a + b for a, b in zip(left, counts, strict=True)]
    axis.set_xlabel("held-out lines")
    axis.set_title("More of the same", fontsize=9)
    axis.legend(fontsize=7, loc="lower right")
    figure.tight_layout()
    figure.savefig(path, dpi=100)


if __name__ == "__main__":
    raise SystemExit(main())
