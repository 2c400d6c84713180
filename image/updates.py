"""The PC card's A/B updates, checked under QEMU by image/test (boots 4 to 8).

    boot 4  a bundle signed by a key the card does not trust, and one with a changed
            payload byte, are refused with slot B untouched; then the power is cut while
            RAUC writes image/build's own bundle into slot B
    boot 5  the card runs slot A (the old one) with every unit active, and says the update
            was interrupted; the same bundle installed again, and the card reboots
    boot 6  slot B on trial passes the health check and is committed; the household's
            facts are there, and the box's machine id and saved Wi-Fi came along; a
            bundle whose brain cannot start is installed into slot A
    boot 7  slot A on trial fails its check; the card rolls back by itself (a reboot)
    boot 8  the card runs slot B again, says why the update was rolled back, data intact

The bundles reach the guest on a second, read-only disk (/dev/vdb), as on a USB stick:
`hearth update` copies a bundle onto the data partition before anything reads it.
Standard library only, plus the build machine's rauc, debugfs and openssl.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import time
from pathlib import Path

from guest import (
    BOOT_SECONDS,
    Failed,
    Guest,
    ask,
    boot,
    boot_to_restart,
    hearth_cli,
    hearth_cli_ok,
    settle,
    stage,
)

# image/build's development key, where it makes it (${XDG_CACHE_HOME:-$HOME/.cache}/hearth)
SIGNING = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "hearth/signing"
BUNDLES_AT = "/mnt/bundles"
SLOT_B = "/dev/disk/by-partuuid/48454152-03"
BROKEN_BRAIN = "[Service]\nExecStartPre=/bin/false\n"
WIFI_CONF = "/etc/wpa_supplicant/wpa_supplicant-wlan0.conf"  # from hearth-wifi.txt at boot 2


def rauc_version(bundle: Path) -> str:
    shown = subprocess.run(
        [
            "rauc",
            "info",
            "--output-format=json",
            f"--keyring={SIGNING / 'development.cert.pem'}",
            str(bundle),
        ],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return json.loads(shown)["version"]


def sign(content: Path, out: Path, version: str, key: Path, cert: Path) -> None:
    (content / "manifest.raucm").write_text(
        f"[update]\ncompatible=hearth-amd64\nversion={version}\n\n[bundle]\nformat=verity\n\n"
        "[image.rootfs]\nfilename=root.ext4\n"
    )
    subprocess.run(
        [
            "rauc",
            "bundle",
            f"--cert={cert}",
            f"--key={key}",
            "--mksquashfs-args=-comp lz4",  # the fastest to make; the kernel reads it too
            str(content),
            str(out),
        ],
        check=True,
        capture_output=True,
    )


def make_bundles(bundle: Path, work: Path) -> Path:
    """A disk of bundles: good (image/build's own), tampered, foreign-signed, broken."""
    folder = work / "bundles"
    folder.mkdir()
    good = folder / "good.raucb"
    try:
        os.link(bundle, good)  # the build's own bundle, as it is: no copy of a gigabyte
    except OSError:
        shutil.copyfile(bundle, good)
    version = rauc_version(good)
    # Two small bundles (a 16 MiB root): refused before anything is written, so their size
    # does not matter, and a small one is quick to copy and check under QEMU's emulator.
    small = work / "small"
    small.mkdir()
    subprocess.run(["truncate", "-s", "16M", str(small / "root.ext4")], check=True)
    subprocess.run(["mkfs.ext4", "-q", str(small / "root.ext4")], check=True)
    (small / "noise").write_bytes(os.urandom(256 * 1024))
    # Signed with the card's own key, then one byte of its payload changed (the signature
    # and manifest left as they were): only the payload check can refuse it.
    tampered = folder / "tampered.raucb"
    sign(
        small, tampered, version, SIGNING / "development.key.pem", SIGNING / "development.cert.pem"
    )
    with open(tampered, "r+b") as handle:
        handle.seek(5000)
        byte = handle.read(1)
        handle.seek(5000)
        handle.write(bytes([byte[0] ^ 0xFF]))
    # Signed by a key the card was never given.
    stranger = work / "stranger"
    stranger.mkdir()
    subprocess.run(
        [
            "openssl",
            "req",
            "-x509",
            "-newkey",
            "ec",
            "-pkeyopt",
            "ec_paramgen_curve:prime256v1",
            "-nodes",
            "-days",
            "2",
            "-subj",
            "/CN=not Hearth",
            "-keyout",
            str(stranger / "key.pem"),
            "-out",
            str(stranger / "cert.pem"),
        ],
        check=True,
        capture_output=True,
    )
    sign(small, folder / "foreign.raucb", version, stranger / "key.pem", stranger / "cert.pem")
    # The good bundle's own root image (squashfs: the bundle file starts with it), whose
    # brain cannot start: the health check must refuse it.
    broken = work / "broken"
    subprocess.run(
        ["unsquashfs", "-no-progress", "-d", str(broken), str(good), "root.ext4"],
        check=True,
        capture_output=True,
    )
    root = broken / "root.ext4"
    dropin = work / "broken.conf"
    dropin.write_text(BROKEN_BRAIN)
    release = work / "release"
    release.write_text(f"{version}-broken\n")
    commands = work / "debugfs.cmds"
    commands.write_text(
        "mkdir /etc/systemd/system/hearth-brain.service.d\n"
        f"write {dropin} /etc/systemd/system/hearth-brain.service.d/broken.conf\n"
        "rm /etc/hearth/release\n"
        f"write {release} /etc/hearth/release\n"
    )
    subprocess.run(
        ["debugfs", "-w", "-f", str(commands), str(root)], check=True, capture_output=True
    )
    sign(
        broken,
        folder / "broken.raucb",
        f"{version}-broken",
        SIGNING / "development.key.pem",
        SIGNING / "development.cert.pem",
    )
    shutil.rmtree(broken)
    stick = work / "stick.ext4"
    size = sum(p.stat().st_size for p in folder.iterdir()) * 11 // 10 // 2**20 + 64
    subprocess.run(
        ["mkfs.ext4", "-q", "-L", "BUNDLES", "-d", str(folder), str(stick), f"{size}M"], check=True
    )
    shutil.rmtree(folder)
    return stick


# -- in the guest ----------------------------------------------------------------------


def mount_bundles(guest: Guest) -> None:
    guest.out(f"mkdir -p {BUNDLES_AT} && mount -o ro /dev/vdb {BUNDLES_AT}")


def slots(guest: Guest) -> dict:
    return json.loads(hearth_cli_ok(guest, "update --status --json"))


def expect_slots(guest: Guest, running: str, committed: str, state: str | None) -> dict:
    shown = slots(guest)
    last = shown.get("last_update") or {}
    if (shown["running"], shown["committed"], last.get("state")) != (running, committed, state):
        raise Failed(
            f"boot {guest.boot}: expected slot {running} running, {committed} committed, last "
            f"update {state}; the card says {shown}"
        )
    print(
        f"image/test: boot {guest.boot}: slot {running} running, {committed} committed, "
        f"last update {state} {last.get('why', '')}".rstrip(),
        flush=True,
    )
    return shown


def slot_b_print(guest: Guest) -> str:
    return guest.out(f"head -c 64M {SLOT_B} | sha256sum | cut -c1-16")


def refused(guest: Guest, name: str, words: tuple[str, ...]) -> None:
    before = slot_b_print(guest)
    status, said = hearth_cli(guest, f"update {BUNDLES_AT}/{name} --no-reboot")
    if status == 0 or not any(word in said.lower() for word in words):
        raise Failed(f"{name} was not refused as it should be (exit {status}): {said}")
    if slot_b_print(guest) != before:
        raise Failed(f"{name} was refused, but slot B was written")
    if guest.run("test -e /boot/firmware/slot-b/state")[0] == 0:
        raise Failed(f"{name} was refused, but slot B was marked for writing")
    expect_slots(guest, "A", "A", "refused")
    print(f"image/test: {name} refused, slot B untouched: {said.splitlines()[-1]}", flush=True)


def cut_while_writing(guest: Guest) -> None:
    guest.out(f"setsid hearth update {BUNDLES_AT}/good.raucb --no-reboot >/run/update.log 2>&1 &")
    deadline = time.monotonic() + 600
    # RAUC marks slot B bad just before it writes; then its first blocks change.
    while (
        guest.run(
            f'test "$(cat /boot/firmware/slot-b/state 2>/dev/null)" = bad && '
            f"! cmp -s -n 1048576 {SLOT_B} /dev/zero"
        )[0]
        != 0
    ):
        if time.monotonic() > deadline:
            raise Failed(
                f"RAUC never started writing slot B:\n{guest.run('cat /run/update.log')[1]}"
            )
        time.sleep(1)
    time.sleep(3)
    if guest.run("pgrep -x rauc >/dev/null || pgrep -f 'rauc service' >/dev/null")[0] != 0:
        raise Failed(f"the install was over before the cut: {guest.run('cat /run/update.log')[1]}")
    guest.cut_power()
    print("image/test: power cut while RAUC was writing slot B", flush=True)


def install_and_reboot(guest: Guest, name: str) -> None:
    """`hearth update` reboots the card by itself; under -no-reboot QEMU then exits."""
    # Its lines (each step's time) go to the console log too: the guest reboots after.
    guest.run(f"hearth update {BUNDLES_AT}/{name} 2>&1 | tee /dev/ttyS0", timeout=1800)
    guest.wait_exit(BOOT_SECONDS)


def check_updates(
    work: Path, disk: Path, bundles: Path, guests: list[Guest], guest: Guest, token: str
) -> None:
    """Boots 4 (already up, with the bundles' disk) to 8."""
    with stage("boot 4: foreign and tampered bundles refused; power cut mid-update"):
        mount_bundles(guest)
        expect_slots(guest, "A", "A", None)
        own = guest.out(f"cat /etc/machine-id {WIFI_CONF} | sha256sum")
        refused(guest, "foreign.raucb", ("signature", "verif"))
        refused(guest, "tampered.raucb", ("payload", "corrupt", "verif", "hash"))
        cut_while_writing(guest)
    with stage("boot 5: the old slot boots after the cut; the update installed"):
        fifth = boot(work, disk, 5, guests, "amd64", bundles)
        settle(fifth)
        expect_slots(fifth, "A", "A", "failed")
        mount_bundles(fifth)
        install_and_reboot(fifth, "good.raucb")
    with stage("boot 6: slot B on trial, healthy, committed"):
        sixth = boot(work, disk, 6, guests, "amd64", bundles)
        settle(sixth)  # waits for hearth-update-check, which commits
        expect_slots(sixth, "B", "B", "committed")
        if sixth.out(f"cat /etc/machine-id {WIFI_CONF} | sha256sum") != own:
            raise Failed("the new slot lost this box's machine id or its saved Wi-Fi")
        reply = ask(sixth, token, "what is Sam allergic to?")
        if "peanuts" not in reply:
            raise Failed(f"the household's fact is gone after the update: {reply!r}")
        mount_bundles(sixth)
        install_and_reboot(sixth, "broken.raucb")
    with stage("boot 7: slot A on trial, its brain fails, rolled back by itself"):
        boot_to_restart(work, disk, 7, guests, "amd64", bundles, 1200)  # the check's reboot
    with stage("boot 8: slot B again, the rollback said, data intact"):
        eighth = boot(work, disk, 8, guests, "amd64", bundles)
        settle(eighth)
        shown = expect_slots(eighth, "B", "B", "rolled-back")
        if "hearth-brain" not in shown["last_update"]["why"]:
            raise Failed(f"the rollback does not say the brain failed: {shown['last_update']}")
        reply = ask(eighth, token, "what is Sam allergic to?")
        if "peanuts" not in reply:
            raise Failed(f"the household's fact is gone after the rollback: {reply!r}")
        hearth_cli_ok(eighth, "audit verify")
    with stage("boot 8: power off"):
        eighth.power_off()
