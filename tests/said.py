"""Whether a refused secret was said: as itself, not inside a hash that happens to hold it."""

from __future__ import annotations

import re


def says(text: str, secret: str) -> bool:
    """Whether `secret` appears in `text` as its own run of characters. The audit log's
    SHA-256 hashes are hex, so a secret of digits turns up inside one by chance (a CI run
    met "4821" in "4821a9c3…"): a match with a hex digit beside it is no saying of it."""
    return re.search(rf"(?<![0-9a-fA-F]){re.escape(secret)}(?![0-9a-fA-F])", text) is not None
