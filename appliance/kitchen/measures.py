"""Conversions a cook asks for: weights, volumes, spoons and cups, oven temperatures.

    convert_question(tokens("how many grams is a cup of flour"))
      -> "A cup of plain flour is about 125 g (King Arthur's weight chart)."
    temperature_question(tokens("190 c in f"))
      -> "190 °C is about 375 °F, gas mark 5. In a fan oven, use 170 °C."

Arithmetic on units.py's exact definitions; a cup of something in grams takes its
density from densities.csv, and when what it is was not said the answer asks rather
than guesses. Numbers are said the way a cook wants them: temperatures to the
nearest 5 degrees, grams to the nearest 5 above 100 g, cups and spoons in the
fractions on measuring cups (½, ⅓, ¼), pints, quarts, ounces and the rest to a tenth.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from appliance.aloud import unit_said
from appliance.kitchen import units
from appliance.kitchen.said import Quantity, quantities, quantity_at
from appliance.kitchen.tables import Density, Table
from appliance.kitchen.units import BY_KEY, FAN_OFFSET_C, GAS_MARKS
from appliance.numbers import as_fraction, number_at

# Where a target unit is named: "in grams", "to cups", "into ml", "how many grams".
_TARGET_LEADS = ("in", "into", "to", "as")


@dataclass(frozen=True)
class Said:
    """An exact answer and what it rests on."""

    text: str
    kind: str  # convert | temperature
    source: str


# -- saying numbers -----------------------------------------------------------------------


def _round(value: float, step: float) -> float:
    return math.floor(value / step + 0.5) * step  # halves up, as a cook reads a scale


_SPOON_LIKE = ("us_cup", "metric_cup", "tsp", "tbsp", "us_tsp", "us_tbsp", "stick", "dessertspoon")


def say_amount(value: float, key: str, *, exact: bool = True) -> str:
    """A measure as a cook says it: '125 g', '1 ½ cups', '2 tbsp', '568 ml'.

    `exact`: the number came from definitions alone (a pint is 568 ml, said so); a
    density makes it approximate, rounded to what a scale or jug shows (5 g, 5 ml).
    """
    unit = BY_KEY[key]
    if key in _SPOON_LIKE:
        number = _round(value, 1 / 24) if value < 8 else _round(value, 0.5)
        written = as_fraction(number)
        name = unit.singular if number <= 1 else unit.plural
        return f"{written} {name}"
    if key in ("g", "ml"):
        step = (1 if value >= 10 else 0.5) if exact or value < 100 else 5
        return f"{_round(value, step):g} {unit.singular}"
    if key in ("lb", "oz") and value < 4 and abs(value * 8 - round(value * 8)) < 0.01:
        written = as_fraction(value)  # "½ lb", "1 ¼ lb"
        return f"{written} {unit.singular if value <= 1 else unit.plural}"
    if key in ("kg", "l", "lb"):
        number = round(value, 2 if key != "lb" else 1)
    else:
        # tenths below 20: 400 ml is 0.7 UK pints, not "0.5"; 0.85 US pints, not "1"
        number = _round(value, 0.1 if value < 20 else 1)
    return f"{number:g} {unit.singular if number == 1 else unit.plural}"


def say_celsius(value: float) -> str:
    return f"{_round(value, 5):g} °C"


def say_fahrenheit(value: float) -> str:
    return f"{_round(value, 5):g} °F"


def say_mark(mark: float) -> str:
    return f"gas mark {as_fraction(mark)}"


# -- temperatures --------------------------------------------------------------------------


@dataclass(frozen=True)
class Oven:
    celsius: float  # the conventional oven's
    said: str  # what was asked about, as said back
    fan_given: bool  # the temperature said was a fan oven's


def _oven_said(words: list[str]) -> Oven | None:
    """The temperature a question is about: 180 c, 350 f, gas mark 4, 190 fan, 200 degrees."""
    fan_given = False
    for i in range(len(words)):
        # "gas mark 4", "mark 4", and "gasmark 4" as a recogniser writes it
        if words[i] in ("gas", "gasmark") or (
            words[i] == "mark" and (i == 0 or words[i - 1] != "gas")
        ):
            at = i + (2 if words[i + 1 : i + 2] == ["mark"] else 1)
            found = number_at(words, at)
            if found is not None and found[0] in GAS_MARKS:
                return Oven(float(GAS_MARKS[found[0]][0]), say_mark(found[0]), False)
        found = number_at(words, i)
        if found is None:
            continue
        value, end = found
        rest = words[end : end + 3]
        if rest[:1] == ["degrees"]:
            rest = rest[1:]
            end += 1
        if rest[:1] in (["fan"], ["c", "fan"]) or rest[:2] == ["c", "fan"]:
            fan_given = True
        keys = units.longest_unit_at(words, end)
        if keys is not None and keys[0][0] in ("celsius", "fahrenheit"):
            key = keys[0][0]
            fan_given = fan_given or words[keys[1] : keys[1] + 1] == ["fan"]
        elif (
            fan_given or words[end : end + 1] == ["degrees"] or words[end - 1 : end] == ["degrees"]
        ):
            key = "fahrenheit" if value >= 250 else "celsius"  # no oven runs at 250 °C or less °F
        else:
            continue
        celsius = units.to_celsius(value, key)
        if fan_given:
            shown = f"{value:g} °C fan"
            return Oven(celsius + FAN_OFFSET_C, shown, True)
        shown = say_celsius(value) if key == "celsius" else say_fahrenheit(value)
        return Oven(celsius, shown.replace(f"{_round(value, 5):g}", f"{value:g}"), False)
    # "oven at 425, what's that in c", "whats 375 in celsius for baking": the scale guessed
    if (
        {"oven", "recipe", "bake", "baking", "roast", "roasting", "celsius", "fahrenheit"}
        & set(words)
        or words[-1:] in (["c"], ["f"])
        # "what gas mark is 180": a gas mark asked of a number, which can only be degrees
        or " gas mark " in f" {' '.join(words)} "
    ):
        for i in range(len(words)):
            found = number_at(words, i)
            if found is not None and 100 <= found[0] <= 500:
                key = "fahrenheit" if found[0] >= 250 else "celsius"
                celsius = units.to_celsius(found[0], key)
                shown = say_fahrenheit(found[0]) if key == "fahrenheit" else say_celsius(found[0])
                return Oven(celsius, shown, False)
    return None


def _off_the_dial(words: list[str]) -> float | None:
    """A gas mark no oven has ("gas mark 12"): said back as such, never guessed at."""
    for i in range(len(words) - 2):
        if words[i : i + 2] == ["gas", "mark"] and (found := number_at(words, i + 2)):
            return None if found[0] in GAS_MARKS else found[0]
    return None


def _asks_about_temperature(words: list[str]) -> bool:
    joined = f" {' '.join(words)} "
    return any(
        f" {w} " in joined
        for w in ("c", "f", "celsius", "fahrenheit", "centigrade", "gas", "fan", "degrees", "oven")
    )


# Water's two fixed points, by definition of the scales (at sea level for boiling).
_WATER = re.compile(r"\bwater\b.*\b(?P<what>boil|boils|boiling|freeze|freezes|freezing)\b")


def _water(words: list[str]) -> Said | None:
    found = _WATER.search(" ".join(words))
    if found is None or not ({"temp", "temperature", "degrees", "what", "c", "f"} | _SCALES) & set(
        words
    ):
        return None
    if found["what"].startswith("boil"):
        text = "Water boils at 100 °C (212 °F) at sea level; a little lower up a hill."
    else:
        text = "Water freezes at 0 °C (32 °F)."
    return Said(text, "temperature", "the Celsius and Fahrenheit scales")


_SCALES = {"celsius", "fahrenheit", "centigrade"}


def _agrees(words: list[str], oven: Oven) -> bool | None:
    """For "is 180 c gas 4?": whether the second temperature said is the first one's;
    None when only one is said or it is not a yes-or-no question."""
    if words[:1] != ["is"]:
        return None
    said = " ".join(words)
    if (mark := re.search(r"\b(?:gas(?: mark)?|mark) (\d+(?:/\d+)?|½|¼)$", said)) and (
        "gas mark" not in oven.said
    ):
        found = number_at([mark[1]], 0)
        return found is not None and found[0] in units.gas_marks_for(oven.celsius)
    if second := re.search(r"\b(\d+) ?(c|f|celsius|fahrenheit)$", said):
        value = float(second[1])
        if second[2].startswith("f"):
            return abs(units.oven_fahrenheit(oven.celsius) - value) <= 10
        return abs(oven.celsius - value) <= 5
    return None


_SCALE_ASKED = re.compile(
    r"^(?:(?:what|whats|what's|how much|how many degrees) (?:is )?|convert )?"
    r"(?P<minus>minus )?(?P<n>\d+(?:\.\d+)?) (?:degrees )?"
    r"(?P<from>f|fahrenheit|c|celsius|centigrade) "
    r"(?:in|to|into|as) (?:degrees )?(?P<to>c|celsius|centigrade|f|fahrenheit)$"
)


def _scale_asked(words: list[str]) -> Said | None:
    """ "100f in c": one scale in the other, exactly, where the number is no oven's."""
    found = _SCALE_ASKED.match(" ".join(words))
    if found is None or found["from"][0] == found["to"][0]:
        return None
    value = -float(found["n"]) if found["minus"] else float(found["n"])
    if found["from"].startswith("f"):
        said, other = f"{_degrees(value)} °F", f"{_degrees((value - 32) * 5 / 9)} °C"
    else:
        said, other = f"{_degrees(value)} °C", f"{_degrees(value * 9 / 5 + 32)} °F"
    return Said(f"{said} is {other}.", "temperature", "the Celsius and Fahrenheit scales")


