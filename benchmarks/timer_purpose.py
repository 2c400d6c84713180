"""A timer said with what it is for, or asked about, or said to someone else.

    python -m benchmarks.timer_purpose [--show]   # results/timer_purpose.md and .png
    python -m benchmarks.timer_purpose --split asked --baseline 64da785 [--show]
                                                  # results/timer_asked.md and .png

Each line of a split goes through the household's parse, twice in one run. A timer line
is as meant when a timer of its length is set (its name, where the line gives one, is
counted apart); a line that is no timer is as meant when no timer is set. "For how long?"
(a timer said without its length) sets nothing, and is counted apart. Measures, never
asserts.

- `purpose` (data/timer_purpose_heldout.json, committed in fa6e5f2 before the first run:
  25 timers said with their purpose, "set a timer for 10 minutes to check the cake", 15
  that must start none): the purpose read (now) and not read (the rule switched off).
- `asked` (data/timer_asked_heldout.json, committed in 43a60b3 before the first run: 30
  timers said with their length, "can you put a 20 minute timer on for the bread?", 30
  that must set none: asked about, said to someone else, reported, supposed, refused or
  remarked on): the rules now against the rules at `--baseline` (read from git).

Both splits were written by helpers from a short brief, without reading the code.
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
from benchmarks.baseline import parsed_at
from benchmarks.command_lines import write_plot

HERE = Path(__file__).resolve().parent
SPLITS = {
    "purpose": HERE / "data" / "timer_purpose_heldout.json",
    "asked": HERE / "data" / "timer_asked_heldout.json",
}
RESULTS = HERE / "results"
NOW = dt.datetime(2026, 12, 1, 18, 0)
OUTCOMES = ("as meant", "asked how long", "nothing done", "done, unasked")
Row = dict[str, object]


def judged(line: dict, row: Row) -> str:
    """How a line came out, from its command as phrases.as_row writes it."""
    if row["intent"] == AskTimerLength.intent:
        return "asked how long"  # sets nothing: "For how long?"
    set_timer = row["intent"] == SetTimer.intent
    if line["kind"] == "timer":
        if set_timer and row["seconds"] == line["seconds"]:
            return "as meant"
        return "done, unasked" if set_timer else "nothing done"
    return "done, unasked" if set_timer else "as meant"


def named_as_meant(line: dict, row: Row) -> bool:
    said = (line.get("name") or "").lower()
    return str(row.get("name") or "").lower() == said


def run(lines: list[dict], *, purpose: bool = True) -> list[tuple[dict, str, Row]]:
    off = re.compile(r"(?!x)x")  # matches nothing: the purpose not read
    with mock.patch.object(phrases, "_TIMER_FOR", phrases._TIMER_FOR if purpose else off):
        rows = [phrases.as_row(phrases.parse(line["said"], NOW)) for line in lines]
    return [(line, judged(line, row), row) for line, row in zip(lines, rows, strict=True)]


def run_at(rev: str, lines: list[dict]) -> list[tuple[dict, str, Row]]:
    rows = parsed_at(rev, [line["said"] for line in lines], NOW)
    return [(line, judged(line, row), row) for line, row in zip(lines, rows, strict=True)]


def report(runs: dict[str, list[tuple[dict, str, Row]]]) -> str:
    table = [
        "| rules | lines | " + " | ".join(OUTCOMES) + " | of those as meant, named as said |",
        "| --- | --- |" + " ---: |" * (len(OUTCOMES) + 1),
    ]
    for rules, rows in runs.items():
        for kind in ("timer", "not a timer"):
            picked = [(line, j, row) for line, j, row in rows if line["kind"] == kind]
            judgements = [j for _, j, _ in picked]
            cells = " | ".join(str(judgements.count(o)) for o in OUTCOMES)
            meant = [(line, row) for line, j, row in picked if j == "as meant"]
            named = (
                f"{sum(named_as_meant(line, row) for line, row in meant)}/{len(meant)}"
                if kind == "timer"
                else "-"
            )
            table.append(f"| {rules} | {kind} ({len(picked)}) | {cells} | {named} |")
    return "\n".join(table)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--split", choices=sorted(SPLITS), default="purpose")
    parser.add_argument("--baseline", help="compare with the rules at this commit")
    parser.add_argument("--show", action="store_true", help="every line not as meant")
    args = parser.parse_args()
    lines = json.loads(SPLITS[args.split].read_text(encoding="utf-8"))["lines"]
    if args.baseline:
        runs = {f"before ({args.baseline})": run_at(args.baseline, lines), "now": run(lines)}
    else:
        runs = {"before (purpose not read)": run(lines, purpose=False), "now": run(lines)}
    table = report(runs)
    print(table)
    if args.show:
        for line, judgement, row in runs["now"]:
            if judgement != "as meant" or not named_as_meant(line, row):
                print(f"{judgement}: {line['said']} -> {row}")
    RESULTS.mkdir(exist_ok=True)
    title = {
        "purpose": "A timer said with what it is for",
        "asked": "A timer said with its length, or asked about, or said to another",
    }[args.split]
    name = f"timer_{args.split}"
    (RESULTS / f"{name}.md").write_text(
        f"# {title} (benchmarks/timer_purpose.py --split {args.split})\n\n{table}\n",
        encoding="utf-8",
    )
    write_plot(runs, RESULTS / f"{name}.png", title, OUTCOMES)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
