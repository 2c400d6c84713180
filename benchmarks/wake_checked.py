"""The wake word with its check: false wakes over hours of chatter, and misses.

    .venv/bin/python -m benchmarks.wake_checked          # 10 hours; results/wake_checked.md, .png
    .venv/bin/python -m benchmarks.wake_checked --hours 2
    .venv/bin/python -m benchmarks.wake_checked --phrase okay_nabu \
        --near benchmarks/data/voice/wake_okay_nabu.tsv

The detector alone is benchmarks/wake.py. Here the service's rule for "hey_jarvis"
(appliance/voice/hands_free.py), or with `--phrase` another built-in model's, given a
`--near` file holding that phrase's own lines (its tuning lines are OWN_WAKE with the
phrase in place of "hey jarvis"): a score at or above the threshold wakes; if it is below
`sure`, the detector hears SETTLE_FRAMES more, and if it is still unsure the recogniser
(Hearth's default Transcriber, decoding as the check does) hears the CHECK_SECONDS of
sound up to that point and the wake stands only if WakeCheck finds the phrase. The rule is
replayed on recorded score tracks: after a wake or a turned-down check the detector is
quiet for its refractory period (live, a turned-down check resets the detector instead,
which is quiet for at least as long while its window fills again).

1. False wakes: `--hours` of generated kitchen (benchmarks/wake.py's chatter_hour). Hour 1
   is wake.py's own (seed 7), on which the pair was chosen; the others are seeds from
   REPORT_SEED on, never looked at. Seeds 8-16 were this benchmark's later hours until the
   false wakes in them were read to try checking every wake (docs/voice.md): they are
   tuning now, so the report moved to new seeds. `--near` makes every hour with another
   file's sound-alike lines (benchmarks/data/voice/wake_near_2.tsv: written by a helper
   who never read the code, after the check's rule for whole words was written from how
   Whisper wrote the first file's lines). `--household FILE` (one name a line: the people
   the lines come from, as Hearth would have been told them) adds a third check, the
   household's names written whole set aside, with every wake checked when one of them
   sounds like the phrase (wake_check.WakeCheck.trusts), as the service does.
2. Misses: the held-out `wake` lines in espeak-ng's three voices and the neural voice,
   clean and over kitchen noise, as in wake.py: the `--near` file's own when it has them
   (wake_near_4.tsv), else the 50 of data/voice/wake_sentences.tsv.

Two checks are read over the same decoded windows: the transcript alone (before), and the
transcript with the phrase's likelihood from the sound where it says no (now:
WakeCheck.judged, wake_check.PHRASE_LIKELY), as the service does.

espeak-ng is not a person and generated noise is not a kitchen. Measures, never asserts.
"""

from __future__ import annotations

import argparse
import re
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

import numpy as np

from appliance.config import WAKE_WORDS, Settings, wake_phrase
from appliance.voice.hands_free import SETTLE_FRAMES
from appliance.voice.stt import CHECKS_IN_SHORT_WINDOW, SHORTEST_WINDOW, Transcriber
from appliance.voice.wake import FRAME_SAMPLES, REFRACTORY_SECONDS, score_tracks
from appliance.voice.wake_check import CHECK_SECONDS, WakeCheck, likelihood_measured
from benchmarks import wake as detector

RESULTS = detector.RESULTS
ROOT = detector.ROOT
RATE = 16000
STEP = FRAME_SAMPLES * 2  # bytes in a frame
THRESHOLDS = (0.1, 0.2, 0.3, 0.5)
SURES = (0.0, 0.8, 0.9, 0.95, 1.0)  # 0: no check (the detector alone); 1: every wake checked
REPORT_SEED = 17  # the hours after the first: seeds never looked at (8-16 were read)
PHRASE = "hey_jarvis"  # the default; --phrase measures another


