"""Conversations run through the appliance's own router and brain, for a benchmark to read.

    read = run_at(rev, CONVERSATIONS, {"now": "2026-12-07T17:30", "cases": [...]}, MODEL_SAID)
    # one {"replies": [...], "first": records, "after": records} per case

Each case's `facts` (if any) are kept live first; its `turns` go, in one conversation,
through the router as composition.py composes it (the household with its clock fixed at
the payload's `now`, the kitchen, courtesy, said-to-another, the cookbook) and the brain,
in a fresh data folder. The chat model is a stand-in that answers every call with
MODEL_SAID, so a reply shows the model was asked; what the real model would say there is a
guess. The records are read after the first turn
and after all, as the panel shows them: timers (name, seconds left), reminders (words, when,
its rule of days and last day) and the list. Run by `baseline.run_at`, at any commit.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from benchmarks.bars import stacked
from benchmarks.baseline import ASKED_MODEL, run_at

MODEL_SAID = "(the chat model was asked)"

CONVERSATIONS = (
    """
import datetime as dt, json, sys, tempfile
from pathlib import Path
from appliance.brain import Brain
from appliance.brain.cooking import with_cooking
from appliance.brain.courtesy import with_courtesy
from appliance.brain.household import household_router
from appliance.brain.kitchen import with_kitchen
from appliance.brain.said_to_another import with_said_to_another
from appliance.composition import household_screen, open_memory, process_embedding, recipe_meaning
from appliance.config import Settings
from appliance.household.store import ACTIVE, HouseholdStore
from appliance.web.brain_chat import BrainChat
"""
    + ASKED_MODEL
    + """
payload = json.load(sys.stdin)
now = dt.datetime.fromisoformat(payload["now"])
def clock():
    return now

def held(folder):
    with HouseholdStore.open(folder, clock) as store:
        return {
            "timers": [
                {"name": None if t.name == "timer" else t.name,
                 "seconds": round((t.rings_at - now).total_seconds())}
                for t in store.timers(ACTIVE)
            ],
            "reminders": [
                {"what": r.text, "at": r.due_at.isoformat(timespec="minutes"),
                 "every": getattr(r, "every", None),
                 "until": None if getattr(r, "until", None) is None else r.until.isoformat()}
                for r in store.reminders(ACTIVE)
            ],
            "list": [item.name for item in store.items()],
        }

out = []
embedding = None
for case in payload["cases"]:
    with tempfile.TemporaryDirectory() as folder:
        settings = Settings.for_data_dir(Path(folder), notetaker=False, chat_tools=False)
        embedding = embedding or process_embedding(settings)
        screen = household_screen(embedding)
        # as composition.intent_router composes it, with the household's clock fixed
        router = with_said_to_another(
            with_courtesy(with_kitchen(household_router(settings.data_dir, clock, screen=screen)))
        )
        router = with_cooking(router, settings.data_dir, screen, recipe_meaning(embedding))
        memory = open_memory(settings)
        for fact in case.get("facts", ()):  # facts the household told before, live
            memory.add(fact, "note")
        model = AskedModel()
        brain = Brain.open(settings, memory, chat_model=model, intents=router)
        # "phone": as an OpenAI client says it, each turn with the whole history resent and
        # no thread id (web/brain_chat.py), where one thread holds the whole conversation
        phone = BrainChat(brain) if payload.get("client") == "phone" else None
        thread, replies, first, history = None, [], None, []
        try:
            for n, said in enumerate(case["turns"]):
                if phone is not None:
                    turn = phone.stream(said, None, history)
                    text = "".join(turn)
                    history += [("user", said), ("assistant", text)]
                    replies.append(text)
                else:
                    reply = brain.reply(said, thread) if thread else brain.reply(said)
                    thread = reply.thread_id
                    replies.append(reply.text)
                if n == 0:
                    first = held(settings.data_dir)
            out.append({"replies": replies, "first": first, "after": held(settings.data_dir)})
        finally:
            brain.close()
            memory.close()
