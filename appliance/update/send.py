"""Send a bundle to a card over the LAN, in the parts its page takes (web/update_upload.py).

    hearth update FILE --send-to http://hearth.local:4327     (the token in $HEARTH_TOKEN)

It resumes where an earlier send stopped (the card says how much arrived), then gives
the size and SHA-256; the card's own installer checks the signature and installs.
"""

from __future__ import annotations

import hashlib
import json
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path

from appliance.errors import HearthError

PART_BYTES = 512 * 1024  # what the card's page takes in one request (web/update_upload.py)


class SendError(HearthError):
    pass


def _request(url: str, token: str, method: str = "GET", body: bytes | None = None) -> dict:
    request = urllib.request.Request(url, data=body, method=method)
    request.add_header("Authorization", f"Bearer {token}")
    if method == "POST":
        request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return json.loads(response.read())
    except urllib.error.HTTPError as exc:
        try:
            said = json.loads(exc.read())["error"]["message"]
        except (ValueError, KeyError, TypeError):
            said = exc.reason
        raise SendError(f"the card said {exc.code}: {said}") from exc
    except OSError as exc:
        raise SendError(f"the card did not answer at {url}: {exc}") from exc


def send_bundle(
    bundle: Path, base: str, token: str, progress: Callable[[int, int], None] = lambda a, b: None
) -> int:
    base = base.rstrip("/")
    size = bundle.stat().st_size
    at = int(_request(f"{base}/update/bundle", token)["received"])
    if at > size:
        _request(f"{base}/update/bundle", token, "DELETE")
        at = 0
    digest = hashlib.sha256()
    with open(bundle, "rb") as handle:
        for _ in range(0, at, PART_BYTES):  # what arrived before: hashed again, not sent
            digest.update(handle.read(min(PART_BYTES, at - handle.tell())))
        while at < size:
            part = handle.read(PART_BYTES)
            digest.update(part)
            at = int(_request(f"{base}/update/bundle/part?at={at}", token, "PUT", part)["received"])
            progress(at, size)
    done = json.dumps({"size": size, "sha256": digest.hexdigest()}).encode()
    _request(f"{base}/update/bundle/done", token, "POST", done)
    return size
