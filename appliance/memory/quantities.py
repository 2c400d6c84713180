"""The times, amounts, lengths, dates and how-often a statement says, each read one way.

A tombstone keeps a refused statement's marks, and a new statement is the refused one said
again only where its marks agree (`contrast.py`). A household writes the same time many
ways: "4pm", "four in the afternoon" and "16:00"; "half five" and "5:30"; "fortnightly" and
"every two weeks"; "£148" and "a hundred and forty-eight pounds"; "45 minutes" and "three
quarters of an hour". A held-out split of such pairs (benchmarks/data/
tombstone_said_otherwise_heldout.jsonl) found 36 of 46 let back in, each read as other
numbers. So each is read here as one mark:

    read("piano is on thursdays at 4pm")  ->  marks {"t4:00"}, halves {"pm"}
    read("piano every thursday at four in the afternoon")  ->  {"t4:00"}, {"pm"}
    read("the bill is £64.50 every quarter")  ->  {"64.5", "f4"}

A time is its hour on a twelve-hour clock and its minutes ("t5:30"); which half of the day
it is in, where said ("pm", "17:30", "in the morning"), is kept apart, so "at 4" agrees
with "at 4pm" and not with "at 4am" said as such. An amount is its value, a length its
minutes ("d45m"), how often something happens its times a year ("f26"). What is read
here is no longer a number of its own: "every two weeks" is "f26", never "2".

Only what a family would agree is the same: "half five" is 5:30 (the British way), "a
fiver" is 5, but "sixty bucks" is not "$59.99". A time needs its clock words or a word
that puts a time after it ("at 4", "from 10 till 12"): "Leo is 4" and "4 children" stay
numbers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from appliance.numbers import ONES, ORDINALS, TENS, number_at

_HOUR_WORDS = {w: n for w, n in ONES.items() if 1 <= n <= 12}
_MINUTE_WORDS = {"five": 5, "ten": 10, "twenty": 20, "quarter": 15, "half": 30}
_NAMED_DAYS = (
    (r"christmas day", "25 december"),
    (r"christmas eve", "24 december"),
    (r"boxing day", "26 december"),
    (r"new year'?s day", "1 january"),
    (r"new year'?s eve|hogmanay", "31 december"),
    (r"hallowe'?en", "31 october"),
    (r"bonfire night|guy fawkes night", "5 november"),
    (r"valentine'?s day", "14 february"),
    (r"st\.? patrick'?s day|paddy'?s day", "17 march"),
)
# The named days as written, capitals and all: no one's name ("every Christmas Day").
NAMED_DAY = re.compile(r"\b(?:" + "|".join(said for said, _ in _NAMED_DAYS) + r")\b", re.I)
_MONTHS = (
    "january february march april may june july august september october november december"
).split()
_SHORT_MONTHS = {m[:3]: m for m in _MONTHS} | {"sept": "september"}
# A day of the month said in words, beside its month: "June the fourteenth", "the first of
# May" (a ninth trial's "Niamh's birthday falls on June the fourteenth" went live after "…is
# the 14th of June" was discarded). Read from marks version 3 only.
_TEENS_AND_TENS = (
    "eleventh twelfth thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth "
    "nineteenth twentieth"
).split()
_DAY_WORDS = (
    dict(ORDINALS)
    | {word: 11 + n for n, word in enumerate(_TEENS_AND_TENS)}
    | {f"twenty {word}": 20 + n for word, n in ORDINALS.items() if n < 10}
    | {"thirtieth": 30, "thirty first": 31}
)
_DAY_WORD = "|".join(sorted(_DAY_WORDS, key=len, reverse=True)).replace(" ", "[- ]")
_MONTH = "|".join(_MONTHS)
_WORDED_DATE = re.compile(
    rf"\b(?:the )?(?P<day>{_DAY_WORD})(?: of)? (?P<month>{_MONTH})\b"
    rf"|\b(?P<month2>{_MONTH}) (?:the )?(?P<day2>{_DAY_WORD})\b"
)


def _worded_date(match: re.Match[str]) -> str:
    day = (match["day"] or match["day2"]).replace("-", " ")
    return f"{_DAY_WORDS[day]} {match['month'] or match['month2']}"


_SHORT_MONTH = re.compile(
    r"\b(" + "|".join(sorted(set(_SHORT_MONTHS) - {"mar", "may", "jun"})) + r")\.?(?= ?\d)"
    r"|(?<=\d )(" + "|".join(sorted(_SHORT_MONTHS)) + r")\b\.?"
)
_TWO_DIGIT_YEAR = re.compile(r"(?<![\w'])'(\d{2})\b")
# Days cut short: "Thurs @ 7 p.m."; the ones that are words too ("wed", "sat", "sun", "mon")
# only with their full stop.
_SHORT_DAYS = {
    "tues": "tuesday", "tue": "tuesday", "weds": "wednesday", "thurs": "thursday",
    "thur": "thursday", "thu": "thursday", "fri": "friday",
    "mon.": "monday", "wed.": "wednesday", "sat.": "saturday", "sun.": "sunday",
}  # fmt: skip
_SHORT_DAY = re.compile(r"\b(?:(tues|tue|weds|thurs|thur|thu|fri)\b\.?|(mon|wed|sat|sun)\.)")
# A month cut short, with its full stop and no number: "due in Mar."
_SHORT_MONTH_STOPPED = re.compile(
    r"\b(" + "|".join(sorted(set(_SHORT_MONTHS) - {"may"})) + r")\.(?!\w)"
)
_NUMERIC_DATE = re.compile(
    r"\b(\d{1,2})/(\d{1,2})(?:/(\d{2}|\d{4}))?\b|\b(\d{1,2})\.(\d{1,2})\.(\d{4}|\d{2})\b"
)
_THOUSANDS = re.compile(r"(?<=\d),(?=\d{3}\b)")
_ORDINAL_DIGITS = re.compile(r"\b(\d+)(?:st|nd|rd|th)\b")
_WEEKDAYS = re.compile(r"\bmondays? (?:to|through|till|until|-) fridays?\b")
_HYPHENED_TENS = re.compile(
    r"\b(" + "|".join(TENS) + r")-(?=(?:one|two|three|four|five|six|seven|eight|nine)\b)"
)
_TOKEN = re.compile(r"\d{1,2}[:.]\d{2}|\d+(?:\.\d+)?|[£$€]|a\.m\.|p\.m\.|[a-z]+(?:'[a-z]+)?|-")

_HALF_WORDS = {"am": "am", "a.m.": "am", "pm": "pm", "p.m.": "pm"}
# Parts of the day that say which half a time is in, when said after it.
_PART_HALF = {"morning": "am", "afternoon": "pm", "evening": "pm"}
_CURRENCY_WORDS = {
    **dict.fromkeys(("pound", "pounds", "quid"), "gbp"),
    **dict.fromkeys(("dollar", "dollars", "buck", "bucks"), "usd"),
    **dict.fromkeys(("euro", "euros"), "eur"),
}
_SIGNS = {"£": "gbp", "$": "usd", "€": "eur"}
_SLANG = {"fiver": 5, "tenner": 10}
_HUNDREDTHS = frozenset({"p", "pence", "cents", "cent"})  # "50p" is half a pound
# Units a number is said with, each one way: "4 years old" is not "4 months old".
_UNITS = {
    **{w: "year" for w in ("year", "years", "yr", "yrs")},
    **{w: "month" for w in ("month", "months")},
    **{w: "week" for w in ("week", "weeks", "wk", "wks")},
    **{w: "day" for w in ("day", "days")},
    **{w: "kg" for w in ("kg", "kgs", "kilo", "kilos", "kilograms", "kilogram")},
    **{w: "g" for w in ("g", "grams", "gram", "gr")},
    **{w: "lb" for w in ("lb", "lbs")},
    **{w: "stone" for w in ("stone", "st")},
    **{w: "ml" for w in ("ml", "mls", "millilitres", "milliliters", "millilitre")},
    **{w: "l" for w in ("l", "litre", "litres", "liter", "liters")},
    **{w: "mg" for w in ("mg", "milligrams", "milligram")},
    **{w: "cm" for w in ("cm", "centimetres", "centimeters")},
    **{w: "m" for w in ("m", "metre", "metres", "meter", "meters")},
    **{w: "inch" for w in ("inch", "inches", "in")},
    **{w: "foot" for w in ("foot", "feet", "ft")},
    **{w: "mile" for w in ("mile", "miles")},
    **{w: "km" for w in ("km", "kilometres", "kilometers")},
    **{w: "percent" for w in ("percent", "per cent", "%")},
}
_MINUTES = {"minute": 1, "minutes": 1, "min": 1, "mins": 1, "hour": 60, "hours": 60, "hr": 60}
_MINUTES |= {"hrs": 60}
# A number before one of these is no time: "at 4 years old", "from 10 people".
_NOT_A_CLOCK_BEFORE = frozenset(
    """years year months month weeks week days day minutes mins hours people kids children
    times percent per kg g grams ml litres pounds quid dollars euros miles km""".split()
)
# Words that put a time after them: "at 4", "from 10 till 12", "by 6", "between 1 and 3".
_TIME_LEADS = frozenset("at by from between around about".split())
_RANGE_JOINS = frozenset("to till until til and -".split())
_PERIODS_A_YEAR = {
    "day": 365,
    "night": 365,
    "week": 52,
    "fortnight": 26,
    "month": 12,
    "quarter": 4,
    "year": 1,
}
_HOW_OFTEN_WORDS = {
    "weekly": 52,
    "fortnightly": 26,
    "biweekly": 26,
    "monthly": 12,
    "quarterly": 4,
    "yearly": 1,
    "annually": 1,
    "annual": 1,
}
_DAILY = frozenset({"daily", "nightly"})
_DAY_NAMES = frozenset("monday tuesday wednesday thursday friday saturday sunday".split())


@dataclass
class Reading:
    """What `read` found: the words left, the quantities as marks, and the halves said."""

    words: list[str]
    marks: set[str] = field(default_factory=set)
    halves: set[str] = field(default_factory=set)  # "am", "pm": said of some time
    clock: dict[str, str] = field(default_factory=dict)  # a time's mark -> its half, if said


def read(lowered: str, version: int = 3) -> Reading:
    """The quantities of a lower-case statement as marks, and the words that are none, as
    marks of `version` read them (contrast.VERSION; 2: a day of the month in words is none)."""
    text = _THOUSANDS.sub("", lowered)
    if version >= 3:
        text = _WORDED_DATE.sub(_worded_date, text)
    for said, day in _NAMED_DAYS:
        text = re.sub(rf"\bevery (?:{said})\b", f"on {day} every year", text)
        text = re.sub(rf"\b(?:on )?(?:the day of )?(?:{said})\b", f"on {day}", text)
    text = _SHORT_MONTH.sub(lambda m: _SHORT_MONTHS[m[1] or m[2]] + " ", text)
    text = _SHORT_MONTH_STOPPED.sub(lambda m: _SHORT_MONTHS[m[1]] + " ", text)
    text = _SHORT_DAY.sub(lambda m: _SHORT_DAYS[m[1] or m[2] + "."] + " ", text)
    text = text.replace("@", " at ")
    text = _TWO_DIGIT_YEAR.sub(r"20\1", text)
    text = _NUMERIC_DATE.sub(_spelled_date, text)
    text = _ORDINAL_DIGITS.sub(r"\1", text)
    text = _WEEKDAYS.sub("weekdays", text)
    text = _HYPHENED_TENS.sub(r"\1 ", text)  # "forty-eight" as "forty eight"
    return _Reader(_TOKEN.findall(text)).read()


def _spelled_date(match: re.Match[str]) -> str:
    """ "8/14" is 14 August, "14/8" too; "3/5" could be either, and stays two numbers."""
    day, month, said_year = (match[1], match[2], match[3]) if match[1] else match.group(4, 5, 6)
    first, second = int(day), int(month)
    year = f" {said_year if len(said_year) == 4 else '20' + said_year}" if said_year else ""
    if not match[1] and 1 <= second <= 12:
        return f"{first} {_MONTHS[second - 1]}{year}"  # "12.05.2026": Europe's day first
    if first > 12 and 1 <= second <= 12:
        return f"{first} {_MONTHS[second - 1]}{year}"
    if second > 12 and 1 <= first <= 12:
        return f"{second} {_MONTHS[first - 1]}{year}"
    return match[0]


def _value(number: float) -> str:
    if abs(number) >= 1e15:
        return f"{number:g}"  # a number of hundreds of digits has no int to say it by
    return str(int(number)) if number == int(number) else f"{number:g}"


class _Reader:
    """One pass over a statement's tokens, left to right, each quantity taken once."""

    def __init__(self, tokens: list[str]) -> None:
        self.tokens = tokens
        self.found = Reading([])
        self.last_time_at = -10  # where the last time ended: "from 10 till 12"
        self.weekly_dropped = bool(_DAY_NAMES & {t.rstrip("s") for t in tokens})

    def at(self, i: int) -> str:
        return self.tokens[i] if 0 <= i < len(self.tokens) else ""

    def read(self) -> Reading:
        i = 0
        while i < len(self.tokens):
            end = (
                self._clock(i)
                or self._amount(i)
                or self._length(i)
                or self._how_often(i)
                or self._number(i)
            )
            if end:
                i = end
            else:
                self.found.words.append(self.tokens[i])
                i += 1
        return self.found

    # -- times ------------------------------------------------------------------------

    def _time(self, hour: int, minute: int, half: str | None, end: int) -> int:
        if half is None and (part := self._part_after(end)) is not None:
            half = part
        if hour > 12:
            hour, half = hour - 12, "pm"
        elif hour == 0:
            hour, half = 12, half or "am"
        mark = f"t{hour}:{minute:02d}"
        self.found.marks.add(mark)
        if half:
            self.found.halves.add(half)
            self.found.clock[mark] = half
        self.last_time_at = end
        return end

    def _part_after(self, i: int) -> str | None:
        """ "four in the afternoon", "nine in the morning", "ten at night"."""
        if self.tokens[i : i + 2] == ["in", "the"] and self.at(i + 2) in _PART_HALF:
            return _PART_HALF[self.at(i + 2)]
        if self.tokens[i : i + 2] == ["at", "night"]:
            return "pm"
        return None

    def _half_at(self, i: int) -> tuple[str | None, int]:
        word = self.at(i)
        return (_HALF_WORDS[word], i + 1) if word in _HALF_WORDS else (None, i)

    def _hour_at(self, i: int) -> int | None:
        word = self.at(i)
        if word.isdigit() and 1 <= int(word) <= 12 and len(word) <= 2:
            return int(word)
        return _HOUR_WORDS.get(word)

    def _clock(self, i: int) -> int | None:
        word = self.at(i)
        if self.at(i - 1) not in ("from", "between") and (end := self._past_or_to(i)):
            return end  # "at ten to six" is 5:50; "from ten to six" two times
        if word in ("noon", "midday"):
            return self._time(12, 0, "pm", i + 1)
        if word == "midnight":
            return self._time(12, 0, "am", i + 1)
        if re.fullmatch(r"\d{1,2}[:.]\d{2}", word):
            hour, minute = int(word[:-3]), int(word[-2:])
            half, end = self._half_at(i + 1)  # "6.40pm"
            # "2.50 mg", "£2.50 a week": a dot is a time only with am or pm, or after a word
            # that puts a time after it ("at 10.30")
            dotted = "." in word and half is None and not self._leads_to_a_time(i)
            if hour == 24 and minute == 0:
                return self._time(12, 0, "am", end)  # "24:00" is midnight
            if hour <= 23 and minute < 60 and not dotted:
                if half is None and word.startswith("0"):
                    half = "am"  # "06:30" is a 24-hour morning
                return self._time(hour, minute, half, end)
            return None
        if (said := self._hour_at(i)) is not None:
            half, end = self._half_at(i + 1)
            if half is not None:
                return self._time(said, 0, half, end)
            if self.at(i + 1) in ("o'clock", "oclock"):
                return self._time(said, 0, *self._half_at(i + 2))
            if self._leads_to_a_time(i) and self.at(i + 1) not in _NOT_A_CLOCK_BEFORE:
                return self._time(said, 0, None, i + 1)
        return None

    def _leads_to_a_time(self, i: int) -> bool:
        before = self.at(i - 1)
        if self.at(i + 1) in _RANGE_JOINS and self.at(i + 3) in _NOT_A_CLOCK_BEFORE:
            return False  # "from 4 to 6 years old"
        return before in _TIME_LEADS or (before in _RANGE_JOINS and i - 1 == self.last_time_at)

    def _past_or_to(self, i: int) -> int | None:
        """ "half past five", "quarter to eight", "twenty to seven", "half five"."""
        word, start = self.at(i), i
        if word == "a" and self.at(i + 1) == "quarter":
            i += 1
            word = "quarter"
        minute = _MINUTE_WORDS.get(word)
        if word in TENS and self.at(i + 1) in ("five",):  # "twenty five past"
            minute, i = TENS[word] + 5, i + 1
        elif word.isdigit() and int(word) < 60:
            minute = int(word)
        if minute is None:
            return None
        after = i + 1
        if self.at(after) in ("minutes", "mins"):
            after += 1
        elif word.isdigit() and self.at(after) == "to":
            return None  # "4 to 6" is a range; "20 minutes to 7" says what it is
        if self.at(after) in ("past", "to") and (hour := self._hour_at(after + 1)) is not None:
            if self.at(after) == "to":
                hour, minute = (hour - 2) % 12 + 1, 60 - minute
            return self._time(hour, minute, *self._half_at(after + 2))
        # "half five": half past, as Britain says it; never "half an hour", "half a dozen"
        hour = self._hour_at(i + 1) if word == "half" and start == i else None
        if hour is not None and self.at(i + 2) not in _NOT_A_CLOCK_BEFORE:
            return self._time(hour, 30, *self._half_at(i + 2))
        return None

    # -- amounts, lengths, how often --------------------------------------------------

    def _amount(self, i: int) -> int | None:
        """ "£148", "$1,850", "twelve pound fifty", "a fiver", "35 euros": the value and
        its currency ("10 pounds" is not "10 dollars")."""
        word = self.at(i)
        if word in _SIGNS and (found := self._number_at(i + 1)) is not None:
            value, end = found
            return self._money(value, end, _SIGNS[word])
        if word in ("a", "one") and self.at(i + 1) in _SLANG:
            return self._money(_SLANG[self.at(i + 1)], i + 2, "gbp")
        found = self._number_at(i)
        if found is not None and self.at(found[1]) in _HUNDREDTHS:
            cents = self.at(found[1]).startswith("cent")
            return self._money(found[0] / 100, found[1] + 1, "usd" if cents else "gbp")  # "50p"
        if found is not None and self.at(found[1]) in _CURRENCY_WORDS:
            return self._money(found[0], found[1] + 1, _CURRENCY_WORDS[self.at(found[1])])
        return None

    def _money(self, value: float, end: int, currency: str) -> int:
        if self.at(end) in _CURRENCY_WORDS:
            end += 1
        pence = number_at(self.tokens, end)
        if (
            pence is not None
            and pence[0] < 100
            and pence[0] == int(pence[0])
            and value == int(value)
            and self.at(end - 1) in _CURRENCY_WORDS
        ):
            value, end = value + pence[0] / 100, pence[1]  # "twelve pound fifty"
        self.found.marks.add(f"{_value(value)} {currency}")
        return end

    def _length(self, i: int) -> int | None:
        """ "45 minutes", "three quarters of an hour", "an hour and a half", "2 hours"."""
        rest = self.tokens[i : i + 6]
        for lead, said in (
            (["three", "quarters", "of", "an", "hour"], 45),
            (["a", "quarter", "of", "an", "hour"], 15),
            (["quarter", "of", "an", "hour"], 15),
            (["half", "an", "hour"], 30),
            (["an", "hour", "and", "a", "half"], 90),
            (["a", "couple", "of", "hours"], 120),
        ):
            if rest[: len(lead)] == lead:
                self.found.marks.add(f"d{said}m")
                return i + len(lead)
        found = (1.0, i + 1) if self.at(i) in ("an", "a") else number_at(self.tokens, i)
        if found is None or self.at(found[1]) not in _MINUTES:
            return None
        value, end = found
        minutes = float(value * _MINUTES[self.at(end)])
        end += 1
        if self.tokens[end : end + 3] == ["and", "a", "half"] and self.at(end - 1).startswith("h"):
            minutes, end = minutes + 30, end + 3
        self.found.marks.add(f"d{_value(minutes)}m")
        return end

    def _how_often(self, i: int) -> int | None:
        """ "every two weeks", "every other week", "fortnightly", "twice a year", "£5 a
        week": times a year. Daily is said of most habits and left unsaid as often, so
        it is no mark; nor is weekly where a day of the week is named."""
        word = self.at(i)
        if word in _DAILY:
            return i + 1
        if word in _HOW_OFTEN_WORDS:
            return self._often(_HOW_OFTEN_WORDS[word], i + 1)
        times, start = {"once": 1, "twice": 2, "thrice": 3}.get(word), i + 1
        if times is None and (found := number_at(self.tokens, i)) and self.at(found[1]) == "times":
            times, start = int(found[0]), found[1] + 1
        if (found := number_at(self.tokens, i)) and self.at(found[1]) == "-":
            often = _HOW_OFTEN_WORDS.get(self.at(found[1] + 1))
            if often is not None and found[0] >= 1:  # "four-weekly": every four weeks
                return self._often(often / found[0], found[1] + 2)
        if times is not None and self.at(start) in _DAILY:
            return self._often(365 * times, start + 1)  # "three times daily"
        if times is not None and self.at(start) in _HOW_OFTEN_WORDS:
            return self._often(_HOW_OFTEN_WORDS[self.at(start)] * times, start + 1)
        period = _PERIODS_A_YEAR.get(self.at(start + 1).rstrip("s"))
        if times is not None and self.at(start) in ("a", "per", "every", "each") and period:
            return self._often(period * times, start + 2)
        if word in ("every", "each", "per", "a", "an"):
            step, at = 1, i + 1
            if word == "every" and self.at(at) == "other":
                step, at = 2, at + 1
            elif word == "every" and self.at(at) in ("second", "third", "fourth"):
                step, at = ORDINALS[self.at(at)], at + 1  # "every second Tuesday"
            elif word == "every" and (found := number_at(self.tokens, at)) is not None:
                step, at = int(found[0]), found[1]
                if step < 1:
                    return None  # "every 0 weeks", "every 0.5 days": no how-often to read
            unit = self.at(at)
            unit = unit[:-1] if unit.endswith("s") else unit
            period = 52 if unit in _DAY_NAMES else _PERIODS_A_YEAR.get(unit)
            if period is None or (word in ("a", "an") and step != 1):
                return None
            if word in ("a", "an", "per") and not self._after_an_amount():
                return None  # "a week on Tuesday", "a day out": no rate
            # the day itself stays a word: "every other Tuesday" is on Tuesdays
            return self._often(period / step, at if unit in _DAY_NAMES else at + 1)
        return None

    def _after_an_amount(self) -> bool:
        """Whether a rate's "a week" follows an amount: "£5 a week", "3 days a week"."""
        return any(mark[:1].isdigit() for mark in self.found.marks)

    def _often(self, per_year: float, end: int) -> int:
        if per_year == 365 or (per_year == 52 and self.weekly_dropped):
            return end
        self.found.marks.add(f"f{round(per_year) if per_year >= 10 else round(per_year, 1):g}")
        return end

    def _number(self, i: int) -> int | None:
        """A number said in words or digits, its value: "forty-eight", "a hundred and five";
        with its unit, when one follows ("4 years", "20 kg"): "4 months" is another age."""
        if self.at(i) == "a":
            return None  # "a" alone is one thing, not a number to compare
        found = self._number_at(i)
        if found is None:
            return None
        value, end = found
        unit = _UNITS.get(self.at(end))
        self.found.marks.add(f"{_value(value)} {unit}" if unit else _value(value))
        return end + 1 if unit else end

    def _number_at(self, i: int) -> tuple[float, int] | None:
        """`number_at`, and the hundreds said as America says them: "eighteen hundred
        fifty" is 1850."""
        found = number_at(self.tokens, i)
        if found is not None and found[0] >= 100 and found[0] % 100 == 0:
            more = number_at(self.tokens, found[1])
            if more is not None and more[0] < 100 and self.at(found[1]).isalpha():
                return found[0] + more[0], more[1]
        return found
