"""The network the box joins, and the one file that says so.

Two ways in write it: `hearth-boot-files` from `hearth-wifi.txt` on the card, and the
keeper from the setup page. Both go through `Network`, so the key, the checks and the
file are one rule: the password becomes the WPA key (what `wpa_passphrase` computes;
the password itself is never kept) and the file is written 0600, whole, renamed into
place.

Standard library and appliance.files only: hearth-boot-files imports this before any
service has started.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from pathlib import Path

from appliance.files import write_private

WPA_CONF = Path("etc/wpa_supplicant/wpa_supplicant-wlan0.conf")  # under the root, "/"
MAX_SSID_BYTES = 32  # IEEE 802.11: an SSID is 0 to 32 octets
_HEX_KEY = re.compile(r"[0-9A-Fa-f]{64}")
_COUNTRY = re.compile(r"[A-Z]{2}")
HEADER = "# Written by Hearth (hearth-wifi.txt or the Wi-Fi setup page); the password is not kept."


class NetworkError(ValueError):
    """A network name, password or country Wi-Fi cannot use; the message says why, and
    `field` which of them it is (ssid, password, country or psk)."""

    def __init__(self, message: str, field: str) -> None:
        super().__init__(message)
        self.field = field


def check_ssid(ssid: bytes) -> None:
    if not ssid:
        raise NetworkError("there is a password but no network name (ssid=)", "ssid")
    if len(ssid) > MAX_SSID_BYTES:
        raise NetworkError("the network name (ssid) is longer than 32 bytes; none can be", "ssid")


def check_password(password: str) -> None:
    """8 to 63 printable ASCII characters (WPA2's passphrase), or the 64-hex-digit key."""
    if _HEX_KEY.fullmatch(password):
        return
    plain = all(32 <= ord(c) <= 126 for c in password)
    if not 8 <= len(password) <= 63 or not plain:
        raise NetworkError(
            f"the password is {len(password)} characters; Wi-Fi (WPA2/WPA3) "
            "needs 8 to 63 letters, digits, spaces or symbols",
            "password",
        )


def check_country(country: str) -> None:
    if country and not _COUNTRY.fullmatch(country):
        raise NetworkError(
            f"country must be two letters such as GB or DE, not {country!r}", "country"
        )


def derive_psk(password: str, ssid: bytes) -> str:
    """The 256-bit WPA key as wpa_passphrase derives it (PBKDF2-SHA1, 4096 rounds, the SSID's
    own bytes as the salt); 64 hex digits are the key itself, as wpa_supplicant takes them."""
    if _HEX_KEY.fullmatch(password):
        return password.lower()
    return hashlib.pbkdf2_hmac("sha1", password.encode("ascii"), ssid, 4096, 32).hex()


@dataclass(frozen=True)
class Network:
    """A network to join: its name as bytes (an SSID need not be text), its key, a country."""

    ssid: bytes
    psk: str  # 64 lower-case hex digits
    country: str = ""

    def __post_init__(self) -> None:
        check_ssid(self.ssid)
        check_country(self.country)
        if not re.fullmatch(r"[0-9a-f]{64}", self.psk):
            raise NetworkError("the WPA key must be 64 hex digits", "psk")

    @classmethod
    def from_password(cls, ssid: bytes, password: str, country: str = "") -> Network:
        """Check what a person typed and keep only the key made from it."""
        check_ssid(ssid)
        check_password(password)
        return cls(ssid, derive_psk(password, ssid), country.upper())

    def wpa_conf(self) -> str:
        """wpa_supplicant's settings for this network, and nothing else."""
        lines = [HEADER, "ctrl_interface=DIR=/run/wpa_supplicant GROUP=netdev", "update_config=0"]
        if self.country:
            lines.append(f"country={self.country}")
        # The name in hex needs no quoting, whatever bytes it has. scan_ssid=1 asks for the
        # network by name, so a hidden one (it answers only when asked) is found too.
        lines += [
            "network={",
            f"    ssid={self.ssid.hex()}",
            "    scan_ssid=1",
            f"    psk={self.psk}",
            "}",
            "",
        ]
        return "\n".join(lines)

    def save(self, root: Path = Path("/")) -> Path:
        """Write the settings wpa_supplicant@wlan0 reads; 0600, whole or not at all."""
        path = root / WPA_CONF
        write_private(path, self.wpa_conf().encode("ascii"))
        return path


def saved_network(root: Path = Path("/")) -> Network | None:
    """The network the saved settings name, or None when there are none or they are not
    Hearth's own (a hand-written file is left to wpa_supplicant, never rewritten)."""
    try:
        text = (root / WPA_CONF).read_text(encoding="ascii")
    except (OSError, UnicodeDecodeError):
        return None
    ssid = re.search(r"^\s*ssid=([0-9a-f]{2,64})\s*$", text, re.M)
    psk = re.search(r"^\s*psk=([0-9a-f]{64})\s*$", text, re.M)
    country = re.search(r"^country=([A-Z]{2})\s*$", text, re.M)
    if ssid is None or psk is None or len(ssid.group(1)) % 2:
        return None
    try:
        return Network(
            bytes.fromhex(ssid.group(1)), psk.group(1), country.group(1) if country else ""
        )
    except NetworkError:
        return None
