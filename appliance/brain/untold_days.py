"""A day or a time in a sentence of the model's: only the clock and what was told hold one.

An eleventh outside trial asked "when is the haircut" with nothing told and heard "The
haircut is currently on December 20, 2026."; told "I take my tablets at 8 and at 6" it heard
"…at 8pm and at 6am". So every day and time a sentence says (a clock time, "8pm", "the
26th", a year, a month, a weekday) must be one the household said: in the facts recalled
or in its own words, this turn or the turns before (told.py asks). Each is read as one key
whatever way it is written, so "Tuesdays" holds "Tuesday", "Sat" "Saturday", "3pm"
"15:00", "noon" "12pm" and "the seventh of June" "7th June" (a review of the first version
found each stopped). A price, a measure or a count is no day ("£1.45", "1.25 litres", "2000
calories", "the 2nd shelf").

    DaysTold("The bins go out on Tuesdays.").guessed("The bins go out on Tuesday.")  # False
"""

from __future__ import annotations

import re

from appliance.household.moments import MONTHS as _MONTHS
from appliance.household.moments import SHORT_WEEKDAYS
from appliance.household.moments import WEEKDAYS as _WEEKDAYS

# As written short, with a capital: "Sat", "Dec" (never "sat", "the cat sat")
_SHORT = {
    **{short.title(): day for short, day in SHORT_WEEKDAYS.items()},
    **{month[:3].title(): month for month in _MONTHS if month != "may"},
    "Sept": "september",
}
# A day said from today, in each of its spellings (phrase_words.py reads the same as texted).
# Never "today" or "tonight": "how about a stir-fry tonight?" claims nothing of the house.
_RELATIVE = {
    **dict.fromkeys(
        (
            "tomorrow",
            "tmrw",
            "tmr",
            "tmw",
            "tmrow",
            "tomoz",
            "2moro",
            "2morrow",
            "2mrw",
            "2mro",
            "2moz",
        ),
        "tomorrow",
    ),
    "yesterday": "yesterday",
}
_FROM_TODAY = frozenset({"tomorrow", "yesterday"})
_ORDINALS = {
    word: n
    for n, word in enumerate(
        "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth "
        "thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth "
        "twentieth".split(),
        start=1,
    )
}
_MONEY = r"(?<![£$€\d])"
_NOT_A_COUNT = (
    r"(?!\s*(?:calories|kcal|g\b|grams?|kg|ml|mg|l\b|litres?|liters?|steps|words|people|"
    r"times|metres?|meters?|km|miles?|feet|pounds?|quid|watts?|w\b|hours?|hrs?|minutes?|mins?|"
    r"seconds?|secs?|degrees?|°|%|p\b|pence))"
)
_WHEN = re.compile(
    _MONEY + r"\b(?P<hour>\d{1,2})(?:[:.](?P<minute>\d{2}))?\s*(?P<half>am|pm|a\.m\.|p\.m\.)"
    r"|"
    + _MONEY
    + r"\b(?P<h24>\d{1,2}):(?P<m24>\d{2})\b"
    + _NOT_A_COUNT
    # "at 3.30": a time said with a dot after "at" (a second review's passed)
    + r"|(?<=\bat )(?P<hdot>\d{1,2})\.(?P<mdot>\d{2})\b"
    + r"|\b(?P<noon>noon|midday|midnight)\b"
    # an ordinal as a day: "the 26th", "on the 2nd", "26th of", "December 26th"; never "the
    # 2nd shelf"
    + r"|\b(?P<day>\d{1,2})(?:st|nd|rd|th)\b(?=\s*(?:$|[,.!?;]|of\b|and\b|at\b|"
    + "|".join(_MONTHS)
    + r"))"
    + rf"|\b(?P<month2>{'|'.join(_MONTHS)})\s+(?:the\s+)?(?P<day2>\d{{1,2}})(?:st|nd|rd|th)?\b"
    + r"|"
    + _MONEY
    + r"\b(?P<year>(?:19|20)\d{2})\b"
    + _NOT_A_COUNT
    # "at 10", said bare: either 10am or 10pm (a trial's "tomorrow at 10", nobody told)
    + r"|(?<=\bat )(?P<bare>\d{1,2})\b(?![:.]\d|\s*(?:am|pm|a\.m|p\.m|o'?\s?clock|%|°))"
    # never a range of ages or counts: "most babies crawl at 7 to 10 months"
    + r"(?!\s*(?:to|or|-|–)\s*\d)"
    + _NOT_A_COUNT
    # a day said from today: "tomorrow", and as texted ("tmrw", "2moro")
    + rf"|\b(?P<relative>{'|'.join(sorted(_RELATIVE, key=len, reverse=True))})\b"
    + rf"|\b(?P<named>{'|'.join((*_MONTHS, *_WEEKDAYS))})s?\b"
    + rf"|\b(?-i:(?P<short>{'|'.join(sorted(_SHORT, key=len, reverse=True))}))\b\.?",
    re.IGNORECASE,
)
# "you may want to…" and "a Sunday roast" name no day
_MAY_THE_MONTH = re.compile(
    r"(?:\b(?:in|of|on|by|from|until|till|early|late|mid|next|last|this|\d{1,2}(?:st|nd|rd|th)?)"
    r"\s+$)",
    re.IGNORECASE,
)
_NO_DAY_AFTER = re.compile(r"\s+(?:roasts?|lunch(?:es)?|dinners?|best|cooking|papers?)\b", re.I)
_MONTH = "|".join(_MONTHS)
_DAY_OF_A_MONTH = re.compile(
    rf"\b(\d{{1,2}})\s+(?:of\s+)?(?:{_MONTH})\b|\b(?:{_MONTH})\s+(?:the\s+)?(\d{{1,2}})\b",
    re.IGNORECASE,
)
_ORDINAL_WORD = re.compile(rf"\bthe ({'|'.join(_ORDINALS)})\b", re.IGNORECASE)


