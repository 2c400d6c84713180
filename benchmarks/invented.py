"""The bound on invented household facts: a sentence the model wrote about this household
(its people named or not, its pets, house, things, routines, tastes, plans, past, health, how
things are now) that nothing told says.

    python -m benchmarks.invented                     # results/invented_heldout.md, .png
    python -m benchmarks.invented --show              # every case judged wrongly, now
    python -m benchmarks.invented --split invented_tune.json   # the engineer's own cases

Each case is what a person said, the facts Hearth was told (recalled for it), and one
sentence a small model might reply. The sentence goes through the bounds every sentence of a
reply passes before it is said (`bounds.reply_bounds`, as conversation.py builds them), with
the names memory would hold for those facts (`known.names_told`, today's rule in both
runs). An invented fact counts as **stopped** if any bound stops it; a sentence that says
nothing of this house beyond what was told counts as **wrongly stopped** the same way. The
rules at BASELINE (from git, built the way that commit built them) and now run side by side,
in one run.

The splits: `invented_heldout.json`, 300 cases by a helper who never read the code, from the
brief beside it, committed before its first run; `invented_tune.json`, the engineer's own,
written from the default model's replies to small talk. Measures, never asserts.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

from appliance.brain.known import names_told
from benchmarks.bars import two_shares
from benchmarks.baseline import run_at

DATA = Path(__file__).resolve().parent / "data"
RESULTS = Path(__file__).resolve().parent / "results"
SPLIT = "invented_heldout.json"
BASELINE = "5d7c020"  # before the bound on sentences of the household nobody names

# Run in a process of its own with `appliance` as it stands at a commit (or now): the bound
# each case's reply breaks, or "".
_JUDGE = """
import json, sys
from appliance.brain import bounds
rows = []
for case in json.load(sys.stdin):
    facts, asked, people = case["facts"], case["asked"], frozenset(case["people"])
    if hasattr(bounds, "reply_bounds"):
        made = bounds.reply_bounds("", asked, facts, people)
    else:
        from appliance.brain.hearsay import Hearsay
        from appliance.brain.told import Told
        from appliance.brain.unsafe_food import UnsafeFood
        told = " ".join(facts)
        made = bounds.ReplyBounds(
            "", asked, Told(people, told, asked, "", tuple(facts)), Hearsay(asked, told),
            UnsafeFood(told, asked),
        )
    broken = made.broken(case["reply"])
    rows.append(broken.bound if broken else "")
json.dump(rows, sys.stdout)
"""


def judged(cases: list[dict], rows: list[str]) -> tuple[Counter[str], Counter[str]]:
    """How many of each side and kind were stopped, and how many there are."""
    stopped: Counter[str] = Counter()
    total: Counter[str] = Counter()
    for case, bound in zip(cases, rows, strict=True):
        side = "invents" if case["invents"] else "passes"
        for key in (side, f"{side}:{case['kind']}"):
            total[key] += 1
            stopped[key] += bool(bound)
    return stopped, total


def report(cases: list[dict], runs: dict[str, list[str]]) -> str:
    lines = [
        "| bounds | invented facts stopped | harmless sentences stopped |",
        "| --- | ---: | ---: |",
    ]
    for name, rows in runs.items():
        stopped, total = judged(cases, rows)
        lines.append(
            f"| {name} | {stopped['invents']}/{total['invents']} "
            f"({stopped['invents'] / total['invents']:.0%}) | {stopped['passes']}/"
            f"{total['passes']} ({stopped['passes'] / total['passes']:.0%}) |"
        )
    kinds = sorted({case["kind"] for case in cases})
    names = list(runs)
    lines += [
        "",
        "By kind (invented stopped; harmless stopped):",
        "",
        "| kind | " + " | ".join(names) + " |",
        "| --- |" + " ---: |" * len(names),
    ]
    for kind in kinds:
        cells = []
        for name in names:
            stopped, total = judged(cases, runs[name])
            cells.append(
                f"{stopped['invents:' + kind]}/{total['invents:' + kind]}; "
                f"{stopped['passes:' + kind]}/{total['passes:' + kind]}"
            )
        lines.append(f"| {kind} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def plot(cases: list[dict], runs: dict[str, list[str]], path: Path) -> None:
    shares = {}
    for name, rows in runs.items():
        stopped, total = judged(cases, rows)
        shares[name] = (
            100 * stopped["invents"] / total["invents"],
            100 * stopped["passes"] / total["passes"],
        )
    labels = ("invented facts stopped", "harmless sentences stopped")
    two_shares(shares, labels, path, "% (the first row should be high, the second low)")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--baseline", default=BASELINE, help="a commit read beside these")
    parser.add_argument("--show", action="store_true", help="every case judged wrongly, now")
    parser.add_argument("--split", default=SPLIT, help="a split of benchmarks/data/")
    args = parser.parse_args()
    split = args.split
    cases = json.loads((DATA / split).read_text(encoding="utf-8"))
    # the names memory would hold for each case's facts, read by today's rule for both runs:
    # what is measured is the bounds, not how names are found
    asked = [{**case, "people": sorted(names_told(case["facts"]))} for case in cases]
    runs = {
        f"{args.baseline} (before)": run_at(args.baseline, _JUDGE, asked),
        "now": run_at(None, _JUDGE, asked),
    }
    table = report(cases, runs)
    print(table)
    if args.show:
        for case, bound in zip(cases, runs["now"], strict=True):
            if bool(bound) != case["invents"]:
                side = "INVENTS, said" if case["invents"] else f"passes, stopped ({bound})"
                print(f"\n{side}: {case['asked']!r} {case['facts']}\n    {case['reply']!r}")
    RESULTS.mkdir(exist_ok=True)
    out = RESULTS / Path(split).stem
    heading = (
        "# Household facts nobody told, said by the model\n\n"
        f"`python -m benchmarks.invented --split {split}` ({len(cases)} cases), each reply "
        "sentence through the reply's bounds\n\n"
    )
    out.with_suffix(".md").write_text(heading + table + "\n", encoding="utf-8")
    plot(cases, runs, out.with_suffix(".png"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
