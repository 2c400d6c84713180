"""The card's Wi-Fi units: systemd's own checker, the keeper's containment, and its enabling."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.image.scripts import REPO

SYSTEM = REPO / "image/overlay/etc/systemd/system"
UNITS = ["hearth-wifi.service", "hearth-wifi-ap.service", "hearth-wifi-try.service"]


@pytest.fixture
def units_here(tmp_path: Path) -> Path:
    """The units with their programs pointed at ones this machine has (the card's are in
    /opt and /usr/sbin): `verify` checks that an ExecStart exists."""
    for name in UNITS:
        text = (SYSTEM / name).read_text()
        text = text.replace("/opt/hearth/venv/bin/python3", sys.executable)
        text = text.replace("/usr/sbin/wpa_supplicant", shutil.which("true") or "/bin/true")
        (tmp_path / name).write_text(text)
    return tmp_path


@pytest.mark.parametrize("unit", UNITS)
def test_systemd_analyze_verify_is_clean(units_here: Path, unit: str):
    done = subprocess.run(
        ["systemd-analyze", "verify", str(units_here / unit)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    # The conflicts name Debian's wpa_supplicant@.service, which a development machine
    # need not have; nothing else may be said.
    said = [line for line in done.stderr.splitlines() if "wpa_supplicant@wlan0.service" not in line]
    assert done.returncode == 0 and said == [], done.stderr


def test_the_root_keeper_is_rated_ok_and_holds_no_capability(units_here: Path):
    done = subprocess.run(
        ["systemd-analyze", "security", "--offline=yes", str(units_here / "hearth-wifi.service")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    found = re.search(r"Overall exposure level for \S+: ([0-9.]+) (\w+)", done.stdout)
    assert found and found[2] in ("SAFE", "OK") and float(found[1]) <= 1.5, done.stdout
    text = (SYSTEM / "hearth-wifi.service").read_text()
    for line in (
        "CapabilityBoundingSet=",
        "AmbientCapabilities=",
        "NoNewPrivileges=yes",
        "ProtectSystem=strict",
        "ReadWritePaths=/etc/wpa_supplicant /run/hearth-wifi",
        "PrivateUsers=yes",
        "IPAddressDeny=any",
        "ExecStart=/opt/hearth/venv/bin/python3 -m appliance.wifi",
    ):
        assert f"\n{line}\n" in text, line


def test_the_image_enables_the_keeper_and_starts_it_after_hearth_wifi_txt():
    hook = (REPO / "image/hooks/hearth").read_text()
    assert re.search(r"systemctl enable[^\n]*(\\\n[^\n]*)*hearth-wifi\.service", hook)
    unit = (SYSTEM / "hearth-wifi.service").read_text()
    after = re.search(r"^After=(.*)$", unit, re.M).group(1).split()
    assert "hearth-boot-files.service" in after  # the file path takes precedence
    assert "systemd-tmpfiles-setup.service" in after  # the hand-over folders exist first
