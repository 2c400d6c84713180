"""What the clock says, in words: the time here or in another place, the day, the date,
and how long until an occasion. Read from the box's own clock, never from a model.

    said(ClockDate(days=1), now)        -> "Tomorrow is Wednesday 2 December 2026."
    said(ClockTime("new york"), now)    -> "It's 15:41 in New York."
    said(DaysUntil("christmas"), now)   -> "24 days until Christmas Day (Friday 25 December)."

Another place's time comes from the time-zone database the system carries (tzdata);
nothing leaves the house for it.
"""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from appliance.household.requests import ClockDate, ClockSpan, ClockTime, DaysUntil
from appliance.household.spoken import say_duration

# Places a household asks the time of, and their zones. A place not here is not guessed.
PLACES = {
    "london": "Europe/London",
    "uk": "Europe/London",
    "england": "Europe/London",
    "scotland": "Europe/London",
    "wales": "Europe/London",
    "dublin": "Europe/Dublin",
    "ireland": "Europe/Dublin",
    "paris": "Europe/Paris",
    "france": "Europe/Paris",
    "madrid": "Europe/Madrid",
    "spain": "Europe/Madrid",
    "rome": "Europe/Rome",
    "italy": "Europe/Rome",
    "berlin": "Europe/Berlin",
    "germany": "Europe/Berlin",
    "amsterdam": "Europe/Amsterdam",
    "lisbon": "Europe/Lisbon",
    "portugal": "Europe/Lisbon",
    "warsaw": "Europe/Warsaw",
    "poland": "Europe/Warsaw",
    "athens": "Europe/Athens",
    "greece": "Europe/Athens",
    "istanbul": "Europe/Istanbul",
    "turkey": "Europe/Istanbul",
    "moscow": "Europe/Moscow",
    "dubai": "Asia/Dubai",
    "india": "Asia/Kolkata",
    "delhi": "Asia/Kolkata",
    "mumbai": "Asia/Kolkata",
    "lagos": "Africa/Lagos",
    "nigeria": "Africa/Lagos",
    "accra": "Africa/Accra",
    "ghana": "Africa/Accra",
    "nairobi": "Africa/Nairobi",
    "kenya": "Africa/Nairobi",
    "johannesburg": "Africa/Johannesburg",
    "cape town": "Africa/Johannesburg",
    "south africa": "Africa/Johannesburg",
    "cairo": "Africa/Cairo",
    "karachi": "Asia/Karachi",
    "pakistan": "Asia/Karachi",
    "dhaka": "Asia/Dhaka",
    "bangladesh": "Asia/Dhaka",
    "hong kong": "Asia/Hong_Kong",
    "singapore": "Asia/Singapore",
    "manila": "Asia/Manila",
    "philippines": "Asia/Manila",
    "beijing": "Asia/Shanghai",
    "shanghai": "Asia/Shanghai",
    "china": "Asia/Shanghai",
    "tokyo": "Asia/Tokyo",
    "japan": "Asia/Tokyo",
    "seoul": "Asia/Seoul",
    "sydney": "Australia/Sydney",
    "melbourne": "Australia/Melbourne",
    "perth": "Australia/Perth",
    "auckland": "Pacific/Auckland",
    "new zealand": "Pacific/Auckland",
    "new york": "America/New_York",
    "boston": "America/New_York",
    "washington": "America/New_York",
    "florida": "America/New_York",
    "toronto": "America/Toronto",
    "chicago": "America/Chicago",
    "texas": "America/Chicago",
    "denver": "America/Denver",
    "los angeles": "America/Los_Angeles",
    "california": "America/Los_Angeles",
    "san francisco": "America/Los_Angeles",
    "seattle": "America/Los_Angeles",
    "vancouver": "America/Vancouver",
    "mexico city": "America/Mexico_City",
    "sao paulo": "America/Sao_Paulo",
    "brazil": "America/Sao_Paulo",
    "buenos aires": "America/Argentina/Buenos_Aires",
    "jamaica": "America/Jamaica",
    "barbados": "America/Barbados",
    "trinidad": "America/Port_of_Spain",
}
# Occasions by month and day; Easter and Mother's Day (UK) are worked out each year.
OCCASIONS = {
    "christmas": ("Christmas Day", (12, 25)),
    "christmas day": ("Christmas Day", (12, 25)),
    "xmas": ("Christmas Day", (12, 25)),
    "christmas eve": ("Christmas Eve", (12, 24)),
    "boxing day": ("Boxing Day", (12, 26)),
    "new year's eve": ("New Year's Eve", (12, 31)),
    "new years eve": ("New Year's Eve", (12, 31)),
    "new year": ("New Year's Day", (1, 1)),
    "new year's day": ("New Year's Day", (1, 1)),
    "new years day": ("New Year's Day", (1, 1)),
    "burns night": ("Burns Night", (1, 25)),
    "valentine's day": ("Valentine's Day", (2, 14)),
    "valentines day": ("Valentine's Day", (2, 14)),
    "valentine's": ("Valentine's Day", (2, 14)),
    "st david's day": ("St David's Day", (3, 1)),
    "st patrick's day": ("St Patrick's Day", (3, 17)),
    "halloween": ("Halloween", (10, 31)),
    "bonfire night": ("Bonfire Night", (11, 5)),
    "guy fawkes night": ("Bonfire Night", (11, 5)),
    "easter": ("Easter Sunday", None),
    "easter sunday": ("Easter Sunday", None),
    "mother's day": ("Mother's Day", None),
    "mothers day": ("Mother's Day", None),
}


