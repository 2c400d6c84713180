"""The kitchen's reference tables: CSV files anyone can read, check and extend.

    appliance/kitchen/data/densities.csv          grams in a US cup of an ingredient
    appliance/kitchen/data/storage.csv            how long food keeps, where
    appliance/kitchen/data/core_temperatures.csv  safe inside temperatures, and rests
    appliance/kitchen/data/safety_rules.csv       refreezing, defrosting, reheating, …
    appliance/kitchen/data/pregnancy.csv          what to eat and avoid while pregnant
    appliance/kitchen/data/cooking.csv            cooking times and oven temperatures
    appliance/kitchen/data/substitutions.csv      what to use instead
    appliance/kitchen/data/names.csv              US ingredient names and the UK ones

Each row names its source (the FSA, the NHS, the USDA, a published weight chart);
docs/kitchen.md says what each file holds. A row is read once, checked, and becomes
a frozen record: a unit that is not one of the file's, a number that is not a
number, or a row without a source is an error naming the file and line
(tests/kitchen/test_tables.py reads every row of every file).
"""

from __future__ import annotations

import csv
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Generic, TypeVar

from appliance.errors import ConfigError

DATA = Path(__file__).resolve().parent / "data"

STATES = ("raw", "cooked", "opened", "unopened", "defrosted")
PLACES = ("fridge", "freezer", "cupboard", "room")
DURATION_UNITS = {"hour": 1 / 24, "day": 1.0, "week": 7.0, "month": 30.0}
TOPICS = (
    "refreeze",
    "defrost",
    "reheat",
    "baby_milk",
    "rice",
    "eggs",
    "left_out",
    "use_by",
    "chicken_wash",
    "mould",
    "cooling",
    "marinade",
    "thaw_time",
    # cook straight away: thawed in the microwave or in cold water, never kept to cook later
    "thawed_quickly",
    "fridge_temperature",
    "infants",
    "raw_dough",
    "rare_meat",
    # food that is only safe prepared a certain way, or not at all: a mussel open before
    # cooking, dried kidney beans boiled too gently, mushrooms picked wild
    "shellfish_open",
    "kidney_beans",
    "wild_mushrooms",
    # the temperatures bacteria grow fastest between
    "danger_zone",
)


class TableError(ConfigError):
    """A row of a kitchen table that cannot be read as its file says rows are."""


@dataclass(frozen=True)
class Density:
    ingredient: str
    names: tuple[str, ...]
    grams_per_cup: float
    source: str
    note: str


@dataclass(frozen=True)
class Storage:
    food: str
    names: tuple[str, ...]
    state: str
    place: str
    least: float
    most: float
    unit: str
    source: str
    note: str


@dataclass(frozen=True)
class CoreTemperature:
    food: str
    names: tuple[str, ...]
    celsius: float
    fahrenheit: float
    rest_minutes: float | None
    source: str
    note: str


@dataclass(frozen=True)
class SafetyRule:
    topic: str
    foods: tuple[str, ...]  # ("any",) for every food
    answer: str
    source: str

    @property
    def names(self) -> tuple[str, ...]:
        return self.foods


@dataclass(frozen=True)
class Pregnancy:
    food: str
    names: tuple[str, ...]
    answer: str
    source: str


@dataclass(frozen=True)
class Cooking:
    food: str
    names: tuple[str, ...]
    method: str
    doneness: str
    least_minutes: float | None
    most_minutes: float | None
    per_kg_minutes: float | None
    extra_minutes: float | None
    oven_celsius: float | None
    fan_celsius: float | None
    gas_mark: float | None
    source: str
    note: str


@dataclass(frozen=True)
class Substitution:
    ingredient: str
    names: tuple[str, ...]
    amount: str
    substitute: str
    source: str
    note: str
    # Dishes the swap does not work in, said as a person says them ("yorkshires"): there the
    # ingredient makes the dish rise or set, and no row here replaces it.
    not_for: tuple[str, ...] = ()


@dataclass(frozen=True)
class Name:
    """One ingredient's US and UK names ("cornstarch" is "cornflour")."""

    us: str
    uk: str
    source: str
    note: str

    @property
    def names(self) -> tuple[str, ...]:
        return (self.us, self.us.replace("-", " "))


