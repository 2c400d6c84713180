"""Wi-Fi from a phone, end to end in the booted amd64 image, on mac80211_hwsim radios.

Debian's amd64 kernel carries mac80211_hwsim: simulated 802.11 radios that hear each
other. Three of them stand in for the box's Wi-Fi (wlan0), a phone (wlan1) and the
household's router (wlan2), so the check runs what the card runs (hearth-wifi,
wpa_supplicant's access-point mode, networkd's DHCP server, the page behind its token)
and what a phone and a router do (wpa_supplicant and networkd in the same guest):

1. with no Ethernet link and no saved Wi-Fi, the box opens its setup network; networkd
   gives wlan0 10.42.0.1;
2. a "phone" joins it with the name and password hearth-wifi published for the panel,
   and gets an address from the box's DHCP server;
3. the page (HTTP, with the token) is asked to join the "router" with a wrong password:
   the result says so, nothing is saved, the setup network comes back;
4. and with the right one: the settings are saved (0600, the WPA key of the password),
   the box leaves its setup network and takes an address from the router's DHCP.

Afterwards it puts back what it found (the Ethernet link, the saved Wi-Fi settings) and
removes the radios. Standard library only; `guest` is image/guest.py's Guest (`.run(cmd)`
-> (status, output), `.out(cmd)` -> output or raise). image/test would call it after the
first-boot checks (image/ is already on its sys.path):

    from wifi_check import check_wifi_setup
    check_wifi_setup(guest, Failed)

What it cannot show: a real chip (the Pi's brcmfmac) and a real phone; docs/image.md
("Wi-Fi from a phone") lists them.
"""

from __future__ import annotations

import base64
import hashlib
import json
import time
from typing import Any, Protocol

HOME_SSID = "Hearth Check Home"
HOME_PASSWORD = "correct horse battery"
WORK = "/run/hearth-wifi-check"
CONF = "/etc/wpa_supplicant/wpa_supplicant-wlan0.conf"
SAVED = f"{WORK}/saved-wlan0.conf"
HOME_NETWORK = "/run/systemd/network/10-hearth-check-home.network"

# Asks the page, as a phone would: over HTTP, with the token, to the box's setup address.
POST = """
import json, sys, urllib.error, urllib.request
token = open("/var/lib/hearth/web.token").read().strip()
body = json.dumps({"ssid": sys.argv[1], "password": sys.argv[2]}).encode()
request = urllib.request.Request("http://10.42.0.1:4327/api/wifi/join", data=body, method="POST",
    headers={"Authorization": "Bearer " + token, "Content-Type": "application/json"})
try:
    with urllib.request.urlopen(request, timeout=30) as answer:
        print(answer.status, answer.read().decode())
except urllib.error.HTTPError as error:
    print(error.code, error.read().decode())
"""


class Guest(Protocol):
    def run(self, command: str, timeout: float = 60, check: bool = False) -> tuple[int, str]: ...

    def out(self, command: str, timeout: float = 60) -> str: ...


def check_wifi_setup(guest: Guest, failed: type[Exception] = RuntimeError) -> None:
    """The whole path; raises `failed` saying which step did not happen."""
    wired = guest.out("ls /sys/class/net | grep -E '^(en|eth)' || true").split()
    guest.out(f"mkdir -p {WORK} && if [ -e {CONF} ]; then mv {CONF} {SAVED}; fi")
    try:
        _run_check(guest, failed, wired)
    except Exception:
        print(
            guest.run(
                "journalctl -b -u hearth-wifi -u hearth-wifi-ap -u hearth-wifi-try "
                "-u 'wpa_supplicant@*' --no-pager | tail -60"
            )[1],
            flush=True,
        )
        raise
    finally:
        _restore(guest, wired)


