"""What the web needs from the brain, and nothing more.

The web asks for a `ChatService`: tests hand it a scripted one, `hearth serve`
hands it `BrainChat` (appliance/web/brain_chat.py) around the real `Brain`.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Protocol


@dataclass(frozen=True)
class Usage:
    """Tokens the model read (its whole prompt, every step) and wrote for one answer.

    An answer the router or memory gave without the model used none: 0 and 0.
    """

    prompt_tokens: int = 0
    completion_tokens: int = 0


class ChatTurn(Protocol):
    """One answer being made. Iterate it for the text as it is generated; `text` (the
    whole answer, as the thread keeps it) and `usage` are final once iteration ends.
    Closing it stops generation."""

    thread_id: str

    def __iter__(self) -> Iterator[str]: ...

    @property
    def text(self) -> str: ...

    @property
    def usage(self) -> Usage: ...

    def close(self) -> None: ...


class ChatService(Protocol):
    def stream(
        self,
        text: str,
        thread_id: str | None = None,
        history: Sequence[tuple[str, str]] = (),
        *,
        heard: bool = False,
    ) -> ChatTurn:
        """Start a turn in `thread_id`, or in a fresh thread that begins with `history`
        ((role, text) pairs, oldest first) when it is None; `heard`: the text is a
        speech transcript. Bad input raises here, before anything is generated or stored."""
        ...

    def health(self) -> dict[str, object]:
        """At least {"ok": bool}; whatever else helps a person see why not."""
        ...
