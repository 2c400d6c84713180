"""A conversation with the chat model: does it answer each message, or copy itself?

    python -m benchmarks.model_threads [--split tune|held_out|both]

Each conversation of a split is typed into one thread of the real brain (the default
model, the household's rules in front, a fresh data dir per way), and every way below
runs the same conversations in one run:

- before: the thread as it was shown (said_before.py's rules switched off);
- fixed lines not shown: the model is not shown an exchange Hearth answered with a
  line of its own;
- the default: that, and an answer that begins as one already said in the thread is
  made again from the message alone;
- no thread: the model is shown the message alone, every time (for reference: what a
  follow-up such as "why's that?" loses).

Counted over the answers the model's routes gave: how many hold a copy of an earlier
answer of the thread (said_before.py says what a copy is; Hearth's own fixed lines said
again are none); how many hold Hearth's fixed lines; how many times the model
generated; and the seconds per answer. Every transcript goes to
results/model_threads-transcripts.md, to be read: whether a follow-up was understood is
judged by reading, not counted. Splits:
data/model_threads_tune.json (the outside trial's evening and two threads of the
engineer's), data/model_threads_heldout.json (six threads a helper wrote from a brief
without reading the code, committed before the first run).
Measures, never asserts.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from unittest import mock

from appliance.brain import said_before
from appliance.brain.conversation import FIXED_LINES, MODEL_ROUTES, Conversation
from appliance.composition import intent_router, open_brain, open_memory
from appliance.config import load_settings

HERE = Path(__file__).resolve().parent
DATA = HERE / "data"
RESULTS = HERE / "results"
SPLITS = {"tune": "model_threads_tune.json", "held_out": "model_threads_heldout.json"}
WAYS = ("before", "fixed lines not shown", "the default", "no thread")


@dataclass(frozen=True)
class Turn:
    thread: str
    said: str
    route: str
    answer: str
    seconds: float
    generations: int


def conversations(split: str) -> list[tuple[str, list[str]]]:
    rows = json.loads((DATA / SPLITS[split]).read_text(encoding="utf-8"))
    found = []
    for row in rows:
        if "from" in row:
            text = (DATA / row["from"]).read_text(encoding="utf-8")
            row = {**row, "messages": [line.strip() for line in text.splitlines() if line.strip()]}
        found.append((row["name"], row["messages"]))
    return found


@contextlib.contextmanager
def way(name: str) -> Iterator[None]:
    """The brain as it answers in way `name` (the rules switched off by patching)."""
    with contextlib.ExitStack() as patches:
        if name in ("before", "fixed lines not shown"):
            patches.enter_context(mock.patch.object(said_before.Said, "copied", lambda s, x: False))
            patches.enter_context(
                mock.patch.object(said_before.Said, "opens_as", lambda s, x: False)
            )
        if name == "before":
            patches.enter_context(
                mock.patch.object(said_before, "worth_showing", lambda turns, fixed: list(turns))
            )
        if name == "no thread":
            patches.enter_context(mock.patch.object(Conversation, "history", lambda s, recent: []))
        yield


def run(split: str, name: str) -> list[Turn]:
    environ = dict(os.environ, HEARTH_DATA_DIR=tempfile.mkdtemp(prefix="hearth-threads-"))
    settings = load_settings(environ)
    generations = 0
    real = Conversation._generated

    def counting(self: Conversation, turns: Any, found: Any) -> Any:
        nonlocal generations
        generations += 1
        return real(self, turns, found)

    turns: list[Turn] = []
    with (
        way(name),
        mock.patch.object(Conversation, "_generated", counting),
        open_memory(settings) as memory,
        open_brain(settings, memory, intent_router(settings, memory.embedding)) as brain,
    ):
        for label, messages in conversations(split):
            thread = None
            for said in messages:
                before, start = generations, time.perf_counter()
                reply = brain.stream(said, thread).reply()
                thread = reply.thread_id
                seconds = time.perf_counter() - start
                turns.append(
                    Turn(label, said, reply.route, reply.text, seconds, generations - before)
                )
    return turns


def counted(turns: list[Turn]) -> dict[str, float]:
    answers = [t for t in turns if t.route in MODEL_ROUTES]
    repeats = 0
    earlier: dict[str, list[str]] = {}
    for turn in answers:
        thread = earlier.setdefault(turn.thread, [])
        before = said_before.Said.of(thread, FIXED_LINES)
        sentences = said_before.split(turn.answer)
        repeats += bool(sentences) and (
            before.opens_as(sentences[0]) or any(map(before.copied, sentences[1:]))
        )
        thread.append(turn.answer)
    fixed = sum(any(line in t.answer for line in FIXED_LINES) for t in answers)
    # the rules' honest "I don't know … yet" to a question taken for the household's
    not_known = sum(t.route == "recall" and t.answer.startswith("I don't know") for t in turns)
    return {
        "answers": len(answers),
        "repeats": repeats,
        "fixed": fixed,
        "not_known": not_known,
        "distinct": len({(t.thread, t.answer) for t in answers}),
        "generations": sum(t.generations for t in answers),
        "seconds": sum(t.seconds for t in answers) / max(1, len(answers)),
    }


def report(results: dict[tuple[str, str], list[Turn]]) -> str:
    lines = [
        "| split | way | model answers | **held a copy** | distinct answers | "
        "Hearth's fixed lines | generations | s per answer | messages | \"I don't know … yet\" |",
        "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for (split, name), turns in results.items():
        c = counted(turns)
        bold = "**" if name == "the default" else ""
        lines.append(
            f"| {split} | {bold}{name}{bold} | {c['answers']} | **{c['repeats']}** | "
            f"{c['distinct']} | {c['fixed']} | {c['generations']} | {c['seconds']:.2f} | "
            f"{len(turns)} | {c['not_known']} |"
        )
    return "\n".join(lines)


def transcripts(results: dict[tuple[str, str], list[Turn]]) -> str:
    out = ["# The chat model's conversations, every way (benchmarks/model_threads.py)", ""]
    for (split, name), turns in results.items():
        out += [f"## {split}: {name}", ""]
        thread = None
        for turn in turns:
            if turn.thread != thread:
                thread = turn.thread
                out += ["", f"### {thread}", ""]
            mark = "" if turn.route in MODEL_ROUTES else f" ({turn.route})"
            out.append(f"- **{turn.said}**{mark}  \n  {turn.answer}")
        out.append("")
    return "\n".join(out)


def write_plot(results: dict[tuple[str, str], list[Turn]], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axis = plt.subplots(figsize=(7, 2.8))
    labels = [f"{split}: {name}" for split, name in results]
    shares = []
    for turns in results.values():
        c = counted(turns)
        shares.append(100 * c["repeats"] / max(1, c["answers"]))
    axis.barh(labels, shares, color="tab:red")
    axis.invert_yaxis()
    axis.set_xlabel("model answers that said a sentence of an earlier one again (%)")
    axis.set_title("The chat model in a conversation", fontsize=9)
    figure.tight_layout()
    figure.savefig(path, dpi=100)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--split", choices=(*SPLITS, "both"), default="both")
    parser.add_argument("--ways", nargs="*", choices=WAYS, default=list(WAYS))
    parser.add_argument("--out", default="model_threads", help="results/<out>.md and .png")
    args = parser.parse_args()
    splits = list(SPLITS) if args.split == "both" else [args.split]
    results = {(split, name): run(split, name) for split in splits for name in args.ways}
    table = report(results)
    print(table)
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / f"{args.out}.md").write_text(
        "# The chat model in a conversation (benchmarks/model_threads.py)\n\n" + table + "\n",
        encoding="utf-8",
    )
    (RESULTS / f"{args.out}-transcripts.md").write_text(transcripts(results), encoding="utf-8")
    write_plot(results, RESULTS / f"{args.out}.png")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
