"""What the read-only views show: the inbox (HTML and JSON), timers and the shopping list
(JSON), the board image, health.

Nothing here changes anything. Keep and Discard are not offered: review belongs
to a person at the panel or the CLI, so the inbox page says how to do it there.
"""

from __future__ import annotations

import html
import logging
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

from appliance.household import HouseholdStore
from appliance.memory import Memory
from appliance.web.service import ChatService

log = logging.getLogger(__name__)

BOARD_FILE = "board.png"  # the panel's PNG sink writes it here, in the data dir
MIN_FREE_BYTES = 64 * 1024 * 1024  # below this an SD card is about to refuse writes

BoardSource = Callable[[], bytes | None]


def inbox_json(memory: Memory) -> dict[str, Any]:
    proposals = memory.proposals()
    return {"waiting": len(proposals), "proposals": [p.to_json() for p in proposals]}


def inbox_html(memory: Memory) -> str:
    proposals = memory.proposals()
    rows = "\n".join(
        "<tr><td>{}</td><td>{}</td><td>{}</td><td><code>{}</code></td></tr>".format(
            html.escape(p.proposed_at.strftime("%Y-%m-%d %H:%M")),
            html.escape(p.type),
            html.escape(p.text if p.kind == "add" else f"[{p.kind} {p.target}] {p.text}"),
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


def board_from_file(data_dir: Path) -> BoardSource:
    """The PNG the panel last wrote into the data dir, or None when it has drawn nothing yet."""
    path = Path(data_dir) / BOARD_FILE

    def read() -> bytes | None:
        try:
            return path.read_bytes()
        except FileNotFoundError:
            return None

    return read


def health(chat: ChatService, memory: Memory, data_dir: Path,
           min_free: int = MIN_FREE_BYTES) -> dict[str, Any]:  # fmt: skip
    """Model loaded, memory readable, disk free: each with its own ok, and ok for all three."""
    try:
        model = dict(chat.health())
        model["ok"] = bool(model.get("ok"))
    except Exception as exc:  # a broken brain is what /healthz exists to report
        log.exception("the brain's health check failed")
        model = {"ok": False, "error": f"health check failed: {type(exc).__name__}"}
    try:
        facts = memory.facts("live")
        waiting = memory.proposals()
        problems = memory.check()
        store: dict[str, Any] = {
            "ok": True, "live_facts": len(facts), "waiting": len(waiting),
            "unreadable_files": len(problems), "recall_mode": memory.recall_mode,
        }  # fmt: skip
    except Exception as exc:
        log.exception("the memory health check failed")
        store = {"ok": False, "error": f"memory cannot be read: {type(exc).__name__}"}
    try:
        free = shutil.disk_usage(data_dir).free
        disk: dict[str, Any] = {"ok": free >= min_free, "free_bytes": free,
                                "min_free_bytes": min_free}  # fmt: skip
    except OSError as exc:
        disk = {"ok": False, "error": f"cannot stat the data dir: {exc.strerror}"}
    return {"ok": model["ok"] and store["ok"] and disk["ok"],
            "model": model, "memory": store, "disk": disk}  # fmt: skip
