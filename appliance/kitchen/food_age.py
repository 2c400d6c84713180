"""How old the food asked about is, when a question says so ("last week's rice", "in the
fridge for a week", "5 days old"), and whether that is past the longest time it keeps:
"is last week's rice ok?" is answered "No, throw it away." before the keeping time."""

from __future__ import annotations

import re

from appliance.kitchen.tables import DURATION_UNITS, Storage
from appliance.numbers import ONES

# How old the food is, at the least, when a question says so: "from last week" is two days
# or more, "from yesterday" one; "5 days old" five.
_AGE = re.compile(
    r"\b(?:from|since) (?P<day>yesterday|last night|monday|tuesday|wednesday|thursday|friday|"
    r"saturday|sunday|the weekend|last week)\b"
    r"|\b(?P<n>\d+|a|one|two|three|four|five|six|seven|eight|nine|ten) (?P<unit>day|days|week|"
    r"weeks) (?:old|ago)\b|\b(?:after|for|been) (?P<after>\d+|a|one|two|three|four|five|six|"
    r"seven) (?P<after_unit>day|days|week|weeks)\b"
    # "that's been in the fridge 5 days" (a ninth trial's got the model's "You can eat
    # mince that's been in the fridge 5 days.")
    r"|\b(?:fridge|freezer|opened|open|cooked|made)(?: for)? (?P<kept>\d+|a|one|two|three|"
    r"four|five|six|seven|eight|nine|ten) (?P<kept_unit>day|days|week|weeks)\b"
)
_ASKS_YES_NO = re.compile(
    r"^(?:is|are|can|could|should|would|will|do|does)\b|\b(?:ok|okay|safe|still)\b"
)


def age_days(said: str) -> float | None:
    """How old the food asked about is, in days, at the least; None when not said."""
    found = _AGE.search(said)
    if found is None:
        return None
    if found["day"]:
        return 2.0 if found["day"] in ("last week", "the weekend") else 1.0
    count, unit = next(
        (found[n], found[u])
        for n, u in (("n", "unit"), ("after", "after_unit"), ("kept", "kept_unit"))
        if found[n]
    )
    number = float(count) if count.isdigit() else float(1 if count == "a" else ONES[count])
    return number * (7 if unit.startswith("week") else 1)


def past_keeping(rows: list[Storage], said: str) -> bool:
    """Whether a yes-or-no question says the food is older than any of its rows keep it."""
    age = age_days(said)
    if age is None or not _ASKS_YES_NO.search(said):
        return False
    return age > max(row.most * DURATION_UNITS[row.unit] for row in rows)
