"""Where `hearth backup` writes with no folder named: another device when one is mounted."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from appliance.config import Settings
from appliance.service.backup_place import FOLDER, SAME_CARD, backup_place, mounted


def mounts_file(tmp_path: Path, *points: str) -> Path:
    lines = ["/dev/root / ext4 rw 0 0", *(f"/dev/sdx1 {p} vfat rw 0 0" for p in points)]
    path = tmp_path / "mounts"
    path.write_text("\n".join(lines) + "\n")
    return path


def test_with_nothing_mounted_it_is_the_data_dir_and_it_says_that_is_the_weaker_place(
    tmp_path: Path,
) -> None:
    settings = Settings.for_data_dir(tmp_path / "data")
    place = backup_place(settings, mounts_file(tmp_path))
    assert place.folder == tmp_path / "data" / "backups"
    assert not place.separate and place.why == SAME_CARD


@pytest.fixture
def stick(tmp_path: Path):
    """A real filesystem of its own mounted under /media, as a USB stick would be."""
    point = Path("/media") / f"hearth-test-{os.getpid()}"
    point.mkdir(parents=True, exist_ok=True)
    mounted_ok = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=8m", "tmpfs", str(point)], capture_output=True
    )
    if mounted_ok.returncode != 0:
        point.rmdir()
        pytest.fail(f"cannot mount a tmpfs to play the USB stick: {mounted_ok.stderr!r}")
    yield point
    subprocess.run(["umount", str(point)], check=True)
    point.rmdir()


def test_a_usb_stick_mounted_under_media_takes_it(tmp_path: Path, stick: Path) -> None:
    settings = Settings.for_data_dir(tmp_path / "data")
    assert stick in mounted()
    place = backup_place(settings)
    assert place.folder == stick / FOLDER and place.separate
    assert str(stick) in place.why


def test_backup_writes_to_the_stick_and_says_where(
    tmp_path: Path, stick: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    from appliance.cli import main

    monkeypatch.setenv("HEARTH_DATA_DIR", str(tmp_path / "data"))
    assert main(["memory", "add", "The bins go out on Thursday night", "--type", "routine"]) == 0
    assert main(["backup"]) == 0
    out = capsys.readouterr().out
    assert f"to {stick / FOLDER}" in out and f"the device mounted at {stick}" in out
    assert list((stick / FOLDER).glob("hearth-*"))
    assert not (tmp_path / "data" / "backups").exists()


def test_a_mount_point_on_the_data_dirs_own_device_is_not_taken(tmp_path: Path) -> None:
    settings = Settings.for_data_dir(tmp_path / "data")
    place = backup_place(settings, mounts_file(tmp_path, str(tmp_path)))  # not under /media
    assert place.folder.name == "backups" and not place.separate
    assert FOLDER == "hearth-backups"


def test_backup_on_the_same_card_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    from appliance.cli import main

    monkeypatch.setattr("appliance.service.backup_place.MOUNT_ROOTS", ())
    monkeypatch.setenv("HEARTH_DATA_DIR", str(tmp_path / "data"))
    assert main(["backup"]) == 0
    captured = capsys.readouterr()
    assert "same card as the data" in captured.err and "backups" in captured.out
