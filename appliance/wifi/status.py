"""What the keeper tells the page and the panel: /run/hearth-wifi/status.json.

The keeper (root) writes it whole and renames it into place; the web and the panel (the
hearth user) read it. The folder is root:hearth 0750 (image/overlay's tmpfiles.d), so
only root and the services see it: it holds the setup network's password, which the
panel shows anyway. A reader gets None for a missing, oversized or garbled file, never
an exception: an old or broken file must not stop the board.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import json
import os
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from appliance.wifi.access_point import AccessPoint
from appliance.wifi.scan import Seen, shown

RUN_DIR = Path("/run/hearth-wifi")
STATUS_FILE = "status.json"
MAX_BYTES = 256 * 1024

# What the keeper is doing.
STARTING = "starting"  # within the grace after boot (or after the radio appeared)
NO_RADIO = "no-radio"  # no wlan0: nothing to do
WIRED = "wired"  # an Ethernet link, no Wi-Fi saved
CLIENT = "client"  # the saved network's wpa_supplicant runs (joined or still trying)
AP = "ap"  # the setup network is open
JOINING = "joining"  # trying a network the page (or the saved settings) named
MODES = (STARTING, NO_RADIO, WIRED, CLIENT, AP, JOINING)


def now_text() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="seconds")


@dataclass(frozen=True)
class Result:
    """How the last join attempt ended, in words for the household."""

    ssid: bytes
    ok: bool
    message: str
    request: str | None = None  # the page's request id; None when the keeper retried itself
    at: str = field(default_factory=now_text)

    @property
    def name(self) -> str:
        return shown(self.ssid)


@dataclass(frozen=True)
class WifiStatus:
    mode: str
    access_point: AccessPoint | None = None  # while the setup network is open (or will be)
    networks: tuple[Seen, ...] = ()
    scanned_at: str | None = None
    joining: bytes | None = None
    saved: bytes | None = None  # the saved network's name
    address: str | None = None  # the Wi-Fi's own address once joined
    result: Result | None = None
    problem: str | None = None  # a standing one: the saved network refused its key
    updated: str = field(default_factory=now_text, compare=False)

    @property
    def setting_up(self) -> bool:
        """The setup network is what a phone should join (or will be again shortly)."""
        return self.access_point is not None and self.mode in (AP, JOINING)

    def to_json(self) -> dict[str, Any]:
        return {
            "mode": self.mode,
            "access_point": asdict(self.access_point) if self.access_point else None,
            "networks": [
                {
                    "ssid": s.ssid.hex(),
                    "frequency": s.frequency,
                    "signal": s.signal,
                    "flags": list(s.flags),
                }
                for s in self.networks
            ],
            "scanned_at": self.scanned_at,
            "joining": self.joining.hex() if self.joining is not None else None,
            "saved": self.saved.hex() if self.saved is not None else None,
            "address": self.address,
            "result": _result_json(self.result),
            "problem": self.problem,
            "updated": self.updated,
        }

    @classmethod
    def from_json(cls, found: dict[str, Any]) -> WifiStatus:
        """The status a file holds; raises (KeyError, TypeError, ValueError) when it is not one."""
        mode = found["mode"]
        if mode not in MODES:
            raise ValueError(f"unknown mode {mode!r}")
        ap = found.get("access_point")
        result = found.get("result")
        return cls(
            mode=mode,
            access_point=AccessPoint(str(ap["ssid"]), str(ap["password"]), str(ap["address"]))
            if ap
            else None,
            networks=tuple(
                Seen(
                    bytes.fromhex(n["ssid"]),
                    int(n["frequency"]),
                    int(n["signal"]),
                    tuple(str(f) for f in n["flags"]),
                )
                for n in found.get("networks", [])
            ),
            scanned_at=_text(found.get("scanned_at")),
            joining=_hex(found.get("joining")),
            saved=_hex(found.get("saved")),
            address=_text(found.get("address")),
            result=Result(
                bytes.fromhex(result["ssid"]),
                bool(result["ok"]),
                str(result["message"]),
                _text(result.get("request")),
                str(result["at"]),
            )
            if result
            else None,
            problem=_text(found.get("problem")),
            updated=str(found.get("updated", "")),
        )


def _result_json(result: Result | None) -> dict[str, Any] | None:
    if result is None:
        return None
    return {
        "ssid": result.ssid.hex(),
        "ok": result.ok,
        "message": result.message,
        "request": result.request,
        "at": result.at,
    }


def _text(value: object) -> str | None:
    return None if value is None else str(value)


def _hex(value: object) -> bytes | None:
    return None if value is None else bytes.fromhex(str(value))


def read_status(run_dir: Path = RUN_DIR) -> WifiStatus | None:
    """The keeper's last word, or None (no keeper here, or a file that is not a status)."""
    try:
        with (run_dir / STATUS_FILE).open("rb") as handle:
            raw = handle.read(MAX_BYTES + 1)
        if len(raw) > MAX_BYTES:
            return None
        return WifiStatus.from_json(json.loads(raw))
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None


def write_status(status: WifiStatus, run_dir: Path = RUN_DIR) -> None:
    """Whole, renamed into place; 0644, because the folder (root:hearth 0750) is the guard."""
    target = run_dir / STATUS_FILE
    temp = target.with_name(f".{STATUS_FILE}.{os.getpid()}.tmp")
    try:
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC, 0o644)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(status.to_json(), handle, indent=1)
            handle.write("\n")
        os.chmod(temp, 0o644)  # the keeper's umask must not make it unreadable to the panel
        os.replace(temp, target)
    finally:
        with contextlib.suppress(FileNotFoundError):
            temp.unlink()
