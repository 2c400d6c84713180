"""A spoken "stop" over Hearth's own voice: how often it is heard, how often something else
stops Hearth, and how long it takes, with the echo canceller and without it.

    python -m benchmarks.spoken_stop [--split held_out] [--quick]

Each trial is one reply spoken by Hearth's default voice (the neural voice, else
espeak-ng) in a simulated kitchen (tests/voice/room.py: 150 ms from the speaker's queue
to the microphone, a 300 ms reverberant room path, the speaker squashed at the top, hiss),
with a line of the split said by espeak-ng (four voices in turn) at a random moment while
it plays, at a level against the echo's (0 dB: as loud at the microphone as Hearth's voice
is; -12 dB: a quarter as loud). The real code hears it: the live path's frame-by-frame
listener (stop_word.ReplyListening, which measures the echo's delay itself), SpeexDSP's
canceller, Silero VAD, Whisper (the default model) and the stop phrases. "Warm" is the
canceller after one reply in the same kitchen (as every reply after the first is); "cold"
is the first reply after boot. "Own voice" is the reply alone: a stop heard is Hearth
stopping itself. Latency is from the end of the line said to the stop, in audio time plus
the transcription's own time. Writes benchmarks/results/spoken_stop.md and .png.

The lines (benchmarks/data/stop_word/<split>.json) were written by a helper who never
read the code, from a brief, and committed before the first run.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from appliance.speech import Speech, split_sentences, wav_bytes
from appliance.voice.capture import SAMPLE_RATE, wav_samples
from appliance.voice.echo import FRAME, EchoCanceller, EchoPath
from appliance.voice.played import PlayedAudio
from appliance.voice.stop_phrases import STOP_VOCABULARY, StopPhrases, said_by, words_of
from appliance.voice.stop_word import (
    WENT_ON,
    ReplyListening,
    StopHearing,
    Utterance,
    said_stop,
)
from appliance.voice.stt import CHECKS_IN_SHORT_WINDOW, Transcriber
from appliance.voice.vad import SileroVad
from tests.voice.room import kitchen
from tests.voice.speech import Clip, spoken

DATA = Path(__file__).parent / "data" / "stop_word"
RESULTS = Path(__file__).parent / "results"
VOICES = ("en-us", "en-gb", "en-gb-scotland", "en-us+f3")
BEGAN = 1000.0  # the simulated reply's start on the listener's clock
DEFAULT_WINDOW = "short" if CHECKS_IN_SHORT_WINDOW else "whole"


@dataclass
class Row:
    name: str
    trials: int = 0
    stopped: int = 0
    latencies: list[float] = field(default_factory=list)
    missed: list[str] = field(default_factory=list)
    # The same, counting only replies whose words hold no word of a stop phrase: where
    # Hearth's own words cannot have set a person's stop aside (stop_word.said_stop).
    plain_trials: int = 0
    plain_stopped: int = 0

    def rate(self) -> str:
        return f"{self.stopped}/{self.trials} ({100 * self.stopped / max(self.trials, 1):.0f}%)"

    def plain_rate(self) -> str:
        share = 100 * self.plain_stopped / max(self.plain_trials, 1)
        return f"{self.plain_stopped}/{self.plain_trials} ({share:.0f}%)"


class Trials:
    def __init__(self, replies: list[str], transcriber: Transcriber, short: bool) -> None:
        self.transcriber = transcriber
        self.short = short  # the recogniser's window: Talk's short one, or the whole 30 s
        self.phrases = StopPhrases()
        speech = Speech()
        self.voice = speech.name
        self.replies = [_sentences(speech, text) for text in replies]
        self.rng = random.Random(7)
        self.path = EchoPath()
        self.heard: list[str] = []  # what Whisper wrote for each utterance of the last trial

    def canceller(self, warm: bool) -> EchoCanceller:
        """A new canceller, and the echo's delay not yet measured (the first reply after
        boot); `warm`: both after one reply in the same kitchen, as every later reply is."""
        canceller = EchoCanceller()
        self.path = EchoPath()
        if warm:
            self.hear(canceller, self.replies[-1], None, 0.0)
        return canceller

    def hear(
        self,
        canceller: EchoCanceller | None,
        sentences: list[tuple[str, np.ndarray]],
        line: np.ndarray | None,
        person_db: float,
        quiet: bool = False,
    ) -> tuple[bool, float | None]:
        """One reply with `line` said over it: stopped?, and the seconds from the end of
        the line to the stop."""
        if quiet:  # nothing played, nothing said by Hearth
            sentences = [("", np.zeros_like(samples)) for _, samples in sentences]
        reply = np.concatenate([samples for _, samples in sentences])
        at = self.rng.uniform(0.8, max(1.0, reply.size / SAMPLE_RATE - 1.0))
        said = [(at, line)] if line is not None else []
        heard, _ = kitchen(reply, said, person_db=person_db, seed=self.rng.randrange(1000))
        played = PlayedAudio()  # a sound per sentence, each with its words, as the Speaker
        start = BEGAN
        for words, samples in sentences:
            played.started(wav_bytes(samples.tobytes(), SAMPLE_RATE), words or None, start)
            start += samples.size / SAMPLE_RATE
        path = self.path
        self.heard = []
        hearing = StopHearing(canceller, SileroVad())
        listening = ReplyListening(hearing, played, path, BEGAN)
        start = 0

        def push() -> Utterance | None:
            nonlocal start
            start += FRAME
            return listening.push(heard[start - FRAME : start])

        while start + FRAME <= heard.size:
            utterance = push()
            if utterance is None:
                continue
            decoding = time.monotonic()
            words = self.transcriber.decode(utterance.audio, self.short)
            decoded = time.monotonic() - decoding
            stopped = said_stop(words, utterance, BEGAN, path.delay, played, self.phrases)
            self.heard.append(words)
            if not stopped:
                continue
            # As the live listener does: the microphone is read on while the words are
            # decoded, and for WENT_ON after the utterance at least, before the stop counts.
            waited = max(decoded, WENT_ON)
            while start + FRAME <= heard.size and start - utterance.end < waited * SAMPLE_RATE:
                push()
            if hearing.went_on(utterance):
                self.heard.append("(went on)")
                continue
            if line is None:
                return True, None
            ended = at + line.size / SAMPLE_RATE
            return True, utterance.end / SAMPLE_RATE - ended + waited
        return False, None


def _sentences(speech: Speech, text: str) -> list[tuple[str, np.ndarray]]:
    """The reply as the voice service speaks it: a sentence at a time."""
    return [
        (sentence, np.concatenate([wav_samples(wav) for wav in speech.wavs(sentence)]))
        for sentence in split_sentences(text)
    ]


def _said(line: str, index: int, person: Speech | None) -> np.ndarray:
    """The line said by espeak-ng (a voice in turn), or by `person`'s neural voice."""
    if person is not None:
        return np.concatenate([wav_samples(wav) for wav in person.wavs(line)])
    clip = Clip(line, VOICES[index % len(VOICES)], 150)
    return np.frombuffer(spoken(clip, lead=0.0, tail=0.0), dtype="<i2")


