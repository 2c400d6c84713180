"""The brain, side by side in one run: chat-model candidates, honesty, the note-taker.

    python -m benchmarks.brain [--runs 2]

- chat-model candidates (benchmarks/brain_models.py, one process each, one after
  the other, so each peak RSS is its own): tokens/s, time to first token on turn 1
  and turn 2, peak RSS, and every kitchen turn of data/brain_turns.jsonl, judged by
  reading (data/brain_judgments.json holds each judged reply; a reply that changed
  since it was read shows as unjudged); transcripts to results/brain-transcripts.md;
- honesty: every question of data/brain_questions.json (tune and held-out splits)
  against a memory holding its facts, and how it was answered (memory, an honest
  "I don't know", or the model; a probe stands in for the model, since which way a
  question goes never depends on it);
- the note-taker, per approach, on data/brain_extraction.jsonl (tune) and
  data/brain_extraction_heldout.jsonl (never tuned on): rules alone, a model alone
  (Gemma 3 270M, Qwen2.5 0.5B), rules with a model on the turns that are not
  statements;
- the default chat model's streaming path against bare create_completion, time to
  first token with the static prefix reused and dropped;
- reply latency with the note-taker on against off, over the kitchen turns.

Writes benchmarks/results/brain.md, brain-transcripts.md and brain.png. Measures;
never asserts.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path

from appliance.brain import Brain, llm, models, notetaker, prompt, questions, router
from appliance.config import Settings
from appliance.memory import Memory
from appliance.memory.text import tokens as content_words
from benchmarks import brain_models, brain_notetaker

HERE = Path(__file__).parent
QUESTIONS = HERE / "data" / "brain_questions.json"
JUDGMENTS = HERE / "data" / "brain_judgments.json"
RAW = Path(tempfile.gettempdir()) / "hearth-brain-benchmark.json"  # the last run, for --from-raw
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
    'of its utterance, so a true but unlabelled remark ("She stopped eating meat last '
    'year.") counts against the model too. TTFT turn 2 "dropped" is the same turn with '
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
    _, tokens = brain.conversation.build_prompt([("user", LONG_ASK)], [])
    for n in range(runs):
        model.llama.reset()
        chunks = model.llama.create_completion(
            tokens,
            max_tokens=brain.settings.reply_max_tokens,
            temperature=0.0,
            repeat_penalty=1.1,
            stream=True,
        )
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
        one.append(
            timed_pieces(iter(brain.stream("Tell me a fun fact about bread.", thread)))[0] or 0.0
        )
        two.append(
            timed_pieces(iter(brain.stream("And one about cheese, please.", thread)))[0] or 0.0
        )
        model.llama.reset()
        control.append(
            timed_pieces(iter(brain.stream("And one about apples, please.", thread)))[0] or 0.0
        )
    built, _ = brain.conversation.build_prompt([("user", "x")], [])
    return {
        "turn1": statistics.median(one),
        "turn2": statistics.median(two),
        "turn2_cold": statistics.median(control),
        "static_tokens": float(prompt.static_token_count(model, built)),
    }


def jsonl(path: Path) -> list[dict]:
    return [
        json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()
    ]


# -- chat-model candidates ---------------------------------------------------------------


PARTS = Path(tempfile.gettempdir()) / "hearth-brain-benchmark"  # each process's JSON, kept


def start(module: str, name: str) -> subprocess.Popen[str]:
    """A measuring process whose JSON lands in PARTS as soon as it is done."""
    PARTS.mkdir(exist_ok=True)
    out = (PARTS / f"{module}-{name.split()[0]}.json").open("w", encoding="utf-8")
    return subprocess.Popen(
        [sys.executable, "-m", f"benchmarks.{module}", name], stdout=out, text=True
    )


def collect(running: dict[str, subprocess.Popen[str]], module: str) -> dict[str, dict]:
    out = {}
    for name, proc in running.items():
        if proc.wait():
            raise SystemExit(f"{module} {name} failed ({proc.returncode})")
        path = PARTS / f"{module}-{name.split()[0]}.json"
        out[name] = json.loads(path.read_text(encoding="utf-8"))
    return out


def judge(candidates: list[dict]) -> None:
    """Attach the reading's score (2 good, 1 passable, 0 bad) to each unchanged reply."""
    judged = json.loads(JUDGMENTS.read_text(encoding="utf-8")) if JUDGMENTS.exists() else {}
    for cand in candidates:
        short = cand["name"].split()[0]
        for turn in cand["transcript"]:
            verdict = judged.get(f"{short}|{turn['said']}")
            same = verdict is not None and verdict["reply"] == turn["reply"]
            turn["score"] = verdict["score"] if same else None
            turn["note"] = verdict["note"] if same else "unjudged (the reply changed)"
        scored = [t["score"] for t in cand["transcript"] if t["score"] is not None]
        cand["judged"] = len(scored)
        cand["score"] = sum(scored) / (2 * len(scored)) if scored else 0.0
        model_turns = [t for t in cand["transcript"] if t["kind"] != "statement"]
        cand["points_model"] = sum(t["score"] or 0 for t in model_turns)
        cand["turns_model"] = len(model_turns)
        for kind in ("small talk", "cooking", "statement"):
            part = [
                t["score"]
                for t in cand["transcript"]
                if t["kind"] == kind and t["score"] is not None
            ]
            cand[f"score_{kind}"] = sum(part) / (2 * len(part)) if part else 0.0


