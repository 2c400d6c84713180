"""Not caught: how often asking again (stt.UNSURE_LOGPROB) stops a garbled transcript, and
how often it asks again for words that were heard right.

    python -m benchmarks.unsure            # results/unsure.md and unsure.png

Each clip is heard by the default recogniser as Talk hears it (Whisper base, the short
window, the split's household words and the household's commands as its bias, the names
pass and the closed pass); what the service would do is then read by its own rule
(voice/not_caught.py) at each line tried: asked again when the model's mean
log-probability per token is below the line and no rule reads the words as a request,
else sent on. A transcript is **garbled** with half its words or more wrong, **right or
nearly** with a fifth or fewer (benchmarks/wer.py). Five sets in one run:

- tuning: the tune split spoken by espeak-ng's five voices (benchmarks/voice_clips.py,
  clean and in kitchen noise at 20 and 10 dB), the same sentences in the neural voice, and
  the fourteen recordings of people (benchmarks/stt_real.py, each clean and at 20 and 10 dB,
  with an empty household's bias, as Talk would hear them);
- held out: the held_out split (a helper's sentences) in espeak-ng's voices and the neural
  voice, run only to report.

The line is chosen on the tuning sets by a rule fixed before any held-out clip was heard:
the least negative step of 0.05 at which, in each tuning set, at most one transcript in
forty that was right or nearly is asked again. Measures, never asserts.
"""

from __future__ import annotations

import argparse
import os
from dataclasses import dataclass
from pathlib import Path

from appliance.composition import talk_bias
from appliance.household.vocabulary import household_commands
from appliance.voice import stt
from appliance.voice.bias import Bias
from appliance.voice.capture import wav_samples
from appliance.voice.not_caught import not_caught
from appliance.voice.stt import Transcriber
from appliance.voice.vad import SileroVad, trim
from benchmarks import stt_real
from benchmarks.stt import household_bias
from benchmarks.voice_clips import clips, kitchen_noise, mix
from benchmarks.wer import Score

RESULTS = Path(__file__).parent / "results"
LINES = tuple(round(-0.3 - 0.05 * step, 2) for step in range(11))  # -0.3 … -0.8
TUNING = ("tune, espeak-ng", "tune, neural voice", "people (14 recordings x 3)")
HELD_OUT = ("held_out, espeak-ng", "held_out, neural voice")
GARBLED, NEARLY = 0.5, 0.2
MOST_ASKED_AGAIN = 1 / 40  # of the transcripts heard right or nearly, in each tuning set


@dataclass(frozen=True)
class Heard:
    said: str
    text: str
    logprob: float | None
    bias: Bias

    @property
    def wrong(self) -> float:
        return Score.of(self.said, self.text).wer

    def asked_again(self, line: float) -> bool:
        """What Talk does (not_caught.py), with the line at `line`."""
        return not_caught(self.text, self.bias, stt.unsure(self.logprob, line))


def no_recipe_bias(words: tuple[str, ...]) -> Bias:
    """The bias Talk hears with when no recipe is cooked and no timer runs: the
    household's words and its asking commands."""
    asking = household_commands([])
    return talk_bias(words, asking, asking)


def heard_split(transcriber: Transcriber, vad: SileroVad, split: str, neural: bool) -> list[Heard]:
    bias = no_recipe_bias(household_bias(split)[0].words)
    found = []
    for clip in clips(split, neural=neural):
        text = transcriber.transcribe(trim(clip.samples, vad), bias)
        found.append(_heard(clip.text, text, transcriber, bias))
    return found


def heard_people(transcriber: Transcriber) -> list[Heard]:
    bias = no_recipe_bias(())  # no household's words: these are no household's
    found = []
    for index, row in enumerate(stt_real.clips()):
        samples = wav_samples((stt_real.DATA / row["file"]).read_bytes(), row["file"])
        noise = kitchen_noise(samples.size, seed=100 + index)  # as stt_real.py mixes it
        for snr in stt_real.NOISE:
            heard = samples if snr is None else mix(samples, noise, snr)
            text = transcriber.transcribe(heard.astype("<i2").tobytes(), bias)
            found.append(_heard(row["said"], text, transcriber, bias))
    return found


def _heard(said: str, text: str, transcriber: Transcriber, bias: Bias) -> Heard:
    return Heard(said, text, transcriber.last_logprob, bias)


def chosen_line(sets: dict[str, list[Heard]]) -> float:
    """The least negative line asking again at most MOST_ASKED_AGAIN of the right-or-nearly
    transcripts of each tuning set."""
    for line in LINES:
        if all(_rate(sets[name], line, right=True) <= MOST_ASKED_AGAIN for name in TUNING):
            return line
    return LINES[-1]


