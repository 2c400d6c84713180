"""The statement rules (brain/statements.py): what a person says in passing that is
proposed to the board as a household fact, and what is left alone.

    python -m benchmarks.statements [--show]   # results/statements.md and .png

Every line of a split goes through `facts_stated`, the one rule the router and the
note-taker share, twice in one run: as the rules stood at BASELINE (read from git) and as
they are now. A line counts as proposed when any fact comes out of it. The splits:
`statements_heldout.json` (90 kitchen remarks, 40 lasting facts and 50 that are not,
written by a helper from a brief without reading the code, committed before the first
run) and the note-taker's own (`brain_extraction.jsonl` to tune, `…_heldout.jsonl`), each
line labelled fact or small talk there. Measures, never asserts.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from pathlib import Path

from appliance.brain import statements
from benchmarks.baseline import module_at

HERE = Path(__file__).resolve().parent
DATA = HERE / "data"
RESULTS = HERE / "results"
BASELINE = "d5e6a0d"  # the rules before the remarks of a kitchen evening were read
Stated = Callable[[str], list[str]]


def baseline() -> Stated:
    """`facts_stated` as it was at BASELINE."""
    stated: Stated = module_at(BASELINE, "appliance/brain/statements.py").facts_stated
    return stated


def splits() -> dict[str, list[tuple[str, bool]]]:
    """Each split's lines as (said, is a lasting fact)."""
    heldout = json.loads((DATA / "statements_heldout.json").read_text(encoding="utf-8"))
    found = {"remarks (held out)": [(line["said"], line["fact"]) for line in heldout["lines"]]}
    for name, file in (
        ("note-taker, tune", "brain_extraction.jsonl"),
        ("note-taker, held out", "brain_extraction_heldout.jsonl"),
    ):
        lines = (DATA / file).read_text(encoding="utf-8").splitlines()
        cases = [json.loads(line) for line in lines if line.strip()]
        found[name] = [(" ".join(c["said"]), bool(c["facts"])) for c in cases]
    return found


def measure(stated: Stated, lines: list[tuple[str, bool]]) -> list[tuple[str, bool, bool]]:
    """(said, is a fact, was proposed) for each line."""
    return [(said, fact, bool(stated(said))) for said, fact in lines]


def report(runs: dict[tuple[str, str], list[tuple[str, bool, bool]]]) -> str:
    table = [
        "| split | rules | facts proposed | **not facts, proposed** |",
        "| --- | --- | ---: | ---: |",
    ]
    for (split, rules), rows in runs.items():
        facts = [proposed for _, fact, proposed in rows if fact]
        other = [proposed for _, fact, proposed in rows if not fact]
        table.append(
            f"| {split} | {rules} | {sum(facts)}/{len(facts)} | **{sum(other)}/{len(other)}** |"
        )
    return "\n".join(table)


def write_plot(runs: dict[tuple[str, str], list[tuple[str, bool, bool]]], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axis = plt.subplots(figsize=(7, 2.6))
    labels = [f"{split}: {rules}" for split, rules in runs]
    facts = [
        100 * sum(p for _, f, p in rows if f) / max(1, sum(f for _, f, _ in rows))
        for rows in runs.values()
    ]
    other = [
        100 * sum(p for _, f, p in rows if not f) / max(1, sum(not f for _, f, _ in rows))
        for rows in runs.values()
    ]
    places = range(len(labels))
    axis.barh([y - 0.2 for y in places], facts, height=0.4, color="tab:green", label="facts")
    axis.barh([y + 0.2 for y in places], other, height=0.4, color="tab:red", label="not facts")
    axis.set_yticks(list(places), labels, fontsize=7)
    axis.invert_yaxis()
    axis.set_xlabel("proposed to the board (%)")
    axis.legend(fontsize=7)
    figure.tight_layout()
    figure.savefig(path, dpi=100)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--show", action="store_true", help="every line judged wrongly now")
    args = parser.parse_args()
    ways = {f"before ({BASELINE})": baseline(), "now": statements.facts_stated}
    runs = {
        (split, rules): measure(stated, lines)
        for split, lines in splits().items()
        for rules, stated in ways.items()
    }
    table = report(runs)
    print(table)
    if args.show:
        for (split, rules), rows in runs.items():
            if rules == "now":
                for said, fact, proposed in rows:
                    if fact != proposed:
                        print(f"{split}: {'missed' if fact else 'proposed'}: {said}")
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "statements.md").write_text(
        "# The statement rules (benchmarks/statements.py)\n\n" + table + "\n", encoding="utf-8"
    )
    write_plot(runs, RESULTS / "statements.png")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
