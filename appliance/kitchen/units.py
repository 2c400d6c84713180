"""The kitchen's units, each defined once, exactly, and the arithmetic between them.

Mass is kept in grams, volume in millilitres, temperature in degrees Celsius. The
definitions are the legal ones (an avoirdupois ounce is 28.349523125 g; a US cup
236.5882365 ml; an imperial pint 568.26125 ml). Spoons are metric (5 ml, 15 ml), as
UK measuring spoons and most recipes written since the 1970s are; a US tablespoon is
14.8 ml, 1.4 % less, which no recipe notices. A "cup" is the US cup unless a metric
cup is asked for; a pint, a quart, a gallon or a fluid ounce said bare is ambiguous
(UK and US differ by a fifth), and the answer says both.

benchmarks/units.py measured the maintained unit libraries on the package index
against this table (docs/kitchen.md has the numbers and why this table won).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Kind = Literal["mass", "volume", "temperature"]


@dataclass(frozen=True)
class Unit:
    key: str  # "g", "us_cup", "gas_mark"
    kind: Kind
    size: float  # grams or millilitres per one (temperature: unused)
    singular: str  # how an answer says one of it
    plural: str
    words: tuple[str, ...]  # what people call it, lower case


def _unit(key: str, kind: Kind, size: float, singular: str, plural: str, words: str = "") -> Unit:
    """One unit: `words` are the other things people call it, separated by "|"."""
    return Unit(
        key, kind, size, singular, plural, (singular, plural, *filter(None, words.split("|")))
    )


US_CUP_ML = 236.5882365
UNITS = (
    _unit("g", "mass", 1.0, "g", "g", "gram|grams|gramme|grammes|gr|grm"),
    _unit("kg", "mass", 1000.0, "kg", "kg", "kilo|kilos|kilogram|kilograms|kgs"),
    _unit("mg", "mass", 0.001, "mg", "mg", "milligram|milligrams"),
    _unit("oz", "mass", 28.349523125, "oz", "oz", "ounce|ounces|ozs"),
    _unit("lb", "mass", 453.59237, "lb", "lb", "pound|pounds|lbs"),
    _unit("stone", "mass", 6350.29318, "stone", "stone", "st"),
    _unit("stick", "mass", 113.3980925, "stick of butter", "sticks of butter", "stick|sticks"),
    _unit("ml", "volume", 1.0, "ml", "ml", "millilitre|millilitres|milliliter|milliliters|mls"),
    _unit("cl", "volume", 10.0, "cl", "cl", "centilitre|centilitres"),
    _unit("dl", "volume", 100.0, "dl", "dl", "decilitre|decilitres"),
    _unit("l", "volume", 1000.0, "litre", "litres", "liter|liters|ltr|lt|l"),
    _unit("tsp", "volume", 5.0, "tsp", "tsp", "teaspoon|teaspoons|teaspoonful|teaspoonfuls|tsps"),
    _unit("tbsp", "volume", 15.0, "tbsp", "tbsp", "tablespoon|tablespoons|tablespoonful|tbsps|tbs"),
    _unit(
        "dessertspoon",
        "volume",
        10.0,
        "dessertspoon",
        "dessertspoons",
        "dessert spoon|dessert spoons|dessertspoonful|dsp",
    ),
    # Australia's tablespoon is 20 ml, four teaspoons (Standards Australia's metric spoons)
    _unit(
        "au_tbsp",
        "volume",
        20.0,
        "Australian tbsp",
        "Australian tbsp",
        "australian tablespoon|australian tablespoons|aussie tablespoon|aussie tablespoons",
    ),
    _unit("us_tsp", "volume", 4.92892159375, "US tsp", "US tsp", "us teaspoon|us teaspoons"),
    _unit(
        "us_tbsp", "volume", 14.78676478125, "US tbsp", "US tbsp", "us tablespoon|us tablespoons"
    ),
    _unit(
        "us_cup", "volume", US_CUP_ML, "cup", "cups", "us cup|us cups|american cup|american cups"
    ),
    _unit("metric_cup", "volume", 250.0, "metric cup", "metric cups"),
    _unit(
        "uk_pint",
        "volume",
        568.26125,
        "UK pint",
        "UK pints",
        "uk pint|uk pints|imperial pint|imperial pints|british pint|british pints|english pint",
    ),
    _unit(
        "us_pint",
        "volume",
        473.176473,
        "US pint",
        "US pints",
        "us pint|us pints|american pint|american pints",
    ),
    _unit(
        "uk_fl_oz",
        "volume",
        28.4130625,
        "UK fl oz",
        "UK fl oz",
        "uk fl oz|uk fluid ounce|uk fluid ounces|imperial fl oz|british fl oz",
    ),
    _unit(
        "us_fl_oz",
        "volume",
        29.5735295625,
        "US fl oz",
        "US fl oz",
        "us fl oz|us fluid ounce|us fluid ounces|american fl oz",
    ),
    _unit("uk_quart", "volume", 1136.5225, "UK quart", "UK quarts", "uk quart|uk quarts"),
    _unit("us_quart", "volume", 946.352946, "US quart", "US quarts", "us quart|us quarts"),
    _unit(
        "uk_gallon",
        "volume",
        4546.09,
        "UK gallon",
        "UK gallons",
        "uk gallon|uk gallons|imperial gallon",
    ),
    _unit(
        "us_gallon",
        "volume",
        3785.411784,
        "US gallon",
        "US gallons",
        "us gallon|us gallons|american gallon|american gallons",
    ),
    _unit(
        "celsius",
        "temperature",
        0,
        "°C",
        "°C",
        "c|°c|degrees c|degrees celsius|celsius|centigrade|deg c",
    ),
    _unit(
        "fahrenheit",
        "temperature",
        0,
        "°F",
        "°F",
        "f|°f|degrees f|degrees fahrenheit|fahrenheit|deg f",
    ),
    _unit("gas_mark", "temperature", 0, "gas mark", "gas mark", "gas|gas marks|gasmark|mark"),
)
BY_KEY = {unit.key: unit for unit in UNITS}
# Said bare, these are ambiguous: the UK and US sizes differ by a fifth.
AMBIGUOUS = {
    "pint": ("uk_pint", "us_pint"),
    "pints": ("uk_pint", "us_pint"),
    "pt": ("uk_pint", "us_pint"),
    "fl oz": ("uk_fl_oz", "us_fl_oz"),
    "fluid ounce": ("uk_fl_oz", "us_fl_oz"),
    "fluid ounces": ("uk_fl_oz", "us_fl_oz"),
    "floz": ("uk_fl_oz", "us_fl_oz"),
    "quart": ("uk_quart", "us_quart"),
    "quarts": ("uk_quart", "us_quart"),
    "gallon": ("uk_gallon", "us_gallon"),
    "gallons": ("uk_gallon", "us_gallon"),
}
_WORDS = {word: unit.key for unit in UNITS for word in unit.words}


def unit_named(words: str) -> tuple[str, ...] | None:
    """The unit keys these words can mean: one, or two when UK and US differ; else None."""
    said = " ".join(words.lower().replace(".", "").split())
    if said in AMBIGUOUS:
        return AMBIGUOUS[said]
    key = _WORDS.get(said)
    return (key,) if key else None


def longest_unit_at(tokens: list[str], i: int) -> tuple[tuple[str, ...], int] | None:
    """The unit said at tokens[i] (up to three words: "degrees fahrenheit", "us fl oz")."""
    for width in (3, 2, 1):
        if i + width <= len(tokens) and (keys := unit_named(" ".join(tokens[i : i + width]))):
            return keys, i + width
    return None


# -- temperature ---------------------------------------------------------------------------

# Gas mark -> °C, as UK ovens and recipe books (Delia's, the BBC's) print them; °F from the
# same tables. A fan oven runs about 20 °C hotter than its dial (manufacturers and the
# BBC's tables say set it 20 °C lower).
GAS_MARKS = {
    0.25: (110, 225),
    0.5: (120, 250),
    1: (140, 275),
    2: (150, 300),
    3: (170, 325),
    4: (180, 350),
    5: (190, 375),
    6: (200, 400),
    7: (220, 425),
    8: (230, 450),
    9: (240, 475),
}
FAN_OFFSET_C = 20


def to_celsius(value: float, key: str) -> float:
    if key == "celsius":
        return value
    if key == "fahrenheit":
        return oven_celsius(value)
    if key == "gas_mark":
        if value not in GAS_MARKS:
            raise ValueError(f"gas mark {value:g} is not on an oven dial (¼ to 9)")
        return float(GAS_MARKS[value][0])
    raise ValueError(f"{key} is not a temperature")


def to_fahrenheit(celsius: float) -> float:
    return celsius * 9 / 5 + 32


def gas_marks_for(celsius: float) -> tuple[float, ...]:
    """The gas mark printed for a temperature (within 5 °C), or the two either side of it
    (within 10 °C: "gas mark 6–7"); () outside the dial."""
    near = sorted(GAS_MARKS.items(), key=lambda item: abs(item[1][0] - celsius))
    (mark, (at, _)), (second, (next_at, _)) = near[0], near[1]
    if abs(at - celsius) <= 5:
        return (mark,)
    if abs(at - celsius) <= 10 and abs(next_at - celsius) <= 10:
        return tuple(sorted((mark, second)))
    return (mark,) if abs(at - celsius) <= 8 else ()


def oven_fahrenheit(celsius: float) -> float:
    """°F as oven tables print it (180 °C is 350 °F), else computed."""
    for at, fahrenheit in GAS_MARKS.values():
        if abs(at - celsius) <= 2:
            return float(fahrenheit)
    return to_fahrenheit(celsius)


def oven_celsius(fahrenheit: float) -> float:
    """°C as oven tables print it (350 °F is 180 °C), else computed."""
    for at, printed in GAS_MARKS.values():
        if abs(printed - fahrenheit) <= 3:
            return float(at)
    return (fahrenheit - 32) * 5 / 9


# -- mass and volume -------------------------------------------------------------------------


# Beside US cups and sticks, a spoon is the US one: a cup is 16 tablespoons there.
_US_SPOONS = {"tsp": "us_tsp", "tbsp": "us_tbsp"}
_AMERICAN = {"us_cup", "stick", "us_fl_oz", "us_pint", "us_quart", "us_gallon"}


def spoons_for(source: str, target: str) -> tuple[str, str]:
    """The spoon sizes to convert with: US spoons when the other side is an American unit."""
    if source in _AMERICAN:
        target = _US_SPOONS.get(target, target)
    if target in _AMERICAN:
        source = _US_SPOONS.get(source, source)
    return source, target


def convert(value: float, source: str, target: str) -> float:
    """value in `source` units as `target` units (both mass, or both volume)."""
    source, target = spoons_for(source, target)
    a, b = BY_KEY[source], BY_KEY[target]
    if a.kind != b.kind or a.kind == "temperature":
        raise ValueError(f"{a.plural} and {b.plural} do not convert without a density")
    return value * a.size / b.size
