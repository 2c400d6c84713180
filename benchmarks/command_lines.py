"""Household lines scored as a household would: of sentences with the outcome a helper who
never read the code expected, how many are read as meant, how many act on nothing, and
how many do what nobody asked. Shared by the benchmarks of a class of sentence
(second_thoughts.py, framed_commands.py), each of which runs the rules with its class
switched off ("before") and on ("now") in one run.

What a reading would do is judged from the command itself, the way actions.py carries it
out:

- **right**: the expected timer, reminder, items, cancel or clear; or, where nothing
  should happen, no command, a question back, a question answered, or a command taken back;
- **nothing done**: an action was expected and none is taken (Hearth asks, or the model
  answers): a miss, but the household loses nothing and is told so;
- **wrong action**: something set, added, removed, cancelled or cleared that the line
  did not ask for, or not as it asked (a 5-minute timer for "5 minutes, no, 10").
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import re
from collections import Counter
from pathlib import Path
from typing import get_args

from appliance.household import phrases
from appliance.household import requests as p
from appliance.numbers import ONES

DATA = Path(__file__).resolve().parent / "data"
RESULTS = Path(__file__).resolve().parent / "results"

# What changes the records: every command but those that only read, ask or take back.
ACTS_NOT = (*p.READS, *get_args(p.Question), p.TakenBack)
OUTCOMES = ("right", "nothing done", "wrong action")


def comparable(text: str | None) -> str:
    """Lower case, number words as digits, articles and "to" in front gone: for comparing."""
    said = re.sub(r"[^a-z0-9' ]", " ", (text or "").lower())
    words = [str(ONES[w]) if w in ONES and ONES[w] > 0 else w for w in said.split()]
    while words and words[0] in ("to", "the", "a", "an", "some", "my", "our"):
        words = words[1:]
    return " ".join(words)


def _at(value: str, now: dt.datetime) -> dt.datetime:
    if "T" in value:
        return dt.datetime.fromisoformat(value)
    hour, minute = (int(part) for part in value.split(":"))
    return now.replace(hour=hour, minute=minute, second=0, microsecond=0)


def meant(command: p.Command | None, line: dict, now: dt.datetime) -> bool:
    """Whether `command` does what the line's outcome says, and nothing else."""
    outcome = line["outcome"]
    if outcome in ("nothing", "not_a_command"):
        return not _acts(command)
    match command:
        case p.SetTimer(name=name, seconds=seconds):
            named = line.get("name")
            return (
                outcome == "timer"
                and seconds == line["seconds"]
                and (not named or comparable(name) == comparable(named))
            )
        case p.CancelTimer(name=name):
            named = line.get("name")
            return outcome == "cancel_timer" and (
                not named or comparable(name) == comparable(named)
            )
        case p.Remind(what=what, at=at):
            return (
                outcome == "reminder"
                and at == _at(line["at"], now)
                and comparable(what) == comparable(line["what"])
            )
        case p.AddItems(items=items) | p.RemoveItems(items=items):
            kind = "add" if isinstance(command, p.AddItems) else "remove"
            return outcome == kind and sorted(map(comparable, items)) == sorted(
                map(comparable, line["items"])
            )
        case p.ClearList():
            return outcome == "clear_list"
    return False


def _acts(command: p.Command | None) -> bool:
    return command is not None and not isinstance(command, ACTS_NOT)


def judged(command: p.Command | None, line: dict, now: dt.datetime) -> str:
    if meant(command, line, now):
        return "right"
    return "wrong action" if _acts(command) else "nothing done"


Rows = list[tuple[dict, str, object]]


def measure(lines: list[dict], now: dt.datetime, *, off: str | None) -> Rows:
    """Each line read by `phrases.parse` at the split's moment, with the rule `off` (a
    name in phrases.py) switched off, or with every rule on when `off` is None."""
    real = getattr(phrases, off) if off else None
    if off:
        setattr(phrases, off, lambda said, read, **_: None)
    try:
        read = [(line, phrases.parse(line["said"], now)) for line in lines]
    finally:
        if off:
            setattr(phrases, off, real)
    return [(line, judged(command, line, now), command) for line, command in read]