def run(
    split: str, quick: bool, person: str, transcriber: Transcriber, short: bool
) -> tuple[list[Row], str]:
    """Every condition once, the recogniser decoding in the short window or the whole one;
    the same seed each time, so both windows hear the same trials."""
    data = json.loads((DATA / f"{split}.json").read_text(encoding="utf-8"))
    stops, others, replies = data["stops"], data["not_stops"], data["replies"]
    if quick:
        stops, others = stops[:10], others[:10]
    trials = Trials(replies, transcriber, short)
    speaker = Speech() if person == "neural" else None
    said_stops = [_said(line, i, speaker) for i, line in enumerate(stops)]
    said_others = [_said(line, i, speaker) for i, line in enumerate(others)]
    rows: list[Row] = []

    def condition(name: str, lines: list[str], said: list[np.ndarray], db: float, **how) -> None:
        row = Row(name)
        canceller = None if how.get("none") else trials.canceller(how.get("warm", True))
        for i, (line, samples) in enumerate(zip(lines, said, strict=True)):
            reply = trials.replies[i % (len(trials.replies) - 1)]
            if how.get("cold"):
                canceller = trials.canceller(False)
            stopped, latency = trials.hear(canceller, reply, samples, db, bool(how.get("quiet")))
            row.trials += 1
            row.stopped += stopped
            if not any(said_by(STOP_VOCABULARY)(w) for words, _ in reply for w in words_of(words)):
                row.plain_trials += 1
                row.plain_stopped += stopped
            if latency is not None:
                row.latencies.append(latency)
            if stopped != how.get("expect", True):
                row.missed.append(f"{line} (heard: {' / '.join(trials.heard) or '-'})")
        rows.append(row)
        print(f"{name:<52} {row.rate()}", flush=True)

    condition("stops heard, nothing playing (the recogniser alone)", stops, said_stops, 0, quiet=1)
    for db in (0.0, -6.0, -12.0):
        condition(f"stops heard, warm canceller, {db:+.0f} dB", stops, said_stops, db)
    condition("stops heard, cold canceller (first reply), -6 dB", stops, said_stops, -6, cold=1)
    condition("stops heard, no canceller (control), -6 dB", stops, said_stops, -6, none=1)
    condition("other talk taken for stop, warm, -6 dB", others, said_others, -6, expect=False)
    condition("other talk taken for stop, warm, 0 dB", others, said_others, 0, expect=False)
    for how in ({"warm": True}, {"cold": True}, {"none": True}):
        row = Row(f"own voice taken for stop ({next(iter(how))})")
        canceller = None if how.get("none") else trials.canceller(how.get("warm", False))
        for reply in trials.replies:
            if how.get("cold"):
                canceller = trials.canceller(False)
            stopped, _ = trials.hear(canceller, reply, None, 0.0)
            row.trials += 1
            row.stopped += stopped
            if stopped:
                row.missed.append(reply[0][0][:40])
        rows.append(row)
        print(f"{row.name:<52} {row.rate()}", flush=True)
    return rows, trials.voice


