"""What the LAN endpoint costs on top of the brain, and how fast it says "busy".

    .venv/bin/python benchmarks/web.py [--rounds 5]

Side by side in one run, on a real waitress server on 127.0.0.1:

1. The HTTP layer alone (ScriptedChat, which answers instantly): latency of
   /healthz, a chat completion, a streamed one; the time to a 503 when the
   model queue is full (it must be immediate, never a wait).
2. Half-open connections: /healthz and a chat completion on an idle server,
   then on the same server while one client keeps 200 half-sent requests open
   (re-opening each one the server closes), with the default ConnectionBounds.
3. The real default chat model (SmolLM2-135M-Instruct): time to first piece
   and to the whole answer, calling `Brain.stream` directly vs through
   `POST /v1/chat/completions` with `stream: true` and the official openai
   client, on the same prompts, a pass of each path in turn, each reply in a
   fresh thread.

Prints markdown tables, writes benchmarks/results/web.md and web.png.
Measures; never asserts.
"""

from __future__ import annotations

import argparse
import datetime as dt
import platform
import socket
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import openai  # noqa: E402

from appliance.brain import Brain  # noqa: E402
from appliance.config import Settings  # noqa: E402
from appliance.memory import Memory  # noqa: E402
from appliance.web.brain_chat import BrainChat  # noqa: E402
from tests.web.client import call  # noqa: E402
from tests.web.conftest import start_server, stop_server  # noqa: E402
from tests.web.test_connections import HALF_OPEN, HALF_REQUEST  # noqa: E402
from tests.web.test_connections import Reopening as HalfOpenLoad  # noqa: E402

RESULTS = ROOT / "benchmarks" / "results"
PROMPTS = [
    "Give me one tip for baking bread.",
    "What goes well with roast potatoes?",
    "Suggest a quick breakfast for a school day.",
    "How do I keep herbs fresh in the fridge?",
    "Name a vegetable that grows in winter.",
]


def ms(seconds: list[float]) -> tuple[float, float]:
    ordered = sorted(seconds)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return statistics.median(ordered) * 1000, p95 * 1000


def timed(action: Callable[[], object], n: int) -> list[float]:
    out = []
    for _ in range(n):
        start = time.perf_counter()
        action()
        out.append(time.perf_counter() - start)
    return out


def http_layer(data_dir: Path, n: int) -> list[tuple[str, float, float]]:
    memory = Memory.open(data_dir)
    web = start_server(memory, data_dir, depth=1)
    chat = f"{web.url}/v1/chat/completions"
    body = {"messages": [{"role": "user", "content": "hello"}]}
    rows = []
    try:
        for label, action in [
            ("GET /healthz", lambda: call(f"{web.url}/healthz")),
            ("GET /api/inbox.json", lambda: call(f"{web.url}/api/inbox.json", headers=web.auth())),
            ("POST chat (JSON)", lambda: call(chat, "POST", body, web.auth())),
            (
                "POST chat (stream)",
                lambda: call(chat, "POST", {**body, "stream": True}, web.auth()),
            ),
        ]:
            action()  # warm
            rows.append((label, *ms(timed(action, n))))
        # Fill the queue (one at the model, one waiting), then time the refusals.
        web.chat.gate = threading.Event()
        holders = [
            threading.Thread(target=call, args=(chat, "POST", body, web.auth())) for _ in range(2)
        ]
        for holder in holders:
            holder.start()
        while web.queue.admitted < 2:
            time.sleep(0.01)
        refusals = timed(lambda: call(chat, "POST", body, web.auth()), n)
        rows.append(("POST chat, queue full (503)", *ms(refusals)))
        web.chat.gate.set()
        for holder in holders:
            holder.join()
    finally:
        stop_server(web)
        memory.close()
    return rows


