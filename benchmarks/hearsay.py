"""The bound on hearsay: a guess or someone's word said back as a settled fact.

    python -m benchmarks.hearsay                       # results/hearsay_heldout.md, .png
    python -m benchmarks.hearsay --baseline 70ccb9b    # that commit's bounds beside these
    python -m benchmarks.hearsay --show                # every pair judged wrongly

Each pair is what a person said and one sentence a small model might reply. The sentence
goes through `ReplyBounds(asked=said).broken` (appliance/brain/bounds.py), the check every
sentence of a reply passes before it is said, with what was said as the hearsay bound
reads it (appliance/brain/hearsay.py); no fact is recalled. A sentence that states the
claim surer than it was said counts as **stopped** if any bound stops it; a sentence that
keeps the doubt, says another thing, or restates a plain fact counts as **wrongly stopped**
the same way. "hearsay alone" counts only the hearsay bound's stops. `--baseline REV`
runs the same pairs through that commit's bounds in the same run.

The split: `hearsay_heldout.json`, 160 pairs by a helper who never read the code, from
the brief beside it, committed (df601d5) before its first run. Measures, never asserts.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

from benchmarks.baseline import run_at

DATA = Path(__file__).resolve().parent / "data"
RESULTS = Path(__file__).resolve().parent / "results"
SPLIT = "hearsay_heldout.json"

# Run in a process of its own with `appliance` as it stands at a commit (or now): the bound
# each pair breaks, or "" (`hearsay` is None where that commit had no such bound).
_JUDGE = """
import json, sys
from appliance.brain.bounds import ReplyBounds
try:
    from appliance.brain.hearsay import Hearsay
except ImportError:
    Hearsay = None
rows = []
for pair in json.load(sys.stdin):
    broken = ReplyBounds(asked=pair["said"]).broken(pair["reply"])
    alone = None if Hearsay is None else Hearsay(pair["said"]).restated(pair["reply"])
    rows.append({"bound": broken.bound if broken else "", "hearsay": alone})
json.dump(rows, sys.stdout)
"""

GROUPS = (
    ("surer", "said in doubt, said back surer: to stop"),
    ("doubt kept", "said in doubt, reply keeps it or says another thing: to pass"),
    ("plain", "said plainly, said back: to pass"),
    ("chat", "ordinary chat: to pass"),
)


def group(pair: dict) -> str:
    if pair["surer"]:
        return "surer"
    return pair["kind"] if pair["kind"] in ("plain", "chat") else "doubt kept"


def judged(pairs: list[dict], rows: list[dict], alone: bool) -> Counter[str]:
    """How many of each group were stopped (by the hearsay bound alone, or by any)."""
    stopped: Counter[str] = Counter()
    for pair, row in zip(pairs, rows, strict=True):
        if row["hearsay"] if alone else bool(row["bound"]):
            stopped[group(pair)] += 1
    return stopped


def report(pairs: list[dict], runs: dict[str, list[dict]]) -> tuple[str, list]:
    sizes = Counter(group(p) for p in pairs)
    head = "| bounds | " + " | ".join(f"{g} stopped (of {sizes[g]})" for g, _ in GROUPS) + " |"
    table = [head, "| --- |" + " ---: |" * len(GROUPS)]
    bars = []
    for name, rows in runs.items():
        for alone in (False, True):
            if alone and rows[0]["hearsay"] is None:
                continue
            stopped = judged(pairs, rows, alone)
            label = f"{name}, hearsay bound alone" if alone else f"{name}, every bound"
            table.append(f"| {label} | " + " | ".join(str(stopped[g]) for g, _ in GROUPS) + " |")
            bars.append((label, stopped))
    return "\n".join(table), bars


def plot(bars: list, sizes: Counter[str], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 0.5 * len(bars) * len(GROUPS) / 2 + 1.5))
    height = 0.8 / len(bars)
    for n, (label, stopped) in enumerate(bars):
        ys = [g + n * height for g in range(len(GROUPS))]
        shares = [100 * stopped[key] / max(sizes[key], 1) for key, _ in GROUPS]
        ax.barh(ys, shares, height=height, label=label)
    ax.set_yticks([g + 0.4 - height / 2 for g in range(len(GROUPS))])
    ax.set_yticklabels([text for _, text in GROUPS], fontsize=8)
    ax.invert_yaxis()
    ax.set_xlabel("% of the group stopped (the first row should be high, the rest low)")
    ax.legend(fontsize=7, loc="lower right")
    fig.tight_layout()
    fig.savefig(path, dpi=100)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--baseline", help="a commit whose bounds are read beside these")
    parser.add_argument("--show", action="store_true", help="every pair judged wrongly")
    args = parser.parse_args()
    pairs = json.loads((DATA / SPLIT).read_text(encoding="utf-8"))
    runs: dict[str, list[dict]] = {}
    if args.baseline:
        runs[f"{args.baseline} (before)"] = run_at(args.baseline, _JUDGE, pairs)
    runs["now"] = run_at(None, _JUDGE, pairs)
    table, bars = report(pairs, runs)
    print(table)
    if args.show:
        for pair, row in zip(pairs, runs["now"], strict=True):
            if bool(row["bound"]) != pair["surer"]:
                why = row["bound"] or "said"
                print(f"\n{group(pair):10} {why:12} {pair['said']!r}\n{'':23} {pair['reply']!r}")
    RESULTS.mkdir(exist_ok=True)
    out = RESULTS / Path(SPLIT).stem
    heading = (
        "# Hearsay said back surer\n\n"
        f"`python -m benchmarks.hearsay{' --baseline ' + args.baseline if args.baseline else ''}`"
        f" on `{SPLIT}` ({len(pairs)} pairs), each reply sentence through `ReplyBounds`\n\n"
    )
    out.with_suffix(".md").write_text(heading + table + "\n", encoding="utf-8")
    plot(bars, Counter(group(p) for p in pairs), out.with_suffix(".png"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
