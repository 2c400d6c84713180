"""policy.py: every rule of when the setup network opens, closes, and lets the saved one retry."""

from __future__ import annotations

from dataclasses import replace

import pytest

from appliance.wifi.policy import (
    JOIN_GRACE,
    RETRY_FIRST,
    RETRY_MOST,
    START_GRACE,
    Action,
    Situation,
    decide,
    next_retry,
)
from appliance.wifi.status import AP, CLIENT, NO_RADIO, STARTING, WIRED

BASE = Situation(
    now=1000.0,
    mode=STARTING,
    radio=True,
    wired=False,
    saved=False,
    joined=False,
    offline_since=1000.0,
    visible=None,
    stations=0,
    key_refused=False,
    retry_at=0.0,
    scan_at=0.0,
)


def at(**changes) -> Action:
    return decide(replace(BASE, **changes))


def test_no_radio_stops_everything_once():
    assert at(radio=False) is Action.STOP
    assert at(radio=False, mode=NO_RADIO) is Action.NOTHING


def test_nothing_saved_opens_the_setup_network_after_the_start_grace_only():
    assert at(now=1000 + START_GRACE - 0.1) is Action.NOTHING
    assert at(now=1000 + START_GRACE) is Action.OPEN_AP


def test_a_saved_network_runs_first_and_gets_the_longer_grace():
    assert at(saved=True) is Action.CLIENT
    running = {"saved": True, "mode": CLIENT}
    assert at(**running, now=1000 + JOIN_GRACE - 0.1) is Action.NOTHING
    assert at(**running, now=1000 + JOIN_GRACE) is Action.OPEN_AP
    assert at(**running, joined=True, offline_since=None, now=99_999) is Action.NOTHING


@pytest.mark.parametrize("mode", [STARTING, AP, CLIENT])
def test_an_ethernet_link_with_nothing_saved_stops_wifi(mode: str):
    assert at(wired=True, offline_since=None, mode=mode) is Action.STOP
    assert at(wired=True, offline_since=None, mode=WIRED) is Action.NOTHING


def test_an_ethernet_link_still_joins_a_saved_network():
    assert at(wired=True, offline_since=None, saved=True, mode=AP) is Action.CLIENT
    assert at(wired=True, offline_since=None, saved=True, mode=CLIENT) is Action.NOTHING


OPEN = {"mode": AP, "saved": True, "visible": True, "retry_at": 900.0, "scan_at": 2000.0}


def test_the_saved_network_is_retried_when_seen_and_nobody_is_setting_up():
    assert at(**OPEN) is Action.RETRY_SAVED


@pytest.mark.parametrize(
    "blocker",
    [
        {"stations": 1},  # a phone is on the setup network: never cut it off
        {"key_refused": True},  # the router refused the key: only a new one helps
        {"visible": False},  # not in the last scan
        {"retry_at": 1000.1},  # the back-off has not passed
        {"saved": False},
    ],
)
def test_a_retry_waits_for_each_of_its_conditions(blocker: dict):
    assert at(**{**OPEN, **blocker}) is Action.NOTHING
    assert at(**{**OPEN, **blocker, "scan_at": 1000.0}) is Action.SCAN


def test_a_saved_network_whose_name_is_unknown_is_retried_without_a_scan():
    assert at(**{**OPEN, "visible": None}) is Action.RETRY_SAVED


def test_a_refused_key_is_not_run_again_outside_the_setup_network():
    assert at(saved=True, key_refused=True, now=1000 + START_GRACE) is Action.OPEN_AP


def test_the_back_off_doubles_to_its_most():
    assert next_retry(0, 0) == (RETRY_FIRST, RETRY_FIRST)
    assert next_retry(0, RETRY_FIRST) == (2 * RETRY_FIRST, 2 * RETRY_FIRST)
    assert next_retry(0, RETRY_MOST) == (RETRY_MOST, RETRY_MOST)
