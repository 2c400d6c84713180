"""What a cook says, spoken: each held-out utterance through espeak-ng, kitchen noise and
the default recogniser, then read as a cooking request; against the same words typed.

    python -m benchmarks.cookbook_spoken [--split held_out_3] [--limit N] [--neural]

The voices and noise cycle as benchmarks/voice_clips.py's do (five espeak-ng voices; a
third clean, a third at 20 dB and a third at 10 dB of made kitchen noise). The recogniser
is the default one (`Transcriber()`: Whisper base, beam 5, the names pass) with the bias
a kitchen would have while cooking: every recipe title of the split's recipes and the
ingredients of one of them (never the utterances' own words). `--neural` speaks every
utterance in the neural voice Hearth speaks with (nearer a person's than espeak-ng's),
with the same noise. Writes benchmarks/results/cookbook_spoken[_neural].md.
"""

from __future__ import annotations

import argparse
import json
import time

from appliance.cookbook import NotARecipe, parse_pasted
from appliance.cookbook.phrases import cooking_request
from appliance.voice.bias import bias_for, household_words
from appliance.voice.stt import Transcriber
from benchmarks.cookbook_session import DATA, RESULTS, _same_arg
from benchmarks.voice_clips import NOISES, VOICES, kitchen_noise, mix, speak, speak_neural
from benchmarks.wer import words as wer_words


def _kitchen_bias(split: str) -> list[str]:
    titles, ingredients = [], []
    for case in sorted((DATA / split).glob("*.txt")):
        try:
            recipe = parse_pasted(case.read_text(encoding="utf-8"))
        except NotARecipe:
            continue
        if recipe.title:
            titles.append(recipe.title)
        if not ingredients:
            ingredients = [i.item.split(",")[0] for i in recipe.ingredients]
    return household_words([], (), [*ingredients, *titles])


def _intent_ok(case: dict[str, object], text: str) -> bool:
    got = cooking_request(text)
    intent = got.intent if got is not None else "other"
    intent = "other" if intent == "recipes" else intent
    return intent == case["intent"] and (got is None or _same_arg(case, got))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--split", default="held_out_3")
    parser.add_argument("--limit", type=int)
    parser.add_argument("--neural", action="store_true")
    args = parser.parse_args()
    cases = json.loads((DATA / args.split / "session_utterances.json").read_text("utf-8"))
    cases = cases[: args.limit]
    bias = bias_for(_kitchen_bias(args.split))
    transcriber = Transcriber()
    rows = []
    for index, case in enumerate(cases):
        voice, speed = ("joe", 0) if args.neural else VOICES[index % len(VOICES)]
        snr = NOISES[index % len(NOISES)]
        said = str(case["text"])
        samples = speak_neural(said) if args.neural else speak(said, voice, speed)
        if snr is not None:
            samples = mix(samples, kitchen_noise(len(samples), index), snr)
        started = time.perf_counter()
        heard = transcriber.transcribe(samples.astype("<i2").tobytes(), bias)
        seconds = time.perf_counter() - started
        typed, spoken = _intent_ok(case, str(case["text"])), _intent_ok(case, heard)
        rows.append((case, voice, snr, heard, typed, spoken, seconds))
    lines = _table(args.split, rows)
    text = "\n".join(lines) + "\n"
    print(text)
    RESULTS.mkdir(exist_ok=True)
    name = "cookbook_spoken_neural.md" if args.neural else "cookbook_spoken.md"
    (RESULTS / name).write_text(text, encoding="utf-8")


def _table(split: str, rows: list[tuple]) -> list[str]:  # type: ignore[type-arg]
    n = len(rows)
    typed = sum(r[4] for r in rows)
    spoken = sum(r[5] for r in rows)
    exact = sum(wer_words(r[0]["text"]) == wer_words(r[3]) for r in rows)
    lines = [
        f"## {split}: {n} utterances, typed and spoken",
        "",
        "| read from | intent and argument right |",
        "| --- | --- |",
        f"| the words as written | {typed}/{n} ({typed / n:.0%}) |",
        f"| the recogniser's transcript | {spoken}/{n} ({spoken / n:.0%}) |",
        "",
        f"Transcripts word for word as written (formatting aside): {exact}/{n}. Median "
        f"transcription {sorted(r[6] for r in rows)[n // 2]:.2f} s a clip on this machine.",
        "",
        "| condition | spoken right |",
        "| --- | --- |",
    ]
    for snr in NOISES:
        part = [r for r in rows if r[2] == snr]
        label = "clean" if snr is None else f"kitchen {snr:g} dB"
        ok = sum(r[5] for r in part)
        lines.append(f"| {label} | {ok}/{len(part)} |")
    lines += ["", "Read right typed, wrong spoken (what was said -> what was heard):", ""]
    lines += [
        f"- {r[0]['text']!r} ({r[1]}, {'clean' if r[2] is None else f'{r[2]:g} dB'}) -> {r[3]!r}"
        for r in rows
        if r[4] and not r[5]
    ]
    return lines


if __name__ == "__main__":
    main()
