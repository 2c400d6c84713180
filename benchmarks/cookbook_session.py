"""What a cook says while cooking, and how long each answer takes, against the held-out splits.

    python -m benchmarks.cookbook_session [--show-misses]

Part 1 reads each split's `session_utterances.json` (written by a helper who never
read the code) with `cooking_request` and scores the intent and its argument.
Part 2 cooks one recipe to the end through the brain's router, as `hearth run`
builds it (rules only: no model is loaded for these routes), and times each answer.
Writes benchmarks/results/cookbook.md and cookbook.png.
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from fractions import Fraction
from pathlib import Path

from appliance.cookbook.phrases import CookingRequest, cooking_request

DATA = Path(__file__).parent / "data" / "recipes"
RESULTS = Path(__file__).parent / "results"
SPLITS = ("held_out", "held_out_2", "held_out_3", "held_out_4")


def _same_arg(case: dict[str, object], got: CookingRequest) -> bool:
    intent, arg = case["intent"], case.get("arg")
    if intent in ("amount", "start"):
        said = str(arg or "").lower().replace("’", "'")
        return (got.name is not None and said.strip() in got.name) or (
            got.name is not None and got.name in said
        )
    if intent == "step_number":
        return got.step == arg
    if intent == "scale":
        assert isinstance(arg, dict)
        if "serves" in arg:
            return got.serves == arg["serves"]
        if "factor" in arg:
            return got.factor == Fraction(arg["factor"])
        have = arg["have"]
        return (
            got.have is not None
            and got.have.quantity == Fraction(have["quantity"])
            and got.have.unit == have.get("unit")
            and have["item"].lower() in got.have.item
        )
    return True


def score_utterances(split: str) -> tuple[int, int, int, list[str], dict[str, list[int]]]:
    cases = json.loads((DATA / split / "session_utterances.json").read_text(encoding="utf-8"))
    intent_right = whole_right = 0
    misses: list[str] = []
    by_intent: dict[str, list[int]] = {}
    for case in cases:
        got = cooking_request(case["text"])
        got_intent = got.intent if got is not None else "other"
        if got_intent == "recipes":
            got_intent = "other"
        ok_intent = got_intent == case["intent"]
        ok = ok_intent and (got is None or _same_arg(case, got))
        intent_right += ok_intent
        whole_right += ok
        tally = by_intent.setdefault(str(case["intent"]), [0, 0])
        tally[0] += ok
        tally[1] += 1
        if not ok:
            misses.append(
                f"{case['text']!r}: want {case['intent']} {case.get('arg', '')} got {got}"
            )
    return len(cases), intent_right, whole_right, misses, by_intent


WALK = (
    "let's make nana's flapjacks",
    "what's the oven temperature?",
    "next",
    "what do I need for this step?",
    "how much butter?",
    "next",
    "next",
    "start the timer",
    "how long does it bake?",
    "for six people",
    "I only have 300 g of oats",
    "back",
    "repeat",
    "next",
    "next",
    "we're done",
)


def time_walk() -> list[tuple[str, float, str]]:
    """Each answer of one cooked recipe through the router `hearth run` builds."""
    from appliance.composition import intent_router
    from appliance.config import Settings
    from appliance.cookbook import Cookbook
    from appliance.memory.embedding import Embedding

    timed = []
    with tempfile.TemporaryDirectory() as folder:
        settings = Settings.for_data_dir(Path(folder))
        book = Cookbook.open(settings.data_dir)
        recipe = (DATA / "tune" / "01-flapjacks.txt").read_text(encoding="utf-8")
        proposed = book.propose(recipe, "cli")
        book.keep(proposed.id, "cli", shown=proposed.digest)
        router = intent_router(settings, Embedding.installed(settings))
        for said in WALK:
            started = time.perf_counter()
            route = router.route(said)
            intent = next(i for i in router.intents if i.name == route.kind)
            assert intent.act is not None, f"{said!r} went to {route.kind}, not a rule"
            answer = intent.act(route)
            timed.append((said, time.perf_counter() - started, answer))
    return timed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--show-misses", action="store_true")
    args = parser.parse_args()
    lines = [
        "## What a cook says (held-out utterances)",
        "",
        "| split | utterances | intent right | intent and argument right |",
        "| --- | --- | --- | --- |",
    ]
    per_intent: dict[str, dict[str, list[int]]] = {}
    for split in SPLITS:
        if not (DATA / split / "session_utterances.json").exists():
            continue
        n, intent_ok, whole_ok, misses, by_intent = score_utterances(split)
        per_intent[split] = by_intent
        lines.append(
            f"| {split} | {n} | {intent_ok}/{n} ({intent_ok / n:.0%}) | "
            f"{whole_ok}/{n} ({whole_ok / n:.0%}) |"
        )
        if args.show_misses:
            for miss in misses:
                print(f"[{split}] {miss}")
    lines += [
        "",
        "| intent | " + " | ".join(per_intent) + " |",
        "| --- " * (len(per_intent) + 1) + "|",
    ]
    intents = sorted({i for tallies in per_intent.values() for i in tallies})
    for intent in intents:
        cells = [
            f"{t[intent][0]}/{t[intent][1]}" if intent in t else "-" for t in per_intent.values()
        ]
        lines.append(f"| {intent} | " + " | ".join(cells) + " |")
    timed = time_walk()
    ms = [s * 1000 for _, s, _ in timed]
    lines += [
        "",
        "## One recipe cooked to the end through the router (rules, no model)",
        "",
        "| said | ms | answer |",
        "| --- | --- | --- |",
    ]
    lines += [f"| {said} | {s * 1000:.1f} | {answer[:90]} |" for said, s, answer in timed]
    lines += [
        "",
        f"Median {statistics.median(ms):.1f} ms, slowest {max(ms):.1f} ms over {len(ms)} answers.",
    ]
    text = "\n".join(lines) + "\n"
    print(text)
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "cookbook.md").write_text(text, encoding="utf-8")
    _plot(timed, RESULTS / "cookbook.png")


def _plot(timed: list[tuple[str, float, str]], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 4.5))
    ax.barh([s for s, _, _ in timed][::-1], [t * 1000 for _, t, _ in timed][::-1])
    ax.set_xlabel("ms per answer (this machine, rules only)")
    ax.set_title("Cooking one recipe to the end")
    fig.tight_layout()
    fig.savefig(path, dpi=100)


if __name__ == "__main__":
    main()
