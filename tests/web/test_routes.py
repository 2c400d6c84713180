"""The rules every route keeps: the token, the verbs, bad input, JSON errors, no review route."""

from __future__ import annotations

import json
import socket

import bottle
import pytest

from appliance.memory import Memory
from appliance.web.app import build_app
from appliance.web.bodies import MAX_BODY_BYTES
from tests.web.client import call, call_chunked
from tests.web.conftest import Running

VIEWS = ["/memory/inbox", "/api/inbox.json", "/board.png", "/healthz"]
OTHER_VERBS = ["POST", "PUT", "PATCH", "DELETE"]
CHAT = "/v1/chat/completions"


def ask(text: str = "hi") -> dict:
    return {"model": "hearth", "messages": [{"role": "user", "content": text}]}


def assert_json_error(answer, status: int) -> dict:
    assert answer.status == status, answer.body
    assert answer.header("Content-Type").startswith("application/json")
    error = answer.json["error"]
    assert error["message"]
    assert b"Traceback" not in answer.body and b"<html" not in answer.body.lower()
    return error


# -- the token ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("method", "path", "body"), [("POST", CHAT, ask()), ("GET", "/v1/models", None)]
)
@pytest.mark.parametrize(
    "authorization",
    [
        None,
        "Bearer wrong-token-wrong-token-wrong",
        "Bearer ",
        "Basic Zm9vOmJhcg==",
        "Bearer {token}x",
        "{token}",
    ],
)
def test_api_routes_need_the_exact_token(
    web: Running, method: str, path: str, body: dict | None, authorization: str | None
) -> None:
    headers = (
        {} if authorization is None else {"Authorization": authorization.format(token=web.token)}
    )
    answer = call(f"{web.url}{path}", method, body, headers)
    error = assert_json_error(answer, 401)
    assert "hearth token" in error["message"]
    assert answer.header("WWW-Authenticate").startswith("Bearer")
    assert web.chat.calls == []


@pytest.mark.parametrize(
    ("method", "path", "body"), [("POST", CHAT, ask()), ("GET", "/v1/models", None)]
)
def test_the_right_token_is_let_in(web: Running, method: str, path: str, body: dict | None) -> None:
    assert call(f"{web.url}{path}", method, body, web.auth()).status == 200
    lower = {"authorization": f"bearer {web.token}"}  # the scheme is case-insensitive
    assert call(f"{web.url}{path}", method, body, lower).status == 200


@pytest.mark.parametrize("path", ["/memory/inbox", "/api/inbox.json", "/board.png"])
def test_views_need_the_token_by_default(web: Running, path: str) -> None:
    (web.data_dir / "board.png").write_bytes(b"\x89PNG\r\n\x1a\nfake")
    error = assert_json_error(call(f"{web.url}{path}"), 401)
    assert "chat page" in error["message"]
    assert call(f"{web.url}{path}", headers=web.auth()).status == 200


@pytest.mark.parametrize("path", VIEWS)
def test_a_household_can_open_the_views_to_the_lan(open_web: Running, path: str) -> None:
    (open_web.data_dir / "board.png").write_bytes(b"\x89PNG\r\n\x1a\nfake")
    assert call(f"{open_web.url}{path}").status == 200


def test_health_never_needs_the_token(web: Running) -> None:
    assert call(f"{web.url}/healthz").status == 200


# -- the verbs ------------------------------------------------------------------------


@pytest.mark.parametrize("path", VIEWS)
@pytest.mark.parametrize("method", OTHER_VERBS)
def test_any_other_verb_on_a_view_is_405(web: Running, path: str, method: str) -> None:
    answer = call(f"{web.url}{path}", method, b"{}", web.auth())
    assert_json_error(answer, 405)
    assert "GET" in answer.header("Allow")


@pytest.mark.parametrize("method", ["GET", "PUT", "PATCH", "DELETE"])
def test_chat_completions_is_post_only(web: Running, method: str) -> None:
    assert_json_error(call(f"{web.url}{CHAT}", method, None, web.auth()), 405)


def test_unknown_route_is_a_json_404(web: Running) -> None:
    error = assert_json_error(call(f"{web.url}/wp-admin/setup.php"), 404)
    assert "/wp-admin/setup.php" in error["message"]


@pytest.mark.parametrize("name", ["index.html", "..", "__init__.py", "chat.js.map"])
def test_only_the_pages_own_files_are_static(web: Running, name: str) -> None:
    assert_json_error(call(f"{web.url}/static/{name}"), 404)
    answer = call(f"{web.url}/static/chat.js")  # control: the page's script is served
    assert answer.status == 200 and answer.header("Content-Type").startswith("text/javascript")


