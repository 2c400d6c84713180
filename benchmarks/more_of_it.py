"""A second clause said of a fact by its pronoun: kept with the fact when it is a lasting
fact of its own, left out when it is an opinion, something of now, words about Hearth, or
what someone said.

    python -m benchmarks.more_of_it [--show]   # results/more_of_it.md and .png

data/more_of_it_heldout.json: 74 lines a helper wrote from a brief without reading the
code, committed (725ce0f) before any run, each labelled: whether anything lasting is said
(`proposed`), whether the clause after the pronoun belongs on the board too
(`second_kept`), and a word found only in that clause (`second_word`). Every line goes
through `statements.facts_stated` (what the router and the note-taker propose), with the
rules before the clause was read (BASELINE, from git) and now, in one run.

Outcomes, per line: "right" (proposed as labelled, the second clause kept or left as
labelled); "second lost" (a lasting second clause left out: a fact the household told, not
on the board); "second kept wrongly" (an opinion or a moment carded as a fact: a person
must discard it); "missed" (nothing proposed from a lasting fact); "proposed wrongly"
(a card from a line with nothing lasting). Measures, never asserts.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from appliance.brain import statements
from benchmarks.bars import stacked
from benchmarks.baseline import module_at

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results"
SPLIT = HERE / "data" / "more_of_it_heldout.json"
BASELINE = "a1a391d~1"  # the last commit before a clause said by its pronoun was kept
Stated = Callable[[str], list[str]]

KINDS = (
    ("right", "#4a8"),
    ("second lost", "#c84"),
    ("missed", "#999"),
    ("second kept wrongly", "#c44"),
    ("proposed wrongly", "#822"),
)


def outcome(line: dict[str, object], facts: list[str]) -> str:
    if not line["proposed"]:
        return "proposed wrongly" if facts else "right"
    if not facts:
        return "missed"
    kept = str(line["second_word"]).lower() in " ".join(facts).lower()
    if kept == line["second_kept"]:
        return "right"
    return "second kept wrongly" if kept else "second lost"


def kind(line: dict[str, object]) -> str:
    if not line["proposed"]:
        return "nothing lasting"
    return "second is a fact" if line["second_kept"] else "second is not"


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--show", action="store_true", help="every line, before and now")
    parser.add_argument(
        "--rules", help="read 'now' as statements.py was at this commit (725ce0f: the first read)"
    )
    parser.add_argument("--out", default="more_of_it", help="results/<OUT>.md and .png")
    args = parser.parse_args()
    lines = json.loads(SPLIT.read_text(encoding="utf-8"))["lines"]
    before: Stated = module_at(BASELINE, "appliance/brain/statements.py").facts_stated
    now: Stated = statements.facts_stated
    if args.rules:
        now = module_at(args.rules, "appliance/brain/statements.py").facts_stated
    runs = {
        f"before ({BASELINE})": [before(line["said"]) for line in lines],
        "now": [now(line["said"]) for line in lines],
    }
    rows = []
    for label, stated in runs.items():
        for name in ("second is a fact", "second is not", "nothing lasting"):
            counted = Counter(
                outcome(line, facts)
                for line, facts in zip(lines, stated, strict=True)
                if kind(line) == name
            )
            rows.append((label, name, sum(counted.values()), counted))
    heads = " | ".join(name for name, _ in KINDS)
    table = [f"| rules | lines | of | {heads} |", "| --- | --- | ---: |" + " ---: |" * len(KINDS)]
    for label, name, total, counted in rows:
        table.append(
            f"| {label} | {name} | {total} | "
            + " | ".join(str(counted[part]) for part, _ in KINDS)
            + " |"
        )
    print("\n".join(table))
    shown = []
    for n, line in enumerate(lines):
        said = {label: stated[n] for label, stated in runs.items()}
        if args.show or outcome(line, said["now"]) != "right":
            shown.append(f"- [{kind(line)}: {line['second_word']}] {line['said']}")
            shown += [f"  - {label}: {facts}" for label, facts in said.items()]
    if shown:
        print("\n".join(shown))
    RESULTS.mkdir(exist_ok=True)
    rules = f"statements.py at {args.rules}" if args.rules else "the rules now"
    (RESULTS / f"{args.out}.md").write_text(
        "# A second clause said of a fact by its pronoun\n\n`python -m benchmarks.more_of_it`,"
        f' split {SPLIT.name} (held out); "now" is {rules}.\n\n'
        + "\n".join(table)
        + "\n\n"
        + ("Not as labelled now:\n\n" + "\n".join(shown) + "\n" if shown else ""),
        encoding="utf-8",
    )
    stacked(rows, KINDS, RESULTS / f"{args.out}.png", "lines (held out)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
