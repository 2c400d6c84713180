"""A fact's words of a day relative to when it was said, written as that day's date.

"The plumber is coming tomorrow at 10", kept on Saturday, was recalled on Tuesday as "From
memory: The plumber is coming tomorrow at 10." A fact is a file read for years, and
"tomorrow" in it is true for one day; "It's Isla's 7th birthday today" is untrue the next
day. So a fact or a proposal is written with the date meant ("The plumber is coming on
Sunday 6 December 2026 at 10"), when it is said, and the reply and the card show it so.
A weekday said alone ("on Monday") may be every Monday and stays as said, as do "next
Tuesday" and "in three days", whose day people read differently.
"""

from __future__ import annotations

import datetime as dt
import re

_PART = r"(?P<part>morning|afternoon|evening|night)"
_RELATIVE = re.compile(
    r"(?P<before>\b(?:on|in|for|until|till|by|from|since|before|after)\s+)?"
    r"\b(?:(?P<today>today)(?!['\u2019]s\s+(?:paper|programme|show))|(?P<tonight>tonight)|"
    r"(?P<this_part>this (?:morning|afternoon|evening))|"
    r"(?P<tomorrow>tomorrow)(?:\s+" + _PART + r")?|"
    r"(?P<yesterday>yesterday)|(?P<last_night>last night)|"
    r"(?P<week>(?:this|next|last) week)\b(?!end)|(?P<weekend>(?:this|next) weekend))\b"
    r"(?P<subject>\s+(?:is|was|will be)\b)?",
    re.IGNORECASE,
)
_NO_ON = frozenset({"for", "until", "till", "by", "from", "since", "before", "after"})


def day_said(day: dt.date) -> str:
    """ "Sunday 6 December 2026"."""
    return f"{day:%A} {day.day} {day:%B %Y}"


def dated(text: str, now: dt.datetime) -> str:
    """The text with each relative day written as its date (see the module's note)."""
    today = now.date()

    def date_of(said: re.Match[str]) -> tuple[str, str]:
        """The words for the day, and the word joining it ("on", "in")."""
        if said["today"]:
            return day_said(today), "on"
        if said["tonight"]:
            return f"the evening of {day_said(today)}", "on"
        if said["this_part"]:
            return f"the {said['this_part'].split()[1].lower()} of {day_said(today)}", "on"
        if said["tomorrow"]:
            tomorrow = day_said(today + dt.timedelta(days=1))
            part = said["part"]
            return (f"the {part.lower()} of {tomorrow}" if part else tomorrow), "on"
        if said["yesterday"]:
            return day_said(today - dt.timedelta(days=1)), "on"
        if said["last_night"]:
            return f"the night of {day_said(today - dt.timedelta(days=1))}", "on"
        monday = today - dt.timedelta(days=today.weekday())
        if said["week"]:
            shift = {"this": 0, "next": 7, "last": -7}[said["week"].split()[0].lower()]
            return f"the week of {day_said(monday + dt.timedelta(days=shift))}", "in"
        saturday = monday + dt.timedelta(days=5)
        if said["weekend"].split()[0].lower() == "next":
            saturday += dt.timedelta(days=7)
        return f"the weekend of {day_said(saturday)}", "on"

    def written(said: re.Match[str]) -> str:
        day = said.group(0)[len(said["before"] or "") :]
        opens = not text[: said.start()].rstrip() or text[: said.start()].rstrip()[-1] in ".!?"
        if day[:1].isupper() and not opens and not said["before"]:
            return said.group(0)  # "the Today programme": a name
        words, joining = date_of(said)
        before = (said["before"] or "").strip().lower()
        subject = said["subject"] or ""
        if subject and not before:
            # "Today is bin day" -> "Saturday 5 December 2026 is bin day"
            words = words[:1].upper() + words[1:] if said.start() == 0 else words
            return f"{words}{subject}"
        if before in _NO_ON:
            return f"{said['before']}{words}{subject}"  # "until Sunday 6 December 2026"
        lead = said["before"] or ""
        joined = f"{lead}{words}" if lead else f"{joining} {words}"
        if said.start() == 0:
            joined = joined[:1].upper() + joined[1:]
        return f"{joined}{subject}"

    return _RELATIVE.sub(written, text)
