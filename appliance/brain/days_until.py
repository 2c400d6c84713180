"""How long until a day memory holds: "how many days till Aoife's birthday?".

A fifth outside trial's household had told Hearth "Aoife's birthday is on the 14th of
March", and "how many days till Aoife's birthday?" got "I don't know Aoife's birthday yet.
Tell me and I'll remember. What I do know: Aoife's birthday is on the 14th of March.": the
answer, said as if it were none. The fact told answers it now, word for word, and the
count is the clock's arithmetic on the date in it, never the model's:

    From memory: Aoife's birthday is on the 14th of March. That's 99 days away: Sunday
    14 March 2027.

Christmas and the other fixed days are the household's (household/clock.py). A fact with
no date in it ("Aoife's birthday is in spring") answers as ever, with no count; two facts
with different dates get no count either: Hearth does not choose between them.
"""

from __future__ import annotations

import datetime as dt
import re

_MONTHS = (
    "january february march april may june july august september october november december"
).split()
_MONTH = r"(?P<month>jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*"
_DAY = r"(?P<day>[0-9]{1,2})(?:st|nd|rd|th)?"
_YEAR = r"(?:,? (?P<year>20[0-9]{2}))?"
# "14th of March", "14 March 2027", "March 14th", "March the 14th"
_DATES = (
    re.compile(rf"\b{_DAY} (?:of )?{_MONTH}\b{_YEAR}", re.IGNORECASE),
    re.compile(rf"\b{_MONTH} (?:the )?{_DAY}\b{_YEAR}", re.IGNORECASE),
)
_ASKED = re.compile(
    r"^(?:hearth,? )?how (?:many (?P<unit>days|sleeps|weeks)|long)(?: is it| are there| have "
    r"we got| to go| left| more)?(?: until| till| til| 'til| to| before) (?P<what>.+)",
    re.IGNORECASE,
)


def asks(text: str) -> bool:
    """Whether the question asks how long until something."""
    return _ASKED.match(" ".join(text.split())) is not None


# What comes on a day, as a "how long until" question says it: "till the bins go out",
# "until the plumber comes", "till Gran's visit"; not "until the oven is hot" (a method).
_COMES_ON_A_DAY = re.compile(
    r"\b(?:go(?:es)? out|goes|come(?:s)?|coming|arrive(?:s)?|arriving|due|start(?:s)?|"
    r"back|visit|appointment|birthday|anniversary|party|holidays?|term|trip|wedding|"
    r"collection|day)\b",
    re.IGNORECASE,
)


def asks_a_day(text: str) -> bool:
    """Whether the question asks how long until something that comes on a day."""
    what = occasion(text)
    return what is not None and _COMES_ON_A_DAY.search(what) is not None


def occasion(text: str) -> str | None:
    """What a "how long until" question asks about ("Aoife's birthday?"), else None: the
    words that must be in a fact answering it (the asking words are in none)."""
    match = _ASKED.match(" ".join(text.split()))
    return match["what"] if match else None


def names_a_date(text: str) -> bool:
    """Whether a fact names a day of a month ("on the 14th of March")."""
    return any(pattern.search(text) for pattern in _DATES)


def date_in(text: str, today: dt.date) -> dt.date | None:
    """The day a fact names: with its year, that day; without one, the next one from
    today (today counts). None when it names no day of a month."""
    for pattern in _DATES:
        found = pattern.search(text)
        if found is None:
            continue
        month = next(
            n for n, name in enumerate(_MONTHS, 1) if name.startswith(found["month"][:3].lower())
        )
        day = int(found["day"])
        if found["year"]:
            try:
                return dt.date(int(found["year"]), month, day)
            except ValueError:
                return None
        for year in range(today.year, today.year + 9):  # 29 February comes within eight
            try:
                when = dt.date(year, month, day)
            except ValueError:
                continue
            if when >= today:
                return when
        return None
    return None


def counted(question: str, facts: list[str], today: dt.date) -> str | None:
    """The count for a "how long until" question from the facts that answer it: one day
    among them all, else None."""
    match = _ASKED.match(" ".join(question.split()))
    if match is None:
        return None
    days = {when for fact in facts if (when := date_in(fact, today)) is not None}
    if len(days) != 1:
        return None
    (when,) = days
    ahead = (when - today).days
    named = f"{when:%A} {when.day} {when:%B %Y}"
    if ahead < 0:
        return f"That was {-ahead} day{'s' if ahead != -1 else ''} ago: {named}."
    if ahead == 0:
        return f"That's today, {named}."
    if ahead == 1:
        return f"That's tomorrow, {named}."
    unit = (match["unit"] or "days").lower()
    if unit == "weeks":
        weeks, rest = divmod(ahead, 7)
        extra = f" and {rest} day{'s' if rest != 1 else ''}" if rest else ""
        return f"That's {weeks} week{'s' if weeks != 1 else ''}{extra} away: {named}."
    if unit == "sleeps":
        return f"That's {ahead} sleeps: {named}."
    return f"That's {ahead} days away: {named}."