def _asked_again(heard: list[Heard], line: float, *, right: bool) -> tuple[int, int]:
    """Of the transcripts right or nearly (else garbled), how many are asked again, of how
    many."""
    kind = [h for h in heard if (h.wrong <= NEARLY if right else h.wrong >= GARBLED)]
    return sum(h.asked_again(line) for h in kind), len(kind)


def _rate(heard: list[Heard], line: float, *, right: bool) -> float:
    asked, of = _asked_again(heard, line, right=right)
    return asked / of if of else 0.0


def _cell(heard: list[Heard], line: float, *, right: bool) -> str:
    return "{}/{}".format(*_asked_again(heard, line, right=right))


def report(sets: dict[str, list[Heard]], chosen: float) -> str:
    lines = [
        "# Not caught: asking again for words the recogniser was unsure of (benchmarks/unsure.py)",
        "",
        f"The line in use: stt.UNSURE_LOGPROB = {stt.UNSURE_LOGPROB}. Chosen by the rule on "
        f"the tuning sets in this run: **{chosen}**. Garbled: {GARBLED:.0%} of the words or "
        f"more wrong; right or nearly: {NEARLY:.0%} or fewer. A transcript a rule reads as a "
        "request is never asked again.",
        "",
        "## At the line in use",
        "",
        "| set | clips | garbled, asked again | right or nearly, asked again | "
        "words wrong in all | in what is sent on |",
        "| --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    line = stt.UNSURE_LOGPROB
    for name, heard in sets.items():
        sent = [h for h in heard if not h.asked_again(line)]
        everything = sum((Score.of(h.said, h.text) for h in heard), Score())
        sent_on = sum((Score.of(h.said, h.text) for h in sent), Score())
        held = " (held out)" if name in HELD_OUT else ""
        lines.append(
            f"| {name}{held} | {len(heard)} | {_cell(heard, line, right=False)} | "
            f"{_cell(heard, line, right=True)} | {everything.wer:.1%} | {sent_on.wer:.1%} |"
        )
    lines += [
        "",
        "## Every line tried (garbled asked again / right or nearly asked again)",
        "",
        "| line | " + " | ".join(sets) + " |",
        "| ---: |" + " --- |" * len(sets),
    ]
    for each in LINES:
        cells = [
            f"{_cell(h, each, right=False)} / {_cell(h, each, right=True)}" for h in sets.values()
        ]
        mark = "**" if each == chosen else ""
        lines.append(f"| {mark}{each}{mark} | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def plot(sets: dict[str, list[Heard]], chosen: float, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, (garbled, right) = plt.subplots(1, 2, figsize=(11, 4.2), sharex=True)
    for name, heard in sets.items():
        style = "--" if name in HELD_OUT else "-"
        garbled.plot(LINES, [100 * _rate(heard, x, right=False) for x in LINES], style, label=name)
        right.plot(LINES, [100 * _rate(heard, x, right=True) for x in LINES], style, label=name)
    garbled.set(
        xlabel="line (mean log-probability per token)",
        ylabel="% asked again",
        title="garbled transcripts (want high)",
    )
    right.set(
        xlabel="line (mean log-probability per token)",
        ylabel="% asked again",
        title="right or nearly (want low)",
    )
    for axis in (garbled, right):
        axis.axvline(chosen, color="black", linestyle=":", label=f"chosen {chosen}")
        axis.invert_xaxis()
    right.axhline(100 * MOST_ASKED_AGAIN, color="grey", linestyle="--", label="1 in 40")
    right.legend(fontsize=7)
    figure.tight_layout()
    figure.savefig(path, dpi=110)


def main() -> None:
    argparse.ArgumentParser(description=__doc__.splitlines()[0]).parse_args()
    transcriber = Transcriber(threads=min(2, os.cpu_count() or 1))
    vad = SileroVad()
    sets = {
        "tune, espeak-ng": heard_split(transcriber, vad, "tune", neural=False),
        "tune, neural voice": heard_split(transcriber, vad, "tune", neural=True),
        "people (14 recordings x 3)": heard_people(transcriber),
        "held_out, espeak-ng": heard_split(transcriber, vad, "held_out", neural=False),
        "held_out, neural voice": heard_split(transcriber, vad, "held_out", neural=True),
    }
    chosen = chosen_line(sets)
    text = report(sets, chosen)
    print(text)
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "unsure.md").write_text(text, encoding="utf-8")
    plot(sets, chosen, RESULTS / "unsure.png")


if __name__ == "__main__":
    main()
