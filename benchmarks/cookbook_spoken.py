"""What a cook says, spoken: each held-out utterance through espeak-ng, kitchen noise and
the default recogniser, then read as a cooking request; against the same words typed, and
with the closed pass (voice/closed_pass.py) beside the open recogniser alone.

    python -m benchmarks.cookbook_spoken [--split held_out_3] [--recipes SPLIT] [--limit N]
        [--neural] [--save-heard FILE] [--heard FILE]

The voices and noise cycle as benchmarks/voice_clips.py's do (five espeak-ng voices; a
third clean, a third at 20 dB and a third at 10 dB of made kitchen noise). The recogniser
is the default one (`Transcriber()`: Whisper base, beam 5, the names pass) with the bias
a kitchen would have while cooking: every recipe title of the split's recipes and the
ingredients of one of them (never the utterances' own words). `--recipes` names the split
whose recipes the utterances are about (held_out_4's are held_out_3's). The closed pass
is then run on each transcript with the commands of every one of those recipes at once
and the rules' reading `Transcriber` gets from `hearth voice` (composition.py)
(the benchmark does not know which one a line is about: more commands to confuse, so a
pessimistic measure), as `Transcriber` runs it while a recipe is cooked. `--neural`
speaks every utterance in the neural voice Hearth speaks with (nearer a person's than
espeak-ng's), with the same noise. `--save-heard` keeps the open transcripts as JSON and
`--heard` reads them back, to tune the pass without recognising again. Writes
benchmarks/results/cookbook_spoken[_neural][_<split>].md.
"""

from __future__ import annotations

import argparse
import json
import time
from functools import partial

from appliance.composition import understood_as_heard
from appliance.cookbook import NotARecipe, Recipe, parse_pasted
from appliance.cookbook.phrases import cooking_request
from appliance.cookbook.vocabulary import spoken_commands
from appliance.voice.bias import bias_for, household_words
from appliance.voice.closed_pass import ClosedPass
from benchmarks.cookbook_session import DATA, RESULTS, _same_arg
from benchmarks.spoken import Heard, add_arguments, condition, hear_all, save
from benchmarks.voice_clips import NOISES
from benchmarks.wer import words as wer_words


def _recipes(split: str) -> list[Recipe]:
    found = []
    for case in sorted((DATA / split).glob("*.txt")):
        try:
            found.append(parse_pasted(case.read_text(encoding="utf-8")))
        except NotARecipe:
            continue
    return found


def _kitchen_bias(recipes: list[Recipe]) -> list[str]:
    titles = [r.title for r in recipes if r.title]
    ingredients = [i.item.split(",")[0] for i in recipes[0].ingredients] if recipes else []
    return household_words([], (), [*ingredients, *titles])


def _commands(recipes: list[Recipe]) -> dict[str, str]:
    titles = [r.title for r in recipes if r.title]
    commands: dict[str, str] = {}
    for recipe in recipes:
        for said, meaning in spoken_commands(recipe, titles).items():
            commands.setdefault(said, meaning)
    return commands


