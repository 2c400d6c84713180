"""What a household says, spoken: each line of the household command splits through
espeak-ng (or the neural voice), made kitchen noise and the default recogniser, then read
by the household's rules; against the same words typed, and with the closed pass
(voice/closed_pass.py) beside the open recogniser alone.

    python -m benchmarks.household_spoken [--split heldout] [--neural] [--limit N]
        [--save-heard FILE] [--heard FILE]

The splits are benchmarks/data/household_commands_<split>.json (tune: written by the
engineer who wrote the rules; heldout, heldout2, heldout3: by helpers who never read the
code), the ones benchmarks/kitchen.py runs through the brain. Follow-up answers
("answer.*": "twenty minutes" after "For how long?") are left out: they mean something
only after a question. A line is read right when the household's rules
(household/phrases.py) read it as the split says: the intent, a length to the minute, a
timer's name, a reminder's words and moment, the list's items; "none" (what the
household's tools cannot do) right when the rules read nothing. The recogniser's bias
holds the split's timer names and list items (a household knows its own), and the pass
gets the household's commands (household/vocabulary.py) with those timers, as
`hearth voice` gives them when no recipe is being cooked.
"""

from __future__ import annotations

import argparse
import datetime as dt
import re
import time
from pathlib import Path
from typing import Any

from appliance.composition import talk_bias
from appliance.household.phrases import parse
from appliance.household.store import item_key
from appliance.household.vocabulary import household_commands
from appliance.voice.bias import bias_for, household_words
from appliance.voice.closed_pass import ClosedPass
from benchmarks.kitchen import commands as split_commands
from benchmarks.spoken import Heard, add_arguments, condition, hear_all, save
from benchmarks.voice_clips import NOISES

RESULTS = Path(__file__).parent / "results"


def read_right(case: dict[str, Any], text: str, now: dt.datetime, *, slips: bool = True) -> bool:
    """The household's rules read `text` as the split says `case` means (`slips`: with the
    recogniser's known slips mended, as Hearth reads them)."""
    intent = case["intent"]
    ringing = intent.startswith(("ringing.", "reminder.snooze"))
    got = parse(text, now, ringing=ringing, slips=slips)
    if intent == "none":
        return got is None
    if got is None:
        return False
    if intent == "timer.set" and case.get("seconds") is None:
        return got.intent == "timer.ask"  # no length said: asked for, never guessed
    if got.intent != intent:
        return False
    fields = vars(got)
    if case.get("seconds") is not None and abs(fields.get("seconds", -1e9) - case["seconds"]) > 61:
        return False
    named = _words(fields.get("name") or "")
    if case.get("name") and intent.startswith("timer.") and not _words(case["name"]) <= named:
        return False
    if intent == "remind":
        at = dt.datetime.fromisoformat(case["at"])
        if abs((fields["at"] - at).total_seconds()) > 61:
            return False
        return case["what"].lower() in fields["what"].lower()
    wanted = case.get("items") or ([case["item"]] if case.get("item") else [])
    held = _words(" ".join(fields.get("items") or [fields.get("item") or ""]))
    return all(_words(item) <= held for item in wanted)


# Words that say how much, not what: "a bag of spuds" is spuds however it is kept.
_HOW_MUCH = frozenset("a an some of bag bags pack tin tins dozen two 2 500g".split())