def report(by_window: dict[str, list[Row]], voice: str, split: str, person: str) -> str:
    """One table, a column group per window of the recogniser, side by side."""
    windows = list(by_window)
    lines = [
        f"# Spoken stop over Hearth's voice ({split}; Hearth's voice: {voice}; "
        f"the person's: {person})",
        "",
        f"The recogniser's window: {', '.join(windows)} (the default: {DEFAULT_WINDOW}); "
        "the same trials, the same seed, in one run.",
        "",
        "| condition | "
        + " | ".join(
            f"stopped ({w}) | no stop word of their own ({w}) | median latency, s ({w})"
            for w in windows
        )
        + " |",
        "| --- |" + " --- | --- | --- |" * len(windows),
    ]
    for rows in zip(*by_window.values(), strict=True):
        cells = []
        for row in rows:
            median = f"{np.median(row.latencies):.2f}" if row.latencies else "-"
            plain = row.plain_rate() if row.plain_trials else "-"
            cells += [row.rate(), plain, median]
        lines.append(f"| {rows[0].name} | " + " | ".join(cells) + " |")
    for window, rows in by_window.items():
        lines.append("")
        for row in rows:
            if row.missed:
                missed = "; ".join(row.missed[:12])
                lines.append(f"- {row.name} ({window} window), the other way: {missed}")
    return "\n".join(lines) + "\n"


def plot(by_window: dict[str, list[Row]], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(9, 5))
    names = [row.name for row in next(iter(by_window.values()))]
    height = 0.8 / len(by_window)
    for k, (window, rows) in enumerate(by_window.items()):
        rates = [100 * row.stopped / max(row.trials, 1) for row in rows]
        places = [i + k * height for i in range(len(names))]
        axes.barh(places, rates, height=height, label=f"{window} window")
    axes.set_yticks([i + height * (len(by_window) - 1) / 2 for i in range(len(names))], names)
    axes.set_xlabel("% of trials in which Hearth stopped")
    axes.legend()
    axes.invert_yaxis()
    axes.set_xlim(0, 100)
    figure.tight_layout()
    figure.savefig(path)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--split", default="held_out")
    parser.add_argument("--quick", action="store_true", help="ten lines of each kind")
    parser.add_argument(
        "--person", choices=("espeak", "neural"), default="espeak", help="who says the lines"
    )
    parser.add_argument(
        "--windows", default="whole,short", help="the recogniser's windows to compare"
    )
    args = parser.parse_args()
    transcriber = Transcriber()
    by_window, voice = {}, ""
    for window in args.windows.split(","):
        print(f"-- the {window} window", flush=True)
        by_window[window], voice = run(
            args.split, args.quick, args.person, transcriber, window == "short"
        )
    text = report(by_window, voice, args.split, args.person)
    print(text)
    RESULTS.mkdir(exist_ok=True)
    name = f"spoken_stop_{args.split}_{args.person}"
    (RESULTS / f"{name}.md").write_text(text, encoding="utf-8")
    plot(by_window, RESULTS / f"{name}.png")


if __name__ == "__main__":
    main()
