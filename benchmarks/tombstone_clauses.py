"""A refused statement said again with a clause less or more: is it held for review?

    python -m benchmarks.tombstone_clauses [--show]   # results/tombstone_clauses.md and .png

An outside trial discarded "Alfie's got a dairy allergy so no cheese on his." and then said
"remember that Alfie's got a dairy allergy": it went live. Each pair below goes through a
real TombstoneLog with the installed MiniLM, twice in one run: with the rules before
clauses were read (tombstones.py at BASELINE, from git) and now. The refused text is
tombstoned in a fresh log; the new text is "held" when `matching` finds the tombstone.

- data/tombstone_clauses_heldout.jsonl: 60 pairs a helper wrote from a brief without
  reading the code, committed (6310b22) before any run: 35 `same` (the new text carries a
  refused claim: a clause of it, it with a clause more, or a clause reworded) and 25
  `different` (near, but a claim nobody refused).
- data/tombstone_pairs.jsonl and data/tombstone_outside.jsonl: the paraphrase pairs the
  threshold was chosen and checked on, read the same way, to show what else moved.

Measures, never asserts.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import types
from pathlib import Path

from appliance.memory import tombstones
from appliance.memory.embed import load_embedder
from appliance.memory.text import fingerprint
from benchmarks.baseline import module_at

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results"
BASELINE = "4582b0e"
SPLITS = {
    "clauses (held out)": (HERE / "data" / "tombstone_clauses_heldout.jsonl", "refused", "new"),
    "paraphrases (tune and held out)": (HERE / "data" / "tombstone_pairs.jsonl", "a", "b"),
    "paraphrases (outside)": (HERE / "data" / "tombstone_outside.jsonl", "a", "b"),
}


def held(rules: types.ModuleType, embedder: object, refused: str, new: str) -> bool:
    with tempfile.TemporaryDirectory() as folder:
        log = rules.TombstoneLog(Path(folder) / "tombstones.jsonl", lambda: embedder)
        stone = rules.Tombstone(
            fingerprint(refused), refused, "no", "2026-12-05", "x", "panel", "discard"
        )
        log.add(stone)
        return log.matching(new) is not None


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--show", action="store_true", help="every pair the two rules differ on")
    args = parser.parse_args()
    embedder = load_embedder("minilm")
    if embedder is None:
        sys.exit("the semantic extra (MiniLM on onnxruntime) is not installed")
    rules = {"before": module_at(BASELINE, "appliance/memory/tombstones.py"), "now": tombstones}
    table = [
        "| pairs | label | pairs | held before | held now |",
        "| --- | --- | ---: | ---: | ---: |",
    ]
    plotted: dict[str, list[int]] = {}
    for split, (path, refused_key, new_key) in SPLITS.items():
        pairs = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]
        results = {
            name: [held(module, embedder, p[refused_key], p[new_key]) for p in pairs]
            for name, module in rules.items()
        }
        for label in ("same", "different"):
            picked = [n for n, p in enumerate(pairs) if p["label"] == label]
            counts = [sum(results[name][n] for n in picked) for name in rules]
            table.append(f"| {split} | {label} | {len(picked)} | {counts[0]} | {counts[1]} |")
            plotted[f"{split}\n{label} ({len(picked)})"] = counts
        if args.show:
            for n, pair in enumerate(pairs):
                if results["before"][n] != results["now"][n] or (
                    split.startswith("clauses") and results["now"][n] != (pair["label"] == "same")
                ):
                    print(
                        f"{pair['label']:9} before={results['before'][n]!s:5} "
                        f"now={results['now'][n]!s:5} {pair[refused_key]!r} -> {pair[new_key]!r}"
                    )
    text = "\n".join(table)
    print(text)
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "tombstone_clauses.md").write_text(
        "# A refused statement said with a clause less or more "
        f"(benchmarks/tombstone_clauses.py; before = {BASELINE})\n\n{text}\n",
        encoding="utf-8",
    )
    write_plot(plotted, RESULTS / "tombstone_clauses.png")
    return 0


def write_plot(plotted: dict[str, list[int]], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axis = plt.subplots(figsize=(7, 3.2))
    names = list(plotted)
    rows = range(len(names))
    axis.barh([r + 0.2 for r in rows], [plotted[n][0] for n in names], 0.4, label="before")
    axis.barh([r - 0.2 for r in rows], [plotted[n][1] for n in names], 0.4, label="now")
    axis.set_yticks(list(rows), names, fontsize=7)
    axis.set_xlabel("pairs held for review")
    axis.set_title("A refused statement said with a clause less or more", fontsize=9)
    axis.legend(fontsize=7)
    figure.tight_layout()
    figure.savefig(path, dpi=100)


if __name__ == "__main__":
    raise SystemExit(main())
