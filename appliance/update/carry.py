"""What a box has made its own, carried from the running slot into the new one.

A bundle is the same root image for every card, so the new slot arrives without what
this box made or was told after it was flashed; without these the box would update
and drop off the household's Wi-Fi, answer with a new machine id (a new DHCP address)
and new SSH host keys:

    etc/wpa_supplicant/wpa_supplicant-wlan0.conf   the Wi-Fi it joined (0600)
    etc/machine-id                                 made at its first boot
    etc/ssh/ssh_host_*                             made when SSH was turned on
    etc/hearth/hearth.toml, etc/hearth/pinout.toml a maintainer's settings, edited in place

The household's own data is on the data partition and needs no carrying.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

CARRIED = (
    "etc/wpa_supplicant/wpa_supplicant-wlan0.conf",
    "etc/machine-id",
    "etc/ssh/ssh_host_*",
    "etc/hearth/hearth.toml",
    "etc/hearth/pinout.toml",
)


def carry_over(running: Path, new: Path) -> list[str]:
    """Copy each CARRIED file that exists in `running` into `new`, owner and mode kept;
    what was carried, as paths relative to the root."""
    carried = []
    for pattern in CARRIED:
        for source in sorted(running.glob(pattern)):
            if not source.is_file() or source.is_symlink():
                continue
            relative = source.relative_to(running)
            target = new / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            temp = target.with_name(f".{target.name}.carried")
            shutil.copy2(source, temp)  # mode and times
            stat = source.stat()
            if os.geteuid() == 0:
                os.chown(temp, stat.st_uid, stat.st_gid)
            os.replace(temp, target)
            carried.append(str(relative))
    return carried
