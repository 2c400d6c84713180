"""An ingredient line's amount, read exactly, and said again after scaling.

    read_ingredient("1½ tsp ground ginger")      -> Ingredient(3/2, "tsp", "ground ginger")
    read_ingredient("2 x 400g tins tomatoes")    -> Ingredient(800, "g", "tomatoes")
    read_ingredient("250g/9oz butter, softened") -> Ingredient(250, "g", "butter, softened")
    say_quantity(Fraction(3, 4), "tsp")          -> "¾ tsp"

Quantities are `Fraction`s, so halving 1½ tsp is ¾ tsp and nothing drifts. A unit is
a key: the kitchen's own (appliance.kitchen.units: g, tsp, us_cup, uk_pint, …) for what
can be weighed or measured, or a counted thing (pinch, clove, tin, …). A line that does
not start with an amount ("salt to taste", "juice of 1 lemon") has none: it is kept
whole, and scaling leaves it as written.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from appliance.kitchen.measures import say_amount
from appliance.kitchen.units import BY_KEY, convert
from appliance.numbers import GLYPHS, ONES

# Counted things a recipe measures in: scaled as counts, never converted.
COUNTED = {
    "pinch": ("pinch", "pinches"),
    "handful": ("handful", "handfuls"),
    "clove": ("clove", "cloves"),
    "tin": ("tin", "tins"),
    "can": ("can", "cans"),
    "slice": ("slice", "slices"),
    "bunch": ("bunch", "bunches"),
    "sprig": ("sprig", "sprigs"),
    "stick": ("stick", "sticks"),
    "sheet": ("sheet", "sheets"),
    "knob": ("knob", "knobs"),
    "dash": ("dash", "dashes"),
    "splash": ("splash", "splashes"),
}
# Counted things said with "of": "a pinch of salt", "2 handfuls of parsley".
A_LITTLE = frozenset({"pinch", "handful", "knob", "dash", "splash", "sprig", "bunch"})
# What people write for the measured units, lower case (the exact-case ones are below).
_MEASURED = {
    "g": "g|gr|grm|gram|grams|gramme|grammes|gms",
    "kg": "kg|kgs|kilo|kilos|kilogram|kilograms",
    "mg": "mg|milligram|milligrams",
    "oz": "oz|ozs|ounce|ounces",
    "lb": "lb|lbs|pound|pounds",
    "ml": "ml|mls|millilitre|millilitres|milliliter|milliliters",
    "cl": "cl|centilitre|centilitres",
    "dl": "dl|decilitre|decilitres",
    "l": "l|ltr|litre|litres|liter|liters",
    "tsp": "tsp|tsps|tsp.|teaspoon|teaspoons|teaspoonful|teaspoonfuls",
    "tbsp": "tbsp|tbsps|tbsp.|tbs|tbl|tb|tablespoon|tablespoons|tablespoonful|tablespoonfuls",
    "us_cup": "cup|cups|c.|c",
    "uk_pint": "pint|pints|pt|uk pint|uk pints|imperial pint|imperial pints",
    "us_pint": "us pint|us pints",
    "fl_oz": "fl oz|fl. oz|fl.oz|floz|fluid ounce|fluid ounces",
}
# Case matters for these: "1 T sugar" is a tablespoon, "1 t salt" a teaspoon.
_EXACT_CASE = {"T": "tbsp", "Tbsp": "tbsp", "TBSP": "tbsp", "Tb": "tbsp", "t": "tsp"}
# The kitchen's key for arithmetic: a bare fluid ounce in a recipe is taken as UK.
_KITCHEN_KEY = {"fl_oz": "uk_fl_oz"}

_WORDS: dict[str, str] = {
    word: key for key, words in _MEASURED.items() for word in words.split("|")
} | {word: key for key, forms in COUNTED.items() for word in forms}
_UNIT_ALTERNATION = "|".join(
    re.escape(w) for w in sorted([*_WORDS, *_EXACT_CASE], key=len, reverse=True)
)

_GLYPH_CLASS = "".join(GLYPHS)
_NUMBER = (
    rf"(?:\d+\s*[{_GLYPH_CLASS}]|[{_GLYPH_CLASS}]|\d+\s+\d+\s*/\s*\d+|\d+\s*/\s*\d+|"
    rf"\d+(?:[.,]\d+)?)"
)
_WORD_NUMBERS = {**{w: n for w, n in ONES.items() if 0 < n <= 12}, "a": 1, "an": 1, "half": 0}
_WORD_NUMBER = r"(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
# "2 x 400g tins": a count of packs, each of a measure.
_PACKS = re.compile(
    rf"^(?P<count>\d+)\s*[x×]\s*(?P<each>{_NUMBER})\s*(?P<unit>{_UNIT_ALTERNATION})\.?\s+"
    r"(?:(?:tins?|cans?|packs?|packets?|jars?|bags?|cartons?|bottles?|pots?|tubs?|sachets?|sheets?|blocks?|punnets?)\s+)?(?:of\s+)?"
    r"(?P<item>.+)$",
    re.IGNORECASE,
)
_AMOUNT = re.compile(
    rf"^(?P<number>{_NUMBER}|{_WORD_NUMBER}(?=\s))"
    rf"(?:\s*(?:-|–|to)\s*(?:{_NUMBER}|{_WORD_NUMBER}))?"  # "2-3 cloves": the lower bound
    rf"(?:\s*(?P<unit>{_UNIT_ALTERNATION})(?![a-z]))?\.?"
    r"(?P<rest>.*)$",
    re.IGNORECASE,
)
# "Pinch of nutmeg", "handful of parsley": one of a counted thing, the "a" left out.
_BARE_COUNTED = re.compile(
    r"^(?P<unit>pinch|handful|knob|dash|splash|sprig|bunch)\s+(?:of\s+)?(?P<item>.+)$",
    re.IGNORECASE,
)
# "250g/9oz butter", "250 g (9 oz) butter", "1 cup (240ml) milk": the second measure goes.
_ALTERNATIVE = re.compile(
    rf"^\s*(?:/\s*|\(\s*)(?:{_NUMBER})\s*(?:{_UNIT_ALTERNATION})\.?\s*\)?",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Ingredient:
    quantity: Fraction | None  # None: the line has no amount ("salt to taste")
    unit: str | None  # a key of _MEASURED or COUNTED; None: a count ("3 eggs")
    item: str  # the rest of the line: "butter, softened"
    group: str | None = None  # the sub-heading it sits under: "For the icing"

    def line(self, factor: Fraction = Fraction(1)) -> str:
        """The line as a recipe file writes it, scaled by `factor`: "250 g butter",
        "a pinch of salt", "2 handfuls of parsley"."""
        if self.quantity is None:
            return self.item
        quantity = self.quantity * factor
        if self.unit in A_LITTLE:
            singular, plural = COUNTED[self.unit]
            name = singular if quantity <= 1 else plural
            amount = f"a {singular}" if quantity == 1 else f"{say_number(quantity)} {name}"
            return f"{amount} of {self.item}"
        item = counted_item(self.item, self.quantity, quantity) if not self.unit else self.item
        return f"{say_quantity(quantity, self.unit, exact=factor == 1)} {item}"

    def said(self, factor: Fraction = Fraction(1)) -> str:
        """How an answer says it: "375 g of butter", "3 eggs", "salt and pepper to taste"."""
        if self.quantity is None:
            return self.item
        amount = say_quantity(self.quantity * factor, self.unit, exact=factor == 1)
        if self.unit:
            return f"{amount} of {self.item}"
        return f"{amount} {counted_item(self.item, self.quantity, self.quantity * factor)}"


def counted_item(item: str, written: Fraction, scaled: Fraction) -> str:
    """The item said for a scaled count: "eggs" for 3 of "1 large egg", "onion" for ½ of
    "2 onions" (the last word before a comma or bracket; English's regular plurals)."""
    if (written > 1) == (scaled > 1):
        return item
    found = re.match(r"^(?P<name>[^,(]*?[a-z])(?P<rest>\s*[,(].*)?$", item)
    if found is None:
        return item
    name, rest = found["name"], found["rest"] or ""
    if scaled > 1 and not name.endswith("s"):
        plural = name + ("es" if name.endswith(("ch", "sh", "x", "o")) else "s")
        return plural + rest
    if scaled <= 1 and name.endswith("s") and not name.endswith("ss"):
        single = name[:-2] if name.endswith(("ches", "shes", "xes", "oes")) else name[:-1]
        return single + rest
    return item


def _number(text: str) -> Fraction:
    """An exact number: "3", "1½", "1 1/2", "0.5", "2,5", "three"."""
    text = text.strip().lower()
    if text in _WORD_NUMBERS:
        return Fraction(_WORD_NUMBERS[text])
    glyph = text[-1] if text and text[-1] in GLYPHS else None
    if glyph is not None:
        before = text[:-1].strip()
        part = Fraction(GLYPHS[glyph]).limit_denominator(8)
        return (Fraction(int(before)) if before else Fraction(0)) + part
    if "/" in text:
        head, _, tail = text.rpartition("/")
        parts = head.split()
        whole = Fraction(int(parts[0])) if len(parts) == 2 else Fraction(0)
        return whole + Fraction(int(parts[-1]), int(tail))
    return Fraction(text.replace(",", "."))


def unit_key(word: str) -> str | None:
    """The unit key of a written unit ("Tbsp" -> "tbsp", "cups" -> "us_cup"), or None."""
    if word in _EXACT_CASE:
        return _EXACT_CASE[word]
    return _WORDS.get(" ".join(word.lower().split()))


def _item(rest: str) -> str:
    rest = _ALTERNATIVE.sub("", rest)
    rest = re.sub(r"^\s*of\s+", "", rest.strip(), flags=re.IGNORECASE)
    return " ".join(rest.split()).lower()


def read_ingredient(line: str, group: str | None = None) -> Ingredient:
    """An ingredient line (bullet already removed) as quantity, unit and item."""
    line = " ".join(line.split())
    if packs := _PACKS.match(line):
        try:
            quantity = int(packs["count"]) * _number(packs["each"])
        except (ValueError, ZeroDivisionError):
            return Ingredient(None, None, _item(line), group)
        return Ingredient(quantity, unit_key(packs["unit"]), _item(packs["item"]), group)
    if (bare := _BARE_COUNTED.match(line)) is not None:  # "pinch of nutmeg": one pinch
        return Ingredient(Fraction(1), unit_key(bare["unit"]), _item(bare["item"]), group)
    amount = _AMOUNT.match(line)
    if amount is None or (not amount["rest"].strip() and amount["unit"] is None):
        return Ingredient(None, None, _item(line), group)
    written_unit = amount["unit"]
    unit = unit_key(written_unit) if written_unit else None
    try:
        quantity = _number(amount["number"])
    except (ValueError, ZeroDivisionError):  # "1/0 g sugar": no amount anyone can weigh
        return Ingredient(None, None, _item(line), group)
    rest = amount["rest"].strip()
    # "a large onion" is one onion; "a little milk" has no amount; "a good knob of butter"
    # is one knob.
    vague = rest.lower().startswith(("little", "few", "bit", "good", "dash"))
    if amount["number"].lower() in ("a", "an") and unit is None and vague:
        good = re.match(r"good\s+(?P<unit>\w+)\s+(?P<rest>.*)$", rest, re.IGNORECASE)
        if good and unit_key(good["unit"]):
            return Ingredient(Fraction(1), unit_key(good["unit"]), _item(good["rest"]), group)
        return Ingredient(None, None, _item(line), group)
    if unit is None and written_unit:
        return Ingredient(None, None, _item(line), group)
    return Ingredient(quantity, unit, _item(amount["rest"]), group)


# -- saying an amount -----------------------------------------------------------------------


def _fraction_glyph(value: Fraction) -> str | None:
    for glyph, number in GLYPHS.items():
        if Fraction(number).limit_denominator(8) == value:
            return glyph
    return None


def say_number(value: Fraction) -> str:
    """An exact number as a recipe writes it: 3, 1½, ¾, 2⅓; others as a decimal."""
    whole, rest = divmod(value, 1)
    if rest == 0:
        return str(int(whole))
    glyph = _fraction_glyph(rest)
    if glyph is not None:
        return f"{int(whole)}{glyph}" if whole else glyph
    return f"{float(value):.2f}".rstrip("0").rstrip(".")


def say_count(quantity: Fraction) -> str:
    """A count as a cook can take it: exact in halves, quarters and thirds ("1½"), else
    "about" the nearest half ("about 1", not "0.8")."""
    if quantity.denominator == 1 or _fraction_glyph(quantity % 1) is not None:
        return say_number(quantity)
    return f"about {say_number(max(Fraction(round(quantity * 2), 2), Fraction(1, 2)))}"


def say_quantity(quantity: Fraction, unit: str | None, *, exact: bool = False) -> str:
    """A quantity in the unit a cook would measure it in: as written when `exact` (the
    recipe's own amount, and its file's line); scaled, spoons and cups in the fractions
    on the spoons, grams to the gram, kilos and litres past a thousand, counts in halves."""
    if exact:
        if unit is None:
            return say_number(quantity)
        names = COUNTED[unit] if unit in COUNTED else _names(unit)
        return f"{say_number(quantity)} {names[0 if quantity <= 1 else 1]}"
    if unit is None:
        return say_count(quantity)
    if unit in COUNTED:
        singular, plural = COUNTED[unit]
        return f"{say_count(quantity)} {singular if quantity <= 1 else plural}"
    unit, quantity = _kitchen_sized(quantity, unit)
    if unit in ("tsp", "tbsp", "us_cup") and (
        quantity.denominator == 1 or _fraction_glyph(quantity % 1) is not None
    ):
        return f"{say_number(quantity)} {_names(unit)[0 if quantity <= 1 else 1]}"
    if unit in ("tsp", "tbsp", "us_cup"):
        eighths = max(Fraction(round(quantity * 8), 8), Fraction(1, 8))
        spoon = _names(unit)[0 if eighths <= 1 else 1]
        about = "" if eighths == quantity else "about "
        return f"{about}{say_number(eighths)} {spoon}"
    if unit in ("g", "ml") and quantity >= 10:
        return f"{round(quantity)} {unit}"  # "188 g": a scale reads grams
    if unit in ("g", "ml"):
        return f"{say_count(quantity)} {unit}"
    if unit in ("kg", "l"):
        number = f"{float(quantity):.2f}".rstrip("0").rstrip(".")
        return f"{number} {_names(unit)[0 if number == '1' else 1]}"  # "1.5 litres"
    return say_amount(float(quantity), _KITCHEN_KEY.get(unit, unit))


def _names(unit: str) -> tuple[str, str]:
    """What a file and an answer call a measured unit: ("tsp", "tsp"), ("cup", "cups")."""
    if unit == "fl_oz":  # a bare fluid ounce, as the recipe wrote it
        return "fl oz", "fl oz"
    kitchen = BY_KEY[_KITCHEN_KEY.get(unit, unit)]
    return kitchen.singular, kitchen.plural


def _kitchen_sized(quantity: Fraction, unit: str) -> tuple[str, Fraction]:
    """A scaled amount moved to a handier unit: 3 tsp -> 1 tbsp, ½ tbsp -> 1½ tsp,
    1500 g -> 1.5 kg, 0.25 kg -> 250 g."""
    if unit == "tsp" and quantity >= 3 and quantity % 3 == 0:
        return "tbsp", quantity / 3
    if unit == "tbsp" and quantity < 1:
        return "tsp", quantity * 3  # ⅔ tbsp is 2 tsp
    if unit == "g" and quantity >= 1000:
        return "kg", quantity / 1000
    if unit == "kg" and quantity < 1:
        return "g", quantity * 1000
    if unit == "ml" and quantity >= 1000:
        return "l", quantity / 1000
    if unit == "l" and quantity < 1:
        return "ml", quantity * 1000
    return unit, quantity


def same_kind(unit: str | None, other: str | None) -> bool:
    """Whether two amounts can be compared: both counts, the same counted thing, or both
    weights or both volumes."""
    if unit is None or other is None or unit in COUNTED or other in COUNTED:
        return unit == other
    first, second = (BY_KEY[_KITCHEN_KEY.get(u, u)] for u in (unit, other))
    return first.kind == second.kind


def in_unit(quantity: Fraction, unit: str | None, target: str | None) -> Fraction:
    """`quantity` of `unit` expressed in `target` (same_kind must hold)."""
    if unit == target:
        return quantity
    assert unit is not None and target is not None
    value = convert(float(quantity), _KITCHEN_KEY.get(unit, unit), _KITCHEN_KEY.get(target, target))
    return Fraction(value).limit_denominator(1000)
