"""The days a question of the reminders asks about, and the questions asked by a day.

    period_said("tomorrow morning", Mon 17:30)  -> Tue 8 Dec, before noon
    period_said("this weekend", Mon 17:30)      -> Sat 12 Dec to Sun 13 Dec
    one_asked("when's the dentist one")         -> ListReminders("dentist", if_any=True)

A held-out split of reminders asked about had "what have i got on wednesday", "anything on
this weekend?", "have i got anything tomorrow morning" and "whats on next week" each
answered "I don't know that yet" by memory, with the reminders set. A day is read as a
reminder is set (moments.py: "friday" is the next Friday, "the 21st" the next 21st), and
the part of a day said with it ("morning", "night") keeps only its hours. Such a question is
memory's and the reminders' both (brain/days_plans.py asks for "what reminders are there
for <the days>"); "when's the dentist one" is the reminders' only where one is about it
(`if_any`).
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from appliance.household import moments, repeats, spoken
from appliance.household.records import Reminder
from appliance.household.requests import ListReminders


@dataclass(frozen=True)
class Period:
    """The days asked about, first to last, and the part of each ("morning", "afternoon",
    "evening") if said."""

    first: dt.date
    last: dt.date
    part: str | None = None

    def holds(self, when: dt.datetime) -> bool:
        if not self.first <= when.date() <= self.last:
            return False
        start, end = _HOURS[self.part] if self.part else (0, 24)
        return start <= when.hour < end


# The hours of a part of the day: "tomorrow morning" is before noon, "saturday night" from
# five in the afternoon (a reminder at 13:00 is no evening's)
_HOURS = {"morning": (0, 12), "afternoon": (12, 17), "evening": (17, 24)}


_WEEKEND = re.compile(r"^(?:this |the |at the |over the |on the )?weekend$")
_PARTS = {"morning": "morning", "afternoon": "afternoon", "evening": "evening", "night": "evening"}


def period_said(said: str, now: dt.datetime) -> Period | None:
    """The days `said` names, all of its words and nothing else, or None."""
    said = re.sub(r"^(?:on|for|in) ", "", " ".join(said.split()))
    today = now.date()
    if said in ("today", "tonight", "this evening", "this afternoon", "this morning"):
        part = None if said == "today" else _PARTS.get(said.split(" ")[-1], "evening")
        return Period(today, today, part)
    if said == "this week":
        return Period(today, today + dt.timedelta(days=6 - today.weekday()))
    if said in ("next week", "the week after"):
        monday = today + dt.timedelta(days=7 - today.weekday())
        return Period(monday, monday + dt.timedelta(days=6))
    if _WEEKEND.match(said):
        saturday = today + dt.timedelta(days=(5 - today.weekday()) % 7)
        if today.weekday() == 6:  # said on a Sunday: the rest of it
            saturday = today
        return Period(saturday, saturday + dt.timedelta(days=6 - saturday.weekday()))
    words = spoken.words(said)  # "21st" as the readers take it: "21", "st"
    part = _PARTS.get(words[-1]) if len(words) > 1 else None
    day = moments.date_said(words[:-1] if part else words, now)
    if day is None:
        return None
    return Period(day, day, part)


def comes_in(reminder: Reminder, period: Period) -> dt.datetime | None:
    """When a reminder comes in `period`: its next time, or, repeating, a later time its
    rule brings then (before any "until"); None if it does not come then."""
    if period.holds(reminder.due_at):
        return reminder.due_at
    if reminder.every is None:
        return None
    try:
        weekdays = repeats.days_of(reminder.every)
    except ValueError:  # "every week": on its own weekday, which its next time shows
        weekdays = frozenset({reminder.due_at.weekday()})
    date = reminder.due_at.date()
    while date < period.last:
        date += dt.timedelta(days=1)
        if reminder.until is not None and date > reminder.until:
            return None
        when = dt.datetime.combine(date, reminder.due_at.time())
        if date.weekday() in weekdays and period.holds(when):
            return when
    return None


# Asked of one by its words: "when's the dentist one", "which day is the bin reminder",
# "when's the tree thing" (a held-out split's each got memory's "I don't know … yet")
_ONE_ASKED = re.compile(
    r"^(?:so |and )?(?:when|what time|what day|which day)(?:'s| is|s| does| will)"
    r" (?:the|my|our|that) (?P<about>[a-z0-9' ]{1,40}?) (?:one|thing|reminder)"
    r"(?: (?:go off|come|ring|for|on|again|then))?$"
)


# "what time is my reminder for the tablets?", "when's the reminder about the bins" (an
# eighteenth trial's got memory's "I don't know that yet")
_REMINDER_FOR = re.compile(
    r"^(?:so |and )?(?:when|what time|what day|which day)(?:'s| is|s| does| will)"
    r" (?:the|my|our|that) reminders? (?:for|about|to) (?:the |my |our )?"
    r"(?P<about>[a-z0-9' ]{1,40}?)"
    r"(?: (?:go off|come|ring|set for|again|then))?$"
)


def one_asked(said: str) -> ListReminders | None:
    """The reminders about what a question of one names, to be read only where one is."""
    found = _ONE_ASKED.match(said) or _REMINDER_FOR.match(said)
    return None if found is None else ListReminders(found["about"], if_any=True)
