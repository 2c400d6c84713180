"""`hearth timers|reminders|shopping` and `hearth chat --once` on household commands."""

from __future__ import annotations

import datetime as dt
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from appliance import cli
from appliance.household import HouseholdStore, Scheduler
from appliance.sound import Silence
from tests.household.conftest import MovableClock


def hearth(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_chat_sets_a_pasta_timer_that_rings_twelve_minutes_later(
    capsys: pytest.CaptureFixture[str], data_dir: Path, silence: Silence
) -> None:
    code, out, _ = hearth(capsys, "chat", "--once", "set a pasta timer for twelve minutes")
    # the wall clock: set in the last twelve minutes of a day, it rings "tomorrow at …"
    assert code == 0 and out.startswith("Pasta timer set for 12 minutes: it rings ")
    with HouseholdStore.open(data_dir) as store:
        [timer] = store.timers()
        assert (timer.name, timer.rings_at - timer.set_at) == ("pasta", dt.timedelta(minutes=12))
        assert out.strip().endswith(f"{timer.rings_at:%H:%M}.")
        clock = MovableClock(timer.set_at)  # the test clock takes over from the moment it was set
        scheduler = Scheduler(HouseholdStore(store.path, clock), silence, clock)
        clock.advance(12 * 60 - 1)
        assert scheduler.check() == []
        clock.advance(1)
        assert [r.record.name for r in scheduler.check()] == ["pasta"]
        scheduler.store.close()


def test_chat_answers_household_commands_with_no_model_at_all(
    data_dir: Path, tmp_path: Path
) -> None:
    """A chat model path that does not exist: loading any model would fail the command."""
    env = {
        **os.environ,
        "HEARTH_CHAT_MODEL": str(tmp_path / "no-such-model.gguf"),
        "HEARTH_NOTETAKER_MODEL": str(tmp_path / "no-such-model.gguf"),
    }

    def run(*argv: str) -> str:
        done = subprocess.run(
            [sys.executable, "-m", "appliance.cli", *argv],
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 0, done.stderr
        return done.stdout

    assert (
        run("chat", "--once", "add eggs and milk to the shopping list")
        == "I've added eggs and milk to the shopping list.\n"
    )
    assert run("shopping", "list") == "eggs\nmilk\n"
    assert "llama" not in run("chat", "--once", "set a pasta timer for twelve minutes")
    # the control: a message for the model does try to load it, and fails on the bad path
    chat = subprocess.run(
        [sys.executable, "-m", "appliance.cli", "chat", "--once", "tell me a joke"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert chat.returncode == 1 and "no-such-model.gguf" in chat.stderr


def test_timers_list_json_shows_rung_timers_with_when(
    capsys: pytest.CaptureFixture[str], data_dir: Path, silence: Silence
) -> None:
    clock = MovableClock(dt.datetime.now().replace(microsecond=0) - dt.timedelta(minutes=30))
    with HouseholdStore.open(data_dir, clock) as store:
        store.add_timer("eggs", 240)
        store.add_timer("roast", 7200)
        clock.advance(240)
        Scheduler(store, silence, clock).check()
    code, out, _ = hearth(capsys, "timers", "list", "--json")
    rows = {row["name"]: row for row in json.loads(out)}
    assert rows["eggs"]["state"] == "ringing"
    assert rows["eggs"]["rang_at"] == clock.now.isoformat()
    assert rows["roast"]["state"] == "pending" and rows["roast"]["rang_at"] is None
    code, out, _ = hearth(capsys, "timers", "list")
    assert "eggs" in out and "RINGING" in out


def test_timers_list_keeps_its_columns_with_a_long_recipe_timer_name(
    capsys: pytest.CaptureFixture[str], data_dir: Path
) -> None:
    with HouseholdStore.open(data_dir) as store:
        store.add_timer("eggs", 240)
        store.add_timer("Mum's Shepherd's Pie step 2", 1500)
    code, out, _ = hearth(capsys, "timers", "list")
    lines = out.splitlines()
    assert code == 0 and len(lines) == 2
    # each line's "rings" starts in the same column, after the longest name
    assert len({line.index(" rings ") for line in lines}) == 1
    assert all(line.index(" rings ") >= len("Mum's Shepherd's Pie step 2") for line in lines)


def test_timers_cancel_by_name(capsys: pytest.CaptureFixture[str], data_dir: Path) -> None:
    with HouseholdStore.open(data_dir) as store:
        store.add_timer("pasta", 600)
        store.add_timer("rice", 600)
    assert hearth(capsys, "timers", "cancel", "pasta")[1] == "cancelled the pasta timer\n"
    with HouseholdStore.open(data_dir) as store:
        assert [t.name for t in store.timers()] == ["rice"]


def test_cancelling_an_unknown_timer_is_a_clear_error_and_changes_nothing(
    capsys: pytest.CaptureFixture[str], data_dir: Path
) -> None:
    with HouseholdStore.open(data_dir) as store:
        store.add_timer("rice", 600)
    code, out, err = hearth(capsys, "timers", "cancel", "pasta")
    assert code == 1 and "no timer called 'pasta'" in err and "rice" in err
    with HouseholdStore.open(data_dir) as store:
        assert [t.name for t in store.timers()] == ["rice"]


def test_reminders_list_and_cancel(capsys: pytest.CaptureFixture[str], data_dir: Path) -> None:
    hearth(capsys, "chat", "--once", "remind me to call the dentist tomorrow at 9")
    code, out, _ = hearth(capsys, "reminders", "list", "--json")
    [row] = json.loads(out)
    assert row["text"] == "call the dentist" and row["due_at"].endswith("T09:00:00")
    assert hearth(capsys, "reminders", "cancel", str(row["id"]))[0] == 0
    assert hearth(capsys, "reminders", "list")[1] == "no reminders\n"
    code, _, err = hearth(capsys, "reminders", "cancel", "99")
    assert code == 1 and "no reminder with id 99" in err


def test_shopping_round_trip_through_chat_and_cli(capsys: pytest.CaptureFixture[str]) -> None:
    hearth(capsys, "chat", "--once", "add eggs and milk to the shopping list")
    hearth(capsys, "chat", "--once", "we're out of butter")
    assert hearth(capsys, "shopping", "list")[1] == "eggs\nmilk\nbutter\n"
    assert (
        hearth(capsys, "chat", "--once", "put milk and bread on the list")[1]
        == "I've added bread to the shopping list. Already on it: milk.\n"
    )
    hearth(capsys, "shopping", "add", "eggs")
    hearth(capsys, "chat", "--once", "take eggs off the list")
    code, out, _ = hearth(capsys, "shopping", "list", "--json")
    assert [row["name"] for row in json.loads(out)] == ["milk", "butter", "bread"]
    assert (
        hearth(capsys, "chat", "--once", "what's on the shopping list?")[1]
        == "On the shopping list: milk, butter, bread.\n"
    )
    code, out, err = hearth(capsys, "shopping", "remove", "milk", "caviar")
    assert code == 1 and "caviar" in err
    assert hearth(capsys, "shopping", "clear")[1] == "cleared the shopping list (2 items)\n"
    assert hearth(capsys, "shopping", "list")[1] == "the shopping list is empty\n"


def test_chat_once_in_a_thread_reads_the_answer_and_cancel_that_there(
    capsys: pytest.CaptureFixture[str], data_dir: Path
) -> None:
    """A sixth trial's `hearth chat --once … --thread T` lost Hearth's own question and
    "cancel that": the household's rules were asked with no thread."""
    thread = "a1b2c3d4e5f6"
    _, out, _ = hearth(capsys, "chat", "--once", "set a timer", "--thread", thread)
    assert out.startswith("For how long?")
    _, out, _ = hearth(capsys, "chat", "--once", "five minutes", "--thread", thread)
    assert out.startswith("Timer set for 5 minutes")
    _, out, _ = hearth(capsys, "chat", "--once", "cancel that", "--thread", thread)
    assert out == "All right, I've cancelled the timer.\n"
    with HouseholdStore.open(data_dir) as store:
        assert store.timers() == []
