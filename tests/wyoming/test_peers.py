"""The peer check: loopback and the addresses in wyoming_peers are answered; any other device
on the LAN is closed on before a byte is read, so it can neither ask nor tell memory anything."""

from __future__ import annotations

import dataclasses
import logging
import re
import socket
import time

import pytest
from wyoming.asr import Transcript

from appliance.config import Settings
from appliance.errors import ConfigError
from appliance.household import HouseholdStore
from appliance.lan import lan_ips
from appliance.wyoming import session
from appliance.wyoming.peers import Peers
from appliance.wyoming.server import REFUSAL_LOG_SECONDS, RefusalLog
from appliance.wyoming.session import TurnLimit
from appliance.wyoming.wire import encode
from tests.wyoming.conftest import Kitchen, exchange, replace


def _lan_ip() -> str:
    found = lan_ips()
    if not found:
        pytest.skip("this machine has no address but loopback to connect from")
    return found[0]


def _say_from(address: str, port: int, text: str) -> bytes:
    """Connect to `address` (so the server sees the peer as that address), send a turn, and
    return every byte that came back before the connection ended."""
    with socket.create_connection((address, port), 5) as sock:
        sock.settimeout(30)
        try:
            sock.sendall(encode(Transcript(text=text).event()))
        except OSError:
            return b""  # already closed on: nothing was answered
        got = b""
        try:
            while piece := sock.recv(65536):
                got += piece
                if b"handled" in got:
                    # the rest of the event, if it was split; the server keeps the connection
                    # open for the next turn, so a long wait here only waits out the timeout
                    sock.settimeout(0.5)
                    got += sock.recv(65536)
                    return got
        except (ConnectionResetError, TimeoutError):
            pass
        return got


def _soup_timers(home: Kitchen) -> list:
    with HouseholdStore.open(home.settings.data_dir) as store:
        return [t for t in store.timers() if t.name.startswith("soup")]


def test_a_lan_device_not_in_wyoming_peers_is_refused_and_nothing_is_written(home) -> None:
    address = _lan_ip()
    refused_before = home.parts.server.refused
    proposals = {p.id for p in home.memory.proposals()}
    got = _say_from(address, home.port, "Set a soup timer for 5 minutes.")
    got += _say_from(address, home.port, "Remember that the spare key is in the shed.")
    assert got == b""  # nothing answered, not even an error
    assert home.parts.server.refused == refused_before + 2
    time.sleep(0.5)
    assert _soup_timers(home) == []
    assert {p.id for p in home.memory.proposals()} == proposals
    assert home.parts.server.services.conversations.thread(None) is None  # never asked the brain


def test_positive_control_the_same_device_listed_in_wyoming_peers_is_answered(home) -> None:
    address = _lan_ip()
    server = home.parts.server
    before = server.peers
    server.peers = Peers.of(replace(home.settings, wyoming_peers=f"{address}, 10.9.8.0/24"))
    try:
        got = _say_from(address, home.port, "Set a soup timer for 5 minutes.")
    finally:
        server.peers = before
    assert b"handled" in got and b"Soup timer set" in got
    assert [t.name for t in _soup_timers(home)] == ["soup"]


def test_loopback_is_always_answered(home) -> None:
    question = Transcript(text="How many grams in a cup of flour?").event()
    assert exchange(home.port, [question], "handled")


def test_the_allow_list_decides_by_address_and_network() -> None:
    peers = Peers.of(
        Settings(
            wyoming_peers="192.168.1.20, 10.0.0.0/24", wyoming_satellites="tcp://10.1.1.5:10700"
        )
    )
    assert peers.allows("127.0.0.1") and peers.allows("::1") and peers.allows("127.0.0.53")
    assert peers.allows("192.168.1.20") and peers.allows("10.0.0.77")
    assert not peers.allows("10.1.1.5")  # a satellite never connects in: Hearth connects out
    assert peers.allows("::ffff:192.168.1.20")  # an IPv4 peer on a dual-stack socket
    assert not peers.allows("192.168.1.21") and not peers.allows("10.0.1.1")
    assert not peers.allows("fe80::1") and not peers.allows("not an address")
    assert not Peers.of(Settings()).allows("192.168.1.20")  # the default: this machine only


@pytest.mark.parametrize(
    "setting, value",
    [
        ("wyoming_peers", "homeassistant.local"),
        ("wyoming_peers", "10.0.0.300"),
        ("wyoming_satellites", "10.0.0.7:10700"),
        ("wyoming_satellites", "tcp://10.0.0.7"),
    ],
)
def test_a_wrong_peer_or_satellite_setting_is_refused(setting: str, value: str) -> None:
    with pytest.raises(ConfigError, match=setting):
        Settings(**{setting: value})


