"""A household command and a fact in one message ("Sam is allergic to nuts. Add peanuts
to the list."; "remember that Sam is allergic to nuts, and add oat milk to the list"), and
controls where only the command, or nothing, is asked for.

    python -m benchmarks.said_together                      # results/said_together_heldout.md
    python -m benchmarks.said_together --baseline 522068b   # that commit's rules beside these
    python -m benchmarks.said_together --show               # every line not done as asked

Each line is said once to a brain on a fresh data dir (the household's intents as the
appliance builds them, memory with its default embedding and guard; the chat and
note-taker models a scripted stand-in, so this measures the rules alone; a line the rules
leave to the model counts as what the rules did). Then the records and memory are read,
as a household would see them on the panel:

- **right**: the list, timers and reminders are as the line expects, each fact it expects
  is kept or waits on the board, no fact holds the command's words, and no fact was kept
  that it did not ask for;
- **wrong record**: the records hold something the line did not ask for (an item, a
  timer, a reminder, or one at another time);
- **fact holds command**: a kept or proposed fact has the command inside it ("…, and add
  oat milk to the list");
- **command missed**: a record the line asked for is not there;
- **fact missed**: a fact the line states is neither kept nor on the board;
- **fact not asked**: a fact was kept or proposed where the line states none.

A line is judged by the first of these that holds, in this order. `--baseline REV` runs
the same lines through another commit's `appliance` package (exported by `git archive`),
in the same run. The split: `said_together_heldout.json`, 80 lines by a helper who never
read the code, from the brief beside it, committed before its first run. Measures, never
asserts.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import re
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

from benchmarks.baseline import rows_at

DATA = Path(__file__).resolve().parent / "data"
RESULTS = Path(__file__).resolve().parent / "results"
ROOT = Path(__file__).resolve().parents[1]
NOW = dt.datetime(2026, 12, 7, 17, 45)  # the split's moment: a Monday, before dinner

OUTCOMES = (
    "right",
    "wrong record",
    "fact holds command",
    "command missed",
    "fact missed",
    "fact not asked",
)
# the words of a command that a fact must never hold
_COMMAND_WORDS = re.compile(
    r"\b(?:to|on|off) the (?:shopping )?list\b|\bremind me\b|\btimer\b|\badd\b|\bset a\b",
    re.IGNORECASE,
)


class StandIn:
    """Stands in for both models; says one fixed line to whatever reaches it."""

    name = "scripted stand-in"
    path = None
    context = 8192

    def chat_template(self) -> str:
        return "<|im_start|>"

    def tokenize(self, text: str, *, markup: bool = False, bos: bool = False) -> list[int]:
        return [ord(c) for c in text]

    def generate(self, tokens: Any, **options: Any) -> Any:
        yield "All right."


def said_once(line: dict) -> dict:
    """The line said to a fresh brain: the records and memory afterwards, and the reply."""
    from appliance.brain import Brain
    from appliance.brain.courtesy import with_courtesy
    from appliance.brain.household import household_router
    from appliance.brain.kitchen import with_kitchen
    from appliance.brain.said_to_another import with_said_to_another
    from appliance.composition import household_screen
    from appliance.config import Settings
    from appliance.household import HouseholdStore
    from appliance.memory import Memory

    def clock() -> dt.datetime:
        return NOW

    with tempfile.TemporaryDirectory() as folder:
        settings = Settings.for_data_dir(Path(folder))
        with Memory.open(settings, clock) as memory:
            screen = household_screen(memory.embedding)
            # as composition.intent_router builds it, with the split's clock (no recipes)
            intents = with_said_to_another(
                with_courtesy(with_kitchen(household_router(folder, clock, screen=screen)))
            )
            state = line.get("state") or {}
            with HouseholdStore.open(folder, clock) as store:
                store.add_items(state.get("list", []))
                for name, minutes in state.get("timers", []):
                    store.add_timer(name or None, 60.0 * minutes)
                for what, at in state.get("reminders", []):
                    store.add_reminder(what, dt.datetime.fromisoformat(at))
            model = StandIn()
            brain = Brain.open(
                settings,
                memory,
                chat_model=model,
                notetaker_model=model,
                clock=clock,
                intents=intents,
            )
            try:
                reply = brain.reply(line["said"])
                brain.wait_for_notetaker(30)
            finally:
                brain.close()
            facts = [f.text for f in memory.facts()] + [p.text for p in memory.proposals()]
        with HouseholdStore.open(folder, clock) as store:
            return {
                "reply": reply.text,
                "route": reply.route,
                "list": [item.name for item in store.items()],
                "timers": [[t.name, t.seconds] for t in store.timers()],
                "reminders": [
                    [r.text, r.due_at.strftime("%Y-%m-%d %H:%M")] for r in store.reminders()
                ],
                "facts": facts,
            }


def _plain(text: str) -> str:
    return " ".join(re.sub(r"[^a-z0-9 ]", " ", text.lower().replace("'", "")).split())


def judged(line: dict, got: dict) -> str:
    from benchmarks.command_lines import comparable

    want_list = sorted(comparable(i) for i in line["list"])
    got_list = sorted(comparable(i) for i in got["list"])
    want_timers = sorted((comparable(n), round(m * 60)) for n, m in line["timers"])
    got_timers = sorted(("" if n == "timer" else comparable(n), round(s)) for n, s in got["timers"])
    state = line.get("state") or {}
    # what the line found there: left as it was, it is a command missed, never a wrong one
    had_list = {comparable(i) for i in state.get("list", [])}
    had_timers = {(comparable(n), round(m * 60)) for n, m in state.get("timers", [])}
    wanted_reminders = [(r, t) for r, t in line["reminders"] if t]
    known_reminders = [*wanted_reminders, *state.get("reminders", [])]

    def holds(reminder: list[str], words: str, at: str) -> bool:
        return _plain(words) in _plain(reminder[0]) and reminder[1] == at

    if (
        set(got_list) - set(want_list) - had_list
        or set(got_timers) - set(want_timers) - had_timers
        or any(not any(holds(r, w, t) for w, t in known_reminders) for r in got["reminders"])
    ):
        return "wrong record"
    if any(_COMMAND_WORDS.search(fact) for fact in got["facts"]):
        return "fact holds command"
    if (
        got_list != want_list
        or got_timers != want_timers
        or any(not any(holds(r, w, t) for r in got["reminders"]) for w, t in wanted_reminders)
        or len(got["reminders"]) > len(wanted_reminders)
    ):
        return "command missed"
    facts = [_plain(f) for f in got["facts"]]
    if any(not any(_plain(want) in fact for fact in facts) for want in line["facts"]):
        return "fact missed"
    if not line["facts"] and got["facts"]:
        return "fact not asked"
    return "right"


def report(runs: dict[str, list[tuple[dict, str]]]) -> str:
    head = "| rules | kind | lines | " + " | ".join(OUTCOMES) + " |"
    table = [head, "| --- | --- | ---: |" + " ---: |" * len(OUTCOMES)]
    kinds = sorted({line["kind"] for line, _ in next(iter(runs.values()))})
    for rules, rows in runs.items():
        for kind in [*kinds, "all"]:
            counts = Counter(j for line, j in rows if kind in ("all", line["kind"]))
            cells = " | ".join(str(counts[o]) for o in OUTCOMES)
            name = f"**{kind}**" if kind == "all" else kind
            table.append(f"| {rules} | {name} | {sum(counts.values())} | {cells} |")
    return "\n".join(table)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--split", default="said_together_heldout.json", help="in benchmarks/data")
    parser.add_argument("--baseline", help="a commit whose rules are read beside these")
    parser.add_argument("--show", action="store_true", help="every line not done as asked")
    parser.add_argument("--rows", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    lines = json.loads((DATA / args.split).read_text(encoding="utf-8"))
    if args.rows:  # a baseline's own run: what it did, for the caller to judge
        print(json.dumps([said_once(line) for line in lines]))
        return 0
    sources: dict[str, list[dict]] = {}
    if args.baseline:
        sources[f"{args.baseline} (before)"] = rows_at(
            args.baseline, "said_together", "--split", args.split
        )
    sources["now"] = [said_once(line) for line in lines]
    runs = {
        rules: [(line, judged(line, got)) for line, got in zip(lines, rows, strict=True)]
        for rules, rows in sources.items()
    }
    table = report(runs)
    print(table)
    if args.show:
        for (line, judgement), got in zip(runs["now"], sources["now"], strict=True):
            if judgement != "right":
                print(f"\n{judgement:18} {line['kind']:12} {line['said']!r}")
                print(f"   reply: {got['reply']!r}")
                print(f"   list {got['list']} timers {got['timers']} reminders {got['reminders']}")
                print(f"   facts {got['facts']}   expected facts {line['facts']}")
    from benchmarks.command_lines import write_plot

    RESULTS.mkdir(exist_ok=True)
    out = RESULTS / Path(args.split).stem
    heading = (
        "# A command and a fact in one message\n\n"
        f"`python -m benchmarks.said_together --split {args.split}"
        f"{' --baseline ' + args.baseline if args.baseline else ''}` on `{args.split}`"
        f" ({len(lines)} lines), scripted models (the rules alone), judged by the records"
        " and memory after each line\n\n"
    )
    out.with_suffix(".md").write_text(heading + table + "\n", encoding="utf-8")
    plotted = {rules: [(line, j, "") for line, j in rows] for rules, rows in runs.items()}
    write_plot(plotted, out.with_suffix(".png"), f"A command and a fact: {out.name}", OUTCOMES)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
