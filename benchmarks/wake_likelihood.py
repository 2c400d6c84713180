"""The wake check's likelihood threshold, chosen on tuning sound only.

    .venv/bin/python -m benchmarks.wake_likelihood        # results/wake_likelihood.md

With every wake checked at the default threshold (0.3), each window the check would decode
is read both ways: the transcript (does it hold the phrase?) and the phrase's likelihood
from the sound (Transcriber.likelihood). Two kinds of window, both tuning material:

- the benchmark's own wake lines (benchmarks/wake.py OWN_WAKE) in four espeak-ng voices,
  clean and over kitchen noise: the true phrases;
- the chatter wakes of the tuning hours (wake.py's chatter_hour, seeds 7-16, which
  benchmarks/wake_checked.py never reports on): the false ones.

The rule, fixed before it was first run: PHRASE_LIKELY is half a nat above the likeliest
chatter wake, rounded up to a tenth. The held-out sets (wake_near_2..4, the wake lines of
wake_sentences.tsv) are never read here. Measures, never asserts.
"""

from __future__ import annotations

import argparse
import math
import time
from concurrent.futures import ProcessPoolExecutor

import numpy as np

from appliance.voice.stt import CHECKS_IN_SHORT_WINDOW, Transcriber
from appliance.voice.wake_check import WakeCheck
from benchmarks import wake as detector
from benchmarks.wake_checked import PHRASE, _clips, _hour, _window, replay

THRESHOLD = 0.3
VOICES = ("en-us", "en-gb", "en-gb-scotland", "en-029")
SEEDS = tuple(range(7, 17))
MARGIN = 0.5  # nats above the likeliest chatter wake


def wake_windows(track: np.ndarray, start: int = 0, stop: int | None = None) -> list[int]:
    """The end frame of each window the check hears with every wake checked: the service's
    walk (wake_checked.replay) with no wake trusted, each check recorded and turned down."""
    ends: list[int] = []
    replay(
        track, THRESHOLD, lambda score: False, lambda end: ends.append(end) or False, start, stop
    )
    return ends


def threshold(chatter: list[float]) -> float:
    return math.ceil((max(chatter) + MARGIN) * 10) / 10


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, nargs="*", default=list(SEEDS))
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    began = time.monotonic()
    own = {
        "clean": (detector.OWN_WAKE, VOICES, False, 11),
        "in noise": (detector.OWN_WAKE, VOICES, True, 12),
    }
    with ProcessPoolExecutor(args.workers) as pool:
        clips = list(pool.map(_clips, *zip(*own.values(), strict=True)))
        hours = list(
            pool.map(
                _hour, args.seeds, [1.0] * len(args.seeds), [detector.SENTENCES] * len(args.seeds)
            )
        )
    made = time.monotonic() - began

    transcriber = Transcriber()
    check = WakeCheck(PHRASE.replace("_", " "), transcriber.decode, familiar=transcriber.familiar)

    def read(samples: bytes, end: int) -> tuple[str, bool, float]:
        window = _window(samples, end)
        text = transcriber.decode(window, CHECKS_IN_SHORT_WINDOW)
        return text, check.holds_phrase(text), transcriber.likelihood(window, check.written)

    phrases = [
        (f"{name}, {VOICES[k % len(VOICES)]}", *read(stream, ends[0]))
        for name, (stream, track, spans) in zip(own, clips, strict=True)
        for k, (a, b) in enumerate(spans)
        if (ends := wake_windows(track, a, b))
    ]
    chatter = [
        (f"seed {seed}", *read(samples, end))
        for seed, (samples, track) in zip(args.seeds, hours, strict=True)
        for end in wake_windows(track)
    ]
    write(phrases, chatter, args.seeds, made)


def write(phrases, chatter, seeds, made: float) -> None:
    chosen = threshold([likely for *_, likely in chatter])
    missed = [row for row in phrases if not row[2]]
    saved = [row for row in missed if row[3] >= chosen]
    lines = [
        "# The wake check's likelihood, on tuning sound (benchmarks/wake_likelihood.py)",
        "",
        f"Every wake checked at {THRESHOLD}: {len(phrases)} own phrases the detector caught "
        f"(of {len(detector.OWN_WAKE) * len(VOICES) * 2}), {len(chatter)} chatter wakes in "
        f"the tuning hours (seeds {seeds[0]}-{seeds[-1]}); made and scored in {made:.0f} s.",
        "",
        f"**Threshold by the rule**: the likeliest chatter wake "
        f"{max(r[3] for r in chatter):.2f} + {MARGIN}, rounded up: **{chosen}**. "
        f"Of the {len(missed)} own phrases the transcript turned down, {len(saved)} stand "
        "by their likelihood.",
        "",
        "| kind | where | transcript | holds the phrase | likelihood |",
        "| --- | --- | --- | --- | ---: |",
    ]
    for kind, rows in (("own phrase", phrases), ("chatter", chatter)):
        for where, text, holds, likely in sorted(rows, key=lambda row: -row[3]):
            lines.append(
                f"| {kind} | {where} | {text} | {'yes' if holds else 'no'} | {likely:.2f} |"
            )
    text = "\n".join(lines) + "\n"
    (detector.RESULTS / "wake_likelihood.md").write_text(text)
    print(text)


if __name__ == "__main__":
    main()