@dataclass(frozen=True)
class MadeOf:
    """What a food is made of by its name, and the allergens that makes it hold: "tahini" is
    ground sesame seeds. Only ever said as what it holds, never what it is free of."""

    food: str
    aliases: tuple[str, ...]
    made_with: str
    allergens: tuple[str, ...]
    source: str

    @property
    def names(self) -> tuple[str, ...]:
        return (self.food, *self.aliases)


Row = TypeVar(
    "Row",
    Density,
    Storage,
    CoreTemperature,
    SafetyRule,
    Pregnancy,
    Cooking,
    Substitution,
    Name,
    MadeOf,
)


# Words that, after a food's name, make another food: "chilli jam", "rice pudding", "fish
# pie", "chicken soup". A table row about chilli, rice or fish would answer the wrong one.
COMPOUND_HEADS = frozenset(
    """
    jam jams pie pies pudding puddings sauce sauces cake cakes soup soups salad salads bread
    breads cordial oil curry curries stew stews chutney chutneys pickle pickles paste powder
    flour stock gravy casserole casseroles risotto pasta sandwich sandwiches wrap wraps roll
    rolls burger burgers nuggets kiev kievs tikka korma balls fingers crumble tart tarts
    mousse lolly lollies juice smoothie smoothies milk cream butter cheese yoghurt yogurt dip
    dips dressing ketchup mayo mayonnaise crisps chips fries noodles broth bake bakes pot pots
    hotpot skewers kebab kebabs mix dough batter wine vinegar syrup sugar liqueur beer sorbet
    fritters biscuits cookies bar bars loaf pancakes waffles muffins scones custard trifle
    jelly fudge toffee water extract essence starch spread cubes granules seasoning flakes
    substitute alternative pate terrine quiche quiches omelette frittata fried rice mince
    sausage sausages bites pops tenders strips sticks cutlets patties pasty pasties cawl goulash
    scouse lobscouse
    """.split()
)
# A cut is the same food to keep, but not to cook: a chicken breast is not a whole bird.
# Said before a name that heads other foods, a food that makes it another one: "rice cakes"
# are no cake, nor "fish cakes" or "almond milk" milk (a held-out split's Korean rice cakes
# got how long cakes and muffins keep); a flavour ("chocolate cake") is still the cake
MADE_OF_ANOTHER = frozenset(
    """
    rice fish crab salmon cod prawn potato tattie oat oats corn soy soya almond oat cashew
    hemp pea rice coconut quinoa
    """.split()
)
CUTS = frozenset(
    """
    fillet fillets breast breasts thigh thighs leg legs drumstick drumsticks wing wings
    joint joints steak steaks piece pieces chunk chunks slice slices portion portions
    """.split()
)


class Table(Generic[Row]):
    """One file's rows, and the foods its rows are about, found in what a person said."""

    def __init__(self, name: str, rows: Iterable[Row]) -> None:
        self.name = name
        self.rows: tuple[Row, ...] = tuple(rows)
        self._by_name: dict[str, list[Row]] = {}
        for row in self.rows:
            for said in row.names:
                self._by_name.setdefault(said, []).append(row)
        # Longest names first: "brown rice" before "rice", "raw chicken" before "chicken".
        self._names = sorted(self._by_name, key=lambda n: (-len(n.split()), -len(n)))

    def __iter__(self) -> Iterator[Row]:
        return iter(self.rows)

    def __len__(self) -> int:
        return len(self.rows)

    def named_in(
        self, words: list[str], blocked: frozenset[str] = COMPOUND_HEADS
    ) -> tuple[str, list[Row]] | None:
        """The longest food name said in `words` (whole words), and its rows.

        A name followed by another noun is part of a different food: "chilli" in
        "chilli jam", "rice" in "rice pudding", "fish" in "fish pie" are not chilli,
        rice or fish, and a table row about them would answer the wrong food. So a
        name does not count where the next word makes it another food (`blocked`:
        COMPOUND_HEADS, and for cooking the cuts too).
        """
        for name in self._names:
            size = len(name.split())
            for i in range(len(words) - size + 1):
                if " ".join(words[i : i + size]) != name:
                    continue
                after = words[i + size] if i + size < len(words) else None
                before = words[i - 1] if i else None
                if after not in blocked and not (
                    name in COMPOUND_HEADS and before in MADE_OF_ANOTHER
                ):
                    return name, self._by_name[name]
        return None

    def named_first(
        self, words: list[str], blocked: frozenset[str] = COMPOUND_HEADS
    ) -> tuple[str, list[Row]] | None:
        """The name said earliest in `words` (the longest one there), and its rows: in
        "no bicarb, can I use baking powder" the missing thing is said first."""
        for i in range(len(words)):
            for name in self._names:
                said = name.split()
                after = words[i + len(said)] if i + len(said) < len(words) else None
                if words[i : i + len(said)] == said and after not in blocked:
                    return name, self._by_name[name]
        return None

    def names(self) -> list[str]:
        return list(self._names)


