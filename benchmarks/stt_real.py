"""Recognition of real voices: fourteen recordings of people, clean and in kitchen noise.

    .venv/bin/python -m benchmarks.stt_real        # results/stt_real.md and .png

Every other clip set here is synthetic: espeak-ng, or the neural voice. These are people
(benchmarks/data/voice/real/README.md: LibriVox readers, JFK, two CMU ARCTIC speakers, CMU
Sphinx's test recordings), with the transcripts their sources give. Each clip is heard
clean and with benchmarks/voice_clips.py's kitchen noise mixed in at 20 dB and 10 dB SNR,
by Whisper base as Talk runs it (the short window, the default), in Whisper's whole 30 s
window, and by tiny.en. No bias: these are no household's words. The word error rate is
benchmarks/wer.py's. Few clips and no kitchen sentences: a measure of voices, not of
commands. Measures, never asserts.
"""

from __future__ import annotations

import csv
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from appliance.voice.capture import wav_samples
from appliance.voice.stt import Transcriber
from benchmarks.voice_clips import kitchen_noise, mix
from benchmarks.wer import Score

DATA = Path(__file__).parent / "data" / "voice" / "real"
RESULTS_DIR = Path(__file__).parent / "results"
NOISE = (None, 20.0, 10.0)  # SNR in dB; None: clean


@dataclass
class Recogniser:
    label: str
    transcriber: Transcriber
    scores: dict[str, Score] = field(default_factory=dict)  # "<group>|<noise>" -> score
    seconds: list[float] = field(default_factory=list)
    heard: list[tuple[str, str, str]] = field(default_factory=list)  # clip, noise, text

    def hear(self, clip: str, group: str, noise: str, said: str, samples: np.ndarray) -> None:
        began = time.monotonic()
        text = self.transcriber.transcribe(samples.astype("<i2").tobytes())
        self.seconds.append(time.monotonic() - began)
        key = f"{group}|{noise}"
        self.scores[key] = self.scores.get(key, Score()) + Score.of(said, text)
        self.heard.append((clip, noise, text))

    def total(self, groups: list[str], noise: str | None = None) -> Score:
        chosen = [
            score
            for key, score in self.scores.items()
            if key.split("|")[0] in groups and noise in (None, key.split("|")[1])
        ]
        return sum(chosen, Score())


def clips() -> list[dict[str, str]]:
    with open(DATA / "clips.tsv", encoding="utf-8") as file:
        return list(csv.DictReader(file, delimiter="\t"))


def group_of(name: str) -> str:
    """People beyond doubt, and CMU's test recordings whose speaker is not documented."""
    return "cmu test recordings" if name.startswith("cmu-") else "people (LibriVox, JFK, ARCTIC)"


def noise_label(snr: float | None) -> str:
    return "clean" if snr is None else f"{snr:g} dB"


def main() -> None:
    recognisers = [
        Recogniser("base, short window (the default)", Transcriber("base")),
        Recogniser("base, whole 30 s window", Transcriber("base", short_window=False)),
        Recogniser("tiny.en, whole window", Transcriber("tiny.en")),
    ]
    rows = clips()
    for index, row in enumerate(rows):
        samples = wav_samples((DATA / row["file"]).read_bytes(), row["file"])
        noise = kitchen_noise(samples.size, seed=100 + index)
        for snr in NOISE:
            heard = samples if snr is None else mix(samples, noise, snr)
            for recogniser in recognisers:
                group = group_of(row["file"])
                recogniser.hear(row["file"], group, noise_label(snr), row["said"], heard)
        print(f"{row['file']}: done", flush=True)
    text = report(recognisers, rows)
    print(text)
    RESULTS_DIR.mkdir(exist_ok=True)
    (RESULTS_DIR / "stt_real.md").write_text(text, encoding="utf-8")
    plot(recognisers)


def report(recognisers: list[Recogniser], rows: list[dict[str, str]]) -> str:
    groups = sorted({group_of(r["file"]) for r in rows}, reverse=True)
    seconds = sum(wav_samples((DATA / r["file"]).read_bytes()).size for r in rows) / 16000
    noises = [noise_label(s) for s in NOISE]
    lines = [
        "# Recognition of real voices (benchmarks/stt_real.py)",
        "",
        f"{len(rows)} recordings of people ({seconds:.0f} s; benchmarks/data/voice/real), each "
        "clean and in generated kitchen noise at 20 and 10 dB SNR, no bias. Word error rate "
        "(words wrong / words said); all recognisers in one run.",
        "",
        "| recogniser | clips | WER | " + " | ".join(noises) + " | s per clip (median) |",
        "| --- | --- | ---: |" + " ---: |" * len(noises) + " ---: |",
    ]
    for recogniser in recognisers:
        for group in [*groups, "all"]:
            chosen = groups if group == "all" else [group]
            total = recogniser.total(chosen)
            cells = [f"{recogniser.total(chosen, n).wer:.1%}" for n in noises]
            median = f"{np.median(recogniser.seconds):.2f}" if group == "all" else ""
            lines.append(
                f"| {recogniser.label} | {group} | {total.wer:.1%} ({total.edits}/{total.words}) | "
                + " | ".join(cells)
                + f" | {median} |"
            )
    lines += ["", "What each heard, clean (the default first):", ""]
    for clip, noise, text in recognisers[0].heard:
        if noise == "clean":
            lines.append(f"- {clip}: {text}")
    short, whole = recognisers[0], recognisers[1]
    lines += ["", f"Where {short.label} and {whole.label} wrote different words:", ""]
    for (clip, noise, one), (_, _, other) in zip(short.heard, whole.heard, strict=True):
        said = next(r["said"] for r in rows if r["file"] == clip)
        a, b = Score.of(said, one), Score.of(said, other)
        if a.edits != b.edits:
            lines.append(
                f"- {clip}, {noise}: short “{one}” ({a.edits} wrong); "
                f"whole “{other}” ({b.edits} wrong)"
            )
    return "\n".join(lines) + "\n"


def plot(recognisers: list[Recogniser]) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    groups = sorted({k.split("|")[0] for k in recognisers[0].scores}, reverse=True)
    noises = [noise_label(s) for s in NOISE]
    figure, axes = plt.subplots(figsize=(8, 4))
    width = 0.8 / len(recognisers)
    for k, recogniser in enumerate(recognisers):
        rates = [100 * recogniser.total(groups, n).wer for n in noises]
        axes.bar([i + k * width for i in range(len(noises))], rates, width, label=recogniser.label)
    axes.set_xticks([i + width for i in range(len(noises))], noises)
    axes.set_ylabel("word error rate, % (all 14 clips)")
    axes.set_title("Real voices")
    axes.legend(fontsize=8)
    figure.tight_layout()
    figure.savefig(RESULTS_DIR / "stt_real.png", dpi=110)


if __name__ == "__main__":
    main()