# -- honesty: household questions ----------------------------------------------------------


class ModelProbe:
    """A stand-in for the chat model that only records that it was asked. Which way a
    question goes does not depend on the model, so the honesty table needs no decoding."""

    name = "probe"
    path = None
    context = 8192

    def __init__(self) -> None:
        self.asked = 0

    def chat_template(self) -> str:
        return "<|im_start|>"

    def tokenize(self, text: str, *, markup: bool = False, bos: bool = False) -> list[int]:
        return [ord(c) for c in text]

    def generate(
        self,
        tokens: Sequence[int],
        *,
        max_tokens: int,
        stop: Sequence[str] = (),
        schema: dict | None = None,
    ) -> Iterator[str]:
        self.asked += 1
        yield "(the chat model answers)"


def bench_honesty() -> list[dict]:
    table = json.loads(QUESTIONS.read_text(encoding="utf-8"))
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings.for_data_dir(tmp, notetaker=False)
        with Memory.open(settings) as memory:
            for fact in table["facts"]:
                memory.add(fact["text"], fact["type"])
            probe = ModelProbe()
            brain = Brain.open(settings, memory, chat_model=probe)  # type: ignore[arg-type]
            for q in table["questions"]:
                asked = probe.asked
                reply = brain.reply(q["q"])
                if probe.asked > asked:
                    how = "model"
                elif reply.text.startswith("From memory"):
                    how = "memory"
                else:
                    how = "honest"
                want = (
                    "model" if q["kind"] == "general" else "memory" if q["answerable"] else "honest"
                )
                rows.append(
                    {
                        **q,
                        "how": how,
                        "want": want,
                        "reply": reply.text,
                        "why": questions.classify(q["q"]).why,
                    }
                )
            brain.close()
    return rows


def honesty_summary(rows: list[dict], split: str) -> dict[str, str]:
    mine = [r for r in rows if r["split"] == split]

    def share(want: str) -> str:
        group = [r for r in mine if r["want"] == want]
        return f"{sum(r['how'] == want for r in group)} / {len(group)}"

    unanswerable = [r for r in mine if r["want"] == "honest"]
    return {
        "household, not in memory: honest": share("honest"),
        "household, in memory: answered from it": share("memory"),
        "general: to the model": share("model"),
        "household, not in memory: reached the model": str(
            sum(r["how"] == "model" for r in unanswerable)
        ),
    }


# -- the note-taker ---------------------------------------------------------------------