# -- no review over HTTP ----------------------------------------------------------------


REVIEW_WORDS = (
    "promote",
    "discard",
    "doubt",
    "retract",
    "keep",
    "review",
    "supersede",
    "tombstone",
    "forget",
    "delete",
)


def test_no_route_reviews_or_changes_memory(memory: Memory, data_dir, web: Running) -> None:
    app = build_app(web.parts)
    routes = [(r.method, r.rule) for r in app.routes]
    assert all(not any(word in rule.lower() for word in REVIEW_WORDS) for _, rule in routes)
    callbacks = " ".join(r.callback.__name__ for r in app.routes)
    assert not any(word in callbacks.lower() for word in REVIEW_WORDS)
    # Besides GET: the chat, which talks to the brain, the view cookie, an update bundle
    # handed to the card's installer (it touches no memory: tests/web/test_update_upload.py),
    # the Wi-Fi setup page's join (a request to hearth-wifi; it never touches memory), and a
    # pasted recipe, which is only proposed: it waits for Keep on the panel
    # (tests/web/test_recipes.py).
    assert sorted((m, r) for m, r in routes if m != "GET") == [
        ("DELETE", "/update/bundle"),
        ("POST", "/api/recipes"),
        ("POST", "/api/wifi/join"),
        ("POST", "/session"),
        ("POST", "/update/bundle/done"),
        ("POST", CHAT),
        ("PUT", "/update/bundle/part"),
    ]


def test_likely_review_paths_do_nothing_with_any_verb(memory: Memory, web: Running) -> None:
    proposal = memory.propose("Grandma's birthday is on the 3rd of March", "event")
    fact = memory.add("Sam is allergic to peanuts", "health")
    before = (memory.proposals(), memory.facts(), list(memory.audit.entries()))
    ids = [proposal.id, fact.id]
    paths = [
        f"/{prefix}{word}/{id_}"
        for prefix in ("", "api/", "memory/", "inbox/", "v1/")
        for word in REVIEW_WORDS
        for id_ in ids
    ]
    paths += [
        f"/memory/inbox/{proposal.id}",
        f"/api/inbox/{proposal.id}",
        f"/memory/{fact.id}",
        f"/api/inbox.json/{proposal.id}",
    ]
    for path in paths:
        for method in ["GET", *OTHER_VERBS]:
            answer = call(f"{web.url}{path}", method, {"id": proposal.id}, web.auth())
            assert answer.status in (404, 405), (method, path, answer.status)
    after = (memory.proposals(), memory.facts(), list(memory.audit.entries()))
    assert after == before
    assert web.chat.calls == []


def test_inbox_views_show_what_waits_and_offer_no_buttons(memory: Memory, web: Running) -> None:
    memory.propose("Grandma's birthday is on the 3rd of March", "event")
    listed = call(f"{web.url}/api/inbox.json", headers=web.auth()).json
    assert listed["waiting"] == 1
    assert listed["proposals"][0]["text"] == "Grandma's birthday is on the 3rd of March"
    page = call(f"{web.url}/memory/inbox", headers=web.auth()).body.decode()
    assert "Grandma&#x27;s birthday is on the 3rd of March" in page
    assert "<form" not in page and "<button" not in page
    assert "hearth review keep" in page


def test_inbox_views_mark_what_was_discarded_before(memory: Memory, web: Running) -> None:
    # a thirteenth trial's page showed a card the household had discarded with no mark; the
    # board and `hearth review list` marked it
    first = memory.propose("Mia is learning the violin.", "note")
    memory.discard(first.id, actor="panel")
    memory.propose("Mia is learning the violin.", "note", origin="voice", asked_again=True)
    memory.propose("Mia has a recorder too.", "note")  # the control: never said no to
    listed = call(f"{web.url}/api/inbox.json", headers=web.auth()).json
    marks = {p["text"]: p["said_no_before"] for p in listed["proposals"]}
    assert marks["Mia is learning the violin."].startswith("you discarded this on")
    assert marks["Mia has a recorder too."] is None
    page = call(f"{web.url}/memory/inbox", headers=web.auth()).body.decode()
    assert page.count("you discarded this on") == 1


@pytest.mark.parametrize("path", ["/api/inbox.json", "/api/timers.json", "/api/shopping.json"])
def test_json_views_are_never_cached(web: Running, path: str) -> None:
    answer = call(f"{web.url}{path}", headers=web.auth())
    assert answer.status == 200
    assert answer.header("Cache-Control") == "no-store", "a browser would show an old inbox"


