"""The view cookie: the chat page trades the token for it, and it opens views, never the API."""

from __future__ import annotations

import http.cookies

import pytest

from appliance.web.access import VIEW_COOKIE
from tests.web.client import call
from tests.web.conftest import Running

VIEW_PATHS = ["/memory/inbox", "/api/inbox.json", "/board.png"]


def view_cookie(web: Running) -> http.cookies.Morsel:
    answer = call(f"{web.url}/session", "POST", b"", web.auth())
    assert answer.status == 204
    jar = http.cookies.SimpleCookie(answer.header("Set-Cookie"))
    return jar[VIEW_COOKIE]


def test_the_session_cookie_is_httponly_and_samesite_strict(web: Running) -> None:
    cookie = view_cookie(web)
    assert cookie["httponly"] is True
    assert cookie["samesite"].lower() == "strict"
    assert cookie["path"] == "/"
    assert web.token not in cookie.value, "the cookie is not the token itself"


def test_the_session_needs_the_token(web: Running) -> None:
    answer = call(f"{web.url}/session", "POST", b"", {"Authorization": "Bearer nope" * 3})
    assert answer.status == 401
    assert answer.header("Set-Cookie") is None


@pytest.mark.parametrize("path", VIEW_PATHS)
def test_the_cookie_opens_the_views(web: Running, path: str) -> None:
    (web.data_dir / "board.png").write_bytes(b"\x89PNG\r\n\x1a\nfake")
    cookie = view_cookie(web)
    assert call(f"{web.url}{path}").status == 401
    assert (
        call(f"{web.url}{path}", headers={"Cookie": f"{VIEW_COOKIE}={cookie.value}"}).status == 200
    )
    wrong = cookie.value[:-4] + "0000"
    assert call(f"{web.url}{path}", headers={"Cookie": f"{VIEW_COOKIE}={wrong}"}).status == 401


@pytest.mark.parametrize(
    ("method", "path"),
    [("POST", "/v1/chat/completions"), ("GET", "/v1/models"), ("POST", "/session")],
)
def test_the_cookie_never_opens_the_api(web: Running, method: str, path: str) -> None:
    """A page on another site could make a browser send a cookie (it cannot here: SameSite),
    but even then it could not chat: the API takes the bearer token only."""
    cookie = view_cookie(web)
    body = {"messages": [{"role": "user", "content": "hi"}]}
    answer = call(f"{web.url}{path}", method, body, {"Cookie": f"{VIEW_COOKIE}={cookie.value}"})
    assert answer.status == 401
    assert web.chat.calls == []