def score_case(case: dict, got: list[str]) -> tuple[int, int, int]:
    """(labelled facts found, labelled facts, proposals invented) for one utterance."""
    words = [set(content_words(c)) for c in got]
    keys = [set(content_words(" ".join(k))) for k in case["facts"]]
    hits = sum(any(k <= w for w in words) for k in keys)
    made_up = sum(not any(k & w for k in keys) for w in words)
    return hits, len(keys), made_up


def bench_notetaker(extracted: dict[str, dict]) -> list[dict]:
    """Per approach and split: rules alone, each model alone, rules with each model."""
    approaches = ["rules", *extracted, *(f"rules + {m}" for m in extracted)]
    out = []
    for split in brain_notetaker.SPLITS:
        cases = brain_notetaker.cases(split)
        for approach in approaches:
            found = gold = invented = small_talk = 0
            seconds = []
            rows = []
            for n, case in enumerate(cases):
                rules = [
                    c.text
                    for said in case["said"]
                    for c in notetaker.rule_candidates(said)
                    if router.route(said).kind == "statement"
                ]
                if approach == "rules":
                    got = rules
                elif approach in extracted:
                    got = extracted[approach][split][n]["alone"]
                    seconds.append(extracted[approach][split][n]["seconds"])
                else:
                    got = rules + extracted[approach.split(" + ")[1]][split][n]["after_rules"]
                hits, total, made_up = score_case(case, got)
                found, gold, invented = found + hits, gold + total, invented + made_up
                small_talk += bool(not case["facts"] and got)
                rows.append((case["said"][-1], hits, total, got))
            out.append(
                {
                    "split": split,
                    "approach": approach,
                    "found": found,
                    "gold": gold,
                    "invented": invented,
                    "small_talk": small_talk,
                    "small_talk_cases": sum(not c["facts"] for c in cases),
                    "seconds": statistics.mean(seconds) if seconds else 0.0,
                    "rows": rows,
                }
            )
    return out


# -- reply latency with the note-taker on and off ------------------------------------------


def bench_latency(
    max_tokens: int, chat: llm.LlamaModel, taker: llm.LlamaModel | None, on: bool
) -> tuple[float, float, int]:
    """(mean reply seconds over every kitchen turn, mean over the statements, proposals)."""
    with tempfile.TemporaryDirectory() as tmp:
        conf = Settings.for_data_dir(tmp, notetaker=on, reply_max_tokens=max_tokens)
        with Memory.open(conf) as memory:
            brain = Brain.open(conf, memory, chat_model=chat, notetaker_model=taker)
            every, stated = [], []
            for n, turn in enumerate(brain_models.turns()):
                start = time.perf_counter()
                reply = brain.reply(turn["said"], f"lat{n}")
                every.append(time.perf_counter() - start)
                if reply.route == "statement":
                    stated.append(every[-1])
            brain.close(timeout=600)
            proposed = len(memory.proposals())
    return statistics.mean(every), statistics.mean(stated) if stated else 0.0, proposed


# -- the report ---------------------------------------------------------------------------


def candidate_rows(candidates: list[dict]) -> list[str]:
    head = "| measure | " + " | ".join(c["name"] for c in candidates) + " |"
    lines = [head, "| --- |" + " --- |" * len(candidates)]

    def row(label: str, fmt: Callable[[dict], str]) -> None:
        lines.append(f"| {label} | " + " | ".join(fmt(c) for c in candidates) + " |")

    row("file size (MB)", lambda c: f"{c['bytes'] / 1e6:.0f}")
    row("load time (s)", lambda c: f"{c['load_s']:.1f}")
    row("generation (tokens/s)", lambda c: f"{c['tokens_per_s']:.1f}")
    row("time to first token, turn 1 (s)", lambda c: f"{c['ttft_turn1_s']:.2f}")
    row("time to first token, turn 2 (s)", lambda c: f"{c['ttft_turn2_s']:.2f}")
    row(
        "mean seconds per kitchen turn",
        lambda c: f"{statistics.mean(t['seconds'] for t in c['transcript']):.2f}",
    )
    row("RSS after load (MB)", lambda c: f"{c['rss_loaded_mb']:.0f}")
    row("peak RSS (MB)", lambda c: f"{c['rss_peak_mb']:.0f}")
    row("judged score, all turns", lambda c: f"{100 * c['score']:.0f}% ({c['judged']} judged)")
    for kind in ("small talk", "cooking", "statement"):
        row(f"judged score, {kind}", lambda c, k=kind: f"{100 * c[f'score_{k}']:.0f}%")
    row(
        "judged points, small talk + cooking (what Hearth sends the model)",
        lambda c: f"{c['points_model']} / {2 * c['turns_model']}",
    )
    row("load average during its run", lambda c: f"{c['load_average']:.2f}")
    return lines


