"""A timer said with what it is for: "set a timer for 10 minutes to check the cake".

    python -m benchmarks.timer_purpose [--show]   # results/timer_purpose.md and .png

Each line of data/timer_purpose_heldout.json (40 lines a helper wrote from a brief without
reading the code, committed in fa6e5f2 before the first run: 25 timers said with their
purpose, 15 that must start none) goes through the household's parse, with the purpose
read (now) and without (the rule switched off), in one run. A timer line is as meant when
a timer of its length is set; a line that is no timer is as meant when no timer is set.
"For how long?" (a timer said without its length) sets nothing, and is counted apart.
Measures, never asserts.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import re
from pathlib import Path
from unittest import mock

from appliance.household import phrases
from appliance.household.requests import AskTimerLength, SetTimer
from benchmarks.command_lines import write_plot

HERE = Path(__file__).resolve().parent
SPLIT = HERE / "data" / "timer_purpose_heldout.json"
RESULTS = HERE / "results"
NOW = dt.datetime(2026, 12, 1, 18, 0)
OUTCOMES = ("as meant", "asked how long", "nothing done", "done, unasked")


def judged(line: dict, command: object) -> str:
    if isinstance(command, AskTimerLength):
        return "asked how long"  # sets nothing: "For how long?"
    if line["kind"] == "timer":
        if isinstance(command, SetTimer) and command.seconds == line["seconds"]:
            return "as meant"
        return "done, unasked" if isinstance(command, SetTimer) else "nothing done"
    return "done, unasked" if isinstance(command, SetTimer) else "as meant"


def run(lines: list[dict], *, purpose: bool) -> list[tuple[dict, str, object]]:
    off = re.compile(r"(?!x)x")  # matches nothing: the purpose not read
    with mock.patch.object(phrases, "_TIMER_FOR", phrases._TIMER_FOR if purpose else off):
        return [(line, judged(line, c := phrases.parse(line["said"], NOW)), c) for line in lines]


def report(runs: dict[str, list[tuple[dict, str, object]]]) -> str:
    table = [
        "| rules | lines | " + " | ".join(OUTCOMES) + " |",
        "| --- | --- |" + " ---: |" * len(OUTCOMES),
    ]
    for rules, rows in runs.items():
        for kind in ("timer", "not a timer"):
            picked = [j for line, j, _ in rows if line["kind"] == kind]
            cells = " | ".join(str(picked.count(o)) for o in OUTCOMES)
            table.append(f"| {rules} | {kind} ({len(picked)}) | {cells} |")
    return "\n".join(table)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--show", action="store_true", help="every line not as meant")
    args = parser.parse_args()
    lines = json.loads(SPLIT.read_text(encoding="utf-8"))["lines"]
    runs = {"before (purpose not read)": run(lines, purpose=False), "now": run(lines, purpose=True)}
    table = report(runs)
    print(table)
    if args.show:
        for line, judgement, command in runs["now"]:
            if judgement != "as meant":
                print(f"{judgement}: {line['said']} -> {command}")
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "timer_purpose.md").write_text(
        "# A timer said with what it is for (benchmarks/timer_purpose.py)\n\n" + table + "\n",
        encoding="utf-8",
    )
    title = "A timer said with what it is for"
    write_plot(runs, RESULTS / "timer_purpose.png", title, OUTCOMES)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
