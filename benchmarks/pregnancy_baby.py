"""Food safety said of a pregnancy or a baby: of questions nobody tuned on, how many get
the NHS's verdict from a table, where to ask, a guess, or the model.

    python -m benchmarks.pregnancy_baby --baseline 6b63d7d   # that commit's rules beside these
    python -m benchmarks.pregnancy_baby --show               # every question not as meant

The split: `pregnancy_baby_heldout.json`, 90 questions by a helper who never read the code,
from a short brief (40 of a pregnancy, 35 of a baby or small child, 15 of neither), each
with the NHS's verdict as the helper knows it: avoid, only cooked, ok, within a limit, or
ask (no clear table answer: a midwife, GP or health visitor can say). It was committed
(d209599) before this benchmark first ran. Each question goes through the household's
router as `hearth run` has it (a fresh data dir: nothing kept), in a process of its own
with `appliance` as it stands at a commit (or now). An answer is read by its own words:
by how its first sentence opens: "No…"/"Not…" is avoid, "Not unless it is cooked…", "Only
cooked…" or "Cook them until…" only cooked, "Yes…" with "up to"/"no more than" a limit,
"Yes…" ok, "…won't guess: your midwife / health visitor…" ask (the first read, kept, read
"steaming hot" anywhere as only cooked, so "Yes: cooked cold meats are fine…" was one); a small
child's row that states its age ("Not for a baby under 12 months… From 1 year old it is
fine") is counted as its verdict either side of that age, and counted apart. Of neither, a
right answer is any that says nothing of a pregnancy, a midwife or a health visitor.
Measures, never asserts.
"""

from __future__ import annotations

import argparse
import json
import re
from collections import Counter
from pathlib import Path

from benchmarks.baseline import run_at

DATA = Path(__file__).resolve().parent / "data"
RESULTS = Path(__file__).resolve().parent / "results"
SPLIT = "pregnancy_baby_heldout.json"

_ASK = """
import json, sys, tempfile
from appliance.composition import intent_router
from appliance.config import Settings
router = intent_router(Settings.for_data_dir(tempfile.mkdtemp()))
rows = []
for asked in json.load(sys.stdin):
    route = router.route(asked)
    act = router.act(route)
    rows.append({"kind": route.kind, "text": act(route) if act is not None else ""})
json.dump(rows, sys.stdout)
"""

# A small child's row that says its age or form either way: right on both sides of it
_BY_AGE = re.compile(
    r"^(?:Not whole for a child|For a child under 5, cut|Not for a baby under 12 months|"
    r"Not as a main drink before 12 months|From around 6 months, offer sips|"
    r"Not as a drink before 2 years old|Not as a main drink before 5 years old|"
    r"Not for a baby under 12 months\. From 12 months)"
)
_WHERE_TO_ASK = re.compile(r"won't guess(?: on [^:]+)?: your (?:midwife|health visitor)")
_NOT_SURE = re.compile(r"^I'm not sure, and I won't guess about food safety")
# Read by how the answer opens, its first sentence only: "Yes: cooked cold meats … are fine.
# Cured meats … are not, unless they are cooked until steaming hot." is a yes
_ONLY_COOKED = re.compile(
    r"^(?:Not unless it is cooked|Only cooked|Only if|Not cold|Cook (?:them|it) until)"
)
_LIMIT = re.compile(r"^(?:Yes|From [^:,]+, yes)\b[^.]*\b(?:up to|no more than|in moderation)")
_AVOID = re.compile(r"^(?:No\b|Not\b|Never\b|Don't\b)")
_OK = re.compile(r"^(?:Yes\b|From [^:,]+, yes\b|Cooked shellfish is fine|In the UK, yes)")


def read(text: str) -> str:
    """What an answer says, by its own words."""
    if not text:
        return "model"
    if _WHERE_TO_ASK.search(text):
        return "ask"
    text = re.split(r"(?<=[.!?])\s", text, maxsplit=1)[0]  # the first sentence says it
    for name, pattern in (
        ("not sure", _NOT_SURE),
        ("by age", _BY_AGE),
        ("only_cooked", _ONLY_COOKED),
        ("limit", _LIMIT),
        ("avoid", _AVOID),
        ("ok", _OK),
    ):
        if pattern.search(text):
            return name
    return "other"


