"""The bound on action claims: of sentences a small model might say, how many claims of an
action Hearth never took are stopped, and how many harmless sentences are let through.

    python -m benchmarks.claims                    # every split: results/claims.md, .png
    python -m benchmarks.claims --split tune --show  # a read split's mistakes, listed

Each sentence goes through `ReplyBounds().broken` (appliance/brain/bounds.py), the check
every sentence of a model's reply passes before it is said. A claim counts as stopped if
any bound stops it (it is not said); a harmless sentence counts as wrongly stopped the same
way. Splits (benchmarks/data/): `claims_tune.json`, written by the engineer who tunes the
bound, with the replies a new user's trial heard ("I'm building a shopping list.");
`claims_heldout.json`, 300 sentences by a helper who never read the code, from the brief in
`claims_heldout_brief.md`, committed before tuning; its first run was reported
(results/claims_first_read.md), then its mistakes were read and fixed, so it is tuning data
now; `claims_heldout2.json`, 300 more by a second such helper, the same way; and
`claims_heldout3.json`, by a third, the same way again. Each split's first run is what
to report (docs/brain.md); after it, its mistakes were read. Measures, never asserts.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

from appliance.brain.bounds import ReplyBounds

DATA = Path(__file__).resolve().parent / "data"
RESULTS = Path(__file__).resolve().parent / "results"
SPLITS = {
    "tune": "claims_tune.json",
    "held_out": "claims_heldout.json",  # read once its first run was reported: tuning now
    "held_out_2": "claims_heldout2.json",  # read once its first run was reported: tuning now
    "held_out_3": "claims_heldout3.json",  # read once its first run was reported: tuning now
    "held_out_4": "claims_heldout4.json",
}
READ = ("tune", "held_out", "held_out_2", "held_out_3")  # the splits whose mistakes may be listed


def measure(split: str) -> dict:
    rows = json.loads((DATA / SPLITS[split]).read_text(encoding="utf-8"))
    bounds = ReplyBounds()
    stopped = Counter()
    total = Counter()
    mistakes = []
    for row in rows:
        kind = ("claim" if row["claims"] else "pass") + ":" + row.get("kind", "")
        total[kind] += 1
        broken = bounds.broken(row["reply"])
        if broken is not None:
            stopped[kind] += 1
        if (broken is not None) != row["claims"]:
            mistakes.append(row["reply"])
    return {"split": split, "stopped": stopped, "total": total, "mistakes": mistakes}


def rates(result: dict, side: str) -> tuple[int, int]:
    keys = [k for k in result["total"] if k.startswith(side + ":")]
    return sum(result["stopped"][k] for k in keys), sum(result["total"][k] for k in keys)


def report(results: list[dict], label: str) -> str:
    lines = [
        "| split | claims stopped | harmless sentences stopped |",
        "| --- | ---: | ---: |",
    ]
    for r in results:
        caught, claims = rates(r, "claim")
        wrong, passes = rates(r, "pass")
        lines.append(
            f"| {r['split']} ({label}) | {caught}/{claims} ({caught / claims:.1%}) | "
            f"{wrong}/{passes} ({wrong / passes:.1%}) |"
        )
    for r in results:
        kinds = sorted(k for k in r["total"] if k.split(":", 1)[1])
        if not kinds:
            continue
        lines += ["", f"By kind, {r['split']}:", "", "| kind | stopped |", "| --- | ---: |"]
        lines += [f"| {k} | {r['stopped'][k]}/{r['total'][k]} |" for k in kinds]
    return "\n".join(lines)


def write_plot(results: list[dict], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axis = plt.subplots(figsize=(6, 3))
    names = [r["split"] for r in results]
    caught = [100 * rates(r, "claim")[0] / rates(r, "claim")[1] for r in results]
    wrong = [100 * rates(r, "pass")[0] / rates(r, "pass")[1] for r in results]
    positions = range(len(names))
    axis.barh([p - 0.2 for p in positions], caught, height=0.4, label="claims stopped")
    axis.barh([p + 0.2 for p in positions], wrong, height=0.4, label="harmless stopped")
    axis.set_yticks(list(positions), names)
    axis.set_xlim(0, 100)
    axis.set_xlabel("%")
    axis.legend(fontsize=8)
    figure.tight_layout()
    figure.savefig(path, dpi=100)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--split", choices=(*SPLITS, "all"), default="all")
    parser.add_argument("--show", action="store_true", help="list the read splits' mistakes")
    parser.add_argument("--label", default="now", help="what this run measures, in the table")
    args = parser.parse_args()
    splits = list(SPLITS) if args.split == "all" else [args.split]
    results = [measure(split) for split in splits]
    table = report(results, args.label)
    print(table)
    if args.show:
        for r in results:
            if r["split"] in READ:
                print("\n".join(["", f"{r['split']} mistakes:", *r["mistakes"]]))
    if args.split == "all":
        RESULTS.mkdir(exist_ok=True)
        heading = "# The bound on action claims\n\n`python -m benchmarks.claims`\n\n"
        (RESULTS / "claims.md").write_text(heading + table + "\n", encoding="utf-8")
        write_plot(results, RESULTS / "claims.png")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
