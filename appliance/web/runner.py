"""The web's part of a running appliance: the server built from its parts, and what it says.

Which parts a process runs, and in what order, is decided in appliance/composition.py
(`hearth serve`, `hearth run`); this module only builds the HTTP server around a chat
service and tells a person where it listens.
"""

from __future__ import annotations

import logging
import socket
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from appliance.config import Settings
from appliance.errors import ConfigError
from appliance.memory import Memory
from appliance.web.auth import AccessToken, token_path
from appliance.web.service import ChatService

log = logging.getLogger(__name__)

Say = Callable[[str], None]
EVERY = ("0.0.0.0", "::", "")  # listen addresses that mean every interface


@dataclass(frozen=True)
class RunOptions:
    host: str
    port: int
    with_board: bool  # draw the review board to board.png (hearth run)
    show_token: bool  # print the token (hearth run, a person at a terminal; never a journal)
    with_scheduler: bool = False  # ring timers and reminders here (hearth run)


def urls(host: str, port: int) -> list[str]:
    """Where a person can reach a server bound to host:port."""
    if host in EVERY:
        return [f"http://127.0.0.1:{port}/", f"http://{socket.gethostname()}:{port}/ (the LAN)"]
    shown = f"[{host}]" if ":" in host else host
    return [f"http://{shown}:{port}/"]


def build_server(
    settings: Settings, options: RunOptions, chat: ChatService, memory: Memory, token: AccessToken
) -> tuple[Any, Any]:
    from appliance.web.app import WebParts, build_site
    from appliance.web.model_queue import ModelQueue
    from appliance.web.server import WebServer
    from appliance.web.views import board_from_file

    data_dir = Path(settings.data_dir)
    queue = ModelQueue(depth=settings.web_queue_depth)
    parts = WebParts(
        chat=chat,
        memory=memory,
        token=token,
        data_dir=data_dir,
        queue=queue,
        board=board_from_file(data_dir),
        private_views=settings.web_private_views,
        hosts=settings.web_hosts,
    )
    try:
        server = WebServer(build_site(parts), options.host, options.port, queue.capacity)
    except OSError as exc:
        raise ConfigError(
            f"cannot listen on {options.host}:{options.port}: {exc.strerror}; "
            "pass --port with a free port (or stop whatever holds it)"
        ) from None
    return server, queue


def announce(say: Say, options: RunOptions, port: int, token: AccessToken, data_dir: Path) -> None:
    where = urls(options.host, port)
    shown = f"[{options.host}]" if ":" in options.host else options.host
    say(
        f"hearth: listening on {shown}:{port}"
        + (" (every address: phones on the LAN reach it)" if options.host in EVERY else "")
    )
    for url in where:
        say(f"hearth: chat at {url}")
    say(f"hearth: data in {data_dir}")
    if options.show_token:
        say(f"hearth: token {token.value}")
    else:
        say(f"hearth: the token is in {token_path(data_dir)} (`hearth token` prints it)")
    say("hearth: stop with Ctrl-C")
