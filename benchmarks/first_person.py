"""A refused fact said again in the first person: held; another fact said so: let through.

    python -m benchmarks.first_person                  # the held-out split, before and now
    python -m benchmarks.first_person --show           # every case read wrongly, now

A twenty-second outside trial discarded "Jayden's girlfriend is Ashley.", and Jayden then
typed "remember that my girlfriend's name is Ashley": it went live. Who speaks is not known,
so memory now reads words said in the first person as of each name the live facts hold
(memory/said_less.py `as_said_of`).

Each line of benchmarks/data/first_person_heldout.jsonl (written by a helper who never read
the code, from the brief beside it, committed before any run) holds the facts a household
keeps, a refused statement, what is said later, and whether it is the same fact. Through a
real Memory with the installed MiniLM: the live facts added, the refused one proposed and
discarded, then whether the later words are held (`ReviewPolicy.said_no_to`), for BASELINE's
`appliance` (read from git, benchmarks/baseline.py) and this tree's, in one run.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

from benchmarks.bars import two_shares
from benchmarks.baseline import run_at

DATA = Path(__file__).resolve().parent / "data"
RESULTS = Path(__file__).resolve().parent / "results"
SPLIT = "first_person_heldout.jsonl"
BASELINE = "2098dbb"  # before the first person was read as of the household's names

# Run with `appliance` as it stands at a commit (or now): whether each later saying is held.
_HELD = """
import json, sys, tempfile
from pathlib import Path
from appliance.composition import open_memory
from appliance.config import Settings
rows = []
for case in json.load(sys.stdin):
    with tempfile.TemporaryDirectory() as folder:
        memory = open_memory(Settings.for_data_dir(Path(folder)))
        try:
            for fact in case["live"]:
                memory.add(fact, "note")
            refused = memory.propose(case["refused"], "note", 0.8)
            memory.discard(refused.id, "cli", "wrong")
            rows.append(memory.review.said_no_to(case["new"]) is not None)
        finally:
            memory.close()
json.dump(rows, sys.stdout)
"""


def cases() -> list[dict]:
    with (DATA / SPLIT).open(encoding="utf-8") as lines:
        return [json.loads(line) for line in lines if line.strip()]


def counted(split: list[dict], held: list[bool]) -> tuple[Counter[str], Counter[str]]:
    """How many of each label were held, and how many there are."""
    kept: Counter[str] = Counter()
    total: Counter[str] = Counter()
    for case, was_held in zip(split, held, strict=True):
        total[case["label"]] += 1
        kept[case["label"]] += was_held
    return kept, total


def table(split: list[dict], runs: dict[str, list[bool]]) -> list[str]:
    lines = [
        "| memory | the same fact held (should be all) | another fact held (should be none) |",
        "| --- | ---: | ---: |",
    ]
    for name, held in runs.items():
        kept, total = counted(split, held)
        same, other = f"{kept['same']}/{total['same']}", f"{kept['different']}/{total['different']}"
        lines.append(f"| {name} | {same} | {other} |")
    return lines


def plot(split: list[dict], runs: dict[str, list[bool]], path: Path) -> None:
    shares = {}
    for name, held in runs.items():
        kept, total = counted(split, held)
        shares[name] = (
            100 * kept["same"] / max(total["same"], 1),
            100 * kept["different"] / max(total["different"], 1),
        )
    labels = ("the same fact held", "another fact held")
    two_shares(shares, labels, path, "% (the first row should be high, the second low)")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--baseline", default=BASELINE, help="a commit read beside this tree")
    parser.add_argument("--show", action="store_true", help="every case read wrongly, now")
    args = parser.parse_args()
    split = cases()
    runs = {
        f"{args.baseline} (before)": run_at(args.baseline, _HELD, split),
        "now": run_at(None, _HELD, split),
    }
    lines = [
        "# A refused fact said again in the first person",
        "",
        f"`python -m benchmarks.first_person` on benchmarks/data/{SPLIT} ({len(split)} cases, "
        "written by a helper who never read the code, committed before any run).",
        "",
        *table(split, runs),
        "",
        "![first person](first_person.png)",
        "",
    ]
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "first_person.md").write_text("\n".join(lines), encoding="utf-8")
    plot(split, runs, RESULTS / "first_person.png")
    print("\n".join(lines))
    if args.show:
        for case, held in zip(split, runs["now"], strict=True):
            if held != (case["label"] == "same"):
                print(f"{case['label']:9} held={held}  {case['refused']!r} -> {case['new']!r}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
