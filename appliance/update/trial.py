"""How a slot is booted once, for its trial, and only once.

A Raspberry Pi's firmware reads `tryboot.txt` instead of `config.txt` when Linux reboots
with the `tryboot` flag (`reboot "0 tryboot"`); the flag lives for one boot, so any
other restart (a hang, a power cut, the health check's own reboot) is the committed
slot again. On a PC, GRUB plays the firmware: it reads `trial` from its environment
block, clears it and saves that before it loads the kernel, so again one boot only.
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Protocol

from appliance.update import grubenv
from appliance.update.slots import prefix, slot_named_in, write_durably

TRYBOOT_FILE = "tryboot.txt"
GRUBENV_FILE = "grub/grubenv"


class TrialBoot(Protocol):
    name: str

    def arm(self, slot: str) -> None: ...
    def armed(self) -> str | None: ...
    def disarm(self) -> None: ...
    def reboot_command(self) -> list[str]: ...


class PiTryboot:
    """The Pi's firmware: tryboot.txt, read for the one boot `reboot "0 tryboot"` asks for."""

    name = "tryboot"

    def __init__(self, boot: Path) -> None:
        self.file = boot / TRYBOOT_FILE

    def arm(self, slot: str) -> None:
        write_durably(
            self.file,
            "# Hearth's updater: the firmware reads this instead of config.txt for one boot,\n"
            '# after `reboot "0 tryboot"`; only its health check commits the slot on trial.\n'
            f"include config.txt\n[all]\nos_prefix={prefix(slot)}\n",
        )

    def armed(self) -> str | None:
        try:
            return slot_named_in(self.file.read_text(encoding="ascii", errors="replace"))
        except FileNotFoundError:
            return None

    def disarm(self) -> None:
        with contextlib.suppress(FileNotFoundError):
            self.file.unlink()

    def reboot_command(self) -> list[str]:
        return ["systemctl", "reboot", "0 tryboot"]


class GrubOneShot:
    """GRUB on a PC: `trial=slot-b/` in its environment, cleared by GRUB as it boots it."""

    name = "grub"

    def __init__(self, boot: Path) -> None:
        self.file = boot / GRUBENV_FILE

    def arm(self, slot: str) -> None:
        values = grubenv.read(self.file)
        values["trial"] = prefix(slot)
        grubenv.write(self.file, values)

    def armed(self) -> str | None:
        return slot_named_in(f"os_prefix={grubenv.read(self.file).get('trial', '')}")

    def disarm(self) -> None:
        values = grubenv.read(self.file)
        if values.pop("trial", None) is not None:
            grubenv.write(self.file, values)

    def reboot_command(self) -> list[str]:
        return ["systemctl", "reboot"]


def trial_boot_for(boot: Path) -> TrialBoot:
    """GRUB's when the boot partition carries its environment block, else the Pi's."""
    if (boot / GRUBENV_FILE).is_file():
        return GrubOneShot(boot)
    return PiTryboot(boot)
