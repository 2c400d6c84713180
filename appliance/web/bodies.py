"""A request's body, read only up to a limit: 413 before much of a large one is read."""

from __future__ import annotations

from typing import NoReturn

import bottle

from appliance.web.failures import fail as _fail

MAX_BODY_BYTES = 64 * 1024


def read_body(limit: int = MAX_BODY_BYTES) -> bytes:
    """The request body, at most `limit` bytes; 413 past that, before reading much of it."""
    environ = bottle.request.environ
    declared = environ.get("CONTENT_LENGTH") or ""
    if declared.strip():
        try:
            length = int(declared)
        except ValueError:
            _fail(400, "Content-Length is not a number", "invalid_request_error")
        if length > limit:
            too_large(length, limit)
    body = environ["wsgi.input"].read(limit + 1)
    if len(body) > limit:
        too_large(None, limit)
    return body


def too_large(length: int | None, limit: int) -> NoReturn:
    size = f"{length} bytes" if length is not None else "more than that"
    shown = f"{limit // 1024} KiB" if limit % 1024 == 0 else f"{limit} bytes"
    _fail(
        413,
        f"the request body is limited to {limit} bytes ({shown}); this one is {size}",
        "invalid_request_error",
        "request_too_large",
    )
