"""A reply as it is said aloud: the words the panel shows, with what is written for the eye
(clock times, units, fractions, short day names) written as a person says it.

    aloud("Pasta timer set for 12 minutes: it rings at 18:00.")
        -> "Pasta timer set for 12 minutes: it rings at 18 hundred."
    aloud("100 g of butter is about ½ cup.")     -> "100 grams of butter is about half a cup."
    aloud("Roast at 200 °C.")                   -> "Roast at 200 degrees Celsius."

Both voices read their words through espeak-ng, which says what is written: "18:00" as
"eighteen zero zero", "10:04" as "ten zero four", "2 tbsp" as "T B S P", "1 ½ cups" as
"one a half cups", "Fri 5 Dec" as "fry five deck". The rewrite only changes how a thing
is said, never what it is: every number stays the number written (digits, which the
voice reads as words), and a pattern it does not know is left as written.
"""

from __future__ import annotations

import re

# Written unit -> (one, several), as said. Only after a number: "g" alone is a letter.
UNIT_WORDS = {
    "g": ("gram", "grams"),
    "kg": ("kilogram", "kilograms"),
    "mg": ("milligram", "milligrams"),
    "ml": ("millilitre", "millilitres"),
    "cl": ("centilitre", "centilitres"),
    "dl": ("decilitre", "decilitres"),
    "l": ("litre", "litres"),
    "tsp": ("teaspoon", "teaspoons"),
    "tbsp": ("tablespoon", "tablespoons"),
    "fl oz": ("fluid ounce", "fluid ounces"),
    "oz": ("ounce", "ounces"),
    "lb": ("pound", "pounds"),
    "lbs": ("pound", "pounds"),
    "cm": ("centimetre", "centimetres"),
    "mm": ("millimetre", "millimetres"),
    "min": ("minute", "minutes"),
    "mins": ("minute", "minutes"),
    "hr": ("hour", "hours"),
    "hrs": ("hour", "hours"),
}
# A fraction on its own ("½ cup": "half a cup") and after a whole number ("1 ½": "1 and a half").
_FRACTIONS = {
    "½": ("half a", "and a half"),
    "¼": ("a quarter of a", "and a quarter"),
    "¾": ("three quarters of a", "and three quarters"),
    "⅓": ("a third of a", "and a third"),
    "⅔": ("two thirds of a", "and two thirds"),
    "⅛": ("an eighth of a", "and an eighth"),
    "⅜": ("three eighths of a", "and three eighths"),
    "⅝": ("five eighths of a", "and five eighths"),
    "⅞": ("seven eighths of a", "and seven eighths"),
    "⅕": ("a fifth of a", "and a fifth"),
    "⅙": ("a sixth of a", "and a sixth"),
}
# Written forms espeak-ng says nothing for: the fraction slash of web recipes, "℃", "º".
_GLYPHS = {"\u2044": "/", "℃": "°C", "℉": "°F", "º": "°"}
_SLASHED = {"1/2": "½", "1/4": "¼", "3/4": "¾", "1/3": "⅓", "2/3": "⅔", "1/8": "⅛"}
_DAYS = {
    "Mon": "Monday",
    "Tue": "Tuesday",
    "Wed": "Wednesday",
    "Thu": "Thursday",
    "Fri": "Friday",
    "Sat": "Saturday",
    "Sun": "Sunday",
}
_MONTHS = {
    "Jan": "January",
    "Feb": "February",
    "Mar": "March",
    "Apr": "April",
    "May": "May",
    "Jun": "June",
    "Jul": "July",
    "Aug": "August",
    "Sep": "September",
    "Sept": "September",
    "Oct": "October",
    "Nov": "November",
    "Dec": "December",
}

