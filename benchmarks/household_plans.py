"""Asked of what the household does and plans: from memory, "I don't know", or the world's?

    python -m benchmarks.household_plans [--baseline REV] [--show]
        # results/household_plans_heldout.md and .png

"when is swimming" names no one and says no "our": with "Ify's swimming is at 6 on
Mondays." kept it is the household's, with nothing kept of swimming the world's. Each case
of the split keeps its facts in a fresh memory, then its question goes through the
appliance's own router and brain, with the rules at the baseline (from git) and now, in one
run. The chat model is a stand-in that only records being asked.

- data/household_plans_heldout.json: questions a helper wrote from a brief without reading
  the code, committed before any run. Each expects `answer` (a kept fact answers it, and
  the reply must quote that fact), `not known` (the household's, nothing kept answers it:
  "I don't know…") or `world` (the model's to answer).

Each reply is counted as: "the fact" (quotes the fact the case names), "another fact" (a
"From memory" without it), "I don't know", "model", or "other". Measures, never asserts.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

from benchmarks.bars import stacked
from benchmarks.baseline import ASKED_MODEL, run_at

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results"
SPLIT = HERE / "data" / "household_plans_heldout.json"
BASELINE = "b903f01"  # the last commit before activities.py
MODEL_SAID = "(the chat model was asked)"

BRAIN_REPLIES = (
    """
import datetime as dt, json, sys, tempfile
from pathlib import Path
from appliance.brain import Brain
from appliance.composition import intent_router, process_embedding
from appliance.config import Settings
from appliance.memory import Memory
"""
    + ASKED_MODEL
    + """
def tuesday_morning():  # a fixed day, so "tonight" and "on Mondays" read the same each run
    return dt.datetime(2026, 12, 1, 10, 0)

out = []
embedding = None
for case in json.load(sys.stdin):
    with tempfile.TemporaryDirectory() as folder:
        settings = Settings.for_data_dir(Path(folder), notetaker=False, chat_tools=False)
        embedding = embedding or process_embedding(settings)
        memory = Memory.open(settings, embedding=embedding, clock=tuesday_morning)
        for fact in case["kept"]:
            memory.add(fact, "event")
        intents = intent_router(settings)
        brain = Brain.open(settings, memory, chat_model=AskedModel(), intents=intents)
        try:
            out.append(brain.reply(case["asked"]).text)
        finally:
            brain.close()
            memory.close()
json.dump(out, sys.stdout)
"""
)
OUTCOMES = ("the fact", "another fact", "I don't know", "model", "other")
RIGHT = {"answer": "the fact", "not known": "I don't know", "world": "model"}


def outcome(reply: str, case: dict[str, object]) -> str:
    if MODEL_SAID in reply:
        return "model"
    if reply.startswith("From memory"):
        fact = str(case.get("answer_from", "")).rstrip(".")
        return "the fact" if fact and fact in reply else "another fact"
    if reply.startswith("I don't know"):
        return "I don't know"
    return "other"


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--baseline", default=BASELINE)
    parser.add_argument("--show", action="store_true", help="every reply, before and now")
    args = parser.parse_args()
    cases = json.loads(SPLIT.read_text())["cases"]
    runs = {
        f"before ({args.baseline})": run_at(args.baseline, BRAIN_REPLIES, cases, MODEL_SAID),
        "now": run_at(None, BRAIN_REPLIES, cases, MODEL_SAID),
    }
    rows = []
    for label, replies in runs.items():
        for expect in RIGHT:
            counted = Counter(
                outcome(r, c) for c, r in zip(cases, replies, strict=True) if c["expect"] == expect
            )
            rows.append((label, expect, sum(counted.values()), counted))
    lines = [
        "| rules | expected | of | as expected | the fact | another fact | I don't know |"
        " model | other |",
        "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for label, expect, total, counted in rows:
        cells = " | ".join(str(counted[o]) for o in OUTCOMES)
        lines.append(f"| {label} | {expect} | {total} | {counted[RIGHT[expect]]} | {cells} |")
    table = "\n".join(lines)
    print(table)
    shown = []
    for n, case in enumerate(cases):
        said = {label: replies[n] for label, replies in runs.items()}
        if args.show or outcome(said["now"], case) != RIGHT[case["expect"]]:
            shown.append(f"- [{case['expect']}] {case['asked']} (kept: {case['kept']})")
            shown += [f"  - {label}: {reply}" for label, reply in said.items()]
    if shown:
        print("\n".join(shown))
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "household_plans_heldout.md").write_text(
        f"# Asked of what the household does and plans\n\n`python -m benchmarks.household_plans"
        f"`, split {SPLIT.name} (held out).\n\n{table}\n\n" + "\n".join(shown) + "\n"
    )
    stacked(
        [(label, expect, total, counted) for label, expect, total, counted in rows],
        (
            ("the fact", "#4a8"),
            ("I don't know", "#48c"),
            ("model", "#c44"),
            ("another fact", "#c84"),
            ("other", "#999"),
        ),
        RESULTS / "household_plans_heldout.png",
        "questions (held out)",
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
