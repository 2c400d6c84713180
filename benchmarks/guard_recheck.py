"""What re-checking every fact costs when the guard changes, on a store of 2,000 facts.

    python -m benchmarks.guard_recheck               # 2,000 facts; appends to guard.md
    python -m benchmarks.guard_recheck --facts 500

A store is filled through `Memory.add` (the guard switched off while filling, so the
planted secrets get in, as they did under the guard before issue 20): household
facts from the generated corpus's ordinary sentences, and 1 in 100 a secret. Then
the index's guard stamp is set to an older guard's and the store is opened: the
open re-checks every fact (`Reconciler.recheck`). Timed beside an open with the
stamp current, in both modes (rules only; rules + classifier with the installed
model). Reports the seconds, the cost per fact, and how many facts each re-check
refused (planted secrets, and ordinary facts refused: false refusals). Writes
benchmarks/results/guard_recheck.md. Measures; never asserts.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import tempfile
import time
from pathlib import Path

from appliance.config import Settings
from appliance.errors import HearthError
from appliance.memory import Memory, guard
from appliance.memory.guard_stamp import KEY
from benchmarks.guard_corpus import build

HERE = Path(__file__).resolve().parent
SECRETS = (
    "Shed code {n}",
    "The garage keypad code is {n}",
    "wifi password Lantern{n}",
    "Gym locker {n}, combination 0519",
)


def fill(data_dir: Path, count: int, embedder: object | None) -> tuple[int, int]:
    """Write `count` facts (1 in 100 a secret) with the guard off; (ordinary, secrets)."""
    texts = [e.text for e in build()[0] if e.kind == "ordinary"]
    random.Random(5).shuffle(texts)
    settings = Settings.for_data_dir(data_dir, semantic=embedder is not None)
    original = guard.find_refusal
    guard.find_refusal = lambda text, embedder=None: None  # type: ignore[assignment]
    ordinary = secrets = 0
    try:
        with Memory.open(settings, embedder=lambda: embedder) as memory:  # type: ignore[arg-type,return-value]
            source = iter(texts)
            while ordinary + secrets < count:
                planted = (ordinary + secrets) % 100 == 99
                text = (
                    SECRETS[secrets % len(SECRETS)].format(n=4000 + secrets)
                    if planted
                    else next(source)
                )
                try:
                    memory.add(text, "household")
                except HearthError:
                    continue  # the same words twice
                secrets += planted
                ordinary += not planted
    finally:
        guard.find_refusal = original  # type: ignore[assignment]
    return ordinary, secrets


def timed_open(data_dir: Path, embedder: object | None, *, stale: bool) -> tuple[float, int]:
    settings = Settings.for_data_dir(data_dir, semantic=embedder is not None)
    if stale:
        memory = Memory(settings, embedder=lambda: embedder)  # type: ignore[arg-type,return-value]
        with memory, memory._lock.held():
            memory.index.set_note(KEY, "rules=an-older-guard;classifier=none")
    started = time.perf_counter()
    with Memory.open(settings, embedder=lambda: embedder) as memory:  # type: ignore[arg-type,return-value]
        seconds = time.perf_counter() - started
        refused = len(memory.reconciler.refused())
    return seconds, refused


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--facts", type=int, default=2000)
    parser.add_argument("--out", type=Path, default=HERE / "results" / "guard_recheck.md")
    args = parser.parse_args(argv)
    from appliance.memory.embed import load_embedder

    embedder = load_embedder()
    rows = []
    for mode, model in (("rules", None), ("rules+classifier", embedder)):
        if mode != "rules" and model is None:
            continue
        with tempfile.TemporaryDirectory() as tmp:
            data_dir = Path(tmp) / "data"
            started = time.perf_counter()
            ordinary, secrets = fill(data_dir, args.facts, model)
            took = time.perf_counter() - started
            print(f"{mode}: filled {ordinary} + {secrets} facts in {took:.0f} s")
            timed_open(data_dir, model, stale=False)  # settle: the first open checks once
            steady, _ = timed_open(data_dir, model, stale=False)
            recheck, refused = timed_open(data_dir, model, stale=True)
            rows.append((mode, ordinary + secrets, secrets, steady, recheck, refused))
            print(f"  open {steady:.2f} s; open with re-check {recheck:.2f} s; {refused} refused")
    load = os.getloadavg()
    lines = [
        "# Guard: re-checking the facts on disk when the guard changes",
        "",
        f"`python -m benchmarks.guard_recheck --facts {args.facts}` on {platform.machine()}, "
        f"{os.cpu_count()} cores shared with other work (load average {load[0]:.1f} at the end).",
        "",
        "| mode | facts | planted secrets | open, guard unchanged | open with re-check | "
        "re-check per fact | refused by the re-check |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for mode, facts, secrets, steady, recheck, refused in rows:
        per_fact = (recheck - steady) / facts * 1e3
        lines.append(
            f"| {mode} | {facts} | {secrets} | {steady:.2f} s | {recheck:.2f} s | "
            f"{per_fact:.2f} ms | {refused} |"
        )
    lines += [
        "",
        "Refused beyond the planted secrets are household facts the re-check refused "
        "(false refusals on sentences of the generated corpus, most of which it trained on).",
        "",
    ]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text("\n".join(lines), encoding="utf-8")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
