"""What is said in a kitchen that is no command, read while a recipe is being cooked: how
often the rules claim it as a cooking request as heard, and how often the closed pass
(voice/closed_pass.py) places it on one.

    python -m benchmarks.not_commands [--recipes held_out_3]

The lines (benchmarks/data/recipes/not_commands/lines.json) were written by a helper who
never read the code, from a brief: things people say near a cook (to each other, the
dog, the phone, the radio), many short, many sharing words with the commands. Each is
read as if the recogniser heard it exactly. The pass gets every recipe's commands of the
split at once and the household's asking commands, as `hearth voice` gives them while a
recipe is cooked (more commands than one recipe has: a pessimistic measure). Writes
benchmarks/results/not_commands.md.
"""

from __future__ import annotations

import argparse
import json
from functools import partial

from appliance.composition import understood_as_heard
from appliance.cookbook.phrases import cooking_request
from appliance.household.vocabulary import WITHIN, household_commands
from appliance.voice.bias import bias_for
from appliance.voice.closed_pass import ClosedPass
from benchmarks.cookbook_session import DATA, RESULTS
from benchmarks.cookbook_spoken import _commands, _kitchen_bias, _recipes

LINES = DATA / "not_commands" / "lines.json"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--recipes", default="held_out_3")
    args = parser.parse_args()
    lines = json.loads(LINES.read_text(encoding="utf-8"))
    recipes = _recipes(args.recipes)
    commands = _commands(recipes)
    asking = household_commands(["pasta", "rice"])
    for said, meaning in asking.items():
        commands.setdefault(said, meaning)
    bias = bias_for(
        _kitchen_bias(recipes),
        commands,
        partial(understood_as_heard, commands=commands),
        dict.fromkeys(asking.values(), WITHIN),
    )
    placing = ClosedPass()
    claimed, placed = [], []
    for line in lines:
        request = cooking_request(line)
        if request is not None and request.intent != "recipes":
            claimed.append((line, request.intent))
        elif (now := placing.placed(line, bias)) != line:
            placed.append((line, now))
    text = "\n".join(_report(len(lines), len(commands), claimed, placed)) + "\n"
    print(text)
    (RESULTS / "not_commands.md").write_text(text, encoding="utf-8")


def _report(
    n: int, commands: int, claimed: list[tuple[str, str]], placed: list[tuple[str, str]]
) -> list[str]:
    short = sum(1 for line, _ in placed if len(line.split()) <= 4)
    return [
        f"## {n} lines that are no command, read while a recipe is cooked",
        "",
        "| read by | claimed as a cooking request |",
        "| --- | --- |",
        f"| the cookbook's rules, as heard | {len(claimed)}/{n} ({len(claimed) / n:.1%}) |",
        f"| the closed pass ({commands} commands), of the rest | {len(placed)}/{n} "
        f"({len(placed) / n:.1%}; {short} of them four words or fewer) |",
        "",
        "Claimed by the rules (line -> intent):",
        "",
        *[f"- {line!r} -> {intent}" for line, intent in claimed],
        "",
        "Placed by the closed pass (line -> command):",
        "",
        *[f"- {line!r} -> {now!r}" for line, now in placed],
    ]


if __name__ == "__main__":
    main()