def heard_run(lines: list[dict], now: dt.datetime, *, neural: bool) -> Rows:
    """Each line spoken (espeak-ng's voices in turn, or the neural voice) over made kitchen
    noise, heard by the default recogniser with the household's words as its bias, and
    read by `phrases.parse` as Hearth reads a transcript."""
    from appliance.voice.bias import bias_for, household_words
    from benchmarks.spoken import hear_all

    names = [line["name"] for line in lines if line.get("name")]
    items = [item for line in lines for item in line.get("items", [])]
    heard = hear_all(
        [line["said"] for line in lines],
        bias_for(household_words([], (), [*names, *items])),
        neural=neural,
    )
    read = [
        (line, phrases.parse(h.text, now), h.text) for line, h in zip(lines, heard, strict=True)
    ]
    return [
        (line, judged(command, line, now), f"{command} (heard: {text!r})")
        for line, command, text in read
    ]


def report(runs: dict[str, Rows]) -> str:
    kinds = sorted({line["kind"] for line, _, _ in next(iter(runs.values()))})
    head = "| rules | kind | lines | " + " | ".join(OUTCOMES) + " |"
    table = [head, "| --- | --- | ---: |" + " ---: |" * len(OUTCOMES)]
    for rules, rows in runs.items():
        for kind in [*kinds, "all"]:
            picked = [judgement for line, judgement, _ in rows if kind in ("all", line["kind"])]
            counts = Counter(picked)
            cells = " | ".join(str(counts[o]) for o in OUTCOMES)
            name = f"**{kind}**" if kind == "all" else kind
            table.append(f"| {rules} | {name} | {len(picked)} | {cells} |")
    return "\n".join(table)


def write_plot(
    runs: dict[str, Rows],
    path: Path,
    title: str,
    outcomes: tuple[str, ...] = OUTCOMES,
    unit: str = "held-out lines",
) -> None:
    """Each run's lines by outcome, as stacked bars: green, grey, red (and blue after)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axis = plt.subplots(figsize=(6, 2.4))
    names = list(runs)
    left = [0.0] * len(names)
    colours = ("tab:green", "tab:grey", "tab:red", "tab:blue", "tab:orange", "tab:purple")
    for outcome, colour in zip(outcomes, colours, strict=False):
        counts = [sum(1 for _, j, _ in runs[n] if j == outcome) for n in names]
        axis.barh(names, counts, left=left, color=colour, label=outcome)
        left = [a + b for a, b in zip(left, counts, strict=True)]
    axis.set_xlabel(unit)
    axis.set_title(title, fontsize=9)
    axis.legend(fontsize=7, loc="lower right")
    figure.tight_layout()
    figure.savefig(path, dpi=100)


def main(*, split: str, off: str, title: str, name: str, module: str) -> int:
    """Run `split` (or the one --split names) with the rule `off` switched off and on;
    print the table and write results/<out>.md and .png."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--split", default=split, help="a file in benchmarks/data")
    parser.add_argument("--show", action="store_true", help="list every line not read as meant")
    parser.add_argument("--out", default=name, help="results/<out>.md and .png")
    parser.add_argument(
        "--spoken", action="store_true", help="also each line spoken and heard (spoken.py)"
    )
    parser.add_argument("--neural", action="store_true", help="spoken by the neural voice")
    args = parser.parse_args()
    data = json.loads((DATA / args.split).read_text(encoding="utf-8"))
    now = dt.datetime.fromisoformat(data["now"])
    runs = {
        rules: measure(data["lines"], now, off=rule)
        for rules, rule in (("before", off), ("now", None))
    }
    if args.spoken:
        runs[f"now, heard ({'neural voice' if args.neural else 'espeak-ng'})"] = heard_run(
            data["lines"], now, neural=args.neural
        )
    table = report(runs)
    print(table)
    if args.show:
        for rules in [r for r in runs if r != "before"]:
            for line, judgement, command in runs[rules]:
                if judgement != "right":
                    print(
                        f"{rules}: {judgement:13} {line['kind']:10} {line['said']!r} -> {command}"
                    )
    RESULTS.mkdir(exist_ok=True)
    heading = (
        f"# {title}\n\n`python -m benchmarks.{module}` on `{args.split}`"
        f" ({len(data['lines'])} lines), the rules with `{off}` switched off and on, in one"
        " run\n\n"
    )
    (RESULTS / f"{args.out}.md").write_text(heading + table + "\n", encoding="utf-8")
    write_plot(runs, RESULTS / f"{args.out}.png", title)
    return 0
