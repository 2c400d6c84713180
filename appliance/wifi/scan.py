"""What the radio heard: wpa_supplicant's scan results, read as hostile input.

`SCAN_RESULTS` on the control socket (what `wpa_cli scan_results` prints) is a header
line, then one tab-separated line per access point:

    bssid / frequency / signal level / flags / ssid
    02:00:00:00:02:00	2412	-30	[WPA2-PSK-CCMP][WPS][ESS]	<b>Caf\\xc3\\xa9\\t\\"$ \\\\

An SSID is any 0 to 32 bytes a neighbour chose, so wpa_supplicant escapes it
(printf_encode: `\\"`, `\\\\`, `\\e`, `\\n`, `\\r`, `\\t` and `\\xNN` for every other byte
outside printable ASCII); `unescape` gives the bytes back. What a person is shown
(`shown`) is those bytes as text with anything that is not plainly printable written
as an escape: no control character, no right-to-left override, no zero-width
character reaches the page or the panel. Hidden networks (an empty or all-zero name),
names over 32 bytes and anything that is not an access point are dropped; one entry
per name, the strongest.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from appliance.wifi.network import MAX_SSID_BYTES

MAX_LINES = 512  # a scan lists a few dozen; a flood of fake beacons is cut here
MAX_LISTED = 40  # what the page shows, strongest first
_ESCAPES = {"\\": b"\\", '"': b'"', "n": b"\n", "r": b"\r", "t": b"\t", "e": b"\x1b"}
_LINE = re.compile(
    r"([0-9a-f]{2}(?::[0-9a-f]{2}){5})\t(\d{1,5})\t(-?\d{1,4})\t((?:\[[^\]\t]*\])*)\t?(.*)"
)


def unescape(text: str) -> bytes:
    """The SSID's bytes from wpa_supplicant's printf_encode text.

    A backslash that starts no known escape is kept as it stands (wpa_supplicant never
    writes one; a garbled line stays readable rather than failing)."""
    out = bytearray()
    at = 0
    while at < len(text):
        char = text[at]
        if char == "\\" and at + 1 < len(text):
            code = text[at + 1]
            if code in _ESCAPES:
                out += _ESCAPES[code]
                at += 2
                continue
            digits = text[at + 2 : at + 4]
            if code == "x" and re.fullmatch(r"[0-9a-fA-F]{2}", digits):
                out.append(int(digits, 16))
                at += 4
                continue
        out += char.encode("utf-8")
        at += 1
    return bytes(out)


def shown(ssid: bytes) -> str:
    """The name as a person may safely see it: UTF-8 text where it is printable, an escape
    (\\xNN for a byte, \\uNNNN for a character) for everything else, backslashes doubled."""
    text = ssid.decode("utf-8", errors="surrogateescape")
    parts = []
    for char in text:
        point = ord(char)
        if 0xDC80 <= point <= 0xDCFF:  # a byte that is not UTF-8
            parts.append(f"\\x{point - 0xDC00:02x}")
        elif char == "\\":
            parts.append("\\\\")
        elif char == " " or (char.isprintable() and unicodedata.category(char) != "Cf"):
            parts.append(char)
        elif point < 0x100:
            parts.append(f"\\x{point:02x}")
        else:
            parts.append(f"\\u{point:04x}")
    return "".join(parts)


@dataclass(frozen=True)
class Seen:
    """One access point in a scan."""

    ssid: bytes
    frequency: int  # MHz
    signal: int  # dBm: -30 is next to it, -85 is barely there
    flags: tuple[str, ...]  # ("WPA2-PSK-CCMP", "WPS", "ESS")

    @property
    def name(self) -> str:
        return shown(self.ssid)

    @property
    def security(self) -> str:
        """psk (a password joins it), sae (WPA3 only), enterprise, wep or open."""
        if any("PSK" in flag for flag in self.flags):
            return "psk"
        if any("SAE" in flag for flag in self.flags):
            return "sae"
        if any("EAP" in flag for flag in self.flags):
            return "enterprise"
        if "WEP" in self.flags:
            return "wep"
        return "open"

    @property
    def joinable(self) -> bool:
        """What the settings Hearth writes (a WPA key) can join: WPA/WPA2, or WPA3 in its
        transition mode, which takes the same key."""
        return self.security == "psk"

    @property
    def hidden(self) -> bool:
        return not self.ssid.strip(b"\x00")

    @property
    def band(self) -> str:
        if self.frequency >= 5925:
            return "6 GHz"
        return "5 GHz" if self.frequency >= 5000 else "2.4 GHz"


def parse_scan_results(text: str) -> list[Seen]:
    """Every access point line of SCAN_RESULTS (the header and anything garbled skipped)."""
    found = []
    for line in text.splitlines()[:MAX_LINES]:
        match = _LINE.fullmatch(line)
        if match is None:
            continue
        _, frequency, signal, flags, ssid = match.groups()
        found.append(
            Seen(
                ssid=unescape(ssid),
                frequency=int(frequency),
                signal=int(signal),
                flags=tuple(re.findall(r"\[([^\]]*)\]", flags)),
            )
        )
    return found


def networks(seen: list[Seen]) -> list[Seen]:
    """What the page lists: access points with a name (not hidden, not over 32 bytes), one
    per name (a joinable one first, then the strongest), strongest first, at most 40."""
    best: dict[bytes, Seen] = {}
    for entry in seen:
        if entry.hidden or len(entry.ssid) > MAX_SSID_BYTES or "ESS" not in entry.flags:
            continue
        kept = best.get(entry.ssid)
        if kept is None or (entry.joinable, entry.signal) > (kept.joinable, kept.signal):
            best[entry.ssid] = entry
    ordered = sorted(best.values(), key=lambda e: (-e.signal, e.name))
    return ordered[:MAX_LISTED]
