"""The setup network the box opens when it has no other: its name, password and QR text.

wpa_supplicant runs it (`mode=2`, its access-point mode: the same daemon that joins
networks, so no second one is installed) from /run/hearth-wifi/ap.conf through
hearth-wifi-ap.service; systemd-networkd gives the interface ADDRESS and hands phones
an address by DHCP (24-hearth-ap.network matches wlan0 while it is an access point).

The name carries the end of the box's own MAC address, so two boxes in one house
differ; the password is new each time the keeper starts (each boot), from an alphabet
with no look-alikes (no l/1, no o/0), in groups a person can read off the panel.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass

from appliance.wifi.network import derive_psk

ADDRESS = "10.42.0.1"  # 24-hearth-ap.network's Address=, which a test compares
CHANNEL_MHZ = 2437  # channel 6: allowed in every regulatory domain, every phone has 2.4 GHz
NAME_PREFIX = "Hearth-"
_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"  # 32 symbols: 5 bits each
_GROUPS, _GROUP = 3, 4  # "kd7m-x3ap-qq9t": 60 bits, and 14 characters of WPA2's 8 to 63


def new_password() -> str:
    return "-".join(
        "".join(secrets.choice(_ALPHABET) for _ in range(_GROUP)) for _ in range(_GROUPS)
    )


def qr_escape(text: str) -> str:
    """A value in the Wi-Fi QR code's MECARD-like syntax: \\ ; , : and " are escaped."""
    return re.sub(r'([\\;,:"])', r"\\\1", text)


@dataclass(frozen=True)
class AccessPoint:
    ssid: str
    password: str
    address: str = ADDRESS

    @classmethod
    def for_box(cls, mac: str) -> AccessPoint:
        """The setup network of the box whose Wi-Fi has this MAC address."""
        tail = re.sub(r"[^0-9A-Fa-f]", "", mac)[-4:].upper() or "0000"
        return cls(f"{NAME_PREFIX}{tail}", new_password())

    def qr_text(self) -> str:
        """What a phone camera reads to join it (the ZXing Wi-Fi format both Android and
        iOS cameras understand)."""
        return f"WIFI:T:WPA;S:{qr_escape(self.ssid)};P:{qr_escape(self.password)};;"

    def wpa_conf(self, country: str = "") -> str:
        """wpa_supplicant's settings for this access point. The network starts disabled:
        the keeper first scans (as a station, which every chip can) and then turns it on."""
        lines = ["# The setup network (hearth-wifi-ap.service); made by hearth-wifi at its start."]
        lines += ["ctrl_interface=DIR=/run/wpa_supplicant GROUP=netdev", "update_config=0"]
        if country:
            lines.append(f"country={country}")
        lines += [
            "network={",
            f"    ssid={self.ssid.encode().hex()}",
            "    mode=2",
            f"    frequency={CHANNEL_MHZ}",
            "    key_mgmt=WPA-PSK",
            "    proto=RSN",
            "    pairwise=CCMP",
            "    group=CCMP",
            f"    psk={derive_psk(self.password, self.ssid.encode())}",
            # No WPS: nobody should join it by a button or PIN instead of the password.
            "    wps_disabled=1",
            "    disabled=1",
            "}",
            "",
        ]
        return "\n".join(lines)
