"""Who may see what: one rule for the API, one for the read-only views.

    access = Access(token, private_views=True)

    @app.get("/api/inbox.json")
    @access.view                      # a read-only view: one line
    def inbox_json(): ...

- `access.api`: `Authorization: Bearer <token>`, always (chat, models, the cookie).
- `access.view`: the bearer token, or the view cookie the chat page gets from
  `POST /session` once the token is entered (HttpOnly, SameSite=Strict, so no
  script reads it and no other site's page sends it). With `web_private_views
  = false` a household opens the views to anyone who can reach the box.

The cookie opens views only, never the API, so a request another site forges
cannot chat or change anything even if a browser sent it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

import bottle

from appliance.web.auth import AccessToken
from appliance.web.failures import fail

VIEW_COOKIE = "hearth_view"
COOKIE_MAX_AGE = 400 * 24 * 3600  # the longest a browser keeps a cookie (RFC 6265bis)

Handler = TypeVar("Handler", bound=Callable[..., Any])


class Access:
    def __init__(self, token: AccessToken, *, private_views: bool = True) -> None:
        self.token = token
        self.private_views = private_views

    def api(self, handler: Handler) -> Handler:
        @functools.wraps(handler)
        def guarded(*args: Any, **kwargs: Any) -> Any:
            self._require_bearer()
            return handler(*args, **kwargs)

        return guarded  # type: ignore[return-value]

    def view(self, handler: Handler) -> Handler:
        @functools.wraps(handler)
        def guarded(*args: Any, **kwargs: Any) -> Any:
            if self.private_views and not self.token.accepts_view_cookie(
                bottle.request.get_cookie(VIEW_COOKIE)
            ):
                self._require_bearer(
                    " or open it from the chat page once the token is entered there"
                )
            return handler(*args, **kwargs)

        return guarded  # type: ignore[return-value]

    def set_view_cookie(self) -> None:
        """For a request that already passed `api`: the browser keeps the views open."""
        bottle.response.set_cookie(
            VIEW_COOKIE,
            self.token.view_cookie(),
            path="/",
            max_age=COOKIE_MAX_AGE,
            httponly=True,
            samesite="strict",
        )

    def _require_bearer(self, hint: str = "") -> None:
        if not self.token.accepts_header(bottle.request.get_header("Authorization")):
            fail(
                401,
                "this needs the appliance's token: send `Authorization: Bearer <token>` "
                f"(`hearth token` prints it){hint}",
                "authentication_error",
                "invalid_api_key",
                headers={"WWW-Authenticate": 'Bearer realm="hearth"'},
            )
