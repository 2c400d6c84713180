"""network.py: the key, the checks and the one file both ways in write."""

from __future__ import annotations

import datetime as dt
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from appliance.wifi.network import (
    WPA_CONF,
    Network,
    NetworkError,
    derive_psk,
    saved_network,
)
from tests.image.scripts import REPO, load_script

boot_files = load_script("image/overlay/usr/local/sbin/hearth-boot-files", "hearth_boot_files")

IEEE_KEY = "f42c6fc52df0ebef9ebb4b90b38a5f902e83fe1b135a70e23aed762e9710a12e"


def test_the_key_is_the_ieee_802_11i_test_vector():
    # IEEE 802.11i-2004, annex H.4.1: passphrase "password", SSID "IEEE".
    assert derive_psk("password", b"IEEE") == IEEE_KEY
    assert Network.from_password(b"IEEE", "password").psk == IEEE_KEY


def test_the_second_test_vector_and_a_key_given_as_hex():
    # H.4.2: passphrase "ThisIsAPassword", SSID "ThisIsASSID".
    assert derive_psk("ThisIsAPassword", b"ThisIsASSID") == (
        "0dc0d6eb90555ed6419756b9a15ec3e3209b63df707dd508d14581f8982721af"
    )
    assert derive_psk("A" * 64, b"anything") == "a" * 64


def test_the_file_is_exactly_these_bytes():
    conf = Network.from_password(b"IEEE", "password", "gb").wpa_conf()
    assert conf == (
        "# Written by Hearth (hearth-wifi.txt or the Wi-Fi setup page); the password is not kept.\n"
        "ctrl_interface=DIR=/run/wpa_supplicant GROUP=netdev\n"
        "update_config=0\n"
        "country=GB\n"
        "network={\n"
        "    ssid=49454545\n"
        "    scan_ssid=1\n"
        f"    psk={IEEE_KEY}\n"
        "}\n"
    )


def test_the_page_and_hearth_wifi_txt_write_the_same_bytes(tmp_path: Path):
    """One rule in one place: the file from the card and the file from the page."""
    boot, from_card, from_page = tmp_path / "boot", tmp_path / "card", tmp_path / "page"
    for folder in (boot, from_card, from_page):
        folder.mkdir()
    (boot / "hearth-wifi.txt").write_text(
        "ssid=Caf\u00e9 Wi-Fi\npassword=correct horse\ncountry=de\n"
    )
    boot_files.apply_wifi(boot, from_card, [].append, dt.date(2026, 12, 1))
    Network.from_password("Caf\u00e9 Wi-Fi".encode(), "correct horse", "de").save(from_page)
    card, page = from_card / WPA_CONF, from_page / WPA_CONF
    assert card.read_bytes() == page.read_bytes()
    assert stat.S_IMODE(card.stat().st_mode) == stat.S_IMODE(page.stat().st_mode) == 0o600


def test_the_file_is_0600_from_its_first_byte(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """Even with a permissive umask nothing is ever readable by others, not for a moment."""
    import os

    seen = []
    real_open = os.open

    def watching(path, flags, mode=0o777, *args, **kwargs):
        fd = real_open(path, flags, mode, *args, **kwargs)
        if flags & os.O_CREAT:
            seen.append(stat.S_IMODE(os.fstat(fd).st_mode))
        return fd

    monkeypatch.setattr(os, "open", watching)
    old = os.umask(0)
    try:
        Network.from_password(b"Kitchen", "correct horse").save(tmp_path)
    finally:
        os.umask(old)
    assert seen == [0o600]


@pytest.mark.parametrize(
    ("ssid", "password", "country", "says"),
    [
        (b"", "correct horse", "", "no network name"),
        (b"x" * 33, "correct horse", "", "longer than 32 bytes"),
        (b"Kitchen", "short", "", "needs 8 to 63"),
        (b"Kitchen", "x" * 64, "", "needs 8 to 63"),  # 64 characters that are not hex
        (b"Kitchen", "caf\u00e9 au lait", "", "needs 8 to 63"),  # not ASCII
        (b"Kitchen", "tab\there!", "", "needs 8 to 63"),
        (b"Kitchen", "correct horse", "GBR", "two letters"),
    ],
)
def test_what_wifi_cannot_use_is_refused_with_the_reason(ssid, password, country, says):
    with pytest.raises(NetworkError, match=says):
        Network.from_password(ssid, password, country)


def test_the_limits_themselves_are_accepted():
    """The positive control for the refusals above."""
    assert Network.from_password(b"x" * 32, "8 chars!").ssid == b"x" * 32
    assert Network.from_password(b"\xff\x00", "~" * 63, "se").country == "SE"


def test_a_saved_file_reads_back_and_a_hand_written_one_is_left_alone(tmp_path: Path):
    network = Network.from_password(b"Our \xffKitchen", "correct horse", "GB")
    network.save(tmp_path)
    assert saved_network(tmp_path) == network
    (tmp_path / WPA_CONF).write_text('network={\n    ssid="Mine"\n    psk="by hand"\n}\n')
    assert saved_network(tmp_path) is None
    (tmp_path / WPA_CONF).unlink()
    assert saved_network(tmp_path) is None


def test_network_py_needs_nothing_but_the_standard_library():
    """hearth-boot-files imports it on the card before any service: no site-packages."""
    code = "import appliance.wifi.network, appliance.files, appliance.wifi.keeper; print('ok')"
    done = subprocess.run(
        [sys.executable, "-S", "-c", code],
        cwd=REPO,
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(REPO)},
        check=False,
    )
    assert done.stdout.strip() == "ok", done.stderr
    # Positive control: -S does keep third-party packages out.
    bottle = subprocess.run(
        [sys.executable, "-S", "-c", "import bottle"],
        cwd=REPO,
        capture_output=True,
        env={"PYTHONPATH": str(REPO)},
        check=False,
    )
    assert bottle.returncode != 0
