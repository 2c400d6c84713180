"""image/test: which kernel and initrd it boots, read from the card's own boot partition.

The Pi card names them in config.txt, as the Pi's firmware reads them; the amd64 image has
fixed names. A FAT partition is made here with mkfs.vfat and read back with mtools, as
image/test reads the real card.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.image.scripts import load_script

image_test = load_script("image/test", "hearth_image_test")
image_guest = sys.modules["guest"]  # image/test's QEMU harness, image/guest.py


def fat_with(tmp_path: Path, files: dict[str, bytes]) -> Path:
    disk = tmp_path / "boot.vfat"
    mkfs = shutil.which("mkfs.vfat") or "/usr/sbin/mkfs.vfat"
    subprocess.run([mkfs, "-C", str(disk), "8192"], check=True, capture_output=True)
    env = {"MTOOLS_SKIP_CHECK": "1", "PATH": "/usr/bin:/bin"}
    subprocess.run(["mmd", "-i", str(disk), "::/slot-a"], check=True, env=env)
    for name, data in files.items():
        (tmp_path / "file").write_bytes(data)
        subprocess.run(
            ["mcopy", "-i", str(disk), str(tmp_path / "file"), f"::/{name}"], check=True, env=env
        )
    return disk


def test_the_card_is_booted_from_slot_a_on_its_boot_partition(tmp_path: Path) -> None:
    disk = fat_with(
        tmp_path,
        {
            "slot-a/vmlinuz": b"kernel",
            "slot-a/initrd.img": b"initrd",
            "slot-a/cmdline.txt": b"root=PARTUUID=48454152-02 rauc.slot=A",
            "vmlinuz": b"not this one",
        },
    )
    work = tmp_path / "work"
    work.mkdir()
    image_test.boot_files(disk, 0, work)
    assert (work / "vmlinuz").read_bytes() == b"kernel"
    assert (work / "initrd.img").read_bytes() == b"initrd"
    assert (work / "cmdline.txt").read_text().endswith("rauc.slot=A")


def test_a_card_without_slot_a_is_a_failure(tmp_path: Path) -> None:
    disk = fat_with(tmp_path, {"vmlinuz": b"the old layout"})
    work = tmp_path / "work"
    work.mkdir()
    with pytest.raises(subprocess.CalledProcessError):
        image_test.boot_files(disk, 0, work)


def test_the_card_tests_qr_reader_reads_a_drawn_welcome_card(tmp_path: Path) -> None:
    """image/test reads the guest's board.png with its own snippet; it once imported a
    name the panel had renamed, so the card test failed on a card that was right."""
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
    report = image_guest.journals(guest, ["hearth-brain.service", "avahi-daemon.service"])
    for unit in ("hearth-brain.service", "avahi-daemon.service"):
        assert f"journalctl -b -u {unit}" in guest.commands[0]
        assert f"systemctl status --no-pager -n 0 {unit}" in report
    assert image_guest.journals(guest, []) == "ran: true"  # nothing failed: no empty command


def test_the_accelerator_can_be_forced_either_way(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(image_guest, "_PROBED", {})
    monkeypatch.setenv("HEARTH_QEMU_ACCEL", "tcg")
    assert image_guest.accelerator("amd64", tmp_path) == "tcg"
    monkeypatch.setenv("HEARTH_QEMU_ACCEL", "kvm")
    assert image_guest.accelerator("amd64", tmp_path) == "kvm"


def test_the_pi_card_is_emulated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """KVM runs only a guest of the host's own architecture: the arm64 card is TCG's here."""
    monkeypatch.setattr(image_guest, "_PROBED", {})
    monkeypatch.delenv("HEARTH_QEMU_ACCEL", raising=False)
    assert image_guest.accelerator("arm64", tmp_path) == "tcg"


def test_kvm_cpu_leaves_out_the_msr_nested_hosts_refuse() -> None:
    """Under KVM the guest's CPU is the host's, less arch-capabilities (a nested host aborts
    QEMU on that MSR); under TCG it is QEMU's widest model, which has AVX2 for llama.cpp."""
    assert image_guest.qemu_machine("amd64", "kvm")[-1] == "host,-arch-capabilities"
    assert image_guest.qemu_machine("amd64", "tcg")[-1] == "max"
    assert image_guest.qemu_machine("arm64", "tcg")[-1] == "cortex-a72"


