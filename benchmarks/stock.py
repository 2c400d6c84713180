"""The stock bound: of sentences a small model might say, how many that state what the
house has or lacks (which Hearth never knows: it knows the list, not the cupboards) are
stopped, and how many that only look like it are let through.

    python -m benchmarks.stock          # results/stock.md and .png
    python -m benchmarks.stock --show   # every sentence judged wrongly

Each sentence goes through `ReplyBounds(asked=…).broken` (appliance/brain/bounds.py), the
check every sentence of a model's reply passes, twice in one run: with the stock bound
switched off and on. A sentence counts as stopped if any bound stops it. The split:
`stock_heldout.json`, 80 sentences by a helper who never read the code, from the brief
beside it, committed before its first run (kept as results/stock_first_read.md).
Measures, never asserts.
"""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path

from appliance.brain import bounds

DATA = Path(__file__).resolve().parent / "data"
RESULTS = Path(__file__).resolve().parent / "results"
SPLIT = "stock_heldout.json"
ASKED = "what shall we have for dinner?"  # a question: nothing the person said is told


def measure(rows: list[dict], *, stock_bound: bool) -> list[tuple[dict, bool]]:
    real = bounds._STOCK
    if not stock_bound:
        bounds._STOCK = re.compile(r"(?!x)x")  # matches nothing: the bound switched off
    try:
        checked = bounds.ReplyBounds(asked=ASKED)
        return [(row, checked.broken(row["reply"]) is not None) for row in rows]
    finally:
        bounds._STOCK = real


def report(runs: dict[str, list[tuple[dict, bool]]]) -> str:
    lines = [
        "| rules | stock stated, stopped | other sentences, stopped |",
        "| --- | ---: | ---: |",
    ]
    for name, rows in runs.items():
        stated = [stopped for row, stopped in rows if row["stock"]]
        other = [stopped for row, stopped in rows if not row["stock"]]
        lines.append(f"| {name} | {sum(stated)}/{len(stated)} | {sum(other)}/{len(other)} |")
    return "\n".join(lines)


def write_plot(runs: dict[str, list[tuple[dict, bool]]], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axis = plt.subplots(figsize=(6, 2.2))
    names = list(runs)
    stated = [sum(s for r, s in runs[n] if r["stock"]) for n in names]
    other = [sum(s for r, s in runs[n] if not r["stock"]) for n in names]
    axis.barh([f"{n}: stock" for n in names], stated, color="tab:green")
    axis.barh([f"{n}: other" for n in names], other, color="tab:red")
    axis.set_xlabel("sentences stopped")
    axis.set_title("The stock bound", fontsize=9)
    figure.tight_layout()
    figure.savefig(path, dpi=100)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--show", action="store_true")
    parser.add_argument("--out", default="stock")
    args = parser.parse_args()
    rows = json.loads((DATA / SPLIT).read_text(encoding="utf-8"))
    runs = {"before": measure(rows, stock_bound=False), "now": measure(rows, stock_bound=True)}
    table = report(runs)
    print(table)
    if args.show:
        for row, stopped in runs["now"]:
            if stopped != row["stock"]:
                print(f"{'stopped' if stopped else 'passed':8} {row['kind']:14} {row['reply']!r}")
    RESULTS.mkdir(exist_ok=True)
    heading = f"# The stock bound\n\n`python -m benchmarks.stock` on `{SPLIT}` ({len(rows)})\n\n"
    (RESULTS / f"{args.out}.md").write_text(heading + table + "\n", encoding="utf-8")
    write_plot(runs, RESULTS / f"{args.out}.png")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
