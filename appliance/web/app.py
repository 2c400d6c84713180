"""The bottle app: routes, who may use them, body limits, and JSON errors everywhere.

Routes (nothing else exists; a test walks them). Every one, /healthz too,
first passes the Host check (hosts.py); `access.py` holds the two rules:

    GET  /                      the chat page (no token to load it; it asks for one)
    GET  /static/<file>         its CSS and JS
    POST /session               api: sets the view cookie for this browser
    GET  /v1/models             api
    POST /v1/chat/completions   api; OpenAI-compatible, `stream: true` as SSE
    GET  /memory/inbox          view: read-only HTML
    GET  /api/inbox.json        view: read-only JSON
    GET  /api/timers.json       view: running timers and those rung in the last hour (JSON)
    GET  /api/shopping.json     view: the shopping list (JSON)
    GET  /board.png             view: the picture on the panel
    GET  /recipes               view: the cookbook and a box to paste a recipe (recipes.py)
    GET  /recipes/<id>          view: one recipe, kept or waiting for Keep, read only
    GET  /api/recipes.json      view: kept and waiting recipes (JSON)
    POST /api/recipes           api: a pasted recipe, proposed: it waits for Keep on the panel
    GET  /healthz               open: ok or not for model, memory, disk (200 or 503)
    GET  /update/bundle         api: how much of an update bundle has arrived
    PUT  /update/bundle/part    api: the next part of one (update_upload.py)
    POST /update/bundle/done    api: its size and SHA-256; then the card's installer takes it
    DELETE /update/bundle       api: forget a half-sent bundle
    GET  /api/update.json       view: what became of the last update
    GET  /wifi                  the Wi-Fi setup page (no token to load it; it asks for one)
    GET  /api/wifi.json         api: the networks the box sees, what its Wi-Fi is doing
    POST /api/wifi/join         api: hand a network and its password to hearth-wifi

There is deliberately no route that promotes, discards, doubts or retracts (a fact
or a recipe).
"""

from __future__ import annotations

import functools
import importlib.resources
import json
import logging
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import bottle

from appliance.cookbook import Cookbook
from appliance.errors import NotFound
from appliance.memory import Memory
from appliance.web import chat_route, openai_api, recipes, views, wifi_setup
from appliance.web.access import Access
from appliance.web.auth import AccessToken
from appliance.web.bodies import read_body
from appliance.web.failures import fail as _fail
from appliance.web.hosts import HostCheck, box_names
from appliance.web.model_queue import ModelQueue
from appliance.web.service import ChatService
from appliance.web.update_upload import PART_BYTES, BundleUpload, UploadRefused
from appliance.web.wifi_setup import MAX_JOIN_BYTES, BadJoin, NoKeeper, parse_join, status_json
from appliance.wifi.status import RUN_DIR as WIFI_RUN_DIR

log = logging.getLogger(__name__)

# What the brain refuses to start a turn with: the client's mistake, so 400.
STATIC_FILES = {
    "index.html": "text/html; charset=utf-8",
    "chat.js": "text/javascript; charset=utf-8",
    "chat.css": "text/css; charset=utf-8",
    "wifi.html": "text/html; charset=utf-8",
    "wifi.js": "text/javascript; charset=utf-8",
    "recipes.js": "text/javascript; charset=utf-8",
}
PAGES = ("index.html", "wifi.html")  # served at / and /wifi, never under /static
# The page loads nothing from anywhere but here; the browser enforces it.
PAGE_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; "
    "frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-cache",
}


@dataclass
class WebParts:
    """Everything the app talks to, opened once by the entry point and handed in."""

    chat: ChatService
    memory: Memory
    token: AccessToken
    data_dir: Path
    queue: ModelQueue
    board: views.BoardSource
    recipes: Cookbook  # behind the household's screen (composition.open_cookbook)
    private_views: bool = True
    hosts: str = ""  # the web_hosts setting: names the box answers to besides its own
    health_seconds: float = views.HEALTH_SECONDS
    wifi_dir: Path = WIFI_RUN_DIR  # where hearth-wifi (on the card) takes join requests


