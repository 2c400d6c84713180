"""image/overlay/usr/local/sbin/hearth-boot-files: Wi-Fi and SSH from the card's FAT partition.

The script runs on the image's own Python at every boot; here it runs against a temporary
boot partition and root, with a recorder in place of systemctl. image/test checks the same
script inside the booted image.
"""

from __future__ import annotations

import datetime as dt
import stat
from pathlib import Path

import pytest

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


def test_the_key_is_what_wpa_passphrase_derives():
    # IEEE 802.11i-2004, annex H.4.1: passphrase "password", SSID "IEEE".
    assert boot_files.Wifi("IEEE", "password").psk() == (
        "f42c6fc52df0ebef9ebb4b90b38a5f902e83fe1b135a70e23aed762e9710a12e"
    )


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
    assert "psk=" + boot_files.Wifi("Kitchen Wi-Fi", "correct horse").psk() in text
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
    "bad, why",
    [
        ("ssid=Kitchen\npassword=short\n", "8 to 63"),
        ("ssid=Kitchen\npassword=correct horse\ncountry=Britain\n", "two letters"),
        ("ssid=Kitchen\npasword=correct horse\n", "unknown setting 'pasword'"),
        ("ssid Kitchen\n", "not key=value"),
    ],
)
def test_a_file_that_cannot_be_used_says_why_in_itself_and_writes_nothing(card, bad, why):
    boot, root, ran = card
    (boot / "hearth-wifi.txt").write_text(bad)
    message = boot_files.apply_wifi(boot, root, ran.append, TODAY)
    assert why in message
    assert why in (boot / "hearth-wifi.txt").read_text()
    assert not (root / boot_files.WPA_CONF).exists()
    assert ran == []


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
