"""`hearth run` rings a timer set by `hearth chat --once` in another process."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time

import pytest

from appliance.cli.serve import serve
from appliance.config import Settings
from appliance.household import HouseholdStore
from appliance.web.runner import RunOptions
from tests.web.conftest import ScriptedChat
from tests.web.test_run import READY, Lines


def _hearth(*argv: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "appliance.cli", *argv],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return done.stdout


@pytest.mark.model
@pytest.mark.slow
def test_a_short_timer_set_in_chat_shows_as_rung_while_hearth_run_runs() -> None:
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    child = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "appliance.cli",
            "run",
            "--host",
            "127.0.0.1",
            "--port",
            "0",
            "--no-board",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
    )
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


@pytest.mark.parametrize(("with_scheduler", "state"), [(True, "ringing"), (False, "pending")])
def test_a_timer_rings_while_the_model_is_still_loading(
    data_dir, with_scheduler: bool, state: str
) -> None:
    """`hearth run` starts the scheduler before the model loads; `hearth serve` never rings
    (on the Pi the scheduler is its own service, so the brain process holds no timers)."""
    with HouseholdStore.open(data_dir) as store:
        timer = store.add_timer("tea", 1)
    seen: dict[str, str] = {}

    def slow_model(settings: Settings, memory: object) -> ScriptedChat:
        with HouseholdStore.open(data_dir) as store:  # the model is "loading" for up to 5 s
            deadline = time.monotonic() + 5
            while store.timer(timer.id).state == "pending" and time.monotonic() < deadline:
                time.sleep(0.1)
            seen["state"] = store.timer(timer.id).state
        os.kill(os.getpid(), signal.SIGTERM)  # then stop: serve() returns before serving
        return ScriptedChat()

    options = RunOptions(
        "127.0.0.1", 0, with_board=False, show_token=False, with_scheduler=with_scheduler
    )
    assert (
        serve(Settings.for_data_dir(data_dir), options, say=lambda _: None, chat_factory=slow_model)
        == 0
    )
    assert seen["state"] == state


def _scheduler() -> subprocess.Popen:
    child = subprocess.Popen(
        [sys.executable, "-m", "appliance.cli", "scheduler"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    Lines(child.stdout).wait_for(re.compile("ringing timers and reminders from"), timeout=60)
    return child


def _state(data_dir, name: str) -> tuple[str, bool]:
    with HouseholdStore.open(data_dir) as store:
        [timer] = [t for t in store.recent_timers() if t.name == name]
        return timer.state, timer.late


@pytest.mark.slow
def test_a_timer_due_while_the_scheduler_was_killed_rings_once_late_after_restart(data_dir) -> None:
    first = _scheduler()
    with HouseholdStore.open(data_dir) as store:
        store.add_timer("bread", 2)
        store.add_timer("soup", 30)  # still pending after the restart: rings on time later
    first.kill()  # SIGKILL: no clean shutdown
    first.wait(10)
    time.sleep(3)  # the bread timer comes due while nothing runs
    assert _state(data_dir, "bread") == ("pending", False)
    second = _scheduler()
    try:
        deadline = time.monotonic() + 10
        while _state(data_dir, "bread")[0] == "pending" and time.monotonic() < deadline:
            time.sleep(0.2)
        assert _state(data_dir, "bread") == ("ringing", True)
        assert _state(data_dir, "soup") == ("pending", False)
    finally:
        second.terminate()
        second.wait(10)
    assert second.returncode == 0
