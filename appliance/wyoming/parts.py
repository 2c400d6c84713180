"""`hearth wyoming`'s parts, built by the composition and run by appliance/cli/wyoming.py."""

from __future__ import annotations

from dataclasses import dataclass

from appliance.wyoming.satellites import Satellites
from appliance.wyoming.server import WyomingServer


@dataclass(frozen=True)
class WyomingParts:
    server: WyomingServer  # not yet listening: start() it
    satellites: Satellites  # the configured satellites' controller (none: nothing to run)
