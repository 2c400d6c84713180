"""A box without a radio: a wpa_supplicant control socket that answers like the real one.

`FakeSupplicant` binds a datagram socket where wpa_supplicant's would be and answers the
commands the keeper sends with the replies and events captured from wpa_supplicant 2.10
on mac80211_hwsim in the booted trixie image (docs/image.md, "Wi-Fi from a phone"): the
keeper's own `Control` talks to it over a real socket. `FakeBox` is the keeper's `Box`
with the machine's parts scripted: units start a FakeSupplicant configured by the file
the keeper wrote, and a network joins only when that file's key is the one the "router"
was given, so a test of a wrong password goes through the real key derivation.
"""

from __future__ import annotations

import contextlib
import re
import socket
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from appliance.wifi.network import WPA_CONF, derive_psk
from appliance.wifi.system import AP_UNIT, CLIENT_UNIT, TRY_UNIT, Box

HEADER = "bssid / frequency / signal level / flags / ssid\n"
WRONG_KEY = (
    'CTRL-EVENT-SSID-TEMP-DISABLED id=0 ssid="{name}" auth_failures=1 duration=10 reason=WRONG_KEY'
)


@dataclass
class Router:
    """A network in range: its name, password and the line a scan shows for it."""

    ssid: bytes
    password: str
    line: str


@dataclass
class World:
    """What is around the box: routers, and what joining one of them looks like."""

    routers: list[Router] = field(default_factory=list)
    address: str = "192.168.1.30"  # what DHCP gives on a router that was joined
    silent_refusal: bool = False  # a chip that never says WRONG_KEY (firmware handshake)

    def scan_text(self) -> str:
        return HEADER + "".join(r.line + "\n" for r in self.routers)

    def router(self, ssid: bytes) -> Router | None:
        return next((r for r in self.routers if r.ssid == ssid), None)


class FakeSupplicant:
    """One wpa_supplicant's control socket, on a thread."""

    def __init__(self, path: Path, world: World, conf: str, on_join) -> None:
        self.path, self.world, self.on_join = path, world, on_join
        self.commands: list[str] = []
        self.stations: list[str] = []
        self.state = "DISCONNECTED"
        self.mode = "station"
        self._attached: set[str] = set()
        ssid = re.search(r"^\s*ssid=([0-9a-f]+)$", conf, re.M)
        psk = re.search(r"^\s*psk=([0-9a-f]{64})$", conf, re.M)
        self.ssid = bytes.fromhex(ssid.group(1)) if ssid else b""
        self.psk = psk.group(1) if psk else ""
        self.access_point = "mode=2" in conf
        path.parent.mkdir(parents=True, exist_ok=True)
        with contextlib.suppress(FileNotFoundError):
            path.unlink()
        self._sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self._sock.bind(str(path))
        self._sock.settimeout(0.1)
        self._stop = threading.Event()
        self._joining = threading.Lock()
        self._began = False
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()
        if not self.access_point:
            # wpa_supplicant starts joining by itself; the keeper's ATTACH may come first.
            threading.Timer(1.0, self._begin).start()

    def _serve(self) -> None:
        while not self._stop.is_set():
            try:
                data, sender = self._sock.recvfrom(4096)
            except (TimeoutError, OSError):
                continue
            command = data.decode()
            self.commands.append(command)
            reply = self._answer(command, sender)
            with contextlib.suppress(OSError):
                self._sock.sendto(reply.encode(), sender)
            if command == "ATTACH" and not self.access_point:
                threading.Thread(target=self._begin, daemon=True).start()
            if command == "SCAN":
                self.emit("CTRL-EVENT-SCAN-STARTED ")
                self.emit("CTRL-EVENT-SCAN-RESULTS ")

    def _answer(self, command: str, sender: str) -> str:
        if command == "PING":
            return "PONG\n"
        if command == "ATTACH":
            self._attached.add(sender)
            return "OK\n"
        if command == "DETACH":
            self._attached.discard(sender)
            return "OK\n"
        if command == "STATUS":
            mode = "mode=AP\n" if self.mode == "AP" else ""
            return f"{mode}wpa_state={self.state}\naddress=02:00:00:00:00:00\n"
        if command == "SCAN":
            return "OK\n"
        if command == "SCAN_RESULTS":
            return self.world.scan_text()
        if command == "SELECT_NETWORK 0" and self.access_point:
            self.mode, self.state = "AP", "COMPLETED"
            return "OK\n"
        if command == "STA-FIRST":
            return f"{self.stations[0]}\nflags=[AUTH][ASSOC][AUTHORIZED]\n" if self.stations else ""
        if command.startswith("STA-NEXT "):
            at = self.stations.index(command.split()[1]) + 1
            return f"{self.stations[at]}\nflags=[AUTH]\n" if at < len(self.stations) else ""
        return "UNKNOWN COMMAND\n"

    def _begin(self) -> None:
        with self._joining:
            if self._began or self._stop.is_set():
                return
            self._began = True
        self._join()

    def _join(self) -> None:
        """What wpa_supplicant reports after it was started on a network (hwsim's order)."""
        time.sleep(0.2)
        router = self.world.router(self.ssid)
        if router is None:
            for _ in range(3):
                self.emit("CTRL-EVENT-SCAN-RESULTS ")
                self.emit("CTRL-EVENT-NETWORK-NOT-FOUND ")
                time.sleep(0.2)
            return
        name = router.ssid.decode(errors="replace")
        self.emit(f"Trying to associate with 02:00:00:00:02:00 (SSID='{name}' freq=2412 MHz)")
        if derive_psk(router.password, router.ssid) == self.psk:
            self.state = "COMPLETED"
            self.emit(
                "CTRL-EVENT-CONNECTED - Connection to 02:00:00:00:02:00 completed [id=0 id_str=]"
            )
            self.on_join()
            return
        self.emit("CTRL-EVENT-DISCONNECTED bssid=02:00:00:00:02:00 reason=15")
        if not self.world.silent_refusal:
            self.emit("WPA: 4-Way Handshake failed - pre-shared key may be incorrect")
            self.emit(WRONG_KEY.format(name=name))

    def emit(self, event: str) -> None:
        for address in list(self._attached):
            with contextlib.suppress(OSError):
                self._sock.sendto(f"<3>{event}".encode(), address)

    def close(self) -> None:
        self._stop.set()
        self._thread.join(2)
        self._sock.close()
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()


