"""How a slot is booted once, for its trial, and only once.

Both cards boot the committed slot (slot.txt) unless a trial is armed, and the trial is
cleared as the tried slot starts, so any later boot (a hang and the watchdog, a power
cut, the health check's own reboot) is the committed slot again:

    PC card   GRUB reads `trial` from its environment block, clears it and saves that
              before it loads the kernel (image/grub.cfg)
    Pi card   config.txt includes trial.txt after slot.txt; the tried slot's first unit,
              hearth-trial-started, deletes it (image/overlay)
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Protocol

from appliance.update import grubenv
from appliance.update.slots import prefix, slot_named_in, write_durably

TRIAL_FILE = "trial.txt"
GRUBENV_FILE = "grub/grubenv"


class TrialBoot(Protocol):
    name: str

    def arm(self, slot: str) -> None: ...
    def armed(self) -> str | None: ...
    def disarm(self) -> None: ...
    def reboot_command(self) -> list[str]: ...


class PiOneShot:
    """A Raspberry Pi: config.txt includes slot.txt and then trial.txt, and the last
    `os_prefix` wins, so trial.txt boots its slot; that slot's earliest unit
    (hearth-trial-started) deletes the file, so only that one boot is the trial.

    Not the firmware's tryboot: its one-shot flag is set by the Raspberry Pi kernel's
    firmware driver on `reboot "0 tryboot"`, which Debian's kernel does not have (7.3's
    image holds no "tryboot" at all), and Linux has no other way to reach it."""

    name = "trial.txt"

    def __init__(self, boot: Path) -> None:
        self.file = boot / TRIAL_FILE

    def arm(self, slot: str) -> None:
        write_durably(
            self.file,
            "# Hearth's updater: the slot on trial, for one boot. config.txt includes this file\n"
            "# after slot.txt; the slot's first unit deletes it, and only its health check\n"
            "# commits it. Delete this file to go back to the committed slot by hand.\n"
            f"[all]\nos_prefix={prefix(slot)}\n",
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
        return ["systemctl", "reboot"]


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
    return PiOneShot(boot)