def _run_check(guest: Guest, failed: type[Exception], wired: list[str]) -> None:
    for name in wired:  # no Ethernet link: the box has no network at all
        guest.out(f"ip link set {name} down")
    if guest.run("modprobe mac80211_hwsim radios=3")[0] != 0:
        raise failed("mac80211_hwsim would not load: the kernel has no simulated radios")
    _wait(guest, failed, "test -e /sys/class/net/wlan2", 30, "the simulated radios did not appear")
    _start_home_router(guest)

    # 1. The setup network opens (hearth-wifi's grace, then a scan, then the access point).
    status = _wait_status(guest, failed, lambda s: s["mode"] == "ap", 120, "no setup network")
    ap = status["access_point"]
    _wait(
        guest,
        failed,
        "ip -4 -o addr show wlan0 | grep -q ' 10.42.0.1/24'",
        30,
        "networkd did not give the setup network 10.42.0.1",
    )
    print(f"wifi_check: setup network {ap['ssid']} open at {ap['address']}", flush=True)

    # 2. A phone joins it with what the panel shows, and the box's DHCP gives it an address.
    _write(guest, f"{WORK}/phone.conf", _client_conf(ap["ssid"], ap["password"]))
    guest.out(f"wpa_supplicant -B -i wlan1 -c {WORK}/phone.conf -P {WORK}/phone.pid")
    _wait(
        guest,
        failed,
        "ip -4 -o addr show wlan1 | grep -q ' 10.42.0.'",
        60,
        "a phone with the panel's password got no address on the setup network",
    )
    _wait_status(
        guest,
        failed,
        lambda s: _lists(s, HOME_SSID),
        90,
        "the router's network is not in the list the page shows",
    )

    # 3. A wrong password through the page: said, nothing saved, the setup network back.
    _write(guest, f"{WORK}/post.py", POST)
    status = _join(guest, failed, "wrong horse battery", "a wrong password")
    if status["result"]["ok"] or "password" not in status["result"]["message"]:
        raise failed(f"a wrong password was not reported as one: {status['result']}")
    if guest.run(f"test -e {CONF}")[0] == 0:
        raise failed("a wrong password was saved")
    _wait_status(
        guest,
        failed,
        lambda s: s["mode"] == "ap" and s["access_point"] == ap,
        60,
        "the same setup network did not come back after a wrong password",
    )
    _wait(
        guest,
        failed,
        "ip -4 -o addr show wlan1 | grep -q ' 10.42.0.'",
        90,
        "the phone did not rejoin the setup network after the wrong password",
    )
    print("wifi_check: a wrong password was reported and the setup network came back", flush=True)

    # 4. The right password: saved as hearth-wifi.txt would save it, joined, an address.
    status = _join(guest, failed, HOME_PASSWORD, "the right password")
    if not status["result"]["ok"]:
        raise failed(f"the right password did not join: {status['result']}")
    conf = guest.out(f"cat {CONF}; stat -c %a {CONF}").replace("\r\n", "\n")  # a tty's lines
    psk = hashlib.pbkdf2_hmac("sha1", HOME_PASSWORD.encode(), HOME_SSID.encode(), 4096, 32).hex()
    if (
        f"ssid={HOME_SSID.encode().hex()}\n" not in conf
        or f"psk={psk}\n" not in conf
        or HOME_PASSWORD in conf
        or not conf.endswith("600")
    ):
        raise failed(f"the saved Wi-Fi settings are not as expected:\n{conf}")
    status = _wait_status(
        guest,
        failed,
        lambda s: s["mode"] == "client" and s["address"],
        60,
        "the box got no address from the network it joined",
    )
    if not status["address"].startswith("192.168.77."):
        raise failed(f"the box's Wi-Fi address is not the router's: {status['address']}")
    if guest.run("ip -4 -o addr show wlan0 | grep -q ' 10.42.0.1/'")[0] == 0:
        raise failed("wlan0 kept the setup network's address after joining")
    print(f"wifi_check: joined {HOME_SSID!r} at {status['address']}", flush=True)


