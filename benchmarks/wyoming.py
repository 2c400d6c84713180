"""Hearth through Wyoming against Hearth's own ways in, in one run on this machine.

    .venv/bin/python -m benchmarks.wyoming                  # 8 questions x 5, 8 clips
    .venv/bin/python -m benchmarks.wyoming --repeats 2 --clips 3

Writes benchmarks/results/wyoming.md and wyoming.png and prints the table. Measures, never
asserts.

1. **A turn, text in and text out**: the same questions asked of the same `hearth serve`
   (the default model, on 127.0.0.1, in its own process) two ways, interleaved question by
   question so the machine's load falls on both alike:
   - over HTTP: `POST /v1/chat/completions` (not streamed) with the token, a fresh thread;
   - through Wyoming: `hearth wyoming` (its own process), the wyoming package's
     AsyncTcpClient doing what Home Assistant's conversation agent does: connect, send
     `transcript` with a fresh conversation id, read until `handled`.
   Timed from the request to the whole answer; p50 and p95 over every question.
2. **Audio in, spoken answer out**: the same clips (benchmarks/voice_clips.py, held-out,
   clean) two ways, interleaved:
   - through a satellite: a real wyoming-satellite process (its own venv,
     scripts/satellite-setup) whose microphone plays the clip at real-time pace after a
     chime (its stand-in wake word wakes there) and whose speaker is a program noting when
     each answer's first byte arrives; Hearth is its controller. From the clip's last sample
     written to the satellite to the answer's first audio at its speaker;
   - the kitchen's own Talk loop: appliance.voice.service.Voice in this process (Whisper base,
     Silero, the same brain), the clip as its microphone (a WAV: listening ends at the file's
     end, as at a release of Talk); from that end to the reply's first piece made by the
     joe voice (what the speaker needs before a sound comes out).
   The satellite has no Talk button to release: its command ends after 0.8 s of quiet after
   speech (the clip's own 0.6 s tail counts), so part of the difference is that wait.
Both sides use the same recogniser (Whisper base, the default), the same voice (joe) and
the same brain.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import http.client
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from wyoming.asr import Transcript  # noqa: E402
from wyoming.client import AsyncTcpClient  # noqa: E402
from wyoming.info import Describe  # noqa: E402

from appliance.speech import Speech  # noqa: E402
from appliance.voice.bias import bias_for  # noqa: E402
from appliance.voice.brain_client import BrainClient  # noqa: E402
from appliance.voice.capture import WavSource  # noqa: E402
from appliance.voice.service import Voice  # noqa: E402
from appliance.voice.shown import ShownExchange  # noqa: E402
from appliance.voice.stt import Transcriber  # noqa: E402
from appliance.voice.vad import SileroVad  # noqa: E402
from appliance.web.auth import load_or_create  # noqa: E402
from benchmarks.voice import brain_server  # noqa: E402
from benchmarks.voice_clips import clips  # noqa: E402
from tests.wyoming.satellite import free_port, satellite  # noqa: E402

RESULTS = ROOT / "benchmarks" / "results"
QUESTIONS = (
    "What is 200 grams of flour in cups?",
    "How long should I boil an egg?",
    "What is gas mark 4 in Celsius?",
    "What's on the shopping list?",
    "Where are the bin bags?",
    "Hello, how are you today?",
    "Tell me something cheerful about Tuesdays.",
    "What can you do?",
)
KINDS = ("timer", "kitchen", "list", "where", "other")  # clips that ask, not ones that tell


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


@contextlib.contextmanager
def wyoming_server(data_dir: Path, brain: int, satellites: str = "") -> Iterator[int]:
    """`hearth wyoming` on 127.0.0.1 in its own process, asking the brain on port `brain`."""
    port = free_port()
    env = {
        **os.environ,
        "HEARTH_DATA_DIR": str(data_dir),
        "HEARTH_WEB_PORT": str(brain),
        "HEARTH_WYOMING_HOST": "127.0.0.1",
        "HEARTH_WYOMING_PORT": str(port),
        "HEARTH_WYOMING_SATELLITES": satellites,
        "PYTHONPATH": str(ROOT),
    }
    process = subprocess.Popen(
        [sys.executable, "-m", "appliance.cli", "wyoming"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                asyncio.run(_ask(port, [Describe().event()], "info"))
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.3)
        yield port
    finally:
        process.terminate()
        process.wait(30)


async def _ask(port: int, events: list, until: str) -> Any:
    async with AsyncTcpClient("127.0.0.1", port) as client:
        for event in events:
            await client.write_event(event)
        while (event := await client.read_event()) is not None:
            if event.type == until:
                return event
    raise OSError(f"no {until}")


def http_turn(port: int, token: str, text: str) -> str:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=300)
    body = {"model": "hearth", "messages": [{"role": "user", "content": text}]}
    headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
    connection.request("POST", "/v1/chat/completions", json.dumps(body), headers)
    answer = json.loads(connection.getresponse().read())
    connection.close()
    return str(answer["choices"][0]["message"]["content"])


def wyoming_turn(port: int, text: str, conversation: str) -> str:
    event = Transcript(text=text, context={"conversation_id": conversation}).event()
    handled = asyncio.run(_ask(port, [event], "handled"))
    return str(handled.data.get("text", ""))


def timed(call: Callable[[], str]) -> tuple[float, str]:
    began = time.monotonic()
    said = call()
    return time.monotonic() - began, said


def turns(brain: int, wyoming: int, token: str, repeats: int) -> dict[str, list[float]]:
    measured: dict[str, list[float]] = {"HTTP endpoint": [], "Wyoming (handle)": []}
    # Warm up, unmeasured: the first turn that reaches the model fills its cache with the
    # static prompt (seconds), whichever way it came.
    http_turn(brain, token, "Hello!")
    wyoming_turn(wyoming, "Hello!", "warm-up")
    for round_ in range(repeats):
        for number, question in enumerate(QUESTIONS):
            conversation = f"bench-{round_}-{number}"  # a fresh thread, as over HTTP
            ways = [
                ("HTTP endpoint", lambda q=question: http_turn(brain, token, q)),
                (
                    "Wyoming (handle)",
                    lambda q=question, c=conversation: wyoming_turn(wyoming, q, c),
                ),
            ]
            if (round_ + number) % 2:
                ways.reverse()  # neither way always goes first
            for name, call in ways:
                seconds, said = timed(call)
                measured[name].append(seconds)
                if round_ == 0:
                    print(f"  {name}: {question!r} -> {said[:70]!r} ({seconds:.2f} s)")
    return measured


class FirstPiece:
    """The sound seam for the Talk loop without a card: each sentence's first piece is made
    by the joe voice (what a speaker needs before sound comes out), nothing is played."""

    def __init__(self, speech: Speech) -> None:
        self.speech = speech

    def speak(self, words: str) -> None:
        next(iter(self.speech.wavs(words)), None)

    def play(self, wav: bytes) -> None:
        """The cues: no card."""

    def busy(self) -> bool:
        return False

    def hush(self) -> None:
        """Nothing plays."""

    def close(self) -> None:
        """Nothing held."""


def spoken_answers(brain: int, token: str, data_dir: Path, count: int) -> dict[str, list[float]]:
    chosen = [c for c in clips("held_out", noisy=False) if c.kind in KINDS][: count + 1]
    measured: dict[str, list[float]] = {"satellite (Wyoming)": [], "kitchen Talk loop": []}
    voice = Voice(
        SileroVad(),
        Transcriber("base"),
        BrainClient(brain, token),
        FirstPiece(Speech("joe")),  # type: ignore[arg-type]
        ShownExchange(data_dir),
        lambda: bias_for([]),
        lambda text: text,
    )
    with contextlib.ExitStack() as stack:
        folder = stack.enter_context(tempfile.TemporaryDirectory())
        room = stack.enter_context(satellite(Path(folder)))
        stack.enter_context(wyoming_server(data_dir, brain, f"tcp://127.0.0.1:{room.port}"))
        time.sleep(2)  # the controller connects to the satellite
        for number, clip in enumerate(chosen):
            room.say(number, clip.samples)
            deadline = time.monotonic() + 180
            while len(room.answers_began()) <= number or room.ended(number) is None:
                if time.monotonic() > deadline:
                    raise RuntimeError(f"no answer to clip {number}:\n{room.log()}")
                time.sleep(0.05)
            time.sleep(4)  # the answer plays out before the next clip starts
            satellite_seconds = room.answers_began()[number] - (room.ended(number) or 0.0)
            result = voice.answer(voice.listen(WavSource(clip.samples)))
            if number == 0:
                continue  # the first of each loads its models: unmeasured
            measured["satellite (Wyoming)"].append(satellite_seconds)
            measured["kitchen Talk loop"].append(result.to_first_word or float("nan"))
            print(
                f"  {clip.text!r}: satellite {satellite_seconds:.2f} s, "
                f"Talk {result.to_first_word or float('nan'):.2f} s (heard {result.heard!r})"
            )
    return measured


def rows(measured: dict[str, list[float]]) -> list[str]:
    out = ["| way | n | p50 (s) | p95 (s) |", "| --- | ---: | ---: | ---: |"]
    for name, values in measured.items():
        out.append(
            f"| {name} | {len(values)} | {statistics.median(values):.2f} | {p95(values):.2f} |"
        )
    return out


def plot(parts: list[tuple[str, dict[str, list[float]]]], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(1, len(parts), figsize=(9, 3.6))
    for axis, (title, measured) in zip(axes, parts, strict=True):
        names = list(measured)
        p50s = [statistics.median(measured[n]) for n in names]
        p95s = [p95(measured[n]) for n in names]
        spots = range(len(names))
        axis.bar([x - 0.2 for x in spots], p50s, 0.4, label="p50")
        axis.bar([x + 0.2 for x in spots], p95s, 0.4, label="p95")
        axis.set_xticks(list(spots), names, fontsize=8)
        axis.set_ylabel("seconds")
        axis.set_title(title, fontsize=9)
        axis.legend(fontsize=8)
        axis.grid(axis="y", alpha=0.3)
    figure.tight_layout()
    figure.savefig(path, dpi=100)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=5, help="rounds of the questions")
    parser.add_argument("--clips", type=int, default=8, help="clips through each way")
    args = parser.parse_args(argv)
    load = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as folder:
        data_dir = Path(folder)
        with brain_server(data_dir) as brain:
            token = load_or_create(data_dir).value
            with wyoming_server(data_dir, brain) as port:
                print("turns:")
                text = turns(brain, port, token, args.repeats)
            print("spoken answers:")
            spoken = spoken_answers(brain, token, data_dir, args.clips)
    lines = [
        "# Wyoming",
        "",
        f"`python -m benchmarks.wyoming --repeats {args.repeats} --clips {args.clips}` on "
        f"{platform.machine()} ({os.cpu_count()} cores, shared; load average {load:.1f} at "
        f"the start), Python {platform.python_version()}, against `hearth serve` with the "
        "default model on 127.0.0.1. How each way is timed: the docstring of "
        "benchmarks/wyoming.py.",
        "",
        "## A turn, text in and text out",
        "",
        *rows(text),
        "",
        f"{len(QUESTIONS)} questions (kitchen tables, the household's list and memory, small "
        "talk for the model), each asked both ways in turn, to the whole answer.",
        "",
        "## Audio in, spoken answer out",
        "",
        *rows(spoken),
        "",
        "From the end of the clip to the answer's first audio: at the satellite's speaker, or "
        "the Talk loop's first piece made by the voice. The satellite's command ends on 0.8 s "
        "of quiet (it has no button to release), the Talk loop's at the clip's end.",
        "",
        "![wyoming](wyoming.png)",
        "",
    ]
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "wyoming.md").write_text("\n".join(lines))
    plot(
        [("a turn: text in, text out", text), ("audio in, spoken answer out", spoken)],
        RESULTS / "wyoming.png",
    )
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