_FRACTION = "[" + "".join(_FRACTIONS) + "]"
_NUMBER = r"\d+(?:,\d{3})*(?:\.\d+)?"
# A clock time as Hearth writes one: "18:00", "7:05", "08:30", "18:42:30". Not "1:2" (a ratio).
# "pm", "p.m." ("a.m. tomorrow": the dot is the word's; "at 5 p.m.": it may end the sentence)
_AM_PM = r"([ap])(?:\.m\.(?=[ \t]+(?-i:[a-z]))|\.?m\b)"
_MERIDIEM = rf"(?:[ \t]*{_AM_PM})?(?!\w)"
_TIME = re.compile(
    r"(?<![\d:.])([01]?\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?(?![\d:]|\.\d)" + _MERIDIEM, re.I
)
_CLOCK_BEFORE = re.compile(
    r"(?:\b(?:at|by|until|till|from|before|after|around|it's|it is|rings|due)\s+|^\s*|[.!?]\s+)$",
    re.I,
)  # "18:00 has passed" (actions.py) starts its sentence
_NOT_A_CLOCK_AFTER = re.compile(
    r"[ \t]*(?:min|mins|minutes?|secs?|seconds?|hrs?|hours?|left|remains?|to go|from now|"
    r"into)\b",
    re.I,
)
# "7.30pm": with a dot, a time only when am or pm says so ("1.30" alone is a number)
_DOTTED_TIME = re.compile(
    r"(?<![\d.£$€])(1[0-2]|0?\d)\.([0-5]\d)()[ \t]*" + _AM_PM,
    re.I,
)
_UNIT_NAMES = "|".join(re.escape(u) for u in sorted(UNIT_WORDS, key=len, reverse=True))
_MEASURED = (
    _UNIT_NAMES + r"|cups?|pints?|quarts?|gallons?|litres?|liters?|sticks?|teaspoons?|tablespoons?"
)
# "1/2 tsp", "1 1/2 cups": a fraction only as an amount ("On 2/3", "Flat 1/2" are not)
_SLASHED_FRACTION = re.compile(
    r"(?<![\d/])(" + "|".join(re.escape(s) for s in _SLASHED) + r")"
    rf"(?=[ \t]*(?:US |UK |metric )?(?:{_MEASURED})\b)"
)
# "2 tbsp", "1.5 kg", "1 ½ tsp", "1½ tsp", "½ tsp", "200g" (within a line only: "Serves 4" above
# "½ cup flour" is not "4 and a half cups")
_MEASURE = re.compile(
    rf"(?<![\w.,£$€])(?:({_NUMBER})(?:[ \t]*({_FRACTION}))?|({_FRACTION}))"
    rf"[ \t]*((?:US |UK |metric )?)({_UNIT_NAMES})(?![\w])"
)
_HYPHENED = re.compile(rf"(?<![\w.,])(\d+)-({_FRACTION})")
_MIXED = re.compile(rf"(?<![\w.,])({_NUMBER}) ?({_FRACTION})")
# a fraction alone: "half a" before a measure ("½ cup"), else the fraction ("¾ full",
# "½ of the mixture", "gas mark ½"); glued to a word ("½in") it is left as written
_LONE = re.compile(
    rf"(?<![\w])({_FRACTION})"
    rf"(?:([ \t]*(?:US |UK |metric )?(?=(?:{_MEASURED})\b))|([ \t]+(?:an?|the)\b)|(?![\w]))"
)
# "45 minutes a kg", "10 hours per kg": one of it; a unit of one letter is a letter there
# ("a g", "a l")
_ONE_UNIT = re.compile(
    r"\b(a|an|per|each) ("
    + "|".join(re.escape(u) for u in sorted(UNIT_WORDS, key=len, reverse=True) if len(u) > 1)
    + r")(?![\w])"
)
# "in" is a word as often as an inch: an inch only as the kitchen writes one, "(8 in)"
_INCHES = re.compile(r"(?<=\()(\d+) in(?=\))")
_DEGREES = re.compile(r"\s*°\s*([CF])\b")
# a date as Hearth writes one, "Fri 5 Dec" (the day's name says it is one: "Give 2 Jan a
# lift" is a person called Jan)
_DATE = re.compile(r"\b(" + "|".join(_DAYS) + r") (\d{1,2}) (" + "|".join(_MONTHS) + r")\b(?!\w)")
# "… in the fridge [source: FSA: rice]." (words a person typed in brackets are theirs, and said)
_CITATION = re.compile(r"\s*\[source: [^\[\]]*\]")
_DAY_AT = re.compile(r"\b(" + "|".join(_DAYS) + r") (?=at \d)")


def citation(source: str) -> str:
    """A source as an answer shows it, "[source: FSA: rice]": seen, not said (a kitchen
    answer read aloud is the answer; "U S D A F S I S FoodKeeper" helps no one)."""
    return f"[source: {source}]"


def uncited(text: str) -> str:
    """The text without its sources: what the voice means to say."""
    return _CITATION.sub("", text)


