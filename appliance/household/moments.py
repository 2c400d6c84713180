"""The moment a reminder is for, as a kitchen says it: a day ("today", "on Friday", "the
22nd of December", "tomorrow morning") and the time of day on it.

    when_in(words("remind me on friday at 6 to ring Nan"), now)  -> Span(Fri 18:00, 2, 6)

Read by the same kind of hand-written rules as spoken.py (numbers, durations, clock
times), and as strictly: a day that is not on the calendar reads as nothing.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable
from dataclasses import dataclass

from appliance.household.spoken import Moment, Span, clock_at, duration_at

_DAYS = {"today": 0, "tonight": 0, "tomorrow": 1}
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
MONTHS = (
    "january february march april may june july august september october november december"
).split()
# The part of a day said after it: "tomorrow morning", "friday evening".
_PARTS = {"morning": "am", "afternoon": "pm", "evening": "pm", "night": "pm"}
# The words a moment is said with, beside its numbers: what these rules read a moment from.
_MOMENT_WORDS = frozenset(
    ("at", "on", "in", "by", "o'clock", "half", "quarter", "past", "noon", "midnight")
).union(_DAYS, WEEKDAYS, _PARTS)


def speaks_of_a_moment(words: Iterable[str]) -> bool:
    """Whether any of `words` is one a moment is said with ("tomorrow", "at", a digit), read
    or not: "i hate tomorrow" does, "the password" does not."""
    return any(w in _MOMENT_WORDS or w[:1].isdigit() for w in words)


_DATE = re.compile(r"(\d{1,2})(?:st|nd|rd|th)")


@dataclass(frozen=True)
class _Day:
    ahead: int  # days from today
    end: int
    part: str | None  # "am"/"pm" when a part of the day was said ("tomorrow morning")


def _day_at(tokens: list[str], i: int, now: dt.datetime) -> _Day | None:
    """The day said at tokens[i]: "today", "tomorrow", "(on) (next) friday", "(on) the
    22nd (of December)", each perhaps with its part ("tomorrow morning").

    A weekday is the next one after today: "on Tuesday" said on a Tuesday is next week,
    and a date likewise: "the 1st" said on the 1st is next month's."""
    if tokens[i : i + 1] == ["tonight"]:
        return _Day(0, i + 1, "pm")  # "at half seven tonight" is 19:30, said in the morning
    if tokens[i : i + 1] == ["this"] and tokens[i + 1 : i + 2] and tokens[i + 1] in _PARTS:
        return _Day(0, i + 2, _PARTS[tokens[i + 1]])  # "at 6 this evening"
    found = _day_only(tokens, i, now)
    if found is None:
        return None
    ahead, end = found
    part = _PARTS.get(tokens[end]) if end < len(tokens) else None
    return _Day(ahead, end + (part is not None), part)


def day_at(tokens: list[str], i: int, now: dt.datetime) -> int | None:
    """Where a day said at tokens[i] ends ("on Friday", "tomorrow morning", "the 22nd"),
    or None: a day said without its time, for the time to be asked."""
    found = _day_at(tokens, i, now)
    return None if found is None else found.end


def date_said(tokens: list[str], now: dt.datetime) -> dt.date | None:
    """The day the words say, all of them and nothing else ("friday", "on the 22nd",
    "tomorrow"), or None."""
    found = _day_at(tokens, 0, now) if tokens else None
    if found is None or found.end != len(tokens):
        return None
    return now.date() + dt.timedelta(days=found.ahead)


def _day_only(tokens: list[str], i: int, now: dt.datetime) -> tuple[int, int] | None:
    if tokens[i : i + 1] and tokens[i] in _DAYS:
        return _DAYS[tokens[i]], i + 1
    at = i + 1 if tokens[i : i + 1] == ["on"] else i
    at += 1 if tokens[at : at + 1] == ["next"] else 0
    if tokens[at : at + 1] and tokens[at] in WEEKDAYS:
        ahead = (WEEKDAYS.index(tokens[at]) - now.weekday()) % 7 or 7
        return ahead, at + 1
    at = i + 1 if tokens[i : i + 1] == ["on"] else i
    at += 1 if tokens[at : at + 1] == ["the"] else 0
    # "22nd" as the sentence's words have it: "22 nd"
    said = "".join(tokens[at : at + 2])
    date = _DATE.fullmatch(said) if tokens[at : at + 1] and tokens[at].isdigit() else None
    if date is None:
        return None
    end = at + 2
    end += 1 if tokens[end : end + 2] and tokens[end] == "of" else 0  # "the 3rd of January"
    month = None
    if tokens[end : end + 1] and tokens[end] in MONTHS:
        month, end = MONTHS.index(tokens[end]) + 1, end + 1
    elif tokens[end - 1] == "of":
        end -= 1  # "the 3rd of" something else: the date alone
    day = _next_date(now.date(), int(date[1]), month)
    return None if day is None else ((day - now.date()).days, end)


def _next_date(today: dt.date, day: int, month: int | None) -> dt.date | None:
    """The next date with this day of the month (and month, if said) after today: "the
    1st" said on the 1st is next month's (today is said "today")."""
    for ahead in range(0, 14):
        year, month_of = divmod(today.month - 1 + ahead, 12)
        if month is not None and month_of + 1 != month:
            continue
        try:
            found = dt.date(today.year + year, month_of + 1, day)
        except ValueError:
            continue  # "the 31st" in a month of 30 days: the next month that has one
        if found > today:
            return found
    return None


def when_in(tokens: list[str], now: dt.datetime) -> Span[dt.datetime] | None:
    """The first "in <duration>", "at <time> (<day>)", "<day> at <time>" or "<day> <time
    in digits>".

    A day is "today", "tonight", "tomorrow", a weekday ("on Friday at 6") or a date ("on
    the 22nd", "the 3rd of January"), perhaps with its part ("tomorrow morning").
    """
    for i, token in enumerate(tokens):
        if token == "in" and (span := duration_at(tokens, i + 1)) is not None:
            due = now + dt.timedelta(seconds=span.value)
            return Span(due.replace(microsecond=0), i, span.end)
        named = _day_at(tokens, i, now)
        if named is not None and tokens[named.end : named.end + 1] == ["at"]:
            clock = clock_at(tokens, named.end + 1)
        elif named is not None and re.match(
            r"\d", tokens[named.end] if named.end < len(tokens) else ""
        ):
            clock = clock_at(tokens, named.end)  # "friday 8am", "tomorrow 7:30"
        else:
            named, clock = None, clock_at(tokens, i + 1) if token == "at" else None
        if clock is None:
            continue
        said, end = clock
        day = named
        if day is None and (after := _day_at(tokens, end, now)) is not None:
            day, end = after, after.end
        if day is not None and said.meridiem is None and day.part is not None:
            said = Moment(said.hour, said.minute, day.part)  # "at 8 tomorrow evening"
        return Span(said.after(now, None if day is None else day.ahead), i, end)
    return None