json.dump(out, sys.stdout)
"""
)


def report(
    cases: list[dict],
    runs: dict[str, list[dict]],
    outcome: Callable[[dict, dict], str],
    outcomes: tuple[str, ...],
    *,
    first_reply: int = 0,
    show: bool = False,
    expected: Callable[[dict], list[str]] = lambda case: [
        f"expected: {json.dumps(case['expect'])}"
    ],
    asked_as: str = "messages to the model",
) -> tuple[str, list[str], list[tuple]]:
    """The table of outcomes by kind for each run, beside how many messages reached the
    model (from reply `first_reply` on); the cases shown (those not right now, or all with
    `show`); and the rows for a plot."""
    kinds = sorted({case["kind"] for case in cases})
    rows: list[tuple] = []
    lines = [
        f"| rules | kind | cases | {' | '.join(outcomes)} | {asked_as} |",
        "| --- | --- | ---: |" + " ---: |" * (len(outcomes) + 1),
    ]
    for label, read in runs.items():
        for kind in [*kinds, "all"]:
            chosen = [
                (c, r) for c, r in zip(cases, read, strict=True) if kind in ("all", c["kind"])
            ]
            counted = Counter(outcome(c, r) for c, r in chosen)
            asked = sum(
                MODEL_SAID in said for _, r in chosen for said in r["replies"][first_reply:]
            )
            rows.append((label, kind, len(chosen), counted))
            cells = " | ".join(str(counted[o]) for o in outcomes)
            name = f"**{kind}**" if kind == "all" else kind
            lines.append(f"| {label} | {name} | {len(chosen)} | {cells} | {asked} |")
    shown: list[str] = []
    for n, case in enumerate(cases):
        said = {label: read[n] for label, read in runs.items()}
        now = [r for label, r in said.items() if label.startswith("now")]
        if show or any(outcome(case, r) != outcomes[0] for r in now):
            shown.append(
                f"- [{case['kind']}{' ' + case['id'] if 'id' in case else ''}] "
                + " / ".join(case["turns"])
            )
            shown += [f"  - {line}" for line in expected(case)]
            for label, r in said.items():
                replies = " / ".join(reply.replace(MODEL_SAID, "(model)") for reply in r["replies"])
                shown.append(f"  - {label} ({outcome(case, r)}): {replies}")
                shown.append(f"    - records: {json.dumps(r['after'])}")
    return "\n".join(lines), shown, rows


def written(
    stem: str,
    title: str,
    split: dict,
    split_name: str,
    report_of: tuple[str, list[str], list[tuple]],
    colours: tuple[tuple[str, str], ...],
    axis: str,
) -> None:
    """The report printed, and written to results/<stem>.md and its plot to <stem>.png."""
    table, shown, rows = report_of
    print(table)
    if shown:
        print("\n".join(shown))
    results = Path(__file__).resolve().parent / "results"
    results.mkdir(exist_ok=True)
    (results / f"{stem}.md").write_text(
        f"# {title}\n\n`python -m benchmarks.{stem.removesuffix('_heldout')}`, split "
        f"{split_name} (held out), now = {split['now']}.\n\n{table}\n\n" + "\n".join(shown) + "\n"
    )
    stacked([row for row in rows if row[1] == "all"], colours, results / f"{stem}.png", axis)


def read_at_and_now(baseline: str, split: dict) -> dict[str, list[dict]]:
    """The split's conversations as the rules at `baseline` (from git) and now read them."""
    return {
        f"before ({baseline})": run_at(baseline, CONVERSATIONS, split, MODEL_SAID),
        "now": run_at(None, CONVERSATIONS, split, MODEL_SAID),
    }


def read_by_each_client(baseline: str, split: dict) -> dict[str, list[dict]]:
    """The split's conversations in one thread (a voice, the CLI, the web page) and by a
    phone that resends its history each turn, as the rules at `baseline` and now read them;
    "now" (one thread) last, the run the cases shown are judged by."""
    phone = {**split, "client": "phone"}
    return {
        f"before ({baseline}), one thread": run_at(baseline, CONVERSATIONS, split, MODEL_SAID),
        f"before ({baseline}), phone": run_at(baseline, CONVERSATIONS, phone, MODEL_SAID),
        "now, phone": run_at(None, CONVERSATIONS, phone, MODEL_SAID),
        "now": run_at(None, CONVERSATIONS, split, MODEL_SAID),
    }


def expected_with_reply(case: dict) -> list[str]:
    """What a case expects of the records, and of the last reply where it says."""
    lines = [f"expected: {json.dumps(case['expect'])}"]
    if case.get("reply_has") or case.get("reply_lacks"):
        lines.append(f"reply has {case.get('reply_has', [])}, lacks {case.get('reply_lacks', [])}")
    return lines


def run_split(
    split_path: Path,
    baseline: str,
    stem: str,
    title: str,
    outcome: Callable[[dict, dict], str],
    colours: tuple[tuple[str, str], ...],
    *,
    axis: str = "cases (held out)",
    expected: Callable[[dict], list[str]] = expected_with_reply,
    first_reply: int = 0,
    asked_as: str = "messages to the model",
    reads: Callable[[str, dict], dict[str, list[dict]]] = read_at_and_now,
) -> int:
    """A conversation benchmark's command line: `--baseline REV` and `--show`; the split
    read at the baseline and now (`reads`), side by side, printed and written (`written`)."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--baseline", default=baseline)
    parser.add_argument("--show", action="store_true", help="every case, before and now")
    args = parser.parse_args()
    split = json.loads(split_path.read_text())
    runs = reads(args.baseline, split)
    outcomes = tuple(name for name, _ in colours)
    written(
        stem,
        title,
        split,
        split_path.name,
        report(
            split["cases"],
            runs,
            outcome,
            outcomes,
            first_reply=first_reply,
            show=args.show,
            expected=expected,
            asked_as=asked_as,
        ),
        colours,
        axis,
    )
    return 0
