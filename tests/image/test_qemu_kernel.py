"""image/test: which kernel and initrd it boots, read from the card's own boot partition.

The Pi card names them in config.txt, as the Pi's firmware reads them; the amd64 image has
fixed names. A FAT partition is made here with mkfs.vfat and read back with mtools, as
image/test reads the real card.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tests.image.scripts import load_script

RASPI_FIRMWARE_CONFIG = """\
# Do not modify this file!
arm_64bit=1
enable_uart=1
upstream_kernel=1

kernel=vmlinuz-6.12.117+deb13-arm64
# For details on the initramfs directive, see
initramfs initrd.img-6.12.117+deb13-arm64

# Inserted by /etc/default/raspi-firmware-custom
dtparam=spi=on
dtparam=i2c_arm=on
dtoverlay=pi4-spidev
"""


image_test = load_script("image/test", "hearth_image_test")


def fat_with(tmp_path: Path, config: str) -> Path:
    disk = tmp_path / "boot.vfat"
    mkfs = shutil.which("mkfs.vfat") or "/usr/sbin/mkfs.vfat"
    subprocess.run([mkfs, "-C", str(disk), "8192"], check=True, capture_output=True)
    (tmp_path / "config.txt").write_text(config)
    subprocess.run(
        ["mcopy", "-i", str(disk), str(tmp_path / "config.txt"), "::/config.txt"],
        check=True,
        env={"MTOOLS_SKIP_CHECK": "1", "PATH": "/usr/bin:/bin"},
    )
    return disk


def test_the_pi_card_boots_the_kernel_and_initrd_its_config_txt_names(tmp_path):
    disk = fat_with(tmp_path, RASPI_FIRMWARE_CONFIG)
    work = tmp_path / "work"
    work.mkdir()
    assert image_test.boot_files(disk, 0, "arm64", work) == {
        "vmlinuz": "vmlinuz-6.12.117+deb13-arm64",
        "initrd.img": "initrd.img-6.12.117+deb13-arm64",
        "cmdline.txt": "cmdline.txt",
    }


def test_a_config_txt_without_a_kernel_line_is_a_failure_that_shows_the_file(tmp_path):
    disk = fat_with(tmp_path, RASPI_FIRMWARE_CONFIG.replace("kernel=", "#kernel="))
    work = tmp_path / "work"
    work.mkdir()
    with pytest.raises(image_test.Failed, match="names no kernel="):
        image_test.boot_files(disk, 0, "arm64", work)


def test_the_amd64_image_has_fixed_names_and_no_config_txt(tmp_path):
    names = image_test.boot_files(tmp_path / "no-such-disk", 0, "amd64", tmp_path)
    assert names == {"vmlinuz": "vmlinuz", "initrd.img": "initrd.img", "cmdline.txt": "cmdline.txt"}


def test_the_card_tests_qr_reader_reads_a_drawn_welcome_card(tmp_path: Path) -> None:
    """image/test reads the guest's board.png with its own snippet; it once imported a
    name the panel had renamed, so the card test failed on a card that was right."""
    import sys

    from appliance.panel.panels import DEFAULT_MODEL, model_named
    from appliance.panel.render import draw
    from appliance.panel.welcome import WelcomeCard

    url = "http://192.0.2.7:4327/"
    board = tmp_path / "board.png"
    draw(
        WelcomeCard(url, "http://hearth.local:4327/", "t" * 43, True), model_named(DEFAULT_MODEL)
    ).save(board)

    def read(wanted: str) -> int:
        return subprocess.run(
            [sys.executable, "-c", image_test.READ_QR, str(board), wanted], cwd=image_test.REPO
        ).returncode

    assert read(url) == 0
    assert read("http://192.0.2.8:4327/") == 1  # another address is not read as this one


def test_a_failed_unit_is_reported_with_its_journal() -> None:
    """The card test's failure report asks the guest for each unit's status and journal
    (a guest that records the shell command it was given stands in for the VM)."""

    class RecordingGuest:
        def __init__(self) -> None:
            self.commands: list[str] = []

        def run(self, command: str, timeout: float = 60, check: bool = False):
            self.commands.append(command)
            return 0, f"ran: {command}"

    guest = RecordingGuest()
    report = image_test.journals(guest, ["hearth-brain.service", "avahi-daemon.service"])
    for unit in ("hearth-brain.service", "avahi-daemon.service"):
        assert f"journalctl -b -u {unit}" in guest.commands[0]
        assert f"systemctl status --no-pager -n 0 {unit}" in report
    assert image_test.journals(guest, []) == "ran: true"  # nothing failed: no empty command


def test_the_accelerator_can_be_forced_either_way(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(image_test, "_PROBED", {})
    monkeypatch.setenv("HEARTH_QEMU_ACCEL", "tcg")
    assert image_test.accelerator("amd64", tmp_path) == "tcg"
    monkeypatch.setenv("HEARTH_QEMU_ACCEL", "kvm")
    assert image_test.accelerator("amd64", tmp_path) == "kvm"


def test_the_pi_card_is_emulated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """KVM runs only a guest of the host's own architecture: the arm64 card is TCG's here."""
    monkeypatch.setattr(image_test, "_PROBED", {})
    monkeypatch.delenv("HEARTH_QEMU_ACCEL", raising=False)
    assert image_test.accelerator("arm64", tmp_path) == "tcg"


def test_kvm_cpu_leaves_out_the_msr_nested_hosts_refuse() -> None:
    """Under KVM the guest's CPU is the host's, less arch-capabilities (a nested host aborts
    QEMU on that MSR); under TCG it is QEMU's widest model, which has AVX2 for llama.cpp."""
    assert image_test.qemu_machine("amd64", "kvm")[-1] == "host,-arch-capabilities"
    assert image_test.qemu_machine("amd64", "tcg")[-1] == "max"
    assert image_test.qemu_machine("arm64", "tcg")[-1] == "cortex-a72"


@pytest.mark.skipif(shutil.which("qemu-system-x86_64") is None, reason="needs QEMU")
def test_a_kernel_that_never_boots_is_not_taken_for_kvm(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """KVM answering is not enough: the probe needs the kernel to report its AVX state.
    A 'kernel' that is not one never does, whatever this machine's KVM can do."""
    monkeypatch.setattr(image_test, "PROBE_SECONDS", 3)
    (tmp_path / "vmlinuz").write_bytes(b"\0" * 4096)
    assert image_test.kvm_runs_kernel("amd64", tmp_path) is False
    assert not (tmp_path / "kvm-probe.log").exists()
