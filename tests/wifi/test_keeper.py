"""keeper.py: the root service's decisions carried out on a scripted box.

The keeper, its Control over a real datagram socket, the request and status files and the
key derivation are the real ones; only the machine (links, systemctl, wpa_supplicant) is
scripted (tests/wifi/fakes.py).
"""

from __future__ import annotations

import re
import stat
import time
from pathlib import Path

import pytest

from appliance.wifi.keeper import AP_FAILED, Keeper
from appliance.wifi.network import WPA_CONF, Network, derive_psk
from appliance.wifi.policy import JOIN_GRACE, RETRY_FIRST, START_GRACE
from appliance.wifi.request import REQUEST_DIR, REQUEST_FILE, ask_to_join
from appliance.wifi.status import AP, CLIENT, NO_RADIO, STARTING, WIRED, read_status
from appliance.wifi.system import AP_UNIT, CLIENT_UNIT, TRY_UNIT
from tests.wifi.conftest import KITCHEN
from tests.wifi.fakes import FakeBox, Router, World


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def keeper(box: FakeBox, clock: Clock) -> Keeper:
    made = Keeper(box, box.run_dir, root=box.root, clock=clock, trial_seconds=3.0)
    made.clean_up()
    return made


def open_setup_network(keeper: Keeper, clock: Clock) -> None:
    keeper.tick()
    clock.now += START_GRACE
    keeper.tick()
    assert keeper.mode == AP


def status(box: FakeBox):
    found = read_status(box.run_dir)
    assert found is not None
    return found


def wait_for_address(keeper: Keeper, box: FakeBox) -> None:
    deadline = time.monotonic() + 5
    while box.ip is None and time.monotonic() < deadline:
        time.sleep(0.05)
    keeper.tick()


# -- the setup network ------------------------------------------------------------------


def test_a_new_box_opens_its_setup_network_after_the_grace(keeper: Keeper, box, clock):
    keeper.tick()
    assert status(box).mode == STARTING and status(box).access_point is None
    clock.now += START_GRACE - 1
    keeper.tick()
    assert box.started == []  # not before the grace: an Ethernet link may come up
    clock.now += 1
    keeper.tick()
    assert box.started == [AP_UNIT]
    shown = status(box)
    assert shown.mode == AP and shown.setting_up
    ap = shown.access_point
    assert ap.ssid == "Hearth-3F2A" and ap.address == "10.42.0.1"
    assert re.fullmatch(r"[a-km-z2-9]{4}-[a-km-z2-9]{4}-[a-km-z2-9]{4}", ap.password)


def test_the_scan_before_the_access_point_opens_lists_the_neighbours(keeper, box, clock):
    open_setup_network(keeper, clock)
    assert [s.ssid for s in status(box).networks] == [b"Our Kitchen"]
    commands = box.supplicant.commands
    # As a station first (every chip can scan then), and only then an access point.
    assert commands.index("SCAN") < commands.index("SELECT_NETWORK 0")


def test_the_setup_networks_settings_are_0600_with_the_key_of_its_password(keeper, box, clock):
    open_setup_network(keeper, clock)
    conf = box.run_dir / "ap.conf"
    assert stat.S_IMODE(conf.stat().st_mode) == 0o600
    ap = status(box).access_point
    text = conf.read_text()
    assert f"psk={derive_psk(ap.password, ap.ssid.encode())}\n" in text
    assert ap.password not in text and "mode=2" in text and "wps_disabled=1" in text


def test_an_ethernet_link_keeps_the_setup_network_shut(keeper, box, clock):
    box.cable = True
    keeper.tick()
    clock.now += 10 * START_GRACE
    keeper.tick()
    assert AP_UNIT not in box.started and status(box).mode == WIRED


def test_plugging_in_a_cable_closes_the_setup_network(keeper, box, clock):
    open_setup_network(keeper, clock)
    box.cable = True
    keeper.tick()
    assert box.unit is None and status(box).mode == WIRED and not status(box).setting_up


def test_a_box_without_wifi_does_nothing_and_says_so(keeper, box, clock):
    box.radio = False
    keeper.tick()
    clock.now += 10 * START_GRACE
    keeper.tick()
    assert box.started == [] and status(box).mode == NO_RADIO
    ask_to_join(Network.from_password(b"Our Kitchen", "correct horse battery"), box.run_dir)
    keeper.tick()
    assert status(box).result.message == "This Hearth has no Wi-Fi."


