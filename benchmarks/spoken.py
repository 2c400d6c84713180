"""Lines spoken and heard for the benchmarks that read what was heard (the cookbook's and
the household's): each line said by espeak-ng (five voices in turn) or the neural voice,
over made kitchen noise (a third clean, a third at 20 dB, a third at 10 dB), heard by the
default recogniser without the closed pass, so a benchmark can read the transcript both
as the open recogniser wrote it and after the pass.

The transcripts can be kept (`save`) and read back (`heard`), to rerun the pass without
recognising again.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from appliance.voice.bias import Bias
from appliance.voice.stt import Transcriber
from benchmarks.voice_clips import NOISES, VOICES, kitchen_noise, mix, speak, speak_neural


@dataclass(frozen=True)
class Heard:
    voice: str
    snr: float | None
    text: str
    seconds: float  # to transcribe


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options every spoken benchmark takes: how many lines, which voice, and keeping
    or reusing the transcripts."""
    parser.add_argument("--limit", type=int)
    parser.add_argument("--neural", action="store_true")
    parser.add_argument("--save-heard", type=Path)
    parser.add_argument("--heard", type=Path)


def condition(snr: float | None) -> str:
    return "clean" if snr is None else f"{snr:g} dB"


def hear_all(
    lines: Sequence[str], bias: Bias, *, neural: bool = False, heard: Path | None = None
) -> list[Heard]:
    """Each line spoken and heard; or, given `heard`, the transcripts kept before."""
    before = json.loads(heard.read_text("utf-8")) if heard else None
    transcriber = None if before else Transcriber(closed_pass=False)
    found = []
    for index, line in enumerate(lines):
        voice, speed = ("joe", 0) if neural else VOICES[index % len(VOICES)]
        snr = NOISES[index % len(NOISES)]
        if before is not None:
            found.append(Heard(voice, snr, before[index]["heard"], before[index]["seconds"]))
            continue
        assert transcriber is not None
        samples = speak_neural(line) if neural else speak(line, voice, speed)
        if snr is not None:
            samples = mix(samples, kitchen_noise(len(samples), index), snr)
        started = time.perf_counter()
        text = transcriber.transcribe(samples.astype("<i2").tobytes(), bias)
        found.append(Heard(voice, snr, text, time.perf_counter() - started))
    return found


def save(heard: Sequence[Heard], path: Path) -> None:
    rows = [{"heard": h.text, "seconds": h.seconds} for h in heard]
    path.write_text(json.dumps(rows, indent=1), encoding="utf-8")