def _intent_ok(case: dict[str, object], text: str) -> bool:
    got = cooking_request(text)
    intent = got.intent if got is not None else "other"
    intent = "other" if intent == "recipes" else intent
    return intent == case["intent"] and (got is None or _same_arg(case, got))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--split", default="held_out_3")
    parser.add_argument("--recipes", help="the split whose recipes are cooked (default: --split)")
    add_arguments(parser)
    args = parser.parse_args()
    cases = json.loads((DATA / args.split / "session_utterances.json").read_text("utf-8"))
    cases = cases[: args.limit]
    recipes = _recipes(args.recipes or args.split)
    commands = _commands(recipes)
    bias = bias_for(_kitchen_bias(recipes))
    # The closed pass: every recipe's commands at once, the same words as the prompt.
    placing_bias = bias_for(bias.words, commands, partial(understood_as_heard, commands=commands))
    closed = ClosedPass()
    rows = []
    lines = [str(case["text"]) for case in cases]
    heard_all = hear_all(lines, bias, neural=args.neural, heard=args.heard)
    for case, heard in zip(cases, heard_all, strict=True):
        started = time.perf_counter()
        placed = closed.placed(heard.text, placing_bias)
        placing = time.perf_counter() - started
        rows.append(
            {
                "case": case,
                "voice": heard.voice,
                "snr": heard.snr,
                "heard": heard.text,
                "placed": placed,
                "typed": _intent_ok(case, str(case["text"])),
                "open": _intent_ok(case, heard.text),
                "closed": _intent_ok(case, placed),
                "seconds": heard.seconds,
                "placing": placing,
            }
        )
    if args.save_heard:
        save([Heard(r["voice"], r["snr"], r["heard"], r["seconds"]) for r in rows], args.save_heard)
    text = "\n".join(_table(args.split, rows, len(commands))) + "\n"
    print(text)
    RESULTS.mkdir(exist_ok=True)
    name = "cookbook_spoken" + ("_neural" if args.neural else "")
    name += "" if args.split == "held_out_3" else f"_{args.split}"
    (RESULTS / f"{name}.md").write_text(text, encoding="utf-8")


def _table(split: str, rows: list[dict], commands: int) -> list[str]:  # type: ignore[type-arg]
    n = len(rows)
    typed, heard, placed = (sum(r[k] for r in rows) for k in ("typed", "open", "closed"))
    exact = sum(wer_words(r["case"]["text"]) == wer_words(r["heard"]) for r in rows)
    changed = [r for r in rows if r["placed"] != r["heard"]]
    others = [r for r in rows if r["case"]["intent"] == "other"]
    wrongly = [r for r in others if r["open"] and not r["closed"]]
    placing = sorted(r["placing"] for r in rows)
    lines = [
        f"## {split}: {n} utterances, typed and spoken",
        "",
        "| read from | intent and argument right |",
        "| --- | --- |",
        f"| the words as written | {typed}/{n} ({typed / n:.0%}) |",
        f"| the recogniser's transcript (open) | {heard}/{n} ({heard / n:.0%}) |",
        f"| the transcript after the closed pass | {placed}/{n} ({placed / n:.0%}) |",
        "",
        f"Transcripts word for word as written (formatting aside): {exact}/{n}. Median "
        f"transcription {sorted(r['seconds'] for r in rows)[n // 2]:.2f} s a clip on this "
        f"machine. The closed pass, with {commands} commands: {len(changed)} transcripts "
        f"placed, {len(wrongly)} of {len(others)} lines that are no cooking command placed "
        f"on one; {placing[n // 2] * 1000:.0f} ms median, {placing[-1] * 1000:.0f} ms "
        "longest (the first reads every command's sound once).",
        "",
        "| condition | open | after the closed pass |",
        "| --- | --- | --- |",
    ]
    for snr in NOISES:
        part = [r for r in rows if r["snr"] == snr]
        label = "clean" if snr is None else f"kitchen {snr:g} dB"
        lines.append(
            f"| {label} | {sum(r['open'] for r in part)}/{len(part)} | "
            f"{sum(r['closed'] for r in part)}/{len(part)} |"
        )
    lines += ["", "Placed by the closed pass (said -> heard -> placed; right or wrong):", ""]
    lines += [
        f"- {r['case']['text']!r} ({r['voice']}, {condition(r['snr'])}) -> {r['heard']!r} -> "
        f"{r['placed']!r}: {'right' if r['closed'] else 'wrong'}"
        + (" (was right as heard)" if r["open"] else "")
        for r in changed
    ]
    lines += ["", "Still wrong spoken (what was said -> what was heard):", ""]
    lines += [
        f"- {r['case']['text']!r} ({r['voice']}, {condition(r['snr'])}) -> {r['heard']!r}"
        for r in rows
        if r["typed"] and not r["closed"] and r["placed"] == r["heard"]
    ]
    return lines


if __name__ == "__main__":
    main()
