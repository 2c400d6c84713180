"""`hearth wifi` and `hearth wifi join` against the real keeper on a scripted box."""

from __future__ import annotations

import io
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from appliance.cli import main
from appliance.wifi.keeper import Keeper
from appliance.wifi.network import WPA_CONF
from appliance.wifi.policy import START_GRACE
from tests.wifi.conftest import KITCHEN
from tests.wifi.fakes import FakeBox, World


class Clock:
    now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def keeper(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Keeper]:
    box = FakeBox(tmp_path, World(routers=[KITCHEN]))
    made = Keeper(box, box.run_dir, root=box.root, clock=Clock(), trial_seconds=3.0)
    made.clean_up()
    made.tick()
    made.clock.now += START_GRACE
    made.tick()
    monkeypatch.setenv("HEARTH_WIFI_DIR", str(box.run_dir))
    yield made
    box._halt()


def test_status_says_what_the_keeper_does_without_the_setup_password(keeper, capsys):
    assert main(["wifi"]) == 0
    said = capsys.readouterr().out
    assert "mode: ap" in said and "setup network: Hearth-3F2A at 10.42.0.1" in said
    assert "Our Kitchen" in said and keeper.access_point.password not in said


def test_join_reads_the_password_from_stdin_and_waits_for_the_result(keeper, capsys, monkeypatch):
    stop = threading.Event()

    def turn() -> None:
        while not stop.wait(0.2):
            keeper.tick()

    ticking = threading.Thread(target=turn, daemon=True)
    ticking.start()
    try:
        monkeypatch.setattr("sys.stdin", io.StringIO("wrong horse battery\n"))
        assert main(["wifi", "join", "Our Kitchen", "--wait", "20"]) == 1
        assert "did not accept that password" in capsys.readouterr().out
        assert not (keeper.root / WPA_CONF).exists()
        monkeypatch.setattr("sys.stdin", io.StringIO("correct horse battery\n"))
        assert main(["wifi", "join", "Our Kitchen", "--wait", "20"]) == 0
        assert "Joined 'Our Kitchen'." in capsys.readouterr().out
        assert (keeper.root / WPA_CONF).exists()
    finally:
        stop.set()
        ticking.join(10)


def test_a_password_wifi_cannot_use_is_refused_before_anything_is_handed_over(
    keeper, capsys, monkeypatch
):
    monkeypatch.setattr("sys.stdin", io.StringIO("short\n"))
    assert main(["wifi", "join", "Our Kitchen"]) == 1
    assert "needs 8 to 63" in capsys.readouterr().err
    assert list((keeper.run_dir / "request").iterdir()) == []


def test_without_a_keeper_it_says_so(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("HEARTH_WIFI_DIR", str(tmp_path / "none"))
    assert main(["wifi"]) == 1
    assert "hearth-wifi is not running here" in capsys.readouterr().err
