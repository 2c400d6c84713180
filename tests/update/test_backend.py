"""RAUC's custom bootloader backend: which slot boots, and who may commit one."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

import pytest

from appliance.update import grubenv
from appliance.update.backend import Backend
from appliance.update.slots import BootPartition, SlotError
from appliance.update.trial import GrubOneShot


def card(tmp_path: Path) -> Path:
    """A PC card's boot partition as image/build leaves it: slot A filled, B empty."""
    boot = tmp_path / "boot"
    for folder in ("grub", "slot-a", "slot-b"):
        (boot / folder).mkdir(parents=True)
    grubenv.create(boot / "grub/grubenv")
    (boot / "slot-a/vmlinuz").write_bytes(b"kernel A")
    (boot / "slot-a/cmdline.txt").write_text("root=PARTUUID=48454152-02 rauc.slot=A ro quiet\n")
    BootPartition(boot).commit("A")
    return boot


def backend(tmp_path: Path, running: str = "A") -> Backend:
    root_b = tmp_path / "root-b" / "boot" / "slot"
    root_b.mkdir(parents=True, exist_ok=True)
    (root_b / "vmlinuz").write_bytes(b"kernel B")
    (root_b / "initrd.img").write_bytes(b"initrd B")

    @contextlib.contextmanager
    def slot_root(slot: str) -> Iterator[Path]:
        assert slot == "B"
        yield tmp_path / "root-b"

    boot = card(tmp_path) if not (tmp_path / "boot").exists() else tmp_path / "boot"
    return Backend(
        BootPartition(boot), GrubOneShot(boot), running, slot_root, boot, running_root(tmp_path)
    )


def running_root(tmp_path: Path) -> Path:
    """The running slot's own files: what the box made and was told after it was flashed."""
    root = tmp_path / "running"
    if not root.exists():
        (root / "etc/wpa_supplicant").mkdir(parents=True)
        conf = root / "etc/wpa_supplicant/wpa_supplicant-wlan0.conf"
        conf.write_text("network={\n ssid=4b69746368656e\n psk=00ff\n}\n")
        conf.chmod(0o600)
        (root / "etc/machine-id").write_text("0123456789abcdef0123456789abcdef\n")
        (root / "etc/ssh").mkdir()
        (root / "etc/ssh/ssh_host_ed25519_key").write_text("private")
        (root / "etc/ssh/ssh_host_ed25519_key").chmod(0o600)
        (root / "etc/ssh/sshd_config").write_text("the new slot's own")
    return root


def test_set_primary_copies_the_new_slots_boot_files_and_arms_one_trial(tmp_path: Path) -> None:
    rauc = backend(tmp_path)
    assert rauc.answer(["get-primary"]) == "A"
    rauc.answer(["set-primary", "B"])
    slot_b = tmp_path / "boot/slot-b"
    assert (slot_b / "vmlinuz").read_bytes() == b"kernel B"
    assert (slot_b / "cmdline.txt").read_text() == (
        "root=PARTUUID=48454152-03 rauc.slot=B ro quiet\n"
    )
    assert rauc.answer(["get-primary"]) == "B"  # the next boot, once
    assert rauc.boot.committed() == "A"  # nothing committed by installing


def test_set_primary_of_the_committed_slot_disarms_a_trial(tmp_path: Path) -> None:
    rauc = backend(tmp_path)
    rauc.answer(["set-primary", "B"])
    rauc.answer(["set-primary", "A"])
    assert rauc.trial.armed() is None and rauc.answer(["get-primary"]) == "A"


def test_the_running_slot_is_never_written(tmp_path: Path) -> None:
    card(tmp_path)
    BootPartition(tmp_path / "boot").commit("B")
    rauc = backend(tmp_path, running="A")  # A runs on trial; B is committed
    with pytest.raises(SlotError, match="running"):
        rauc.answer(["set-primary", "A"])  # would overwrite the kernel the card is using


def test_good_from_the_slot_on_trial_on_its_own_boot_commits_it(tmp_path: Path) -> None:
    backend(tmp_path).answer(["set-primary", "B"])
    on_trial = backend(tmp_path, running="B")
    on_trial.answer(["set-state", "B", "good"])
    assert on_trial.boot.committed() == "B" and on_trial.trial.armed() is None


def test_good_for_a_slot_that_is_not_running_commits_nothing(tmp_path: Path) -> None:
    rauc = backend(tmp_path, running="A")
    rauc.answer(["set-primary", "B"])
    rauc.answer(["set-state", "B", "good"])  # never booted: no one saw it healthy
    assert rauc.boot.committed() == "A"
    assert rauc.trial.armed() == "B"


def test_bad_marks_the_slot_and_disarms_its_trial(tmp_path: Path) -> None:
    rauc = backend(tmp_path)
    rauc.answer(["set-primary", "B"])
    rauc.answer(["set-state", "B", "bad"])
    assert rauc.answer(["get-state", "B"]) == "bad"
    assert rauc.trial.armed() is None and rauc.boot.committed() == "A"


def test_unknown_requests_and_slots_are_refused(tmp_path: Path) -> None:
    rauc = backend(tmp_path)
    for request in (["reboot"], ["set-primary", "C"], ["set-state", "B", "maybe"], []):
        with pytest.raises(SlotError):
            rauc.answer(request)
    assert rauc.answer(["get-current"]) == "A"


def test_the_new_slot_gets_this_boxs_wifi_machine_id_and_host_keys(tmp_path: Path) -> None:
    new_root = tmp_path / "root-b"
    (new_root / "etc/ssh").mkdir(parents=True)
    (new_root / "etc/ssh/sshd_config").write_text("the bundle's")
    (new_root / "etc/machine-id").write_text("uninitialized\n")
    backend(tmp_path).answer(["set-primary", "B"])
    conf = new_root / "etc/wpa_supplicant/wpa_supplicant-wlan0.conf"
    assert conf.read_text().startswith("network={") and conf.stat().st_mode & 0o777 == 0o600
    assert (new_root / "etc/machine-id").read_text().startswith("0123")
    assert (new_root / "etc/ssh/ssh_host_ed25519_key").stat().st_mode & 0o777 == 0o600
    assert (new_root / "etc/ssh/sshd_config").read_text() == "the bundle's"  # not carried
