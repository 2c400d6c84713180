"""The running appliance: `hearth serve` (the brain service) and `hearth run` (all of it).

    hearth serve   memory + brain (model loaded once, note-taker) + the HTTP endpoint
    hearth run     the same, plus the review board drawn to board.png and the household
                   scheduler (timers, reminders) on a thread: the whole appliance, one process

Both stop cleanly on SIGTERM or Ctrl-C: no new requests, the note-taker finishes
what it holds, the board's last refresh completes, then memory is closed.
"""

from __future__ import annotations

import logging
import signal
import socket
import threading
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from appliance.config import Settings
from appliance.errors import ConfigError
from appliance.household.service import ringing
from appliance.memory import Memory
from appliance.web.auth import AccessToken, load_or_create, token_path
from appliance.web.service import ChatService

log = logging.getLogger(__name__)

Say = Callable[[str], None]
EVERY = ("0.0.0.0", "::", "")  # listen addresses that mean every interface
# Builds the chat service once memory is open; the real one loads the models.
ChatFactory = Callable[[Settings, Memory], Any]


@dataclass(frozen=True)
class RunOptions:
    host: str
    port: int
    with_board: bool  # draw the review board to board.png (hearth run)
    show_token: bool  # print the token (hearth run, a person at a terminal; never a journal)
    with_scheduler: bool = False  # ring timers and reminders here (hearth run)


def open_brain(settings: Settings, memory: Memory) -> Any:
    """The real brain as the web's ChatService (imported here: loading models is the slow,
    heavy part)."""
    from appliance.brain import Brain
    from appliance.brain.household import household_router
    from appliance.web.brain_chat import BrainChat

    return BrainChat(Brain.open(settings, memory, intents=household_router(settings.data_dir)))


def urls(host: str, port: int) -> list[str]:
    """Where a person can reach a server bound to host:port."""
    if host in EVERY:
        return [f"http://127.0.0.1:{port}/", f"http://{socket.gethostname()}:{port}/ (the LAN)"]
    shown = f"[{host}]" if ":" in host else host
    return [f"http://{shown}:{port}/"]


def run(settings: Settings, options: RunOptions, *, say: Say = print,
        chat_factory: ChatFactory = open_brain) -> int:  # fmt: skip
    """Run until SIGTERM/SIGINT; returns the process exit code."""
    stop = threading.Event()
    server_box: list[Any] = []

    def on_signal(signum: int, _frame: object) -> None:
        log.info("signal %d: stopping", signum)
        stop.set()
        if server_box:
            server_box[0].stop()

    previous = {s: signal.signal(s, on_signal) for s in (signal.SIGTERM, signal.SIGINT)}
    try:
        with ExitStack() as stack:
            token = load_or_create(Path(settings.data_dir))
            memory = stack.enter_context(Memory.open(settings))
            if options.with_scheduler:  # on the Pi: its own service, `hearth scheduler`
                # Timers ring from their own thread, started before the model loads.
                stack.enter_context(ringing(settings))
            say("hearth: loading the model…")
            chat = chat_factory(settings, memory)
            stack.callback(_close_chat, chat)
            if stop.is_set():
                return 0
            server, queue = _build_server(settings, options, chat, memory, token)
            stack.callback(queue.close)
            server_box.append(server)
            if options.with_board:
                stack.enter_context(_board(settings))
            _announce(say, options, server.port, token, Path(settings.data_dir))
            if not stop.is_set():
                server.serve()
            say("hearth: stopping")
        say("hearth: stopped")
        return 0
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


def _build_server(settings: Settings, options: RunOptions, chat: ChatService, memory: Memory,
                  token: AccessToken) -> tuple[Any, Any]:  # fmt: skip
    from appliance.web.app import WebParts, build_site
    from appliance.web.model_queue import ModelQueue
    from appliance.web.server import WebServer
    from appliance.web.views import board_from_file

    data_dir = Path(settings.data_dir)
    queue = ModelQueue(depth=settings.web_queue_depth)
    parts = WebParts(chat=chat, memory=memory, token=token, data_dir=data_dir, queue=queue,
                     board=board_from_file(data_dir),
                     private_views=settings.web_private_views,
                     hosts=settings.web_hosts)  # fmt: skip
    try:
        server = WebServer(build_site(parts), options.host, options.port, queue.capacity)
    except OSError as exc:
        raise ConfigError(
            f"cannot listen on {options.host}:{options.port}: {exc.strerror}; "
            "pass --port with a free port (or stop whatever holds it)"
        ) from None
    return server, queue


def _announce(say: Say, options: RunOptions, port: int, token: AccessToken,
              data_dir: Path) -> None:  # fmt: skip
    where = urls(options.host, port)
    shown = f"[{options.host}]" if ":" in options.host else options.host
    say(f"hearth: listening on {shown}:{port}"
        + (" (every address: phones on the LAN reach it)" if options.host in EVERY else ""))
    for url in where:
        say(f"hearth: chat at {url}")
    say(f"hearth: data in {data_dir}")
    if options.show_token:
        say(f"hearth: token {token.value}")
    else:
        say(f"hearth: the token is in {token_path(data_dir)} (`hearth token` prints it)")
    say("hearth: stop with Ctrl-C")


def _close_chat(chat: Any) -> None:
    close = getattr(chat, "close", None)
    if close is not None:
        close()  # the brain lets its note-taker finish what it holds


@contextmanager
def _board(settings: Settings) -> Iterator[None]:
    """The review board on its own thread, drawn to board.png (a laptop has no panel).

    It opens its own Memory: the board reads the inbox on its thread, the web on its own.
    Without the panel extra (Pillow, the font) `hearth run` still serves chat.
    """
    try:
        from appliance.panel.board import run_board
        from appliance.panel.buttons import ButtonGroup
        from appliance.panel.display import BOARD_FILE, PngDisplay
        from appliance.panel.panels import DEFAULT_MODEL, model_named
    except ImportError as exc:
        log.warning("not drawing the board: the panel extra is missing (%s)", exc)
        yield
        return
    stop = threading.Event()
    display = PngDisplay(Path(settings.data_dir) / BOARD_FILE, model_named(DEFAULT_MODEL))
    with Memory.open(settings) as memory:
        failed: list[BaseException] = []

        def draw() -> None:
            try:
                run_board(settings, memory, display, ButtonGroup([]), stop)
            except Exception as exc:  # the board must never take chat down with it
                failed.append(exc)
                log.exception("the board stopped drawing")

        thread = threading.Thread(target=draw, name="board", daemon=True)
        thread.start()
        try:
            yield
        finally:
            stop.set()
            thread.join(45)  # a refresh in flight completes first
            if thread.is_alive():
                log.warning("the board did not stop within 45 s")
