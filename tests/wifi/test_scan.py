"""scan.py: wpa_supplicant's scan results, read as what they are: names strangers chose."""

from __future__ import annotations

import pytest

from appliance.wifi.scan import (
    MAX_LINES,
    MAX_LISTED,
    Seen,
    networks,
    parse_scan_results,
    shown,
    unescape,
)

# Captured from `wpa_cli -i wlan1 scan_results` (wpa_supplicant 2.10, Debian trixie) on
# mac80211_hwsim radios in the booted image: Hearth's own setup network, and a neighbour
# named <b>Café<TAB>"$ \\ + an underscore (set as hex: 3c623e436166c3a9092224205c5c5f).
CAPTURED = (
    "bssid / frequency / signal level / flags / ssid\n"
    "02:00:00:00:00:00\t2437\t-30\t[WPA2-PSK-CCMP][WPS][ESS]\tHearth-1234\n"
    "02:00:00:00:02:00\t2412\t-30\t[WPA-PSK-CCMP+TKIP][WPA2-PSK-CCMP+TKIP][WPS][ESS]\t"
    '<b>Caf\\xc3\\xa9\\t\\"$ \\\\\\\\_\n'
)


def test_the_captured_scan_is_read_byte_for_byte():
    found = parse_scan_results(CAPTURED)
    assert [s.ssid for s in found] == [
        b"Hearth-1234",
        bytes.fromhex("3c623e436166c3a9092224205c5c5f"),
    ]
    assert found[1] == Seen(
        ssid=b'<b>Caf\xc3\xa9\t"$ \\\\_',
        frequency=2412,
        signal=-30,
        flags=("WPA-PSK-CCMP+TKIP", "WPA2-PSK-CCMP+TKIP", "WPS", "ESS"),
    )
    assert found[1].joinable and found[1].band == "2.4 GHz"


def test_what_a_person_sees_has_no_control_characters():
    neighbour = parse_scan_results(CAPTURED)[1]
    assert neighbour.name == '<b>Caf\u00e9\\x09"$ \\\\\\\\_'
    assert all(c.isprintable() for c in neighbour.name)


@pytest.mark.parametrize(
    ("ssid", "seen"),
    [
        (b"Our Kitchen", "Our Kitchen"),
        ("Caf\u00e9 \U0001f375".encode(), "Caf\u00e9 \U0001f375"),  # UTF-8 and an emoji: kept
        (b"evil\xe2\x80\xaegnp.exe", "evil\\u202egnp.exe"),  # a right-to-left override
        (b"zero\xe2\x80\x8bwidth", "zero\\u200bwidth"),
        (b"\xff\xfe not utf-8", "\\xff\\xfe not utf-8"),
        (b"bell\x07\x1b[31m", "bell\\x07\\x1b[31m"),  # a terminal escape is only text
        (b"back\\slash", "back\\\\slash"),
        (b"line\nbreak\r", "line\\x0abreak\\x0d"),
    ],
)
def test_names_are_shown_safely(ssid: bytes, seen: str):
    assert shown(ssid) == seen


@pytest.mark.parametrize(
    ("text", "raw"),
    [
        ("plain", b"plain"),
        ('\\"quoted\\"', b'"quoted"'),
        ("a\\\\b", b"a\\b"),
        ("\\e\\n\\r\\t", b"\x1b\n\r\t"),
        ("\\x00\\x00\\x00", b"\x00\x00\x00"),
        ("\\xC3\\xa9", b"\xc3\xa9"),
        ("odd\\q and \\x4", b"odd\\q and \\x4"),  # not an escape wpa_supplicant writes: kept
        ("trailing\\", b"trailing\\"),
    ],
)
def test_printf_encode_is_undone(text: str, raw: bytes):
    assert unescape(text) == raw


def line(
    ssid: str, signal: int = -50, flags: str = "[WPA2-PSK-CCMP][ESS]", freq: int = 2412
) -> str:
    return f"aa:bb:cc:dd:ee:{abs(signal) % 100:02d}\t{freq}\t{signal}\t{flags}\t{ssid}"


def scan(*lines: str) -> str:
    return "bssid / frequency / signal level / flags / ssid\n" + "\n".join(lines) + "\n"


def test_hidden_networks_are_not_listed():
    found = networks(parse_scan_results(scan(line(""), line("\\x00\\x00\\x00\\x00"), line("Ours"))))
    assert [s.ssid for s in found] == [b"Ours"]


def test_one_entry_per_name_the_strongest_and_a_joinable_one_first():
    text = scan(
        line("Mesh", -70),
        line("Mesh", -40, freq=5180),
        line("Mesh", -35, "[WPA2-SAE-CCMP][ESS]"),  # WPA3-only: stronger, but not joinable
        line("Other", -60),
    )
    found = networks(parse_scan_results(text))
    assert [(s.ssid, s.signal) for s in found] == [(b"Mesh", -40), (b"Other", -60)]
    assert found[0].band == "5 GHz" and found[0].joinable


def test_names_longer_than_32_bytes_and_non_access_points_are_dropped():
    text = scan(
        line("\\x41" * 33),
        line("Printer", flags="[WPA2-PSK-CCMP][IBSS]"),
        line("DIRECT-tv", flags="[WPA2-PSK-CCMP][P2P]"),
        line("x" * 32),
    )
    assert [s.ssid for s in networks(parse_scan_results(text))] == [b"x" * 32]


@pytest.mark.parametrize(
    ("flags", "security"),
    [
        ("[WPA2-PSK-CCMP][ESS]", "psk"),
        ("[WPA2-PSK+SAE-CCMP][ESS]", "psk"),  # WPA3 transition mode takes the same key
        ("[WPA2-SAE-CCMP][SAE-H2E][ESS]", "sae"),
        ("[WPA2-EAP-CCMP][ESS]", "enterprise"),
        ("[WEP][ESS]", "wep"),
        ("[ESS]", "open"),
    ],
)
def test_security_decides_what_a_password_can_join(flags: str, security: str):
    (seen,) = parse_scan_results(scan(line("Net", flags=flags)))
    assert seen.security == security and seen.joinable == (security == "psk")


def test_garbled_lines_are_skipped_and_a_flood_is_cut():
    text = scan("not a line", "aa:bb\t2412", line("Fine"), "zz:zz:zz:zz:zz:zz\t1\t1\t[ESS]\tx")
    assert [s.ssid for s in parse_scan_results(text)] == [b"Fine"]
    flood = scan(*(line(f"fake{n}") for n in range(MAX_LINES * 2)))
    assert len(parse_scan_results(flood)) == MAX_LINES - 1  # the header is one of the lines
    assert len(networks(parse_scan_results(flood))) == MAX_LISTED
