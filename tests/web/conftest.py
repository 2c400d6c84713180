"""Fixtures for the web: a scripted chat service (named so) and a real server on 127.0.0.1."""

from __future__ import annotations

import shutil
import threading
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

from appliance.cookbook import Cookbook
from appliance.memory import Memory
from appliance.web.app import WebParts, build_site
from appliance.web.auth import AccessToken, load_or_create
from appliance.web.model_queue import ModelQueue
from appliance.web.server import ConnectionBounds, WebServer
from appliance.web.service import Usage
from appliance.web.views import HEALTH_SECONDS, board_from_file


class ScriptedTurn:
    """One scripted answer; its usage counts words (scripted, not a model's tokens)."""

    def __init__(self, chat: ScriptedChat, text: str, thread_id: str) -> None:
        self.thread_id = thread_id
        self.text = ""
        self.usage = Usage()
        self._pieces = chat._pieces(self, text)

    def __iter__(self) -> Iterator[str]:
        return self._pieces

    def close(self) -> None:
        self._pieces.close()


class ScriptedChat:
    """A stand-in for the brain that answers by script, so HTTP behaviour is tested exactly.

    It echoes what it was asked, and keeps every call's thread and the history
    it was handed. Like the brain, bad input raises when a turn starts (`fail`),
    before anything is generated; `fail_midway` raises after two pieces. `gate`
    (when set) holds every call at the model until a test opens it, so tests
    can fill the model queue; `pause` holds a stream after its first piece.
    """

    def __init__(self) -> None:
        self.calls: list[tuple[str, str | None, tuple[tuple[str, str], ...]]] = []
        self.gate: threading.Event | None = None
        self.pause: threading.Event | None = None
        self.at_model = threading.Semaphore(0)  # released once per call that reached the model
        self.finished: list[str] = []  # texts whose answer was given in full
        self.heard: list[bool] = []  # each call's `heard` (X-Hearth-Heard: speech)
        self.fail: Exception | None = None
        self.fail_midway: Exception | None = None
        self.healthy = True
        self.health_calls = 0
        self._lock = threading.Lock()
        self._threads = 0

    def stream(
        self,
        text: str,
        thread_id: str | None = None,
        history: Sequence[tuple[str, str]] = (),
        *,
        heard: bool = False,
    ) -> ScriptedTurn:
        with self._lock:
            self.heard.append(heard)
            self.calls.append((text, thread_id, tuple(history)))
            if thread_id is None:
                self._threads += 1
                thread_id = f"scripted-{self._threads}"
        if self.fail is not None:
            raise self.fail
        return ScriptedTurn(self, text, thread_id)

    def _pieces(self, turn: ScriptedTurn, text: str) -> Iterator[str]:
        self.at_model.release()
        if self.gate is not None:
            assert self.gate.wait(30), "a test left the scripted model's gate closed"
        for index, piece in enumerate(["scripted ", "answer ", "to: ", text]):
            if index == 2 and self.fail_midway is not None:
                raise self.fail_midway
            turn.text += piece
            yield piece
            if index == 0 and self.pause is not None:
                assert self.pause.wait(30), "a test left the scripted stream paused"
        turn.usage = Usage(len(text.split()), len(turn.text.split()))
        with self._lock:
            self.finished.append(text)

    def health(self) -> dict[str, object]:
        self.health_calls += 1
        return {"ok": self.healthy, "chat_model": "scripted", "loaded": self.healthy}


@dataclass
class Running:
    url: str
    token: str
    chat: Any  # a ScriptedChat, or the real Brain in test_with_brain.py
    memory: Memory
    data_dir: Path
    queue: ModelQueue
    parts: WebParts
    server: WebServer
    thread: threading.Thread = field(repr=False)

    def auth(self, token: str | None = None) -> dict[str, str]:
        return {"Authorization": f"Bearer {token if token is not None else self.token}"}


def start_server(
    memory: Memory,
    data_dir: Path,
    *,
    depth: int = 1,
    private_views: bool = True,
    max_wait: float = 30.0,
    chat: Any = None,
    hosts: str = "",
    bounds: ConnectionBounds | None = None,
    health_seconds: float = HEALTH_SECONDS,
    wifi_dir: Path | None = None,
) -> Running:
    """A real waitress server on 127.0.0.1 and a free port, serving on a thread."""
    chat = ScriptedChat() if chat is None else chat
    token: AccessToken = load_or_create(data_dir)
    queue = ModelQueue(depth=depth, max_wait=max_wait)
    parts = WebParts(
        chat=chat,
        memory=memory,
        token=token,
        data_dir=data_dir,
        queue=queue,
        board=board_from_file(data_dir),
        # The cookbook as `hearth serve` opens it (composition.open_cookbook).
        recipes=Cookbook.open(data_dir),
        private_views=private_views,
        hosts=hosts,
        health_seconds=health_seconds,
        # Never the machine's own /run/hearth-wifi: a test must not reach a real keeper.
        wifi_dir=wifi_dir if wifi_dir is not None else data_dir / "no-wifi-keeper",
    )
    server = WebServer(
        build_site(parts), host="127.0.0.1", port=0, model_capacity=queue.capacity, bounds=bounds
    )
    thread = threading.Thread(target=server.serve, name="web-test-server", daemon=True)
    thread.start()
    return Running(
        f"http://127.0.0.1:{server.port}",
        token.value,
        chat,
        memory,
        data_dir,
        queue,
        parts,
        server,
        thread,
    )


def stop_server(running: Running) -> None:
    for event in (getattr(running.chat, "gate", None), getattr(running.chat, "pause", None)):
        if event is not None:
            event.set()
    running.server.stop()
    running.thread.join(15)
    assert not running.thread.is_alive(), "the web server did not stop"


@pytest.fixture
def web(memory: Memory, data_dir: Path) -> Iterator[Running]:
    running = start_server(memory, data_dir)
    yield running
    stop_server(running)


@pytest.fixture
def open_web(memory: Memory, data_dir: Path) -> Iterator[Running]:
    """A household that set web_private_views = false."""
    running = start_server(memory, data_dir, private_views=False)
    yield running
    stop_server(running)


# -- headless Chromium --------------------------------------------------------------------

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"


@pytest.fixture
def browser(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[webdriver.Chrome]:
    for path in (CHROMIUM, CHROMEDRIVER):
        assert Path(path).exists(), (
            f"{path} is missing: `apt-get install chromium chromium-driver` "
            "(scripts/apt-test-packages.txt lists them; ./dev install installs them)"
        )
    monkeypatch.setenv("SE_OFFLINE", "true")  # selenium-manager must never download
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-extensions",
        "--window-size=420,760",
        f"--user-data-dir={tmp_path / 'chromium'}",
    ):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(30)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(tmp_path / "chromium", ignore_errors=True)
