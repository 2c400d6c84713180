"""household.md: what the household writes for Hearth to know, in its own words.

A plain file in the data dir that a person edits (the model reads it in every
prompt; nothing in Hearth writes it). Read capped and forgiving: a file too big is
cut at HOUSEHOLD_MAX_BYTES, bytes that are not UTF-8 are replaced, and a file that
cannot be read is as good as none (logged).
"""

from __future__ import annotations

import logging
from pathlib import Path

log = logging.getLogger(__name__)

HOUSEHOLD_MAX_BYTES = 8192
HOUSEHOLD_FILE = "household.md"


def household_notes(data_dir: Path | str) -> str | None:
    """household.md, the household's own notes: at most HOUSEHOLD_MAX_BYTES, bad bytes
    replaced (None: there are none, or they cannot be read)."""
    path = Path(data_dir) / HOUSEHOLD_FILE
    try:
        raw = path.read_bytes()[:HOUSEHOLD_MAX_BYTES]
    except FileNotFoundError:
        return None
    except OSError as exc:
        log.warning("cannot read %s: %s", path, exc)
        return None
    return raw.decode("utf-8", errors="replace")
