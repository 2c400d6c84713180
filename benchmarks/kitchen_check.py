"""Whether an answer satisfies a kitchen question's `expect` (benchmarks/data/kitchen_*.json).

    numbers: [[low, high, unit], …]  each needs a number in range said with that unit
    words:   [[alt, …], …]           each group needs one of its words (any case)
    honest:  true                    it declines (no number at all, says not sure / check)

Units are read the way a person reads them: "1 hour 50 minutes" is also 110 min, "24
hours" is also 1 day, "1.5 kg" is also 1500 g, "3 to 4 days" gives both 3 and 4 days.
"""

from __future__ import annotations

import re
from fractions import Fraction

_GLYPHS = {
    "½": 0.5,
    "¼": 0.25,
    "¾": 0.75,
    "⅓": 1 / 3,
    "⅔": 2 / 3,
    "⅛": 0.125,
    "⅜": 0.375,
    "⅝": 0.625,
    "⅞": 0.875,
}
_UNITS = [
    ("gas mark", r"gas(?: mark)?"),
    ("fl oz", r"(?:uk |us )?fl\.? ?oz|(?:uk |us )?fluid ounces?"),
    ("°C", r"°\s?c|degrees c(?:elsius)?|c(?= fan)|celsius|centigrade"),
    ("°F", r"°\s?f|degrees f(?:ahrenheit)?|fahrenheit"),
    ("kg", r"kg|kilos?|kilograms?"),
    ("g", r"g|grams?|grammes?"),
    ("ml", r"ml|millilitres?|milliliters?"),
    ("l", r"l|litres?|liters?"),
    ("oz", r"oz|ounces?"),
    ("lb", r"lbs?|pounds?"),
    ("cup", r"(?:us |metric )?cups?"),
    ("tbsp", r"(?:us )?tbsp|tablespoons?"),
    ("tsp", r"(?:us )?tsp|teaspoons?"),
    ("pint", r"(?:uk |us )?pints?"),
    ("min", r"min(?:ute)?s?"),
    ("hour", r"hours?|hrs?"),
    ("day", r"days?"),
    ("week", r"weeks?"),
    ("month", r"months?"),
]
# The units as kitchen_heldout4.json's brief asked them written ("minutes", "C")
_WRITTEN_AS = {
    "minutes": "min",
    "hours": "hour",
    "days": "day",
    "months": "month",
    "C": "°C",
    "F": "°F",
    "gas": "gas mark",
}
_NUMBER = r"([-−]?\d+(?:\.\d+)?(?:\s+\d+/\d+)?(?:\s*[½¼¾⅓⅔⅛⅜⅝⅞])?|[½¼¾⅓⅔⅛⅜⅝⅞]|\d+/\d+)"
_UNIT = "|".join(f"(?P<u{n}>{pattern})" for n, (_, pattern) in enumerate(_UNITS))
_SAID = re.compile(
    rf"{_NUMBER}(?:\s*(?:to|-|–|or|and)\s*{_NUMBER})?\s*(?:{_UNIT})\b", re.IGNORECASE
)
_GAS_FIRST = re.compile(rf"gas(?: mark)?\s*{_NUMBER}(?:\s*(?:to|-|–)\s*{_NUMBER})?", re.I)
_HOURS_MINUTES = re.compile(r"(\d+)\s*hours?\s*(?:and\s*)?(\d+)\s*min", re.IGNORECASE)
_SAME = {
    "min": [("hour", 1 / 60)],
    "hour": [("min", 60), ("day", 1 / 24)],
    "day": [("hour", 24), ("week", 1 / 7)],
    "week": [("day", 7)],
    "kg": [("g", 1000)],
    "l": [("ml", 1000)],
    "month": [("week", 30 / 7)],
}


def _value(text: str) -> float:
    text = text.strip()
    if text[:1] in ("-", "−"):  # "−18 °C"
        return -_value(text[1:])
    total = 0.0
    for part in re.findall(r"\d+/\d+|\d+(?:\.\d+)?|[½¼¾⅓⅔⅛⅜⅝⅞]", text):
        if part in _GLYPHS:
            total += _GLYPHS[part]
        elif "/" in part:
            total += float(Fraction(part))
        else:
            total += float(part)
    return total


def said_numbers(answer: str) -> list[tuple[float, str]]:
    """Every (number, unit) the answer says, with the equivalents a person would accept."""
    found: list[tuple[float, str]] = []
    for match in _SAID.finditer(answer):
        unit = next(_UNITS[n][0] for n in range(len(_UNITS)) if match.group(f"u{n}"))
        for number in (match.group(1), match.group(2)):
            if number:
                found.append((_value(number), unit))
    for match in _GAS_FIRST.finditer(answer):
        for number in (match.group(1), match.group(2)):
            if number:
                found.append((_value(number), "gas mark"))
    for match in _HOURS_MINUTES.finditer(answer):
        found.append((int(match[1]) * 60 + int(match[2]), "min"))
    for value, unit in list(found):
        for other, factor in _SAME.get(unit, []):
            found.append((value * factor, other))
    return found


_DECLINES = re.compile(r"\b(not sure|don't know|do not know|won't guess|can't say|check)\b", re.I)


def satisfies(answer: str, expect: dict) -> bool:
    if expect.get("honest"):
        return bool(_DECLINES.search(answer)) and not re.search(r"\d", answer)
    said = said_numbers(answer)
    for low, high, written in expect.get("numbers", []):
        unit = _WRITTEN_AS.get(written, written)
        if not any(u == unit and low - 1e-6 <= v <= high + 1e-6 for v, u in said):
            return False
    lowered = answer.lower()
    return all(any(word.lower() in lowered for word in group) for group in expect.get("words", []))