def test_a_chip_that_cannot_be_an_access_point_is_reported_and_tried_again(keeper, box, clock):
    box.ap_fails = True
    open_setup = keeper.tick
    open_setup()
    clock.now += START_GRACE
    open_setup()
    assert status(box).mode == STARTING and status(box).problem == AP_FAILED
    box.ap_fails = False
    clock.now += START_GRACE
    keeper.tick()
    assert status(box).mode == AP and status(box).problem is None


# -- a join from the page -------------------------------------------------------------------


def test_a_wrong_password_saves_nothing_and_reopens_the_same_setup_network(keeper, box, clock):
    open_setup_network(keeper, clock)
    before = status(box).access_point
    request = ask_to_join(Network.from_password(b"Our Kitchen", "wrong horse battery"), box.run_dir)
    keeper.tick()
    after = status(box)
    assert after.result.request == request.id and after.result.ok is False
    assert "did not accept that password" in after.result.message
    assert not (box.root / WPA_CONF).exists()
    assert not (box.run_dir / "try.conf").exists()
    assert box.started[-2:] == [TRY_UNIT, AP_UNIT] and box.unit == AP_UNIT
    assert after.mode == AP and after.access_point == before  # the phone rejoins by itself


def test_the_right_password_is_saved_as_hearth_wifi_txt_would_save_it(keeper, box, clock):
    open_setup_network(keeper, clock)
    network = Network.from_password(b"Our Kitchen", "correct horse battery", "gb")
    request = ask_to_join(network, box.run_dir)
    keeper.tick()
    conf = box.root / WPA_CONF
    assert conf.read_bytes() == network.wpa_conf().encode()
    assert stat.S_IMODE(conf.stat().st_mode) == 0o600
    assert b"correct horse battery" not in conf.read_bytes()
    assert box.started[-2:] == [TRY_UNIT, CLIENT_UNIT] and box.unit == CLIENT_UNIT
    wait_for_address(keeper, box)
    shown = status(box)
    assert shown.mode == CLIENT and shown.address == "192.168.1.30" and not shown.setting_up
    assert shown.result.ok and shown.result.request == request.id
    assert shown.saved == b"Our Kitchen"


def test_a_chip_that_never_says_why_is_reported_as_a_likely_wrong_password(
    keeper, box, clock, world: World
):
    world.silent_refusal = True
    open_setup_network(keeper, clock)
    ask_to_join(Network.from_password(b"Our Kitchen", "wrong horse battery"), box.run_dir)
    keeper.tick()
    shown = status(box)
    assert not shown.result.ok and "most often the password is wrong" in shown.result.message
    assert not (box.root / WPA_CONF).exists() and shown.mode == AP


def test_a_network_out_of_range_is_reported_as_not_found(keeper, box, clock):
    open_setup_network(keeper, clock)
    ask_to_join(Network.from_password(b"Next Door", "correct horse battery"), box.run_dir)
    keeper.tick()
    shown = status(box)
    assert "could not find 'Next Door'" in shown.result.message
    assert not (box.root / WPA_CONF).exists() and shown.mode == AP


@pytest.mark.parametrize(
    "content",
    [
        b"not json",
        b'{"id": "0123456789abcdef", "ssid": "41", "psk": "' + b"0" * 63 + b'", "country": ""}',
        b'{"id": "0123456789abcdef", "ssid": "'
        + b"41" * 33
        + b'", "psk": "'
        + b"0" * 64
        + b'", "country": ""}',
        b'{"id": "../../etc", "ssid": "41", "psk": "' + b"0" * 64 + b'", "country": ""}',
        b" " * 5000,
    ],
)
def test_a_request_file_that_is_not_a_request_is_dropped_and_nothing_is_written(
    keeper, box, clock, content: bytes
):
    open_setup_network(keeper, clock)
    (box.run_dir / REQUEST_DIR / REQUEST_FILE).write_bytes(content)
    keeper.tick()
    assert not (box.run_dir / REQUEST_DIR / REQUEST_FILE).exists()
    assert not (box.root / WPA_CONF).exists()
    assert TRY_UNIT not in box.started and box.unit == AP_UNIT
    assert "could not read that request" in status(box).result.message


# -- the saved network ---------------------------------------------------------------------


