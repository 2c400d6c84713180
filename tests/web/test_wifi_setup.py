"""The Wi-Fi setup page over real HTTP: the token, bad input, and a join carried out by the
real keeper on a scripted box (tests/wifi/fakes.py), from the POST to the saved file."""

from __future__ import annotations

import json
import re
import stat
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from appliance.memory import Memory
from appliance.web.wifi_setup import MAX_JOIN_BYTES
from appliance.wifi.keeper import Keeper
from appliance.wifi.network import WPA_CONF, Network, derive_psk
from appliance.wifi.policy import START_GRACE
from appliance.wifi.request import REQUEST_DIR, REQUEST_FILE
from appliance.wifi.status import AP, CLIENT
from appliance.wifi.system import AP_UNIT
from tests.web.client import call, call_chunked
from tests.web.conftest import Running, start_server, stop_server
from tests.wifi.fakes import FakeBox, Router, World

KITCHEN = Router(
    b"Our Kitchen",
    "correct horse battery",
    "02:00:00:00:02:00\t2412\t-30\t[WPA2-PSK-CCMP][WPS][ESS]\tOur Kitchen",
)
# What a hostile neighbour can name a network (wpa_supplicant's escapes, as captured).
HOSTILE = [
    "02:00:00:00:03:00\t2437\t-60\t[WPA2-PSK-CCMP][ESS]\t<img src=x onerror=alert(1)>",
    '02:00:00:00:04:00\t2437\t-61\t[WPA2-PSK-CCMP][ESS]\t\\"><script>alert(2)</script>',
    "02:00:00:00:05:00\t2437\t-62\t[WPA2-PSK-CCMP][ESS]\tevil\\xe2\\x80\\xaegnp.exe",
    "02:00:00:00:06:00\t2437\t-63\t[WPA2-PSK-CCMP][ESS]\t\\xff\\xfe\\x00bytes",
]


class Clock:
    now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def world() -> World:
    routers = [KITCHEN] + [Router(b"", "", line) for line in HOSTILE]
    return World(routers=routers)


@pytest.fixture
def keeper(tmp_path: Path, world: World) -> Iterator[Keeper]:
    box = FakeBox(tmp_path, world)
    made = Keeper(box, box.run_dir, root=box.root, clock=Clock(), trial_seconds=3.0)
    made.clean_up()
    made.tick()
    made.clock.now += START_GRACE
    made.tick()
    assert made.mode == AP
    yield made
    box._halt()


@pytest.fixture
def wifi(memory: Memory, data_dir: Path, keeper: Keeper) -> Iterator[Running]:
    running = start_server(memory, data_dir, wifi_dir=keeper.run_dir)
    yield running
    stop_server(running)


def requests_waiting(keeper: Keeper) -> list[str]:
    return sorted(p.name for p in (keeper.run_dir / REQUEST_DIR).iterdir())


def join(web: Running, body, headers=None):
    return call(
        f"{web.url}/api/wifi/join", "POST", body, headers if headers is not None else web.auth()
    )


GOOD = {"ssid": "Our Kitchen", "password": "correct horse battery", "country": "gb"}


# -- the token ---------------------------------------------------------------------------


@pytest.mark.parametrize("authorization", [None, "Bearer not-the-token-not-the-token", "{token}"])
def test_the_wifi_api_needs_the_token(wifi: Running, keeper: Keeper, authorization):
    headers = (
        {} if authorization is None else {"Authorization": authorization.format(token=wifi.token)}
    )
    assert call(f"{wifi.url}/api/wifi.json", headers=headers).status == 401
    answer = join(wifi, GOOD, headers)
    assert answer.status == 401 and "hearth token" in answer.json["error"]["message"]
    assert requests_waiting(keeper) == []  # nothing handed to root


def test_the_view_cookie_does_not_open_the_wifi_api(wifi: Running, keeper: Keeper):
    """A page on another site could make the browser send the cookie; never the token."""
    cookie = (
        call(f"{wifi.url}/session", "POST", b"", wifi.auth()).header("Set-Cookie").split(";")[0]
    )
    assert join(wifi, GOOD, {"Cookie": cookie}).status == 401
    assert requests_waiting(keeper) == []


