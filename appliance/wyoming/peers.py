"""Who may talk to `hearth wyoming`: this machine, and the addresses a person listed.

The Wyoming protocol has no field for a key: Home Assistant's integration asks only
for a host and a port, and a satellite takes no secret either. So the check is by the
peer's address, decided when the connection is accepted and before a byte is read:

- loopback (127.0.0.0/8, ::1) is always answered: Hearth's own processes, benchmarks,
  a person on the box itself (an appliance nobody logs in to);
- any other address only if it is inside `wyoming_peers` (Home Assistant's address);
  a satellite is not let in by being configured: it never connects to Hearth, Hearth
  connects to it (satellites.py);
- everything else is closed at once: no event is read, none is answered, and the
  journal gets one line with the address (never anything it sent).

An address can be borrowed on a LAN (ARP spoofing); the allow-list keeps a visitor's
phone and a compromised smart plug from reaching memory, not a person who owns the
network. docs/wyoming.md says so.
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass

from appliance.config import Settings, peer_networks

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


@dataclass(frozen=True)
class Peers:
    networks: tuple[Network, ...] = ()

    @classmethod
    def of(cls, settings: Settings) -> Peers:
        return cls(tuple(dict.fromkeys(peer_networks(settings.wyoming_peers))))

    def allows(self, address: str) -> bool:
        """True for loopback and for an address inside a listed network."""
        try:
            ip = ipaddress.ip_address(address.split("%", 1)[0])
        except ValueError:
            return False  # a Unix socket or something stranger: never on this port
        if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
            ip = ip.ipv4_mapped  # ::ffff:10.0.0.7 is 10.0.0.7
        if ip.is_loopback:
            return True
        return any(ip in network for network in self.networks if ip.version == network.version)

    def describe(self) -> str:
        if not self.networks:
            return "this machine only (wyoming_peers is empty)"
        listed = ", ".join(str(n) for n in self.networks)
        return f"this machine and {listed}"
