"""A refused statement said again with a clause less or more, or its times and amounts
written otherwise: is it held for review?

    python -m benchmarks.tombstone_clauses [--show]   # results/tombstone_clauses.md and .png

An outside trial discarded "Alfie's got a dairy allergy so no cheese on his." and then said
"remember that Alfie's got a dairy allergy": it went live. Each pair below goes through a
real TombstoneLog with the installed MiniLM, with the whole `appliance` package as it was at
each commit compared, in one run (each in a process of its own): before clauses were read
(BASELINE), before times and amounts were read as one mark (FIRST_READ), and now. The
refused text is tombstoned in a fresh log; the new text is "held" when `matching` finds
the tombstone.

- data/tombstone_clauses_heldout.jsonl: 60 pairs a helper wrote from a brief without
  reading the code, committed (6310b22) before any run: 35 `same` (the new text carries a
  refused claim: a clause of it, it with a clause more, or a clause reworded) and 25
  `different` (near, but a claim nobody refused).
- data/tombstone_said_otherwise_heldout.jsonl: 82 pairs another helper wrote the same way,
  committed (eaf6fb2) before any run: 46 `same` (a time, amount, date or how often written
  otherwise: "4pm" / "four in the afternoon", "fortnightly" / "every two weeks") and 36
  `different` (another time, day, amount or how often). FIRST_READ is its first read.
- data/diet_said_otherwise_heldout.jsonl: 100 pairs a third helper wrote the same way,
  committed (bb62da2) with the first rules for a diet or health fact's other wordings
  (memory/wordings.py), before any run: 50 `same` ("Priya is vegetarian" / "Priya doesn't
  eat meat") and 50 `different` (vegan for vegetarian, "used to", another allergen).
  FIRST_READ_DIET is its first read.
- data/tombstone_household_heldout.jsonl (90 pairs, committed 0c78ce4) and
  data/tombstone_family_heldout.jsonl (100 pairs, committed 181517f): refused statements
  and what a household or a family says later, written by two more helpers from briefs;
  FIRST_READ_HOUSEHOLD and FIRST_READ_FAMILY are their first reads.
- data/tombstone_pairs.jsonl and data/tombstone_outside.jsonl: the paraphrase pairs the
  threshold was chosen and checked on, read the same way, to show what else moved.

Measures, never asserts.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from benchmarks.baseline import run_at

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results"
BASELINE = "4582b0e"
FIRST_READ = "eaf6fb2"
FIRST_READ_DIET = "bb62da2"
# the household split was committed (0c78ce4) before its first run, with the rules of 976e138
FIRST_READ_HOUSEHOLD = "0c78ce4"
FIRST_READ_FAMILY = "181517f"
RULES = {
    "before": BASELINE,
    "first read": FIRST_READ,
    "first read, diet": FIRST_READ_DIET,
    "first read, household": FIRST_READ_HOUSEHOLD,
    "first read, family": FIRST_READ_FAMILY,
    "now": None,
}
SPLITS = {
    "clauses (held out)": (HERE / "data" / "tombstone_clauses_heldout.jsonl", "refused", "new"),
    "said otherwise (held out)": (
        HERE / "data" / "tombstone_said_otherwise_heldout.jsonl",
        "refused",
        "new",
    ),
    "diet and health (held out)": (
        HERE / "data" / "diet_said_otherwise_heldout.jsonl",
        "refused",
        "new",
    ),
    "said by a household (held out)": (
        HERE / "data" / "tombstone_household_heldout.jsonl",
        "refused",
        "new",
    ),
    "said by a family (held out)": (
        HERE / "data" / "tombstone_family_heldout.jsonl",
        "refused",
        "new",
    ),
    "paraphrases (tune and held out)": (HERE / "data" / "tombstone_pairs.jsonl", "a", "b"),
    "paraphrases (outside)": (HERE / "data" / "tombstone_outside.jsonl", "a", "b"),
}


# Run with the appliance at a commit: each [refused, new] pair -> held for review or not.
_HELD = """
import json, sys, tempfile
from pathlib import Path
from appliance.memory import tombstones
from appliance.memory.embed import load_embedder
from appliance.memory.text import fingerprint
embedder = load_embedder("minilm")
if embedder is None:
    sys.exit("the semantic extra (MiniLM on onnxruntime) is not installed")
