"""Lengths of time worked out, as a cook asks: never the model's arithmetic.

    span_asked("how many minutes is an hour and three quarters")
        -> ClockSpan(6300, "minutes", ("an hour and three quarters",))
    span_asked("turkey cooks 3 hours 15 and rests 45 minutes how long is that altogether in
        minutes") -> ClockSpan(14400, "minutes", ("3 hours 15", "45 minutes"))
    span_asked("its twenty past five and tea's at seven how many minutes have i got")
        -> ClockSpan(6000, "minutes", between=("5:20", "7:00"))

A held-out split's six such questions each went to the model or got a roast's rule. Only a
question that asks for minutes, hours or seconds, or how long altogether, is one; a timer's
"how many minutes are left" is the timer's (timer_phrases.py). Lengths said are added; two
times of day said, and no length, are the time between them, the later one within twelve
hours of the earlier, as a kitchen clock is read.
"""

from __future__ import annotations

import re

from appliance.household import spoken
from appliance.household.requests import ClockSpan

_ASKED_IN = re.compile(
    r"\bhow many (?P<unit>minutes|mins|hours|hrs|seconds|secs)\b"
    r"|\b(?:how long|what)\b.*\b(?:altogether|all together|in total|total)\b"
    r"(?:.*\bin (?P<unit2>minutes|mins|hours|hrs|seconds|secs)\b)?"
    r"|\bin (?P<unit3>minutes|mins|hours|hrs|seconds|secs)\b\W*$"
)
# A timer's or a reminder's own question, never the clock's sum: "how many minutes are left
# on the rice", "how many minutes until the cake is done"
_OF_A_TIMER = re.compile(
    r"\b(?:left|remaining|to go|until|till|til|before|since (?:i|we|you) (?:set|started)|"
    r"ago|from now|timer (?:say|says|at|on)|on the (?:\w+ )?timer (?:now|left))\b"
)
_UNITS = {"min": "minutes", "hr": "hours", "sec": "seconds"}
# "an hour and three quarters", "2 hours and a half": the part said after the hours
_AND_A_PART = (
    (["and", "three", "quarters"], 0.75),
    (["and", "a", "half"], 0.5),
    (["and", "a", "quarter"], 0.25),
)


def span_asked(text: str) -> ClockSpan | None:
    """The length of time a question asks to be worked out, or None."""
    asked = _ASKED_IN.search(text)
    if asked is None:
        return None
    unit = asked["unit"] or asked["unit2"] or asked["unit3"] or "minutes"
    unit = next((full for short, full in _UNITS.items() if unit.startswith(short)), unit)
    tokens = spoken.words(text)
    lengths = _lengths(tokens)
    if lengths:
        if _OF_A_TIMER.search(text) and not re.search(r"\bput on the timer\b", text):
            return None
        seconds = sum(seconds for seconds, _ in lengths)
        return ClockSpan(round(seconds), unit, tuple(said for _, said in lengths))
    times = _times(tokens)
    if len(times) != 2 or not re.search(r"\bnow\b|\bat\b|\bsince\b|\bfrom\b|\btill\b", text):
        return None
    (h1, m1), (h2, m2) = times
    minutes = ((h2 * 60 + m2) - (h1 * 60 + m1)) % (12 * 60)
    return ClockSpan(minutes * 60, unit, (), (f"{h1}:{m1:02d}", f"{h2}:{m2:02d}"))


def _lengths(tokens: list[str]) -> list[tuple[float, str]]:
    """Each length of time said, in seconds, with its words."""
    found: list[tuple[float, str]] = []
    i = 0
    while i < len(tokens):
        span = spoken.duration_at(tokens, i)
        if span is None or not any(spoken.is_unit(t) for t in tokens[span.start : span.end]):
            i += 1
            continue
        seconds, end = span.value, span.end
        if tokens[end - 1] in ("hour", "hours", "hr", "hrs"):
            for part, size in _AND_A_PART:
                if tokens[end : end + len(part)] == part:
                    seconds, end = seconds + size * 3600, end + len(part)
                    break
            else:
                # "3 hours 15 and rests 45 minutes": the minutes said bare after the hours
                bare = spoken.number_at(tokens, end)
                if (
                    bare is not None
                    and bare[0] == int(bare[0])
                    and 0 < bare[0] < 60
                    and not (bare[1] < len(tokens) and spoken.is_unit(tokens[bare[1]]))
                ):
                    seconds, end = seconds + bare[0] * 60, bare[1]
        found.append((seconds, " ".join(tokens[i:end])))
        i = end
    return found


def _times(tokens: list[str]) -> list[tuple[int, int]]:
    """Each time of day said, as (hour on a 12-hour clock, minute)."""
    found: list[tuple[int, int]] = []
    i = 0
    while i < len(tokens):
        said = spoken.clock_at(tokens, i) if _may_begin_a_time(tokens, i) else None
        if said is None:
            i += 1
            continue
        moment, end = said
        found.append((moment.hour % 12 or 12, moment.minute))
        i = end
    return found


def _may_begin_a_time(tokens: list[str], i: int) -> bool:
    """A time of day begins after "since", "at", "its", "till", "from", "to", "and", "now" or
    at a clock word: never a count ("2 eggs")."""
    word = tokens[i]
    if word in ("half", "quarter", "a") or re.fullmatch(r"\d{1,2}[:.]\d{2}(?:am|pm)?", word):
        return True
    before = tokens[i - 1] if i else ""
    return before in ("since", "at", "its", "it's", "till", "til", "until", "from", "is", "and")
