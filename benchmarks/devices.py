"""Asked to work a thing of the house, or to send, call or order: does Hearth say it cannot,
and only then?

    python -m benchmarks.devices [--show]   # results/devices.md and .png

A fifth outside trial said "switch the immersion on for half an hour" (the model: "The
immersion is switched off for half an hour."), "put Radio Ulster on" (a made-up band) and
"order the messages from Tesco" ("…is in the keyword+semantic mode."). brain/devices.py
answers such requests with a fixed line. Each line of the split goes through the
appliance's own router and brain, as a fresh conversation with empty memory, with the rules
before (BASELINE, from git) and now, in one run; the chat model is a stand-in that only
records being asked (state_questions.BRAIN_REPLIES).

- data/devices_heldout.json: 100 lines a helper wrote from a brief without reading the
  code, committed before any run: 30 `operate`, 25 `send`, 45 `other` (what Hearth can do
  with the same verbs, questions, rules told, recipe steps, words to someone else).

Each reply is counted as the switch line, the send line, "model" (it reached the chat
model) or "other" (any other fixed reply). Measures, never asserts.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

from appliance.brain.devices import NOT_A_SWITCH, NOTHING_LEAVES
from benchmarks.bars import stacked
from benchmarks.baseline import run_at
from benchmarks.state_questions import BRAIN_REPLIES, MODEL_SAID

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results"
SPLIT = HERE / "data" / "devices_heldout.json"
BASELINE = "d683fa1"  # the last commit before the rule
PARTS = ("switch line", "send line", "model", "other")


def outcome(reply: str) -> str:
    if reply == NOT_A_SWITCH:
        return "switch line"
    if reply == NOTHING_LEAVES:
        return "send line"
    return "model" if MODEL_SAID in reply else "other"


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--show", action="store_true", help="every reply, before and now")
    args = parser.parse_args()
    lines = json.loads(SPLIT.read_text())["lines"]
    texts = [line["said"] for line in lines]
    runs = {
        f"before ({BASELINE})": run_at(BASELINE, BRAIN_REPLIES, texts, MODEL_SAID),
        "now": run_at(None, BRAIN_REPLIES, texts, MODEL_SAID),
    }
    rows = []
    for label, replies in runs.items():
        for kind in ("operate", "send", "other"):
            counted = Counter(
                outcome(r) for line, r in zip(lines, replies, strict=True) if line["kind"] == kind
            )
            rows.append((label, kind, sum(counted.values()), counted))
    table = "\n".join(
        [
            "| rules | kind | of | switch line | send line | reached the model | other reply |",
            "| --- | --- | ---: | ---: | ---: | ---: | ---: |",
            *(
                f"| {label} | {kind} | {total} | "
                + " | ".join(str(counted[part]) for part in PARTS)
                + " |"
                for label, kind, total, counted in rows
            ),
        ]
    )
    print(table)
    wanted = {"operate": "switch line", "send": "send line"}
    shown = []
    for n, line in enumerate(lines):
        said = {label: replies[n] for label, replies in runs.items()}
        right = outcome(said["now"]) == wanted.get(line["kind"]) or (
            line["kind"] == "other" and outcome(said["now"]) not in wanted.values()
        )
        if args.show or not right:
            shown.append(f"- [{line['kind']}] {line['said']}")
            shown += [f"  - {label}: {reply}" for label, reply in said.items()]
    if shown:
        print("\n".join(shown))
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "devices.md").write_text(
        f"# Asked to work or send things\n\n`python -m benchmarks.devices`, split "
        f"{SPLIT.name} (held out).\n\n{table}\n\n" + "\n".join(shown) + "\n"
    )
    stacked(
        rows,
        tuple(zip(PARTS, ("#4a8", "#48a", "#c44", "#999"), strict=True)),
        RESULTS / "devices.png",
        "lines (held out)",
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
