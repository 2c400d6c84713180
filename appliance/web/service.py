"""What the web needs from the brain, and nothing more.

The web never imports the brain's classes: it asks for a `ChatService`, so tests
hand it a scripted one and `hearth serve` hands it the real `Brain`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol


class ChatReply(Protocol):
    text: str
    thread_id: str


class ChatService(Protocol):
    def reply(self, text: str, thread_id: str | None = None) -> ChatReply:
        """The whole answer to one message in a thread (a new thread when None)."""
        ...

    def stream(self, text: str, thread_id: str | None = None) -> Iterable[str]:
        """The answer as it is generated, piece by piece. Bad input raises here, before
        anything is generated; closing the iterator stops generation."""
        ...

    def health(self) -> dict[str, object]:
        """At least {"ok": bool}; whatever else helps a person see why not."""
        ...
