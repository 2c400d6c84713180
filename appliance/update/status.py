"""What became of the last update, kept on the data partition (which no update touches).

`update.json` in the data dir: written by the root-run updater, read by the board and
`hearth update --status`. Its states:

    installing   RAUC is writing the other slot
    trying       the other slot is written; its one trial boot is next
    committed    the trial passed its health check: the card runs the new slot
    rolled-back  the trial failed its check, or never came up: the card runs the old slot
    refused      the bundle was refused before anything was written (signature, …)
    failed       writing the other slot failed; the running slot is untouched
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

STATUS_FILE = "update.json"
STATES = ("installing", "trying", "committed", "rolled-back", "refused", "failed")
# How long the board mentions an update's end: a failure until someone has seen it for a
# week; a success for a day.
SHOWN_FOR = {"rolled-back": 7, "refused": 7, "failed": 7, "committed": 1}


@dataclass(frozen=True)
class UpdateStatus:
    state: str
    at: str  # ISO 8601, UTC
    bundle: str = ""  # the bundle's file name
    version: str = ""  # the bundle's version, as its manifest says
    slot: str = ""  # the slot written (or tried)
    from_slot: str = ""  # the slot that was running
    why: str = ""  # for rolled-back, refused and failed: in words a household reads

    def then(self, state: str, why: str = "") -> UpdateStatus:
        return replace(self, state=state, why=why, at=now())

    def notice(self, today: datetime | None = None) -> str | None:
        """The board's line about this update, while it is recent; else None."""
        days = SHOWN_FOR.get(self.state)
        if days is None:
            return None
        try:
            at = datetime.fromisoformat(self.at)
        except ValueError:
            return None
        if (today or datetime.now(UTC)) - at > timedelta(days=days):
            return None
        version = f" {self.version}" if self.version else ""
        return {
            "committed": f"Updated to{version}.",
            "rolled-back": f"The update{version} was rolled back: {self.why}",
            "refused": f"The update was refused: {self.why}",
            "failed": f"The update{version} failed; nothing changed: {self.why}",
        }[self.state]


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def read_status(data_dir: Path) -> UpdateStatus | None:
    try:
        found = json.loads((data_dir / STATUS_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(found, dict) or found.get("state") not in STATES:
        return None
    fields = UpdateStatus.__dataclass_fields__
    return UpdateStatus(**{k: str(v) for k, v in found.items() if k in fields})


def write_status(data_dir: Path, status: UpdateStatus) -> None:
    """Atomically, 0600 and owned like the data dir: root writes it, the services read it."""
    target = data_dir / STATUS_FILE
    temp = target.with_name(f".{STATUS_FILE}.new")
    with open(temp, "w", encoding="utf-8") as handle:
        json.dump(asdict(status), handle, indent=1)
        handle.write("\n")
        handle.flush()
        os.fsync(handle.fileno())
    os.chmod(temp, 0o600)
    owner = data_dir.stat()
    if os.geteuid() == 0:
        os.chown(temp, owner.st_uid, owner.st_gid)
    os.replace(temp, target)
    fd = os.open(data_dir, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def update_notice(data_dir: Path) -> str | None:
    status = read_status(data_dir)
    return status.notice() if status is not None else None
