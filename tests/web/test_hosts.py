"""The Host check: every route answers only to the names the box goes by (DNS rebinding)."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from appliance.memory import Memory
from appliance.web.hosts import box_names, normalise
from tests.web.client import call
from tests.web.conftest import Running, start_server, stop_server

EVERY_ROUTE = [
    ("GET", "/"),
    ("GET", "/static/chat.js"),
    ("GET", "/healthz"),
    ("GET", "/memory/inbox"),
    ("GET", "/api/inbox.json"),
    ("GET", "/board.png"),
    ("GET", "/recipes"),
    ("GET", "/api/recipes.json"),
    ("GET", "/v1/models"),
    ("POST", "/v1/chat/completions"),
    ("POST", "/session"),
    ("GET", "/no/such/route"),
]
CHAT_BODY = b'{"messages": [{"role": "user", "content": "hi"}]}'


def raw(web: Running, method: str, path: str, host: str | None, token: str | None) -> bytes:
    """One request with exactly this Host header (urllib would send its own)."""
    port = int(web.url.rsplit(":", 1)[1])
    lines = [f"{method} {path} HTTP/1.1"]
    if host is not None:
        lines.append(f"Host: {host}")
    if token:
        lines.append(f"Authorization: Bearer {token}")
    body = CHAT_BODY if method == "POST" else b""
    lines += [f"Content-Length: {len(body)}", "Connection: close", "", ""]
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall("\r\n".join(lines).encode() + body)
        reply = b""
        while chunk := sock.recv(65536):
            reply += chunk
    return reply


def status(reply: bytes) -> int:
    return int(reply.split(b" ", 2)[1])


@pytest.mark.parametrize(("method", "path"), EVERY_ROUTE)
@pytest.mark.parametrize(
    "host",
    [
        "attacker.example",
        "attacker.example:4327",
        None,
        "",
        "127.0.0.1.attacker.example",
        "localhost.evil",
        "a b",
    ],
)
def test_a_foreign_host_is_refused_on_every_route(
    web: Running, method: str, path: str, host: str | None
) -> None:
    (web.data_dir / "board.png").write_bytes(b"\x89PNG\r\n\x1a\nfake")
    reply = raw(web, method, path, host, web.token)
    assert status(reply) == 400, reply[:200]
    assert b'"code": "unknown_host"' in reply
    assert b"fake" not in reply and b"scripted" not in reply
    assert web.chat.calls == [], "the request never reached the app"


@pytest.mark.parametrize(("method", "path"), EVERY_ROUTE)
def test_the_boxs_own_names_are_answered_on_every_route(
    web: Running, method: str, path: str
) -> None:
    """Positive control: the same requests with a name the box answers to get through."""
    (web.data_dir / "board.png").write_bytes(b"\x89PNG\r\n\x1a\nfake")
    port = web.url.rsplit(":", 1)[1]
    hostname = socket.gethostname()
    for host in [
        "127.0.0.1",
        f"127.0.0.1:{port}",
        "localhost",
        f"LocalHost:{port}",
        "[::1]",
        f"[::1]:{port}",
        hostname,
        f"{hostname}.local",
        "hearth.local",
        "hearth.local.",
    ]:
        reply = raw(web, method, path, host, web.token)
        expected = 404 if path == "/no/such/route" else (204 if path == "/session" else 200)
        assert status(reply) == expected, (host, reply[:200])


def test_the_address_a_request_arrived_on_is_a_name_the_box_answers_to() -> None:
    names = box_names(hostname="kitchen")
    assert {"kitchen", "kitchen.local", "hearth.local", "localhost", "127.0.0.1", "::1"} == set(
        names
    )
    assert normalise("[::ffff:192.168.1.20]:4327") == "192.168.1.20"
    assert normalise("Kitchen.Local.:80") == "kitchen.local"
    assert normalise("kitchen:notaport") is None


def test_web_hosts_adds_names(memory: Memory, data_dir: Path) -> None:
    web = start_server(memory, data_dir, hosts="kitchen.lan, 10.0.0.7")
    try:
        assert status(raw(web, "GET", "/healthz", "kitchen.lan:4327", None)) == 200
        assert status(raw(web, "GET", "/healthz", "10.0.0.7", None)) == 200
        assert status(raw(web, "GET", "/healthz", "attacker.example", None)) == 400
    finally:
        stop_server(web)


def test_a_rebound_name_cannot_read_the_inbox_even_with_views_open(
    memory: Memory, data_dir: Path
) -> None:
    """The attack in the issue: views open to the LAN, a page on attacker.example rebinds
    its name to the box and reads /api/inbox.json from the household's own browser."""
    memory.propose("Grandma's birthday is on the 3rd of March", "event")
    web = start_server(memory, data_dir, private_views=False)
    try:
        reply = raw(web, "GET", "/api/inbox.json", "attacker.example", None)
        assert status(reply) == 400 and b"Grandma" not in reply
        assert b"Grandma" in raw(web, "GET", "/api/inbox.json", "127.0.0.1", None)
    finally:
        stop_server(web)


def test_urllib_and_the_openai_client_pass_the_check_unchanged(web: Running) -> None:
    assert call(f"{web.url}/healthz").status == 200
    assert call(f"http://localhost:{web.url.rsplit(':', 1)[1]}/healthz").status == 200
