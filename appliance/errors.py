"""The one error family a person reads.

Every message is written for the person at the CLI or the panel: it says what
was wrong and, where there is one, what to do next. The CLI prints the message
and exits non-zero; a traceback means a bug, never a user mistake.
"""

from __future__ import annotations

import errno
import shutil
from pathlib import Path


class HearthError(Exception):
    """Base of every error Hearth expects a person to read."""


class ConfigError(HearthError):
    """The settings file or a HEARTH_* variable is wrong."""


class NotFound(HearthError, KeyError):
    """No fact or proposal with the id asked for."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else "not found"


class InvalidFact(HearthError, ValueError):
    """A fact or proposal is not well formed (bad type, bad field, bad file)."""


class Refused(HearthError):
    """The guard refused text that must never be remembered. Nothing was written."""

    def __init__(self, category: str, reason: str, decided_by: str = "rules") -> None:
        self.category = category
        self.reason = reason
        self.decided_by = decided_by  # "rules", or "classifier" (the embedder-based one)
        super().__init__(
            f"refused ({category}): {reason}; decided by the guard's {decided_by}; "
            "nothing was written"
        )

    @property
    def audit_detail(self) -> str:
        """What the audit log's `refuse` line records: the family, then what decided."""
        return f"{self.category} by {self.decided_by}"


class AuditFailure(HearthError):
    """The audit line could not be written, so the mutation did not happen."""


class DiskFull(HearthError, OSError):
    """The disk that holds the data dir has no room left: what was asked was not done.

    Also an OSError (ENOSPC), so code that already turns a failed write into its own
    message (the audit log, a snapshot) keeps doing so.
    """

    def __init__(self, where: Path | str) -> None:
        folder = Path(where)
        while not folder.exists() and folder != folder.parent:
            folder = folder.parent
        try:
            free = f"{shutil.disk_usage(folder).free:,} bytes free"
        except OSError:
            free = "no room"
        self.message = (
            f"the disk holding {folder} is full ({free}); nothing was changed: free some "
            "space there (old snapshots in its backups folder, files of your own), then "
            "try again"
        )
        super().__init__(errno.ENOSPC, self.message)

    def __str__(self) -> str:
        return self.message


def is_disk_full(exc: BaseException) -> bool:
    """True for the errors a full disk raises: ENOSPC or EDQUOT, or SQLite's SQLITE_FULL."""
    if isinstance(exc, OSError) and exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return True
    return getattr(exc, "sqlite_errorcode", 0) & 0xFF == 13  # SQLITE_FULL
