"""The systemd units: systemd's own checker, its security rating, and real sub-commands."""

from __future__ import annotations

import configparser
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from appliance.cli import build_parser

UNITS = Path(__file__).resolve().parents[2] / "systemd"
INSTALLED_HEARTH = "/opt/hearth/venv/bin/hearth"
SERVICES = sorted(UNITS.glob("*.service"))


def _unit(path: Path) -> configparser.ConfigParser:
    parser = configparser.ConfigParser(
        strict=False, interpolation=None, empty_lines_in_values=False
    )
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read(path)
    return parser


@pytest.fixture
def units_here(tmp_path: Path) -> Path:
    """The units with ExecStart pointed at this checkout's `hearth` (the Pi's is in /opt)."""
    hearth = Path(sys.executable).with_name("hearth")
    assert hearth.exists(), "the package's console script must be installed"
    for unit in UNITS.iterdir():
        (tmp_path / unit.name).write_text(unit.read_text().replace(INSTALLED_HEARTH, str(hearth)))
    return tmp_path


def test_there_is_a_unit_for_each_part() -> None:
    names = {p.name for p in UNITS.iterdir()}
    assert {
        "hearth.target",
        "hearth-brain.service",
        "hearth-panel.service",
        "hearth-household.service",
        "hearth-backup.service",
        "hearth-backup.timer",
        "hearth-wyoming.service",
    } <= names


def test_the_target_wants_every_long_running_unit() -> None:
    lines = (UNITS / "hearth.target").read_text().splitlines()
    wants = [u for line in lines if line.startswith("Wants=") for u in line[6:].split()]
    for unit in UNITS.iterdir():
        if unit.suffix == ".service" and unit.name != "hearth-backup.service":
            assert unit.name in wants, f"hearth.target does not start {unit.name}"
    assert "hearth-backup.timer" in wants


@pytest.mark.parametrize("unit", sorted(p.name for p in UNITS.iterdir()))
def test_systemd_analyze_verify_is_clean(units_here: Path, unit: str) -> None:
    if shutil.which("systemd-analyze") is None:
        pytest.fail("systemd-analyze is missing: install systemd (scripts/apt-test-packages.txt)")
    done = subprocess.run(
        ["systemd-analyze", "verify", str(units_here / unit)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0 and done.stderr.strip() == "", done.stderr


@pytest.mark.parametrize("unit", [p.name for p in SERVICES])
def test_security_rating_is_ok_or_better(units_here: Path, unit: str) -> None:
    done = subprocess.run(
        ["systemd-analyze", "security", "--offline=yes", str(units_here / unit)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    found = re.search(r"Overall exposure level for \S+: ([0-9.]+) (\w+)", done.stdout)
    assert found, done.stdout + done.stderr
    assert found[2] in ("SAFE", "OK"), f"{unit}: exposure {found[1]} {found[2]}"
    assert float(found[1]) < 5.0


@pytest.mark.parametrize("unit", SERVICES, ids=lambda p: p.name)
def test_every_execstart_is_a_real_hearth_command(unit: Path) -> None:
    command = shlex.split(_unit(unit)["Service"]["ExecStart"])
    assert command[0] == INSTALLED_HEARTH
    args = build_parser().parse_args(command[1:])  # argparse exits on an unknown command
    assert callable(args.handler)


@pytest.mark.parametrize("unit", SERVICES, ids=lambda p: p.name)
def test_every_service_runs_contained_as_hearth(unit: Path) -> None:
    service = _unit(unit)["Service"]
    assert service["User"] == "hearth"
    assert service["StateDirectory"] == "hearth"
    for setting, value in (
        ("ProtectSystem", "strict"),
        ("ProtectHome", "yes"),
        ("PrivateTmp", "yes"),
        ("NoNewPrivileges", "yes"),
        ("UMask", "0077"),
        ("IPAddressDeny", "any"),
    ):
        assert service[setting] == value, f"{unit.name}: {setting}"


def test_long_running_services_notify_and_are_watched() -> None:
    for name in (
        "hearth-brain.service",
        "hearth-panel.service",
        "hearth-household.service",
        "hearth-wyoming.service",
    ):
        service = _unit(UNITS / name)["Service"]
        assert service["Type"] == "notify"
        assert service["WatchdogSec"]
        assert service["Restart"] == "on-failure"
        assert "StartLimitBurst" in _unit(UNITS / name)["Unit"]


def test_only_the_brain_has_a_memory_budget_for_the_model() -> None:
    assert "MemoryMax" in _unit(UNITS / "hearth-brain.service")["Service"]


def test_the_backup_timer_catches_up_after_a_night_powered_off() -> None:
    timer = _unit(UNITS / "hearth-backup.timer")["Timer"]
    assert timer["Persistent"] == "true"
    assert timer["OnCalendar"]
