"""`hearth voice` as systemd runs it: READY once the model is loaded and the Talk socket is
bound, watchdog pings while its loop turns, the socket gone after SIGTERM."""

from __future__ import annotations

import os
import signal
import threading
import time
from pathlib import Path

from appliance.cli.voice import voice_service
from appliance.config import Settings


def test_voice_is_ready_once_it_can_hear_talk_and_pings_while_it_waits(
    data_dir: Path, runtime_dir: Path, transcriber, monkeypatch, systemd
) -> None:
    from appliance.voice import stt

    monkeypatch.setattr(stt.Transcriber, "open", classmethod(lambda cls, s: transcriber))
    socket_at_ready: list[bool] = []

    def stop_later() -> None:
        systemd.wait_for("READY=1")
        socket_at_ready.append((runtime_dir / "talk.sock").exists())
        deadline = time.monotonic() + 20
        while systemd.messages.count("WATCHDOG=1") < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        os.kill(os.getpid(), signal.SIGTERM)

    threading.Thread(target=stop_later, daemon=True).start()
    settings = Settings.for_data_dir(data_dir, runtime_dir=runtime_dir, sound="off")
    said: list[str] = []
    try:
        code = voice_service(settings, say=said.append, manager=systemd.manager())
    finally:
        systemd.close()
    assert code == 0 and socket_at_ready == [True]
    ready = [m for m in systemd.messages if m.startswith("READY=1")]
    assert ready == ["READY=1\nSTATUS=waiting for Talk"]
    assert systemd.messages.count("WATCHDOG=1") >= 2
    assert systemd.messages[-1] == "STOPPING=1\nSTATUS=stopping"
    assert not (runtime_dir / "talk.sock").exists()
    assert any("waiting for Talk on" in line for line in said)