def own_wake(phrase: str) -> list[str]:
    """The tuning lines (wake.OWN_WAKE) with `phrase` said in place of "hey jarvis":
    the engineer's own, so never the held-out ones, for any phrase."""
    spoken = wake_phrase(phrase) or ""
    return [
        line.replace("hey jarvis", spoken).replace("Hey Jarvis", spoken.title())
        for line in detector.OWN_WAKE
    ]


# The checks compared in one run, over the same windows of sound decoded once, each in the
# window the service uses and with the words the recogniser knows whole nearer
# (wake_check.FAMILIAR_SOUNDS_LIKE): the transcript alone, before; and now the phrase's
# likelihood from the sound as well, where the transcript says no (wake_check.PHRASE_LIKELY).
# Each name -> whether the likelihood is asked. (Before these, the table compared every run
# by sound against whole words nearer, and the whole 30 s window against the short one.)
CHECKS = {"transcript alone (before)": False, "and the phrase's likelihood (now)": True}
HOUSEHOLD_CHECK = "and the household's names"  # with --household: as now, the names set aside
# The check for a phrase the likelihood was never measured for (wake_check.likelihood_measured):
# the service asks the transcript alone.
TRANSCRIPT_CHECK = "transcript alone (this phrase's check)"
DEFAULT_CHECK = "and the phrase's likelihood (now)"
WINDOW = "short" if CHECKS_IN_SHORT_WINDOW else "whole"


@dataclass
class Decoded:
    """Each window of sound decoded once (and the phrase's likelihood read once, when a
    check asks), shared by every check and pair."""

    decode: Callable[[bytes], str]
    likelihood: Callable[[bytes, list[str]], float]
    transcripts: dict[tuple[int, int], str] = field(default_factory=dict)
    likelihoods: dict[tuple[int, int], float] = field(default_factory=dict)
    seconds: list[float] = field(default_factory=list)
    likelihood_seconds: list[float] = field(default_factory=list)

    def of(self, key: int, samples: bytes, end_frame: int) -> str:
        if (key, end_frame) not in self.transcripts:
            began = time.monotonic()
            self.transcripts[(key, end_frame)] = self.decode(_window(samples, end_frame))
            self.seconds.append(time.monotonic() - began)
        return self.transcripts[(key, end_frame)]

    def likely(self, key: int, samples: bytes, end_frame: int, spoken: list[str]) -> float:
        if (key, end_frame) not in self.likelihoods:
            began = time.monotonic()
            found = self.likelihood(_window(samples, end_frame), spoken)
            self.likelihoods[(key, end_frame)] = found
            self.likelihood_seconds.append(time.monotonic() - began)
        return self.likelihoods[(key, end_frame)]


def _window(samples: bytes, end_frame: int) -> bytes:
    end = end_frame * STEP
    return samples[max(0, end - int(CHECK_SECONDS * RATE) * 2) : end]


@dataclass
class Checker:
    """One check's rule over the decoded windows, each answer kept (many pairs share one);
    `with_likelihood`: the phrase's likelihood may stand where the transcript says no."""

    check: WakeCheck
    decoded: Decoded
    with_likelihood: bool = False
    answers: dict[tuple[int, int], bool] = field(default_factory=dict)

    def heard(self, key: int, samples: bytes, end_frame: int) -> bool:
        if (key, end_frame) not in self.answers:
            text = self.decoded.of(key, samples, end_frame)
            written = self.check.written
            likely = partial(self.decoded.likely, key, samples, end_frame, written)
            self.answers[(key, end_frame)] = (
                self.check.judged(text, likely)
                if self.with_likelihood
                else self.check.holds_phrase(text)
            )
        return self.answers[(key, end_frame)]


