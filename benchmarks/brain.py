"""The brain, side by side in one run, on the packaged default models.

    python -m benchmarks.brain [--runs 3] [--quick]

- generation tokens/s: Hearth's streaming path (Brain.stream) against a bare
  `llama_cpp.Llama.create_completion` on the same loaded model and threads;
- time to first token on turn 1 (cold KV cache) against turn 2 of the same
  thread (the static prefix reused), and turn 2 with the cache dropped (control);
- reply latency with the note-taker on against off, over the labelled utterances;
- peak RSS of the process with both models loaded;
- extraction on benchmarks/data/brain_extraction.jsonl: facts found, facts
  invented, false proposals on utterances with nothing to remember.

Writes benchmarks/results/brain.md and brain.png. Measures; never asserts.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import resource
import statistics
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from appliance.brain import Brain, llm, models, notetaker, prompt
from appliance.config import Settings
from appliance.memory import Memory
from appliance.memory.text import tokens as content_words

HERE = Path(__file__).parent
DATA = HERE / "data" / "brain_extraction.jsonl"
RESULTS = HERE / "results"
# A household.md of the length a family writes: a page of plain notes.
HOUSEHOLD = """# The Okafors
We are Ada, Sam (9), Leo (6) and Grandma Ngozi, who lives with us.
Dinner is at 6pm on school nights and 7pm at weekends.
The kitchen radio stays off after 8pm; Leo goes to bed at 7.30.
Sam and Leo share emptying the dishwasher; Ada does the bins.
We shop on Saturday mornings at the market, then the supermarket for the rest.
Nobody in the house eats pork. Grandma takes her tea with lemon, no milk.
The car is a blue estate; it lives on the drive, keys on the hook by the door.
School is St Anne's; pick-up is 3.15, except Wednesdays (Sam has chess, 4.30).
The cleaner, Maria, comes on Tuesday mornings; leave the back door unlocked for her.
Emergency numbers are on the fridge. The first-aid box is in the hall cupboard.
The boiler is in the loft; the plumber is Dave Brooks.
"""
SCORING = (
    "Extraction scoring: a labelled fact is found when one extracted item holds all of its "
    "keywords; an item is counted invented when it shares no keyword with any labelled fact "
    "of its utterance, so a true but unlabelled remark (\"She stopped eating meat last "
    "year.\") counts against the model too. TTFT turn 2 \"dropped\" is the same turn with "
    "the KV cache reset: what turn 2 would cost without prefix reuse."
)
LONG_ASK = "Write a long, detailed story about a family cooking dinner together."


def timed_pieces(pieces: Iterator[str]) -> tuple[float | None, float, int]:
    """(time to first piece, time of last piece, pieces), all from the call."""
    start = time.perf_counter()
    first = None
    count = 0
    last = start
    for _ in pieces:
        now = time.perf_counter()
        if first is None:
            first = now - start
        last = now
        count += 1
    return first, last - start, count


def decode_rate(first: float | None, total: float, count: int) -> float:
    """Tokens per second after the first (prompt evaluation excluded)."""
    if first is None or count < 2 or total <= first:
        return 0.0
    return (count - 1) / (total - first)


def bench_generation(brain: Brain, model: llm.LlamaModel, runs: int) -> dict[str, float]:
    """Decode speed through Brain.stream, and bare create_completion on the same tokens."""
    hearth, bare = [], []
    _, tokens = brain.build_prompt([("user", LONG_ASK)], [])
    for n in range(runs):
        model.llama.reset()
        chunks = model.llama.create_completion(
            tokens, max_tokens=brain.settings.reply_max_tokens, temperature=0.0,
            repeat_penalty=1.1, stream=True)  # fmt: skip
        first, total, count = timed_pieces(c["choices"][0]["text"] for c in chunks)
        bare.append(decode_rate(first, total, count))
        model.llama.reset()
        first, total, count = timed_pieces(iter(brain.stream(LONG_ASK, f"gen{n}")))
        hearth.append(decode_rate(first, total, count))
    return {"hearth": statistics.median(hearth), "bare": statistics.median(bare)}


def bench_ttft(brain: Brain, model: llm.LlamaModel, runs: int) -> dict[str, float]:
    one, two, control = [], [], []
    for n in range(runs):
        model.llama.reset()  # a cold cache, as after a restart
        thread = f"ttft{n}"
        one.append(timed_pieces(iter(brain.stream("Tell me a fun fact about bread.",
                                                  thread)))[0] or 0.0)  # fmt: skip
        two.append(timed_pieces(iter(brain.stream("And one about cheese, please.",
                                                  thread)))[0] or 0.0)  # fmt: skip
        model.llama.reset()
        control.append(timed_pieces(iter(brain.stream("And one about apples, please.",
                                                      thread)))[0] or 0.0)  # fmt: skip
    built, _ = brain.build_prompt([("user", "x")], [])
    return {"turn1": statistics.median(one), "turn2": statistics.median(two),
            "turn2_cold": statistics.median(control),
            "static_tokens": float(prompt.static_token_count(model, built))}  # fmt: skip


def utterances() -> list[dict]:
    return [json.loads(line) for line in DATA.read_text(encoding="utf-8").splitlines()
            if line.strip()]  # fmt: skip


def bench_latency(max_tokens: int, chat: llm.LlamaModel, taker: llm.LlamaModel | None,
                  sample: list[dict]) -> tuple[float, int]:  # fmt: skip
    """Mean reply latency over the sample, the note-taker working in the background."""
    with tempfile.TemporaryDirectory() as tmp:
        conf = Settings.for_data_dir(tmp, notetaker=taker is not None,
                                     reply_max_tokens=max_tokens)  # fmt: skip
        with Memory.open(conf) as memory:
            brain = Brain.open(conf, memory, chat_model=chat, notetaker_model=taker)
            times = []
            for n, case in enumerate(sample):
                for said in case["said"]:
                    start = time.perf_counter()
                    brain.reply(said, f"lat{n}")
                    times.append(time.perf_counter() - start)
            brain.close(timeout=600)
            proposed = len(memory.proposals())
    return statistics.mean(times), proposed


def bench_extraction(taker: llm.LlamaModel) -> dict[str, object]:
    found = gold = invented = false_props = empty_cases = 0
    seconds = []
    rows = []
    for case in utterances():
        start = time.perf_counter()
        got = notetaker.extract(taker, [("user", s) for s in case["said"]])
        seconds.append(time.perf_counter() - start)
        words = [set(content_words(c.text)) for c in got]
        keys = [set(content_words(" ".join(k))) for k in case["facts"]]
        hits = sum(any(k <= w for w in words) for k in keys)
        made_up = sum(not any(k & w for k in keys) for w in words)
        found, gold, invented = found + hits, gold + len(keys), invented + made_up
        if not keys:
            empty_cases += 1
            false_props += bool(got)
        rows.append((case["said"][-1], hits, len(keys), [c.text for c in got]))
    return {"found": found, "gold": gold, "invented": invented, "cases": len(rows),
            "empty_cases": empty_cases, "false_props": false_props,
            "seconds": statistics.mean(seconds), "rows": rows}  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="fewer utterances for latency")
    args = parser.parse_args()

    started = time.time()
    chat = llm.load(models.packaged_chat_model(), context=2048, threads=0)
    taker = llm.load(models.packaged_notetaker_model(), context=2048, threads=0)
    rss_loaded = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024

    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "household.md").write_text(HOUSEHOLD, encoding="utf-8")
        settings = Settings.for_data_dir(tmp, notetaker=False)
        with Memory.open(settings) as memory:
            brain = Brain.open(settings, memory, chat_model=chat)
            gen = bench_generation(brain, chat, args.runs)
            ttft = bench_ttft(brain, chat, args.runs)
            brain.close()

    sample = [c for c in utterances() if c["facts"]][: 6 if args.quick else 12]
    off, _ = bench_latency(80, chat, None, sample)
    on, proposed = bench_latency(80, chat, taker, sample)
    extraction = bench_extraction(taker)
    rss_peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024

    load = os.getloadavg()
    rows = [
        ("generation, Hearth path (tokens/s)", f"{gen['hearth']:.1f}"),
        ("generation, bare create_completion (tokens/s)", f"{gen['bare']:.1f}"),
        ("Hearth / bare", f"{gen['hearth'] / gen['bare']:.2f} (target >= 0.90)"),
        ("time to first token, turn 1, cold cache (s)", f"{ttft['turn1']:.3f}"),
        ("time to first token, turn 2, prefix reused (s)", f"{ttft['turn2']:.3f}"),
        ("time to first token, turn 2, cache dropped (s)", f"{ttft['turn2_cold']:.3f}"),
        ("turn 1 / turn 2", f"{ttft['turn1'] / ttft['turn2']:.1f}x (target >= 3x)"),
        ("static prefix (tokens)", f"{ttft['static_tokens']:.0f}"),
        ("reply latency, note-taker off (s, mean)", f"{off:.3f}"),
        ("reply latency, note-taker on (s, mean)", f"{on:.3f}"),
        ("on / off", f"{on / off:.2f} (target <= 1.05)"),
        ("proposals left by the note-taker run", f"{proposed} from {len(sample)} utterances"),
        ("peak RSS, both models loaded (MB)", f"{rss_loaded:.0f}"),
        ("peak RSS, end of run (MB)", f"{rss_peak:.0f}"),
        ("extraction: facts found", f"{extraction['found']} / {extraction['gold']}"),
        ("extraction: facts invented", f"{extraction['invented']}"),
        ("extraction: proposals on nothing-to-remember turns",
         f"{extraction['false_props']} / {extraction['empty_cases']}"),
        ("extraction: mean seconds per utterance", f"{extraction['seconds']:.2f}"),
    ]  # fmt: skip
    width = max(len(r[0]) for r in rows)
    print()
    for name, value in rows:
        print(f"{name:<{width}}  {value}")

    RESULTS.mkdir(exist_ok=True)
    lines = [
        "# Brain benchmark", "",
        f"`python -m benchmarks.brain --runs {args.runs}{' --quick' if args.quick else ''}` "
        f"on {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
        f"{dt.date.today().isoformat()}; load average at the end {load[0]:.2f} "
        f"(other work on the machine slows every number alike). Chat model "
        f"{chat.name}, note-taker {taker.name}, {chat.threads} threads each, greedy decoding. "
        f"Run took {time.time() - started:.0f} s.", "",
        "| measure | value |", "| --- | --- |",
        *[f"| {name} | {value} |" for name, value in rows], "",
        SCORING, "",
        "## Extraction, utterance by utterance", "",
        "| said | found | proposed |", "| --- | --- | --- |",
        *[f"| {said} | {hits}/{total} | {'; '.join(got) or '—'} |"
          for said, hits, total, got in extraction["rows"]],  # type: ignore[union-attr]
        "",
    ]  # fmt: skip
    (RESULTS / "brain.md").write_text("\n".join(lines), encoding="utf-8")
    plot(gen, ttft, off, on)
    print(f"\nwrote {RESULTS / 'brain.md'} and {RESULTS / 'brain.png'}")


def plot(gen: dict[str, float], ttft: dict[str, float], off: float, on: float) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, 3, figsize=(12, 3.6))
    panels = [
        (axes[0], ["Hearth", "bare"], [gen["hearth"], gen["bare"]], "generation (tokens/s)"),
        (axes[1], ["turn 1\ncold", "turn 2\nreused", "turn 2\ndropped"],
         [ttft["turn1"], ttft["turn2"], ttft["turn2_cold"]], "time to first token (s)"),
        (axes[2], ["note-taker\noff", "note-taker\non"], [off, on], "reply latency (s, mean)"),
    ]  # fmt: skip
    for ax, labels, values, title in panels:
        bars = ax.bar(labels, values, color=["#c0504d", "#4f81bd", "#9bbb59"][: len(values)])
        ax.bar_label(bars, fmt="%.2f")
        ax.set_title(title)
    fig.suptitle("Hearth brain: SmolLM2-135M chat, Gemma 3 270M note-taker")
    fig.tight_layout()
    fig.savefig(RESULTS / "brain.png", dpi=110)


if __name__ == "__main__":
    main()
