"""How long until a day memory holds: is the count the clock's, from a fact told, and is
none given when no fact gives the day?

    python -m benchmarks.days_until [--show]   # results/days_until.md and .png

data/days_until_heldout.json: questions a helper wrote from a brief without reading the
code, committed before any run, each after the facts a household told (0-4 sentences) and
with the day its count should reach, or null where no count may be given (never told,
told without a date, about someone else, two dates for one thing, not a day at all).
Today is the split's: Saturday 5 December 2026, memory's clock.

Each case is a fresh data dir: its facts are added live, then the question goes through
the appliance's own intent router and brain, with the rules before (BASELINE, from git)
and now, in one run. The chat model is a stand-in that only records being asked: what
reaches it is a guess, counted apart ("reached the model"), since a real model asked
"how many days till…" answers with a number of its own making.

A reply counts as: "counted right" (it names the expected day of the month, and any number of days,
sleeps or weeks in it is that day's), "counted wrong" (a count or a day, not that one),
"no count" (a fixed reply with none), or "reached the model". Measures, never asserts.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import re
import sys
from collections import Counter
from pathlib import Path

from benchmarks.bars import stacked
from benchmarks.baseline import ASKED_MODEL, run_at

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results"
SPLIT = HERE / "data" / "days_until_heldout.json"
BASELINE = "0670650~1"  # the last commit before a count was made from a fact's day
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
today = dt.datetime.fromisoformat(sys.argv[2])
embedding = None
out = []
for case in json.load(sys.stdin):
    with tempfile.TemporaryDirectory() as folder:
        settings = Settings.for_data_dir(Path(folder), notetaker=False, chat_tools=False)
        embedding = embedding or process_embedding(settings)
        memory = Memory.open(settings, lambda: today, embedding=embedding)
        for fact in case["facts"]:
            memory.add(fact, "event")
        brain = Brain.open(
            settings, memory, chat_model=AskedModel(), intents=intent_router(settings, embedding)
        )
        try:
            out.append(brain.reply(case["asked"]).text)
        finally:
            brain.close()
            memory.close()
json.dump(out, sys.stdout)
"""
)

# a count: "99 days", "3 sleeps", "2 weeks", "that's today" (a fact's own date, quoted, is
# not one: "What I do know: …on the 14th of March")
_A_COUNT = re.compile(
    r"\b\d+ (?:days?|sleeps?|weeks?)\b|\bthat's (?:today|tomorrow)\b", re.IGNORECASE
)
_NUMBER = re.compile(r"\b(\d+) (days?|sleeps?|weeks?)\b(?: and (\d+) days?)?", re.IGNORECASE)


def outcome(reply: str, expected: str | None, today: dt.date) -> str:
    if MODEL_SAID in reply:
        return "model"
    if _A_COUNT.search(reply) is None:
        return "no count"
    if expected is None:
        return "counted wrong"
    day = dt.date.fromisoformat(expected)
    if f"{day.day} {day:%B}" not in reply:  # "Sunday 14 March 2027", "(Friday 25 December)"
        return "counted wrong"
    ahead = (day - today).days
    for found in _NUMBER.finditer(reply):
        said = int(found[1]) * (7 if found[2].lower().startswith("week") else 1)
        if said + int(found[3] or 0) != ahead:
            return "counted wrong"
    return "counted right"


KINDS = (
    ("counted right", "#4a8"),
    ("no count", "#999"),
    ("model", "#c84"),
    ("counted wrong", "#c44"),
)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--show", action="store_true", help="every reply, before and now")
    parser.add_argument(
        "--rules", help="read 'now' at this commit (725ce0f: the first read, before tuning)"
    )
    parser.add_argument("--out", default="days_until", help="results/<OUT>.md and .png")
    args = parser.parse_args()
    split = json.loads(SPLIT.read_text(encoding="utf-8"))
    today = dt.date.fromisoformat(split["today"])
    cases = split["cases"]
    noon = dt.datetime.combine(today, dt.time(12, 0)).isoformat()
    runs = {
        f"before ({BASELINE})": run_at(BASELINE, BRAIN_REPLIES, cases, MODEL_SAID, noon),
        "now": run_at(args.rules, BRAIN_REPLIES, cases, MODEL_SAID, noon),
    }
    rows = []
    for label, replies in runs.items():
        for kind, dated in (("a day told", True), ("no day to count", False)):
            counted = Counter(
                outcome(reply, case["date"], today)
                for case, reply in zip(cases, replies, strict=True)
                if (case["date"] is not None) == dated
            )
            rows.append((label, kind, sum(counted.values()), counted))
    lines = [
        "| rules | questions | of | counted right | no count | reached the model |"
        " **counted wrong** |",
        "| --- | --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    for label, kind, total, counted in rows:
        lines.append(
            f"| {label} | {kind} | {total} | "
            + " | ".join(str(counted[name]) for name, _ in KINDS[:3])
            + f" | **{counted['counted wrong']}** |"
        )
    table = "\n".join(lines)
    print(table)
    shown = []
    for n, case in enumerate(cases):
        said = {label: replies[n] for label, replies in runs.items()}
        right = "counted right" if case["date"] else "no count"
        if args.show or outcome(said["now"], case["date"], today) != right:
            shown.append(f"- {case['asked']} (expected {case['date']}; facts: {case['facts']})")
            shown += [f"  - {label}: {reply}" for label, reply in said.items()]
    if shown:
        print("\n".join(shown))
    RESULTS.mkdir(exist_ok=True)
    now = f"the rules at {args.rules}" if args.rules else "the rules now"
    (RESULTS / f"{args.out}.md").write_text(
        f"# How long until a day memory holds\n\n`python -m benchmarks.days_until`, split "
        f'{SPLIT.name} (held out), today {today}; "now" is {now}.\n\n{table}\n\n'
        + ("Not as expected now:\n\n" + "\n".join(shown) + "\n" if shown else ""),
        encoding="utf-8",
    )
    stacked(rows, KINDS, RESULTS / f"{args.out}.png", "questions (held out)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
