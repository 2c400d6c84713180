"""The boot partition's slot files, GRUB's environment block and the one-shot trial."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from appliance.update import grubenv
from appliance.update.slots import (
    DISK_ID,
    BootPartition,
    SlotError,
    booted_slot,
    cmdline_for,
    other,
    partuuid,
    slot_named_in,
)
from appliance.update.trial import GrubOneShot, PiOneShot, trial_boot_for

REPO = Path(__file__).resolve().parents[2]


def test_one_disk_identifier_for_the_card_its_grub_and_the_updater() -> None:
    lib = (REPO / "image/lib.sh").read_text()
    assert re.search(r"^DISK_ID=(\w+)", lib, re.M).group(1) == DISK_ID
    assert "@DISK_ID@" in (REPO / "image/grub.cfg").read_text()
    assert partuuid("A") == f"{DISK_ID}-02" and partuuid("B") == f"{DISK_ID}-03"


def test_committed_slot_defaults_to_a_and_follows_slot_txt(tmp_path: Path) -> None:
    boot = BootPartition(tmp_path)
    assert boot.committed() == "A"  # no slot.txt: config.txt's own os_prefix line
    boot.commit("B")
    assert (tmp_path / "slot.txt").read_text().splitlines()[-1] == "os_prefix=slot-b/"
    assert boot.committed() == "B"
    (tmp_path / "slot.txt").write_text("garbage\n")
    assert boot.committed() == "A"


def test_the_last_os_prefix_line_wins_as_for_the_firmware() -> None:
    assert slot_named_in("os_prefix=slot-a/\n[all]\nos_prefix=slot-b/\n") == "B"
    assert slot_named_in("os_prefix=slot-c/\n") is None
    assert slot_named_in("# os_prefix=slot-b/\n") is None


def test_the_running_slot_comes_from_the_kernel_command_line() -> None:
    assert booted_slot("root=PARTUUID=48454152-03 rauc.slot=B ro quiet") == "B"
    assert booted_slot("root=/dev/sda2 ro") is None
    assert booted_slot("rauc.slot=C") is None


def test_a_slot_command_line_is_the_running_one_with_its_own_root() -> None:
    running = f"console=serial0,115200 root=PARTUUID={DISK_ID}-02 rauc.slot=A rootwait\n"
    assert cmdline_for("B", running) == (
        f"console=serial0,115200 root=PARTUUID={DISK_ID}-03 rauc.slot=B rootwait\n"
    )
    with pytest.raises(SlotError):
        cmdline_for("B", "root=/dev/mmcblk0p2 rootwait")  # names no slot: never guessed
    with pytest.raises(SlotError):
        other("C")


def test_install_boot_files_replaces_the_slot_folder(tmp_path: Path) -> None:
    boot, source = tmp_path / "boot", tmp_path / "slot"
    (boot / "slot-b" / "overlays").mkdir(parents=True)
    (boot / "slot-b" / "stale.dtb").write_text("old")
    (source / "overlays").mkdir(parents=True)
    (source / "vmlinuz").write_bytes(b"kernel")
    (source / "initrd.img").write_bytes(b"initrd")
    (source / "overlays" / "spi.dtbo").write_bytes(b"dtbo")
    partition = BootPartition(boot)
    partition.install_boot_files("B", source, "root=PARTUUID=48454152-03 rauc.slot=B\n")
    names = sorted(str(p.relative_to(boot / "slot-b")) for p in (boot / "slot-b").rglob("*"))
    assert names == [
        "cmdline.txt",
        "initrd.img",
        "overlays",
        "overlays/spi.dtbo",
        "state",
        "vmlinuz",
    ]
    assert partition.state("B") == "good"


def test_a_source_without_a_kernel_is_refused_before_the_slot_is_touched(tmp_path: Path) -> None:
    boot = tmp_path / "boot"
    (boot / "slot-b").mkdir(parents=True)
    (boot / "slot-b" / "vmlinuz").write_bytes(b"kept")
    with pytest.raises(SlotError, match="no vmlinuz"):
        BootPartition(boot).install_boot_files("B", tmp_path / "empty", "x")
    assert (boot / "slot-b" / "vmlinuz").read_bytes() == b"kept"


def test_grubenv_round_trip_in_place(tmp_path: Path) -> None:
    path = tmp_path / "grubenv"
    grubenv.create(path)
    inode = path.stat().st_ino
    grubenv.write(path, {"trial": "slot-b/"})
    assert path.stat().st_size == 1024 and path.stat().st_ino == inode
    assert grubenv.read(path) == {"trial": "slot-b/"}
    # What GRUB's own `save_env` leaves (an emptied variable) reads back as empty.
    block = path.read_bytes().replace(b"trial=slot-b/", b"trial=#######")
    path.write_bytes(block.replace(b"trial=#######", b"trial=\n######"))
    assert grubenv.read(path) == {"trial": ""}


def test_grubenv_refuses_what_grub_would_misread(tmp_path: Path) -> None:
    with pytest.raises(grubenv.GrubEnvError):
        grubenv.render({"trial": "a\nb"})
    with pytest.raises(grubenv.GrubEnvError):
        grubenv.render({"x": "y" * 1024})
    with pytest.raises(grubenv.GrubEnvError):
        grubenv.parse(b"not a block")


@pytest.mark.parametrize("kind", ["pi", "grub"])
def test_a_trial_is_armed_read_and_disarmed(tmp_path: Path, kind: str) -> None:
    if kind == "grub":
        (tmp_path / "grub").mkdir()
        grubenv.create(tmp_path / "grub/grubenv")
    trial = trial_boot_for(tmp_path)
    assert isinstance(trial, GrubOneShot if kind == "grub" else PiOneShot)
    assert trial.armed() is None
    trial.arm("B")
    assert trial.armed() == "B"
    trial.disarm()
    assert trial.armed() is None


def test_the_pis_trial_file_comes_after_slot_txt_and_names_the_slot(tmp_path: Path) -> None:
    BootPartition(tmp_path).commit("A")
    trial = PiOneShot(tmp_path)
    trial.arm("B")
    body = [line for line in (tmp_path / "trial.txt").read_text().splitlines() if line[:1] != "#"]
    assert body == ["[all]", "os_prefix=slot-b/"]
    # What the firmware does: config.txt's lines, then slot.txt's, then trial.txt's.
    config = "os_prefix=slot-a/\n" + (tmp_path / "slot.txt").read_text()
    assert slot_named_in(config + (tmp_path / "trial.txt").read_text()) == "B"
    trial.disarm()
    assert slot_named_in(config) == "A"
    assert trial.reboot_command() == ["systemctl", "reboot"]