# -- reading ------------------------------------------------------------------------------


def _names(primary: str, aliases: str) -> tuple[str, ...]:
    found = [primary.strip().lower(), *(a.strip().lower() for a in aliases.split("|"))]
    return tuple(dict.fromkeys(n for n in found if n))


def _number(value: str, where: str, column: str) -> float:
    try:
        return float(value)
    except ValueError:
        raise TableError(f"{where}: {column} must be a number, not {value!r}") from None


def _maybe(value: str, where: str, column: str) -> float | None:
    return None if not value.strip() else _number(value, where, column)


def _one_of(value: str, allowed: Iterable[str], where: str, column: str) -> str:
    allowed = tuple(allowed)
    if value not in allowed:
        raise TableError(f"{where}: {column} must be one of {', '.join(allowed)}, not {value!r}")
    return value


def _rows(folder: Path, file: str, build: Callable[[dict[str, str], str], Row]) -> list[Row]:
    built = []
    with (folder / file).open(encoding="utf-8", newline="") as handle:
        reader = csv.DictReader(handle)
        for number, row in enumerate(reader, start=2):
            where = f"{file} line {number}"
            if None in row or None in row.values():
                raise TableError(
                    f"{where}: has {len(row) - 1 if None in row else 'fewer'} "
                    f"fields, not the header's {len(reader.fieldnames or [])}"
                )
            clean = {k.strip(): v.strip() for k, v in row.items()}
            if not clean.get("source"):
                raise TableError(f"{where}: every row names its source")
            try:
                built.append(build(clean, where))
            except KeyError as missing:
                raise TableError(f"{file}: the header has no {missing} column") from None
    return built


def _density(row: dict[str, str], where: str) -> Density:
    grams = _number(row["grams_per_cup"], where, "grams_per_cup")
    if not 20 <= grams <= 400:
        raise TableError(f"{where}: {grams:g} g is not what a cup of anything weighs")
    names = _names(row["ingredient"], row["aliases"])
    return Density(row["ingredient"], names, grams, row["source"], row.get("note", ""))


def _storage(row: dict[str, str], where: str) -> Storage:
    least, most = _number(row["min"], where, "min"), _number(row["max"], where, "max")
    if not 0 < least <= most:
        raise TableError(f"{where}: min {least:g} and max {most:g} are not a range")
    return Storage(
        row["food"],
        _names(row["food"], row["aliases"]),
        _one_of(row["state"], STATES, where, "state"),
        _one_of(row["place"], PLACES, where, "place"),
        least,
        most,
        _one_of(row["unit"], DURATION_UNITS, where, "unit"),
        row["source"],
        row.get("note", ""),
    )


def _core(row: dict[str, str], where: str) -> CoreTemperature:
    celsius = _number(row["celsius"], where, "celsius")
    fahrenheit = _number(row["fahrenheit"], where, "fahrenheit")
    if abs(celsius * 9 / 5 + 32 - fahrenheit) > 3:
        raise TableError(f"{where}: {celsius:g} °C is not {fahrenheit:g} °F")
    return CoreTemperature(
        row["food"],
        _names(row["food"], row["aliases"]),
        celsius,
        fahrenheit,
        _maybe(row.get("rest_minutes", ""), where, "rest_minutes"),
        row["source"],
        row.get("note", ""),
    )


def _rule(row: dict[str, str], where: str) -> SafetyRule:
    foods = tuple(f.strip().lower() for f in row["foods"].split("|") if f.strip())
    if not foods or not row["answer"]:
        raise TableError(f"{where}: a rule names its foods (or 'any') and its answer")
    return SafetyRule(
        _one_of(row["topic"], TOPICS, where, "topic"), foods, row["answer"], row["source"]
    )