def replay(
    track: np.ndarray,
    threshold: float,
    trusted: Callable[[float], bool],
    confirm,
    start: int = 0,
    stop: int | None = None,
) -> int:
    """Wakes the service would act on in track[start:stop]: `trusted(score)` starts
    listening unchecked (WakeCheck.trusts), else `confirm(end_frame)` checks."""
    refractory = int(REFRACTORY_SECONDS * RATE / FRAME_SAMPLES)
    stop = len(track) if stop is None else stop
    count, i = 0, start
    while i < stop:
        if track[i] < threshold:
            i += 1
            continue
        settled = track[i : i + SETTLE_FRAMES + 1]
        if trusted(float(settled.max())) or confirm(i + 1 + SETTLE_FRAMES):
            count += 1
        i += 1 + refractory
    return count


def _trusted(checker: Checker, sure: float) -> Callable[[float], bool]:
    """The service's rule for a wake needing no check; sure 0 is the detector alone."""
    if not sure:
        return lambda score: True
    return lambda score: checker.check.trusts(score, sure)


def _hour(seed: int, length: float, near: Path, phrase: str) -> tuple[bytes, np.ndarray]:
    samples = detector.to_bytes(detector.chatter_hour(length, seed=seed, near=near))
    return samples, score_tracks(samples, [phrase])[phrase]


# A phrase's name as a person says it, where espeak-ng reads it otherwise: it says
# "Mycroft" as "Mick-roft" (m'IkrO2ft), and the detector scores that 0.00 in en-us and
# en-gb against 1.00 for "my croft". The speaker is put right; the lines are as written.
SAID_AS = {"mycroft": "my croft"}


def said_as(text: str) -> str:
    """`text` with each SAID_AS name written as espeak-ng must read it to say it right."""
    for name, spoken in SAID_AS.items():
        text = re.sub(rf"\b{name}\b", spoken, text, flags=re.IGNORECASE)
    return text


