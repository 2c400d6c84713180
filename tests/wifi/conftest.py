"""Fixtures for Wi-Fi setup: a scripted box around the real keeper."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.wifi.fakes import FakeBox, Router, World

# A line of a real scan (wpa_supplicant 2.10 on mac80211_hwsim), with a home network's name.
KITCHEN = Router(
    b"Our Kitchen",
    "correct horse battery",
    "02:00:00:00:02:00\t2412\t-30\t[WPA2-PSK-CCMP][WPS][ESS]\tOur Kitchen",
)


@pytest.fixture
def world() -> World:
    return World(routers=[KITCHEN])


@pytest.fixture
def box(tmp_path: Path, world: World) -> Iterator[FakeBox]:
    fake = FakeBox(tmp_path, world)
    yield fake
    fake._halt()