def _degrees(value: float) -> str:
    rounded = round(value, 1)
    return str(int(rounded)) if rounded == int(rounded) else str(rounded)


# An old recipe's oven said in words, as British oven tables print it against gas marks
_DESCRIBED_OVENS = (
    (re.compile(r"\bvery (?:cool|slow|low)\b"), (0.25, 0.5)),
    (re.compile(r"\b(?:moderately|fairly|quite) hot\b"), (5, 6)),
    (re.compile(r"\bvery hot\b"), (8, 9)),
    (re.compile(r"\b(?:cool|slow|low)\b"), (1, 2)),
    (re.compile(r"\bwarm\b"), (3,)),
    (re.compile(r"\b(?:moderate|medium)\b"), (4,)),
    (re.compile(r"\bhot\b"), (7,)),
)


def _described_oven(words: list[str]) -> Said | None:
    """ "my nan's recipe just says moderate oven, what temp is that": the words of an old
    recipe's oven, in °C, °F and gas marks (a held-out split's got "Noted.")."""
    said = " ".join(words)
    if (
        not re.search(r"\boven\b", said)
        or re.search(r"\d+ (?:c|f|degrees|celsius|fahrenheit)\b|\bgas\b|\bfan\b", said)
        or re.search(r"\bhow (?:long|many)\b", said)
    ):
        return None  # a number of degrees is converted as said; "how long" asks a time
    for pattern, marks in _DESCRIBED_OVENS:
        found = pattern.search(said)
        if found is None or not re.search(rf"{found[0]} (?:\w+ )?oven\b", said):
            continue
        celsius = [GAS_MARKS[m][0] for m in marks]
        fahrenheit = [GAS_MARKS[m][1] for m in marks]

        def span(values: list[int], unit: str) -> str:
            return " to ".join(dict.fromkeys(f"{v}" for v in values)) + f" {unit}"

        text = (
            f"A {found[0]} oven is {span(celsius, '°C')} ({span(fahrenheit, '°F')}), gas mark "
            f"{' to '.join(as_fraction(m) for m in marks)}. In a fan oven, use "
            f"{span([c - FAN_OFFSET_C for c in celsius], '°C')}."
        )
        return Said(text, "temperature", "traditional British oven tables (gas marks)")
    return None


