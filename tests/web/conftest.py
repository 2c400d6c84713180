"""Fixtures for the web: a scripted chat service (named so) and a real server on 127.0.0.1."""

from __future__ import annotations

import shutil
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

from appliance.memory import Memory
from appliance.web.app import WebParts, build_app
from appliance.web.auth import AccessToken, load_or_create
from appliance.web.model_queue import ModelQueue
from appliance.web.server import WebServer
from appliance.web.views import board_from_file


@dataclass(frozen=True)
class ScriptedReply:
    text: str
    thread_id: str
    route: str = "scripted"


class ScriptedChat:
    """A stand-in for the brain that answers by script, so HTTP behaviour is tested exactly.

    It echoes what it was asked. Like the brain, bad input raises when a turn
    starts (`fail`), before anything is generated; `fail_midway` raises after two
    pieces. `gate` (when set) holds every call at the model until a test opens
    it, so tests can fill the model queue; `pause` holds a stream after its
    first piece.
    """

    def __init__(self) -> None:
        self.calls: list[tuple[str, str, str | None]] = []  # (kind, text, thread_id)
        self.gate: threading.Event | None = None
        self.pause: threading.Event | None = None
        self.at_model = threading.Semaphore(0)  # released once per call that reached the model
        self.finished: list[str] = []  # texts whose answer was given in full
        self.fail: Exception | None = None
        self.fail_midway: Exception | None = None
        self.healthy = True
        self._lock = threading.Lock()

    def _start(self, kind: str, text: str, thread_id: str | None) -> None:
        with self._lock:
            self.calls.append((kind, text, thread_id))
        if self.fail is not None:
            raise self.fail

    def _hold(self) -> None:
        self.at_model.release()
        if self.gate is not None:
            assert self.gate.wait(30), "a test left the scripted model's gate closed"

    def reply(self, text: str, thread_id: str | None = None) -> ScriptedReply:
        self._start("reply", text, thread_id)
        self._hold()
        with self._lock:
            self.finished.append(text)
        return ScriptedReply(f"scripted answer to: {text}", thread_id or "t-new")

    def stream(self, text: str, thread_id: str | None = None) -> Iterator[str]:
        self._start("stream", text, thread_id)
        return self._pieces(text)

    def _pieces(self, text: str) -> Iterator[str]:
        self._hold()
        for index, piece in enumerate(["scripted ", "answer ", "to: ", text]):
            if index == 2 and self.fail_midway is not None:
                raise self.fail_midway
            yield piece
            if index == 0 and self.pause is not None:
                assert self.pause.wait(30), "a test left the scripted stream paused"
        with self._lock:
            self.finished.append(text)

    def health(self) -> dict[str, object]:
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


def start_server(memory: Memory, data_dir: Path, *, depth: int = 1, private_views: bool = False,
                 max_wait: float = 30.0, chat: Any = None) -> Running:  # fmt: skip
    """A real waitress server on 127.0.0.1 and a free port, serving on a thread."""
    chat = ScriptedChat() if chat is None else chat
    token: AccessToken = load_or_create(data_dir)
    queue = ModelQueue(depth=depth, max_wait=max_wait)
    parts = WebParts(chat=chat, memory=memory, token=token, data_dir=data_dir, queue=queue,
                     board=board_from_file(data_dir), private_views=private_views)  # fmt: skip
    server = WebServer(build_app(parts), host="127.0.0.1", port=0, model_capacity=queue.capacity)
    thread = threading.Thread(target=server.serve, name="web-test-server", daemon=True)
    thread.start()
    return Running(f"http://127.0.0.1:{server.port}", token.value, chat, memory, data_dir,
                   queue, parts, server, thread)  # fmt: skip


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
def private_web(memory: Memory, data_dir: Path) -> Iterator[Running]:
    running = start_server(memory, data_dir, private_views=True)
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
            "(scripts/apt-packages.txt lists them; ./dev install installs them)")  # fmt: skip
    monkeypatch.setenv("SE_OFFLINE", "true")  # selenium-manager must never download
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--disable-quic", "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--disable-extensions",
                 "--window-size=420,760", f"--user-data-dir={tmp_path / 'chromium'}"):
        options.add_argument(flag)  # fmt: skip
    driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(30)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(tmp_path / "chromium", ignore_errors=True)
