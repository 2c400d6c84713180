"""What is said while a timer or reminder rings: stop it, or ring again later."""

from __future__ import annotations

import re

from appliance.household import spoken
from appliance.household.requests import (
    Command,
    SnoozeRinging,
    StopRinging,
)

_OK = r"(?:(?:ok|okay|alright|all right|yes|yeah|yep|thanks|thank you|right|fine|hearth)(?: |$))*"
_STOP_RINGING = re.compile(
    rf"^{_OK}(?:stop(?: it| that| ringing| the (?:alarm|noise|beeping|timer|reminder))?"
    r"|(?:turn|switch|shut) (?:it|that) off|turn off|switch off|off|shut up|shush|hush|sh+|"
    r"(?:be )?quiet|silence|enough|that's enough|i'm up|im up|i'm coming|got it|heard you|"
    r"i heard you|dismiss|cancel(?: it)?|done|i'm on it|on it)?$"
)
_SNOOZE = re.compile(
    rf"^{_OK}(?:snooze(?: it)?(?: for (?P<dur>.+))?"
    r"|(?:give me |just |another )?(?P<more>.*\bmore\b.*)"
    r"|give me (?P<give>.+)|later|not now|in a (?:minute|bit|moment))$"
)


def ringing(text: str) -> Command | None:
    """What is said while something rings: stop it, or ring again later."""
    text = text.replace(" ,", "")
    if match := _SNOOZE.match(text):
        said = match["dur"] or match["more"] or match["give"]
        span = spoken.duration_in(said.replace(" more", "").split(" ")) if said else None
        if said and span is None and match["more"]:
            return None  # "more" without a length: not a snooze
        return SnoozeRinging(float(span.value) if span else 300.0)
    if _STOP_RINGING.match(text):
        return StopRinging()
    return None