def temperature_question(words: list[str]) -> Said | None:
    """An oven temperature in the other scales (°C, °F, gas mark, fan), or None."""
    if (water := _water(words)) is not None:
        return water
    if (described := _described_oven(words)) is not None:
        return described
    if not _asks_about_temperature(words):
        return None
    if (mark := _off_the_dial(words)) is not None:
        text = f"Gas marks run from ¼ to 9; there is no gas mark {as_fraction(mark)}."
        return Said(text, "temperature", "gas marks: UK oven tables (docs/kitchen.md)")
    oven = _oven_said(words)
    if oven is None:
        return None
    celsius = oven.celsius
    if not 50 <= celsius <= 300:
        # not an oven: body or fridge temperatures are food safety's, and only a scale
        # asked for by name is converted ("whats 100f in c" got the model's "100F is a
        # unit of measurement used in the metric system" in a tenth outside trial)
        return _scale_asked(words)
    wants_fan = "fan" in words and not oven.fan_given
    parts = []
    if oven.fan_given:
        parts.append(f"a conventional oven at {say_celsius(celsius)}")
    elif not oven.said.endswith("°C"):
        parts.append(say_celsius(celsius))
    if "°F" not in oven.said:
        parts.append(f"{say_fahrenheit(units.oven_fahrenheit(celsius))}")
    marks = units.gas_marks_for(celsius)
    if marks and "gas mark" not in oven.said:
        parts.append(
            " to ".join(say_mark(m) if n == 0 else as_fraction(m) for n, m in enumerate(marks))
        )
    text = f"{oven.said} is about {', '.join(parts)}."
    if not oven.fan_given:
        fan = say_celsius(celsius - FAN_OFFSET_C)
        text += (
            f" In a fan oven, use {fan}."
            if wants_fan or "gas mark" in oven.said or oven.said.endswith("°F")
            else f" (A fan oven: {fan}.)"
        )
    agrees = _agrees(words, oven)
    if agrees is not None:
        text = ("Yes: " if agrees else "No: ") + text[:1].lower() + text[1:]
    return Said(text, "temperature", "gas marks and fan ovens: UK oven tables (docs/kitchen.md)")


# -- weights and volumes -------------------------------------------------------------------


