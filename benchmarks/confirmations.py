"""Hearth's confirmations heard back: are they heard as done, or as the command itself?

    .venv/bin/python -m benchmarks.confirmations          # both splits; ~3 min

A reply that reports a change ("I've added bread to the shopping list.") was written with
the bare past tense until 2026-12-04 ("Added bread to the shopping list."). Spoken, the
ending runs into the next word, and what is heard is the request ("Add bread to the
shopping list."). This benchmark takes every confirmation Hearth gives to the committed
household and kitchen question sets (benchmarks/aloud.py `replies`: tune, and the held-out
sets written by helpers), writes each as it was before and as it is now, speaks both
through `Speech` (the spoken form, `aloud`) in the joe voice several times (the neural
voice is stochastic) and in espeak-ng once, and transcribes them back with Hearth's
recogniser. It counts:

- **heard as a command**: the transcript starts with a command's verb ("Add", "Cancel",
  "Clear", "Stop", "Take", "Remove"): told your own request, not that it was done;
- the word error rate against what was said (benchmarks/wer.py).

The tune split's transcripts are listed; the held-out split's are counted only, never
written. Writes results/confirmations.md and confirmations.png.
"""

from __future__ import annotations

import os
import platform
import re
import tempfile
from pathlib import Path

from appliance.config import Settings
from appliance.speech import Speech
from appliance.voice.stt import Transcriber
from benchmarks.aloud import SPLITS, replies
from benchmarks.tts import load, samples_16k
from benchmarks.wer import Score

RESULTS = Path(__file__).resolve().parent / "results"
JOE_TIMES = 5  # each confirmation in each form, in the joe voice
COMMAND_VERBS = {"add", "cancel", "clear", "stop", "take", "remove"}
FORMS = ("before: past tense first", "now: I've first")
# split, voice, form, times said, times heard as a command, the words' score
Row = tuple[str, str, str, int, int, Score]


def as_before(reply: str) -> str:
    """The confirmation as written before 2026-12-04: "I've added…" was "Added…"."""
    if taken := re.match(r"I've taken (.+?) off ", reply):
        return f"Took {taken[1]} off {reply[taken.end() :]}"
    done = re.match(r"I've (added|cancelled|cleared|stopped) ", reply)
    assert done is not None, reply
    return f"{done[1].capitalize()} {reply[done.end() :]}"


def heard_as_command(heard: str) -> bool:
    words = re.findall(r"[a-z']+", heard.lower())
    return bool(words) and words[0] in COMMAND_VERBS


def confirmations(split: str) -> list[str]:
    return [r for r in replies(split) if r.startswith("I've ")]


def main() -> None:
    settings = Settings.for_data_dir(Path(tempfile.mkdtemp()))
    transcriber = Transcriber.open(settings)
    before = load()
    voices = {"joe": Speech("joe"), "espeak": Speech("espeak")}
    assert voices["joe"].name == "joe", "install the voice extra"
    rows: list[Row] = []
    listed: list[tuple[str, str, str]] = []
    counts = {}
    for split in SPLITS:
        now = confirmations(split)
        counts[split] = len(now)
        for voice, speech in voices.items():
            times = JOE_TIMES if voice == "joe" else 1
            for form, texts in zip(FORMS, ([as_before(r) for r in now], now), strict=True):
                score, commands = Score(), 0
                for text in texts:
                    for _ in range(times):
                        heard = transcriber.transcribe(samples_16k(speech, text))
                        score += Score.of(text, heard)
                        commands += heard_as_command(heard)
                        if split == "tune" and voice == "joe":
                            listed.append((form, text, heard))
                rows.append((split, voice, form, len(texts) * times, commands, score))
                print(split, voice, form, commands, f"{score.wer:.3f}", flush=True)
    write(rows, listed, counts, before, load())


def write(
    rows: list[Row],
    listed: list[tuple[str, str, str]],
    counts: dict[str, int],
    before: str,
    after: str,
) -> None:
    lines = [
        "# Confirmations heard back: done, or the command?",
        "",
        f"`benchmarks/confirmations.py` on {platform.machine()}, {os.cpu_count()} cores "
        f"(shared). Every confirmation Hearth gives to the committed question sets (tune "
        f"{counts['tune']}, held out {counts['held_out']}), as written before 2026-12-04 and "
        f"now, spoken through `Speech` (joe {JOE_TIMES} times each, espeak-ng once) and "
        'transcribed by Whisper base (beam 5, Talk\'s short window). "Heard as a command": '
        "the transcript starts with Add, Cancel, Clear, Stop, Take or Remove.",
        "",
        f"- load before: `{before}`",
        f"- load after: `{after}`",
        "",
        "| split | voice | form | times said | heard as a command | WER (words) |",
        "| --- | --- | --- | ---: | ---: | ---: |",
    ]
    for split, voice, form, said, commands, score in rows:
        lines.append(
            f"| {split} | {voice} | {form} | {said} | {commands} ({100 * commands / said:.0f} %) "
            f"| {100 * score.wer:.1f} % ({score.edits}/{score.words}) |"
        )
    lines += ["", "## tune, joe: every hearing", ""]
    lines += [f"- {form}: {text!r} heard as {heard!r}" for form, text, heard in listed]
    (RESULTS / "confirmations.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    plot(rows)
    print("\n".join(lines))


def plot(rows: list[Row]) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    groups = list(dict.fromkeys((split, voice) for split, voice, *_ in rows))
    fig, ax = plt.subplots(figsize=(8, 4.5))
    for offset, form, colour in ((-0.2, FORMS[0], "grey"), (0.2, FORMS[1], "tab:blue")):
        share = [100 * commands / said for split, voice, f, said, commands, _ in rows if f == form]
        ax.bar([i + offset for i in range(len(groups))], share, width=0.4, label=form, color=colour)
    ax.set_xticks(range(len(groups)), [f"{s}\n{v}" for s, v in groups])
    ax.set_ylabel("heard as the command (%)")
    ax.set_title("Hearth's confirmations heard back by Whisper base")
    ax.legend()
    fig.tight_layout()
    fig.savefig(RESULTS / "confirmations.png", dpi=100)


if __name__ == "__main__":
    main()