def save(box: FakeBox, password: str) -> Network:
    network = Network.from_password(b"Our Kitchen", password)
    network.save(box.root)
    return network


def test_a_saved_network_runs_and_the_setup_network_stays_shut_once_joined(keeper, box, clock):
    save(box, "correct horse battery")
    keeper.tick()
    assert box.started == [CLIENT_UNIT]
    wait_for_address(keeper, box)
    clock.now += 10 * JOIN_GRACE
    keeper.tick()
    assert AP_UNIT not in box.started and status(box).address == "192.168.1.30"


def test_a_saved_network_that_is_gone_gives_way_to_the_setup_network_then_returns(
    keeper, box, clock, world: World
):
    """A router that boots slower than the Pi after a power cut: rejoined by itself."""
    save(box, "correct horse battery")
    world.routers = []
    keeper.tick()
    clock.now += JOIN_GRACE - 1
    keeper.tick()
    assert status(box).mode == CLIENT
    clock.now += 1
    keeper.tick()
    assert status(box).mode == AP
    world.routers = [KITCHEN]  # the router is back
    clock.now += RETRY_FIRST
    keeper.tick()  # the periodic scan sees it
    keeper.tick()  # and the saved network is tried
    assert box.started[-1] == CLIENT_UNIT and status(box).mode == CLIENT


def test_no_retry_while_a_phone_is_on_the_setup_network(keeper, box, clock, world: World):
    save(box, "correct horse battery")
    world.routers = []
    keeper.tick()
    clock.now += JOIN_GRACE
    keeper.tick()
    world.routers = [KITCHEN]
    box.supplicant.stations = ["02:00:00:00:01:00"]  # the household is setting it up
    for _ in range(3):
        clock.now += RETRY_FIRST
        keeper.tick()
    assert box.started[-1] == AP_UNIT and status(box).mode == AP
    box.supplicant.stations = []  # positive control: once the phone has left, it is tried
    clock.now += RETRY_FIRST
    keeper.tick()
    assert box.started[-1] == CLIENT_UNIT


def test_a_saved_key_the_router_refuses_is_not_retried_until_it_changes(keeper, box, clock):
    save(box, "the old password")  # the router's password was changed since
    keeper.tick()
    clock.now += JOIN_GRACE
    keeper.tick()
    assert status(box).mode == AP
    clock.now += RETRY_FIRST
    keeper.tick()  # scan
    keeper.tick()  # retry: refused
    shown = status(box)
    assert shown.mode == AP and "no longer accepts the saved password" in shown.problem
    tries = box.started.count(CLIENT_UNIT)
    for _ in range(5):
        clock.now += 10 * RETRY_FIRST
        keeper.tick()
    assert box.started.count(CLIENT_UNIT) == tries  # a wrong key stays wrong
    ask_to_join(Network.from_password(b"Our Kitchen", "correct horse battery"), box.run_dir)
    keeper.tick()
    assert status(box).problem is None and status(box).mode == CLIENT


def test_a_retry_that_finds_nothing_backs_off(keeper, box, clock, world: World):
    save(box, "correct horse battery")
    world.routers = [Router(b"Our Kitchen", "correct horse battery", "")]  # seen only by name
    world.routers[0].line = KITCHEN.line
    keeper.tick()
    clock.now += JOIN_GRACE
    world.routers = []
    keeper.tick()
    first = keeper.retry_wait
    keeper.retry_saved()
    keeper.retry_saved()
    assert keeper.retry_wait > max(first, RETRY_FIRST) and keeper.mode == AP


def test_a_new_keeper_stops_what_the_last_one_left_running(keeper, box, clock):
    """Killed mid-join: no trial left behind. Restarted with the setup network open: it is
    closed, since the new keeper's password is not the one that network has."""
    open_setup_network(keeper, clock)
    (box.run_dir / "try.conf").write_text("network={}\n")
    Keeper(box, box.run_dir, root=box.root, clock=clock).clean_up()
    assert not (box.run_dir / "try.conf").exists()
    assert box.unit is None


def test_status_is_rewritten_only_when_something_changed(keeper, box, clock):
    keeper.tick()
    path: Path = box.run_dir / "status.json"
    first = path.stat().st_mtime_ns
    time.sleep(0.01)
    keeper.tick()
    assert path.stat().st_mtime_ns == first