def _start_home_router(guest: Guest) -> None:
    """wlan2 as the household's router: an access point with its own DHCP server."""
    conf = _client_conf(HOME_SSID, HOME_PASSWORD).replace(
        "network={\n", "network={\n    mode=2\n    frequency=2412\n    key_mgmt=WPA-PSK\n"
    )
    _write(guest, f"{WORK}/home.conf", conf)
    _write(
        guest,
        HOME_NETWORK,
        "[Match]\nName=wlan2\n\n[Network]\nAddress=192.168.77.1/24\nDHCPServer=yes\n",
    )
    guest.out("networkctl reload")
    guest.out(f"wpa_supplicant -B -i wlan2 -c {WORK}/home.conf -P {WORK}/home.pid")


def _restore(guest: Guest, wired: list[str]) -> None:
    """Put the guest back as it was: its Ethernet, its saved Wi-Fi, no radios."""
    guest.run(f"for p in {WORK}/phone.pid {WORK}/home.pid; do [ -e $p ] && kill $(cat $p); done")
    guest.run(f"rm -f {HOME_NETWORK}; systemctl stop wpa_supplicant@wlan0.service")
    guest.run(f"if [ -e {SAVED} ]; then mv {SAVED} {CONF}; else rm -f {CONF}; fi")
    guest.run("sleep 1; rmmod mac80211_hwsim")
    for name in wired:
        guest.run(f"ip link set {name} up")
    guest.run("networkctl reload")
    for name in wired:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if guest.run(f"ip -4 -o addr show {name} | grep -q inet")[0] == 0:
                break
            time.sleep(2)
    guest.run(f"rm -rf {WORK}")


def _client_conf(ssid: str, password: str) -> str:
    psk = hashlib.pbkdf2_hmac("sha1", password.encode(), ssid.encode(), 4096, 32).hex()
    return (
        "ctrl_interface=DIR=/run/wpa_supplicant GROUP=netdev\n"
        f"network={{\n    ssid={ssid.encode().hex()}\n    psk={psk}\n}}\n"
    )


def _write(guest: Guest, path: str, text: str) -> None:
    """A file in the guest, whatever it holds (base64: nothing for the shell to read)."""
    encoded = base64.b64encode(text.encode()).decode()
    guest.out(f"echo {encoded} | base64 -d > {path}")


def _status(guest: Guest) -> dict[str, Any] | None:
    status, text = guest.run("cat /run/hearth-wifi/status.json")
    try:
        return json.loads(text) if status == 0 else None
    except ValueError:
        return None


def _wait_status(guest, failed, ready, seconds: float, what: str) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    last = None
    while time.monotonic() < deadline:
        last = _status(guest)
        if last is not None and ready(last):
            return last
        time.sleep(2)
    raise failed(f"wifi_check: {what} within {seconds:.0f} s; hearth-wifi says {last}")


def _wait(guest: Guest, failed: type[Exception], command: str, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if guest.run(command)[0] == 0:
            return
        time.sleep(2)
    raise failed(f"wifi_check: {what} within {seconds:.0f} s")


def _lists(status: dict[str, Any], ssid: str) -> bool:
    return any(bytes.fromhex(n["ssid"]) == ssid.encode() for n in status.get("networks", []))


def _answered(status: dict[str, Any], request: str) -> bool:
    result = status.get("result")
    return bool(result) and result.get("request") == request


def _join(guest: Guest, failed: type[Exception], password: str, which: str) -> dict:
    """Ask the page to join the router's network; the keeper's status once it answered."""
    answer = guest.out(f"python3 {WORK}/post.py '{HOME_SSID}' '{password}'", 60)
    request = _request_id(answer, failed)
    return _wait_status(
        guest, failed, lambda s: _answered(s, request), 120, f"no result for the join with {which}"
    )


def _request_id(answer: str, failed: type[Exception]) -> str:
    code, _, body = answer.partition(" ")
    try:
        found = json.loads(body)
    except ValueError:
        found = {}
    if code != "202" or "request" not in found:
        raise failed(f"the page did not take the join: {answer}")
    return str(found["request"])
