"""Two checks added from outside trials, on cases a helper wrote without reading the code:
the echo bound (a reply that says the person's words back) and the household reading of
questions that ask who or about a plan.

    python -m benchmarks.echo_and_plans     # results/echo_and_plans.md and .png

- `echo_heldout.json`: (asked, reply) pairs, echo or not; an echo counts as caught when
  `ReplyBounds("", asked)` stops the reply with its echo bound, and an ordinary reply as
  wrongly stopped when the echo bound stops it.
- `plans_questions_heldout.json`: questions, the household's or the world's; each read by
  `questions.classify` as it routes a recall question. A world question read as the
  household's gets an honest "I don't know … yet"; a household one read as the world's
  goes to the model, which may invent the answer.

Both were committed before their first run, which is what is reported. Measures, never
asserts.
"""

from __future__ import annotations

import json
from pathlib import Path

from appliance.brain.bounds import ReplyBounds
from appliance.brain.questions import classify

DATA = Path(__file__).resolve().parent / "data"
RESULTS = Path(__file__).resolve().parent / "results"


def echoes() -> tuple[list[tuple[bool, bool]], list[str]]:
    """(is an echo, stopped as one) per pair, and the pairs read wrong."""
    pairs = json.loads((DATA / "echo_heldout.json").read_text(encoding="utf-8"))["pairs"]
    rows, wrong = [], []
    for pair in pairs:
        broken = ReplyBounds("", pair["asked"]).broken(pair["reply"])
        stopped = broken is not None and broken.bound == "echo"
        rows.append((bool(pair["echo"]), stopped))
        if stopped != bool(pair["echo"]):
            wrong.append(f"{pair['asked']!r} -> {pair['reply']!r}")
    return rows, wrong


def plans() -> tuple[list[tuple[bool, bool]], list[str]]:
    """(the household's, read as the household's) per question, and those read wrong."""
    asked = json.loads((DATA / "plans_questions_heldout.json").read_text(encoding="utf-8"))
    rows, wrong = [], []
    for question in asked["questions"]:
        read = classify(question["q"])
        rows.append((bool(question["household"]), read.household))
        if read.household != bool(question["household"]):
            wrong.append(f"{question['q']!r} ({read.why})")
    return rows, wrong


def _rate(rows: list[tuple[bool, bool]], truth: bool) -> tuple[int, int]:
    picked = [said for true, said in rows if true == truth]
    return sum(picked), len(picked)


def main() -> int:
    echo_rows, echo_wrong = echoes()
    plan_rows, plan_wrong = plans()
    caught, echoes_n = _rate(echo_rows, True)
    stopped, ordinary = _rate(echo_rows, False)
    ours, household = _rate(plan_rows, True)
    taken, world = _rate(plan_rows, False)
    table = "\n".join(
        [
            "| check | caught | wrongly caught |",
            "| --- | ---: | ---: |",
            f"| echo bound: echoes stopped / ordinary replies stopped | {caught}/{echoes_n} | "
            f"{stopped}/{ordinary} |",
            f"| household questions read as the household's / world questions read so | "
            f"{ours}/{household} | {taken}/{world} |",
        ]
    )
    print(table)
    print("\nread wrong:", *echo_wrong, *plan_wrong, sep="\n  ")
    RESULTS.mkdir(exist_ok=True)
    heading = (
        "# Echo bound and plan questions, held out\n\n`python -m benchmarks.echo_and_plans`\n\n"
    )
    (RESULTS / "echo_and_plans.md").write_text(heading + table + "\n", encoding="utf-8")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axis = plt.subplots(figsize=(6, 2.2))
    names = ["echo bound", "household questions"]
    right = [100 * caught / echoes_n, 100 * ours / household]
    false = [100 * stopped / ordinary, 100 * taken / world]
    axis.barh([0.2, 1.2], right, height=0.4, label="caught")
    axis.barh([-0.2, 0.8], false, height=0.4, label="wrongly caught")
    axis.set_yticks([0, 1], names)
    axis.set_xlim(0, 100)
    axis.set_xlabel("% of the held-out cases")
    axis.legend(fontsize=7)
    figure.tight_layout()
    figure.savefig(RESULTS / "echo_and_plans.png", dpi=100)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
