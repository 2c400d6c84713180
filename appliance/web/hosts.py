"""The names the box answers to: every request's `Host` is checked against them.

A web page a household member opens can point a name it controls at the box's
address (DNS rebinding); the browser then sends that name as `Host`. So a
request is answered only when its `Host` is one of:

- the machine's hostname, `<hostname>.local` (mDNS) and `hearth.local`;
- `localhost`, `127.0.0.1`, `[::1]`;
- the address the request arrived on (so `http://192.168.1.20:4327/` works);
- whatever the `web_hosts` setting adds (comma-separated names or addresses).

Anything else, or no `Host` at all, gets a 400 in OpenAI's error shape on every
route, /healthz included, before the app sees the request.
"""

from __future__ import annotations

import ipaddress
import json
import re
import socket
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from appliance.lan import MDNS_NAME

# The address a request arrived on; server.py puts it into every WSGI environ.
LOCAL_ADDRESS_KEY = "hearth.local_address"
ALWAYS = ("localhost", "127.0.0.1", "::1", MDNS_NAME)
_NAME = re.compile(r"^[a-z0-9]([a-z0-9-]{0,62})(\.[a-z0-9]([a-z0-9-]{0,62}))*$")


def normalise(host: str) -> str | None:
    """`Host` header value (or a configured name) to a bare lower-case name or address.

    Drops the port and an IPv6 literal's brackets, and a trailing dot; None when
    the value is not a name or address at all.
    """
    value = host.strip().lower()
    if value.startswith("["):
        literal, bracket, rest = value[1:].partition("]")
        if not bracket or (rest and not re.fullmatch(r":\d{1,5}", rest)):
            return None
        return _address(literal)
    if value.count(":") > 1:  # a bare IPv6 address (only in settings; a Host header brackets it)
        return _address(value)
    name, colon, port = value.partition(":")
    if colon and not re.fullmatch(r"\d{1,5}", port):
        return None
    name = name.rstrip(".")
    address = _address(name)
    if address is not None:
        return address
    return name if _NAME.match(name) else None


def _address(text: str) -> str | None:
    try:
        address = ipaddress.ip_address(text)
    except ValueError:
        return None
    mapped = getattr(address, "ipv4_mapped", None)  # ::ffff:a.b.c.d from a dual-stack socket
    return str(mapped or address)


def box_names(extra: str = "", hostname: str | None = None) -> frozenset[str]:
    """The names and addresses every request may use, besides the one it arrived on."""
    host = (hostname if hostname is not None else socket.gethostname()).lower()
    names = [*ALWAYS, host, f"{host}.local", *_split(extra)]
    return frozenset(n for n in map(normalise, names) if n)


def _split(extra: str) -> Iterator[str]:
    return (part for part in re.split(r"[,\s]+", extra) if part)


class HostCheck:
    """WSGI middleware: answer only requests whose `Host` names this box."""

    def __init__(self, app: Callable[..., Any], names: Iterable[str]) -> None:
        self._app = app
        self.names = frozenset(names)

    def allows(self, host_header: str | None, local_address: str | None) -> bool:
        if not host_header:
            return False
        host = normalise(host_header)
        if host is None:
            return False
        return host in self.names or (local_address is not None and host == _address(local_address))

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
        host = environ.get("HTTP_HOST")
        if self.allows(host, environ.get(LOCAL_ADDRESS_KEY)):
            return self._app(environ, start_response)
        shown = (host or "")[:80]
        body = json.dumps(
            {
                "error": {
                    "message": f"this Hearth does not answer to the name {shown!r}; open it by its "
                    "own name or address, or add the name to the web_hosts setting",
                    "type": "invalid_request_error",
                    "param": "Host",
                    "code": "unknown_host",
                }
            }
        ).encode()
        start_response(
            "400 Bad Request",
            [
                ("Content-Type", "application/json"),
                ("Content-Length", str(len(body))),
                ("Cache-Control", "no-store"),
            ],
        )
        return [body]
