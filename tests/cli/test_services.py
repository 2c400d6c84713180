"""Each process as systemd runs it: READY when it can work, pings while it is alive.

A real datagram socket plays systemd's part; the services are the real entry points
(appliance/cli/) and composition, with a scripted chat model in place of the GGUF one.
"""

from __future__ import annotations

import os
import re
import signal
import socket
import threading
import time
from pathlib import Path

import pytest

from appliance.cli.panel import panel_service
from appliance.cli.scheduler import scheduler_service
from appliance.cli.serve import answers_health, serve
from appliance.config import Settings
from appliance.lan import ChatAddress
from appliance.panel.buttons import ButtonGroup
from appliance.panel.display import PngDisplay
from appliance.panel.panels import DEFAULT_MODEL, model_named
from appliance.web.runner import RunOptions
from tests.notify import Systemd
from tests.web.client import call
from tests.web.conftest import ScriptedChat


def test_the_brain_is_ready_only_once_it_answers_and_pings_while_healthy(
    systemd: Systemd, data_dir: Path
) -> None:
    said: list[str] = []
    seen: dict[str, object] = {}

    def watch_then_stop() -> None:
        ready = systemd.wait_for("READY=1")
        port = int(re.search(r"port (\d+)", ready)[1])
        seen["health"] = call(f"http://127.0.0.1:{port}/healthz").status  # ready means it
        time.sleep(0.8)  # two watchdog periods
        seen["pings"] = systemd.messages.count("WATCHDOG=1")
        os.kill(os.getpid(), signal.SIGTERM)

    watcher = threading.Thread(target=watch_then_stop, daemon=True)
    watcher.start()
    code = serve(
        Settings.for_data_dir(data_dir),
        RunOptions("127.0.0.1", 0, with_board=False, show_token=False),
        say=said.append,
        chat_factory=lambda s, m: ScriptedChat(),
        manager=systemd.manager(),
    )
    watcher.join(10)
    assert code == 0
    assert seen["health"] == 200
    assert seen["pings"] >= 2
    statuses = [m for m in systemd.messages if m != "WATCHDOG=1"]
    assert statuses[0] == "STATUS=loading the model"
    assert statuses[1].startswith("READY=1\nSTATUS=answering on port")
    assert statuses[-1] == "STOPPING=1\nSTATUS=stopping"


def test_the_brains_liveness_is_its_own_server_answering(data_dir: Path) -> None:
    with socket.socket() as idle:  # a port where nothing answers HTTP: a wedged server
        idle.bind(("127.0.0.1", 0))
        idle.listen()
        port = idle.getsockname()[1]
        import appliance.cli.serve as serving

        serving.PROBE_SECONDS, saved = 0.5, serving.PROBE_SECONDS
        try:
            assert answers_health("127.0.0.1", port)() is False
        finally:
            serving.PROBE_SECONDS = saved
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    assert answers_health("0.0.0.0", port)() is False  # nobody listens at all


def test_the_scheduler_is_ready_and_pings_while_its_loop_turns(
    systemd: Systemd, data_dir: Path
) -> None:
    def stop_later() -> None:
        systemd.wait_for("READY=1")
        time.sleep(0.8)
        os.kill(os.getpid(), signal.SIGTERM)

    before = signal.getsignal(signal.SIGTERM), signal.getsignal(signal.SIGINT)
    threading.Thread(target=stop_later, daemon=True).start()
    code = scheduler_service(
        Settings.for_data_dir(data_dir), say=lambda _: None, manager=systemd.manager()
    )
    assert code == 0
    assert (signal.getsignal(signal.SIGTERM), signal.getsignal(signal.SIGINT)) == before
    assert systemd.messages[0] == "READY=1\nSTATUS=ringing timers and reminders"
    assert systemd.messages.count("WATCHDOG=1") >= 2
    systemd.wait_for("STOPPING=1")  # the socket is read on its own thread: it may lag
    assert systemd.messages[-1] == "STOPPING=1\nSTATUS=stopping"


def test_the_panel_is_ready_once_its_loop_runs_and_stops_pinging_when_it_hangs(
    systemd: Systemd, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import appliance.cli.panel as panel
    from appliance.service import systemd as notify

    # A stuck loop: the board's first turn happens, then the loop never comes round again.
    hung = threading.Event()

    def run_board_that_hangs(*args: object, on_turn, **kwargs: object) -> None:  # type: ignore[no-untyped-def]
        on_turn()
        hung.wait(3)

    monkeypatch.setattr("appliance.panel.board.run_board", run_board_that_hangs)
    real_heartbeat = notify.Heartbeat
    monkeypatch.setattr(panel, "Heartbeat", lambda within: real_heartbeat(within=0.3))
    settings = Settings.for_data_dir(data_dir)
    display = PngDisplay(data_dir / "board.png", model_named(DEFAULT_MODEL))
    stop = threading.Event()
    service = threading.Thread(
        target=panel_service,
        args=(settings, stop),
        kwargs={
            "display": display,
            "buttons": ButtonGroup([]),
            "manager": systemd.manager(0.2),
            "say": lambda _: None,
        },
        daemon=True,
    )
    service.start()
    systemd.wait_for("READY=1")
    time.sleep(0.2)
    early = systemd.messages.count("WATCHDOG=1")
    time.sleep(0.6)  # the heartbeat is stale now: pings stop
    stale_from = systemd.messages.count("WATCHDOG=1")
    time.sleep(0.6)
    assert early >= 1 and systemd.messages.count("WATCHDOG=1") == stale_from
    hung.set()
    service.join(5)
    systemd.wait_for("STOPPING=1")  # the socket is read on its own thread: it may lag
    assert systemd.messages[-1] == "STOPPING=1\nSTATUS=stopping"


def test_hearth_runs_board_names_the_port_it_really_listens_on(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`hearth run --port 4399`: the home screen's chat URL says 4399, not the setting."""
    from appliance.cli.serve import board_thread
    from appliance.memory.embedding import Embedding

    seen: list[ChatAddress | None] = []

    def run_board_once(parts, stop, **kwargs: object) -> None:  # type: ignore[no-untyped-def]
        seen.append(parts.links.address)

    monkeypatch.setattr("appliance.panel.board.run_board", run_board_once)
    settings = Settings.for_data_dir(data_dir, web_port=4327)
    with board_thread(settings, ChatAddress("0.0.0.0", 4399), Embedding.none()):
        pass
    assert [a.port for a in seen if a is not None] == [4399]