def _clips(texts: list[str], voices: tuple[str, ...], noisy: bool, seed: int, phrase: str):
    """The lines said, in one scored stream (wake.clip_stream)."""
    said = [said_as(t) for t in texts]
    return detector.clip_stream(detector.wake_clips(said, voices, noisy, seed), phrase)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hours", type=int, default=10)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--length", type=float, default=1.0, help="hours per piece (a smoke test)")
    parser.add_argument(
        "--household",
        type=Path,
        help="the household's names, one a line: adds the check that sets them aside",
    )
    parser.add_argument(
        "--near",
        type=Path,
        default=detector.SENTENCES,
        help="the sound-alike chatter's lines (a .tsv of `near` lines); results are named by it",
    )
    parser.add_argument(
        "--phrase",
        choices=WAKE_WORDS,
        default=PHRASE,
        help="the built-in model measured; give a --near file with its own near and wake lines",
    )
    args = parser.parse_args()
    phrase = args.phrase

    began = time.monotonic()
    with ProcessPoolExecutor(args.workers) as pool:
        seeds = [7] + [REPORT_SEED + k for k in range(args.hours - 1)]
        hours = list(
            pool.map(
                _hour,
                seeds,
                [args.length] * args.hours,
                [args.near] * args.hours,
                [phrase] * args.hours,
            )
        )
        # The --near file's own wake lines, when it has them (wake_near_4 onward); else the
        # first file's 50 held-out ones.
        wake_file = args.near if detector.lines("wake", args.near) else detector.SENTENCES
        held = detector.lines("wake", wake_file)
        if args.length < 1.0:
            held = held[:3]  # a smoke test: a few lines, as the hours are short
        own_lines = own_wake(phrase)
        sets = {
            "own (tuning)": (own_lines, ("en-us", "en-gb"), False, 11),
            "own, in noise (tuning)": (own_lines, ("en-us", "en-gb"), True, 12),
            "held-out espeak-ng, clean": (held, detector.HELD_OUT_VOICES, False, 21),
            "held-out espeak-ng, in noise": (held, detector.HELD_OUT_VOICES, True, 22),
            "held-out neural voice, clean": (held, (detector.NEURAL_VOICE,), False, 23),
            "held-out neural voice, in noise": (held, (detector.NEURAL_VOICE,), True, 24),
        }
        clip_sets = [(*spec, phrase) for spec in sets.values()]
        scored = dict(zip(sets, pool.map(_clips, *zip(*clip_sets, strict=True)), strict=True))
    made = time.monotonic() - began

    transcriber = Transcriber()
    decoded = Decoded(
        lambda audio: transcriber.decode(audio, WINDOW == "short"), transcriber.likelihood
    )
    people = args.household.read_text().split() if args.household else []
    spoken = wake_phrase(phrase) or ""
    # As the service: the likelihood is asked only for the phrases it was measured for.
    measured = likelihood_measured(spoken)
    base = CHECKS if measured else {TRANSCRIPT_CHECK: False}
    default_check = DEFAULT_CHECK if measured else TRANSCRIPT_CHECK
    checks = {**base, HOUSEHOLD_CHECK: measured} if people else base
    checkers = {
        name: Checker(
            WakeCheck(
                spoken,
                decoded.decode,
                familiar=transcriber.familiar,
                people=(lambda: people) if name == HOUSEHOLD_CHECK else (lambda: []),
            ),
            decoded,
            with_likelihood=with_likelihood,
        )
        for name, with_likelihood in checks.items()
    }
    pairs = [(t, s) for t in THRESHOLDS for s in SURES if s == 0 or s > t]

    def false_wakes(checker: Checker, t: float, s: float, which: range) -> int:
        trusted = _trusted(checker, s)
        return sum(
            replay(hours[k][1], t, trusted, lambda end, k=k: checker.heard(k, hours[k][0], end))
            for k in which
        )

    def misses(checker: Checker, name: str, t: float, s: float) -> tuple[int, int]:
        stream, track, spans = scored[name]
        key = 1000 + list(scored).index(name)
        trusted = _trusted(checker, s)
        missed = sum(
            replay(track, t, trusted, lambda end: checker.heard(key, stream, end), a, b) == 0
            for a, b in spans
        )
        return missed, len(spans)

    rows = []
    for name, checker in checkers.items():
        for t, s in pairs:
            if s == 0 and name != next(iter(checks)):
                continue  # the detector alone: no check
            own = [misses(checker, n, t, s) for n in scored if "tuning" in n]
            rows.append(
                {
                    "pair": (t, s),
                    "check": name if s else "-",
                    "hour 1": false_wakes(checker, t, s, range(1)),
                    "later": false_wakes(checker, t, s, range(1, args.hours)),
                    "own": (sum(m for m, _ in own), sum(n for _, n in own)),
                    **{n: misses(checker, n, t, s) for n in scored if "tuning" not in n},
                }
            )
    default = (Settings.wake_threshold, Settings.wake_sure)
    name = "wake_checked" if args.near == detector.SENTENCES else f"wake_checked_{args.near.stem}"
    if phrase != PHRASE and phrase not in name:
        name += f"_{phrase}"
    write(
        rows,
        default,
        args.hours,
        args.length,
        made,
        decoded,
        name,
        args.near,
        list(checks),
        wake_file,
        phrase,
        default_check,
    )


