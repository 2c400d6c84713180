"""What the keeper asks of a running wpa_supplicant: how a join fares, a scan, the phones
on the setup network. Events and replies are the ones wpa_supplicant 2.10 sends (captured
on mac80211_hwsim: tests/wifi/fakes.py plays them back).
"""

from __future__ import annotations

import enum
import logging
import time

from appliance.wifi.control import Control, ControlError, status_fields
from appliance.wifi.scan import Seen, networks, parse_scan_results, shown

log = logging.getLogger(__name__)

MAX_STATIONS = 64


class Outcome(enum.Enum):
    JOINED = "joined"
    WRONG_KEY = "wrong-key"  # wpa_supplicant saw the handshake fail: the key is wrong
    REFUSED = "refused"  # found and tried, never joined (a chip that does the handshake
    # itself, as the Pi's brcmfmac can, may not say why: most often the password)
    NOT_FOUND = "not-found"
    NO_ANSWER = "no-answer"  # wpa_supplicant did not start or stopped answering


def outcome_message(outcome: Outcome, ssid: bytes) -> str:
    name = shown(ssid)
    return {
        Outcome.JOINED: f"Joined '{name}'.",
        Outcome.WRONG_KEY: f"'{name}' did not accept that password. Check it (capitals "
        "count) and try again.",
        Outcome.REFUSED: f"Hearth found '{name}' but could not join it; most often the "
        "password is wrong. Check it and try again.",
        Outcome.NOT_FOUND: f"Hearth could not find '{name}'. Check the name, and that the "
        "router is on and near enough.",
        Outcome.NO_ANSWER: f"Hearth's Wi-Fi did not answer while joining '{name}'. Try "
        "again; if it happens again, restart Hearth.",
    }[outcome]


def watch_join(control: Control, seconds: float) -> Outcome:
    """How a wpa_supplicant that was just started on a network fares, within `seconds`."""
    deadline = time.monotonic() + seconds
    tried = not_found = False
    try:
        control.attach()
        while time.monotonic() < deadline:
            for event in control.events(1.0):
                if event.startswith("CTRL-EVENT-CONNECTED"):
                    return Outcome.JOINED
                if (
                    event.startswith("CTRL-EVENT-SSID-TEMP-DISABLED")
                    and "reason=WRONG_KEY" in event
                ):
                    return Outcome.WRONG_KEY
                if event.startswith("CTRL-EVENT-NETWORK-NOT-FOUND"):
                    not_found = True
                if event.startswith(
                    (
                        "Trying to associate",
                        "SME: Trying to authenticate",
                        "CTRL-EVENT-ASSOC-REJECT",
                        "CTRL-EVENT-AUTH-REJECT",
                        "CTRL-EVENT-DISCONNECTED",
                    )
                ):
                    tried = True
            # The event may have come before ATTACH did.
            if status_fields(control.request("STATUS")).get("wpa_state") == "COMPLETED":
                return Outcome.JOINED
    except ControlError as exc:
        log.warning("wpa_supplicant stopped answering while joining: %s", exc)
        return Outcome.NO_ANSWER
    if tried:
        return Outcome.REFUSED
    return Outcome.NOT_FOUND if not_found else Outcome.NO_ANSWER


def scan_with(control: Control, seconds: float) -> list[Seen] | None:
    """One scan through a running wpa_supplicant; None if it would not (busy, or a chip
    that cannot scan while it is an access point)."""
    try:
        control.events(0.0)  # what came before this scan
        if control.request("SCAN").strip() != "OK":
            return None
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            events = control.events(min(1.0, max(0.0, deadline - time.monotonic())))
            if any(e.startswith("CTRL-EVENT-SCAN-FAILED") for e in events):
                return None
            if any(e.startswith("CTRL-EVENT-SCAN-RESULTS") for e in events):
                break
        return networks(parse_scan_results(control.request("SCAN_RESULTS")))
    except ControlError as exc:
        log.warning("scan failed: %s", exc)
        return None


def count_stations(control: Control) -> int:
    """Phones on the setup network (STA-FIRST / STA-NEXT walk them)."""
    reply = control.request("STA-FIRST")
    count = 0
    while reply.strip() and not reply.startswith("FAIL") and count < MAX_STATIONS:
        count += 1
        reply = control.request(f"STA-NEXT {reply.split(maxsplit=1)[0]}")
    return count
