"""`hearth doctor` on this machine (no Pi): clean report, honest exit code, no traceback."""

from __future__ import annotations

import json
import stat
import sys
from pathlib import Path

import pytest

from appliance.cli import main
from appliance.cli.doctor import (
    ABSENT,
    BROKEN,
    FIXED,
    OK,
    check_permissions,
    check_sound,
    examine,
    healthy,
)
from appliance.config import Settings
from appliance.memory import Memory


def _doctor(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = main(["doctor", *args])
    captured = capsys.readouterr()
    assert "Traceback" not in captured.out + captured.err
    return code, captured.out


def test_doctor_here_reports_no_panel_cleanly_and_passes(
    settings: Settings, capsys: pytest.CaptureFixture[str]
) -> None:
    with Memory.open(settings) as memory:
        memory.add("Sam is allergic to peanuts", "health")
    code, out = _doctor(capsys)
    assert code == 0, out
    rows = {line.split()[0]: line for line in out.splitlines()}
    assert "absent" in rows["panel"] and "board.png" in rows["panel"]
    assert "absent" in rows["gpio"]
    assert "1 (1 live)" in rows["facts"]
    assert out.rstrip().endswith("\nok")


def test_doctor_json_says_the_same(settings: Settings, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = _doctor(capsys, "--json")
    report = json.loads(out)
    assert code == 0 and report["healthy"] is True
    areas = {f["area"] for f in report["findings"]}
    assert {
        "config",
        "permissions",
        "facts",
        "index",
        "audit",
        "model chat",
        "panel",
        "gpio",
        "evdev",
        "microphone",
        "speaker",
        "disk",
    } <= areas


def test_an_unreadable_fact_makes_doctor_fail(
    settings: Settings, capsys: pytest.CaptureFixture[str]
) -> None:
    with Memory.open(settings):
        pass
    (Path(settings.memory_dir) / "broken.md").write_text("---\ntype: [unclosed\n---\nx\n")
    code, out = _doctor(capsys)
    assert code == 1
    assert "broken.md" in out and out.rstrip().endswith("problems found")


def test_wide_folders_and_files_are_tightened(settings: Settings) -> None:
    with Memory.open(settings) as memory:
        fact = memory.add("The bins go out on Thursday", "routine")
    folder = Path(settings.memory_dir)
    folder.chmod(0o755)
    (folder / f"{fact.id}.md").chmod(0o644)
    found = check_permissions(settings)
    assert [f.state for f in found] == [FIXED]
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert stat.S_IMODE((folder / f"{fact.id}.md").stat().st_mode) == 0o600
    assert [f.state for f in check_permissions(settings)] == [OK]  # control: nothing left


def test_a_check_that_crashes_is_reported_and_the_rest_still_run(settings: Settings) -> None:
    def check_wobbly(_settings: Settings) -> list:
        raise RuntimeError("driver exploded")

    found = examine(settings, [check_wobbly, check_permissions])
    assert found[0].state == BROKEN and "driver exploded" in found[0].detail
    assert len(found) >= 2 and not healthy(found)


def test_a_missing_extra_is_absent_not_a_crash(
    settings: Settings, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "appliance.panel.display", None)
    monkeypatch.setitem(sys.modules, "appliance.panel.buttons", None)
    code, out = _doctor(capsys)
    assert code == 0
    assert "the panel extra is not installed" in out


def test_sound_devices_are_read_from_alsa(tmp_path: Path, settings: Settings) -> None:
    pcm = tmp_path / "pcm"
    pcm.write_text(
        "00-00: USB Audio : USB Audio : capture 1\n"
        "01-00: bcm2835 Headphones : bcm2835 Headphones : playback 8\n"
    )
    mic, speaker = check_sound(settings, pcm)
    assert (mic.state, speaker.state) == (OK, OK)
    assert mic.detail == "hw:00,00 USB Audio" and "Headphones" in speaker.detail
    mic, speaker = check_sound(settings, tmp_path / "none")
    assert (mic.state, speaker.state) == (ABSENT, ABSENT)


def test_doctor_says_which_slot_runs_and_what_became_of_the_last_update(
    settings: Settings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from appliance.cli.doctor import check_update
    from appliance.update import backend
    from appliance.update.slots import BootPartition
    from appliance.update.status import UpdateStatus, now, write_status

    cmdline = tmp_path / "cmdline"
    cmdline.write_text("root=/dev/sda1 ro quiet\n")
    assert check_update(settings, cmdline)[0].state == "absent"  # a laptop: no slots
    boot = tmp_path / "boot"
    boot.mkdir()
    monkeypatch.setattr(backend, "BOOT_MOUNT", boot)
    cmdline.write_text("root=PARTUUID=48454152-02 rauc.slot=A ro\n")
    assert check_update(settings, cmdline)[0].state == "ok"
    Path(settings.data_dir).mkdir(parents=True, exist_ok=True)
    write_status(
        Path(settings.data_dir),
        UpdateStatus("rolled-back", now(), "b", "v2", "B", "A", "hearth-brain failed"),
    )
    found = check_update(settings, cmdline)[0]
    assert found.state == "warn" and "hearth-brain failed" in found.detail
    BootPartition(boot).commit("B")  # A runs, B committed: A is on trial
    assert "on trial" in check_update(settings, cmdline)[0].detail
    # update.json is the services' own 0600 file: doctor leaves it as it is.
    assert stat.S_IMODE((Path(settings.data_dir) / "update.json").stat().st_mode) == 0o600


def test_doctor_counts_recipes_and_warns_of_one_it_cannot_read(
    settings: Settings, capsys: pytest.CaptureFixture[str]
) -> None:
    from appliance.cookbook import Cookbook
    from tests.cookbook.conftest import FLAPJACKS

    book = Cookbook.open(settings.data_dir)
    proposed = book.propose(FLAPJACKS, "cli")
    book.keep(proposed.id, "cli", shown=proposed.digest)
    (book.folder / "scribble.md").write_text("# Scribble\n\nonly words\n")
    code, out = _doctor(capsys)
    assert "recipes         ok      1 kept, 0 waiting for review" in out
    assert "recipes/scribble.md" in out and "warn" in out
    assert code == 0, out  # a person's file to fix, not a broken appliance
