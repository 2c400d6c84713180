"""The boot partition's view of the two root slots.

    slot.txt        `os_prefix=slot-a/`: the committed slot. The Pi's config.txt includes
                    it (its own `os_prefix=slot-a/` comes first, so a missing file still
                    boots A) and GRUB sources it: one line both read the same way.
    trial.txt       on a Pi, the slot on trial for one boot (trial.py)
    slot-a/ slot-b/ each slot's kernel, initrd and cmdline.txt (and on a Pi its device
                    trees and overlays): a copy of that root slot's /boot/slot/, made
                    when the slot is installed, so the firmware never reads ext4.
    slot-X/state    `good` or `bad`: RAUC's boot state of the slot.

The root slots are partitions 2 and 3 of a card whose MBR disk identifier is fixed,
so each slot's root is `root=PARTUUID=48454152-02` (or -03) on every card.
"""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

from appliance.errors import HearthError

SLOTS = ("A", "B")
DISK_ID = "48454152"  # "HEAR": image/partition writes it into the card's MBR
COMMITTED_FILE = "slot.txt"
STATE_FILE = "state"
CMDLINE_FILE = "cmdline.txt"
SLOT_BOOT_DIR = "boot/slot"  # in a root slot: what goes into its slot-X/ on the boot partition
_PREFIX_LINE = re.compile(r"^\s*os_prefix\s*=\s*slot-([ab])/\s*$", re.M)
_ROOT_WORD = re.compile(rf"\broot=PARTUUID={DISK_ID}-0[23]\b")
_SLOT_WORD = re.compile(r"\brauc\.slot=[AB]\b")


class SlotError(HearthError):
    pass


def checked(slot: str) -> str:
    if slot not in SLOTS:
        raise SlotError(f"no slot {slot!r}: the card has slots A and B")
    return slot


def other(slot: str) -> str:
    return SLOTS[1 - SLOTS.index(checked(slot))]


def prefix(slot: str) -> str:
    return f"slot-{checked(slot).lower()}/"


def partuuid(slot: str) -> str:
    return f"{DISK_ID}-{SLOTS.index(checked(slot)) + 2:02d}"


def slot_named_in(text: str) -> str | None:
    """The slot an `os_prefix=slot-x/` line names (the last one wins, as for the firmware)."""
    found = _PREFIX_LINE.findall(text)
    return found[-1].upper() if found else None


def booted_slot(cmdline: str) -> str | None:
    """The running slot, from the kernel command line's `rauc.slot=` (each slot's own)."""
    for word in cmdline.split():
        if word.startswith("rauc.slot="):
            value = word.removeprefix("rauc.slot=")
            return value if value in SLOTS else None
    return None


def cmdline_for(slot: str, template: str) -> str:
    """A slot's kernel command line: the running slot's, with this slot's root and name."""
    if not _ROOT_WORD.search(template) or not _SLOT_WORD.search(template):
        raise SlotError(f"the command line names no slot root to change: {template.strip()!r}")
    line = _ROOT_WORD.sub(f"root=PARTUUID={partuuid(slot)}", template.strip())
    return _SLOT_WORD.sub(f"rauc.slot={slot}", line) + "\n"


def write_durably(path: Path, text: str) -> None:
    """A small file on FAT: written beside, flushed, renamed over, the folder flushed."""
    temp = path.with_name(f".{path.name}.new")
    with open(temp, "w", encoding="ascii") as handle:
        handle.write(text)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(temp, path)
    fd = os.open(path.parent, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


class BootPartition:
    """The boot partition, mounted at `root` (/boot/firmware on the card)."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def committed(self) -> str:
        """The slot a normal boot starts: slot.txt's, else A (config.txt's and GRUB's default)."""
        try:
            text = (self.root / COMMITTED_FILE).read_text(encoding="ascii", errors="replace")
        except FileNotFoundError:
            return "A"
        return slot_named_in(text) or "A"

    def commit(self, slot: str) -> None:
        write_durably(
            self.root / COMMITTED_FILE,
            f"# Written by Hearth's updater: the slot a normal boot starts.\n"
            f"os_prefix={prefix(slot)}\n",
        )

    def state(self, slot: str) -> str:
        try:
            text = (self.root / prefix(slot) / STATE_FILE).read_text(encoding="ascii").strip()
        except (FileNotFoundError, UnicodeDecodeError):
            return "good"
        return "bad" if text == "bad" else "good"

    def set_state(self, slot: str, state: str) -> None:
        if state not in ("good", "bad"):
            raise SlotError(f"a slot's state is good or bad, not {state!r}")
        folder = self.root / prefix(slot)
        folder.mkdir(exist_ok=True)
        write_durably(folder / STATE_FILE, f"{state}\n")

    def cmdline(self, slot: str) -> str:
        return (self.root / prefix(slot) / CMDLINE_FILE).read_text(encoding="ascii")

    def has_kernel(self, slot: str) -> bool:
        return (self.root / prefix(slot) / "vmlinuz").is_file()

    def install_boot_files(self, slot: str, source: Path, cmdline: str) -> None:
        """Replace slot-X/ with a root slot's /boot/slot/ and its command line.

        Only the slot that is not running is ever written, and it is marked bad until the
        whole copy is flushed, so a cut in the middle leaves a slot no boot will try."""
        if not (source / "vmlinuz").is_file():
            raise SlotError(f"{source} has no vmlinuz: not a Hearth root slot")
        folder = self.root / prefix(slot)
        self.set_state(slot, "bad")
        for entry in list(folder.iterdir()):
            if entry.name == STATE_FILE:
                continue
            if entry.is_dir():
                shutil.rmtree(entry)
            else:
                entry.unlink()
        shutil.copytree(source, folder, dirs_exist_ok=True, copy_function=shutil.copyfile)
        write_durably(folder / CMDLINE_FILE, cmdline)
        os.sync()
        self.set_state(slot, "good")
