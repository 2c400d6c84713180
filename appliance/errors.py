"""The one error family a person reads.

Every message is written for the person at the CLI or the panel: it says what
was wrong and, where there is one, what to do next. The CLI prints the message
and exits non-zero; a traceback means a bug, never a user mistake.
"""

from __future__ import annotations


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