def half_open(data_dir: Path, n: int) -> dict[str, object]:
    memory = Memory.open(data_dir)
    web = start_server(memory, data_dir, depth=1)
    chat = f"{web.url}/v1/chat/completions"
    body = {"messages": [{"role": "user", "content": "hello"}]}
    actions = {
        "GET /healthz": lambda: call(f"{web.url}/healthz", timeout=30),
        "POST chat (JSON)": lambda: call(chat, "POST", body, web.auth(), timeout=30),
    }
    result: dict[str, object] = {"bounds": web.server.bounds}
    try:
        for action in actions.values():
            action()  # warm
        idle = {label: ms(timed(action, n)) for label, action in actions.items()}
        evicted_before = web.server.evicted
        with HalfOpenLoad(web.server.port, HALF_OPEN) as load:
            loaded = {label: ms(timed(action, n)) for label, action in actions.items()}
            open_now = web.server.open_connections()
        result.update(
            idle=idle,
            loaded=loaded,
            opened=load.opened,
            open_at_server=open_now,
            evicted=web.server.evicted - evicted_before,
        )
        # How long until the last half-open connection of a burst is closed.
        port = web.server.port
        burst = [
            socket.create_connection(("127.0.0.1", port), timeout=30) for _ in range(HALF_OPEN)
        ]
        start = time.perf_counter()
        for sock in burst:
            sock.sendall(HALF_REQUEST)
        for sock in burst:
            try:
                while sock.recv(4096):
                    pass
            except OSError:
                pass
            sock.close()
        result["all_closed_s"] = time.perf_counter() - start
    finally:
        stop_server(web)
        memory.close()
    return result


def brain_vs_http(data_dir: Path, rounds: int) -> dict[str, dict[str, list[float]]]:
    settings = Settings.for_data_dir(data_dir, notetaker=False)  # measure the reply alone
    memory = Memory.open(settings)
    brain = Brain.open(settings, memory)
    web = start_server(memory, data_dir, chat=BrainChat(brain), depth=1)
    client = openai.OpenAI(base_url=f"{web.url}/v1", api_key=web.token, max_retries=0, timeout=300)
    result: dict[str, dict[str, list[float]]] = {
        "direct": {"first": [], "total": [], "chars": []},
        "http": {"first": [], "total": [], "chars": []},
    }
    counter = 0

    def direct(prompt: str, thread: str) -> Iterator[str | None]:
        yield from brain.stream(prompt, thread_id=thread)

    def http(prompt: str, thread: str) -> Iterator[str | None]:
        for chunk in client.chat.completions.create(
            model="hearth",
            stream=True,
            messages=[{"role": "user", "content": prompt}],
            extra_headers={"X-Hearth-Thread": thread},
        ):
            yield chunk.choices[0].delta.content if chunk.choices else None

    paths = {"direct": direct, "http": http}

    def measure(path: str, prompt: str) -> None:
        """Time to the first non-empty piece and to the end, a fresh thread each call."""
        nonlocal counter
        counter += 1
        start = time.perf_counter()
        first = None
        text = ""
        for piece in paths[path](prompt, f"bench-{path[0]}{counter}"):
            if piece:
                first = first or time.perf_counter()
                text += piece
        end = time.perf_counter()
        result[path]["first"].append((first or end) - start)
        result[path]["total"].append(end - start)
        result[path]["chars"].append(float(len(text)))

    try:
        measure("direct", PROMPTS[0])  # warm the model and the prefix cache
        result["direct"] = {"first": [], "total": [], "chars": []}
        # Each path runs a whole pass over the prompts in turn, so no call directly follows
        # the same prompt on the other path (that would reuse its KV cache and flatter it).
        for _ in range(rounds):
            for path in paths:
                for prompt in PROMPTS:
                    measure(path, prompt)
    finally:
        stop_server(web)
        brain.close()
        memory.close()
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="passes over the prompts")
    parser.add_argument("-n", type=int, default=200, help="requests per HTTP-layer row")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        layer = http_layer(Path(tmp) / "layer", args.n)
        stalled = half_open(Path(tmp) / "half-open", args.n)
        model = brain_vs_http(Path(tmp) / "model", args.rounds)

    lines = [
        "# Web endpoint benchmark",
        "",
        f"{dt.date.today().isoformat()} · {platform.machine()} · Python "
        f"{platform.python_version()} · `python benchmarks/web.py --rounds {args.rounds} "
        f"-n {args.n}`",
        "",
        "## The HTTP layer alone (ScriptedChat answers instantly; waitress on 127.0.0.1)",
        "",
        "| request | p50 ms | p95 ms |",
        "|---|---:|---:|",
    ]
    lines += [f"| {label} | {p50:.2f} | {p95:.2f} |" for label, p50, p95 in layer]
    bounds = stalled["bounds"]
    lines += [
        "",
        f"## {HALF_OPEN} half-open connections from one client (ScriptedChat)",
        "",
        f"The same server, idle and then while one client keeps {HALF_OPEN} half-sent "
        "requests open, re-opening each one the server closes "
        f"({stalled['opened']} opened in all; {stalled['evicted']} closed by the caps; "
        f"{stalled['open_at_server']} open at the server at the end). Bounds: a request "
        f"within {bounds.request_seconds:g} s of its first byte, {bounds.idle_seconds:g} s "
        f"idle, {bounds.per_client} per client, {bounds.total} in all. {args.n} requests "
        "per row, each on a new connection.",
        "",
        "| request | idle p50 ms | idle p95 ms | half-open load p50 ms | load p95 ms |",
        "|---|---:|---:|---:|---:|",
    ]
    for label, (p50, p95) in stalled["idle"].items():  # type: ignore[union-attr]
        l50, l95 = stalled["loaded"][label]  # type: ignore[index]
        lines.append(f"| {label} | {p50:.2f} | {p95:.2f} | {l50:.2f} | {l95:.2f} |")
    lines += [
        "",
        f"A burst of {HALF_OPEN} half-open connections: the last was closed "
        f"{stalled['all_closed_s']:.1f} s after it was sent.",
    ]
    lines += [
        "",
        "## The default chat model: Brain.stream directly vs through HTTP + SSE + openai client",
        "",
        f"{len(model['http']['first'])} replies each; passes over the prompts alternate between "
        "the paths; a fresh thread each; note-taker off.",
        "",
        "| path | first piece p50 ms | first piece p95 ms | whole reply p50 ms "
        "| whole reply p95 ms | reply chars p50 |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for path in ("direct", "http"):
        first, total = ms(model[path]["first"]), ms(model[path]["total"])
        chars = statistics.median(model[path]["chars"])
        lines.append(
            f"| {path} | {first[0]:.1f} | {first[1]:.1f} | {total[0]:.1f} | "
            f"{total[1]:.1f} | {chars:.0f} |"
        )
    overhead = (
        statistics.median(model["http"]["first"]) - statistics.median(model["direct"]["first"])
    ) * 1000
    lines += [
        "",
        f"Time to first piece through HTTP minus direct (medians): {overhead:.1f} ms.",
        "",
    ]
    text = "\n".join(lines)
    print(text)
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "web.md").write_text(text)
    plot(layer, stalled, model, RESULTS / "web.png")


