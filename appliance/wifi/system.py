"""The real box, as the keeper sees it: links in /sys/class/net, systemctl, wpa_supplicant.

Three units can drive wlan0, and each conflicts with the other two (systemd stops one
when another starts), so two wpa_supplicants never fight over the radio:

    wpa_supplicant@wlan0.service   the saved network (Debian's unit; /etc/wpa_supplicant)
    hearth-wifi-ap.service         the setup network (/run/hearth-wifi/ap.conf)
    hearth-wifi-try.service        a network the page named, until it has joined
                                   (/run/hearth-wifi/try.conf): nothing is saved before
                                   a join succeeds, so a wrong password loses nothing
"""

from __future__ import annotations

import contextlib
import logging
import subprocess
import time
from pathlib import Path
from typing import Protocol

from appliance.lan import interface_ip
from appliance.wifi.control import Control, ControlError

log = logging.getLogger(__name__)

INTERFACE = "wlan0"
CLIENT_UNIT = f"wpa_supplicant@{INTERFACE}.service"
AP_UNIT = "hearth-wifi-ap.service"
TRY_UNIT = "hearth-wifi-try.service"
UNITS = (CLIENT_UNIT, AP_UNIT, TRY_UNIT)
WIRED_PREFIXES = ("en", "eth")  # predictable names (enp0s1, end0) and the kernel's own


class Radio(Protocol):
    """What the keeper asks of the machine; tests give it a scripted one."""

    def has_radio(self) -> bool: ...

    def wired(self) -> bool: ...

    def mac(self) -> str: ...

    def address(self) -> str | None: ...

    def start(self, unit: str) -> bool: ...

    def stop(self, *units: str) -> None: ...

    def control(self, wait: float) -> Control | None: ...


class Box:
    """This machine: its interfaces, systemd, and wlan0's wpa_supplicant."""

    def __init__(
        self,
        run_dir: Path,
        sys_net: Path = Path("/sys/class/net"),
        sockets: Path = Path("/run/wpa_supplicant"),
    ) -> None:
        self.run_dir = run_dir
        self.sys_net = sys_net
        self.sockets = sockets

    def has_radio(self) -> bool:
        return (self.sys_net / INTERFACE).exists()

    def wired(self) -> bool:
        """An Ethernet cable is plugged in at both ends (carrier), on any wired interface."""
        try:
            names = [p.name for p in self.sys_net.iterdir()]
        except OSError:
            return False
        for name in names:
            if not name.startswith(WIRED_PREFIXES):
                continue
            with contextlib.suppress(OSError):  # a link that is down cannot say (EINVAL)
                if (self.sys_net / name / "carrier").read_text().strip() == "1":
                    return True
        return False

    def mac(self) -> str:
        try:
            return (self.sys_net / INTERFACE / "address").read_text().strip()
        except OSError:
            return ""

    def address(self) -> str | None:
        return interface_ip(INTERFACE)

    def start(self, unit: str) -> bool:
        return self._systemctl("start", unit)

    def stop(self, *units: str) -> None:
        self._systemctl("stop", *units)

    def _systemctl(self, verb: str, *units: str) -> bool:
        try:
            done = subprocess.run(
                ["systemctl", verb, *units], capture_output=True, text=True, timeout=90
            )
        except (OSError, subprocess.TimeoutExpired) as exc:
            log.error("systemctl %s %s: %s", verb, " ".join(units), exc)
            return False
        if done.returncode != 0:
            log.error("systemctl %s %s: %s", verb, " ".join(units), done.stderr.strip())
        return done.returncode == 0

    def control(self, wait: float) -> Control | None:
        """wlan0's wpa_supplicant once it answers PING, waiting up to `wait` seconds for it
        to start; None if it does not."""
        deadline = time.monotonic() + wait
        while True:
            try:
                control = Control(self.sockets / INTERFACE, self.run_dir)
            except ControlError:
                control = None
            if control is not None:
                try:
                    if control.request("PING").strip() == "PONG":
                        return control
                except ControlError:
                    pass
                control.close()
            if time.monotonic() >= deadline:
                return None
            time.sleep(0.25)