class FakeBox(Box):
    """The keeper's Box with a scripted machine: links, units and wpa_supplicant."""

    def __init__(self, tmp: Path, world: World) -> None:
        self.root = tmp / "root"
        self.root.mkdir(exist_ok=True)
        run_dir = tmp / "run"
        (run_dir / "request").mkdir(parents=True, exist_ok=True)
        super().__init__(run_dir, sys_net=tmp / "sys", sockets=tmp / "wpa")
        self.world = world
        self.radio = True
        self.cable = False
        self.unit: str | None = None  # the one unit on wlan0 (they conflict)
        self.started: list[str] = []
        self.supplicant: FakeSupplicant | None = None
        self.ip: str | None = None
        self.ap_fails = False  # a chip that cannot be an access point

    def has_radio(self) -> bool:
        return self.radio

    def wired(self) -> bool:
        return self.cable

    def mac(self) -> str:
        return "dc:a6:32:12:3f:2a"

    def address(self) -> str | None:
        return self.ip

    def start(self, unit: str) -> bool:
        self.started.append(unit)
        self._halt()
        conf = {
            AP_UNIT: self.run_dir / "ap.conf",
            TRY_UNIT: self.run_dir / "try.conf",
            CLIENT_UNIT: self.root / WPA_CONF,
        }[unit]
        if unit == AP_UNIT and self.ap_fails:
            return False
        self.unit = unit
        self.supplicant = FakeSupplicant(
            self.sockets / "wlan0", self.world, conf.read_text(), self._joined
        )
        if unit == AP_UNIT:
            self.ip = "10.42.0.1"
        return True

    def _joined(self) -> None:
        self.ip = self.world.address

    def stop(self, *units: str) -> None:
        if self.unit in units:
            self._halt()

    def _halt(self) -> None:
        if self.supplicant is not None:
            self.supplicant.close()
        self.supplicant, self.unit, self.ip = None, None, None
