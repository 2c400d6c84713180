"""`hearth wyoming`: Hearth as a Wyoming peer for Home Assistant and satellites (hearth-wyoming).

    hearth wyoming            the service: listen on wyoming_host:wyoming_port, answer the
                              peers wyoming_peers allows, run the configured satellites

It needs the brain running (`hearth serve`) for turns; describe, speech to text and
text to speech work without it. The recogniser and the voice load on first use.
"""

from __future__ import annotations

import argparse
import threading
from contextlib import ExitStack

from appliance.cli.common import Commands
from appliance.cli.process import Say, say, stop_signals
from appliance.cli.running import BRAIN_PORT_HELP, brain_port
from appliance.composition import wyoming_parts
from appliance.config import Settings
from appliance.service.systemd import ServiceManager, Watchdog


def register(top: Commands) -> None:
    sub = top.add_parser(
        "wyoming",
        help="Hearth as a Wyoming peer for Home Assistant and satellites in other rooms",
        description="Answer Wyoming peers (Home Assistant, satellites): speech to text, text to "
        "speech and Hearth's own turn, for the addresses wyoming_peers allows, and run the "
        "satellites wyoming_satellites names. Audio is never stored.",
    )
    sub.add_argument("--port", type=int, help=BRAIN_PORT_HELP)
    sub.set_defaults(handler=wyoming_command)


def wyoming_command(args: argparse.Namespace, settings: Settings) -> int:
    return wyoming_service(settings, brain_port=brain_port(settings, args.port))


def wyoming_service(
    settings: Settings,
    *,
    say: Say = say,
    manager: ServiceManager | None = None,
    brain_port: int | None = None,
) -> int:
    """Listen until SIGTERM/SIGINT; READY once the port answers its own describe."""
    manager = manager or ServiceManager()
    stop = threading.Event()
    with stop_signals(lambda *_: stop.set()), ExitStack() as stack:
        parts = stack.enter_context(wyoming_parts(settings, port=brain_port))
        server = parts.server
        server.start()
        stack.callback(server.stop)
        where = f"{server.host}:{server.port}"
        say(f"hearth wyoming: listening on {where} for {server.peers.describe()}")
        for link in parts.satellites.links:
            say(f"hearth wyoming: running the satellite at {link.address}")
        if parts.satellites.links:
            server.spawn(parts.satellites.run())
        # Pinged only while the server answers its own describe over loopback: a wedged
        # event loop stops the pings, and systemd restarts the service.
        watchdog = Watchdog(manager, [server.healthy])
        manager.ready(f"listening on port {server.port}")
        watchdog.start()
        try:
            stop.wait()
        finally:
            watchdog.stop()  # no ping after STOPPING
            manager.stopping()
    say("hearth wyoming: stopped")
    return 0
