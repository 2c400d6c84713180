"""`hearth serve`, `hearth run` and `hearth token`: the brain's process, and a laptop's whole box.

    hearth serve [--host H] [--port P]   the brain service: model, note-taker, HTTP endpoint
    hearth run [--host H] [--port P]     all of Hearth in one process, the board to board.png
    hearth token                         print the access token (made on first use)

Under systemd the brain says READY=1 once the model is loaded and the port is open,
and pings the watchdog only while its own server answers /healthz. bottle, waitress
and the brain are imported when a handler runs, never at parse time.
"""

from __future__ import annotations

import argparse
import http.client
import logging
import threading
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

from appliance.cli.common import Commands
from appliance.cli.process import Say, say, stop_signals
from appliance.cli.running import mark_serving, unmark_serving
from appliance.composition import (
    ChatFactory,
    Endpoint,
    board_parts,
    endpoint,
    open_chat_service,
    open_memory,
    png_display,
    process_embedding,
)
from appliance.config import Settings
from appliance.lan import EVERY, ChatAddress
from appliance.memory.embedding import Embedding
from appliance.service.systemd import ServiceManager, Watchdog
from appliance.web.auth import load_or_create, token_path
from appliance.web.runner import RunOptions

log = logging.getLogger(__name__)

PROBE_SECONDS = 10.0  # a /healthz slower than this, under load, counts as hung
BOARD_STOP_SECONDS = 45.0  # a refresh in flight completes before `hearth run` exits


def serve(
    settings: Settings,
    options: RunOptions,
    *,
    say: Say = say,
    chat_factory: ChatFactory = open_chat_service,
    manager: ServiceManager | None = None,
) -> int:
    """`hearth serve` and `hearth run`: run until SIGTERM/SIGINT; returns the exit code."""
    manager = manager or ServiceManager()
    stop = threading.Event()
    server_box: list[Any] = []

    def on_signal(signum: int, _frame: object) -> None:
        log.info("signal %d: stopping", signum)
        stop.set()
        if server_box:
            server_box[0].stop()

    with stop_signals(on_signal), ExitStack() as stack:
        embedding = process_embedding(settings)
        memory = stack.enter_context(open_memory(settings, embedding=embedding))
        if options.with_scheduler:  # on the Pi: its own service, `hearth scheduler`
            from appliance.household.service import ringing

            # Timers ring from their own thread, started before the model loads.
            stack.enter_context(ringing(settings))
        say("hearth: loading the model…")
        manager.status("loading the model")
        chat = chat_factory(settings, memory)
        stack.callback(_close_chat, chat)
        if stop.is_set():
            return 0
        web = endpoint(settings, options, chat, memory)
        stack.callback(web.queue.close)
        server_box.append(web.server)
        if options.with_board:
            stack.enter_context(board_thread(settings, web.address, embedding))
        announce(say, options, web, Path(settings.data_dir))
        mark_serving(web.server.port, Path(settings.data_dir))
        stack.callback(unmark_serving)
        watchdog = Watchdog(manager, [answers_health(options.host, web.server.port)])
        manager.ready(f"answering on port {web.server.port}")
        watchdog.start()
        stack.callback(watchdog.stop)
        if not stop.is_set():
            web.server.serve()
        manager.stopping()
        say("hearth: stopping")
    say("hearth: stopped")
    return 0


def answers_health(host: str, port: int) -> Callable[[], bool]:
    """The brain's liveness: its own server answers /healthz (a wedged pool does not)."""
    probe_host = "127.0.0.1" if host in EVERY else host

    def answers() -> bool:
        connection = http.client.HTTPConnection(probe_host, port, timeout=PROBE_SECONDS)
        try:
            connection.request("GET", "/healthz")
            return connection.getresponse().status == 200
        except OSError:
            return False
        finally:
            connection.close()

    return answers


def _close_chat(chat: Any) -> None:
    close = getattr(chat, "close", None)
    if close is not None:
        close()  # the brain lets its note-taker finish what it holds