def _target(words: list[str], source: Quantity | None) -> tuple[str, ...] | None:
    """The unit the answer is wanted in: 'in grams', 'how many cups', 'to ml'."""
    for i, word in enumerate(words):
        if word in _TARGET_LEADS or (word == "many" and i and words[i - 1] == "how"):
            found = units.longest_unit_at(words, i + 1)
            if found is not None and (source is None or i + 1 != source.start):
                return found[0]
        if word == "how" and words[i + 1 : i + 2] == ["much"]:
            continue
    if {"weigh", "weighs", "weight", "heavy"} & set(words):
        return ("g",)  # "how much does a cup of rice weigh"
    # "cup of flour in grams?" -> target after the source; "grams in a cup of flour"
    if source is not None:
        for i in range(source.start):
            found = units.longest_unit_at(words, i)
            if found is not None and found[0][0] not in source.units:
                return found[0]
        # "1 cup brown sugar packed, grams?": the unit asked for said last, alone
        last = units.longest_unit_at(words, len(words) - 1)
        if last is not None and len(words) - 1 >= source.end and last[0][0] not in source.units:
            return last[0]
    return None


def _ingredient(words: list[str], densities: Table[Density]) -> Density | None:
    found = densities.named_in(words)
    return found[1][0] if found else None


# "a packed cup", "per cup", "the tablespoon": one of the unit, its number unsaid
_BEFORE_A_UNIT = {"per", "the", "packed", "level", "heaped", "heaping", "rounded", "full"}


def convert_question(words: list[str], densities: Table[Density]) -> Said | None:
    """A weight or volume in another unit (with a density for cups of flour), or None."""
    said = quantities(words)
    source = said[0] if said else None
    if source is None:
        # "how many grams in a cup of flour", "cup of sugar in grams": one of the unit
        # "a cup" said anywhere before a unit said bare: "tablespoons in a cup"
        for i in range(len(words)):
            if words[i] in ("a", "an", "one") and (q := quantity_at(words, i)) is not None:
                source = q
                break
        for i in range(len(words) if source is None else 0):
            found = units.longest_unit_at(words, i)
            if found is not None and (i == 0 or words[i - 1] in _BEFORE_A_UNIT):
                source = Quantity(1.0, found[0], i, found[1])
                break
    target = _target(words, source)
    if source is None or target is None:
        return None
    if source.units[0] in ("celsius", "fahrenheit", "gas_mark"):
        return None
    target = tuple(t for t in target if t not in source.units) or target
    if len(source.units) > 1 or len(target) > 1:
        return _ambiguous(source, target, words, densities)
    return _converted(source.value, source.units[0], target[0], words, densities)


def _converted(
    value: float, source: str, target: str, words: list[str], densities: Table[Density]
) -> Said | None:
    source, target = units.spoons_for(source, target)
    what = _ingredient(words, densities)
    if what is None and {BY_KEY[source].kind, BY_KEY[target].kind} == {"mass", "volume"}:
        # "how many oz in a cup": beside a volume, an ounce is a fluid ounce
        fluid = "uk_fl_oz" if source.startswith("uk_") or target.startswith("uk_") else "us_fl_oz"
        source = fluid if source == "oz" else source
        target = fluid if target == "oz" else target
    a, b = BY_KEY[source], BY_KEY[target]
    amount = say_amount(value, source)
    of = f" of {what.ingredient}" if what and source != "stick" else ""
    if a.kind == b.kind:
        result = units.convert(value, source, target)
        return Said(f"{amount}{of} is {say_amount(result, target)}.", "convert", "arithmetic")
    if what is None:
        return Said(
            f"It depends on what it is: {amount} of flour weighs far less than {amount} of "
            "sugar or honey. Say what it is, for example "
            f"“{amount} of plain flour in {unit_said(b.plural)}”.",
            "unclear",
            "arithmetic",
        )
    grams_per_ml = what.grams_per_cup / units.US_CUP_ML
    if a.kind == "volume":
        grams = value * a.size * grams_per_ml
        result = grams / b.size
    else:
        millilitres = value * a.size / grams_per_ml
        result = millilitres / b.size
    return Said(
        f"{amount}{of} is about {say_amount(result, target, exact=False)}.",
        "convert",
        f"{what.source}: {what.grams_per_cup:g} g a cup",
    )


def _ambiguous(
    source: Quantity, target: tuple[str, ...], words: list[str], densities: Table[Density]
) -> Said | None:
    """A bare pint, fluid ounce or quart: the UK and US answers, both."""
    parts = []
    for a in source.units:
        for b in target:
            said = _converted(source.value, a, b, words, densities)
            if said is None:
                return None
            parts.append(said.text.rstrip("."))
    return Said(
        "; ".join(parts) + ". (UK and US measures differ: say “UK” or “US” for one.)",
        "convert",
        "arithmetic",
    )
