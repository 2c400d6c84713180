"""`hearth wyoming` as systemd runs it: READY once its port answers describe, pings while its
event loop answers, no pings while the loop is wedged (so systemd restarts it)."""

from __future__ import annotations

import os
import re
import signal
import threading
import time
from pathlib import Path

import pytest
from wyoming.info import Describe

from appliance.cli.wyoming import wyoming_service
from appliance.config import Settings
from tests.notify import Systemd
from tests.wyoming.conftest import exchange


def test_ready_once_listening_pings_while_answering_and_not_while_wedged(
    systemd: Systemd, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import appliance.wyoming.server as serving

    monkeypatch.setattr(serving, "HEALTH_TIMEOUT", 0.3)
    seen: dict[str, object] = {}
    said: list[str] = []

    def watch_then_stop() -> None:
        ready = systemd.wait_for("READY=1")
        port = int(re.search(r"port (\d+)", ready)[1])
        seen["info"] = exchange(port, [Describe().event()], "info")
        time.sleep(0.8)
        seen["pings"] = systemd.messages.count("WATCHDOG=1")
        # Wedge the loop (a blocking call on it): the liveness check must fail.
        wedge = threading.Event()

        async def block() -> None:
            wedge.wait(3)

        seen["server"].spawn(block())  # type: ignore[attr-defined]
        time.sleep(0.4)
        before = systemd.messages.count("WATCHDOG=1")
        time.sleep(1.5)
        seen["wedged pings"] = systemd.messages.count("WATCHDOG=1") - before
        wedge.set()
        os.kill(os.getpid(), signal.SIGTERM)

    real_start = serving.WyomingServer.start

    def start(server: serving.WyomingServer) -> None:  # the real one; the test keeps it
        seen["server"] = server
        real_start(server)

    monkeypatch.setattr(serving.WyomingServer, "start", start)
    threading.Thread(target=watch_then_stop, daemon=True).start()
    settings = Settings.for_data_dir(data_dir, wyoming_host="127.0.0.1", wyoming_port=0)
    code = wyoming_service(settings, say=said.append, manager=systemd.manager())
    assert code == 0
    assert seen["info"]
    assert seen["pings"] >= 2
    assert seen["wedged pings"] == 0
    assert systemd.messages[0].startswith("READY=1\nSTATUS=listening on port")
    systemd.wait_for("STOPPING=1")  # the socket is read on its own thread: it may lag
    assert systemd.messages[-1] == "STOPPING=1\nSTATUS=stopping"
    assert said[0].startswith("hearth wyoming: listening on 127.0.0.1:")