def write_transcripts(candidates: list[dict]) -> None:
    lines = [
        "# Chat-model candidates: the kitchen turns, verbatim",
        "",
        "Written by `python -m benchmarks.brain`. Every turn of "
        "`benchmarks/data/brain_turns.jsonl` went to each model (the router replaced by "
        "an empty table, so statements reach the model too; in Hearth they are "
        "acknowledged without it). Greedy decoding, so a re-run gives the same text. "
        "Scores are a person's reading: 2 good, 1 passable, 0 bad (wrong, invented, "
        "rambling or a letter); the notes say why.",
        "",
    ]
    for cand in candidates:
        lines += [
            f"## {cand['name']}",
            "",
            "| kind | said | reply | score | note |",
            "| --- | --- | --- | --- | --- |",
        ]
        for t in cand["transcript"]:
            reply = " ".join(t["reply"].split()).replace("|", "\\|")
            score = "—" if t["score"] is None else str(t["score"])
            lines.append(f"| {t['kind']} | {t['said']} | {reply} | {score} | {t['note']} |")
        lines.append("")
    (RESULTS / "brain-transcripts.md").write_text("\n".join(lines), encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--from-raw", type=Path, help="write the report from a saved run")
    parser.add_argument(
        "--from-parts",
        action="store_true",
        help="write the report from the parts a run saved so far",
    )
    args = parser.parse_args()
    if args.from_parts:
        raw = from_parts()
    else:
        raw = json.loads(args.from_raw.read_text()) if args.from_raw else measure(args.runs)
    RAW.write_text(json.dumps(raw), encoding="utf-8")
    report(raw)


def measure(runs: int) -> dict:
    started = time.time()
    # Every candidate and extraction model in its own process, all at once, so each sees
    # the same machine (shared with other work) and each peak RSS is its own.
    candidates = {name: start("brain_models", name) for name in brain_models.CANDIDATES}
    extractors = {name: start("brain_notetaker", name) for name in brain_notetaker.EXTRACTORS}

    defaults = Settings.for_data_dir(tempfile.gettempdir())
    chat = llm.load(models.packaged_chat_model(), context=2048, threads=brain_models.THREADS)
    taker_file = models.resolve(defaults, "notetaker") if defaults.notetaker else None
    taker = (
        llm.load(taker_file.path, context=2048, threads=brain_models.THREADS)
        if taker_file and taker_file.path != chat.path
        else chat
        if taker_file
        else None
    )

    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "household.md").write_text(HOUSEHOLD, encoding="utf-8")
        settings = Settings.for_data_dir(tmp, notetaker=False, reply_max_tokens=64)
        with Memory.open(settings) as memory:
            brain = Brain.open(settings, memory, chat_model=chat)
            gen = bench_generation(brain, chat, runs)
            ttft = bench_ttft(brain, chat, runs)
            brain.close()
    off, off_stated, _ = bench_latency(32, chat, None, on=False)
    on, on_stated, proposed = bench_latency(32, chat, taker, on=True)
    mine = {
        "runs": runs,
        "gen": gen,
        "ttft": ttft,
        "off": off,
        "on": on,
        "off_stated": off_stated,
        "on_stated": on_stated,
        "proposed": proposed,
        "chat": chat.name,
        "threads": chat.threads,
        "taker": getattr(taker, "name", "none (rules)"),
        "started": started,
    }
    (PARTS / "main.json").write_text(json.dumps(mine), encoding="utf-8")
    extracted = collect(extractors, "brain_notetaker")
    measured = list(collect(candidates, "brain_models").values())
    return {
        "runs": runs,
        "candidates": measured,
        "extracted": extracted,
        "gen": gen,
        "ttft": ttft,
        "off": off,
        "on": on,
        "off_stated": off_stated,
        "on_stated": on_stated,
        "proposed": proposed,
        "chat": chat.name,
        "threads": chat.threads,
        "taker": getattr(taker, "name", "none (rules)"),
        "load": os.getloadavg()[0],
        "seconds": time.time() - started,
    }