def test_with_the_token_the_list_and_the_join_are_answered(wifi: Running, keeper: Keeper):
    """The positive control for the refusals above."""
    listed = call(f"{wifi.url}/api/wifi.json", headers=wifi.auth())
    assert listed.status == 200 and listed.header("Cache-Control") == "no-store"
    assert join(wifi, GOOD).status == 202
    assert requests_waiting(keeper) == [REQUEST_FILE]


def test_the_page_itself_loads_without_the_token_and_asks_for_it(wifi: Running):
    page = call(f"{wifi.url}/wifi")
    assert page.status == 200 and b'id="token-form"' in page.body
    assert "default-src 'self'" in page.header("Content-Security-Policy")
    assert call(f"{wifi.url}/static/wifi.js").status == 200
    assert call(f"{wifi.url}/static/wifi.html").status == 404  # only at /wifi


# -- what the list says --------------------------------------------------------------------


def test_the_list_names_networks_safely_and_never_the_setup_password(wifi, keeper):
    found = call(f"{wifi.url}/api/wifi.json", headers=wifi.auth()).json
    assert found["mode"] == AP and found["setting_up"] is True
    assert found["access_point"] == {"ssid": "Hearth-3F2A", "address": "10.42.0.1"}
    assert keeper.access_point.password not in json.dumps(found)
    names = {n["name"]: n for n in found["networks"]}
    assert set(names) == {
        "Our Kitchen",
        "<img src=x onerror=alert(1)>",  # JSON carries it as text; the page shows it as text
        '"><script>alert(2)</script>',
        "evil\\u202egnp.exe",  # the right-to-left override is shown as an escape
        "\\xff\\xfe\\x00bytes",
    }
    assert names["\\xff\\xfe\\x00bytes"]["ssid_hex"] == "fffe006279746573"
    assert names["Our Kitchen"] == {
        "ssid_hex": b"Our Kitchen".hex(),
        "name": "Our Kitchen",
        "signal": -30,
        "band": "2.4 GHz",
        "security": "psk",
        "joinable": True,
    }


def test_without_a_keeper_the_api_says_so_and_writes_nothing(
    memory: Memory, data_dir: Path, tmp_path
):
    empty = tmp_path / "no-keeper"
    (empty / REQUEST_DIR).mkdir(parents=True)  # the folder alone: nobody answers there
    running = start_server(memory, data_dir, wifi_dir=empty)
    try:
        listed = call(f"{running.url}/api/wifi.json", headers=running.auth())
        assert listed.status == 503 and listed.json["error"]["code"] == "wifi_unavailable"
        answer = join(running, GOOD)
        assert (
            answer.status == 503
            and "not running on this machine" in answer.json["error"]["message"]
        )
        assert list((empty / REQUEST_DIR).iterdir()) == []
    finally:
        stop_server(running)


# -- bad input: refused, nothing written ------------------------------------------------


