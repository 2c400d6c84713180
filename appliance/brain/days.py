"""The days of the week a question asks about and a fact is about.

"what are we having for tea tonight?" on a Saturday was answered "From memory: Granny Bisi
comes round every Sunday for her tea." (a fourth outside trial): a true fact, said as if
it answered, and it says Granny comes tonight. A fact about other days than the one asked
answers nothing; it is still said as what Hearth does know.
"""

from __future__ import annotations

import datetime as dt
import re

from appliance.household.moments import WEEKDAYS

# A weekday as said, without its "day": one pattern for every rule that reads days
_STEMS = "mon|tues|wednes|thurs|fri|satur|sun"
WEEKDAY_STEM = f"(?:{_STEMS})"
_WEEKDAY = rf"(?P<weekday>{_STEMS})days?"
# Asked: "tonight", "this evening", "tomorrow night", "on Saturday". A fact's "tonight" is the
# night it was told, so only its weekdays count.
_ASKED_DAY = re.compile(
    r"\b(?:(?P<today>today|tonight|this (?:morning|afternoon|evening))|(?P<tomorrow>tomorrow)|"
    + _WEEKDAY
    + r")\b",
    re.IGNORECASE,
)
_TOLD_DAY = re.compile(
    r"\b(?:" + _WEEKDAY + r"|(?P<weekends>weekends?)|(?P<weekdays>weekdays)|"
    r"(?P<daily>every day|each day|daily|every night|every morning))\b",
    re.IGNORECASE,
)
_WEEKEND = frozenset({5, 6})
_SOME_OF_THEM = re.compile(
    r"\b(?:every other|every second|alternate|fortnightly|once a month|some|most)\b", re.IGNORECASE
)
_TOLD_SPAN = re.compile(
    rf"\b(?:from )?(?P<first>{_STEMS})days? ?(?:to|till|until|through|-|–) ?"
    rf"(?P<last>{_STEMS})days?\b",
    re.IGNORECASE,
)


def _weekday(said: str) -> int:
    return next(n for n, day in enumerate(WEEKDAYS) if day.startswith(said.lower()))


def asked_days(text: str, today: dt.date) -> frozenset[int]:
    """The weekdays (Monday 0) a question asks about; empty when it names none."""
    days: set[int] = set()
    for said in _ASKED_DAY.finditer(text):
        if said["today"]:
            days.add(today.weekday())
        elif said["tomorrow"]:
            days.add((today.weekday() + 1) % 7)
        else:
            days.add(_weekday(said["weekday"]))
    return frozenset(days)


def told_days(text: str) -> frozenset[int] | None:
    """The weekdays a fact is about; None when it names no day (it may be any)."""
    days: set[int] = set()
    for said in _TOLD_SPAN.finditer(text):
        # "Dad works nights Monday to Thursday" (a held-out split's read as two days)
        first, last = _weekday(said["first"]), _weekday(said["last"])
        days |= {(first + n) % 7 for n in range((last - first) % 7 + 1)}
        text = text.replace(said.group(), " ")
    for said in _TOLD_DAY.finditer(text):
        if said["daily"]:
            return None
        if said["weekends"]:
            days |= _WEEKEND
        elif said["weekdays"]:
            days |= set(range(5))
        else:
            days.add(_weekday(said["weekday"]))
    return frozenset(days) or None


def the_day_told(question: str, fact: str, today: dt.date | None = None) -> bool:
    """Whether the fact is about a day the question asks about ("tonight", on a Tuesday,
    and "…on Tuesdays and Thursdays"); never one of only some of those days ("every other
    Sunday": which Sunday is not told, a review's)."""
    if _SOME_OF_THEM.search(fact):
        return False
    told = told_days(fact)
    return told is not None and bool(asked_days(question, today or dt.date.today()) & told)


def another_day(question: str, fact: str, today: dt.date | None = None) -> bool:
    """Whether the fact is only about other days than the question asks about."""
    asked = asked_days(question, today or dt.date.today())
    told = told_days(fact)
    return bool(asked) and told is not None and not asked & told
