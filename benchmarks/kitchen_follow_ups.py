"""Kitchen follow-ups: "and in the freezer?" after "can I freeze cooked rice?".

    python -m benchmarks.kitchen_follow_ups [--show]   # results/kitchen_follow_ups.md, .png

Each pair is said in one conversation of the household's real router (intent_router:
the cookbook, the household, the kitchen, memory's routes), the first message acted on,
then the second. The second is judged against what the kitchen answers to the question
the pair's writer says it means, asked alone (`means`):
- as meant: the same answer (or, where the kitchen cannot answer `means` either,
  no table answer given);
- left: no table answer where `means` has one;
- wrong: a table answer other than `means`' (for a pair that is no follow-up, any
  answer other than the second message's own).
Both ways in one run: with the follow-ups read (brain/kitchen.py) and without. The split:
data/kitchen_follow_ups_heldout.json, 45 pairs (30 follow-ups, 15 not) a helper wrote from
a brief without reading the code, committed (737eb1b) before the first run. Measures,
never asserts.
"""

from __future__ import annotations

import argparse
import json
import tempfile
from pathlib import Path
from unittest import mock

from appliance.brain import kitchen
from appliance.composition import intent_router
from appliance.config import Settings
from appliance.kitchen.ask import answer
from appliance.kitchen.follow_ups import asked_again
from benchmarks.command_lines import write_plot

HERE = Path(__file__).resolve().parent
SPLIT = HERE / "data" / "kitchen_follow_ups_heldout.json"
RESULTS = HERE / "results"
OUTCOMES = ("as meant", "left", "wrong")


def sure_text(text: str) -> str | None:
    found = answer(text)
    return found.text if found is not None and found.kind not in ("unsure", "unclear") else None


def judged(pair: dict, got: str | None) -> str:
    wanted = sure_text(pair["means"] if pair["follow_up"] else pair["then"])
    if got == wanted:
        return "as meant"
    if got is None or (not pair["follow_up"] and got == sure_text(pair["then"])):
        return "left"
    return "wrong"


def run(pairs: list[dict], *, follow_ups: bool) -> list[tuple[dict, str, str | None]]:
    rows = []

    def none_asked(previous: str, said: str) -> list[str]:
        return []

    patch = mock.patch.object(kitchen, "asked_again", none_asked if not follow_ups else asked_again)
    with tempfile.TemporaryDirectory() as data_dir, patch:
        router = intent_router(Settings.for_data_dir(data_dir))
        for n, pair in enumerate(pairs):
            thread = f"pair-{n}"
            first = router.route(pair["first"], thread)
            if (act := router.act(first)) is not None:
                act(first)
            then = router.route(pair["then"], thread)
            acted = router.act(then) if then.kind == "kitchen" else None
            said = acted(then) if acted is not None else None
            got = said if said is not None and sure_text(then.text) is not None else None
            rows.append((pair, judged(pair, got), got))
    return rows


def report(runs: dict[str, list[tuple[dict, str, str | None]]]) -> str:
    table = ["| way | pairs | " + " | ".join(OUTCOMES) + " |", "| --- | --- |" + " ---: |" * 3]
    for way, rows in runs.items():
        for kind, wanted in (("follow-ups", True), ("not follow-ups", False)):
            picked = [j for pair, j, _ in rows if pair["follow_up"] is wanted]
            cells = " | ".join(str(picked.count(o)) for o in OUTCOMES)
            table.append(f"| {way} | {kind} ({len(picked)}) | {cells} |")
    return "\n".join(table)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--show", action="store_true", help="every pair not as meant")
    parser.add_argument("--out", default="kitchen_follow_ups", help="results/<out>.md and .png")
    args = parser.parse_args()
    pairs = json.loads(SPLIT.read_text(encoding="utf-8"))["pairs"]
    runs = {
        "before (no follow-ups)": run(pairs, follow_ups=False),
        "now": run(pairs, follow_ups=True),
    }
    table = report(runs)
    print(table)
    if args.show:
        for pair, judgement, got in runs["now"]:
            if judgement != "as meant":
                print(f"{judgement}: {pair['first']} | {pair['then']} -> {got}")
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / f"{args.out}.md").write_text(
        "# Kitchen follow-ups (benchmarks/kitchen_follow_ups.py)\n\n" + table + "\n",
        encoding="utf-8",
    )
    write_plot(runs, RESULTS / f"{args.out}.png", "Kitchen follow-ups", OUTCOMES, "held-out pairs")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
