"""Where a snapshot goes when no folder is named: another device than the card, if one is there.

A snapshot on the same SD card as the data dies with the card. So with neither
`--to` nor the `backup_dir` setting, the first writable filesystem mounted under
/media, /mnt or /run/media that is a different device from the data dir (a USB
stick) takes it, in a `hearth-backups` folder; with none, the data dir's own
`backups/` does, and the person is told that this is the weaker place.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from appliance.config import Settings

MOUNT_ROOTS = (Path("/media"), Path("/mnt"), Path("/run/media"))
FOLDER = "hearth-backups"
SAME_CARD = (
    "no other device is mounted, so this snapshot is on the same card as the data: plug in "
    "a USB stick (it is used next time), or set backup_dir"
)


@dataclass(frozen=True)
class BackupPlace:
    folder: Path
    separate: bool  # on another device than the data dir
    why: str  # for the person: where it is and what that means


def _device(path: Path) -> int | None:
    while not path.exists() and path != path.parent:
        path = path.parent
    try:
        return os.stat(path).st_dev
    except OSError:
        return None


def mounted(mounts: Path = Path("/proc/self/mounts")) -> list[Path]:
    """Mount points under MOUNT_ROOTS, in the order the kernel lists them."""
    try:
        lines = mounts.read_text(encoding="utf-8").splitlines()
    except OSError:
        return []
    found = []
    for line in lines:
        fields = line.split()
        if len(fields) < 2:
            continue
        point = Path(fields[1].replace("\\040", " "))
        if any(point.is_relative_to(root) and point != root for root in MOUNT_ROOTS):
            found.append(point)
    return found


def backup_place(settings: Settings, mounts: Path = Path("/proc/self/mounts")) -> BackupPlace:
    data_dir = Path(settings.data_dir)
    card = _device(data_dir)
    if settings.backup_dir is not None:
        folder = Path(settings.backup_dir)
        separate = _device(folder) != card
        where = "" if separate else "; it is on the same device as the data"
        return BackupPlace(folder, separate, f"the backup_dir setting{where}")
    for point in mounted(mounts):
        if _device(point) != card and os.access(point, os.W_OK):
            return BackupPlace(point / FOLDER, True, f"the device mounted at {point}")
    return BackupPlace(data_dir / "backups", False, SAME_CARD)
