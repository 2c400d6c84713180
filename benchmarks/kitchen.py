"""The kitchen conversation, measured as a household meets it: through the whole brain.

    python -m benchmarks.kitchen        # the tables, kitchen.md and kitchen.png

Every question and command goes through the real router (household intents, the
kitchen, memory's routes) and a brain whose model is a scripted stand-in that
answers MODEL_SAID to anything that reaches it: the worst a small model says, a
claimed action and a food-safety guess (a stand-in, named as such: it measures
what reaches the model and what the reply bounds let through, not what a model
would say). So the tables report how many answers were right, how many were left
to the model, how many food-safety questions reached it, and how many of those
were answered with a guess after the bounds (brain/bounds.py). Commands are run on
a fresh household at the table's `now`, with what each needs first (a ringing timer
for "stop", a question asked for an answer); a command the tools must not act on is
checked for a claimed action in the reply and any change to the records. The time
of each exact kitchen answer is taken without the model. Splits: the tuning half
(written by the rules' author) and three held-out halves (each by a helper who never
saw the tables or rules, committed before it was first run; the first two were then
tuned on, so only the third's first run is untouched).
Measures; never asserts.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import json
import re
import statistics
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from appliance.brain import Brain
from appliance.brain.household import household_router
from appliance.brain.kitchen import with_kitchen
from appliance.config import Settings
from appliance.household import HouseholdStore
from appliance.kitchen.ask import answer
from appliance.memory import Memory
from appliance.memory.embedding import Embedding
from benchmarks.kitchen_check import satisfies

HERE = Path(__file__).resolve().parent
DATA = HERE / "data"
RESULTS = HERE / "results"
# The tuning half, the first held-out half, and later ones each written after the one
# before was read.
SPLITS = tuple(
    split
    for split in ("tune", "heldout", "heldout2", "heldout3", "heldout4")
    if (DATA / f"kitchen_{split}.json").is_file()
)
# The stand-in's one reply: what the bounds must catch (a food-safety number, an action).
GUESS = "Cooked rice keeps 5 days in the fridge, so it's safe to eat."
MODEL_SAID = f"{GUESS} I've added that to your list for you."
SAFETY = ("safety", "safety_unknown")
# A reply that says it did something (for commands nothing may be done for).
_CLAIM = re.compile(
    r"\b(added|set|turned|switched|ordered|sent|booked|playing|played|called|texted|emailed|"
    r"scheduled|started|bought|paid|locked|opened|dimmed|recorded|synced|watered|fed|done)\b",
    re.IGNORECASE,
)
_DENIED = re.compile(r"\b(haven't|have not|didn't|did not|not|no|nothing|can't|cannot)\b", re.I)


class ScriptedStandIn:
    """Stands in for the chat model: says MODEL_SAID to whatever reaches it."""

    name = "scripted stand-in"
    path = None
    context = 8192

    def __init__(self) -> None:
        self.lock = threading.RLock()
        self.calls = 0

    def chat_template(self) -> str:
        return "<|im_start|>"

    def tokenize(self, text: str, *, markup: bool = False, bos: bool = False) -> list[int]:
        return [ord(c) for c in text]

    def generate(self, tokens: Sequence[int], **options: Any) -> Iterator[str]:
        self.calls += 1
        yield MODEL_SAID


class FixedClock:
    def __init__(self, now: dt.datetime) -> None:
        self.now = now

    def __call__(self) -> dt.datetime:
        return self.now


@contextlib.contextmanager
def brain_at(now: dt.datetime) -> Iterator[tuple[Brain, Memory, Settings, ScriptedStandIn]]:
    """A brain on a fresh data dir, its clock stopped at `now`, the model a stand-in."""
    with tempfile.TemporaryDirectory() as folder:
        settings = Settings.for_data_dir(Path(folder), notetaker=False, semantic=False)
        clock = FixedClock(now)
        model = ScriptedStandIn()
        intents = with_kitchen(household_router(settings.data_dir, clock))
        with Memory.open(settings, clock, embedding=Embedding.none()) as memory:
            brain = Brain.open(settings, memory, chat_model=model, intents=intents, clock=clock)
            try:
                yield brain, memory, settings, model
            finally:
                brain.close()


# -- questions --------------------------------------------------------------------------


def questions(split: str) -> list[dict]:
    return json.loads((DATA / f"kitchen_{split}.json").read_text(encoding="utf-8"))["questions"]


def ask_all(split: str, now: dt.datetime) -> list[dict]:
    rows = []
    with brain_at(now) as (brain, _, _, model):
        for question in questions(split):
            before = model.calls
            reply = brain.reply(question["q"]).text
            to_model = model.calls > before
            right = not to_model and satisfies(reply, question["expect"])
            if question["kind"] == "clock" and right and not question["expect"].get("numbers"):
                # today's time or date, worked out here; a length of time worked out
                # ("how many minutes is an hour and three quarters") is read by its numbers
                right = _clock_right(reply, question["q"], now)
            rows.append(
                {
                    **question,
                    "reply": reply,
                    "right": right,
                    "to_model": to_model,
                    "reached": to_model and question["kind"] in SAFETY,
                    "guess": question["kind"] in SAFETY and GUESS in reply,
                }
            )
    return rows


def _clock_right(reply: str, asked: str, now: dt.datetime) -> bool:
    """What the clock should say to this question at `now`, worked out here: the time
    (here or in a named place), today, yesterday or tomorrow, the year, or the days to
    Christmas."""
    from zoneinfo import ZoneInfo

    from appliance.household.clock import PLACES

    q = asked.lower().rstrip("?")
    place = q.split(" in ", 1)[1].strip() if " in " in q and "time" in q else None
    if place is not None:
        zone = PLACES.get(place)
        if zone is None:
            return "won't guess" in reply
        return f"{now.astimezone().astimezone(ZoneInfo(zone)):%H:%M}" in reply
    if "year" in q:
        return str(now.year) in reply
    if "yesterday" in q or "tomorrow" in q:
        day = now + dt.timedelta(days=-1 if "yesterday" in q else 1)
        return f"{day:%A}" in reply
    if "christmas" in q:
        return str((dt.date(now.year, 12, 25) - now.date()).days) in reply
    if re.search(r"\btime\b|\bhow late\b", q) and not re.search(r"\b(?:day|date)\b", q):
        return f"{now:%H:%M}" in reply
    return now.strftime("%A") in reply or now.strftime("%B") in reply


def latencies() -> list[float]:
    """Milliseconds for each exact kitchen answer, without the model (warm: tables read)."""
    answer("190 c in f")
    times = []
    for split in SPLITS:
        for question in questions(split):
            started = time.perf_counter()
            found = answer(question["q"])
            took = (time.perf_counter() - started) * 1000
            if found is not None:
                times.append(took)
    return times


# -- commands ---------------------------------------------------------------------------


def commands(split: str) -> tuple[dt.datetime, list[dict]]:
    data = json.loads((DATA / f"household_commands_{split}.json").read_text(encoding="utf-8"))
    return dt.datetime.fromisoformat(data["now"]), data["commands"]


def _state(settings: Settings, now: dt.datetime) -> dict[str, Any]:
    with HouseholdStore.open(settings.data_dir, FixedClock(now)) as store:
        return {
            "timers": sorted(
                (t.name, t.state, t.rings_at)
                for t in store.timers(("pending", "ringing", "done", "cancelled"))
            ),
            "reminders": sorted(
                (r.text, r.state, r.due_at)
                for r in store.reminders(("pending", "ringing", "done", "cancelled"))
            ),
            "items": sorted(i.name for i in store.items()),
        }


def _prepare(brain: Brain, settings: Settings, command: dict, now: dt.datetime) -> str:
    """What the household holds first, so the command has something to act on; the thread."""
    thread = "bench"
    intent = command["intent"]
    name = command.get("name") or "pasta"
    with HouseholdStore.open(settings.data_dir, FixedClock(now)) as store:
        if intent.startswith("ringing."):
            timer = store.add_timer(name, 60)
            store.claim_ring(store.timer(timer.id), now, late=False)
        elif intent in ("timer.add", "timer.cancel", "timer.status"):
            store.add_timer(name, 600)
        elif intent == "answer.which":  # two timers, so "cancel the timer" asks which
            store.add_timer(name, 600)
            store.add_timer("rice" if name != "rice" else "eggs", 900)
        elif intent in ("reminder.cancel", "reminder.snooze"):
            reminder = store.add_reminder(
                command.get("what") or "call the vet", now + dt.timedelta(hours=1)
            )
            if "going off" in command.get("note", "") or "ringing" in command.get("note", ""):
                store.claim_ring(reminder, now, late=False)
        elif intent in ("shopping.remove", "shopping.check", "shopping.read", "shopping.clear"):
            store.add_items(command.get("items") or [command.get("item") or "milk", "bread"])
    if intent == "answer.duration":
        brain.reply("set a timer", thread)  # Hearth asks "For how long?"
    if intent == "answer.which":
        brain.reply("cancel the timer", thread)  # Hearth asks "Which one?"
    return thread


def _close(a: float, b: float, slack: float = 61) -> bool:
    return abs(a - b) <= slack


def _command_right(
    command: dict, reply: str, before: dict, after: dict, now: dt.datetime, to_model: bool
) -> bool:
    intent = command["intent"]
    if intent == "none":
        claimed = _CLAIM.search(reply) and not _DENIED.search(reply)
        return before == after and not claimed
    if to_model:
        return False
    new_timers = [t for t in after["timers"] if t not in before["timers"]]
    if intent == "timer.set" and command.get("seconds") is None:  # no length: ask, never guess
        return "how long" in reply.lower() and not new_timers
    if intent == "answer.which":
        return [(n, st) for n, st, _ in after["timers"] if st == "cancelled"] == [
            (command["name"], "cancelled")
        ]
    if intent in ("timer.set", "answer.duration"):
        return any(
            _close((rings - now).total_seconds(), command["seconds"])
            and (command.get("name") in (None, name))
            for name, state, rings in new_timers
        )
    if intent == "timer.add":
        return any(
            _close((r - now).total_seconds(), 600 + command["seconds"])
            for _, _, r in after["timers"]
        )
    if intent == "timer.cancel":
        return any(state == "cancelled" for _, state, _ in after["timers"])
    if intent == "timer.status":
        return "left" in reply or "rings at" in reply
    if intent == "ringing.stop":
        return any(state == "done" for _, state, _ in after["timers"])
    if intent == "ringing.snooze":
        return any(
            state == "pending" and _close((r - now).total_seconds(), command["seconds"])
            for _, state, r in after["timers"]
        )
    if intent == "remind":
        at = dt.datetime.fromisoformat(command["at"])
        return any(
            _close((due - at).total_seconds(), 0) and command["what"].lower() in text.lower()
            for text, state, due in after["reminders"]
            if state == "pending"
        )
    if intent == "reminder.cancel":
        return any(state == "cancelled" for _, state, _ in after["reminders"])
    if intent == "reminder.snooze":
        return any(
            state == "pending" and _close((due - now).total_seconds(), command["seconds"], 121)
            for _, state, due in after["reminders"]
        )
    if intent == "shopping.add":
        return all(
            any(
                item.lower() in held.lower() or held.lower() in item.lower()
                for held in after["items"]
            )
            for item in command["items"]
        )
    if intent == "shopping.remove":
        return all(item not in after["items"] for item in command["items"])
    if intent == "shopping.check":
        return reply.startswith(("Yes", "No"))
    if intent == "shopping.read":
        return "On the shopping list" in reply
    if intent == "shopping.clear":
        return after["items"] == []
    if intent == "clock.time":
        return f"{now:%H:%M}" in reply
    if intent == "clock.date":
        return now.strftime("%A") in reply
    return False


def run_commands(split: str) -> list[dict]:
    now, table = commands(split)
    rows = []
    for command in table:
        with brain_at(now) as (brain, _, settings, model):
            thread = _prepare(brain, settings, command, now)
            before = _state(settings, now)
            calls = model.calls
            reply = brain.reply(command["text"], thread).text
            after = _state(settings, now)
            to_model = model.calls > calls
            right = _command_right(command, reply, before, after, now, to_model)
            rows.append({**command, "reply": reply, "right": right, "to_model": to_model})
    return rows


# -- the report -------------------------------------------------------------------------


def _share(rows: list[dict], key: str = "right") -> str:
    hits = sum(bool(r[key]) for r in rows)
    return f"{hits}/{len(rows)} ({100 * hits / len(rows):.0f}%)" if rows else "-"


def report(question_rows: dict, command_rows: dict, times: list[float]) -> str:
    lines = [
        "# The kitchen conversation",
        "",
        "`python -m benchmarks.kitchen`: every question and command through the real router "
        "and brain, the model a scripted stand-in (it only shows what reaches the model). "
        "benchmarks/data/kitchen_tune.json and household_commands_tune.json were written by "
        "the rules' author; kitchen_heldout.json and household_commands_heldout.json by a "
        "helper who never saw the tables or rules, committed before the kitchen existed.",
        "",
        "## Kitchen questions",
        "",
        "| split | questions | right | left to the model | food safety that reached it "
        "| food-safety guesses said |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for split, rows in question_rows.items():
        guesses = sum(r["guess"] for r in rows)
        reached = sum(r["reached"] for r in rows)
        lines.append(
            f"| {split} | {len(rows)} | {_share(rows)} | {_share(rows, 'to_model')} | {reached} "
            f"| {guesses} |"
        )
    lines += ["", "| split | kind | right | left to the model |", "|---|---|---:|---:|"]
    for split, rows in question_rows.items():
        for kind in sorted({r["kind"] for r in rows}):
            group = [r for r in rows if r["kind"] == kind]
            lines.append(f"| {split} | {kind} | {_share(group)} | {_share(group, 'to_model')} |")
    lines += [
        "",
        f"Time of an exact kitchen answer (no model, {len(times)} answers): p50 "
        f"{statistics.median(times):.2f} ms, p95 {sorted(times)[int(len(times) * 0.95)]:.2f} ms, "
        f"max {max(times):.2f} ms.",
        "",
        "## Household commands",
        "",
        "| split | commands | right | of them not for the tools | claimed actions |",
        "|---|---:|---:|---:|---:|",
    ]
    for split, rows in command_rows.items():
        none = [r for r in rows if r["intent"] == "none"]
        claimed = sum(not r["right"] for r in none)
        lines.append(f"| {split} | {len(rows)} | {_share(rows)} | {len(none)} | {claimed} |")
    lines += ["", "| split | intent | right |", "|---|---|---:|"]
    for split, rows in command_rows.items():
        for intent, count in sorted(Counter(r["intent"] for r in rows).items()):
            group = [r for r in rows if r["intent"] == intent]
            lines.append(f"| {split} | {intent} ({count}) | {_share(group)} |")
    wrong = [
        (split, r)
        for split, rows in [*question_rows.items(), *command_rows.items()]
        for r in rows
        if not r["right"] and split == "tune"
    ]
    lines += ["", "## What the tuning half still gets wrong", ""]
    lines += [f"- `{r.get('q') or r.get('text')}` → {r['reply'][:140]}" for _, r in wrong] or [
        "- nothing"
    ]
    return "\n".join(lines) + "\n"


def plot(question_rows: dict, command_rows: dict, out: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    labels, right, model = [], [], []
    for title, table in (("questions", question_rows), ("commands", command_rows)):
        for split, rows in table.items():
            labels.append(f"{title}\n{split}")
            right.append(100 * sum(r["right"] for r in rows) / len(rows))
            model.append(100 * sum(r["to_model"] for r in rows) / len(rows))
    figure, axes = plt.subplots(figsize=(7, 3.5))
    xs = range(len(labels))
    axes.bar([x - 0.2 for x in xs], right, width=0.4, label="right")
    axes.bar([x + 0.2 for x in xs], model, width=0.4, label="left to the model")
    axes.set_xticks(list(xs), labels)
    axes.set_ylabel("%")
    axes.set_ylim(0, 100)
    axes.legend()
    axes.set_title("The kitchen conversation through the brain")
    figure.tight_layout()
    figure.savefig(out, dpi=110)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=RESULTS)
    parser.add_argument(
        "--split",
        choices=SPLITS,
        action="append",
        help="only this split (while tuning: the tuning half alone); default all",
    )
    parser.add_argument(
        "--wrong",
        choices=SPLITS,
        action="append",
        default=[],
        help="also print this split's wrong answers (to the terminal, never to the results)",
    )
    args = parser.parse_args()
    splits = args.split or list(SPLITS)
    now = dt.datetime(2026, 12, 1, 20, 41)
    question_rows = {split: ask_all(split, now) for split in splits}
    command_rows = {split: run_commands(split) for split in splits}
    times = latencies()
    text = report(question_rows, command_rows, times)
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "kitchen.md").write_text(text, encoding="utf-8")
    plot(question_rows, command_rows, args.out / "kitchen.png")
    print(text)
    for split in args.wrong:
        print(f"\n## Wrong on {split}\n")
        for r in [*question_rows.get(split, []), *command_rows.get(split, [])]:
            if not r["right"]:
                asked, kind = r.get("q") or r.get("text"), r.get("kind") or r.get("intent")
                print(f"- `{asked}` ({kind}) → {r['reply'][:160]}")


if __name__ == "__main__":
    main()
