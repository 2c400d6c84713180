"""access_point.py and the files that make the setup network: name, password, QR, networkd."""

from __future__ import annotations

import configparser
import re

import pytest

from appliance.wifi.access_point import ADDRESS, CHANNEL_MHZ, AccessPoint, new_password, qr_escape
from appliance.wifi.network import check_password, derive_psk
from tests.image.scripts import REPO

OVERLAY = REPO / "image/overlay"


def test_the_name_carries_the_end_of_the_boxs_mac():
    assert AccessPoint.for_box("dc:a6:32:12:3f:2a").ssid == "Hearth-3F2A"
    assert AccessPoint.for_box("").ssid == "Hearth-0000"


def test_passwords_are_readable_long_enough_and_new_each_time():
    passwords = {new_password() for _ in range(200)}
    assert len(passwords) == 200
    for password in passwords:
        check_password(password)  # WPA2's own rule
        assert re.fullmatch(r"[a-km-np-z2-9]{4}-[a-km-np-z2-9]{4}-[a-km-np-z2-9]{4}", password)
        assert not set(password) & set("l1o0")  # nothing to misread off the panel


def test_the_qr_code_says_join_this_network_with_this_password():
    ap = AccessPoint("Hearth-3F2A", "kd7m-x3ap-qq9t")
    assert ap.qr_text() == "WIFI:T:WPA;S:Hearth-3F2A;P:kd7m-x3ap-qq9t;;"


@pytest.mark.parametrize(
    ("text", "escaped"),
    [('a;b,c:d"e\\f', 'a\\;b\\,c\\:d\\"e\\\\f'), ("plain", "plain"), ("", "")],
)
def test_the_qr_codes_special_characters_are_escaped(text: str, escaped: str):
    assert qr_escape(text) == escaped
    assert AccessPoint(text, "12345678").qr_text().startswith(f"WIFI:T:WPA;S:{escaped};")


def test_the_access_point_settings():
    ap = AccessPoint("Hearth-3F2A", "kd7m-x3ap-qq9t")
    conf = ap.wpa_conf("GB")
    assert "country=GB\n" in conf and f"frequency={CHANNEL_MHZ}\n" in conf
    assert f"ssid={b'Hearth-3F2A'.hex()}\n" in conf
    assert f"psk={derive_psk('kd7m-x3ap-qq9t', b'Hearth-3F2A')}\n" in conf
    assert "kd7m-x3ap-qq9t" not in conf
    for line in ("mode=2", "key_mgmt=WPA-PSK", "proto=RSN", "pairwise=CCMP", "wps_disabled=1"):
        assert f"    {line}\n" in conf
    assert "    disabled=1\n" in conf  # the keeper scans first, then turns it on


def network_file(name: str) -> configparser.ConfigParser:
    parser = configparser.ConfigParser(strict=False)
    parser.optionxform = str  # networkd's keys are case-sensitive
    parser.read(OVERLAY / "etc/systemd/network" / name)
    return parser


def test_networkd_gives_the_setup_network_the_address_the_panel_shows():
    ap = network_file("24-hearth-ap.network")
    assert ap["Match"]["Name"] == "wlan0" and ap["Match"]["WLANInterfaceType"] == "ap"
    assert ap["Network"]["Address"] == f"{ADDRESS}/24"
    assert ap["Network"]["DHCPServer"] == "yes"
    # No route and no DNS through a box that leads nowhere.
    assert ap["DHCPServer"]["EmitRouter"] == "no" and ap["DHCPServer"]["EmitDNS"] == "no"
    # It is read before the station's DHCP file, which matches every wl* name.
    assert "24-hearth-ap.network" < "25-wireless.network"
    assert network_file("25-wireless.network")["Match"]["Name"] == "wl*"


def test_the_brain_may_answer_phones_on_the_setup_network():
    """hearth-brain's IPAddressAllow must cover 10.42.0.0/24, or the page never loads."""
    unit = (REPO / "systemd/hearth-brain.service").read_text()
    allowed = re.search(r"^IPAddressAllow=(.*)$", unit, re.M).group(1).split()
    assert "10.0.0.0/8" in allowed and ADDRESS.startswith("10.")


def test_the_three_units_on_wlan0_conflict_with_each_other():
    def conflicts(name: str) -> set[str]:
        text = (OVERLAY / "etc/systemd/system" / name).read_text()
        return set(re.search(r"^Conflicts=(.*)$", text, re.M).group(1).split())

    assert conflicts("hearth-wifi-ap.service") == {
        "wpa_supplicant@wlan0.service",
        "hearth-wifi-try.service",
    }
    assert conflicts("hearth-wifi-try.service") == {
        "wpa_supplicant@wlan0.service",
        "hearth-wifi-ap.service",
    }
    for name, conf in (
        ("hearth-wifi-ap.service", "ap.conf"),
        ("hearth-wifi-try.service", "try.conf"),
    ):
        assert f"-c/run/hearth-wifi/{conf} " in (OVERLAY / "etc/systemd/system" / name).read_text()


def test_the_hand_over_folders_are_made_with_the_modes_the_keeper_relies_on():
    lines = (OVERLAY / "etc/tmpfiles.d/hearth-wifi.conf").read_text().splitlines()
    made = {tuple(line.split()[1:5]) for line in lines if line.startswith("d ")}
    assert made == {
        ("/run/hearth-wifi", "0750", "root", "hearth"),
        ("/run/hearth-wifi/request", "0730", "root", "hearth"),
    }
    brain = (REPO / "systemd/hearth-brain.service").read_text()
    assert "ReadWritePaths=-/run/hearth-wifi/request\n" in brain
    keeper = (OVERLAY / "etc/systemd/system/hearth-wifi.service").read_text()
    assert "ReadWritePaths=/etc/wpa_supplicant /run/hearth-wifi\n" in keeper
    assert "CapabilityBoundingSet=\n" in keeper and "\nUser=" not in keeper
