"""`hearth doctor`'s Wyoming lines: the service on its port, who it answers, each satellite."""

from __future__ import annotations

import time

from appliance.cli.doctor import ABSENT, OK, WARN, check_wyoming
from tests.wyoming.conftest import replace
from tests.wyoming.satellite import free_port, satellite


def test_doctor_shows_the_service_its_peers_and_a_satellite_that_answers(home, tmp_path) -> None:
    with satellite(tmp_path / "bedroom") as room:
        settings = replace(
            home.settings,
            wyoming_port=home.port,
            wyoming_peers="192.168.1.20",
            wyoming_satellites=f"tcp://127.0.0.1:{room.port}, tcp://127.0.0.1:{free_port()}",
        )
        deadline = time.monotonic() + 20
        while (found := check_wyoming(settings))[2].state != OK and time.monotonic() < deadline:
            time.sleep(0.2)  # the satellite process is starting
    lines = [(f.area, f.state, f.detail) for f in found]
    print("\n".join(map(str, lines)))
    assert lines[0] == ("wyoming", OK, f"answers on port {home.port}: asr, tts, handle")
    assert lines[1] == (
        "wyoming peers",
        OK,
        "this machine and 192.168.1.20/32",
    )
    assert lines[2] == (
        "satellite",
        OK,
        f"tcp://127.0.0.1:{room.port} answers: satellite 'bedroom'",
    )
    assert lines[3][:2] == ("satellite", WARN) and "does not answer" in lines[3][2]


def test_doctor_says_when_the_service_is_not_running(settings) -> None:
    [service, peers] = check_wyoming(replace(settings, wyoming_port=free_port()))
    assert service.state == ABSENT and "not answering" in service.detail
    assert peers.detail == "this machine only (wyoming_peers is empty)"
