"""`hearth run` rings a timer set by `hearth chat --once` in another process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import pytest

from tests.web.test_run import READY, Lines


def _hearth(*argv: str) -> str:
    done = subprocess.run([sys.executable, "-m", "appliance.cli", *argv], capture_output=True,
                          text=True, timeout=60, check=True)  # fmt: skip
    return done.stdout


@pytest.mark.model
@pytest.mark.slow
def test_a_short_timer_set_in_chat_shows_as_rung_while_hearth_run_runs() -> None:
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    child = subprocess.Popen(
        [sys.executable, "-m", "appliance.cli", "run", "--host", "127.0.0.1", "--port", "0",
         "--no-board"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    try:
        Lines(child.stdout).wait_for(READY, timeout=180)
        said = _hearth("chat", "--once", "set a tea timer for 2 seconds")
        assert said.startswith("Tea timer set for 2 seconds")
        deadline = time.monotonic() + 15
        while True:
            [tea] = json.loads(_hearth("timers", "list", "--json"))
            if tea["state"] == "ringing" or time.monotonic() > deadline:
                break
            time.sleep(0.5)
        assert tea["state"] == "ringing", tea
        assert tea["rang_at"] >= tea["rings_at"] and not tea["late"]
    finally:
        child.terminate()
        child.wait(60)
    assert child.returncode == 0
