"""lan.py: the chat page's address is the one a phone can open, or none."""

from __future__ import annotations

import socket

from appliance.lan import ChatAddress, lan_ips


def on_lan(*ips: str):
    return lambda: list(ips)


def test_every_address_gives_a_phone_each_lan_ip_and_this_machine_loopback() -> None:
    address = ChatAddress("0.0.0.0", 4327, addresses=on_lan("192.0.2.7", "198.51.100.3"))
    assert address.phone_urls() == ["http://192.0.2.7:4327/", "http://198.51.100.3:4327/"]
    assert address.local_url() == "http://127.0.0.1:4327/"
    assert address.board_line().startswith("On the network at http://192.0.2.7:4327/, ")


def test_a_server_on_loopback_is_not_on_the_network_whatever_the_interfaces_say() -> None:
    """The board once said "On the network at http://192.0.2.2:…" for a 127.0.0.1 server."""
    address = ChatAddress("127.0.0.1", 4327, addresses=on_lan("192.0.2.2"))
    assert address.local_only and address.phone_urls() == []
    assert "192.0.2.2" not in address.board_line()
    assert address.board_line().startswith("Only on this machine (http://127.0.0.1:4327/)")
    assert any("loopback only" in line for line in address.terminal_lines())
    assert ChatAddress("::1", 80).local_only and ChatAddress("localhost", 80).local_only


def test_no_lan_address_says_so_and_a_named_address_is_used_as_given() -> None:
    assert (
        ChatAddress("0.0.0.0", 4327, addresses=on_lan())
        .board_line()
        .startswith("Not on a network yet")
    )
    assert ChatAddress("192.0.2.9", 80).phone_urls() == ["http://192.0.2.9:80/"]
    assert ChatAddress("2001:db8::1", 80).phone_urls() == ["http://[2001:db8::1]:80/"]
    assert ChatAddress("0.0.0.0", 4327).mdns_url() == "http://hearth.local:4327/"


def test_lan_ips_are_read_locally_and_never_loopback() -> None:
    found = lan_ips()
    assert all(not ip.startswith("127.") for ip in found)
    for ip in found:
        socket.inet_aton(ip)  # a real IPv4 address


def test_a_sandbox_that_refuses_netlink_gives_no_address_not_a_crash(monkeypatch) -> None:
    """The card's brain died at start: its unit allowed no AF_NETLINK, and glibc's
    if_nameindex() raised EAFNOSUPPORT from the line that prints the phone's address."""

    def refused() -> list[tuple[int, str]]:
        raise OSError(97, "Address family not supported by protocol")

    monkeypatch.setattr(socket, "if_nameindex", refused)
    assert lan_ips() == []
    lines = ChatAddress("0.0.0.0", 4327).terminal_lines()
    assert lines == ["chat at http://127.0.0.1:4327/ (this machine)"]


def test_every_unit_that_shows_the_address_may_list_interfaces() -> None:
    """Positive control for the sandbox: the units whose process prints or draws the
    phone's address allow the netlink family glibc lists interfaces with."""
    from pathlib import Path

    units = Path(__file__).resolve().parent.parent / "systemd"
    for name in ("hearth-brain.service", "hearth-panel.service"):
        text = (units / name).read_text()
        families = next(
            line for line in text.splitlines() if line.startswith("RestrictAddressFamilies=")
        )
        assert "AF_NETLINK" in families.split("=", 1)[1].split(), name


def test_a_page_is_named_where_a_person_can_open_it() -> None:
    """The recipe card's "read it whole" line: the LAN address, else this machine, else mDNS."""
    on_the_lan = ChatAddress("0.0.0.0", 4327, addresses=on_lan("192.0.2.7", "198.51.100.3"))
    assert on_the_lan.page_url("/recipes") == "http://192.0.2.7:4327/recipes"
    assert ChatAddress("127.0.0.1", 4327).page_url("recipes") == "http://127.0.0.1:4327/recipes"
    off = ChatAddress("0.0.0.0", 4327, addresses=on_lan())
    assert off.page_url("recipes") == "http://hearth.local:4327/recipes"
