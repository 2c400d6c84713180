"""control.py and system.py: wpa_supplicant's socket, and the box's links in /sys/class/net."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest

from appliance.wifi.control import Control, ControlError, status_fields
from appliance.wifi.supplicant import Outcome, count_stations, scan_with, watch_join
from appliance.wifi.system import Box
from tests.wifi.conftest import KITCHEN
from tests.wifi.fakes import FakeSupplicant, World

AP_CONF = "network={\n    ssid=4865617274682d33463241\n    mode=2\n}\n"


@pytest.fixture
def supplicant(tmp_path: Path):
    fake = FakeSupplicant(tmp_path / "wpa" / "wlan0", World([KITCHEN]), AP_CONF, lambda: None)
    yield fake
    fake.close()


def test_a_request_gets_its_reply(tmp_path: Path, supplicant: FakeSupplicant):
    local = tmp_path / "run"
    local.mkdir()
    with Control(supplicant.path, local) as control:
        assert control.request("PING") == "PONG\n"
        assert status_fields(control.request("STATUS"))["wpa_state"] == "DISCONNECTED"
        assert len(list(local.iterdir())) == 1
    assert list(local.iterdir()) == []  # its own socket removed


def test_events_arrive_on_their_own_socket_and_detach_on_close(tmp_path, supplicant):
    control = Control(supplicant.path, tmp_path)
    control.attach()
    supplicant.emit("CTRL-EVENT-SCAN-RESULTS ")
    assert control.events(2.0) == ["CTRL-EVENT-SCAN-RESULTS "]
    assert control.request("PING") == "PONG\n"  # a reply is never taken for an event
    assert control.events(0.1) == []
    control.close()
    time.sleep(0.2)
    assert "DETACH" in supplicant.commands


def test_no_wpa_supplicant_is_a_control_error(tmp_path: Path):
    local = tmp_path / "run"
    local.mkdir()
    with pytest.raises(ControlError, match="no wpa_supplicant"):
        Control(tmp_path / "wlan0", local)
    assert list(local.iterdir()) == []


def test_a_scan_waits_for_its_results(tmp_path, supplicant):
    with Control(supplicant.path, tmp_path) as control:
        control.attach()
        found = scan_with(control, 5.0)
    assert [s.ssid for s in found] == [b"Our Kitchen"]


def test_stations_are_counted(tmp_path, supplicant):
    with Control(supplicant.path, tmp_path) as control:
        assert count_stations(control) == 0
        supplicant.stations = ["02:00:00:00:01:00", "02:00:00:00:03:00"]
        assert count_stations(control) == 2


def test_a_join_that_never_reports_anything_times_out(tmp_path, supplicant):
    with Control(supplicant.path, tmp_path) as control:
        started = time.monotonic()
        assert watch_join(control, 1.0) is Outcome.NO_ANSWER
        assert time.monotonic() - started < 3


def test_a_join_reported_before_attach_is_seen_in_the_status(tmp_path, supplicant):
    supplicant.state = "COMPLETED"
    with Control(supplicant.path, tmp_path) as control:
        assert watch_join(control, 5.0) is Outcome.JOINED


def test_box_control_waits_for_wpa_supplicant_to_start(tmp_path: Path):
    box = Box(tmp_path, sockets=tmp_path / "wpa")
    started: list[FakeSupplicant] = []
    timer = threading.Timer(
        0.5,
        lambda: started.append(
            FakeSupplicant(tmp_path / "wpa" / "wlan0", World(), AP_CONF, lambda: None)
        ),
    )
    timer.start()
    control = box.control(5.0)
    assert control is not None and control.request("PING") == "PONG\n"
    control.close()
    timer.join(5)  # it answers from inside its constructor: the list may lag behind
    started[0].close()
    assert box.control(0.3) is None  # and gives up when none comes


def link(sys_net: Path, name: str, carrier: str | None, address: str = "") -> None:
    (sys_net / name).mkdir(parents=True)
    if carrier is not None:
        (sys_net / name / "carrier").write_text(carrier + "\n")
    (sys_net / name / "address").write_text(address + "\n")


def test_only_an_ethernet_link_with_carrier_counts_as_wired(tmp_path: Path):
    sys_net = tmp_path / "net"
    box = Box(tmp_path, sys_net=sys_net)
    link(sys_net, "lo", "1")
    link(sys_net, "wlan0", "1", "dc:a6:32:12:3f:2a")
    link(sys_net, "eth0", "0")
    link(sys_net, "enp0s1", None)  # down: reading carrier fails (EINVAL on a real box)
    assert box.has_radio() and not box.wired() and box.mac() == "dc:a6:32:12:3f:2a"
    (sys_net / "eth0" / "carrier").write_text("1\n")
    assert box.wired()


def test_no_wlan0_is_no_radio(tmp_path: Path):
    box = Box(tmp_path, sys_net=tmp_path / "net")
    assert not box.has_radio() and not box.wired() and box.mac() == ""
