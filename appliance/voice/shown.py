"""The last spoken exchange, for the panel's next refresh: `state/voice.json` (0600).

The voice service writes what it heard and what Hearth answered (or why it could
not) after each utterance; the board reads it at each poll and shows it as the
screen's notice line for SHOW_SECONDS. It holds one exchange, written atomically
(a torn write is never read), and is removed once it is older than SHOW_SECONDS
(by the voice service, and by whoever reads a stale one), so the file never keeps
a transcript longer than the screen does; the conversation itself is in the
brain's chat store, under the chat retention like any client's.

While voice listens for an answer without a press (a follow-up to a reply that asked
something back), the exchange is `listening`: the board shows "Listening… <the question>".
"""

from __future__ import annotations

import contextlib
import datetime as dt
import json
import logging
from dataclasses import dataclass
from pathlib import Path

from appliance.files import commit_temp, discard_temp, ensure_private_dir, write_temp

log = logging.getLogger(__name__)

FILE = Path("state") / "voice.json"
SHOW_SECONDS = 600.0  # ten minutes on the board, then gone
LISTENING = "Listening\u2026"


@dataclass(frozen=True)
class Exchange:
    heard: str  # the transcript ("" when nothing was heard)
    reply: str  # what Hearth said back (or the problem, said aloud)
    at: dt.datetime
    listening: bool = False  # voice is listening for the answer to this reply, no press needed

    def line(self) -> str:
        """The board's notice line: the reply first (a long line is cut at its end)."""
        if self.listening:
            return f"{LISTENING} {self.reply}"
        if not self.heard:
            return self.reply
        return f"{self.reply} (heard: \u201c{self.heard}\u201d)"

    def to_json(self) -> str:
        return json.dumps(
            {
                "heard": self.heard,
                "reply": self.reply,
                "at": self.at.isoformat(),
                "listening": self.listening,
            }
        )

    @classmethod
    def from_json(cls, text: str) -> Exchange:
        data = json.loads(text)
        return cls(
            str(data["heard"]),
            str(data["reply"]),
            dt.datetime.fromisoformat(data["at"]),
            data.get("listening") is True,
        )


class ShownExchange:
    """The file behind the board's "You said …" line, in one data dir."""

    def __init__(self, data_dir: Path, *, show_seconds: float = SHOW_SECONDS) -> None:
        self.path = Path(data_dir) / FILE
        self.show_seconds = show_seconds

    def write(self, exchange: Exchange) -> None:
        ensure_private_dir(self.path.parent)
        temp = write_temp(self.path, exchange.to_json().encode("utf-8"))
        try:
            commit_temp(temp, self.path)
        finally:
            discard_temp(temp)

    def current(self, now: dt.datetime | None = None) -> Exchange | None:
        """The exchange to show now, or None (none, stale: then removed, or unreadable)."""
        try:
            exchange = Exchange.from_json(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return None
        except (OSError, ValueError, KeyError, TypeError) as exc:
            log.warning("ignoring %s: %s", self.path, exc)
            return None
        age = ((now or dt.datetime.now()) - exchange.at).total_seconds()
        if age > self.show_seconds:
            self.forget()
            return None
        return exchange

    def line(self) -> str | None:
        exchange = self.current()
        return exchange.line() if exchange else None

    def forget(self) -> None:
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()