held = []
for refused, new in json.load(sys.stdin):
    with tempfile.TemporaryDirectory() as folder:
        log = tombstones.TombstoneLog(Path(folder) / "tombstones.jsonl", lambda: embedder)
        log.add(tombstones.Tombstone(
            fingerprint(refused), refused, "no", "2026-12-05", "x", "panel", "discard"
        ))
        held.append(log.matching(new) is not None)
print(json.dumps(held))
"""


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--show", action="store_true", help="every pair the rules differ on")
    args = parser.parse_args()
    table = [
        "| pairs | label | pairs | held before | held at the first read | held at the diet "
        "split's first read | held at the household split's first read | held at the family "
        "split's first read | held now |",
        "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    plotted: dict[str, list[int]] = {}
    splits = {
        split: (
            [
                _labelled(json.loads(line))
                for line in path.read_text(encoding="utf-8").splitlines()
                if line
            ],
            refused_key,
            new_key,
        )
        for split, (path, refused_key, new_key) in SPLITS.items()
    }
    asked = [[p[r], p[n]] for pairs, r, n in splits.values() for p in pairs]
    answers = {name: iter(run_at(rev, _HELD, asked)) for name, rev in RULES.items()}
    for split, (pairs, refused_key, new_key) in splits.items():
        results = {name: [next(answers[name]) for _ in pairs] for name in RULES}
        for label in ("same", "different"):
            picked = [n for n, p in enumerate(pairs) if p["label"] == label]
            counts = [sum(results[name][n] for n in picked) for name in RULES]
            held = " | ".join(map(str, counts))
            table.append(f"| {split} | {label} | {len(picked)} | {held} |")
            plotted[f"{split}\n{label} ({len(picked)})"] = counts
        if args.show:
            first = (
                "first read, diet"
                if split.startswith("diet")
                else "first read, household"
                if split.startswith("said by a household")
                else "first read, family"
                if split.startswith("said by a family")
                else "first read"
            )
            for n, pair in enumerate(pairs):
                if results[first][n] != results["now"][n] or (
                    "held out" in split and results["now"][n] != (pair["label"] == "same")
                ):
                    print(
                        f"{pair['label']:9} first read={results[first][n]!s:5} "
                        f"now={results['now'][n]!s:5} {pair[refused_key]!r} -> {pair[new_key]!r}"
                    )
    text = "\n".join(table)
    print(text)
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "tombstone_clauses.md").write_text(
        "# A refused statement said with a clause less or more, or its times and amounts "
        f"written otherwise (benchmarks/tombstone_clauses.py; before = {BASELINE}, first read "
        f"= {FIRST_READ}, the diet split's first read = {FIRST_READ_DIET}, the household "
        f"split's first read = {FIRST_READ_HOUSEHOLD}, the family split's first read = "
        f"{FIRST_READ_FAMILY})\n\n{text}\n",
        encoding="utf-8",
    )
    write_plot(plotted, RESULTS / "tombstone_clauses.png")
    return 0


def _labelled(pair: dict[str, object]) -> dict[str, object]:
    """The diet split says `same: true/false` where the others say `label`."""
    if "label" not in pair:
        pair["label"] = "same" if pair["same"] else "different"
    return pair


def write_plot(plotted: dict[str, list[int]], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axis = plt.subplots(figsize=(7, 4))
    names = list(plotted)
    rows = range(len(names))
    height = 0.8 / len(RULES)
    for column, label in enumerate(RULES):
        offset = 0.4 - height * (column + 0.5)
        values = [plotted[n][column] for n in names]
        axis.barh([r + offset for r in rows], values, height, label=label)
    axis.set_yticks(list(rows), names, fontsize=7)
    axis.set_xlabel("pairs held for review")
    axis.set_title("A refused statement said again otherwise: held for review", fontsize=9)
    axis.legend(fontsize=7)
    figure.tight_layout()
    figure.savefig(path, dpi=100)


if __name__ == "__main__":
    raise SystemExit(main())
