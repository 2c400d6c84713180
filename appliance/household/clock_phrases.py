"""The clock: what time it is, what day."""

from __future__ import annotations

import re

from appliance.household.requests import (
    ClockDate,
    ClockTime,
    Command,
)

_CLOCK_TIME = re.compile(
    r"^(?:what(?:'s| is|s) the time(?: now)?|what time is it(?: now)?|(?:the )?time(?: now)?"
    r"|have you got the time|do you know (?:the|what) time(?: it is)?|tell me the time)$"
)
_CLOCK_DATE = re.compile(
    r"^(?:what(?:'s| is|s) the date(?: today)?|what(?:'s| is|s) today's date|what date is it"
    r"(?: today)?|what day is it(?: today)?|what(?:'s| is|s) the day(?: today)?|"
    r"what day of the (?:week|month) is it|what(?:'s| is|s) today|which day is it(?: today)?|"
    r"tell me the date|what day is today|today's date|is it (?:monday|tuesday|wednesday|"
    r"thursday|friday|saturday|sunday)(?: today)?)$"
)


def clock(text: str) -> Command | None:
    if _CLOCK_TIME.match(text):
        return ClockTime()
    if _CLOCK_DATE.match(text):
        return ClockDate()
    return None
