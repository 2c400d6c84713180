"""A tiny HTTP client for tests: status, headers and body of one request, errors included."""

from __future__ import annotations

import http.client
import json
import urllib.error
import urllib.request
from dataclasses import dataclass
from typing import Any


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes

    @property
    def json(self) -> Any:
        return json.loads(self.body)

    def header(self, name: str) -> str | None:
        for key, value in self.headers.items():
            if key.lower() == name.lower():
                return value
        return None


def call(
    url: str,
    method: str = "GET",
    body: bytes | dict | None = None,
    headers: dict[str, str] | None = None,
    timeout: float = 30,
) -> Answer:
    data = json.dumps(body).encode() if isinstance(body, dict) else body
    request = urllib.request.Request(url, data=data, method=method, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return Answer(response.status, dict(response.headers), response.read())
    except urllib.error.HTTPError as error:
        return Answer(error.code, dict(error.headers), error.read())


def call_chunked(
    host: str, port: int, path: str, chunks: list[bytes], headers: dict[str, str]
) -> Answer:
    """POST a body with Transfer-Encoding: chunked (no Content-Length for the app to trust)."""
    connection = http.client.HTTPConnection(host, port, timeout=30)
    try:
        connection.request("POST", path, body=iter(chunks), headers=headers, encode_chunked=True)
        response = connection.getresponse()
        return Answer(response.status, dict(response.getheaders()), response.read())
    finally:
        connection.close()


def sse_events(body: bytes) -> list[str]:
    """The `data:` payloads of a server-sent-events body, in order."""
    return [
        line[len("data: ") :] for line in body.decode().split("\n") if line.startswith("data: ")
    ]
