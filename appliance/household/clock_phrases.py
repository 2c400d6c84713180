"""The clock: what time it is, what day."""

from __future__ import annotations

import re

from appliance.household.clock import OCCASIONS
from appliance.household.requests import (
    ClockDate,
    ClockTime,
    Command,
    DaysUntil,
)
from appliance.household.spans import span_asked

# The name said first, as a voice says it: "hearth how late is it"
_NAMED = r"^(?:(?:hey |ok |okay )?hearth )?"
_CLOCK_TIME = re.compile(
    _NAMED
    + r"(?:what(?:'s| is|s) the time(?: now)?|what time is it(?: now)?|(?:the )?time(?: now)?"
    r"|how late is it|what time have you got|what time do you make it"
    r"|have you got the time|do you know (?:the|what) time(?: it is)?|tell me the time|"
    r"what time's it|whats the time|what time it is|time please|what's the time please)$"
)
_CLOCK_DATE = re.compile(
    _NAMED
    + r"(?:what(?:'s| is|s) the date(?: today)?|what(?:'s| is|s) today'?s date|what date is it"
    # "what day are we on today", "is it the weekend yet", "is it the first or the second
    # today", "is it still november" (a held-out split's each got memory or the model)
    r"|what (?:day|date) are we (?:on|at)(?: today)?"
    r"|is (?:it|today) the (?:\w+) or the (?:\w+)(?: today)?"
    r"(?: today)?|what day is it(?: today)?|what(?:'s| is|s) the day(?: today)?|"
    r"what day of the (?:week|month) is it|what(?:'s| is|s) today|which day is it(?: today)?|"
    r"tell me the date|what day is today|today'?s date)$"
)
_WEEKDAY = re.compile(
    r"^is it (?:still )?(?P<day>monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
    r"(?: today)?$|^is today (?P<day2>monday|tuesday|wednesday|thursday|friday|saturday|"
    r"sunday)$"
)
_WEEKEND = re.compile(_NAMED + r"is it (?:the )?weekend(?: yet| now| today)?$")
_OTHER_DAY = re.compile(
    r"^(?:what(?:'s| is|s) the date|what date is it|what day is it|what(?:'s| is|s) the day|"
    r"what day|what date) (?P<when>tomorrow|yesterday)$"
    r"|^what (?:day|date) (?:is|was|will it be) (?:it )?(?P<when2>tomorrow|yesterday)$"
    r"|^(?:what(?:'s| is|s)|what was|what day was|what day is) (?P<when3>tomorrow|yesterday)"
    r"(?: (?:then|again))?$"
)
_MONTH = re.compile(
    _NAMED + r"(?:what month (?:is it|are we in|is this)|what(?:'s| is|s) the month|which month "
    r"is it|is it (?:still )?(?:january|february|march|april|may|june|july|august|september|"
    r"october|november|december)(?: yet| still)?)"
    r"(?: now| today)?$"
)
_YEAR = re.compile(
    r"^(?:what year (?:is it|are we in|is this)|what(?:'s| is|s) the year)(?: now)?$"
)
_UNTIL = re.compile(
    r"^how (?:many|long) (?:days|sleeps|weeks)? ?(?:is it )?(?:until|till|til|to|before) "
    r"(?P<occasion>.+?)(?: day)?$|^(?:when is|when's) (?P<when>.+?)$"
)
_TIME_IN = re.compile(
    r"^(?:what(?:'s| is|s) the time|what time is it|the time) (?:now )?in (?P<place>.+?)"
    r"(?: now| right now)?$"
)


def clock(text: str) -> Command | None:
    if _CLOCK_TIME.match(text):
        return ClockTime()
    if _CLOCK_DATE.match(text):
        return ClockDate()
    if _WEEKEND.match(text):
        return ClockDate(weekday="weekend")
    if match := _WEEKDAY.match(text):
        return ClockDate(weekday=match["day"] or match["day2"])
    if match := _OTHER_DAY.match(text):
        when = match["when"] or match["when2"] or match["when3"]
        return ClockDate(days=1 if when == "tomorrow" else -1)
    if _MONTH.match(text):
        return ClockDate(part="month")
    if _YEAR.match(text):
        return ClockDate(part="year")
    if match := _TIME_IN.match(text):  # a place without a zone here gets "I won't guess"
        return ClockTime(match["place"])
    if match := _UNTIL.match(text):
        occasion = re.sub(r"^(?:the )?", "", match["occasion"] or match["when"])
        if occasion in OCCASIONS:
            return DaysUntil(occasion)
    return span_asked(text)