def build_site(parts: WebParts) -> HostCheck:
    """The WSGI application a server runs: the app behind the Host check."""
    return HostCheck(build_app(parts), box_names(parts.hosts))


def build_app(parts: WebParts) -> bottle.Bottle:
    access = Access(parts.token, private_views=parts.private_views)
    health = views.Health(parts.chat, parts.memory, parts.data_dir, every=parts.health_seconds)
    app = bottle.Bottle()
    app.config["catchall"] = True  # every exception becomes our JSON 500, never a page
    app.default_error_handler = _json_error_page

    @app.get("/")
    def page() -> bytes:
        return _static("index.html")

    @app.get("/wifi")
    def wifi_page() -> bytes:
        return _static("wifi.html")

    @app.get("/static/<name>")
    def static(name: str) -> bytes:
        if name not in STATIC_FILES or name in PAGES:
            _fail(404, f"no static file {name!r}", "not_found_error")
        return _static(name)

    @app.post("/session")
    @access.api
    def session() -> None:
        access.set_view_cookie()
        bottle.response.status = 204

    @app.get("/v1/models")
    @access.api
    def models() -> dict[str, Any]:
        return openai_api.models_list()

    @app.post("/v1/chat/completions")
    @access.api
    def chat_completions() -> Any:
        return chat_route.answer(parts.chat, parts.queue)

    @app.get("/memory/inbox")
    @access.view
    def inbox_page() -> str:
        return _html(views.inbox_html(parts.memory))

    def json_view(path: str, read: Callable[[], dict[str, Any]]) -> None:
        """A read-only JSON view: read afresh each time, never cached by the browser."""

        @app.get(path)
        @access.view
        def view() -> dict[str, Any]:
            bottle.response.set_header("Cache-Control", "no-store")
            return read()

    json_view("/api/inbox.json", lambda: views.inbox_json(parts.memory))
    json_view("/api/timers.json", lambda: views.timers_json(parts.data_dir))
    json_view("/api/shopping.json", lambda: views.shopping_json(parts.data_dir))

    @app.get("/recipes")
    @access.view
    def recipes_page() -> str:
        return _html(recipes.recipes_html(parts.recipes))

    @app.get("/recipes/<recipe_id>")
    @access.view
    def recipe_page(recipe_id: str) -> str:
        try:
            return _html(recipes.recipe_html(parts.recipes, recipe_id))
        except NotFound as exc:
            _fail(404, str(exc), "not_found_error")

    json_view("/api/recipes.json", lambda: recipes.recipes_json(parts.recipes))

    @app.post("/api/recipes")
    @access.api
    def recipe_paste() -> dict[str, Any]:
        body = read_body(recipes.MAX_PASTE_BODY)  # 413 from Content-Length, before reading
        try:
            proposed = recipes.propose(parts.recipes, *recipes.parse_paste(body))
        except recipes.PasteRefused as refused:
            _fail(refused.status, str(refused), refused.kind, refused.code, refused.param)
        bottle.response.status = 201
        return proposed

    @app.get("/board.png")
    @access.view
    def board() -> bytes:
        image = parts.board()
        if image is None:
            _fail(
                404,
                "the board has not been drawn yet: the panel writes board.png into the "
                "data dir when it runs (`hearth run` or `hearth panel --once`)",
                "not_found_error",
            )
        bottle.response.content_type = "image/png"
        bottle.response.set_header("Cache-Control", "no-cache")
        return image

    upload = BundleUpload(parts.data_dir)

    def _uploading(step: Callable[[], int]) -> dict[str, Any]:
        try:
            return {"received": step(), "waiting": upload.waiting()}
        except UploadRefused as refused:
            _fail(refused.status, str(refused), "invalid_request_error", "update_refused")

    @app.get("/update/bundle")
    @access.api
    def update_received() -> dict[str, Any]:
        return _uploading(upload.received)

    @app.put("/update/bundle/part")
    @access.api
    def update_part() -> dict[str, Any]:
        try:
            at = int(bottle.request.query.get("at", ""))
        except ValueError:
            _fail(400, "say where the part goes: ?at=<bytes already sent>", "invalid_request_error")
        part = read_body(PART_BYTES)
        return _uploading(lambda: upload.append(at, part))

    @app.post("/update/bundle/done")
    @access.api
    def update_done() -> dict[str, Any]:
        body = read_body()
        try:
            sent = json.loads(body or b"{}")
        except ValueError:
            sent = None
        if not isinstance(sent, dict):
            _fail(400, 'send {"size": bytes, "sha256": "hex digest"}', "invalid_request_error")
        shown = _uploading(lambda: upload.finish(sent.get("size"), sent.get("sha256")))
        bottle.response.status = 202
        return shown

    @app.delete("/update/bundle")
    @access.api
    def update_abandon() -> dict[str, Any]:
        return _uploading(upload.abandon)

    json_view("/api/update.json", lambda: views.update_json(parts.data_dir))

    @app.get("/api/wifi.json")
    @access.api
    def wifi_status() -> dict[str, Any]:
        bottle.response.set_header("Cache-Control", "no-store")
        try:
            return status_json(parts.wifi_dir)
        except NoKeeper as exc:
            _fail(503, str(exc), "server_error", "wifi_unavailable")

    @app.post("/api/wifi/join")
    @access.api
    def wifi_join() -> dict[str, Any]:
        body = read_body(MAX_JOIN_BYTES)
        try:
            network = parse_join(body)
        except BadJoin as bad:
            _fail(400, str(bad), "invalid_request_error", param=bad.param)
        try:
            answer = wifi_setup.join(network, parts.wifi_dir)
        except NoKeeper as exc:
            _fail(503, str(exc), "server_error", "wifi_unavailable")
        bottle.response.status = 202
        return answer

    @app.get("/healthz")
    def healthz() -> dict[str, Any]:
        report = health.report()
        bottle.response.status = 200 if report["ok"] else 503
        bottle.response.set_header("Cache-Control", "no-store")
        return report

    return app