def write(
    rows,
    default,
    pieces: int,
    length: float,
    made: float,
    decoded: Decoded,
    name: str,
    near: Path,
    checks: list[str],
    wake_file: Path,
    phrase: str,
    default_check: str,
) -> None:
    hours = pieces * length
    later = max(pieces - 1, 1) * length  # hours after the first piece (the tuning one)
    names = [n for n in rows[0] if n.startswith("held-out")]
    seconds = decoded.seconds
    timing = (
        f"{len(seconds)} windows checked in the {WINDOW} window, "
        f"{np.median(seconds) if seconds else 0:.2f} s each (median), "
        f"{max(seconds, default=0):.2f} s at most; the phrase's likelihood read for "
        f"{len(decoded.likelihood_seconds)} of them, "
        f"{np.median(decoded.likelihood_seconds) if decoded.likelihood_seconds else 0:.2f} s "
        "each (median)"
    )
    lines = [
        "# Wake word with its check (benchmarks/wake_checked.py)",
        "",
        f'"{wake_phrase(phrase)}": {hours:g} h of generated kitchen chatter '
        "(hour 1 as in wake.py, "
        f"then a new seed each hour; the sound-alike lines from {_shown(near)}) "
        f"and the wake lines of {_shown(wake_file)}, made and scored in {made:.0f} s; "
        f"{timing}. sure 0 is the detector alone. The checks compared: "
        + "; ".join(checks)
        + ", the same decoded windows read by each rule in this one run (the short window "
        f"is twice the sound, {SHORTEST_WINDOW} s at least).",
        "",
        f"**The default** (bold): threshold {default[0]}, sure {default[1]}, the check "
        f"{default_check}; "
        + (
            "the pair chosen on hour 1 and the own lines. Sure 1.0 (every wake checked) was "
            "tried as the default on the false wakes of seeds 8-16 and dropped (docs/voice.md)"
            if phrase == PHRASE
            else 'Hearth\'s defaults, the pair chosen for "hey jarvis", not for this phrase'
        )
        + f"; the later hours here are seeds {REPORT_SEED} on, never looked at.",
        "",
        "| threshold | sure | check | false wakes, hour 1 (tuning) | "
        f"false wakes per hour, the other {later:g} h | own lines missed (tuning) | "
        + " | ".join(n.removeprefix("held-out ") + " missed" for n in names)
        + " |",
        "| ---: | ---: | --- | ---: | ---: | ---: |" + " ---: |" * len(names),
    ]
    for r in rows:
        t, s = r["pair"]
        mark = "**" if r["pair"] == default and r["check"] == default_check else ""
        cells = [f"{m / n * 100:.1f}% ({m}/{n})" for m, n in (r[name] for name in names)]
        lines.append(
            f"| {mark}{t}{mark} | {mark}{s}{mark} | {r['check']} | {r['hour 1']} | "
            f"{r['later'] / later:.2f} ({r['later']} in {later:g} h) | "
            f"{r['own'][0]}/{r['own'][1]} | " + " | ".join(cells) + " |"
        )
    text = "\n".join(lines) + "\n"
    (RESULTS / f"{name}.md").write_text(text)
    print(text)
    plot(rows, names, later, RESULTS / f"{name}.png", checks, default_check)


def _shown(path: Path) -> Path:
    """`path` as the repository names it, however it was given on the command line."""
    return path.resolve().relative_to(ROOT)


def plot(rows, names, later: float, path: Path, checks: list[str], default_check: str) -> None:
    """Per sure, false wakes and misses by threshold; the check before dashed."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, 2, figsize=(11, 4.2))
    first = checks[0]
    for s, check in [(s, c) for s in SURES for c in checks]:
        some = [r for r in rows if r["pair"][1] == s and r["check"] in (check, "-")]
        if not some or (s == 0 and check != first):
            continue
        label = {0.0: "detector alone", 1.0: "every wake checked"}.get(s, f"checked below {s}")
        label += f", {check}" if s else ""
        style = "--" if check != default_check and s else "-"
        thresholds = [r["pair"][0] for r in some]
        per_hour = [max(r["later"] / later, 0.01) for r in some]
        axes[0].plot(thresholds, per_hour, style, marker="o", label=label)
        missed = [r[names[0]][0] / r[names[0]][1] * 100 for r in some]
        axes[1].plot(thresholds, missed, style, marker="o", label=label)
    axes[0].set_yscale("log")
    axes[0].axhline(0.1, color="grey", linestyle="--", label="goal: 1 per 10 h")
    axes[0].set(xlabel="threshold", ylabel=f"false wakes per hour, later {later:g} h (0 at 0.01)")
    axes[1].axhline(5, color="grey", linestyle="--", label="goal: 5%")
    axes[1].set(xlabel="threshold", ylabel=f"missed %: {names[0]}")
    for ax in axes:
        ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=110)


if __name__ == "__main__":
    main()
