"""A restore never undoes what the household did to its timers, reminders and list since.

An outside trial backed up, cancelled "give Biscuit his tablet" and a biscuits timer, took
honey off the list, restored with --force, and both rang (late) at the next start with
the honey back on the list. Each test would fail without `restore_household.settle`;
each has a control beside it: what nobody said no to comes back as it was.
"""

from __future__ import annotations

import datetime as dt
import os
import subprocess
import sys
from pathlib import Path

from appliance.cli.running import in_use, mark_serving, units_running, unmark_serving
from appliance.config import Settings
from appliance.household import HouseholdStore, Scheduler, parse, perform
from appliance.service.backup import back_up
from appliance.service.restore import restore
from appliance.sound import Silence

REPO = Path(__file__).resolve().parents[2]


def _say(settings: Settings, text: str) -> str:
    with HouseholdStore.open(settings.data_dir) as store:
        command = parse(text, store.now())
        assert command is not None, text
        return perform(store, command)


def _snapshot(settings: Settings, tmp_path: Path) -> Path:
    return back_up(settings, tmp_path / "usb").path


def test_what_was_cancelled_or_taken_off_since_stays_so(settings: Settings, tmp_path: Path) -> None:
    _say(settings, "remind me in 3 minutes to give Biscuit his tablet")
    _say(settings, "remind me tomorrow at 9 to call the vet")  # the control: never cancelled
    _say(settings, "set a biscuits timer for 2 minutes")
    _say(settings, "add honey, bread and eggs to the shopping list")
    snapshot = _snapshot(settings, tmp_path)
    _say(settings, "cancel the reminder to give Biscuit his tablet")
    _say(settings, "cancel the biscuits timer")
    _say(settings, "take honey off the shopping list")

    done = restore(settings, snapshot, force=True)

    with HouseholdStore.open(settings.data_dir) as store:
        assert [r.text for r in store.reminders()] == ["call the vet"]
        assert store.timers() == []
        assert sorted(i.name for i in store.items()) == ["bread", "eggs"]
        # nothing rings at the next start, however late it is
        later = store.now() + dt.timedelta(minutes=10)
        scheduler = Scheduler(store, Silence("a test"), lambda: later)
        assert scheduler.check() == []
    notes = "\n".join(done.notes)
    assert "give Biscuit his tablet): cancelled after this snapshot was taken" in notes
    assert "(biscuits): cancelled after this snapshot was taken" in notes
    assert "shopping list: honey: taken off after this snapshot was taken" in notes
    assert "call the vet" not in notes and "bread" not in notes


def test_what_was_set_since_stays_set(settings: Settings, tmp_path: Path) -> None:
    _say(settings, "add milk to the shopping list")
    snapshot = _snapshot(settings, tmp_path)
    _say(settings, "remind me tomorrow at 9 to call the vet")
    _say(settings, "add butter to the shopping list")
    done = restore(settings, snapshot, force=True)
    with HouseholdStore.open(settings.data_dir) as store:
        assert [r.text for r in store.reminders()] == ["call the vet"]
        assert sorted(i.name for i in store.items()) == ["butter", "milk"]
    assert done.settled == ()


def test_on_a_new_box_a_running_timer_comes_back_cancelled_and_a_reminder_as_it_was(
    settings: Settings, tmp_path: Path
) -> None:
    _say(settings, "set a pasta timer for 10 minutes")
    _say(settings, "remind me tomorrow at 9 to call the vet")
    _say(settings, "add honey to the shopping list")
    snapshot = _snapshot(settings, tmp_path)
    new_box = Settings.for_data_dir(tmp_path / "new-card", semantic=False)
    done = restore(new_box, snapshot)
    with HouseholdStore.open(new_box.data_dir) as store:
        assert store.timers() == []
        assert [r.text for r in store.reminders()] == ["call the vet"]  # control
        assert [i.name for i in store.items()] == ["honey"]  # control
    assert any("(pasta): running when this snapshot was taken" in n for n in done.notes)


def test_restore_waits_for_a_running_hearth_and_writes_nothing(
    settings: Settings, tmp_path: Path
) -> None:
    """A running Hearth kept writing to the files moved aside, its timers silent and its
    chat failing, until restarted (the trial's). The control: stopped, the restore runs."""
    _say(settings, "add honey to the shopping list")
    snapshot = _snapshot(settings, tmp_path)
    _say(settings, "add bread to the shopping list")
    env = {**os.environ, "HEARTH_DATA_DIR": str(settings.data_dir), "HEARTH_SEMANTIC": "false"}
    command = [sys.executable, "-m", "appliance.cli", "restore", str(snapshot), "--force"]
    marker = mark_serving(4399, Path(settings.data_dir))
    assert marker is not None
    try:
        assert in_use(Path(settings.data_dir)) is not None
        refused = subprocess.run(command, env=env, cwd=REPO, capture_output=True, text=True)
    finally:
        unmark_serving(marker)
    assert refused.returncode == 1
    assert "a Hearth is running on" in refused.stderr and "Nothing was written" in refused.stderr
    assert not list(Path(settings.data_dir).glob("replaced-*"))
    with HouseholdStore.open(settings.data_dir) as store:
        assert sorted(i.name for i in store.items()) == ["bread", "honey"]
    restored = subprocess.run(command, env=env, cwd=REPO, capture_output=True, text=True)
    assert restored.returncode == 0, restored.stderr


def test_the_boxs_running_services_are_read_from_systemd() -> None:
    """Stand-ins for systemd's answers (this machine has no systemd as init): the services
    hearth.target wants that run are read; its backup timer, always waiting, is not."""
    wanted = [
        "hearth-backup.timer",
        "hearth-brain.service",
        "hearth-household.service",
        "hearth-panel.service",
        "hearth-voice.service",
    ]
    states = {
        "hearth-backup.timer": "active",
        "hearth-brain.service": "active",
        "hearth-household.service": "inactive",
        "hearth-panel.service": "activating",
        "hearth-voice.service": "failed",
    }
    assert units_running(lambda: wanted, states.__getitem__) == [
        "hearth-brain.service",
        "hearth-panel.service",
    ]
    stopped = dict.fromkeys(states, "inactive")
    assert units_running(lambda: wanted, stopped.__getitem__) == []  # the control
