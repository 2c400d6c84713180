"""`hearth wifi`: what the box's Wi-Fi is doing, and joining a network from a terminal.

    hearth wifi                      what hearth-wifi says: its mode, the networks it sees
    hearth wifi join NAME [--country GB]
                                     the same join the setup page makes; the password is
                                     asked for (or read from stdin), never an argument

Both talk to hearth-wifi (the card's root service) through /run/hearth-wifi, like the
page; run as root, the `hearth` wrapper runs them as the hearth user, whose group may
hand it a request. HEARTH_WIFI_DIR points them elsewhere (tests).
"""

from __future__ import annotations

import argparse
import getpass
import os
import sys
import time
from pathlib import Path

from appliance.cli.common import Commands, out
from appliance.config import Settings
from appliance.errors import HearthError
from appliance.wifi.network import Network, NetworkError
from appliance.wifi.request import KeeperMissing, ask_to_join
from appliance.wifi.status import RUN_DIR, WifiStatus, read_status

POLL_SECONDS = 1.0


def register(top: Commands) -> None:
    sub = top.add_parser(
        "wifi",
        help="the box's Wi-Fi: what it is doing, or join a network",
        description="Say what hearth-wifi is doing, or hand it a network to join (the "
        "password is asked for, never given as an argument).",
    )
    sub.set_defaults(handler=wifi_status)
    verbs = sub.add_subparsers(dest="verb", metavar="VERB")
    join = verbs.add_parser("join", help="join a Wi-Fi network (the password is asked for)")
    join.add_argument("name", help="the network's name, exactly as it is written")
    join.add_argument("--country", default="", help="two letters, e.g. GB (optional)")
    join.add_argument(
        "--wait", type=float, default=90.0, help="seconds to wait for the result (default 90)"
    )
    join.set_defaults(handler=wifi_join)


def run_dir() -> Path:
    return Path(os.environ.get("HEARTH_WIFI_DIR", str(RUN_DIR)))


def _status() -> WifiStatus:
    status = read_status(run_dir())
    if status is None:
        raise HearthError(
            "hearth-wifi is not running here (it runs on Hearth's SD card image): no Wi-Fi "
            "status to show"
        )
    return status


def describe(status: WifiStatus) -> list[str]:
    """What a person at a terminal is told; never the setup network's password."""
    lines = [f"mode: {status.mode}"]
    if status.access_point is not None and status.setting_up:
        ap = status.access_point
        lines.append(f"setup network: {ap.ssid} at {ap.address} (the password is on the panel)")
    if status.saved is not None:
        lines.append(f"saved network: {status.saved.decode('utf-8', 'backslashreplace')}")
    if status.address:
        lines.append(f"address: {status.address}")
    if status.problem:
        lines.append(f"problem: {status.problem}")
    if status.result is not None:
        lines.append(f"last try: {status.result.message}")
    for seen in status.networks:
        note = "" if seen.joinable else f" ({seen.security}: not supported)"
        lines.append(f"  {seen.signal:4d} dBm  {seen.band:7s} {seen.name}{note}")
    return lines


def wifi_status(args: argparse.Namespace, settings: Settings) -> int:
    for line in describe(_status()):
        out(line)
    return 0


def _password() -> str:
    if sys.stdin.isatty():
        return getpass.getpass("Wi-Fi password: ")
    return sys.stdin.readline().rstrip("\r\n")


def wifi_join(args: argparse.Namespace, settings: Settings) -> int:
    try:
        network = Network.from_password(args.name.encode("utf-8"), _password(), args.country)
        request = ask_to_join(network, run_dir())
    except (NetworkError, KeeperMissing) as exc:
        raise HearthError(str(exc)) from None
    out(f"hearth-wifi is trying {args.name!r}…")
    deadline = time.monotonic() + args.wait
    while time.monotonic() < deadline:
        status = read_status(run_dir())
        if status is not None and status.result is not None and status.result.request == request.id:
            out(status.result.message)
            return 0 if status.result.ok else 1
        time.sleep(POLL_SECONDS)
    raise HearthError(
        f"no answer from hearth-wifi within {args.wait:.0f} s; `hearth wifi` says more"
    )