@pytest.mark.parametrize(
    ("body", "param", "says"),
    [
        (b"{not json", None, "not JSON"),
        (b"\xff\xfe{}", None, "not UTF-8"),
        (b"[]", None, "JSON object"),
        (b"[" * 3000, None, "not JSON"),  # nested past what the decoder will recurse
        ({"ssid": "Our Kitchen"}, "password", "password is missing"),
        ({"password": "correct horse battery"}, "ssid", "not both or neither"),
        ({**GOOD, "ssid_hex": "4f"}, "ssid", "not both or neither"),
        ({**GOOD, "admin": True}, "admin", "unknown field"),
        ({**GOOD, "password": 12345678}, "password", "must be text"),
        ({**GOOD, "ssid": "x" * 33}, "ssid", "longer than 32 bytes"),
        ({**GOOD, "ssid": "\u00e9" * 17}, "ssid", "longer than 32 bytes"),  # 34 bytes
        ({**GOOD, "ssid": ""}, "ssid", "no network name"),
        ({"ssid_hex": "4", "password": "correct horse"}, "ssid_hex", "hex digits"),
        ({"ssid_hex": "zz", "password": "correct horse"}, "ssid_hex", "hex digits"),
        ({"ssid_hex": "41" * 33, "password": "correct horse"}, "ssid_hex", "at most 64"),
        ({**GOOD, "password": "short"}, "password", "needs 8 to 63"),
        ({**GOOD, "password": "x" * 64}, "password", "needs 8 to 63"),
        ({**GOOD, "password": "caf\u00e9 au lait"}, "password", "needs 8 to 63"),
        ({**GOOD, "password": "new\nline here"}, "password", "needs 8 to 63"),
        ({**GOOD, "country": "GBR"}, "country", "two letters"),
        ({**GOOD, "country": "../"}, "country", "two letters"),
        (b'{"ssid": "\\ud800", "password": "correct horse battery"}', "ssid", "lone surrogate"),
    ],
)
def test_a_bad_join_is_refused_with_the_reason_and_nothing_is_written(
    wifi, keeper, body, param, says
):
    answer = join(wifi, body)
    assert answer.status == 400, answer.body
    error = answer.json["error"]
    assert says in error["message"] and error["param"] == param
    assert requests_waiting(keeper) == []
    keeper.tick()
    assert not (keeper.root / WPA_CONF).exists() and keeper.mode == AP


def test_a_body_over_the_limit_is_413_and_nothing_is_written(wifi: Running, keeper: Keeper):
    big = {**GOOD, "padding": "x" * MAX_JOIN_BYTES}
    answer = join(wifi, big)
    assert answer.status == 413 and "4096 bytes" in answer.json["error"]["message"]
    host, port = wifi.url.removeprefix("http://").split(":")
    chunks = [b'{"ssid": "Our Kitchen", "password": "', b"x" * MAX_JOIN_BYTES, b'"}']
    assert call_chunked(host, int(port), "/api/wifi/join", chunks, wifi.auth()).status == 413
    assert requests_waiting(keeper) == []


def test_a_body_just_under_the_limit_is_read(wifi: Running, keeper: Keeper):
    """The positive control: the limit is the limit, and a long country is still refused
    for being a bad country, not for its size."""
    padded = json.dumps({**GOOD, "country": " " * (MAX_JOIN_BYTES - 200) + "GB"}).encode()
    assert len(padded) < MAX_JOIN_BYTES
    assert join(wifi, padded).status == 202


# -- a join, end to end --------------------------------------------------------------------


def result_for(web: Running, keeper: Keeper, request: str) -> dict:
    keeper.tick()  # the keeper's next turn takes the request and tries the network
    found = call(f"{web.url}/api/wifi.json", headers=web.auth()).json
    assert found["result"]["request"] == request
    return found


def test_a_wrong_password_is_said_and_the_setup_network_comes_back(wifi: Running, keeper: Keeper):
    before = keeper.access_point
    answer = join(wifi, {"ssid": "Our Kitchen", "password": "wrong horse battery"})
    assert answer.status == 202 and "trying 'Our Kitchen'" in answer.json["message"]
    request = answer.json["request"]
    found = result_for(wifi, keeper, request)
    assert found["result"]["ok"] is False
    assert "did not accept that password" in found["result"]["message"]
    assert found["mode"] == AP and found["setting_up"]
    assert keeper.access_point == before and keeper.radio.unit == AP_UNIT
    assert not (keeper.root / WPA_CONF).exists()
    # ... and the household tries again, with the right one.
    again = join(wifi, {"ssid": "Our Kitchen", "password": "correct horse battery"})
    assert result_for(wifi, keeper, again.json["request"])["result"]["ok"] is True


