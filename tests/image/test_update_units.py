"""The card's update units (image/overlay): systemd's checker, and real `hearth` commands."""

from __future__ import annotations

import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from appliance.cli import build_parser

REPO = Path(__file__).resolve().parents[2]
UNITS = REPO / "image/overlay/etc/systemd/system"
UPDATE_UNITS = [
    *sorted(p.name for p in UNITS.glob("hearth-*update*")),
    "hearth-trial-started.service",
]
ON_THE_CARD = {
    "/opt/hearth/venv/bin/hearth": str(Path(sys.executable).with_name("hearth")),
    "/usr/local/sbin/hearth-trial-started": str(
        REPO / "image/overlay/usr/local/sbin/hearth-trial-started"
    ),
}


def here(unit: str, folder: Path) -> Path:
    text = (UNITS / unit).read_text()
    for card, checkout in ON_THE_CARD.items():
        text = text.replace(card, checkout)
    (folder / unit).write_text(text)
    return folder / unit


def test_the_update_units_are_all_here() -> None:
    assert UPDATE_UNITS == [
        "hearth-update-check.service",
        "hearth-update.path",
        "hearth-update.service",
        "hearth-trial-started.service",
    ]


@pytest.mark.parametrize("unit", UPDATE_UNITS)
def test_systemd_analyze_verify_is_clean(unit: str, tmp_path: Path) -> None:
    if shutil.which("systemd-analyze") is None:
        pytest.fail("systemd-analyze is missing: install systemd (scripts/apt-test-packages.txt)")
    for name in UPDATE_UNITS:  # the path unit names its service
        here(name, tmp_path)
    done = subprocess.run(
        ["systemd-analyze", "verify", str(tmp_path / unit)], capture_output=True, text=True
    )
    assert done.returncode == 0 and done.stderr.strip() == "", done.stderr


@pytest.mark.parametrize("unit", ["hearth-update-check.service", "hearth-update.service"])
def test_they_run_real_hearth_update_commands(unit: str) -> None:
    line = next(
        line for line in (UNITS / unit).read_text().splitlines() if line.startswith("ExecStart=")
    )
    command = shlex.split(line.removeprefix("ExecStart="))
    assert command[0] == "/opt/hearth/venv/bin/hearth"
    args = build_parser().parse_args(command[1:])
    assert args.command == "update" and (args.after_boot or args.from_upload)
