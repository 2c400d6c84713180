"""Hearth's own replies heard back, as written and as said aloud (appliance/aloud.py).

    .venv/bin/python -m benchmarks.aloud                 # both splits, both voices
    .venv/bin/python -m benchmarks.aloud --split held_out --voice joe

The replies are not written for this benchmark: they are what Hearth answers, through
its real brain with the model stood in for (benchmarks/kitchen.py `brain_at`), to
question sets committed earlier for other issues (a reply that would reach the model is
left out: only exact answers are Hearth's own words):

- tune: kitchen_tune.json and household_commands_tune.json (written by the engineer);
- held_out: kitchen_heldout3.json and household_commands_heldout3.json (written by helper
  sessions that never saw the rules), chosen before the spoken form was tuned.

Each reply is spoken by each voice twice, as written and as `aloud` says it, and
transcribed back by Hearth's default recogniser (Whisper base, beam 5, Talk's short
window); the word error rate is benchmarks/wer.py's against what that form means to say
(a unit said in full is the unit written: "2 tablespoons" = "2 tbsp"): as written, the
whole reply; aloud, the reply without the sources it shows and does not say ("[source: FSA:
rice]"), so the two columns count different numbers of words. A reply `aloud`
leaves alone is spoken and heard once and counts alike in both columns, so the two
columns differ only where the spoken form does. Writes results/aloud.md and aloud.png.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import tempfile
from pathlib import Path

from appliance.aloud import aloud, uncited
from appliance.brain import Brain
from appliance.config import Settings
from appliance.speech import Speech
from appliance.voice.stt import Transcriber
from benchmarks.kitchen import DATA, ScriptedStandIn, brain_at, questions
from benchmarks.tts import load, samples_16k
from benchmarks.wer import Score

RESULTS = Path(__file__).resolve().parent / "results"
SPLITS = {
    "tune": ("tune", "household_commands_tune.json"),
    "held_out": ("heldout3", "household_commands_heldout3.json"),
}
# The kitchen questions are asked at this moment (the clock questions' answers depend on it).
KITCHEN_NOW = dt.datetime(2026, 12, 4, 17, 52)
Table = dict[tuple[str, str], dict[str, Score]]  # (split, voice) -> form -> score


def replies(split: str) -> list[str]:
    """Hearth's exact replies to the split's kitchen questions and household commands."""
    kitchen, household = SPLITS[split]
    said: list[str] = []
    with brain_at(KITCHEN_NOW) as (brain, _, _, model):
        said += _exact(brain, model, [q["q"] for q in questions(kitchen)])
    commands = json.loads((DATA / household).read_text(encoding="utf-8"))
    with brain_at(dt.datetime.fromisoformat(commands["now"])) as (brain, _, _, model):
        said += _exact(brain, model, [c["text"] for c in commands["commands"]])
    return list(dict.fromkeys(said))


def _exact(brain: Brain, model: ScriptedStandIn, asked: list[str]) -> list[str]:
    out = []
    for text in asked:
        before = model.calls
        reply = brain.reply(text).text
        if model.calls == before:
            out.append(reply)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--split", choices=[*SPLITS, "both"], default="both")
    parser.add_argument("--voice", choices=["joe", "espeak", "both"], default="both")
    args = parser.parse_args()
    splits = list(SPLITS) if args.split == "both" else [args.split]
    voices = ["joe", "espeak"] if args.voice == "both" else [args.voice]
    settings = Settings.for_data_dir(Path(tempfile.mkdtemp()))
    transcriber = Transcriber.open(settings)
    before = load()
    table: Table = {}
    changed: dict[str, list[tuple[str, str, str, str]]] = {}
    misheard: dict[str, list[tuple[int, str, str]]] = {}
    # What each form means the listener to hear: as written, every word; aloud, all but
    # the sources it leaves for the eye ("[source: FSA: rice]"), which are not misheard if unsaid.
    meant = {"as written": str, "aloud": uncited}
    counts: dict[str, tuple[int, int]] = {}
    for split in splits:
        said = replies(split)
        counts[split] = (len(said), sum(aloud(r) != r for r in said))
        for voice in voices:
            speakers = {
                "as written": Speech(voice, said_as=str),
                "aloud": Speech(voice, said_as=aloud),
            }
            assert voice == "espeak" or speakers["aloud"].name == "joe", "install the voice extra"
            totals = {form: Score() for form in speakers}
            for reply in said:
                spoken = aloud(reply)
                if spoken == reply:
                    heard_once = transcriber.transcribe(samples_16k(speakers["aloud"], reply))
                    heard = {form: heard_once for form in speakers}
                else:
                    heard = {
                        form: transcriber.transcribe(samples_16k(speech, reply))
                        for form, speech in speakers.items()
                    }
                for form in totals:
                    totals[form] += Score.of(meant[form](reply), heard[form])
                if voice != "joe" or split != "tune":
                    continue  # the held-out transcripts stay unread, so nothing is tuned on them
                if wrong := Score.of(uncited(reply), heard["aloud"]).edits:
                    misheard.setdefault(split, []).append((wrong, reply, heard["aloud"]))
                if spoken != reply:
                    changed.setdefault(split, []).append(
                        (reply, heard["as written"], spoken, heard["aloud"])
                    )
            table[(split, voice)] = totals
            print(split, voice, {f: f"{s.wer:.3f}" for f, s in totals.items()}, flush=True)
    write(table, changed, misheard, counts, before, load())


def write(
    table: Table,
    changed: dict[str, list[tuple[str, str, str, str]]],
    misheard: dict[str, list[tuple[int, str, str]]],
    counts: dict[str, tuple[int, int]],
    before: str,
    after: str,
) -> None:
    lines = [
        "# Hearth's replies heard back: as written, and as said aloud",
        "",
        f"`benchmarks/aloud.py` on {platform.machine()}, {os.cpu_count()} cores (shared). "
        "Each exact reply Hearth gives to a committed question set, spoken by the voice and "
        "transcribed back by Whisper base (beam 5, Talk's short window), scored against the "
        "words each form means to say (benchmarks/wer.py): as written, the whole reply; aloud, "
        "the reply without the sources it shows and does not say.",
        "",
        f"- load before: `{before}`",
        f"- load after: `{after}`",
        "",
        "| split | replies | changed by aloud | voice | as written: words | WER | "
        "aloud: words | WER |",
        "| --- | ---: | ---: | --- | ---: | ---: | ---: | ---: |",
    ]
    for (split, voice), totals in table.items():
        written, spoken = totals["as written"], totals["aloud"]
        lines.append(
            f"| {split} | {counts[split][0]} | {counts[split][1]} | {voice} | {written.words} | "
            f"{100 * written.wer:.1f} % ({written.edits}) | {spoken.words} | "
            f"{100 * spoken.wer:.1f} % ({spoken.edits}) |"
        )
    for split, rows in changed.items():
        wrong = [r for r in rows if r[1] != r[3]]
        lines += ["", f"## {split}, joe: replies aloud changed, where the two hearings differ", ""]
        for reply, plain, said_as, said in wrong:
            lines += [
                f"- {reply!r}",
                f"  - as written, heard {plain!r}",
                f"  - said {said_as!r}, heard {said!r}",
            ]
    for split, rows in misheard.items():
        rows = sorted(rows, key=lambda r: -r[0])
        lines += ["", f"## {split}, joe, aloud: every reply with a word misheard ({len(rows)})", ""]
        lines += [f"- {edits} words: {reply!r} heard as {heard!r}" for edits, reply, heard in rows]
    (RESULTS / "aloud.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    plot(table)
    print("\n".join(lines))


def plot(table: Table) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    labels = [f"{split}\n{voice}" for split, voice in table]
    plain = [100 * t["as written"].wer for t in table.values()]
    said = [100 * t["aloud"].wer for t in table.values()]
    x = range(len(labels))
    fig, ax = plt.subplots(figsize=(8, 4.5))
    ax.bar([i - 0.2 for i in x], plain, width=0.4, label="as written", color="grey")
    ax.bar([i + 0.2 for i in x], said, width=0.4, label="aloud", color="tab:blue")
    ax.axhline(5, linestyle="--", color="grey", label="goal 5 %")
    ax.set_xticks(list(x), labels)
    ax.set_ylabel("word error rate, Whisper base (%)")
    ax.set_title("Hearth's exact replies heard back")
    ax.legend()
    fig.tight_layout()
    fig.savefig(RESULTS / "aloud.png", dpi=100)


if __name__ == "__main__":
    main()
