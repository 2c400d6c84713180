"""Numbers as a kitchen says them: digits, words, and the fractions recipes use.

    number_at(["one", "and", "a", "half", "cups"], 0)   -> (1.5, 4)
    number_at(["1", "1/2", "tsp"], 0)                   -> (1.5, 2)
    number_at(["two", "hundred", "and", "fifty"], 0)    -> (250.0, 4)

Timers (household/spoken.py) and kitchen measures (kitchen/) read numbers here, so
"twenty five" means the same to both. A word it cannot place reads as nothing,
never as a guess.
"""

from __future__ import annotations

import re
from fractions import Fraction

ONES = {
    "zero": 0,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
}
TENS = {
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
}
ORDINALS = {
    "first": 1,
    "second": 2,
    "third": 3,
    "fourth": 4,
    "fifth": 5,
    "sixth": 6,
    "seventh": 7,
    "eighth": 8,
    "ninth": 9,
    "tenth": 10,
}
# A whole number as a sentence's lower-case words have it: "12", "twelve", "twenty five"
# (a regex fragment; household/false_starts.py and household/list_changes.py read with it)
NUMBER_WORDS = rf"(?:\d+(?:\.\d+)?|(?:{'|'.join(TENS)})(?: (?:{'|'.join(ONES)}))?|{'|'.join(ONES)})"
# The fractions printed on measuring jugs and in recipes.
GLYPHS = {
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
_FRACTION_WORDS = {"half": 0.5, "quarter": 0.25, "third": 1 / 3, "thirds": 1 / 3}
_DIGITS = re.compile(r"\d+(?:\.\d+)?")
_SLASHED = re.compile(r"(\d+)/(\d+)")


def _below_hundred(tokens: list[str], i: int) -> tuple[int, int] | None:
    token = tokens[i] if i < len(tokens) else ""
    if token in ONES:
        return ONES[token], i + 1
    if token in TENS:
        value = TENS[token]
        if i + 1 < len(tokens) and tokens[i + 1] in ONES and 0 < ONES[tokens[i + 1]] < 10:
            return value + ONES[tokens[i + 1]], i + 2
        return value, i + 1
    return None


def _word_number(tokens: list[str], i: int) -> tuple[float, int] | None:
    """Words up to the thousands: "two hundred and fifty", "a hundred", "one thousand"."""
    if tokens[i : i + 2] in (["a", "hundred"], ["a", "thousand"]):
        value, end = (100 if tokens[i + 1] == "hundred" else 1000), i + 2
    else:
        found = _below_hundred(tokens, i)
        if found is None:
            return None
        value, end = found
        if tokens[end : end + 1] == ["hundred"]:
            value, end = value * 100, end + 1
    if tokens[end : end + 1] == ["thousand"] and value < 1000:
        value, end = value * 1000, end + 1
        if (more := _below_hundred(tokens, end)) is not None:
            rest, end = more
            if tokens[end : end + 1] == ["hundred"]:
                rest, end = rest * 100, end + 1
            value += rest
    if (
        value >= 100
        and tokens[end : end + 1] == ["and"]
        and (tail := _below_hundred(tokens, end + 1)) is not None
    ):
        value, end = value + tail[0], tail[1]
    return float(value), end


def _fraction(token: str) -> float | None:
    if token in GLYPHS:
        return GLYPHS[token]
    if (match := _SLASHED.fullmatch(token)) and int(match[2]) != 0:
        return int(match[1]) / int(match[2])
    return None


def number_at(tokens: list[str], i: int) -> tuple[float, int] | None:
    """A number starting at tokens[i], with any fraction after it, and where it ends."""
    if i >= len(tokens):
        return None
    token = tokens[i]
    if (part := _fraction(token)) is not None:
        return part, i + 1
    if _DIGITS.fullmatch(token):
        value, end = float(token), i + 1
        if (part := _fraction(tokens[end] if end < len(tokens) else "")) is not None:
            return value + part, end + 1  # "1 1/2", "2 ½"
    elif (found := _word_number(tokens, i)) is not None:
        value, end = found
    else:
        return None
    rest = tokens[end : end + 3]
    if rest[:2] == ["and", "a"] and len(rest) == 3 and rest[2] in ("half", "quarter"):
        return value + _FRACTION_WORDS[rest[2]], end + 3
    return value, end


def whole_number_at(tokens: list[str], i: int) -> int | None:
    """A whole number starting at tokens[i] ("2", "two"), else None (none, or "2.5")."""
    found = number_at(tokens, i)
    return int(found[0]) if found is not None and found[0] == int(found[0]) else None


def fraction_word_at(tokens: list[str], i: int) -> tuple[float, int] | None:
    """ "half a", "a quarter of a", "three quarters of a", "a third of a", "a quarter": an
    amount (the kitchen reads it only before a unit: "a quarter cup")."""
    rest = tokens[i : i + 5]
    for lead, value in (
        (["half", "a"], 0.5),
        (["half", "an"], 0.5),
        (["a", "half"], 0.5),
        (["a", "quarter", "of", "a"], 0.25),
        (["quarter", "of", "a"], 0.25),
        (["three", "quarters", "of", "a"], 0.75),
        (["a", "third", "of", "a"], 1 / 3),
        (["two", "thirds", "of", "a"], 2 / 3),
        # said before a unit, as American recipes do: "a quarter cup", "two thirds cup"
        (["a", "quarter"], 0.25),
        (["one", "quarter"], 0.25),
        (["quarter"], 0.25),
        (["three", "quarters"], 0.75),
        (["three", "quarter"], 0.75),
        (["a", "third"], 1 / 3),
        (["one", "third"], 1 / 3),
        (["two", "thirds"], 2 / 3),
    ):
        if rest[: len(lead)] == lead:
            return value, i + len(lead)
    if rest[:1] in (["a"], ["an"]):
        return 1.0, i + 1
    return None


def as_fraction(value: float, denominators: tuple[int, ...] = (2, 3, 4, 8)) -> str:
    """A measure as a cook writes it: 1.5 -> "1 ½", 0.333 -> "⅓", 2.0 -> "2"."""
    whole = int(value)
    rest = value - whole
    if rest < 1e-9:
        return str(whole)
    best = min(
        (Fraction(round(rest * d), d) for d in denominators),
        key=lambda f: abs(float(f) - rest),
    )
    if best == 0:
        return str(whole)
    if best == 1:
        return str(whole + 1)
    glyph = next((g for g, v in GLYPHS.items() if abs(v - float(best)) < 1e-9), None)
    part = glyph or f"{best.numerator}/{best.denominator}"
    return f"{whole} {part}" if whole else part