def test_inbox_page_escapes_what_it_shows(memory: Memory, web: Running) -> None:
    memory.propose("Tom likes <b>bold</b> & <i>italics</i>", "preference")
    page = call(f"{web.url}/memory/inbox", headers=web.auth()).body.decode()
    assert "<b>bold</b>" not in page
    assert "&lt;b&gt;bold&lt;/b&gt;" in page


# -- bad input ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "says"),
    [
        (b"{not json", "malformed JSON"),
        (b"", "empty"),
        (b"[1, 2]", "JSON object"),
        (b"\xff\xfe{}", "UTF-8"),
        (json.dumps({"model": "hearth"}).encode(), "messages"),
        (json.dumps({"messages": []}).encode(), "messages"),
        (json.dumps({"messages": [{"role": "user"}]}).encode(), "messages[0].content"),
        (json.dumps({"messages": [{"content": "hi"}]}).encode(), "messages[0].role"),
        (json.dumps({"messages": [{"role": "wizard", "content": "hi"}]}).encode(), "role"),
        (json.dumps({"messages": [{"role": "system", "content": "hi"}]}).encode(), "'user'"),
        (json.dumps({"messages": [{"role": "user", "content": "  "}]}).encode(), "empty"),
        (json.dumps({**ask(), "stream": "yes"}).encode(), "stream"),
        (b'{"messages": [{"role": "user", "content": "hi"}], "n": ' + b"7" * 5000 + b"}", "long"),
        (b'{"messages": [{"role": "user", "content": "hi \\ud800 there"}]}', "surrogate"),
        (b'{"messages": [{"role": "user", "content": "hi"}], "\\udfff": 1}', "surrogate"),
        (
            json.dumps(
                {"messages": [{"role": "user", "content": [{"type": "image_url"}]}]}
            ).encode(),
            "text parts",
        ),
    ],
)
def test_bad_requests_get_a_400_that_says_what_is_wrong(
    web: Running, body: bytes, says: str
) -> None:
    error = assert_json_error(call(f"{web.url}{CHAT}", "POST", body, web.auth()), 400)
    assert says in error["message"]
    assert web.chat.calls == []
    assert web.queue.admitted == 0


def test_a_surrogate_pair_and_a_long_number_under_the_limit_are_answered(web: Running) -> None:
    """The positive control for the two cases above: a paired escape is an emoji, and a
    number of 4,000 digits is still a number."""
    body = b'{"messages": [{"role": "user", "content": "cake \\ud83c\\udf82"}], "n": '
    answer = call(f"{web.url}{CHAT}", "POST", body + b"7" * 4000 + b"}", web.auth())
    assert answer.status == 200, answer.body
    assert web.chat.calls[0][0] == "cake \U0001f382"


def test_missing_fields_are_named_together(web: Running) -> None:
    body = {"messages": [{"name": "sam"}]}
    error = assert_json_error(call(f"{web.url}{CHAT}", "POST", body, web.auth()), 400)
    assert "messages[0].role" in error["message"] and "messages[0].content" in error["message"]
    assert error["param"] == "messages[0].role"


def test_a_body_over_64_kib_is_413(web: Running) -> None:
    body = json.dumps(ask("x" * MAX_BODY_BYTES)).encode()
    error = assert_json_error(call(f"{web.url}{CHAT}", "POST", body, web.auth()), 413)
    assert "64 KiB" in error["message"]
    assert web.chat.calls == []


def test_a_chunked_body_over_64_kib_is_413_too(web: Running) -> None:
    host, port = web.url.removeprefix("http://").split(":")
    chunks = [b'{"messages": [{"role": "user", "content": "', b"x" * (MAX_BODY_BYTES + 10), b'"}]}']
    answer = call_chunked(host, int(port), CHAT, chunks, web.auth())
    assert_json_error(answer, 413)
    assert web.chat.calls == []


def test_a_body_just_under_the_limit_is_answered(web: Running) -> None:
    text = "x" * (MAX_BODY_BYTES - 200)
    assert call(f"{web.url}{CHAT}", "POST", ask(text), web.auth()).status == 200


def test_a_chunked_body_under_the_limit_is_answered(web: Running) -> None:
    host, port = web.url.removeprefix("http://").split(":")
    chunks = [b'{"messages": [{"role": "user", ', b'"content": "chunked hello"}]}']
    answer = call_chunked(host, int(port), CHAT, chunks, web.auth())
    assert answer.status == 200, answer.body
    assert web.chat.calls[0][0] == "chunked hello"


