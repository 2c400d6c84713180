"""image/overlay/usr/local/sbin/hearth-boot-files: Wi-Fi and SSH from the card's FAT partition.

The script runs on the image's own Python at every boot; here it runs against a temporary
boot partition and root, with a recorder in place of systemctl. image/test checks the same
script inside the booted image.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import stat
import subprocess
from pathlib import Path

import pytest

from appliance.wifi.network import derive_psk
from tests.image.scripts import load_script

TODAY = dt.date(2026, 12, 1)
KEY = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGv0n5mO3q1T4s5QmQ2b8s2F3s9bZ0t6m0Q6cO3b8jLq sam@laptop"


boot_files = load_script("image/overlay/usr/local/sbin/hearth-boot-files", "hearth_boot_files")


@pytest.fixture
def card(tmp_path: Path) -> tuple[Path, Path, list[list[str]]]:
    boot, root = tmp_path / "boot", tmp_path / "root"
    boot.mkdir()
    root.mkdir()
    return boot, root, []


def test_the_key_is_what_wpa_passphrase_derives(card):
    # IEEE 802.11i-2004, annex H.4.1: passphrase "password", SSID "IEEE".
    boot, root, ran = card
    (boot / "hearth-wifi.txt").write_text("ssid=IEEE\npassword=password\n")
    boot_files.apply_wifi(boot, root, ran.append, TODAY)
    conf = (root / boot_files.WPA_CONF).read_text()
    assert "psk=f42c6fc52df0ebef9ebb4b90b38a5f902e83fe1b135a70e23aed762e9710a12e\n" in conf


def test_wifi_is_saved_0600_and_the_password_leaves_the_card(card):
    boot, root, ran = card
    (boot / "hearth-wifi.txt").write_text(
        "# fill in\nssid=Kitchen Wi-Fi\npassword=correct horse\ncountry=gb\n"
    )
    message = boot_files.apply_wifi(boot, root, ran.append, TODAY)
    conf = root / boot_files.WPA_CONF
    text = conf.read_text()
    assert stat.S_IMODE(conf.stat().st_mode) == 0o600
    assert "ssid=" + b"Kitchen Wi-Fi".hex() in text and "country=GB" in text
    assert "psk=" + derive_psk("correct horse", b"Kitchen Wi-Fi") in text
    assert "correct horse" not in text
    left = (boot / "hearth-wifi.txt").read_text()
    assert "correct horse" not in left and "ssid=Kitchen Wi-Fi" in left
    assert "saved on the box on 2026-12-01" in left
    assert "Kitchen Wi-Fi" in message
    assert ran == []  # no wlan0 yet: udev starts wpa_supplicant when it appears


def test_wifi_restarts_wpa_supplicant_when_wlan0_is_already_there(card):
    boot, root, ran = card
    (root / "sys/class/net/wlan0").mkdir(parents=True)
    (boot / "hearth-wifi.txt").write_text("ssid=Kitchen\npassword=correct horse\n")
    boot_files.apply_wifi(boot, root, ran.append, TODAY)
    assert ran == [["systemctl", "restart", "--no-block", "wpa_supplicant@wlan0.service"]]


def test_a_blanked_password_changes_nothing_at_the_next_boot(card):
    boot, root, ran = card
    (boot / "hearth-wifi.txt").write_text("ssid=Kitchen\npassword=correct horse\n")
    boot_files.apply_wifi(boot, root, ran.append, TODAY)
    before = (root / boot_files.WPA_CONF).read_text()
    message = boot_files.apply_wifi(boot, root, ran.append, TODAY)
    assert "unchanged" in message
    assert (root / boot_files.WPA_CONF).read_text() == before


@pytest.mark.parametrize(
    "bad, why, password",
    [
        ("ssid=Kitchen\npassword=short\n", "needs 8 to 63", "short"),
        ("ssid=Kitchen\npassword=correct horse\ncountry=Britain\n", "two letters", "correct horse"),
        ("ssid Kitchen\ncorrect horse\n", "line 1 is not a setting", "correct horse"),
        ("ssid=Kitchen\nmagic=correct horse\n", "'magic' is not a setting", "correct horse"),
        ("ssid=Kitchen\npassword=correct horse\npasword=correct horse\n", "both give", "correct"),
        ("password=correct horse\n", "no network name", "correct horse"),
    ],
)
def test_a_file_that_cannot_be_used_says_why_and_the_password_leaves_anyway(
    card, bad, why, password
):
    boot, root, ran = card
    (boot / "hearth-wifi.txt").write_text(bad)
    message = boot_files.apply_wifi(boot, root, ran.append, TODAY)
    assert why in message
    left = (boot / "hearth-wifi.txt").read_text()
    assert why in left and "removed from this card" in left
    assert password not in left  # never left lying on the FAT partition
    assert not (root / boot_files.WPA_CONF).exists()
    assert ran == []
    told = json.loads((root / boot_files.STATUS).read_text())["hearth-wifi.txt"]
    assert told["ok"] is False and why in told["problem"] and password not in json.dumps(told)


NOTEPAD = "ssid=Kitchen Wi-Fi\npassword=correct horse\ncountry=gb\n"


@pytest.mark.parametrize(
    "name, raw",
    [
        ("UTF-8 with a BOM, CRLF", b"\xef\xbb\xbf" + NOTEPAD.replace("\n", "\r\n").encode()),
        ("UTF-16 LE with a BOM", b"\xff\xfe" + NOTEPAD.replace("\n", "\r\n").encode("utf-16-le")),
        ("UTF-16 BE with a BOM", b"\xfe\xff" + NOTEPAD.encode("utf-16-be")),
        ("quotes and spaces", b'SSID = "Kitchen Wi-Fi"\nPassword: "correct horse"\ncountry=GB\n'),
        ("a typo and other names", b"Wi-Fi name=Kitchen Wi-Fi\npasword=correct horse\nregion=gb\n"),
        (
            "Windows-1252",
            "ssid=Kitchen Wi-Fi\npassword=correct horse\ncountry=GB\n# caf\xe9\n".encode("cp1252"),
        ),
    ],
)
def test_what_notepad_writes_is_read_and_written_back_the_same_way(card, name, raw):
    boot, root, ran = card
    (boot / "hearth-wifi.txt").write_bytes(raw)
    message = boot_files.apply_wifi(boot, root, ran.append, TODAY)
    assert "Wi-Fi set to 'Kitchen Wi-Fi'" in message, name
    conf = (root / boot_files.WPA_CONF).read_text()
    assert "psk=" + derive_psk("correct horse", b"Kitchen Wi-Fi") in conf
    assert "country=GB" in conf
    left = (boot / "hearth-wifi.txt").read_bytes()
    for encoding in ("utf-8", "utf-16-le", "utf-16-be"):
        assert "correct horse".encode(encoding) not in left
    text, written = boot_files.decode(left)
    assert written == boot_files.decode(raw)[1]  # the same encoding, BOM and line ends
    assert "saved on the box on 2026-12-01" in text
    assert json.loads((root / boot_files.STATUS).read_text())["hearth-wifi.txt"]["ok"] is True


def test_a_64_hex_digit_key_is_used_as_the_key(card):
    boot, root, ran = card
    key = "a" * 64
    (boot / "hearth-wifi.txt").write_text(f"ssid=Kitchen\npassword={key}\n")
    boot_files.apply_wifi(boot, root, ran.append, TODAY)
    assert f"psk={key}" in (root / boot_files.WPA_CONF).read_text()
    assert key not in (boot / "hearth-wifi.txt").read_text()


# -- the partition's raw bytes -------------------------------------------------------------


def _filesystem() -> str:
    """vfat when this kernel has it (the card's own), else ext2: like FAT, it has no journal
    and no copy-on-write, so a file's bytes are overwritten where they lie."""
    if "vfat" in Path("/proc/filesystems").read_text():
        return "vfat"
    loaded = subprocess.run(["modprobe", "vfat"], capture_output=True, check=False)
    return "vfat" if loaded.returncode == 0 else "ext2"


@pytest.fixture
def partition(tmp_path: Path):
    """A real partition image, loop-mounted (the suite runs as root, as CI does)."""
    assert os.geteuid() == 0, "this test loop-mounts a partition image: run the suite as root"
    image, mounted = tmp_path / "boot.img", tmp_path / "boot"
    mounted.mkdir()
    kind = _filesystem()
    with image.open("wb") as handle:
        handle.truncate(8 * 1024 * 1024)
    if kind == "vfat":
        subprocess.run(
            ["mkfs.vfat", "-n", "HEARTHBOOT", str(image)], check=True, capture_output=True
        )
    else:
        subprocess.run(["mkfs.ext2", "-q", "-F", str(image)], check=True)
    subprocess.run(["mount", "-o", "loop", str(image), str(mounted)], check=True)

    def unmount() -> None:
        subprocess.run(["umount", str(mounted)], check=True)

    try:
        yield image, mounted, unmount
    finally:
        subprocess.run(["umount", str(mounted)], capture_output=True, check=False)


PASSWORD = "Zq7-correct-horse-battery"  # nowhere else on a fresh partition


def test_after_the_scrub_the_partitions_bytes_do_not_hold_the_password(partition, tmp_path):
    image, boot, unmount = partition
    root = tmp_path / "root"
    root.mkdir()
    wifi = boot / "hearth-wifi.txt"
    wifi.write_text(f"ssid=Kitchen\npassword={PASSWORD}\ncountry=GB\n")
    os.sync()
    boot_files.apply_wifi(boot, root, [].append, TODAY)
    assert PASSWORD not in wifi.read_text()
    unmount()
    assert PASSWORD.encode() not in image.read_bytes()


def test_a_file_that_cannot_be_used_is_scrubbed_from_the_partition_too(partition, tmp_path):
    image, boot, unmount = partition
    (boot / "hearth-wifi.txt").write_text(f"ssid=Kitchen\npasswd {PASSWORD}\n")
    os.sync()
    message = boot_files.apply_wifi(boot, tmp_path, [].append, TODAY)
    assert "not a setting" in message
    unmount()
    assert PASSWORD.encode() not in image.read_bytes()


def test_writing_a_new_file_over_it_leaves_the_password_on_the_partition(partition):
    """The positive control, and why the scrub is in place: the way the file used to be
    blanked (a new file renamed over it) leaves the old bytes where they were."""
    image, boot, unmount = partition
    wifi = boot / "hearth-wifi.txt"
    wifi.write_text(f"ssid=Kitchen\npassword={PASSWORD}\n")
    os.sync()
    boot_files.write_boot_file(wifi, "ssid=Kitchen\npassword=\n")
    assert PASSWORD not in wifi.read_text()
    unmount()
    assert PASSWORD.encode() in image.read_bytes()


def test_ssh_is_off_without_hearth_ssh_txt(card):
    boot, root, ran = card
    keys = root / boot_files.AUTHORIZED_KEYS
    keys.parent.mkdir(parents=True)
    keys.write_text(KEY + "\n")  # from a file since deleted: SSH goes off with it
    assert "SSH off" in boot_files.apply_ssh(boot, root, ran.append)
    assert not keys.exists()
    assert ran == [["systemctl", "disable", "--now", "--no-block", "ssh.service"]]


def test_keys_in_hearth_ssh_txt_turn_ssh_on_with_those_keys_only(card):
    boot, root, ran = card
    (boot / "hearth-ssh.txt").write_text(f"# my laptop\n{KEY}\n")
    assert "SSH on" in boot_files.apply_ssh(boot, root, ran.append)
    keys = root / boot_files.AUTHORIZED_KEYS
    assert keys.read_text() == KEY + "\n"
    assert stat.S_IMODE(keys.stat().st_mode) == 0o600
    assert ["ssh-keygen", "-A"] in ran and ["systemctl", "enable", "ssh.service"] in ran


def test_a_line_that_is_not_a_key_leaves_ssh_as_it_was(card):
    boot, root, ran = card
    (boot / "hearth-ssh.txt").write_text("password=hunter22\n")
    assert "not an SSH public key" in boot_files.apply_ssh(boot, root, ran.append)
    assert not (root / boot_files.AUTHORIZED_KEYS).exists()
    assert ran == []
