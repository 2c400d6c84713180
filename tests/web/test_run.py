"""`hearth run` and `hearth serve`: start, answer, stop cleanly on SIGTERM or Ctrl-C."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from appliance.cli.serve import serve
from appliance.config import Settings
from appliance.web.runner import RunOptions
from tests.web.client import call
from tests.web.conftest import ScriptedChat

READY = re.compile(r"listening on \S+:(\d+)")
TOKEN = re.compile(r"hearth: token (\S+)")


class Lines:
    """A child's stdout, read on a thread so a test can wait for a line without blocking."""

    def __init__(self, stream) -> None:
        self.seen: list[str] = []
        self._cond = threading.Condition()
        self._thread = threading.Thread(target=self._read, args=(stream,), daemon=True)
        self._thread.start()

    def _read(self, stream) -> None:
        for line in stream:
            with self._cond:
                self.seen.append(line.rstrip("\n"))
                self._cond.notify_all()

    def wait_for(self, pattern: re.Pattern[str], timeout: float) -> re.Match[str]:
        end = time.monotonic() + timeout
        with self._cond:
            while True:
                for line in self.seen:
                    if match := pattern.search(line):
                        return match
                left = end - time.monotonic()
                assert left > 0, f"no line matching {pattern.pattern!r} in {self.seen}"
                self._cond.wait(left)


def wait_until(condition, timeout: float) -> None:
    end = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.1)


@pytest.mark.model
@pytest.mark.parametrize("stop_with", [signal.SIGTERM, signal.SIGINT])
def test_hearth_run_serves_then_stops_cleanly(data_dir: Path, stop_with: int) -> None:
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    child = subprocess.Popen(
        [sys.executable, "-m", "appliance.cli", "run", "--host", "127.0.0.1", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
    )
    try:
        lines = Lines(child.stdout)
        port = int(lines.wait_for(READY, timeout=120).group(1))
        token = lines.wait_for(TOKEN, timeout=5).group(1)
        url = f"http://127.0.0.1:{port}"
        assert f"hearth: chat at {url}/ (this machine)" in lines.seen
        assert any("not on the LAN: listening on loopback only" in line for line in lines.seen)
        assert token == (data_dir / "web.token").read_text().strip()

        assert f"hearth: data in {data_dir}" in lines.seen
        health = call(f"{url}/healthz")
        assert health.status == 200, health.body
        assert health.json["model"] == {"ok": True}
        answer = call(
            f"{url}/v1/chat/completions",
            "POST",
            {"messages": [{"role": "user", "content": "remember that the bins go out on Tuesday"}]},
            {"Authorization": f"Bearer {token}"},
        )
        assert answer.status == 200, answer.body
        # The board is drawn to board.png and served.
        auth = {"Authorization": f"Bearer {token}"}
        wait_until(lambda: call(f"{url}/board.png", headers=auth).status == 200, timeout=30)
        assert call(f"{url}/board.png", headers=auth).body.startswith(b"\x89PNG")
        assert call(f"{url}/board.png").status == 401, "behind the token by default"

        child.send_signal(stop_with)
        assert child.wait(60) == 0
        lines.wait_for(re.compile(r"hearth: stopped"), timeout=5)
        assert not any("Traceback" in line for line in lines.seen), lines.seen
    finally:
        if child.poll() is None:
            child.kill()
            child.wait(10)


def test_hearth_serve_hides_the_token_and_stops_on_sigterm(data_dir: Path) -> None:
    """In-process, on a ScriptedChat: serve answers, prints no token, and SIGTERM stops it."""
    said: list[str] = []
    ready = threading.Event()
    results: dict[str, object] = {}

    def say(line: str) -> None:
        said.append(line)
        if READY.search(line):
            ready.set()

    def visit_then_stop() -> None:
        assert ready.wait(30)
        port = int(READY.search(" ".join(said)).group(1))
        results["health"] = call(f"http://127.0.0.1:{port}/healthz").status
        os.kill(os.getpid(), signal.SIGTERM)

    visitor = threading.Thread(target=visit_then_stop, daemon=True)
    visitor.start()
    settings = Settings.for_data_dir(data_dir)
    code = serve(
        settings,
        RunOptions("127.0.0.1", 0, with_board=False, show_token=False),
        say=say,
        chat_factory=lambda s, m: ScriptedChat(),
    )
    visitor.join(10)
    assert code == 0
    assert results["health"] == 200
    token = (data_dir / "web.token").read_text().strip()
    assert not any(token in line for line in said), "serve never prints the token"
    assert any("hearth token" in line for line in said)
    assert said[-1] == "hearth: stopped"
    assert signal.getsignal(signal.SIGTERM) is not None  # handlers were put back


def test_a_port_in_use_is_a_clear_error(data_dir: Path) -> None:
    import socket

    from appliance.errors import ConfigError

    holder = socket.socket()
    holder.bind(("127.0.0.1", 0))
    holder.listen()
    try:
        port = holder.getsockname()[1]
        with pytest.raises(ConfigError, match="--port"):
            serve(
                Settings.for_data_dir(data_dir),
                RunOptions("127.0.0.1", port, with_board=False, show_token=False),
                say=lambda _: None,
                chat_factory=lambda s, m: ScriptedChat(),
            )
    finally:
        holder.close()