@pytest.mark.skipif(shutil.which("qemu-system-x86_64") is None, reason="needs QEMU")
def test_a_kernel_that_never_boots_is_not_taken_for_kvm(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """KVM answering is not enough: the probe needs the kernel to report its AVX state.
    A 'kernel' that is not one never does, whatever this machine's KVM can do."""
    monkeypatch.setattr(image_guest, "PROBE_SECONDS", 3)
    (tmp_path / "vmlinuz").write_bytes(b"\0" * 4096)
    assert image_guest.kvm_runs_kernel("amd64", tmp_path) is False
    assert not (tmp_path / "kvm-probe.log").exists()


RACE = """[    2.924887] Oops: int3: 0000 [#2] PREEMPT SMP NOPTI
[    2.924976] RIP: 0010:sched_clock_cpu+0x9/0x1d0
[    2.925244] Kernel panic - not syncing: Fatal exception in interrupt
"""
EXITED = "boot 3: QEMU exited (0) during `echo shell`"


@pytest.mark.parametrize(
    ("accel", "console", "failure", "started_again"),
    [
        ("tcg", RACE, EXITED, True),
        # Controls: the same panic under KVM, another panic, and a shell that never came.
        ("kvm", RACE, EXITED, False),
        ("tcg", "Kernel panic - not syncing: VFS: Unable to mount root fs\n", EXITED, False),
        ("tcg", RACE, "boot 3: no shell on ttyS1 within 420 s", False),
    ],
)
def test_a_boot_is_started_again_only_for_the_emulators_own_race(
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    accel: str,
    console: str,
    failure: str,
    started_again: bool,
) -> None:
    """Under TCG a vCPU can run a breakpoint the kernel already patched out ("Oops: int3"):
    QEMU's fault, not the card's, so image/test boots once more. Any other failure stands."""
    monkeypatch.setenv("HEARTH_QEMU_ACCEL", accel)
    guest = image_guest.Guest(tmp_path, tmp_path / "disk.raw", 3, "amd64")
    guest.console.write_text(console)
    assert image_guest.emulator_race(guest, failure) is started_again


@pytest.mark.parametrize("races", [1, 2])
def test_boot_starts_again_once_and_keeps_the_first_console(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, races: int
) -> None:
    """One race: a second boot, the first console kept beside it. Two: the test fails
    (a stand-in for QEMU writes the console; nothing else of the guest runs)."""
    monkeypatch.setenv("HEARTH_QEMU_ACCEL", "tcg")
    started: list[int] = []

    def start(guest: object) -> None:
        started.append(1)

    def wait_for_shell(guest: object) -> None:
        if len(started) <= races:
            guest.console.write_text(RACE)  # type: ignore[attr-defined]
            raise image_guest.Failed(EXITED)

    monkeypatch.setattr(image_guest.Guest, "start", start)
    monkeypatch.setattr(image_guest.Guest, "wait_for_shell", wait_for_shell)
    guests: list = []
    if races == 1:
        guest = image_guest.boot(tmp_path, tmp_path / "disk.raw", 3, guests, "amd64")
        assert guests == [guest] and len(started) == 2
        assert (tmp_path / "console-3-emulator-race.log").read_text() == RACE
    else:
        with pytest.raises(image_guest.Failed, match="QEMU exited"):
            image_guest.boot(tmp_path, tmp_path / "disk.raw", 3, guests, "amd64")
        assert len(started) == 2


RESTART = "[   25.705189] reboot: Restarting system\n"


@pytest.mark.parametrize(
    ("consoles", "passes"),
    [
        ([RESTART], True),
        # Controls: a panic (panic=-1 also ends QEMU with 0), a power-off, and the
        # emulator's race once, then a clean restart (booted once more).
        (["Kernel panic - not syncing: VFS: Unable to mount root fs\n" + RESTART], False),
        (["reboot: Power down\n"], False),
        ([RACE, RESTART], True),
    ],
)
def test_a_boot_that_restarts_by_itself_passes_only_on_the_kernels_restart(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, consoles: list[str], passes: bool
) -> None:
    """Boot 1 (the data partition grown) and boot 7 (a rollback) are not asked for the
    shell: the guest may restart before it answers. What QEMU's console says decides."""
    monkeypatch.setenv("HEARTH_QEMU_ACCEL", "tcg")
    started: list[int] = []

    def start(guest: object) -> None:
        guest.console.write_text(consoles[len(started)])  # type: ignore[attr-defined]
        started.append(1)

    monkeypatch.setattr(image_guest.Guest, "start", start)
    monkeypatch.setattr(image_guest.Guest, "wait_exit", lambda guest, seconds: None)
    if passes:
        image_guest.boot_to_restart(tmp_path, tmp_path / "disk.raw", 1, [], "amd64")
        assert len(started) == len(consoles)
    else:
        with pytest.raises(image_guest.Failed, match="without the kernel's own restart"):
            image_guest.boot_to_restart(tmp_path, tmp_path / "disk.raw", 1, [], "amd64")
        assert len(started) == 1