# -- responses ------------------------------------------------------------------------


_STATUS_KINDS = {404: "not_found_error", 405: "invalid_request_error", 500: "server_error"}


def _json_error_page(error: bottle.HTTPError) -> bytes:
    """Replaces bottle's HTML error page: JSON, and no traceback or exception text, ever."""
    status = error.status_code
    if status == 404:
        message = (
            f"no route {bottle.request.path}; see /v1/models, /v1/chat/completions, "
            "/memory/inbox, /api/inbox.json, /api/timers.json, /api/shopping.json, "
            "/board.png, /recipes, /api/recipes.json, /healthz, /wifi, /api/wifi.json"
        )
    elif status == 405:
        allowed = error.headers.get("Allow", "") if error.headers else ""
        message = f"{bottle.request.method} is not allowed on {bottle.request.path}" + (
            f"; allowed: {allowed}" if allowed else ""
        )
    elif status >= 500:
        if error.exception is not None:
            log.error(
                "unhandled error on %s %s: %r",
                bottle.request.method,
                bottle.request.path,
                error.exception,
            )
        message = "Hearth hit an internal error; the server log has the details"
    else:
        message = bottle.HTTP_CODES.get(status, "error")
    bottle.response.content_type = "application/json"
    bottle.response.set_header("Cache-Control", "no-store")
    kind = _STATUS_KINDS.get(status, "invalid_request_error")
    return json.dumps(openai_api.error_body(message, kind, status)).encode()


@functools.cache
def _static_bytes(name: str) -> bytes:
    """A file of the installed package: read once per process, not once per request."""
    return (importlib.resources.files("appliance.web") / "static" / name).read_bytes()


def _html(page: str) -> str:
    """A page made here (the inbox, the recipes): HTML, under the static pages' headers."""
    for name, value in PAGE_HEADERS.items():
        bottle.response.set_header(name, value)
    bottle.response.content_type = "text/html; charset=utf-8"
    return page


def _static(name: str) -> bytes:
    data = _static_bytes(name)
    bottle.response.content_type = STATIC_FILES[name]
    for header, value in PAGE_HEADERS.items():
        bottle.response.set_header(header, value)
    return data