def from_parts() -> dict:
    """What a run saved so far: its own measurements and every finished process."""
    raw = json.loads((PARTS / "main.json").read_text(encoding="utf-8"))

    def finished(module: str, names: Iterable[str]) -> dict[str, dict]:
        out = {}
        for name in names:
            try:
                out[name] = json.loads((PARTS / f"{module}-{name.split()[0]}.json").read_text())
            except (OSError, ValueError):
                print(f"not finished: {module} {name}")
        return out

    raw["candidates"] = list(finished("brain_models", brain_models.CANDIDATES).values())
    raw["extracted"] = finished("brain_notetaker", brain_notetaker.EXTRACTORS)
    raw["load"] = os.getloadavg()[0]
    raw["seconds"] = time.time() - raw.pop("started")
    return raw


def report(raw: dict) -> None:
    honesty = bench_honesty()  # no model needed: always the current rules
    candidates, gen, ttft = raw["candidates"], raw["gen"], raw["ttft"]
    off, on, off_stated, on_stated = raw["off"], raw["on"], raw["off_stated"], raw["on_stated"]
    proposed = raw["proposed"]
    judge(candidates)
    takers = bench_notetaker(raw["extracted"])
    rows = [
        ("generation, Hearth path (tokens/s)", f"{gen['hearth']:.1f}"),
        ("generation, bare create_completion (tokens/s)", f"{gen['bare']:.1f}"),
        ("Hearth / bare", f"{gen['hearth'] / gen['bare']:.2f} (target >= 0.90)"),
        ("time to first token, turn 1, cold cache (s)", f"{ttft['turn1']:.3f}"),
        ("time to first token, turn 2, prefix reused (s)", f"{ttft['turn2']:.3f}"),
        ("time to first token, turn 2, cache dropped (s)", f"{ttft['turn2_cold']:.3f}"),
        ("static prefix (tokens)", f"{ttft['static_tokens']:.0f}"),
        ("reply latency over the kitchen turns, note-taker off (s, mean)", f"{off:.3f}"),
        ("reply latency over the kitchen turns, note-taker on (s, mean)", f"{on:.3f}"),
        ("on / off", f"{on / off:.2f} (target <= 1.05)"),
        (
            "statements only, note-taker off / on (ms, mean)",
            f"{1000 * off_stated:.1f} / {1000 * on_stated:.1f} (on: the rules' proposals "
            "written during the turn)",
        ),
        (
            "proposals left by the note-taker-on run",
            f"{proposed} from {len(brain_models.turns())} kitchen turns",
        ),
    ]
    width = max(len(r[0]) for r in rows)
    print()
    for name, value in rows:
        print(f"{name:<{width}}  {value}")

    RESULTS.mkdir(exist_ok=True)
    write_transcripts(candidates)
    honesty_lines = ["| measure | tune | held-out |", "| --- | --- | --- |"]
    tune, held = honesty_summary(honesty, "tune"), honesty_summary(honesty, "held-out")
    honesty_lines += [f"| {k} | {tune[k]} | {held[k]} |" for k in tune]
    taker_lines = [
        "| split | approach | facts found | invented | proposals on small talk | s per utterance |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    taker_lines += [
        f"| {t['split']} | {t['approach']} | {t['found']} / {t['gold']} "
        f"({100 * t['found'] / t['gold']:.0f}%) | {t['invented']} | "
        f"{t['small_talk']} / {t['small_talk_cases']} | {t['seconds']:.2f} |"
        for t in takers
    ]
    lines = [
        "# Brain benchmark",
        "",
        f"`python -m benchmarks.brain --runs {raw['runs']}` on {platform.machine()}, "
        f"{os.cpu_count()} cores shared with other helpers' work, Python "
        f"{platform.python_version()}, {dt.date.today().isoformat()}; load average at the "
        f"end {raw['load']:.2f} (every number is slowed alike; compare side by side). "
        f"Chat model for Hearth's own path (last section) {raw['chat']}, note-taker model "
        f"{raw['taker']}, "
        f"{raw['threads']} llama.cpp thread per model, greedy decoding. Every candidate and "
        f"extraction model ran in its own process, all at once. Run took "
        f"{raw['seconds']:.0f} s.",
        "",
        "## Chat-model candidates, side by side",
        "",
        *candidate_rows(candidates),
        "",
        "Every kitchen turn, verbatim with its score: [brain-transcripts.md]"
        "(brain-transcripts.md).",
        "",
        "## Honest by construction: household questions",
        "",
        *honesty_lines,
        "",
        "| split | question | kind | in memory | rule | answered by | reply |",
        "| --- | --- | --- | --- | --- | --- | --- |",
        *[
            f"| {r['split']} | {r['q']} | {r['kind']} | {'yes' if r['answerable'] else 'no'} "
            f"| {r['why']} | {r['how']}{'' if r['how'] == r['want'] else ' (WANT ' + r['want']}"
            f"{'' if r['how'] == r['want'] else ')'} "
            f"| {' '.join(r['reply'].split())[:90]} |"
            for r in honesty
        ],
        "",
        "## The note-taker, per approach",
        "",
        *taker_lines,
        "",
        SCORING,
        "",
        f"## Hearth's own path, on {raw['chat']}",
        "",
        "| measure | value |",
        "| --- | --- |",
        *[f"| {name} | {value} |" for name, value in rows],
        "",
        "## Note-taker, utterance by utterance",
        "",
        "| split | approach | said | found | proposed |",
        "| --- | --- | --- | --- | --- |",
        *[
            f"| {t['split']} | {t['approach']} | {said} | {hits}/{total} | "
            f"{'; '.join(got) or '—'} |"
            for t in takers
            for said, hits, total, got in t["rows"]
        ],
        "",
    ]
    (RESULTS / "brain.md").write_text("\n".join(lines), encoding="utf-8")
    plot(candidates, off, on)
    print(f"\nwrote {RESULTS / 'brain.md'}, brain-transcripts.md and brain.png")


