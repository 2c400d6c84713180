"""What the read-only views show: the inbox (HTML and JSON), timers and the shopping list
(JSON), the board image; and health.

Nothing here changes anything. Keep and Discard are not offered: review belongs
to a person at the panel or the CLI, so the inbox page says how to do it there.
"""

from __future__ import annotations

import html
import logging
import shutil
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from appliance.household import HouseholdStore
from appliance.memory import Memory, Proposal
from appliance.update.status import read_status
from appliance.web.service import ChatService

log = logging.getLogger(__name__)

BOARD_FILE = "board.png"  # the panel's PNG sink writes it here, in the data dir
MIN_FREE_BYTES = 64 * 1024 * 1024  # below this an SD card is about to refuse writes
HEALTH_SECONDS = 30.0  # /healthz re-checks at most this often

BoardSource = Callable[[], bytes | None]


def inbox_json(memory: Memory) -> dict[str, Any]:
    # each with any refusal of its words, as the board and `hearth review list --json` show
    # it (a thirteenth trial's page showed a card the household had discarded, unmarked)
    proposals = memory.proposals()
    return {
        "waiting": len(proposals),
        "proposals": [
            {**p.to_json(), "said_no_before": memory.said_no_before(p)} for p in proposals
        ],
    }


def inbox_html(memory: Memory) -> str:
    proposals = memory.proposals()

    def said_no(proposal: Proposal) -> str:
        refused = memory.said_no_before(proposal)
        return f' <strong class="said-no">({html.escape(refused)})</strong>' if refused else ""

    rows = "\n".join(
        "<tr><td>{}</td><td>{}</td><td>{}{}</td><td><code>{}</code></td></tr>".format(
            html.escape(p.proposed_at.strftime("%Y-%m-%d %H:%M")),
            html.escape(p.type),
            html.escape(p.text if p.kind == "add" else f"[{p.kind} {p.target}] {p.text}"),
            said_no(p),
            html.escape(p.id),
        )
        for p in proposals
    )
    table = (
        "<table><thead><tr><th>proposed</th><th>type</th><th>what</th><th>id</th></tr>"
        f"</thead><tbody>{rows}</tbody></table>"
        if proposals
        else "<p>Nothing is waiting for review.</p>"
    )
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Hearth inbox</title><link rel="stylesheet" href="/static/chat.css"></head>
<body class="inbox"><main>
<h1>Waiting for review ({len(proposals)})</h1>
{table}
<p class="hint">Nothing here is remembered until a person keeps it: press Keep or Discard on
the kitchen panel, or run <code>hearth review keep ID</code> /
<code>hearth review discard ID</code>.</p>
<p><a href="/">Chat</a> · <a href="/board.png">The board</a></p>
</main></body></html>
"""


def timers_json(data_dir: Path) -> dict[str, Any]:
    """Running timers, and those that rang within the last hour (as `hearth timers list --json`)."""
    with HouseholdStore.open(data_dir) as store:
        return {"timers": [t.to_json() for t in store.recent_timers()]}


def shopping_json(data_dir: Path) -> dict[str, Any]:
    with HouseholdStore.open(data_dir) as store:
        return {"items": [item.to_json() for item in store.items()]}


def update_json(data_dir: Path) -> dict[str, Any]:
    """The last update's state, as `hearth update --status` shows it (None: there was none)."""
    last = read_status(data_dir)
    return {
        "last_update": last.__dict__ if last else None,
        "notice": last.notice() if last else None,
    }


def board_from_file(data_dir: Path) -> BoardSource:
    """The PNG the panel last wrote into the data dir, or None when it has drawn nothing yet."""
    path = Path(data_dir) / BOARD_FILE

    def read() -> bytes | None:
        try:
            return path.read_bytes()
        except FileNotFoundError:
            return None

    return read


class Health:
    """/healthz's answer: model, memory and disk each ok or not, and nothing else.

    The checks read the memory folder, so they run at most once per `every`
    seconds, on whichever request finds the last result stale (one at a time;
    the others answer the previous result at once): a client that calls /healthz
    in a loop costs no folder walk per call. The answer holds booleans only: no
    counts, names or text that would say anything about the household.
    """

    def __init__(
        self,
        chat: ChatService,
        memory: Memory,
        data_dir: Path,
        *,
        every: float = HEALTH_SECONDS,
        min_free: int = MIN_FREE_BYTES,
    ) -> None:
        self._chat = chat
        self._memory = memory
        self._data_dir = Path(data_dir)
        self.every = every
        self.min_free = min_free
        self._lock = threading.Lock()
        self._report: dict[str, Any] | None = None
        self._at = 0.0

    def report(self) -> dict[str, Any]:
        stale = self._report is None or time.monotonic() - self._at >= self.every
        if stale and self._lock.acquire(blocking=self._report is None):
            try:
                self._report = self._check()
                self._at = time.monotonic()
            finally:
                self._lock.release()
        assert self._report is not None
        return self._report

    def _check(self) -> dict[str, Any]:
        parts = {"model": self._model_ok(), "memory": self._memory_ok(), "disk": self._disk_ok()}
        return {"ok": all(parts.values()), **{name: {"ok": ok} for name, ok in parts.items()}}

    def _model_ok(self) -> bool:
        try:
            return bool(self._chat.health().get("ok"))
        except Exception:  # a broken brain is what /healthz exists to report
            log.exception("the brain's health check failed")
            return False

    def _memory_ok(self) -> bool:
        try:
            self._memory.proposals()
            problems = self._memory.check()
        except Exception:
            log.exception("the memory health check failed")
            return False
        if problems:
            log.warning(
                "health: %d fact file(s) cannot be read (`hearth memory check`)", len(problems)
            )
        return True

    def _disk_ok(self) -> bool:
        try:
            free = shutil.disk_usage(self._data_dir).free
        except OSError as exc:
            log.error("health: cannot stat the data dir: %s", exc.strerror)
            return False
        if free < self.min_free:
            log.warning(
                "health: %d bytes free in %s, below %d", free, self._data_dir, self.min_free
            )
        return free >= self.min_free
