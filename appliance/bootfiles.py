"""What became of the files a household writes on the card's boot partition, for the panel.

At every boot `hearth-boot-files` (image/overlay) reads `hearth-wifi.txt` and
`hearth-ssh.txt` and says what it did with each in /run/hearth-boot-files.json: no
password is ever in it. When a Wi-Fi file could not be used, the board says why, in
the household's words ("the Wi-Fi password must be 8 to 63 characters"), so nobody
needs a computer to find out.
"""

from __future__ import annotations

import json
from pathlib import Path

STATUS_FILE = Path("/run/hearth-boot-files.json")
WIFI_FILE = "hearth-wifi.txt"


def wifi_problem(status: Path = STATUS_FILE) -> str | None:
    """Why the last `hearth-wifi.txt` was not used, for a person to read; None if it was
    used, or there was none, or nothing says."""
    try:
        found = json.loads(status.read_text(encoding="utf-8"))
        entry = found.get(WIFI_FILE) if isinstance(found, dict) else None
    except (OSError, ValueError):
        return None
    if not isinstance(entry, dict) or entry.get("ok") or not entry.get("problem"):
        return None
    return f"{WIFI_FILE} was not used: {entry['problem']}"
