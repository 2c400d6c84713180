"""One extraction model on the note-taker sets, in its own process (run by brain.py).

    python -m benchmarks.brain_notetaker "Gemma 3 270M"     # prints one JSON object

For every utterance of both splits: what the model proposes reading every turn
("alone", as the note-taker did before rules), and reading only the turns the router
sends to the chat model ("after rules": statements are the rules' business).
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from pathlib import Path

from appliance.brain import llm, models, notetaker, router
from benchmarks.brain_models import THREADS

HERE = Path(__file__).parent
SPLITS = {
    "tune": HERE / "data" / "brain_extraction.jsonl",
    "held-out": HERE / "data" / "brain_extraction_heldout.jsonl",
}
EXTRACTORS: dict[str, Callable[[], Path]] = {
    "Gemma 3 270M": models.packaged_gemma_model,
    "Qwen2.5 0.5B": models.packaged_qwen_model,
}


def cases(split: str) -> list[dict]:
    return [
        json.loads(line)
        for line in SPLITS[split].read_text(encoding="utf-8").splitlines()
        if line.strip()
    ]


def texts(model: llm.LlamaModel, said: list[str]) -> list[str]:
    return [c.text for c in notetaker.extract(model, [("user", s) for s in said])]


def measure(name: str) -> dict:
    model = llm.load(EXTRACTORS[name](), context=2048, threads=THREADS)
    out: dict = {"name": name}
    for split in SPLITS:
        rows = []
        for case in cases(split):
            start = time.perf_counter()
            alone = texts(model, case["said"])
            seconds = time.perf_counter() - start
            after_rules: list[str] = []
            for said in case["said"]:
                if router.route(said).kind == "chat":
                    after_rules += texts(model, [said])
            rows.append({"alone": alone, "after_rules": after_rules, "seconds": seconds})
        out[split] = rows
    return out


if __name__ == "__main__":
    json.dump(measure(sys.argv[1]), sys.stdout)