def right(item: dict, said: str, text: str) -> bool:
    if item["verdict"] == "n/a":
        return not re.search(r"pregnan|midwife|health visitor", text, re.IGNORECASE)
    if said == "by age":
        return item["verdict"] in ("avoid", "ok", "only_cooked")
    return said == item["verdict"]


def report(items: list[dict], runs: dict[str, list[dict]]) -> tuple[str, dict]:
    lines = [
        "| rules | of | questions | as the NHS says | by a child's age row | where to ask "
        "(not the verdict) | not sure | the model | another verdict |",
        "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    bars: dict[str, Counter[str]] = {}
    for name, rows in runs.items():
        for of in ("pregnancy", "baby", "neither", "all"):
            counts: Counter[str] = Counter()
            for item, row in zip(items, rows, strict=True):
                if of != "all" and item["of"] != of:
                    continue
                said = read(row["text"])
                counts["questions"] += 1
                if right(item, said, row["text"]):
                    counts["right"] += 1
                    counts["by age"] += said == "by age"
                elif said in ("ask", "not sure", "model"):
                    counts[said] += 1
                else:
                    counts["other"] += 1
            bars[f"{name}: {of}"] = counts
            lines.append(
                f"| {name} | {'**all**' if of == 'all' else of} | {counts['questions']} | "
                f"{counts['right']} | {counts['by age']} | {counts['ask']} | "
                f"{counts['not sure']} | {counts['model']} | {counts['other']} |"
            )
    return "\n".join(lines), bars


def plot(bars: dict[str, Counter[str]], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    names = [n for n in bars if not n.endswith(": all")]
    figure, axis = plt.subplots(figsize=(9, 0.5 * len(names) + 1.5))
    left = [0.0] * len(names)
    for key, colour in (
        ("right", "#2e7d32"),
        ("ask", "#f9a825"),
        ("not sure", "#ef6c00"),
        ("model", "#c62828"),
        ("other", "#6a1b9a"),
    ):
        values = [bars[n][key] for n in names]
        axis.barh(names, values, left=left, color=colour, label=key)
        left = [a + b for a, b in zip(left, values, strict=True)]
    axis.set_xlabel("questions")
    axis.legend(loc="lower right", fontsize=8)
    axis.invert_yaxis()
    figure.tight_layout()
    figure.savefig(path, dpi=110)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--baseline", help="a commit whose rules are read beside these")
    parser.add_argument("--show", action="store_true", help="every question not as meant")
    args = parser.parse_args()
    items = json.loads((DATA / SPLIT).read_text(encoding="utf-8"))
    asked = [item["q"] for item in items]
    runs: dict[str, list[dict]] = {}
    if args.baseline:
        runs[f"{args.baseline} (before)"] = run_at(args.baseline, _ASK, asked)
    runs["now"] = run_at(None, _ASK, asked)
    table, bars = report(items, runs)
    print(table)
    if args.show:
        for item, row in zip(items, runs["now"], strict=True):
            said = read(row["text"])
            if not right(item, said, row["text"]):
                print(f"\n{item['of']:9} {item['verdict']:11} -> {said:10} {item['q']!r}")
                print(f"{'':33}{row['text'][:160]!r}")
    RESULTS.mkdir(exist_ok=True)
    out = RESULTS / Path(SPLIT).stem
    heading = (
        "# Food safety said of a pregnancy or a baby\n\n"
        f"`python -m benchmarks.pregnancy_baby"
        f"{' --baseline ' + args.baseline if args.baseline else ''}` on `{SPLIT}` "
        f"({len(items)} questions), each through the household's router\n\n"
    )
    out.with_suffix(".md").write_text(heading + table + "\n", encoding="utf-8")
    plot(bars, out.with_suffix(".png"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
