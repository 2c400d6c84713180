"""Cooking times and oven temperatures, and what to use instead, from the tables.

    cooking_question(tokens("how long to roast a 2kg chicken"))
      -> "A 2 kg chicken: about 1 hour 50 minutes at 200 °C (180 °C fan, gas mark 6): …"
    swap_question(tokens("what can I use instead of self raising flour"))
      -> "For 100 g self-raising flour, use 100 g plain flour + 1 tsp baking powder. …"

A roast's time is the table's minutes per kilogram times the weight said, plus its
extra minutes; with no weight said, the answer gives the rule. Doneness ("runny",
"hard", "rare", "well done") picks the row when a food has several.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from appliance.aloud import citation
from appliance.kitchen.allergens import swap_for_a_diet
from appliance.kitchen.said import quantities, weight_said
from appliance.kitchen.tables import COMPOUND_HEADS, CUTS, Cooking, Substitution, Tables
from appliance.kitchen.units import oven_celsius, oven_fahrenheit, to_celsius
from appliance.numbers import as_fraction

_COOKING = re.compile(
    r"\b(how long|how many minutes|how many mins|cooking time|cook time|what temperature|"
    r"what temp|what oven|how hot|what gas mark|which gas mark|oven temperature|oven temp|"
    r"timing|timings|boiling time|roasting time|baking time|time for|times for|how do i cook|"
    r"how to cook)\b"
)
# How long something takes to cook, never how long it keeps, thaws or rests (ask.py; and
# safety.py, which never answers it with how long the food keeps)
HOW_LONG_IT_COOKS = re.compile(
    r"^(?!.*\b(?:keep|keeps|kept|last|lasts|good for|store|stored|go off|goes off|fridge|"
    r"freezer|frozen|left out|room temp\w*|defrost\w*|thaw\w*|rest|resting|soak\w*|"
    r"preheat\w*|heat up)\b)"
    r"(?=.*\b(?:how long|how many (?:minutes|mins|hours))\b)"
)
# A way of cooking said, as a cook says it
COOKED_BY = re.compile(
    r"\b(?:air ?fry(?:er|ing)?|deep fry(?:ing)?|fry|frying|boil|boiling|bake|baking|roast|"
    r"roasting|grill|grilling|microwave|microwaving|steam|steaming|poach|poaching|bbq|"
    r"barbecue|slow cooker|pressure cooker|oven|cook|cooking)\b"
)
_DONENESS = (
    ("soft", re.compile(r"\b(runny|soft|dippy|dippy egg|soft boiled)\b")),
    ("medium", re.compile(r"\b(medium|jammy|creamy|fudgy|medium boiled)\b")),
    ("hard", re.compile(r"\b(hard|hard boiled|set|firm)\b")),
    ("rare", re.compile(r"\brare\b")),
    ("well done", re.compile(r"\bwell done\b")),
)
_SWAP = re.compile(
    r"\b(instead of|instead|substitute|substitution|subsitute|substitue|sub|subs|swap|replace|"
    r"replacement|alternative|don't have|dont have|haven't got|havent got|have no|got no|out "
    r"of|ran out of|run out of|no|what do i do|what can i use|what do i use|make my own|how do "
    r"i make|how to make|make some|use for|only got|only have|only had|all i have|all i've got|"
    r"all ive got|just got)\b"
)
_MAKE_OWN = re.compile(r"\b(?:how do i make|how to make|make some|make my own)\b")
_MISSING = re.compile(
    r"\b(?:instead of|no|got no|have no|out of|ran out of|run out of|without|don't have|"
    r"dont have|haven't got|havent got|replace|swap|sub for|substitute for)\b"
)
# "recipe says cornstarch, what's that in the UK?": asking a US name's UK one
_NAMING = re.compile(
    r"\b(what'?s that|whats that|what is that|what's it called|called|in the uk|here|in "
    r"britain|in england|uk name|british|in english|equivalent|same as|mean|means|translate|"
    # "recipe says zucchini, what do we call that", "what do you lot call all purpose flour"
    r"what do (?:we|you|you lot|they|brits|people) call|call (?:it|that|them|those)|"
    # "my american sister in law wants heavy cream what do i buy" (a held-out split's)
    r"what (?:do|should|shall|can) (?:i|we) (?:buy|get|use)(?: here| instead| over here)?|"
    r"what'?s (?:it|that|this) called)\b"
    # "what's half and half": a US name asked of alone (the names table must hold it)
    r"|^(?:what'?s|whats|what is|what are) (?:a |an )?(?=\S+(?: \S+){0,3}$|.*\bcan i make\b)"
)


# How a dish's name says its method: "boiled egg", "roast chicken", "chicken (roast)".
_METHODS = {
    "boil": ("boil", "boiled", "boiling", "hard boil", "soft boil"),
    "roast": ("roast", "roasted", "roasting"),
    "bake": ("bake", "baked", "baking", "jacket"),
    "fry": ("fry", "fried", "frying"),
    "poach": ("poach", "poached", "poaching"),
    "steam": ("steam", "steamed", "steaming"),
    "simmer": ("simmer", "simmered"),
    "mash": ("mash", "mashed"),
    "soak": ("soak", "soaking", "soaked"),
    "rest": ("rest", "resting", "rested"),
}
_METHOD_WORDS = {word for words in _METHODS.values() for word in words}
# Ways of cooking a row may lack, said as a cook says them, and how an answer names them.
# Only for choosing a row and saying when none is of the method asked: "microwave" is no
# part of a dish's name the way "boiled" is ("microwave porridge" is named by its row).
_OTHER_METHODS = {
    "microwave": re.compile(r"\b(?:microwave|microwaved|microwaving|nuke|nuked)\b"),
    "air fry": re.compile(r"\b(?:air ?fryer|air ?fry|air ?fried|air ?frying)\b"),
    "slow cook": re.compile(r"\b(?:slow ?cooker|slow ?cook|slow ?cooked|crock ?pot)\b"),
    "pressure cook": re.compile(r"\b(?:pressure ?cooker|pressure ?cook|instant pot)\b"),
    "grill": re.compile(r"\b(?:grill|grilled|grilling|under the grill)\b"),
    "barbecue": re.compile(r"\b(?:barbecue|barbecued|bbq)\b"),
}


def _within_another(plain: list[str], other: list[str]) -> list[str]:
    """The methods asked: "air fry" said holds "fry", which is no method of its own there
    ("how long to air fry chicken thighs" was told "I don't have a frying time", a
    review's)."""
    return [m for m in plain if not any(m in o.split() for o in other)] + other


_SAID_AS = {
    "boil": "boiling",
    "roast": "roasting",
    "bake": "baking",
    "fry": "frying",
    "poach": "poaching",
    "steam": "steaming",
    "simmer": "simmering",
    "microwave": "microwave",
    "air fry": "air fryer",
    "slow cook": "slow cooker",
    "pressure cook": "pressure cooker",
    "grill": "grill",
    "barbecue": "barbecue",
}
_STEPS = {"rest", "soak"}  # not a way of cooking: another method's time is never theirs
_NOT_FOOD = {"a", "an", "the", "hard", "soft", "how", "to"}
_NOT_THE_SAME_DISH = COMPOUND_HEADS | CUTS


def _bare(name: str) -> str:
    """A dish's food without its method: "boiled eggs" -> "egg", "chicken (roast)" -> "chicken"."""
    name = re.sub(r"\s*\(.*?\)", "", name)
    words = [w for w in name.split() if w not in _METHOD_WORDS and w not in _NOT_FOOD]
    return " ".join(words).rstrip("s") if words else ""


def _said_alone(bare: str, words: list[str]) -> bool:
    """The food is said, and not as part of another ("egg" in "boil an egg", not in
    "egg fried rice" or a chicken "breast")."""
    plain = [w.rstrip("s") for w in words]
    size = len(bare.split())
    for i in range(len(plain) - size + 1):
        if " ".join(plain[i : i + size]) == bare:
            after = words[i + size] if i + size < len(words) else None
            if after not in _NOT_THE_SAME_DISH:
                return True
    return False


def _by_food(words: list[str], rows: tuple[Cooking, ...]) -> list[Cooking]:
    """Rows whose bare food is said ("boil an egg", "roast a chicken"), the method said first."""
    matched: dict[str, list[Cooking]] = {}
    for row in rows:
        for name in (row.food, *row.names):
            bare = _bare(name)
            if bare and _said_alone(bare, words):
                matched.setdefault(bare, []).append(row)
    if not matched:
        return []
    longest = max(matched, key=len)
    return list(dict.fromkeys(matched[longest]))


def _by_method(words: list[str], rows: list[Cooking]) -> list[Cooking]:
    """The rows of the method asked, if any has it; else all, since a row's note may give
    another method's time ("steamed broccoli": the boiled row says how long steaming
    takes). But resting and soaking are steps before or after the cooking, and no other
    row's time is theirs: "how long should I rest the lamb?" is not answered by the lamb's
    roasting time (an outside split heard it), so then none answers."""
    asked = _within_another(
        [m for m, forms in _METHODS.items() if any(f in words for f in forms)],
        [m for m, pattern in _OTHER_METHODS.items() if pattern.search(" ".join(words))],
    )
    by_method = [r for r in rows if any(m in r.method or m in r.food.lower() for m in asked)]
    if by_method or not _STEPS.intersection(asked):
        return by_method or rows
    return []


@dataclass(frozen=True)
class KitchenSaid:
    text: str
    source: str


def say_minutes(minutes: float) -> str:
    """ "1 hour 30 minutes": a long time to the nearest 5 minutes, as a cook reads a clock."""
    minutes = round(minutes) if minutes < 30 else 5 * round(minutes / 5)
    hours, rest = divmod(minutes, 60)
    if not hours:
        return f"{rest} minutes"
    said = f"{hours} hour{'s' if hours > 1 else ''}"
    return f"{said} {rest} minutes" if rest else said


def _oven(row: Cooking) -> str:
    if row.oven_celsius is None and row.fan_celsius is None:
        return ""
    parts = []
    if row.oven_celsius is not None:
        parts.append(f"{row.oven_celsius:g} °C")
    extra = []
    if row.fan_celsius is not None:
        extra.append(f"{row.fan_celsius:g} °C fan")
    if row.gas_mark is not None:
        extra.append(f"gas mark {as_fraction(row.gas_mark)}")
    said = parts[0] if parts else extra.pop(0)
    return f" at {said}" + (f" ({', '.join(extra)})" if extra else "")


def _weight_kg(words: list[str]) -> float | None:
    weight = weight_said(words)
    return None if weight is None else weight.kg


def _fits_weight(row: Cooking, kg: float | None) -> bool:
    """A row for some weights only ("turkey (under 4 kg)", "… 4 kg and over") fits these."""
    if kg is None:
        return True
    if (under := re.search(r"under (\d+(?:\.\d+)?) ?kg", row.food)) and kg >= float(under[1]):
        return False
    over = re.search(r"(\d+(?:\.\d+)?) ?kg and over", row.food)
    return not (over and kg < float(over[1]))


def _row_for(rows: list[Cooking], said: str, kg: float | None = None) -> Cooking:
    rows = [r for r in rows if _fits_weight(r, kg)] or rows
    for doneness, pattern in _DONENESS:
        if pattern.search(said):
            for row in rows:
                if row.doneness.lower().startswith(doneness):
                    return row
    return rows[0]


def cooking_question(words: list[str], tables: Tables) -> KitchenSaid | None:
    said = " ".join(words)
    if not _COOKING.search(said):
        return None
    found = tables.cooking.named_in(words, _NOT_THE_SAME_DISH)
    food_rows = found[1] if found is not None else _by_food(words, tables.cooking.rows)
    rows = _by_method(words, food_rows)
    if rows and _methods_not_done(words, rows[0]):
        # "how long do sausages take under the grill": the grilled sausages' row, though
        # "sausages" alone names the oven's
        bare = {_bare(row.food) for row in food_rows}
        asked = _methods_not_done(words, rows[0])
        rows = [
            row
            for row in tables.cooking.rows
            if _bare(row.food) in bare
            and any(_a_form_of(m).search(f"{row.method} {row.food}".lower()) for m in asked)
        ] or rows
    if any(form in words for form in _METHODS["rest"]) and not any(
        "rest" in r.method for r in rows
    ):
        return _resting(food_rows)  # a roast's note says how long it rests
    if not rows:
        return None
    row = _row_for(rows, said, _weight_kg(words))
    name = row.food.split(" (")[0]
    detail = f", {row.doneness}" if row.doneness else ""
    note = re.split(r"(?<=[.!?])\s+", row.note.strip())[0] if row.note else ""
    if row.per_kg_minutes is not None:
        extra = row.extra_minutes or 0
        rule = f"{row.per_kg_minutes:g} minutes a kg" + (
            f" plus {extra:g} minutes" if extra else ""
        )
        weight = weight_said(words)
        if weight is None:
            text = f"{name[0].upper()}{name[1:]}{detail}: {rule}{_oven(row)}."
        else:
            total = row.per_kg_minutes * weight.kg + extra
            text = (
                f"A {weight.said} {name}{detail}: about {say_minutes(total)}{_oven(row)} ({rule})."
            )
    else:
        least, most = row.least_minutes or 0, row.most_minutes or row.least_minutes or 0
        span = f"{least:g} minutes" if least == most else f"{least:g} to {most:g} minutes"
        method = f" ({row.method})" if row.method and not detail else ""
        text = f"{name[0].upper()}{name[1:]}{detail}: {span}{_oven(row)}{method}."
    if note and row.per_kg_minutes is None:  # a roast's note repeats its rule
        text += f" {note}"
    if (other := _not_the_method_asked(words, row)) is not None:
        text = f"{other} {text}"
    if (oven := _another_oven(words, row)) is not None:
        text += f" {oven}"
    return KitchenSaid(f"{text} {citation(row.source)}", row.source)


# An oven said with the question: "at 325", "at 325 F", "at 160c", "at gas mark 3"
_OVEN_SAID = re.compile(
    r"\bat (?P<degrees>\d{2,3})(?: ?(?:°|degrees?))?(?: ?(?P<unit>f|fahrenheit|c|celsius))?\b"
    r"|\bgas(?: mark)? (?P<gas>[1-9])\b"
)


def _another_oven(words: list[str], row: Cooking) -> str | None:
    """What to say when the oven asked of is not the row's: "how long do I roast a 14 lb
    turkey at 325?" had the time at 190 °C, with nothing said of the 163 °C asked (a
    twenty-second trial's, 5 of 5). The table holds one oven's time, so no other time is
    made up: that it takes longer or less, and the thermometer. A bare number past 250 is
    Fahrenheit (no kitchen oven in Celsius goes that high), else Celsius."""
    found = _OVEN_SAID.search(" ".join(words))
    if found is None or row.oven_celsius is None:
        return None
    if found["gas"]:
        asked = to_celsius(float(found["gas"]), "gas_mark")
    else:
        degrees = float(found["degrees"])
        unit = found["unit"] or ("f" if degrees > 250 else "c")
        if degrees < 90:
            return None  # "at 10" is a time of day, no oven
        asked = oven_celsius(degrees) if unit.startswith("f") else degrees
    if abs(asked - row.oven_celsius) < 10:
        return None
    way = "longer" if asked < row.oven_celsius else "less time"
    return (
        f"That time is for {row.oven_celsius:g} °C; at {asked:.0f} °C "
        f"({oven_fahrenheit(asked):.0f} °F) it takes {way}, and I have no table for that oven, "
        "so check it is cooked through with a meat thermometer."
    )


def _not_the_method_asked(words: list[str], row: Cooking) -> str | None:
    """What to say first when the row is not of the method asked and its note says nothing of
    that method: "how long to microwave a jacket potato" had the oven's 60 to 80 minutes with
    no word of the microwave (an outside trial's). A method word that is part of the dish's
    name as said ("jacket" potato, "roast" potatoes) asks for no method."""
    missing = _methods_not_done(words, row)
    if not missing:
        return None
    name = row.food.split(" (")[0]
    where = "the oven's" if row.oven_celsius or row.fan_celsius or row.gas_mark else "this one"
    method = _SAID_AS.get(missing[0], missing[0])
    article = "an" if method[0] in "aeiou" else "a"
    return f"I don't have {article} {method} time for {name}, only {where}:"


def _methods_not_done(words: list[str], row: Cooking) -> list[str]:
    """The methods asked that the row's method, name and note say nothing of."""
    said = " ".join(words)
    for name in sorted((row.food, *row.names), key=len, reverse=True):
        plain = re.sub(r"\s*\(.*?\)", "", name).lower()
        if plain and re.search(rf"\b{re.escape(plain)}\b", said):
            said = re.sub(rf"\b{re.escape(plain)}\b", " ", said)
            break
    kept = said.split()
    asked = _within_another(
        [m for m, forms in _METHODS.items() if m not in _UNSAID and set(forms) & set(kept)],
        [m for m, pattern in _OTHER_METHODS.items() if pattern.search(said)],
    )
    done = f"{row.method} {row.food} {row.note}".lower()
    return [m for m in asked if not _a_form_of(m).search(done)]


# Asked for no way of cooking: steps around it ("rest", "soak") and what is made ("for mash")
_UNSAID = _STEPS | {"mash"}


def _a_form_of(method: str) -> re.Pattern[str]:
    """Any word of a method, as a row's method, name or note may say it; a simmer is boiling
    gently ("how long do I boil spuds for mash": the potatoes' row simmers them)."""
    if method in _OTHER_METHODS:
        return _OTHER_METHODS[method]
    said = {method, *_METHODS[method]} | (set(_METHODS["simmer"]) if method == "boil" else set())
    forms = sorted(said, key=len, reverse=True)
    return re.compile(r"\b(?:" + "|".join(re.escape(f) for f in forms) + r")")


_REST_SAID = re.compile(
    r"(?:^|[.;,]\s*)(?:then |and )?(?P<rest>[^.;,]*\brest(?:ed|ing)?\b[^.;]*)", re.IGNORECASE
)


def _resting(rows: list[Cooking]) -> KitchenSaid | None:
    """How long to rest it, as the food's own row says it ("Rest up to 30 minutes."), or
    None: another row's time is never a resting time, and the model's guess is no answer
    ("how long do I rest roast beef" got the roasting time in a second outside trial)."""
    for row in rows:
        if row.note and (rest := _REST_SAID.search(row.note)):
            name = row.food.split(" (")[0]
            said = rest["rest"].strip(" ,")
            text = f"{name[0].upper()}{name[1:]}: {said[0].lower()}{said[1:]}."
            return KitchenSaid(f"{text} {citation(row.source)}", row.source)
    return None


def name_question(words: list[str], tables: Tables) -> KitchenSaid | None:
    """A US ingredient's UK name: "american recipe wants heavy cream, whats that here"."""
    said = " ".join(words)
    if not _NAMING.search(said):
        return None
    found = tables.names.named_in(words)
    if found is None:
        return None
    row = found[1][0]
    text = f"{row.us[0].upper()}{row.us[1:]} is {row.uk} in the UK."
    if row.note:
        text += f" {row.note}"
    return KitchenSaid(text, row.source)


def _not_for(said: str, rows: list[Substitution]) -> KitchenSaid | None:
    """No swap where the dish named needs the ingredient itself: "no eggs left for the
    yorkshires" got the flaxseed egg, a binder, in a second outside trial."""
    named = next(
        (m for row in rows for d in row.not_for if (m := _dish_said(d).search(said))), None
    )
    if named is None:
        return None
    head = rows[0].ingredient.split(" (")[0]
    uses = [r.ingredient.split(" (")[1].rstrip(")") for r in rows if " (" in r.ingredient]
    purposes = f"for {' and '.join(uses)}" if uses else "for other dishes"
    text = (
        f"The kitchen's {head} swaps are {purposes}. They won't work in {named[0]}, where "
        f"the {head} makes it rise or set, so I have no swap to give."
    )
    sources = "; ".join(dict.fromkeys(s for r in rows for s in r.source.split("; ")))
    return KitchenSaid(f"{text} {citation(sources)}", sources)


def _dish_said(dish: str) -> re.Pattern[str]:
    """The dish as said, with its article: "the yorkshires", "a sponge", "quiche"."""
    return re.compile(rf"(?:\b(?:the|a|an|my|our|your) )?\b{re.escape(dish)}\b")


# Words that make a named ingredient another food: "peanut butter", "almond milk".
_ANOTHER_FOOD_BEFORE = frozenset(
    "peanut almond oat soy soya coconut cashew hazelnut nut apple rice goat".split()
)


def _said_at(words: list[str], name: str) -> int:
    """Where `name` starts in `words`, or -1."""
    size = len(name.split())
    for i in range(len(words) - size + 1):
        if " ".join(words[i : i + size]) == name:
            return i
    return -1


def swap_question(words: list[str], tables: Tables) -> KitchenSaid | None:
    said = " ".join(words)
    if not _SWAP.search(said):
        return None
    if (for_a_diet := swap_for_a_diet(words)) is not None:
        # no row was checked for a diet ("how do I make bara brith gluten free?" too)
        return KitchenSaid(for_a_diet, "")
    if not _SWAP.search(_MAKE_OWN.sub(" ", said)) and not _MISSING.search(said):
        # only "how do I make…": a substitute when the ingredient is what is made ("how do
        # I make buttermilk"), never a dish ("how do I make scrambled eggs less rubbery"
        # got the flaxseed egg in a second outside trial)
        made = _MAKE_OWN.search(said)
        rest = said[made.end() :].strip() if made is not None else ""
        after = re.sub(r"^(?:my own|your own|some|a|an|the)\s+", "", rest)
        named = tables.substitutions.named_first(after.split()[:3])
        if named is None or not after.startswith(named[0]):
            return None
    found = None
    # "use X instead of Y", "no bicarb, can I use baking powder": what is missing comes
    # after the words that say so
    missing = _MISSING.search(said)
    if missing is not None:
        found = tables.substitutions.named_first(said[missing.end() :].split())
    found = found or tables.substitutions.named_in(words)
    if found is None:
        return None
    at = _said_at(words, found[0])
    if at > 0 and words[at - 1] in _ANOTHER_FOOD_BEFORE:
        # "instead of peanut butter" is no butter (a fourth trial got the butter row)
        other = f"{words[at - 1]} {found[0]}"
        return KitchenSaid(f"The kitchen's tables have no swap for {other}.", "")
    row: Substitution = found[1][0]
    if (refused := _not_for(said, found[1])) is not None:
        return refused
    amount = f"{row.amount} " if row.amount else ""
    note = re.split(r"(?<=[.!?])\s+", row.note.strip())[0] if row.note else ""
    replaced = row.ingredient
    if amount and amount.split()[-1] == replaced.split()[0]:
        replaced = replaced.split(" ", 1)[1] if " " in replaced else ""  # "1 egg (binding)"
    text = f"Instead of {amount}{replaced}".rstrip() + f", use {row.substitute}."
    if (scaled := _for_the_amount_asked(words, row, replaced)) is not None:
        text = scaled
    if note:
        text += f" {note}"
    return KitchenSaid(f"{text} {citation(row.source)}", row.source)


# An amount in grams or millilitres in a swap, scaled when the amount asked is in the same
# unit; fractions of cups and spoons are left whole, and the factor said instead.
_METRIC_AMOUNT = re.compile(r"(?<![\d/.])(\d+(?:\.\d+)?) ?(g|ml)\b")


def _for_the_amount_asked(words: list[str], row: Substitution, replaced: str) -> str | None:
    """The swap for the amount asked, where it is not the row's ("how much dried yeast
    instead of 25g fresh" had the row's 10 g answer, read as the answer for 25 g by a tenth
    outside trial); None where none is asked, or the row's own."""
    counted = _counted(words, row)
    # the amount said of this ingredient: the one its name follows ("instead of 25g fresh"),
    # never another ("I have 200g of plain flour, what can I use instead of 150g self-
    # raising", "how much fresh yeast instead of 7g dried": a review's were scaled)
    heads = {name.replace("-", " ").split()[0] for name in (row.ingredient, *row.names)}
    asked = [
        q
        for q in quantities(words)
        if (after := words[q.end : q.end + 2])
        and (
            after[0] in heads
            or (after[:2] == ["of", *after[1:2]] and after[1:2] and after[1] in heads)
        )
    ]
    table = quantities(row.amount.replace("(", " ").split()) if row.amount else []
    if counted is not None:
        factor, amount = counted
    elif asked and table and asked[0].units == table[0].units and table[0].value:
        factor = asked[0].value / table[0].value
        amount = " ".join(words[asked[0].start : asked[0].end])
    else:
        return None
    if abs(factor - 1) < 1e-9:
        return None
    if counted is None and asked[0].units[0] in ("g", "ml"):
        swap = _METRIC_AMOUNT.sub(
            lambda m: f"{_number(float(m[1]) * factor)} {m[2]}", row.substitute
        )
        if not re.search(r"\d", _METRIC_AMOUNT.sub("", swap)):  # every amount scaled
            return f"Instead of {amount} {replaced}".rstrip() + f", use {swap}."
    return (
        f"Instead of {row.amount} {replaced}".rstrip()
        + f", use {row.substitute}. For {amount}, use {_number(factor)} times each amount."
    )


def _counted(words: list[str], row: Substitution) -> tuple[float, str] | None:
    """ "instead of 3 eggs": the count said before a row of one ("1 egg"), and as said."""
    if not row.amount.startswith("1 ") or quantities(row.amount.split()):
        return None  # a measure ("1 cup") is scaled by its unit, never counted
    head = row.amount.split()[1]
    for i, word in enumerate(words[1:], 1):
        if word.rstrip("s") == head.rstrip("s") and words[i - 1].isdigit():
            if words[i + 1 : i + 2] and words[i + 1] in _PART_OF_IT:
                return None  # "instead of 2 egg whites": no whole egg's swap
            return float(words[i - 1]), f"{words[i - 1]} {word}"
    return None


_PART_OF_IT = frozenset({"white", "whites", "yolk", "yolks"})


def _number(value: float) -> str:
    """A weight or factor as a cook writes it: 10, 8.3, 2.5."""
    rounded = round(value, 1)
    return str(int(rounded)) if rounded == int(rounded) else str(rounded)
