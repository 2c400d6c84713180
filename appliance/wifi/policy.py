"""When to open the setup network, when to close it, when to try the saved one again.

A pure function of what the keeper sees, so every rule is tested without a radio:

- no Wi-Fi chip: nothing to do;
- an Ethernet link: the setup network closes (the LAN reaches the box), and a saved
  network is joined as well;
- a saved network runs until it has not joined for JOIN_GRACE seconds; no saved network
  waits START_GRACE seconds (an Ethernet link comes up within it) before the box opens
  its own;
- while the setup network is open, the saved network is tried again when the last scan
  saw it, nobody is connected to the setup network (a household mid-setup is never cut
  off), it has not refused its key (only a new password fixes that) and the back-off
  (RETRY_FIRST doubling to RETRY_MOST) has passed. So a router that took longer to boot
  than the Pi after a power cut is rejoined by itself.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from appliance.wifi.status import AP, CLIENT, NO_RADIO, WIRED

START_GRACE = 20.0  # no network saved: long enough for an Ethernet link to come up
JOIN_GRACE = 90.0  # a saved network: a Pi 4 joins in 10-20 s; a slow router, slower
RETRY_FIRST = 60.0
RETRY_MOST = 600.0
SCAN_EVERY = 30.0  # while the setup network is open, so the page's list stays current


class Action(enum.Enum):
    NOTHING = "nothing"
    STOP = "stop"  # stop every Wi-Fi unit: no radio, or an Ethernet link and nothing saved
    CLIENT = "client"  # run the saved network's wpa_supplicant (the setup network closes)
    OPEN_AP = "open-ap"
    RETRY_SAVED = "retry-saved"  # leave the setup network for a try at the saved one
    SCAN = "scan"


@dataclass(frozen=True)
class Situation:
    """What the keeper knows at one moment."""

    now: float
    mode: str  # status.MODES: what the keeper is doing
    radio: bool  # wlan0 exists
    wired: bool  # an Ethernet link has carrier
    saved: bool  # wpa_supplicant-wlan0.conf exists
    joined: bool  # the saved network's wpa_supplicant says COMPLETED
    offline_since: float | None  # since when there has been neither link nor join
    visible: bool | None  # the last scan saw the saved network (None: no name to look for)
    stations: int  # phones on the setup network
    key_refused: bool  # the saved network refused its key; only a new one can help
    retry_at: float  # no retry of the saved network before this
    scan_at: float  # no scan before this


def decide(seen: Situation) -> Action:
    if not seen.radio:
        return Action.NOTHING if seen.mode == NO_RADIO else Action.STOP
    if seen.wired:
        if seen.saved and seen.mode != CLIENT:
            return Action.CLIENT
        if not seen.saved and seen.mode != WIRED:
            return Action.STOP
        return Action.NOTHING
    if seen.mode == AP:
        if (
            seen.saved
            and not seen.key_refused
            and seen.stations == 0
            and seen.visible is not False
            and seen.now >= seen.retry_at
        ):
            return Action.RETRY_SAVED
        return Action.SCAN if seen.now >= seen.scan_at else Action.NOTHING
    if seen.saved and seen.mode != CLIENT and not seen.key_refused:
        return Action.CLIENT
    grace = JOIN_GRACE if seen.saved and not seen.key_refused else START_GRACE
    if seen.offline_since is not None and seen.now - seen.offline_since >= grace:
        return Action.OPEN_AP
    return Action.NOTHING


def next_retry(now: float, last_wait: float) -> tuple[float, float]:
    """When to try the saved network again after a miss, and the wait that was used."""
    wait = min(RETRY_MOST, max(RETRY_FIRST, last_wait * 2))
    return now + wait, wait
