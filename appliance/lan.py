"""Where a phone on the LAN reaches Hearth: this box's addresses and the chat page's URL.

One answer for every place that says it: the board's home screen, the welcome card's
QR code, and what `hearth run` prints. The address shown is the one a phone can
actually open: a server listening on loopback only is not on the network, whatever
the box's interfaces are. Addresses are read locally (an ioctl per interface); no
packet is sent.
"""

from __future__ import annotations

import fcntl
import ipaddress
import socket
import struct
from collections.abc import Callable
from dataclasses import dataclass, field

MDNS_NAME = "hearth.local"  # the name the card's avahi announces (image/)
EVERY = ("0.0.0.0", "::", "")  # listen addresses that mean every interface
_SIOCGIFADDR = 0x8915


def lan_ips() -> list[str]:
    """The IPv4 address of each interface but loopback, read locally (no packet sent)."""
    found: list[str] = []
    try:
        interfaces = socket.if_nameindex()
    except OSError:
        # glibc lists interfaces over netlink; a sandbox without AF_NETLINK refuses it,
        # and an unknown address must not stop the process that wanted to show one.
        return found
    for _, name in interfaces:
        if name != "lo" and (address := interface_ip(name)) is not None:
            found.append(address)
    return found


def interface_ip(name: str) -> str | None:
    """The IPv4 address of one interface, read locally; None when it is down or has none."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            packed = fcntl.ioctl(
                probe.fileno(), _SIOCGIFADDR, struct.pack("256s", name[:15].encode())
            )
        except OSError:
            return None
    return socket.inet_ntoa(packed[20:24])


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _url(host: str, port: int) -> str:
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/"


@dataclass(frozen=True)
class ChatAddress:
    """The chat page of a server listening on `host`:`port`, as people can reach it."""

    host: str
    port: int
    # The box's LAN addresses, asked afresh each time (Wi-Fi may come up after boot).
    addresses: Callable[[], list[str]] = field(default=lan_ips, compare=False)

    @property
    def local_only(self) -> bool:
        """Listening on loopback: only this machine reaches the page."""
        return is_loopback(self.host)

    def phone_urls(self) -> list[str]:
        """URLs a phone on the LAN can open now; [] when none can."""
        if self.local_only:
            return []
        if self.host in EVERY:
            return [_url(ip, self.port) for ip in self.addresses()]
        return [_url(self.host, self.port)]

    def mdns_url(self) -> str:
        return _url(MDNS_NAME, self.port)

    def local_url(self) -> str:
        """The page from this machine itself."""
        if self.host in EVERY or self.local_only:
            return _url("127.0.0.1", self.port)
        return _url(self.host, self.port)

    def page_url(self, path: str) -> str:
        """A page of the server where a person is told to open it: on the first LAN
        address, on this machine when it listens on loopback, else at hearth.local."""
        if self.local_only:
            base = self.local_url()
        else:
            urls = self.phone_urls()
            base = urls[0] if urls else self.mdns_url()
        return base + path.lstrip("/")

    def terminal_lines(self) -> list[str]:
        """Where the page is, for a person at this machine's terminal (`hearth run`)."""
        lines = [f"chat at {self.local_url()} (this machine)"]
        lines += [f"chat at {url} (phones on the LAN)" for url in self.phone_urls()]
        if self.local_only:
            lines.append("not on the LAN: listening on loopback only (--host 0.0.0.0 opens it)")
        return lines

    def board_line(self) -> str:
        """The home screen's footer: where a phone opens the page, or why it cannot."""
        host = socket.gethostname()
        if self.local_only:
            return f"Only on this machine ({self.local_url()}) · {host}"
        urls = self.phone_urls()
        if not urls:
            return f"Not on a network yet · {host}"
        return f"On the network at {', '.join(urls[:2])} · {host}"