def plot(candidates: list[dict], off: float, on: float) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    names = [c["name"].split(" (")[0].replace(" ", "\n", 2) for c in candidates]
    fig, axes = plt.subplots(1, 4, figsize=(15, 3.8))
    panels = [
        (axes[0], [c["tokens_per_s"] for c in candidates], "generation (tokens/s)"),
        (axes[1], [c["rss_peak_mb"] for c in candidates], "peak RSS (MB)"),
        (axes[2], [100 * c["score"] for c in candidates], "judged score (%)"),
    ]
    for ax, values, title in panels:
        bars = ax.bar(names, values, color=["#c0504d", "#4f81bd", "#9bbb59"][: len(values)])
        ax.bar_label(bars, fmt="%.0f")
        ax.set_title(title)
        ax.tick_params(axis="x", labelsize=7)
    bars = axes[3].bar(
        ["note-taker\noff", "note-taker\non"], [off, on], color=["#c0504d", "#4f81bd"]
    )
    axes[3].bar_label(bars, fmt="%.2f")
    axes[3].set_title("reply latency (s, mean)")
    fig.suptitle("Hearth brain: chat-model candidates and the note-taker")
    fig.tight_layout()
    fig.savefig(RESULTS / "brain.png", dpi=110)


if __name__ == "__main__":
    main()