def aloud(text: str) -> str:
    """The text as the voice should say it (what it shows stays as it was)."""
    said = uncited(text)
    for glyph, plain in _GLYPHS.items():
        said = said.replace(glyph, plain)
    said = _DATE.sub(_date, said)
    said = _DAY_AT.sub(lambda m: f"{_DAYS[m[1]]} ", said)
    said = _TIME.sub(_time, said)
    said = _DOTTED_TIME.sub(_time, said)
    said = _DEGREES.sub(lambda m: " degrees " + ("Celsius" if m[1] == "C" else "Fahrenheit"), said)
    said = _SLASHED_FRACTION.sub(lambda m: _SLASHED[m[1]], said)
    said = _HYPHENED.sub(r"\1 \2", said)  # "1-½ cups" as a US recipe writes 1 ½
    said = _MEASURE.sub(_measure, said)
    said = _ONE_UNIT.sub(lambda m: f"{m[1]} {unit_said(m[2], several=False)}", said)
    said = _INCHES.sub(lambda m: f"{m[1]} inch" + ("es" if m[1] != "1" else ""), said)
    said = _MIXED.sub(lambda m: f"{m[1]} {_FRACTIONS[m[2]][1]}", said)
    return _LONE.sub(_lone, said)


def unit_said(unit: str, *, several: bool = True) -> str:
    """A written unit as it is said: "g" -> "grams"; one not known as written."""
    one, many = UNIT_WORDS.get(unit, (unit, unit))
    return many if several else one


def _time(match: re.Match[str]) -> str:
    if not _is_clock(match):
        return match[0]
    hour, minute, second = int(match[1]), int(match[2]), int(match[3] or 0)
    seconds = f" and {second} second{'s' if second != 1 else ''}" if second else ""
    if match[4]:  # "5:00am": 5 am, "5:30 pm": 5 30 pm
        minutes = "" if minute == 0 else f" oh {minute}" if minute < 10 else f" {minute}"
        return f"{hour}{minutes} {match[4].lower()}m{seconds}"
    if minute == 0 and hour == 0:
        said = "midnight"
    elif minute == 0:
        # the 24-hour clock read aloud: "8 o'clock", "18 hundred"
        said = f"{hour} o'clock" if hour <= 12 else f"{hour} hundred"
    elif minute < 10:
        said = f"{hour} oh {minute}"
    else:
        said = f"{hour} {minute}"
    return said + seconds


def _is_clock(match: re.Match[str]) -> bool:
    """A time on the clock, not a duration or a ratio ("microwave for 10:00", "1:10 with
    water", "20:00 left"): with am or pm, or after a word that says a moment follows, as
    every time in Hearth's own replies is ("at 7:45", "It's 9:05", "rings at 18:00"), and
    not before a word that makes it a span ("after 2:00 minutes")."""
    if match[4]:
        return True
    after = _NOT_A_CLOCK_AFTER.match(match.string, match.end()) is not None
    return not after and _CLOCK_BEFORE.search(match.string, 0, match.start()) is not None


def _measure(match: re.Match[str]) -> str:
    whole, part, alone, kind, unit = match[1], match[2], match[3], match[4], match[5]
    if alone:  # "½ tsp": half a teaspoon; "¼ oz": a quarter of an ounce
        said = f"{kind}{unit_said(unit, several=False)}"
        of_a = _FRACTIONS[alone][0]
        return f"{of_a}n {said}" if said[0] in "aeiou" and of_a.endswith(" a") else f"{of_a} {said}"
    several = part is not None or whole not in ("1", "1.0")
    written = f"{whole} {_FRACTIONS[part][1]}" if part else whole
    return f"{written} {kind}{unit_said(unit, several=several)}"


def _lone(match: re.Match[str]) -> str:
    of_a, after_a_number = _FRACTIONS[match[1]]
    if match[2] is not None:  # "½ cup": half a cup
        return f"{of_a} {match[2].strip()}".rstrip() + " "
    if match[3]:  # "½ an onion", "¾ the tin": half an onion, three quarters of the tin
        return of_a.rsplit(" ", 1)[0] + match[3]
    return after_a_number.removeprefix("and ")  # "¾ full": three quarters full


def _date(match: re.Match[str]) -> str:
    return f"{_DAYS[match[1]]} {match[2]} {_MONTHS[match[3]]}"
