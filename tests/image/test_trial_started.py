"""hearth-trial-started: a Pi card's trial.txt lasts the tried slot's one boot."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from appliance.update.slots import BootPartition, slot_named_in
from appliance.update.trial import PiOneShot

SCRIPT = Path(__file__).resolve().parents[2] / "image/overlay/usr/local/sbin/hearth-trial-started"


def started(tmp_path: Path, running: str) -> subprocess.CompletedProcess[str]:
    cmdline = tmp_path / "cmdline"
    cmdline.write_text(f"console=serial0,115200 root=PARTUUID=48454152-03 rauc.slot={running}\n")
    env = {**os.environ, "HEARTH_BOOT": str(tmp_path), "HEARTH_CMDLINE": str(cmdline)}
    return subprocess.run([SCRIPT], env=env, capture_output=True, text=True, check=True)


def firmware_slot(boot: Path) -> str | None:
    """config.txt's own line, then slot.txt, then trial.txt: what the firmware boots."""
    text = "os_prefix=slot-a/\n"
    for name in ("slot.txt", "trial.txt"):
        if (boot / name).exists():
            text += (boot / name).read_text()
    return slot_named_in(text)


def test_the_tried_slot_ends_its_trial_as_it_starts(tmp_path: Path) -> None:
    BootPartition(tmp_path).commit("A")
    PiOneShot(tmp_path).arm("B")
    assert firmware_slot(tmp_path) == "B"  # this boot is the trial
    said = started(tmp_path, "B").stdout
    assert "on trial" in said and not (tmp_path / "trial.txt").exists()
    assert firmware_slot(tmp_path) == "A"  # any later boot is the committed slot


def test_another_slot_never_clears_the_trial(tmp_path: Path) -> None:
    BootPartition(tmp_path).commit("A")
    PiOneShot(tmp_path).arm("B")
    assert "left alone" in started(tmp_path, "A").stdout
    assert PiOneShot(tmp_path).armed() == "B"


def test_no_trial_is_nothing_to_do(tmp_path: Path) -> None:
    assert started(tmp_path, "A").stdout == ""
