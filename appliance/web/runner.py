"""The web's part of a running appliance: the HTTP server built around a chat service.

Which parts a process runs, and in what order, is decided in appliance/composition.py
and appliance/cli/serve.py (`hearth serve`, `hearth run`); this module only builds the
server.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from appliance.config import Settings
from appliance.cookbook import Cookbook
from appliance.errors import ConfigError
from appliance.memory import Memory
from appliance.web.auth import AccessToken
from appliance.web.service import ChatService

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class RunOptions:
    host: str
    port: int
    with_board: bool  # draw the review board to board.png (hearth run)
    show_token: bool  # print the token (hearth run, a person at a terminal; never a journal)
    with_scheduler: bool = False  # ring timers and reminders here (hearth run)


def build_server(
    settings: Settings,
    options: RunOptions,
    chat: ChatService,
    memory: Memory,
    token: AccessToken,
    recipes: Cookbook,
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
        recipes=recipes,
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
