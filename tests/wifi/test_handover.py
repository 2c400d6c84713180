"""request.py and status.py: the files between the page (hearth) and the keeper (root)."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest

from appliance.wifi.access_point import AccessPoint
from appliance.wifi.network import Network
from appliance.wifi.request import (
    REQUEST_DIR,
    REQUEST_FILE,
    BadRequestFile,
    KeeperMissing,
    ask_to_join,
    take_request,
)
from appliance.wifi.scan import Seen
from appliance.wifi.status import AP, STATUS_FILE, Result, WifiStatus, read_status, write_status

NETWORK = Network.from_password(b"Our \xffKitchen", "correct horse battery", "GB")


@pytest.fixture
def run_dir(tmp_path: Path) -> Path:
    (tmp_path / REQUEST_DIR).mkdir()
    write_status(WifiStatus(mode=AP), tmp_path)
    return tmp_path


def test_a_request_goes_over_whole_and_is_gone_once_taken(run_dir: Path):
    old = os.umask(0o077)  # the services' UMask
    try:
        asked = ask_to_join(NETWORK, run_dir)
    finally:
        os.umask(old)
    path = run_dir / REQUEST_DIR / REQUEST_FILE
    assert stat.S_IMODE(path.stat().st_mode) == 0o644  # root reads it without a capability
    assert "correct horse" not in path.read_text()
    taken = take_request(run_dir)
    assert taken == asked and taken.network == NETWORK
    assert not path.exists() and take_request(run_dir) is None
    assert [p.name for p in (run_dir / REQUEST_DIR).iterdir()] == []  # no temp file left


def test_a_newer_request_replaces_one_not_yet_taken(run_dir: Path):
    ask_to_join(NETWORK, run_dir)
    second = ask_to_join(Network.from_password(b"Other", "another password"), run_dir)
    assert take_request(run_dir) == second


def test_without_a_keeper_nothing_is_written(tmp_path: Path):
    with pytest.raises(KeeperMissing, match="not running on this machine"):
        ask_to_join(NETWORK, tmp_path)
    (tmp_path / REQUEST_DIR).mkdir()  # the folder, but no keeper has ever said anything
    with pytest.raises(KeeperMissing):
        ask_to_join(NETWORK, tmp_path)
    assert list((tmp_path / REQUEST_DIR).iterdir()) == []


@pytest.mark.parametrize(
    ("content", "says"),
    [
        (b"{", "not JSON"),
        (b"\xff\xfe", "not JSON"),
        (b"[]", "exactly id, ssid, psk and country"),
        (json.dumps({"id": "0123456789abcdef", "ssid": "41", "psk": "0" * 64}).encode(), "exactly"),
        (
            json.dumps(
                {"id": "0123456789abcdef", "ssid": "41", "psk": "0" * 64, "country": "", "x": 1}
            ).encode(),
            "exactly",
        ),
        (json.dumps({"id": 1, "ssid": "41", "psk": "0" * 64, "country": ""}).encode(), "text"),
        (
            json.dumps(
                {"id": "0123456789abcdef", "ssid": "zz", "psk": "0" * 64, "country": ""}
            ).encode(),
            "not usable",
        ),
        (
            json.dumps(
                {"id": "0123456789abcdef", "ssid": "41", "psk": "G" * 64, "country": ""}
            ).encode(),
            "not usable",
        ),
        (
            json.dumps(
                {"id": "0123456789abcdef", "ssid": "", "psk": "0" * 64, "country": ""}
            ).encode(),
            "not usable",
        ),
        (
            json.dumps(
                {"id": "0123456789abcdef", "ssid": "41", "psk": "0" * 64, "country": "../"}
            ).encode(),
            "not usable",
        ),
        (b" " * 2000, "over 1024 bytes"),
    ],
)
def test_the_keeper_checks_a_request_again_and_drops_a_bad_one(run_dir, content, says):
    path = run_dir / REQUEST_DIR / REQUEST_FILE
    path.write_bytes(content)
    with pytest.raises(BadRequestFile, match=says):
        take_request(run_dir)
    assert not path.exists()


def test_a_link_where_the_request_should_be_is_not_followed(run_dir: Path, tmp_path: Path):
    secret = tmp_path / "secret"
    secret.write_text(
        '{"id": "0123456789abcdef", "ssid": "41", "psk": "' + "0" * 64 + '", "country": ""}'
    )
    (run_dir / REQUEST_DIR / REQUEST_FILE).symlink_to(secret)
    with pytest.raises(BadRequestFile, match="could not be opened"):
        take_request(run_dir)
    assert not (run_dir / REQUEST_DIR / REQUEST_FILE).is_symlink() and secret.exists()


def test_the_status_reads_back_as_it_was_written(tmp_path: Path):
    status = WifiStatus(
        mode=AP,
        access_point=AccessPoint("Hearth-3F2A", "kd7m-x3ap-qq9t"),
        networks=(Seen(b"<b>\xff", 2412, -40, ("WPA2-PSK-CCMP", "ESS")),),
        scanned_at="2026-12-01T10:00:00+00:00",
        joining=b"Our Kitchen",
        saved=b"Old",
        result=Result(b"Our Kitchen", False, "no", "0123456789abcdef"),
        problem="a problem",
    )
    write_status(status, tmp_path)
    assert read_status(tmp_path) == status
    assert stat.S_IMODE((tmp_path / STATUS_FILE).stat().st_mode) == 0o644


@pytest.mark.parametrize(
    "content",
    [
        b"",
        b"{}",
        b'{"mode": "party"}',
        b'{"mode": "ap", "networks": [{"ssid": "zz"}]}',
        b'{"mode": "ap", "access_point": {"ssid": "x"}}',
        b"[1]",
        b'{"mode": "ap", "padding": "' + b"x" * 300_000 + b'"}',
    ],
)
def test_a_status_that_is_not_one_reads_as_none(tmp_path: Path, content: bytes):
    (tmp_path / STATUS_FILE).write_bytes(content)
    assert read_status(tmp_path) is None


def test_no_status_file_reads_as_none(tmp_path: Path):
    assert read_status(tmp_path) is None
