"""The appliance's access token: made once, kept 0600 in the data dir, compared in constant time.

Every route that talks to the model or could change anything asks for
`Authorization: Bearer <token>`. The token is 256 bits from `secrets`, written
to `<data_dir>/web.token` by creating a private temp file (mode 0600 from the
first byte, never chmod-ed afterwards) and linking it into place, so two
processes starting at once agree on one token and a torn write is never read.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import os
import re
import secrets
import stat
from pathlib import Path

from appliance.errors import ConfigError
from appliance.files import discard_temp, ensure_private_dir, fsync_dir, write_temp

log = logging.getLogger(__name__)

TOKEN_FILE = "web.token"
TOKEN_BYTES = 32  # 256 bits; the issue asks for at least 128
_TOKEN_SHAPE = re.compile(r"^[A-Za-z0-9_-]{22,128}$")


def token_path(data_dir: Path) -> Path:
    return Path(data_dir) / TOKEN_FILE


class AccessToken:
    """The token a client must present; `accepts` is the only way to check one."""

    def __init__(self, value: str) -> None:
        if not _TOKEN_SHAPE.match(value):
            raise ConfigError("an access token is 22 to 128 URL-safe characters")
        self._value = value.encode("ascii")

    @property
    def value(self) -> str:
        return self._value.decode("ascii")

    def accepts(self, presented: str | None) -> bool:
        """True for exactly the token; the time taken does not depend on how much matched."""
        if not presented:
            return False
        try:
            candidate = presented.encode("ascii")
        except UnicodeEncodeError:
            return False
        return hmac.compare_digest(candidate, self._value)

    def accepts_header(self, authorization: str | None) -> bool:
        """Check an `Authorization: Bearer <token>` header value."""
        if not authorization:
            return False
        scheme, _, credentials = authorization.strip().partition(" ")
        if scheme.lower() != "bearer":
            return False
        return self.accepts(credentials.strip())

    def view_cookie(self) -> str:
        """The cookie value that opens the read-only views (never the API) in a browser.

        Derived from the token, so it changes with it; a copied cookie cannot chat.
        """
        return hmac.new(self._value, b"hearth read-only views", hashlib.sha256).hexdigest()

    def accepts_view_cookie(self, presented: str | None) -> bool:
        if not presented:
            return False
        return hmac.compare_digest(
            presented.encode("ascii", "replace"), self.view_cookie().encode("ascii")
        )

    def __repr__(self) -> str:  # never print the secret by accident
        return "AccessToken(****)"


def load_or_create(data_dir: Path) -> AccessToken:
    """The data dir's token, made on first call. Raises ConfigError for a damaged file."""
    path = token_path(data_dir)
    if not path.exists():
        _create(path)
    return _read(path)


def _create(path: Path) -> None:
    ensure_private_dir(path.parent)
    temp = write_temp(path, (secrets.token_urlsafe(TOKEN_BYTES) + "\n").encode("ascii"))
    try:
        try:
            os.link(temp, path)  # fails if another process made one first: theirs wins
        except FileExistsError:
            return
        fsync_dir(path.parent)
        log.info("made a new access token in %s", path)
    finally:
        discard_temp(temp)


def _read(path: Path) -> AccessToken:
    mode = path.stat().st_mode
    if mode & (stat.S_IRWXG | stat.S_IRWXO):
        # Hearth never widens it; a person did. Say so rather than silently fixing it.
        log.warning(
            "%s is readable by other users (mode %o); anyone who can read it can chat with Hearth",
            path,
            stat.S_IMODE(mode),
        )
    value = path.read_text(encoding="ascii", errors="replace").strip()
    try:
        return AccessToken(value)
    except ConfigError:
        raise ConfigError(
            f"{path} does not hold a usable access token; delete it and start Hearth again "
            "to make a new one (every client then needs the new token)"
        ) from None
