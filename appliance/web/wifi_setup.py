"""The Wi-Fi setup page's two API calls, without the HTTP (app.py holds the routes).

    GET  /api/wifi.json       what the keeper says: the networks it sees, what it is doing,
                              how the last join went (never the setup network's password)
    POST /api/wifi/join       {"ssid": "Our Kitchen"} or {"ssid_hex": "4f7572…"} (a name that
                              is not text, picked from the list), "password", and "country"
                              (optional): checked here, turned into the key, and handed to
                              the keeper (appliance/wifi/request.py); 202 with the request id

The web never gets root and never writes /etc: it writes a request file that root's
keeper takes. The password is turned into the WPA key here and goes no further.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from appliance.wifi.network import Network, NetworkError
from appliance.wifi.request import KeeperMissing, ask_to_join
from appliance.wifi.scan import shown
from appliance.wifi.status import read_status

MAX_JOIN_BYTES = 4096  # a name, a password and a country fit in a few hundred
FIELDS = {"ssid", "ssid_hex", "password", "country"}


class BadJoin(ValueError):
    """A join request the page should not have sent; the message says what is wrong."""

    def __init__(self, message: str, param: str | None = None) -> None:
        super().__init__(message)
        self.param = param


class NoKeeper(RuntimeError):
    """No Wi-Fi keeper runs here (a laptop's `hearth run`, or its service is stopped)."""


def status_json(run_dir: Path) -> dict[str, Any]:
    """What the page shows; raises NoKeeper when there is no keeper to ask."""
    status = read_status(run_dir)
    if status is None:
        raise NoKeeper(
            "Wi-Fi setup is done by the hearth-wifi service of Hearth's SD card image, which "
            "is not running on this machine"
        )
    ap = status.access_point
    result = status.result
    return {
        "mode": status.mode,
        "setting_up": status.setting_up,
        "access_point": {"ssid": ap.ssid, "address": ap.address} if ap else None,
        "networks": [
            {
                "ssid_hex": seen.ssid.hex(),
                "name": seen.name,
                "signal": seen.signal,
                "band": seen.band,
                "security": seen.security,
                "joinable": seen.joinable,
            }
            for seen in status.networks
        ],
        "scanned_at": status.scanned_at,
        "joining": shown(status.joining) if status.joining is not None else None,
        "saved": shown(status.saved) if status.saved is not None else None,
        "address": status.address,
        "result": {
            "request": result.request,
            "name": result.name,
            "ok": result.ok,
            "message": result.message,
            "at": result.at,
        }
        if result
        else None,
        "problem": status.problem,
    }


def parse_join(body: bytes) -> Network:
    """The network a join request names, checked; only its key is kept, never the password."""
    try:
        found = json.loads(body.decode("utf-8"))
    except UnicodeDecodeError:
        raise BadJoin("the request body is not UTF-8") from None
    except (ValueError, RecursionError):
        raise BadJoin("the request body is not JSON") from None
    if not isinstance(found, dict):
        raise BadJoin("send a JSON object with ssid (or ssid_hex) and password")
    unknown = sorted(set(found) - FIELDS)
    if unknown:
        raise BadJoin(f"unknown field(s): {', '.join(unknown)}", unknown[0])
    if ("ssid" in found) == ("ssid_hex" in found):
        raise BadJoin("give the network as ssid or as ssid_hex, not both or neither", "ssid")
    for name in found:
        if not isinstance(found[name], str):
            raise BadJoin(f"{name} must be text", name)
    try:
        ssid = found["ssid"].encode("utf-8") if "ssid" in found else _hex(found["ssid_hex"])
    except UnicodeEncodeError:
        raise BadJoin(
            "the network name holds a lone surrogate, which is not text", "ssid"
        ) from None
    password = found.get("password")
    if password is None:
        raise BadJoin("the password is missing", "password")
    try:
        return Network.from_password(ssid, password, found.get("country", "").strip())
    except NetworkError as exc:
        raise BadJoin(str(exc), exc.field) from None


def _hex(text: str) -> bytes:
    if len(text) > 64:
        raise BadJoin("ssid_hex is at most 64 hex digits (32 bytes)", "ssid_hex")
    try:
        return bytes.fromhex(text)
    except ValueError:
        raise BadJoin("ssid_hex must be hex digits", "ssid_hex") from None


def join(network: Network, run_dir: Path) -> dict[str, str]:
    """Hand the network to the keeper; what the page says while it tries."""
    try:
        request = ask_to_join(network, run_dir)
    except KeeperMissing as exc:
        raise NoKeeper(str(exc)) from None
    name = shown(network.ssid)
    return {
        "request": request.id,
        "message": f"Hearth is trying '{name}'. It leaves its setup network while it tries, so "
        "this phone may drop off it for up to a minute.",
    }
