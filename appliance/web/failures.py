"""One way for a handler to stop with an error: OpenAI's error shape, JSON, any status."""

from __future__ import annotations

import json
from typing import NoReturn

import bottle

from appliance.web.openai_api import error_body


def fail(
    status: int,
    message: str,
    kind: str,
    code: str | None = None,
    param: str | None = None,
    headers: dict[str, str] | None = None,
) -> NoReturn:
    raise bottle.HTTPResponse(
        body=json.dumps(error_body(message, kind, code, param)),
        status=status,
        headers={
            "Content-Type": "application/json",
            "Cache-Control": "no-store",
            **(headers or {}),
        },
    )