def plot(
    layer: list[tuple[str, float, float]],
    stalled: dict[str, object],
    model: dict[str, dict[str, list[float]]],
    path: Path,
) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (left, middle, right) = plt.subplots(1, 3, figsize=(15, 4))
    labels = [row[0] for row in layer]
    left.barh(labels, [row[1] for row in layer], color="#b5522b")
    left.set_xlabel("p50 latency, ms")
    left.set_title("HTTP layer alone")
    left.invert_yaxis()
    requests = list(stalled["idle"])  # type: ignore[arg-type]
    for offset, state, colour in ((-0.2, "idle", "#7a8b5c"), (0.2, "loaded", "#b5522b")):
        values = [stalled[state][r][1] for r in requests]  # type: ignore[index]
        middle.bar(
            [i + offset for i in range(len(requests))],
            values,
            width=0.4,
            color=colour,
            label="idle" if state == "idle" else f"{HALF_OPEN} half-open",
        )
    middle.set_xticks(range(len(requests)), requests)
    middle.set_ylabel("p95 latency, ms")
    middle.set_title("Under half-open connections")
    middle.legend()
    groups = ["first piece", "whole reply"]
    for offset, path_name in ((-0.2, "direct"), (0.2, "http")):
        values = [
            statistics.median(model[path_name]["first"]) * 1000,
            statistics.median(model[path_name]["total"]) * 1000,
        ]
        right.bar([i + offset for i in range(2)], values, width=0.4, label=path_name)
    right.set_xticks(range(2), groups)
    right.set_ylabel("median, ms")
    right.set_title("SmolLM2-135M: direct vs HTTP (SSE)")
    right.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=110)


if __name__ == "__main__":
    main()
