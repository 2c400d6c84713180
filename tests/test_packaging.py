"""What a wheel carries: every file the code reads beside itself ships with it.

The card installs Hearth as a wheel, not from the checkout: the kitchen's tables were
left out once (`**/*.csv` was not in package-data), and the card's brain answered every
kitchen question with a 500 while every test here passed from the source tree.
"""

from __future__ import annotations

import subprocess
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def shipped(patterns: list[str]) -> set[Path]:
    """The files setuptools puts in the wheel for these package-data globs."""
    package = REPO / "appliance"
    return {path for pattern in patterns for path in package.glob(pattern) if path.is_file()}


def tracked_data_files() -> set[Path]:
    listed = subprocess.run(
        ["git", "ls-files", "appliance"], cwd=REPO, capture_output=True, text=True, check=True
    ).stdout.split()
    return {REPO / name for name in listed if not name.endswith(".py")}


def test_every_data_file_in_the_package_ships_in_the_wheel() -> None:
    config = tomllib.loads((REPO / "pyproject.toml").read_text())
    patterns = config["tool"]["setuptools"]["package-data"]["appliance"]
    missing = sorted(str(p.relative_to(REPO)) for p in tracked_data_files() - shipped(patterns))
    assert missing == []


def test_a_pattern_left_out_is_seen() -> None:
    """Positive control: without the csv pattern the kitchen's tables are reported missing."""
    config = tomllib.loads((REPO / "pyproject.toml").read_text())
    patterns = [
        p for p in config["tool"]["setuptools"]["package-data"]["appliance"] if "csv" not in p
    ]
    missing = tracked_data_files() - shipped(patterns)
    assert any(path.name == "densities.csv" for path in missing)
