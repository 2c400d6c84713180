"""Everyday speech to the household's records: false starts ("7, erm, 8 minutes"), days
said by name ("the day after tomorrow", "Christmas Eve"), a remark before the command
("Right, dinner time. …"), timers asked for without the word ("the lasagne needs 40
minutes, keep an eye on it"), a list item changed ("change the mince to 750g"), and
controls that share their words.

    python -m benchmarks.everyday                      # results/everyday_heldout.md, .png
    python -m benchmarks.everyday --baseline 27f574e   # that commit's rules beside these
    python -m benchmarks.everyday --show               # every line not read as meant

Each line is read as Hearth reads it (household.named.household_command: the words, then
the names the records hold) against records seeded from the line's `state`, carried out
(household.perform), and judged by what the records hold afterwards, as a household would
see them on the panel:

- **right**: the records changed as the line expects, or not at all where it expects
  nothing (a question back is fine);
- **nothing done**: a change was expected and the records are as they were;
- **wrong action**: the records changed in a way the line did not ask for.

`--baseline REV` runs the same lines through the rules of another commit (its `appliance`
package exported by `git archive` into a temporary folder, in its own interpreter), in
the same run. The split: `everyday_heldout.json`, 80 lines by a helper who never read the
code, from the brief beside it, committed before any rule was changed for it.
Measures, never asserts.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import tempfile
from pathlib import Path

from benchmarks.baseline import rows_at
from benchmarks.command_lines import comparable, report, write_plot

DATA = Path(__file__).resolve().parent / "data"
RESULTS = Path(__file__).resolve().parent / "results"
ROOT = Path(__file__).resolve().parents[1]


def _held(store) -> dict:
    """What the records hold, as compared: the list, the timers, the reminders."""
    return {
        "list": sorted(comparable(item.name) for item in store.items()),
        # a timer set without a name is called "timer" (records.py): the split's null
        "timers": sorted(
            ("" if t.name == "timer" else comparable(t.name), round(t.seconds))
            for t in store.timers()
        ),
        "reminders": sorted(
            (comparable(r.text), r.due_at.strftime("%Y-%m-%dT%H:%M")) for r in store.reminders()
        ),
    }


def _household_command():
    """How the rules read a line against the records: `household_command`, or, in a commit
    from before it was one function, the same steps as brain/household.py took them."""
    from appliance.household import named

    if hasattr(named, "household_command"):
        return named.household_command
    from appliance.household.phrase_words import normalise
    from appliance.household.phrases import parse

    def read(store, text: str, now: dt.datetime):
        command = parse(text, now, ringing=bool(store.ringing())) or named.named_in_the_records(
            store, normalise(text), now
        )
        return command if command and named.the_records_hold(store, command, text) else None

    return read


def read_lines(lines: list[dict], now: dt.datetime) -> list[dict]:
    """Each line read and carried out against its own seeded records: what they held
    before and after, and the command read (as text)."""
    from appliance.household import HouseholdStore, perform

    household_command = _household_command()

    rows = []
    for line in lines:
        with tempfile.TemporaryDirectory() as folder:
            store = HouseholdStore.open(folder, lambda: now)
            with store:
                state = line.get("state") or {}
                if state.get("list"):
                    store.add_items(state["list"])
                for timer in state.get("timers", []):
                    store.add_timer(timer.get("name"), 60.0 * timer.get("minutes_left", 10))
                for reminder in state.get("reminders", []):
                    store.add_reminder(reminder["what"], dt.datetime.fromisoformat(reminder["at"]))
                before = _held(store)
                command = household_command(store, line["said"], now)
                if command is not None:
                    perform(store, command)
                after = _held(store)
        rows.append({"before": before, "after": after, "command": repr(command)})
    return rows


def judged(line: dict, before: dict, after: dict) -> str:
    if after == before:
        return "right" if line["outcome"] in ("nothing", "not_a_command") else "nothing done"
    return "right" if after == expected(line, before) else "wrong action"


def expected(line: dict, before: dict) -> dict:
    """The records as the line expects them after it."""
    held = {key: list(value) for key, value in before.items()}
    outcome = line["outcome"]
    if outcome == "timer":
        held["timers"] = sorted([*held["timers"], [comparable(line.get("name")), line["seconds"]]])
    elif outcome == "cancel_timer":
        gone = comparable(line.get("name"))
        held["timers"] = [t for t in held["timers"] if gone and t[0] != gone]
    elif outcome == "reminder":
        held["reminders"] = sorted([*held["reminders"], [comparable(line["what"]), line["at"]]])
    elif outcome in ("add", "remove", "change_item"):
        added = line.get("items", []) if outcome == "add" else [line.get("new", "")]
        removed = line.get("items", []) if outcome == "remove" else [line.get("old", "")]
        kept = [i for i in held["list"] if i not in map(comparable, removed)]
        if outcome != "remove":
            kept += [comparable(i) for i in added]
        held["list"] = sorted(kept)
    elif outcome == "clear_list":
        held["list"] = []
    return held


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--split", default="everyday_heldout.json", help="in benchmarks/data")
    parser.add_argument("--baseline", help="a commit whose rules are read beside these")
    parser.add_argument("--show", action="store_true", help="every line not read as meant")
    parser.add_argument("--rows", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    data = json.loads((DATA / args.split).read_text(encoding="utf-8"))
    now = dt.datetime.fromisoformat(data["now"])
    if args.rows:  # a baseline's own run: its readings, for the caller to judge
        print(json.dumps(read_lines(data["lines"], now)))
        return 0
    sources = {}
    if args.baseline:
        sources[f"{args.baseline} (before)"] = rows_at(
            args.baseline, "everyday", "--split", args.split
        )
    # as JSON, as a baseline's come: records compared the same way in every run
    sources["now"] = json.loads(json.dumps(read_lines(data["lines"], now)))
    runs = {
        rules: [
            (line, judged(line, row["before"], row["after"]), row["command"])
            for line, row in zip(data["lines"], rows, strict=True)
        ]
        for rules, rows in sources.items()
    }
    table = report(runs)
    print(table)
    if args.show:
        for line, judgement, command in runs["now"]:
            if judgement != "right":
                print(f"{judgement:13} {line['kind']:14} {line['said']!r} -> {command}")
    RESULTS.mkdir(exist_ok=True)
    heading = (
        "# Everyday speech to the household's records\n\n"
        f"`python -m benchmarks.everyday --split {args.split}"
        f"{' --baseline ' + args.baseline if args.baseline else ''}`"
        f" on `{args.split}` ({len(data['lines'])} lines), judged by the records after each"
        " line\n\n"
    )
    out = RESULTS / Path(args.split).stem  # one result per split
    out.with_suffix(".md").write_text(heading + table + "\n", encoding="utf-8")
    write_plot(runs, out.with_suffix(".png"), f"Everyday speech to the records: {out.name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
