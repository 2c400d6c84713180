"""When does a proposal mean what a tombstone means? The threshold, measured.

    python -m benchmarks.tombstones              # both halves; writes results
    python -m benchmarks.tombstones --tune-only  # the tuning half alone (for choosing)

benchmarks/data/tombstone_pairs.jsonl holds sentence pairs labelled `same` (a
paraphrase: a person who discarded one has discarded the other) or `different`
(near in words or topic but another fact: tea/coffee, before/after, names
swapped, numbers changed, …), each in the `tune` or the `held-out` half.

For each pair: the cosine of the installed MiniLM's passage vectors, and the
contrast (`appliance.memory.contrast`) that would stop a merge. The threshold
is chosen on the tuning half alone: the smallest cosine, in hundredths, above
every `different` pair the contrast lets through (0 false merges there). Then
both halves are scored with it: paraphrases caught, different pairs merged.
The same is reported for the cosine alone, without the contrast. Then
benchmarks/data/tombstone_outside.jsonl (written by a helper who never read this
code) is scored with the threshold in use: its rates only. Writes
benchmarks/results/tombstones.md and tombstones.png. Measures; never asserts.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from dataclasses import dataclass
from pathlib import Path

from appliance.memory.contrast import Marks, contrast
from appliance.memory.embed import load_embedder
from appliance.memory.tombstones import SAME_MEANING

HERE = Path(__file__).resolve().parent
PAIRS = HERE / "data" / "tombstone_pairs.jsonl"
# Written by a helper who never read this code, committed before any tuning: scored
# with the threshold in use, never used to choose it; rates only, never its pairs.
OUTSIDE = HERE / "data" / "tombstone_outside.jsonl"
SPLITS = ("tune", "held-out")


@dataclass(frozen=True)
class Pair:
    a: str
    b: str
    label: str  # same | different
    split: str  # tune | held-out
    cosine: float
    contrast: str | None


def measure(path: Path, split: str | None = None) -> list[Pair]:
    embedder = load_embedder("minilm")
    if embedder is None:
        sys.exit("the semantic extra (MiniLM on onnxruntime) is not installed")
    import numpy as np

    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]
    vectors = embedder.passages([t for r in rows for t in (r["a"], r["b"])])
    pairs = []
    for n, row in enumerate(rows):
        va, vb = (np.frombuffer(v, dtype=np.float32) for v in vectors[2 * n : 2 * n + 2])
        pairs.append(
            Pair(
                row["a"],
                row["b"],
                row["label"],
                split or row["split"],
                float(va @ vb),
                contrast(Marks.of(row["a"]), Marks.of(row["b"])),
            )
        )
    return pairs


def choose(pairs: list[Pair], *, with_contrast: bool) -> float:
    """The smallest hundredth above every `different` tuning pair that would merge."""
    passing = [
        p.cosine
        for p in pairs
        if p.split == "tune"
        and p.label == "different"
        and (p.contrast is None or not with_contrast)
    ]
    top = max(passing, default=0.0)
    return min(1.0, math.floor(top * 100 + 1) / 100)


def merges(pair: Pair, threshold: float, *, with_contrast: bool) -> bool:
    return pair.cosine >= threshold and (pair.contrast is None or not with_contrast)


def score(
    pairs: list[Pair], split: str, threshold: float, *, with_contrast: bool
) -> tuple[int, int, int, int]:
    """(paraphrases caught, paraphrases, different pairs merged, different pairs)."""
    same = [p for p in pairs if p.split == split and p.label == "same"]
    diff = [p for p in pairs if p.split == split and p.label == "different"]
    caught = sum(merges(p, threshold, with_contrast=with_contrast) for p in same)
    merged = sum(merges(p, threshold, with_contrast=with_contrast) for p in diff)
    return caught, len(same), merged, len(diff)


def table(pairs: list[Pair], threshold: float) -> list[str]:
    lines = [
        "| split | label | cosine | contrast | merged | a | b |",
        "|---|---|---:|---|---|---|---|",
    ]
    for p in sorted(pairs, key=lambda p: (p.split != "tune", p.label, -p.cosine)):
        merged = "yes" if merges(p, threshold, with_contrast=True) else ""
        lines.append(
            f"| {p.split} | {p.label} | {p.cosine:.3f} | {p.contrast or ''} | "
            f"{merged} | {p.a} | {p.b} |"
        )
    return lines


def summary(pairs: list[Pair], splits: tuple[str, ...]) -> tuple[list[str], float]:
    lines = [
        "| rule | threshold | split | paraphrases caught | different pairs merged |",
        "|---|---:|---|---:|---:|",
    ]
    chosen = 0.0
    for with_contrast, name in ((False, "cosine alone"), (True, "cosine + contrast")):
        threshold = choose(pairs, with_contrast=with_contrast)
        if with_contrast:
            chosen = threshold
        for split in splits:
            caught, same, merged, diff = score(pairs, split, threshold, with_contrast=with_contrast)
            lines.append(
                f"| {name} | {threshold:.2f} | {split} | {caught}/{same} "
                f"({100 * caught / same:.0f}%) | {merged}/{diff} |"
            )
    return lines, chosen


def plot(pairs: list[Pair], threshold: float, out: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, 2, figsize=(10, 4.5), sharey=True)
    for ax, split in zip(axes, SPLITS, strict=True):
        for x, (label, colour) in enumerate((("same", "tab:green"), ("different", "tab:red"))):
            group = [p for p in pairs if p.split == split and p.label == label]
            for k, p in enumerate(group):
                jitter = x + (k / max(len(group) - 1, 1) - 0.5) * 0.5
                blocked = p.contrast is not None
                ax.scatter(
                    jitter, p.cosine, color=colour, marker="x" if blocked else "o", alpha=0.8, s=28
                )
        ax.axhline(threshold, color="black", linestyle="--", linewidth=1)
        ax.set_xticks([0, 1], ["paraphrase", "near but different"])
        ax.set_title(f"{split} half")
    axes[0].set_ylabel("cosine (all-MiniLM-L6-v2 int8)")
    fig.suptitle(f"Tombstone matching: threshold {threshold:.2f}; x = a contrast stops the merge")
    fig.tight_layout()
    fig.savefig(out, dpi=110)
    plt.close(fig)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=Path, default=PAIRS)
    parser.add_argument("--out", type=Path, default=HERE / "results")
    parser.add_argument(
        "--tune-only", action="store_true", help="show only the tuning half; write nothing"
    )
    args = parser.parse_args()
    pairs = measure(args.pairs)
    if args.tune_only:
        pairs = [p for p in pairs if p.split == "tune"]
    splits = ("tune",) if args.tune_only else SPLITS
    lines, chosen = summary(pairs, splits)
    in_use = SAME_MEANING.get("all-minilm-l6-v2-onnx-int8")
    report = [
        "# Tombstones: when a proposal means what was discarded",
        "",
        "`python -m benchmarks.tombstones` on benchmarks/data/tombstone_pairs.jsonl "
        f"({sum(p.label == 'same' for p in pairs)} paraphrase pairs, "
        f"{sum(p.label == 'different' for p in pairs)} near-but-different pairs, "
        "half of each held out). The threshold is chosen on the tuning half only.",
        "",
        *lines,
        "",
        f"Chosen (cosine + contrast): **{chosen:.2f}**; in use "
        f"(`appliance.memory.tombstones.SAME_MEANING`): **{in_use}**.",
        "",
        *table(pairs, in_use if in_use is not None else chosen),
        "",
    ]
    if not args.tune_only:
        outside = measure(OUTSIDE, "outside")
        used = in_use if in_use is not None else chosen
        lines_outside = [
            "The outside table (benchmarks/data/tombstone_outside.jsonl, written by a helper "
            "who never read this code; never used to choose anything), with the threshold in "
            "use:",
            "",
            "| rule | threshold | split | paraphrases caught | different pairs merged |",
            "|---|---:|---|---:|---:|",
        ]
        for with_contrast, name in ((False, "cosine alone"), (True, "cosine + contrast")):
            caught, same, merged, diff = score(
                outside, "outside", used, with_contrast=with_contrast
            )
            lines_outside.append(
                f"| {name} | {used:.2f} | outside | {caught}/{same} "
                f"({100 * caught / same:.0f}%) | {merged}/{diff} |"
            )
        cut = report.index(next(line for line in report if line.startswith("Chosen")))
        report[cut:cut] = [*lines_outside, ""]
    print("\n".join(report))
    if args.tune_only:
        return
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "tombstones.md").write_text("\n".join(report), encoding="utf-8")
    plot(pairs, in_use if in_use is not None else chosen, args.out / "tombstones.png")
    print(f"wrote {args.out / 'tombstones.md'} and {args.out / 'tombstones.png'}")


if __name__ == "__main__":
    main()
