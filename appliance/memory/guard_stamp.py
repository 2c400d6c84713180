"""Which guard last checked the facts on disk: its stamp, kept in the recall index.

A fact the store wrote passed the guard of its day. When the guard changes (new
rules, new classifier weights), a fact that passed an older guard may be one the new
one refuses, a secret stored before the secret rules knew its shape, say. So the
index keeps the stamp of the guard that last checked every fact file
(`RecallIndex.note("guard")`), and reconciliation re-checks them all when the stamp
differs from this code's (`appliance.memory.reconcile.Reconciler.recheck`).

The stamp has two parts: the rules (a digest of the guard's source files: patterns,
normalising and shape checks alike) and the classifier (a digest of the shipped
weights file, or "none" when the facts were checked by the rules alone: no embedder,
or a model the weights were not trained for). A process without the classifier does
not undo a check made with it: the facts stay as a process with it left them until
the rules change too.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from appliance.memory.guard_classifier import WEIGHTS

KEY = "guard"  # the index's `meta` key
NONE = "none"
_HERE = Path(__file__).resolve().parent
# Everything that decides a rules-only verdict.
_RULE_SOURCES = (
    "guard.py",
    "guard_rules.py",
    "guard_access.py",
    "guard_instructions.py",
    "guard_claims.py",
    "guard_secrets.py",
    "guard_classifier.py",
    "normalise.py",
)


@cache
def rules_digest() -> str:
    digest = hashlib.sha256()
    for name in _RULE_SOURCES:
        try:
            source = (_HERE / name).read_bytes()
        except OSError:  # installed without sources: the version names the code instead
            from importlib.metadata import PackageNotFoundError, version

            try:
                source = version("hearth-appliance").encode()
            except PackageNotFoundError:
                source = b"unknown"
        digest.update(name.encode() + b"\0" + source)
    return digest.hexdigest()[:16]


@cache
def weights_digest() -> str:
    if not WEIGHTS.is_file():
        return NONE
    return hashlib.sha256(WEIGHTS.read_bytes()).hexdigest()[:16]


@dataclass(frozen=True)
class GuardStamp:
    rules: str
    classifier: str  # a weights digest, or NONE

    @classmethod
    def current(cls, *, with_classifier: bool) -> GuardStamp:
        return cls(rules_digest(), weights_digest() if with_classifier else NONE)

    @classmethod
    def parse(cls, text: str | None) -> GuardStamp | None:
        if not text:
            return None
        fields = dict(part.split("=", 1) for part in text.split(";") if "=" in part)
        if "rules" not in fields or "classifier" not in fields:
            return None
        return cls(fields["rules"], fields["classifier"])

    def __str__(self) -> str:
        return f"rules={self.rules};classifier={self.classifier}"

    @property
    def with_classifier(self) -> bool:
        return self.classifier != NONE


def up_to_date(stored: GuardStamp | None, *, classifier_available: bool | None) -> bool:
    """True if the facts need no re-check by this code.

    `classifier_available` is None when not yet known (the embedder not loaded): the
    answer is then True only if it does not depend on it.
    """
    if stored is None or stored.rules != rules_digest():
        return False
    if stored.classifier == weights_digest():
        return True  # checked by this very guard (a process without it keeps that check)
    if not stored.with_classifier:
        return classifier_available is False  # rules-only check: enough only without one
    return classifier_available is False  # older weights: re-check if we have the new ones