def _clock(hour: int, minute: str | None, half: str) -> str:
    """A time as 24-hour "H:MM": "3pm" and "15:00" alike."""
    if half.startswith("p") and hour < 12:
        hour += 12
    elif half.startswith("a") and hour == 12:
        hour = 0
    return f"{hour}:{minute or '00'}"


def _days_and_times(text: str) -> set[str]:
    """The days and times said in `text`, each as one key ("15:00", "26", "may")."""
    found = set()
    for m in _WHEN.finditer(text):
        if m["hour"]:
            found.add(_clock(int(m["hour"]), m["minute"], m["half"].replace(".", "").lower()))
        elif m["h24"]:
            found.add(f"{int(m['h24'])}:{m['m24']}")
        elif m["hdot"]:
            found.add(f"{int(m['hdot'])}:{m['mdot']}")
        elif m["noon"]:
            found.add("0:00" if m["noon"].lower() == "midnight" else "12:00")
        elif m["day"]:
            found.add(str(int(m["day"])))
        elif m["day2"]:
            found |= {str(int(m["day2"])), m["month2"].lower()}
        elif m["year"]:
            found.add(m["year"])
        elif m["bare"]:
            found.add(f"~{int(m['bare']) % 12 or 12}")
        elif m["relative"]:
            found.add(_RELATIVE[m["relative"].lower()])
        elif m["short"]:
            found.add(_SHORT[m["short"]])
        elif _a_day_or_month(text, m):
            found.add(m["named"].lower())  # "Tuesdays" is Tuesday: the "s" is outside it
    return found


def _a_day_or_month(text: str, m: re.Match[str]) -> bool:
    named = m["named"].lower()
    if named == "may":
        before, after = text[: m.start()], text[m.end() :]
        return bool(_MAY_THE_MONTH.search(before) or re.match(r"\s+\d", after))
    return named not in _WEEKDAYS or not _NO_DAY_AFTER.match(text[m.end() :])


class DaysTold:
    """The days and times a household said, to check a sentence's against."""

    def __init__(self, told: str, asked_when: bool = True) -> None:
        said = _days_and_times(told)
        # a day of a month said bare ("14 February" holds the 14th), and as a word ("the
        # seventh of June")
        said |= {m[1] or m[2] for m in _DAY_OF_A_MONTH.finditer(told)}
        said |= {str(_ORDINALS[m[1].lower()]) for m in _ORDINAL_WORD.finditer(told)}
        # "10am" said back as "at 10" (never "at 8" as "8pm": which half was not told)
        said |= {f"~{int(key.split(':')[0]) % 12 or 12}" for key in said if key.endswith(":00")}
        self._said = said
        # "tomorrow" and a bare "at 7" are read only in an answer to when: as advice they
        # claim nothing ("Sleep well, see you tomorrow!", "bath at 6, bed at 7", "most
        # babies crawl at 7 to 10 months": a review found each stopped)
        self._asked_when = asked_when

    def guessed(self, sentence: str) -> bool:
        """Whether `sentence` says a day or a time the household did not."""
        said = _days_and_times(sentence)
        if not self._asked_when:
            said = {key for key in said if not key.startswith("~") and key not in _FROM_TODAY}
        return not said <= self._said
