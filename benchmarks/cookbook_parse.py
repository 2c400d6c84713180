"""How well pasted recipes are read: each split's cases against what they must parse to.

    python -m benchmarks.cookbook_parse [--show-misses]

A case is `NN-name.txt` (the paste) and `NN-name.json` (the contract: title, serves,
ingredients as quantity/unit/item, steps, timers; or `{"refused": [...]}`).
benchmarks/data/recipes/held_out/ was written by a helper from a short description,
without reading the code, and committed before the parser was tuned on tune/.
"""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

from appliance.cookbook.paste import NotARecipe, parse_pasted

DATA = Path(__file__).parent / "data" / "recipes"
SPLITS = ("tune", "held_out", "held_out_2", "held_out_3")
FIELDS = ("refusal", "title", "serves", "ingredients", "items", "steps", "timers")


@dataclass
class Score:
    cases: int = 0
    whole: int = 0  # every field right
    right: dict[str, int] = field(default_factory=lambda: dict.fromkeys(FIELDS, 0))
    asked: dict[str, int] = field(default_factory=lambda: dict.fromkeys(FIELDS, 0))
    lines: int = 0  # ingredient lines expected
    lines_right: int = 0  # ... read exactly (quantity, unit and item)
    seconds: list[float] = field(default_factory=list)
    misses: list[str] = field(default_factory=list)


def _quantity(text: str | None) -> Fraction | None:
    return None if text is None else Fraction(text)


def _got(text: str) -> dict[str, object]:
    try:
        recipe = parse_pasted(text)
    except NotARecipe as refused:
        return {"refused": sorted(refused.missing)}
    return {
        "title": recipe.title,
        "serves": recipe.serves,
        "ingredients": [
            {"quantity": i.quantity, "unit": i.unit, "item": i.item} for i in recipe.ingredients
        ],
        "steps": list(recipe.steps),
        "timers": [{"step": n, "minutes": s // 60} for n, s in recipe.timers],
    }


def score_case(name: str, text: str, want: dict[str, object], score: Score) -> None:
    started = time.perf_counter()
    got = _got(text)
    score.seconds.append(time.perf_counter() - started)
    score.cases += 1
    wrong: list[str] = []

    def check(field_: str, ok: bool, detail: str) -> None:
        score.asked[field_] += 1
        score.right[field_] += ok
        if not ok:
            wrong.append(f"{field_}: {detail}")

    if "refused" in want or "refused" in got:
        check(
            "refusal",
            sorted(want.get("refused", [])) == got.get("refused", []),
            f"want {want.get('refused')} got {got.get('refused', 'a recipe')}",
        )
    else:
        check("refusal", True, "")
        check("title", want["title"] == got["title"], f"{want['title']!r} vs {got['title']!r}")
        check("serves", want["serves"] == got["serves"], f"{want['serves']} vs {got['serves']}")
        wanted = list(want["ingredients"])  # type: ignore[call-overload]
        got_lines = list(got["ingredients"])  # type: ignore[call-overload]
        check("ingredients", len(wanted) == len(got_lines), f"{len(wanted)} vs {len(got_lines)}")
        items_ok = True
        for at, line in enumerate(wanted):
            score.lines += 1
            other = got_lines[at] if at < len(got_lines) else None
            same = other is not None and (
                _quantity(line["quantity"]) == other["quantity"]
                and line["unit"] == other["unit"]
                and " ".join(line["item"].lower().split()) == other["item"]
            )
            score.lines_right += same
            if not same:
                items_ok = False
                wrong.append(f"  line {at + 1}: want {line} got {other}")
        check("items", items_ok, "")
        check("steps", want["steps"] == got["steps"], _steps_diff(want["steps"], got["steps"]))
        timers = sorted((t["step"], t["minutes"]) for t in want.get("timers", []))
        got_timers = sorted((t["step"], t["minutes"]) for t in got["timers"])  # type: ignore[union-attr]
        check("timers", timers == got_timers, f"{timers} vs {got_timers}")
    if not wrong:
        score.whole += 1
    else:
        score.misses.append(f"{name}:\n    " + "\n    ".join(wrong))


def _steps_diff(want: object, got: object) -> str:
    assert isinstance(want, list) and isinstance(got, list)
    if len(want) != len(got):
        return f"{len(want)} steps vs {len(got)}: {got!r:.300}"
    for a, b in zip(want, got, strict=True):
        if a != b:
            return f"{a!r} vs {b!r}"
    return ""


def score_split(split: str) -> Score:
    score = Score()
    for case in sorted((DATA / split).glob("*.txt")):
        want = json.loads(case.with_suffix(".json").read_text(encoding="utf-8"))
        text = case.read_bytes().decode("utf-8")
        score_case(case.stem, text, want, score)
    return score


def table(scores: dict[str, Score]) -> str:
    rows = [
        "| split | cases | whole recipe right | ingredient lines exact | "
        + " | ".join(FIELDS)
        + " | ms per paste (median) |",
        "| --- " * (len(FIELDS) + 5) + "|",
    ]
    for split, s in scores.items():
        cells = [f"{s.right[f]}/{s.asked[f]}" if s.asked[f] else "-" for f in FIELDS]
        median = sorted(s.seconds)[len(s.seconds) // 2] * 1000 if s.seconds else 0.0
        rows.append(
            f"| {split} | {s.cases} | {s.whole}/{s.cases} | {s.lines_right}/{s.lines} | "
            + " | ".join(cells)
            + f" | {median:.2f} |"
        )
    return "\n".join(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--show-misses", action="store_true")
    parser.add_argument("--split", choices=SPLITS, action="append")
    args = parser.parse_args()
    scores = {
        split: score_split(split) for split in args.split or SPLITS if (DATA / split).exists()
    }
    print(table(scores))
    if args.show_misses:
        for split, s in scores.items():
            for miss in s.misses:
                print(f"[{split}] {miss}")


if __name__ == "__main__":
    main()
