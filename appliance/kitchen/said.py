"""A kitchen question as words, and the quantities said in it.

    tokens("How many grams is 1 1/2 cups of flour?")
      -> ["how", "many", "grams", "is", "1", "1/2", "cups", "of", "flour"]
    quantities(tokens(...)) -> [Quantity(1.5, ("us_cup",), start=4, end=7)]

Glued forms are parted ("180c", "350°F", "200g", "2tbsp"); a fraction stays one
token ("1/2", "½"); punctuation goes. A quantity is a number (or "half a", "a") and
the unit after it; a number with no unit is not a quantity.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from appliance.apostrophes import straight
from appliance.kitchen.units import BY_KEY, longest_unit_at
from appliance.numbers import GLYPHS, fraction_word_at, number_at

_GLUED = re.compile(r"(\d(?:[\d.]*\d)?)(°?)([a-z]+)\b")
_TOKEN = re.compile(r"\d+/\d+|\d+(?:\.\d+)?|[" + "".join(GLYPHS) + r"]|°[cf]|[a-z]+(?:'[a-z]+)?")


# Letters with an accent, in the Latin blocks only: "½" and "°" keep their own forms
_ACCENTED = re.compile("[\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f]")


def _unaccented(letter: re.Match[str]) -> str:
    return unicodedata.normalize("NFKD", letter[0])[0]


def tokens(text: str) -> list[str]:
    # a minus sign before a number is a word of its own ("-18 c": minus 18, never 18)
    said = re.sub(r"(?<![\w.])[-\u2212](?=\d)", " minus ", text.lower())
    said = straight(said).replace("-", " ").replace("º", "°")
    said = _ACCENTED.sub(_unaccented, said)  # "pâté" is "pate", "chèvre" "chevre"
    said = re.sub(r"(\d)\s*°\s*([cf])\b", r"\1 \2", said)  # "180 °C" -> "180 c"
    said = re.sub(r"°\s*([cf])\b", r" \1", said)
    said = _GLUED.sub(lambda m: f"{m[1]} {m[3]}", said)  # "200g" -> "200 g"
    return _TOKEN.findall(said)


@dataclass(frozen=True)
class Quantity:
    value: float
    units: tuple[str, ...]  # one unit key, or two when UK and US differ ("pint")
    start: int
    end: int


def quantity_at(words: list[str], i: int) -> Quantity | None:
    """A number or an amount word ("half a", "a") followed by a unit, at words[i]."""
    for read in (fraction_word_at, number_at):  # "three quarters of a cup", "a hundred g"
        found = read(words, i)
        if found is None:
            continue
        value, end = found
        unit = longest_unit_at(words, end)
        if unit is not None:
            keys, after = unit
            # "a kilo and a half", "a pound and a quarter": the part said after the unit
            for part, size in (("half", 0.5), ("quarter", 0.25)):
                if words[after : after + 3] == ["and", "a", part]:
                    return Quantity(value + size, keys, i, after + 3)
            return Quantity(value, keys, i, after)
    return None


def quantities(words: list[str]) -> list[Quantity]:
    """Every quantity said, in order (they do not overlap)."""
    found: list[Quantity] = []
    i = 0
    while i < len(words):
        if (quantity := quantity_at(words, i)) is not None:
            found.append(quantity)
            i = quantity.end
        else:
            i += 1
    return found


@dataclass(frozen=True)
class Weight:
    """A weight said in a question, in kilograms, and as the answer says it back."""

    kg: float
    said: str  # "5 kg", "14 lb (6.4 kg)": as asked, in metric beside it


def weight_said(words: list[str]) -> Weight | None:
    """The first weight `words` say: "a 14 lb turkey" is 6.35 kg, said back "14 lb (6.4 kg)"
    (a twenty-second trial's answer read "A 6.35029 kg bird"), "a 2 kg chicken" "2 kg"."""
    for quantity in quantities(words):
        unit = BY_KEY[quantity.units[0]]
        if unit.kind != "mass":
            continue
        kg = quantity.value * unit.size / 1000
        metric = f"{round(kg, 1):g} kg"
        if unit.key in ("kg", "g"):
            return Weight(kg, metric)
        return Weight(kg, f"{quantity.value:g} {unit.singular} ({metric})")
    return None
