"""`hearth voice` as systemd runs it: READY once the model is loaded and the Talk socket is
bound, watchdog pings while its loop turns, the socket gone after SIGTERM."""

from __future__ import annotations

import os
import signal
import threading
import time
from pathlib import Path

import pytest

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
    systemd.wait_for("STOPPING=1")  # the socket is read on its own thread: it may lag
    assert systemd.messages[-1] == "STOPPING=1\nSTATUS=stopping"
    assert not (runtime_dir / "talk.sock").exists()
    assert any("waiting for Talk on" in line for line in said)


def test_the_service_asks_the_brain_on_the_port_it_was_given(
    data_dir: Path, runtime_dir: Path, monkeypatch
) -> None:
    """`hearth voice --port P` as a service talks to the brain on P, as --wav and --simulate
    do; without --port, the web_port setting (no Hearth runs here with this data dir)."""
    import argparse
    from contextlib import contextmanager

    from appliance.cli import voice as voice_cli

    asked: list[int | None] = []

    class Loaded(Exception):
        pass

    @contextmanager
    def parts(settings: Settings, *, port: int | None = None, **_: object):
        asked.append(port or settings.web_port)
        raise Loaded
        yield

    monkeypatch.setattr(voice_cli, "voice_parts", parts)
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(runtime_dir))  # no running Hearth's marker
    settings = Settings.for_data_dir(data_dir, runtime_dir=runtime_dir, sound="off", web_port=4411)
    for given in (5123, None):
        args = argparse.Namespace(wav=None, simulate=False, port=given)
        with pytest.raises(Loaded):
            voice_cli.voice(args, settings)
    assert asked == [5123, 4411]
