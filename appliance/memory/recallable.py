"""Which facts recall may return, and how much a match with each counts.

The one definition of three household rules, used by both arms, by fusion, by
the SQL that loads them, and by `Fact.is_recallable`:

- recallable: live or doubted, and not expired;
- expired: `valid_until` has passed (a fact is still recalled on its last day);
- weight: confidence, times `DOUBTED_WEIGHT` when a person doubted the fact.

The SQL is generated here from the same constants, so the database and Python
cannot disagree; tests/memory/test_recall*.py change them here and check that
every arm follows.
"""

from __future__ import annotations

import datetime as dt

RECALLABLE_STATUSES = ("live", "doubted")
DOUBTED_WEIGHT = 0.5


def is_recallable(status: str, valid_until: dt.date | None, today: dt.date) -> bool:
    """Live and doubted facts are recalled until their valid_until has passed."""
    return status in RECALLABLE_STATUSES and (valid_until is None or valid_until >= today)


def weight(confidence: float, status: str) -> float:
    """How much a match counts: its confidence, times DOUBTED_WEIGHT when doubted."""
    return confidence * (DOUBTED_WEIGHT if status == "doubted" else 1.0)


def sql_statuses(column: str) -> str:
    """`column IN ('live', 'doubted')`: the recallable statuses, with no date."""
    return f"{column} IN ({', '.join(repr(s) for s in RECALLABLE_STATUSES)})"
