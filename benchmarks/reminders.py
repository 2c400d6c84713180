"""Reminders as a household asks for them: once, again and again, or not at all. Is each
set as meant: the right words, the first time, and the days it comes again?

    python -m benchmarks.reminders [--show]   # results/reminders.md and .png

A fifth outside trial's "Remind me to feed the fish every day at 8.30." could only be asked
about again (reminders came once), and "remind me about the bins at 7" or "set a reminder
for 7 to…" reached the model, which answered "Remind me at 6, the day before a plumber's
appointment." household/repeats.py and reminder_phrases.py read these now.

- data/reminders_heldout.tsv: 119 lines a helper wrote from a short description of what
  Hearth does with reminders, without reading the code, committed (e16a359) before any
  run: 44 `repeat`, 32 `once`, 16 `ask` (a time missing, or a repeat no rule of days
  keeps: "every other week"), 27 `none` (questions, statements, words to someone else).
  "Now" is Saturday 5 December 2026, 17:00, as the brief gave it.

Each line is read by the household's rules at BASELINE and now, in one run (baseline.py),
and counted:
- `right`: set as meant (words, first time, rule), or asked when it should be, or nothing
  set for a line that asks for nothing;
- `wrong`: a reminder set that differs from the one meant (time, days or words), or set
  for a line that asked for none or should have been asked about: an action nobody asked
  for, the worst outcome;
- `asked`: a question back where a reminder was meant (nothing set; the person says again);
- `missed`: no reminder command at all (the line goes on to the brain).
Measures, never asserts.
"""

from __future__ import annotations

import argparse
import csv
import datetime as dt
import sys
from collections import Counter
from pathlib import Path

from benchmarks.bars import stacked
from benchmarks.baseline import run_at

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results"
SPLIT = HERE / "data" / "reminders_heldout.tsv"
BASELINE = "458d8ba"  # the last commit before reminders repeated
NOW = dt.datetime(2026, 12, 5, 17, 0)
PARTS = (("right", "#4c9a5b"), ("asked", "#e0b040"), ("missed", "#9aa7b8"), ("wrong", "#c8453b"))
KINDS = ("repeat", "once", "ask", "none")
_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_RULE_DAYS = {"day": _WEEKDAYS, "weekday": _WEEKDAYS[:5], "weekend": _WEEKDAYS[5:]}

_READ = """
import datetime as dt, json, sys
from appliance.household import phrases
now = dt.datetime.fromisoformat(sys.argv[1])
rows = []
for text in json.load(sys.stdin):
    command = phrases.parse(text, now)
    at = getattr(command, "at", None)
    rows.append({
        "kind": type(command).__name__,
        "what": getattr(command, "what", None),
        "at": at.isoformat(timespec="minutes") if isinstance(at, dt.datetime) else None,
        "every": getattr(command, "every", None),
    })
json.dump(rows, sys.stdout)
"""


def _days(rule: str | None) -> frozenset[str]:
    """The days a rule comes on, whichever way it is written ("monday+thursday", "weekend")."""
    if rule in (None, "-", ""):
        return frozenset()
    assert rule is not None
    words = rule.replace("+", " ").split()
    return frozenset(day for word in words for day in _RULE_DAYS.get(word, (word,)))


def outcome(line: dict[str, str], read: dict[str, object]) -> str:
    kind = line["kind"]
    sets = read["kind"] == "Remind"
    asks = read["kind"] in ("AskReminderTime", "AskReminderWhat")
    what = str(read["what"] or "").lower()
    errand = line["errand"].lower()
    if kind in ("once", "repeat"):
        if sets:
            meant = dt.datetime.strptime(line["first"], "%Y-%m-%d %H:%M").isoformat(
                timespec="minutes"
            )
            every = read["every"] if isinstance(read["every"], str) else None
            right = (
                read["at"] == meant
                and _days(every) == _days(line["repeat"] if kind == "repeat" else None)
                and all(word in what for word in errand.split())
            )
            return "right" if right else "wrong"
        return "asked" if asks else "missed"
    if kind == "ask":
        if asks:
            return "right" if all(word in what for word in errand.split()) else "wrong"
        return "wrong" if sets else "missed"
    return "wrong" if sets else "asked" if asks else "right"


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--show", action="store_true", help="every line not right, now")
    args = parser.parse_args()
    with SPLIT.open(encoding="utf-8", newline="") as split:
        lines = list(csv.DictReader(split, delimiter="\t", quoting=csv.QUOTE_NONE))
    texts = [line["sentence"] for line in lines]
    runs = {
        f"before ({BASELINE})": run_at(BASELINE, _READ, texts, NOW.isoformat()),
        "now": run_at(None, _READ, texts, NOW.isoformat()),
    }
    rows = []
    table = [
        "| rules | kind | lines | right | asked | missed | wrong |",
        "| --- | --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    for label, reads in runs.items():
        for kind in KINDS:
            counted = Counter(
                outcome(line, read)
                for line, read in zip(lines, reads, strict=True)
                if line["kind"] == kind
            )
            total = sum(counted.values())
            rows.append((label, kind, total, counted))
            table.append(
                f"| {label} | {kind} | {total} | {counted['right']} | {counted['asked']} | "
                f"{counted['missed']} | {counted['wrong']} |"
            )
    print("\n".join(table))
    if args.show:
        for line, read in zip(lines, runs["now"], strict=True):
            if (result := outcome(line, read)) != "right":
                print(f"{result:7} {line['kind']:6} {line['sentence']!r} -> {read}")
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "reminders.md").write_text(
        "# Reminders: the held-out split\n\n"
        f"`python -m benchmarks.reminders`, {SPLIT.name} ({len(lines)} lines, "
        f"now = {NOW:%A %-d %B %Y %H:%M}).\n\n" + "\n".join(table) + "\n",
        encoding="utf-8",
    )
    stacked(rows, PARTS, RESULTS / "reminders.png", "lines of the held-out split")
    print(f"wrote {RESULTS / 'reminders.md'} and reminders.png", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