def _words(text: str) -> set[str]:
    """The words that name a thing, singular as the household's store finds a timer or an
    item ("potato" finds "potatoes"): "a bag of Spuds" -> {"spud"}."""
    found = {item_key(w) for w in re.findall(r"[a-z0-9']+", text.lower())}
    return {w for w in found if w not in _HOW_MUCH and w + "s" not in _HOW_MUCH}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--split", default="heldout")
    add_arguments(parser)
    args = parser.parse_args()
    now, table = split_commands(args.split)
    cases = [c for c in table if not c["intent"].startswith("answer.")][: args.limit]
    timers = sorted({c["name"] for c in cases if c.get("name")})
    items = sorted({i for c in cases for i in c.get("items") or [c.get("item") or ""] if i})
    bias = bias_for(household_words([], (), [*timers, *items]))
    commands = household_commands(timers)
    placing_bias = talk_bias(bias.words, commands, commands)
    closed = ClosedPass()
    lines = [str(c["text"]) for c in cases]
    heard_all = hear_all(lines, bias, neural=args.neural, heard=args.heard)
    rows = []
    for case, heard in zip(cases, heard_all, strict=True):
        started = time.perf_counter()
        placed = closed.placed(heard.text, placing_bias)
        rows.append(
            {
                "case": case,
                "heard": heard,
                "placed": placed,
                "typed": read_right(case, case["text"], now),
                "open": read_right(case, heard.text, now),
                "unmended": read_right(case, heard.text, now, slips=False),
                "closed": read_right(case, placed, now),
                "placing": time.perf_counter() - started,
            }
        )
    if args.save_heard:
        save(heard_all, args.save_heard)
    text = "\n".join(_table(args.split, rows, len(commands), args.neural)) + "\n"
    print(text)
    RESULTS.mkdir(exist_ok=True)
    name = f"household_spoken_{args.split}" + ("_neural" if args.neural else "")
    (RESULTS / f"{name}.md").write_text(text, encoding="utf-8")


def _table(split: str, rows: list[dict[str, Any]], commands: int, neural: bool) -> list[str]:
    n = len(rows)
    typed, unmended, heard, placed = (
        sum(r[k] for r in rows) for k in ("typed", "unmended", "open", "closed")
    )
    mended = [r for r in rows if r["open"] != r["unmended"]]
    changed = [r for r in rows if r["placed"] != r["heard"].text]
    nones = [r for r in rows if r["case"]["intent"] == "none"]
    wrongly = [r for r in changed if r["open"] and not r["closed"]]
    voice = "the neural voice" if neural else "espeak-ng's five voices"
    lines = [
        f"## household_commands_{split}: {n} lines, typed and spoken ({voice})",
        "",
        "| read from | read right by the household's rules |",
        "| --- | --- |",
        f"| the words as written | {typed}/{n} ({typed / n:.0%}) |",
        f"| the recogniser's transcript, its slips not mended | {unmended}/{n} "
        f"({unmended / n:.0%}) |",
        f"| the recogniser's transcript (open) | {heard}/{n} ({heard / n:.0%}) |",
        f"| the transcript after the closed pass | {placed}/{n} ({placed / n:.0%}) |",
        "",
        f"The closed pass, with {commands} commands: {len(changed)} transcripts placed, "
        f"{len(wrongly)} of them right as heard and made wrong; {len(nones)} lines are "
        f"things the household's tools cannot do ('none'), "
        f"{sum(1 for r in changed if r['case']['intent'] == 'none')} of them placed.",
        "",
        "| condition | open | after the closed pass |",
        "| --- | --- | --- |",
    ]
    for snr in NOISES:
        part = [r for r in rows if r["heard"].snr == snr]
        lines.append(
            f"| {condition(snr)} | {sum(r['open'] for r in part)}/{len(part)} | "
            f"{sum(r['closed'] for r in part)}/{len(part)} |"
        )
    lines += ["", "Read otherwise once the slips are mended (household/misheard.py):", ""]
    lines += [_line(r) + f": {'right' if r['open'] else 'wrong'}" for r in mended]
    lines += ["", "Placed by the closed pass (said -> heard -> placed; right or wrong):", ""]
    lines += [
        _line(r) + f" -> {r['placed']!r}: {'right' if r['closed'] else 'wrong'}" for r in changed
    ]
    return lines


def _line(row: dict[str, Any]) -> str:
    heard: Heard = row["heard"]
    return f"- {row['case']['text']!r} ({heard.voice}, {condition(heard.snr)}) -> {heard.text!r}"


if __name__ == "__main__":
    main()