def announce(say: Say, options: RunOptions, web: Endpoint, data_dir: Path) -> None:
    """Where the page is, where the data is, and how to get the token."""
    address = web.address
    shown = f"[{options.host}]" if ":" in options.host else options.host
    every = " (every address: phones on the LAN reach it)" if options.host in EVERY else ""
    say(f"hearth: listening on {shown}:{web.server.port}{every}")
    for line in address.terminal_lines():
        say(f"hearth: {line}")
    say(f"hearth: data in {data_dir}")
    if options.show_token:
        say(f"hearth: token {web.token.value}")
    else:
        say(f"hearth: the token is in {token_path(data_dir)} (`hearth token` prints it)")
    say("hearth: stop with Ctrl-C")


@contextmanager
def board_thread(settings: Settings, address: ChatAddress, embedding: Embedding) -> Iterator[None]:
    """`hearth run`'s board: drawn to board.png on its own thread (a laptop has no panel).

    The same parts as the panel service (the welcome card, the voice line, Talk), with
    `address` where this process's server really listens (`--port` may differ from the
    setting). Without the panel extra (Pillow, the font) `hearth run` still serves chat.
    """
    try:
        from appliance.panel.board import run_board
        from appliance.panel.buttons import ButtonGroup
    except ImportError as exc:
        log.warning("not drawing the board: the panel extra is missing (%s)", exc)
        yield
        return
    stop = threading.Event()
    with board_parts(
        settings,
        display=png_display(settings),
        buttons=ButtonGroup([]),
        address=address,
        embedding=embedding,
    ) as parts:

        def draw() -> None:
            try:
                run_board(parts, stop)
            except Exception:  # the board must never take chat down with it
                log.exception("the board stopped drawing")

        thread = threading.Thread(target=draw, name="board", daemon=True)
        thread.start()
        try:
            yield
        finally:
            stop.set()
            thread.join(BOARD_STOP_SECONDS)
            if thread.is_alive():
                log.warning("the board did not stop within %.0f s", BOARD_STOP_SECONDS)


# -- the commands ------------------------------------------------------------------


def register(top: Commands) -> None:
    serve_ = top.add_parser(
        "serve",
        help="chat, the OpenAI-compatible API and read-only views on the LAN",
        description="Load the model once, start the note-taker, and answer HTTP: the chat "
        "page at /, POST /v1/chat/completions, /memory/inbox, /board.png, /healthz.",
    )
    _listen_arguments(serve_)
    serve_.set_defaults(handler=serve_command)

    run = top.add_parser(
        "run",
        help="all of Hearth in one process (a laptop): brain, web, the board as a PNG",
        description="Everything `hearth serve` does, plus the scheduler and the review board "
        "drawn to board.png in the data dir (served at /board.png). Prints the URL and the "
        "token.",
    )
    _listen_arguments(run)
    run.add_argument("--no-board", action="store_true", help="do not draw board.png")
    run.set_defaults(handler=run_command)

    token = top.add_parser(
        "token",
        help="print the token LAN clients must send",
        description="Print the access token (made on first use, kept 0600 in the data dir "
        "as web.token).",
    )
    token.set_defaults(handler=token_command)


def _listen_arguments(sub: argparse.ArgumentParser) -> None:
    sub.add_argument(
        "--host",
        help="address to listen on (default: the web_host setting, 0.0.0.0: every address, "
        "so phones on the LAN reach it; 127.0.0.1 keeps it to this machine)",
    )
    sub.add_argument(
        "--port",
        type=_port,
        help="port (default: the web_port setting, 4327; 0 picks a free one and prints it)",
    )


def _port(value: str) -> int:
    try:
        port = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{value!r} is not a port number") from None
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"{port} is not between 0 and 65535")
    return port


def _options(
    args: argparse.Namespace, settings: Settings, *, board: bool, token: bool, scheduler: bool
) -> RunOptions:
    return RunOptions(
        host=args.host if args.host is not None else settings.web_host,
        port=args.port if args.port is not None else settings.web_port,
        with_board=board,
        show_token=token,
        with_scheduler=scheduler,
    )


def serve_command(args: argparse.Namespace, settings: Settings) -> int:
    options = _options(args, settings, board=False, token=False, scheduler=False)
    return serve(settings, options)


def run_command(args: argparse.Namespace, settings: Settings) -> int:
    options = _options(args, settings, board=not args.no_board, token=True, scheduler=True)
    return serve(settings, options)


def token_command(args: argparse.Namespace, settings: Settings) -> int:
    print(load_or_create(Path(settings.data_dir)).value, flush=True)
    return 0