def easter(year: int) -> dt.date:
    """Easter Sunday in the Gregorian calendar (the anonymous Gregorian algorithm)."""
    a, b, c = year % 19, year // 100, year % 100
    d, e = divmod(b, 4)
    g = (8 * b + 13) // 25
    h = (19 * a + b - d - g + 15) % 30
    i, k = divmod(c, 4)
    weekday = (32 + 2 * e + 2 * i - h - k) % 7
    m = (a + 11 * h + 19 * weekday) // 433
    month = (h + weekday - 7 * m + 90) // 25
    day = (h + weekday - 7 * m + 33 * month + 19) % 32
    return dt.date(year, month, day)


def _occasion_in(year: int, occasion: str) -> dt.date:
    name, month_day = OCCASIONS[occasion]
    if month_day is not None:
        return dt.date(year, *month_day)
    if name == "Easter Sunday":
        return easter(year)
    return easter(year) - dt.timedelta(days=21)  # Mothering Sunday: Lent's fourth Sunday


def at(when: dt.datetime, now: dt.datetime) -> str:
    """When a timer or reminder goes off, as said: "18:42", "tomorrow at 08:00",
    "Thu 3 Dec at 09:00"."""
    days = (when.date() - now.date()).days
    if days == 0:
        return f"{when:%H:%M}"
    if days == 1:
        return f"tomorrow at {when:%H:%M}"
    return f"{when:%a %-d %b} at {when:%H:%M}"


def day_and_time(when: dt.datetime, now: dt.datetime) -> str:
    """ "at 18:42", "tomorrow at 08:00": `at` with the preposition a sentence needs."""
    shown = at(when, now)
    return f"at {shown}" if ":" in shown and not shown[0].isalpha() else shown


def _day(when: dt.date) -> str:
    return f"{when:%A} {when.day} {when:%B %Y}"


def said(command: ClockTime | ClockDate | ClockSpan | DaysUntil, now: dt.datetime) -> str:
    match command:
        case ClockSpan():
            return _span_said(command)
        case ClockTime(place=None):
            return f"It's {now:%H:%M}."
        case ClockTime(place=place):
            assert place is not None
            try:
                there = now.astimezone().astimezone(ZoneInfo(PLACES[place]))
            except (KeyError, ZoneInfoNotFoundError):
                return f"I don't have the time zone for {place.title()}, so I won't guess."
            day = "" if there.date() == now.date() else f" on {there:%A}"
            return f"It's {there:%H:%M}{day} in {place.title()}."
        case ClockDate(part="month"):
            return f"It's {now:%B} ({_day(now.date())})."
        case ClockDate(part="year"):
            return f"It's {now.year}."
        case ClockDate(weekday="weekend"):
            weekend = now.weekday() >= 5
            return f"{'Yes' if weekend else 'No'}, it's {_day(now.date())}."
        case ClockDate(weekday=str(asked)):
            if asked.lower() == f"{now:%A}".lower():
                return f"Yes, it's {_day(now.date())}."
            return f"No, it's {_day(now.date())}."
        case ClockDate(days=0):
            return f"It's {_day(now.date())}."
        case ClockDate(days=days):
            when = now.date() + dt.timedelta(days=days)
            if days == 1:
                return f"Tomorrow is {_day(when)}."
            if days == -1:
                return f"Yesterday was {_day(when)}."
            return f"{_day(when)}."
        case DaysUntil(occasion=occasion):
            name = OCCASIONS[occasion][0]
            today = now.date()
            when = _occasion_in(today.year, occasion)
            if when < today:
                when = _occasion_in(today.year + 1, occasion)
            days = (when - today).days
            if days == 0:
                return f"It's {name} today."
            count = "1 day" if days == 1 else f"{days} days"
            return f"{count} until {name} ({when:%A} {when.day} {when:%B})."
    raise ValueError(f"not a clock question: {command!r}")


def _span_said(span: ClockSpan) -> str:
    """ "An hour and three quarters is 105 minutes.", "From 5:20 to 7:00 is 1 hour 40
    minutes: 100 minutes." """
    size = {"minutes": 60, "hours": 3600, "seconds": 1}[span.unit]
    counted = span.seconds / size
    amount = f"{counted:g}" if counted == int(counted) else f"{counted:.2f}".rstrip("0")
    in_units = f"{amount} {span.unit.removesuffix('s') if counted == 1 else span.unit}"
    whole = say_duration(span.seconds)
    if span.between is not None:
        start, end = span.between
        return f"From {start} to {end} is {whole}: {in_units}."
    said = " and ".join(span.lengths)
    if len(span.lengths) > 1:
        return f"{said[:1].upper()}{said[1:]} make {whole}: {in_units}."
    return f"{said[:1].upper()}{said[1:]} is {in_units}."
