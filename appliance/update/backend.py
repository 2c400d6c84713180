"""RAUC's custom bootloader backend: RAUC asks, the boot partition answers.

RAUC runs `hearth-boot-slot ACTION [SLOT [STATE]]` (system.conf's
`bootloader-custom-backend`) as root:

    get-primary          the slot the next boot starts: the one armed for trial, else
                         the committed one
    set-primary SLOT     after RAUC wrote SLOT: carry this box's own files into it
                         (carry.py), copy its boot files and arm its one trial boot
                         (the committed slot itself: disarm any trial)
    get-state SLOT       good or bad
    set-state SLOT S     bad: never tried again. good for the running slot on trial: commit it
    get-current          the running slot (from the kernel command line)

Nothing here makes a slot the committed one except `set-state SLOT good` on that very
slot's own boot, which only the health check asks for (`rauc status mark-good`).
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager
from pathlib import Path

from appliance.update.carry import carry_over
from appliance.update.slots import (
    SLOT_BOOT_DIR,
    BootPartition,
    SlotError,
    booted_slot,
    checked,
    cmdline_for,
    partuuid,
)
from appliance.update.trial import TrialBoot, trial_boot_for

BOOT_MOUNT = Path("/boot/firmware")
SlotRoot = Callable[[str], AbstractContextManager[Path]]


@contextlib.contextmanager
def mounted_slot(slot: str) -> Iterator[Path]:
    """A freshly written root slot's filesystem, mounted for as long as the copies take."""
    device = f"/dev/disk/by-partuuid/{partuuid(slot)}"
    with tempfile.TemporaryDirectory(prefix="hearth-slot-") as where:
        subprocess.run(["mount", "-o", "noexec,nodev,nosuid", device, where], check=True)
        try:
            yield Path(where)
        finally:
            os.sync()
            subprocess.run(["umount", where], check=True)


@contextlib.contextmanager
def writable(mount: Path) -> Iterator[None]:
    """The boot partition is mounted read-only (FAT has no journal): writable while needed."""
    remount = os.path.ismount(mount) and os.statvfs(mount).f_flag & os.ST_RDONLY
    if remount:
        subprocess.run(["mount", "-o", "remount,rw", str(mount)], check=True)
    try:
        yield
    finally:
        if remount:
            os.sync()
            subprocess.run(["mount", "-o", "remount,ro", str(mount)], check=False)


class Backend:
    def __init__(
        self,
        boot: BootPartition,
        trial: TrialBoot,
        running: str | None,
        slot_root: SlotRoot = mounted_slot,
        mount: Path = BOOT_MOUNT,
        running_root: Path = Path("/"),
    ) -> None:
        self.boot, self.trial, self.running = boot, trial, running
        self.slot_root, self.mount, self.running_root = slot_root, mount, running_root

    def get_primary(self) -> str:
        return self.trial.armed() or self.boot.committed()

    def set_primary(self, slot: str) -> None:
        checked(slot)
        with writable(self.mount):
            if slot == self.boot.committed():
                self.trial.disarm()
                return
            if slot == self.running:
                raise SlotError(f"slot {slot} is running: only the other slot is ever tried")
            template = self.boot.cmdline(self.boot.committed())
            with self.slot_root(slot) as root:
                carry_over(self.running_root, root)
                line = cmdline_for(slot, template)
                self.boot.install_boot_files(slot, root / SLOT_BOOT_DIR, line)
            self.trial.arm(slot)

    def get_state(self, slot: str) -> str:
        return self.boot.state(checked(slot))

    def set_state(self, slot: str, state: str) -> None:
        checked(slot)
        with writable(self.mount):
            self.boot.set_state(slot, state)
            if state == "bad" and self.trial.armed() == slot:
                self.trial.disarm()
            if state == "good" and slot == self.running and slot != self.boot.committed():
                self.boot.commit(slot)
                self.trial.disarm()

    def get_current(self) -> str:
        if self.running is None:
            raise SlotError("the kernel command line names no rauc.slot")
        return self.running

    def answer(self, argv: Sequence[str]) -> str | None:
        match list(argv):
            case ["get-primary"]:
                return self.get_primary()
            case ["set-primary", slot]:
                self.set_primary(slot)
            case ["get-state", slot]:
                return self.get_state(slot)
            case ["set-state", slot, state]:
                self.set_state(slot, state)
            case ["get-current"]:
                return self.get_current()
            case _:
                raise SlotError(f"unknown request {' '.join(argv)!r}")
        return None


def card_backend() -> Backend:
    cmdline = Path("/proc/cmdline").read_text(encoding="ascii", errors="replace")
    return Backend(BootPartition(BOOT_MOUNT), trial_boot_for(BOOT_MOUNT), booted_slot(cmdline))


def main(argv: Sequence[str] | None = None) -> int:
    """`hearth-boot-slot`: RAUC's handler. An answer on stdout; a failure, one line, exit 1."""
    try:
        answer = card_backend().answer(sys.argv[1:] if argv is None else argv)
    except (SlotError, OSError, ValueError, subprocess.CalledProcessError) as exc:
        print(f"hearth-boot-slot: {exc}", file=sys.stderr)
        return 1
    if answer is not None:
        print(answer)
    return 0


if __name__ == "__main__":
    sys.exit(main())