@pytest.mark.parametrize(
    "value, says",
    [
        ("192.168.1.20/0", "host bits set"),  # once silently 0.0.0.0/0: everyone
        ("192.168.1.20/24", "host bits set"),
        ("0.0.0.0/0", "covers too much"),
        ("::/0", "covers too much"),
        ("10.0.0.0/7", "covers too much"),
        ("2000::/15", "covers too much"),
        ("::ffff:0.0.0.0/96", "covers too much"),
    ],
)
def test_a_peer_entry_that_would_open_the_port_too_wide_is_refused(value: str, says: str) -> None:
    with pytest.raises(ConfigError, match=f"wyoming_peers: '{re.escape(value)}' .*{says}"):
        Settings(wyoming_peers=value)


def test_positive_control_networks_at_the_bounds_and_mapped_addresses_are_taken() -> None:
    peers = Peers.of(Settings(wyoming_peers="10.0.0.0/8, fd00::/16, ::ffff:192.168.1.20"))
    assert peers.allows("10.200.1.1") and peers.allows("fd00:1::5")
    assert peers.allows("192.168.1.20")  # the mapped entry, as its IPv4 form
    assert not peers.allows("192.168.1.21") and not peers.allows("11.0.0.1")


def test_a_flood_of_refused_connections_logs_one_line_a_minute_per_address(home, caplog) -> None:
    address = _lan_ip()
    refused = home.parts.server.refused
    with caplog.at_level(logging.WARNING, logger="appliance.wyoming.server"):
        for _ in range(50):
            _say_from(address, home.port, "hello")
        time.sleep(0.3)
    assert home.parts.server.refused == refused + 50
    lines = [r.getMessage() for r in caplog.records if "refused" in r.getMessage()]
    assert len(lines) <= 1  # the first may have been logged by an earlier test this minute


def test_the_refusal_log_counts_what_it_did_not_log() -> None:
    clock = [0.0]
    refusals = RefusalLog(lambda: clock[0])
    assert refusals.line("10.0.0.5", "not in wyoming_peers") == (
        "wyoming: refused 10.0.0.5 (not in wyoming_peers)"
    )
    assert all(refusals.line("10.0.0.5", "not in wyoming_peers") is None for _ in range(40))
    assert refusals.line("10.0.0.6", "not in wyoming_peers") is not None  # another address
    clock[0] = REFUSAL_LOG_SECONDS + 1
    assert refusals.line("10.0.0.5", "not in wyoming_peers") == (
        "wyoming: refused 10.0.0.5 (not in wyoming_peers); 40 more since the last line, not logged"
    )


def test_a_lan_peer_past_its_turns_a_minute_is_told_so_and_proposes_nothing(
    home, monkeypatch
) -> None:
    address = _lan_ip()
    server = home.parts.server
    before_peers, before_services = server.peers, server.services
    monkeypatch.setattr(session, "TURNS_PER_MINUTE", 2)
    server.peers = Peers.of(replace(home.settings, wyoming_peers=address))
    # The clock stands still: on a loaded machine three turns through the real brain can
    # span more than the minute, and the first would leave the window (a fresh clone's
    # suite saw the third let in). The minute itself: the next test.
    frozen = TurnLimit(lambda: 0.0)
    server.services = dataclasses.replace(server.services, turn_limit=frozen)
    proposals = {p.id for p in home.memory.proposals()}
    try:
        answers = [
            _say_from(address, home.port, f"Remember that the spare key {n} is in the shed.")
            for n in range(3)
        ]
    finally:
        server.peers, server.services = before_peers, before_services
    # the positive control: the first two, within the limit, are proposed for Keep
    assert len({p.id for p in home.memory.proposals()} - proposals) == 2
    refusal = session.TOO_MANY_TURNS.encode()
    assert all(b"handled" in got and refusal not in got for got in answers[:2])
    assert refusal in answers[2] and b'"type": "handled"' in answers[2]


def test_the_turn_limit_counts_per_address_for_a_minute() -> None:
    clock = [0.0]
    limit = TurnLimit(lambda: clock[0])
    assert [limit.allow("10.0.0.5") for _ in range(11)] == [True] * 10 + [False]
    assert limit.allow("10.0.0.6")  # another address has its own count
    clock[0] = 60.5
    assert limit.allow("10.0.0.5")  # a minute on, it may ask again
