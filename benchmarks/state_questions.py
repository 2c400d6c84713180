"""Asked how something in the house is now: does Hearth say it cannot see, or guess?

    python -m benchmarks.state_questions [--show]   # results/state_questions.md and .png

An outside check asked "are the candles still on?", "did I leave the iron on?", "is the
back door locked?": each went to the chat model, which made a state up every time ("The
iron was left on."). Hearth has no eyes in the house. Each question of the split goes
through the appliance's own intent router and brain, as a fresh conversation with empty
memory, with the rules before (BASELINE, from git) and now, in one run. The chat model is
a stand-in that only records being asked (what the real model says was seen above:
anything that reaches it is a guess).

- data/state_questions_heldout.json: 100 questions a helper wrote from a brief without
  reading the code, committed (4c9797d) before any run: 50 `state` (how something is now:
  should get "I can't see that from here") and 50 `other` (plans, facts a family tells,
  the world, Hearth's own timers and list, words to someone else: should not).

Each reply is counted as one of: "can't see" (the honest line), "model" (the question
reached the chat model), or "other" (any other fixed reply: a timer's record, "I don't
know … yet", "That sounded meant for Tom"). Measures, never asserts.
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
SPLIT = HERE / "data" / "state_questions_heldout.json"
BASELINE = "d04e27f"  # the last commit before the rule for states now
MODEL_SAID = "(the chat model was asked)"
CANT_SEE = "can't see"

BRAIN_REPLIES = (
    """
import json, sys, tempfile
from pathlib import Path
from appliance.brain import Brain
from appliance.composition import intent_router, open_memory
from appliance.config import Settings
"""
    + ASKED_MODEL
    + """
with tempfile.TemporaryDirectory() as folder:
    settings = Settings.for_data_dir(Path(folder), notetaker=False, chat_tools=False)
    memory = open_memory(settings)
    brain = Brain.open(settings, memory, chat_model=AskedModel(), intents=intent_router(settings))
    try:
        out = [brain.reply(q).text for q in json.load(sys.stdin)]
    finally:
        brain.close()
json.dump(out, sys.stdout)
"""
)


def outcome(reply: str) -> str:
    if MODEL_SAID in reply:
        return "model"
    if reply.startswith("I can't see that from here"):
        return CANT_SEE
    return "other"


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--show", action="store_true", help="every reply, before and now")
    args = parser.parse_args()
    questions = json.loads(SPLIT.read_text())["questions"]
    texts = [q["q"] for q in questions]
    runs = {
        f"before ({BASELINE})": run_at(BASELINE, BRAIN_REPLIES, texts, MODEL_SAID),
        "now": run_at(None, BRAIN_REPLIES, texts, MODEL_SAID),
    }
    kinds = ("state", "other")
    rows = []
    for label, replies in runs.items():
        for kind in kinds:
            counted = Counter(
                outcome(r) for q, r in zip(questions, replies, strict=True) if q["kind"] == kind
            )
            total = sum(counted.values())
            rows.append((label, kind, total, counted))
    lines = [
        '| rules | questions | of | "I can\'t see that from here" | reached the model |'
        " other fixed reply |",
        "| --- | --- | ---: | ---: | ---: | ---: |",
    ]
    for label, kind, total, counted in rows:
        seen, asked, other = counted[CANT_SEE], counted["model"], counted["other"]
        lines.append(f"| {label} | {kind} | {total} | {seen} | {asked} | {other} |")
    table = "\n".join(lines)
    print(table)
    shown = []
    for n, q in enumerate(questions):
        said = {label: replies[n] for label, replies in runs.items()}
        wrong = (q["kind"] == "other") == (outcome(said["now"]) == CANT_SEE)
        if args.show or wrong:
            shown.append(f"- [{q['kind']}] {q['q']}")
            shown += [f"  - {label}: {reply}" for label, reply in said.items()]
    if shown:
        print("\n".join(shown))
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "state_questions.md").write_text(
        f"# Asked how something is now\n\n`python -m benchmarks.state_questions`, split "
        f"{SPLIT.name} (held out).\n\n{table}\n\n" + "\n".join(shown) + "\n"
    )
    stacked(
        rows,
        ((CANT_SEE, "#4a8"), ("model", "#c44"), ("other", "#999")),
        RESULTS / "state_questions.png",
        "questions (held out)",
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