def test_the_right_password_saves_the_same_file_hearth_wifi_txt_would(wifi, keeper):
    answer = join(
        wifi, {"ssid_hex": b"Our Kitchen".hex(), **{k: GOOD[k] for k in ("password", "country")}}
    )
    request_file = keeper.run_dir / REQUEST_DIR / REQUEST_FILE
    handed = json.loads(request_file.read_text())
    assert handed["psk"] == derive_psk("correct horse battery", b"Our Kitchen")
    assert "correct horse" not in request_file.read_text()  # the password went no further
    found = result_for(wifi, keeper, answer.json["request"])
    assert found["result"] == {**found["result"], "ok": True, "name": "Our Kitchen"}
    conf = keeper.root / WPA_CONF
    expected = Network.from_password(b"Our Kitchen", "correct horse battery", "GB").wpa_conf()
    assert conf.read_bytes() == expected.encode()
    assert stat.S_IMODE(conf.stat().st_mode) == 0o600
    deadline = time.monotonic() + 5
    while keeper.radio.address() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    keeper.tick()
    found = call(f"{wifi.url}/api/wifi.json", headers=wifi.auth()).json
    assert found["mode"] == CLIENT and found["address"] == "192.168.1.30"
    assert found["saved"] == "Our Kitchen" and found["setting_up"] is False


def test_a_network_picked_by_its_bytes_is_joined_by_its_bytes(wifi, keeper, world: World):
    odd = Router(b"\xff\xfe\x00bytes", "correct horse battery", HOSTILE[3])
    world.routers.append(odd)
    answer = join(wifi, {"ssid_hex": odd.ssid.hex(), "password": "correct horse battery"})
    found = result_for(wifi, keeper, answer.json["request"])
    assert found["result"]["ok"] is True
    conf = (keeper.root / WPA_CONF).read_text()
    assert re.search(rf"^    ssid={odd.ssid.hex()}$", conf, re.M)


# -- the page in a browser ------------------------------------------------------------------


def test_the_page_shows_hostile_names_as_text_and_joins_the_one_picked(wifi, keeper, browser):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    def wait(condition, timeout: float = 30):
        return WebDriverWait(browser, timeout, poll_frequency=0.05).until(condition)

    browser.get(wifi.url + "/wifi")
    wait(lambda d: d.find_element(By.ID, "token-input").is_displayed())
    browser.find_element(By.ID, "token-input").send_keys(wifi.token)
    browser.find_element(By.CSS_SELECTOR, "#token-form button").click()
    wait(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#networks button")) == 6)
    shown = [
        b.get_attribute("textContent")
        for b in browser.find_elements(By.CSS_SELECTOR, "#networks button")
    ]
    assert any(s.startswith("<img src=x onerror=alert(1)>") for s in shown)
    assert any(s.startswith('"><script>alert(2)</script>') for s in shown)
    # Nothing a neighbour named became markup: no image, no script (an alert would have
    # stopped selenium here).
    assert browser.find_elements(By.CSS_SELECTOR, "#networks img, #networks script") == []
    assert browser.execute_script("return document.querySelectorAll('img').length") == 0
    kitchen = next(
        b
        for b in browser.find_elements(By.CSS_SELECTOR, "#networks button")
        if b.get_attribute("textContent").startswith("Our Kitchen")
    )
    kitchen.click()
    assert browser.find_element(By.ID, "chosen").text == "Our Kitchen"
    browser.find_element(By.ID, "password").send_keys("correct horse battery")
    browser.find_element(By.ID, "join").click()
    wait(lambda d: "trying 'Our Kitchen'" in d.find_element(By.ID, "status").text)
    handed = json.loads((keeper.run_dir / REQUEST_DIR / REQUEST_FILE).read_text())
    assert bytes.fromhex(handed["ssid"]) == b"Our Kitchen"
    assert handed["psk"] == derive_psk("correct horse battery", b"Our Kitchen")
    assert browser.find_element(By.ID, "password").get_attribute("value") == ""
    keeper.tick()  # the keeper joins it
    wait(lambda d: "Joined 'Our Kitchen'." in d.find_element(By.ID, "status").text)