def _pregnancy(row: dict[str, str], where: str) -> Pregnancy:
    if not row["answer"] or not row["source"]:
        raise TableError(f"{where}: a row of what to eat in pregnancy says it and its source")
    return Pregnancy(row["food"], _names(row["food"], row["aliases"]), row["answer"], row["source"])


def _cooking(row: dict[str, str], where: str) -> Cooking:
    numbers = {
        column: _maybe(row.get(column, ""), where, column)
        for column in (
            "min_minutes",
            "max_minutes",
            "per_kg_minutes",
            "extra_minutes",
            "oven_celsius",
            "fan_celsius",
            "gas_mark",
        )
    }
    if numbers["min_minutes"] is None and numbers["per_kg_minutes"] is None:
        raise TableError(f"{where}: a cooking row gives minutes, or minutes per kg")
    return Cooking(
        row["food"],
        _names(row["food"], row["aliases"]),
        row.get("method", ""),
        row.get("doneness", ""),
        numbers["min_minutes"],
        numbers["max_minutes"],
        numbers["per_kg_minutes"],
        numbers["extra_minutes"],
        numbers["oven_celsius"],
        numbers["fan_celsius"],
        numbers["gas_mark"],
        row["source"],
        row.get("note", ""),
    )


def _substitution(row: dict[str, str], where: str) -> Substitution:
    if not row["substitute"]:
        raise TableError(f"{where}: a substitution says what to use instead")
    return Substitution(
        row["ingredient"],
        _names(row["ingredient"], row["aliases"]),
        row.get("amount", ""),
        row["substitute"],
        row["source"],
        row.get("note", ""),
        tuple(d.strip().lower() for d in (row.get("not_for") or "").split("|") if d.strip()),
    )


# The allergens a made_of row may name: the UK's fourteen, as allergens.py's questions say them
MADE_OF_ALLERGENS = (
    "sesame",
    "peanuts",
    "nuts",
    "milk",
    "eggs",
    "fish",
    "crustaceans",
    "molluscs",
    "gluten",
    "soya",
    "mustard",
    "celery",
    "lupin",
    "sulphites",
)


def _made_of(row: dict[str, str], where: str) -> MadeOf:
    allergens = tuple(a for a in row["allergens"].split("|") if a)
    if not row["food"] or not row["made_with"] or not allergens:
        raise TableError(f"{where}: a made_of row gives a food, what makes it, and its allergens")
    for allergen in allergens:
        _one_of(allergen, MADE_OF_ALLERGENS, where, "allergen")
    aliases = tuple(a for a in row["aliases"].split("|") if a)
    return MadeOf(row["food"].lower(), aliases, row["made_with"], allergens, row["source"])


def _name(row: dict[str, str], where: str) -> Name:
    if not row["us"] or not row["uk"]:
        raise TableError(f"{where}: a name row gives the US name and the UK one")
    return Name(row["us"].lower(), row["uk"], row["source"], row.get("note", ""))


@dataclass(frozen=True)
class Tables:
    densities: Table[Density]
    storage: Table[Storage]
    core_temperatures: Table[CoreTemperature]
    safety_rules: Table[SafetyRule]
    pregnancy: Table[Pregnancy]
    cooking: Table[Cooking]
    substitutions: Table[Substitution]
    names: Table[Name]
    made_of: Table[MadeOf]


@cache
def tables() -> Tables:
    """Every table, read and checked once per process."""
    return read_tables(DATA)


def read_tables(folder: Path) -> Tables:
    """The nine files in `folder`, each row checked; TableError names the file and line."""
    return Tables(
        Table("densities", _rows(folder, "densities.csv", _density)),
        Table("storage", _rows(folder, "storage.csv", _storage)),
        Table("core temperatures", _rows(folder, "core_temperatures.csv", _core)),
        Table("safety rules", _rows(folder, "safety_rules.csv", _rule)),
        Table("pregnancy", _rows(folder, "pregnancy.csv", _pregnancy)),
        Table("cooking", _rows(folder, "cooking.csv", _cooking)),
        Table("substitutions", _rows(folder, "substitutions.csv", _substitution)),
        Table("names", _rows(folder, "names.csv", _name)),
        Table("made of", _rows(folder, "made_of.csv", _made_of)),
    )