def test_an_internal_error_reaches_the_client_as_json_without_details(web: Running) -> None:
    web.chat.fail = RuntimeError("the secret path /var/lib/hearth/web.token")
    error = assert_json_error(call(f"{web.url}{CHAT}", "POST", ask(), web.auth()), 500)
    assert "secret" not in error["message"] and "web.token" not in error["message"]
    assert web.queue.admitted == 0


def test_a_crash_inside_a_view_is_json_without_a_traceback(web: Running, monkeypatch) -> None:
    def explode() -> bytes:
        raise ZeroDivisionError("a bug with private details")

    monkeypatch.setattr(web.parts, "board", explode)
    answer = call(f"{web.url}/board.png", headers=web.auth())
    error = assert_json_error(answer, 500)
    assert "private details" not in answer.body.decode()
    assert "server log" in error["message"]


def test_bottle_error_pages_are_replaced_even_for_odd_requests(web: Running) -> None:
    head, body = raw_request(
        web, b"BREW /coffee HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
    )
    assert head.startswith(b"HTTP/1.1 404") or head.startswith(b"HTTP/1.1 405")
    assert json.loads(body)["error"]["message"]
    assert bottle.ERROR_PAGE_TEMPLATE[:20].encode() not in body


# -- the board and health ------------------------------------------------------------------


def test_board_is_the_png_the_panel_wrote(web: Running) -> None:
    png = b"\x89PNG\r\n\x1a\n" + bytes(range(256))
    (web.data_dir / "board.png").write_bytes(png)
    answer = call(f"{web.url}/board.png", headers=web.auth())
    assert answer.status == 200
    assert answer.header("Content-Type") == "image/png"
    assert answer.body == png


def test_board_not_drawn_yet_is_a_404_that_says_so(web: Running) -> None:
    error = assert_json_error(call(f"{web.url}/board.png", headers=web.auth()), 404)
    assert "hearth panel --once" in error["message"]


def test_health_says_ok_or_not_and_nothing_about_the_household(
    memory: Memory, web: Running
) -> None:
    memory.add("Sam is allergic to peanuts", "health")
    memory.propose("Grandma's birthday is on the 3rd of March", "event")
    answer = call(f"{web.url}/healthz")
    assert answer.status == 200
    assert answer.json == {
        "ok": True,
        "model": {"ok": True},
        "memory": {"ok": True},
        "disk": {"ok": True},
    }, "booleans only: no counts, names or text"
    assert answer.header("Cache-Control") == "no-store"


def test_health_is_503_when_the_model_is_not_ready(web: Running) -> None:
    web.chat.healthy = False
    answer = call(f"{web.url}/healthz")  # the first call checks (then at most every 30 s)
    assert answer.status == 503
    assert answer.json["ok"] is False and answer.json["model"]["ok"] is False


def test_health_is_503_when_the_brain_check_itself_fails(web: Running, monkeypatch) -> None:
    def broken() -> dict:
        raise OSError("gone")

    monkeypatch.setattr(web.chat, "health", broken)
    answer = call(f"{web.url}/healthz")
    assert answer.status == 503
    assert "gone" not in answer.body.decode()


def raw_request(web: Running, request: bytes) -> tuple[bytes, bytes]:
    """Send bytes as they are; return the reply's head and body."""
    host, port = web.url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=10) as raw:
        raw.sendall(request)
        reply = b""
        while chunk := raw.recv(65536):
            reply += chunk
    head, _, body = reply.partition(b"\r\n\r\n")
    return head, body


def test_a_huge_body_is_refused_by_the_server_before_the_app_as_json(web: Running) -> None:
    """Past 1 MiB waitress refuses on the header alone, before any of it is read; JSON too."""
    head, body = raw_request(
        web,
        b"POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        b"Authorization: Bearer " + web.token.encode() + b"\r\n"
        b"Content-Length: 2097152\r\n\r\n",
    )
    assert head.startswith(b"HTTP/1.1 413")
    assert b"application/json" in head
    assert json.loads(body)["error"]["code"] == 413
    assert web.chat.calls == []


def test_a_malformed_request_gets_json(web: Running) -> None:
    head, body = raw_request(
        web, b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: nope\r\n\r\n"
    )
    assert head.startswith(b"HTTP/1.1 400")
    assert json.loads(body)["error"]["code"] == 400
