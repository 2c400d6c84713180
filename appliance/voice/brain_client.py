"""The voice service's way to the brain: its loopback HTTP endpoint, like any other client.

`POST /v1/chat/completions` with `"stream": true` and the appliance's token, so the
first sentence of a reply can be spoken while the model writes the rest. One voice
thread (X-Hearth-Thread) is continued for THREAD_SECONDS, so "and the rice?" after
a timer follows on, then a fresh one starts. A brain that is down or busy (a refused
connection, 503 while it loads or answers someone else) is tried again RETRIES times,
ATTEMPT_WAIT apart; after that `BrainDown` says so in words a kitchen can hear.
"""

from __future__ import annotations

import http.client
import json
import logging
import time
from collections.abc import Callable, Iterator

from appliance.endpoint import HEARD_HEADER, HEARD_SPEECH, THREAD_HEADER
from appliance.errors import HearthError

log = logging.getLogger(__name__)

RETRIES = 3
ATTEMPT_WAIT = 1.5  # seconds between tries: a brain restarting answers within a few
REPLY_TIMEOUT = 120.0  # a Pi's model answering a long question, and the queue before it
THREAD_SECONDS = 300.0


class BrainDown(HearthError):
    """The brain did not answer. `said` is what the kitchen hears; the message adds why."""

    def __init__(self, said: str, why: str) -> None:
        super().__init__(f"{said} ({why})")
        self.said = said


class BrainClient:
    def __init__(
        self,
        port: int,
        token: str,
        *,
        host: str = "127.0.0.1",
        retries: int = RETRIES,
        wait: float = ATTEMPT_WAIT,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.host, self.port = host, port
        self._token = token
        self.retries = retries
        self.wait = wait
        self._clock = clock
        self._thread: tuple[str, float] | None = None  # (id, when last used)

    def reply(self, text: str) -> Iterator[str]:
        """The reply's text as it streams; BrainDown if the brain cannot be reached."""
        response, connection = self._post(text)
        try:
            thread = response.getheader(THREAD_HEADER)
            if thread:
                self._thread = (thread, self._clock())
            yield from _stream_text(response)
        finally:
            connection.close()

    def current_thread(self) -> str | None:
        if self._thread and self._clock() - self._thread[1] < THREAD_SECONDS:
            return self._thread[0]
        return None

    def _post(self, text: str) -> tuple[http.client.HTTPResponse, http.client.HTTPConnection]:
        body = json.dumps(
            {"model": "hearth", "stream": True, "messages": [{"role": "user", "content": text}]}
        )
        # Heard, not typed: the brain proposes a spoken "remember that" for Keep on the
        # panel instead of keeping words speech recognition may have got wrong.
        headers = {
            "Authorization": f"Bearer {self._token}",
            "Content-Type": "application/json",
            HEARD_HEADER: HEARD_SPEECH,
        }
        if thread := self.current_thread():
            headers[THREAD_HEADER] = thread
        problem = ""
        for attempt in range(1, self.retries + 1):
            connection = http.client.HTTPConnection(self.host, self.port, timeout=REPLY_TIMEOUT)
            try:
                connection.request("POST", "/v1/chat/completions", body=body, headers=headers)
                response = connection.getresponse()
            except OSError as exc:
                connection.close()
                problem = f"no answer on port {self.port} ({exc})"
            else:
                if response.status == 200:
                    return response, connection
                detail = _error_message(response.read())
                connection.close()
                if response.status in (401, 403):
                    raise BrainDown(
                        "I can't talk to the brain: it refused my key.",
                        f"{response.status}: {detail}",
                    )
                if response.status < 500:  # our request is wrong: trying again will not help
                    raise BrainDown("The brain could not take that.", detail)
                problem = f"{response.status}: {detail}"
            log.warning("brain attempt %d of %d failed: %s", attempt, self.retries, problem)
            if attempt < self.retries:
                time.sleep(self.wait)
        raise BrainDown("I can't reach the brain right now; try again in a minute.", problem)


def _error_message(body: bytes) -> str:
    try:
        return str(json.loads(body)["error"]["message"])
    except (ValueError, KeyError, TypeError):
        return body.decode("utf-8", "replace")[:200]


def _stream_text(response: http.client.HTTPResponse) -> Iterator[str]:
    """The content deltas of a server-sent-events stream, until `data: [DONE]`."""
    for raw in response:
        line = raw.decode("utf-8", "replace").strip()
        if not line.startswith("data: "):
            continue
        payload = line[len("data: ") :]
        if payload == "[DONE]":
            return
        try:
            event = json.loads(payload)
        except ValueError:
            continue
        if "error" in event:
            raise BrainDown("The brain stopped answering.", str(event["error"].get("message")))
        for choice in event.get("choices", []):
            piece = choice.get("delta", {}).get("content")
            if piece:
                yield piece
