"""A food the model suggests that someone here cannot have: never said.

An eleventh outside trial kept "Miko is allergic to peanuts and sesame" and asked "give me a
snack idea for Miko's lunchbox": the model suggested "a mini-cheese wrap with hummus", and
hummus is made of sesame (tahini). The told-words bound stopped the next sentence, which
named Miko; this one named no one. So with a fact recalled that says what someone cannot
eat, a sentence of the model's that names a food of that allergen (the allergen itself, or
a food made of it: hummus, satay, mayonnaise, pesto…) is replaced, unless it says the
restriction itself ("Miko can't have hummus", "a sesame-free snack").

    UnsafeFood("Miko is allergic to peanuts and sesame.").suggests("Try hummus.")   # True
"""

from __future__ import annotations

import re

from appliance.apostrophes import straight
from appliance.brain.cannot_eat import CANNOT_EAT
from appliance.memory.text import tokens

UNSAFE_SUGGESTION = (
    "I won't suggest food for someone with an allergy: check each label against what they "
    "can't have."
)

# Each allergen, as a fact names it, and the foods made of it that a suggestion may name.
_MADE_OF = {
    "nut": "nut nuts peanut peanuts cashew cashews almond almonds hazelnut hazelnuts walnut "
    "walnuts pistachio pistachios pecan pecans satay marzipan nutella praline pesto "
    "frangipane nougat baklava snickers reeses",
    "sesame": "sesame tahini hummus houmous halva halwa",
    "dairy": "milk cheese butter cream yoghurt yogurt custard milkshake pizza",
    "gluten": "wheat bread pasta flour couscous biscuit biscuits cake cakes pastry wrap wraps "
    "sandwich sandwiches toast cracker crackers pizza noodles",
    "egg": "egg eggs mayo mayonnaise meringue omelette quiche custard",
    "shellfish": "prawn prawns shrimp crab lobster mussels",
    "fish": "fish tuna salmon cod sardines mackerel",
    "soy": "soy soya tofu edamame",
}
_FOODS = {kind: frozenset(tokens(words)) for kind, words in _MADE_OF.items()}
# What a fact calls each: "peanuts", "coeliac", "lactose intolerant"
_NAMED_AS = {
    "nut": tokens("nut nuts peanut peanuts cashew almond hazelnut walnut"),
    "sesame": tokens("sesame"),
    "dairy": tokens("dairy milk lactose"),
    "gluten": tokens("gluten wheat coeliac celiac"),
    "egg": tokens("egg eggs"),
    "shellfish": tokens("shellfish prawn prawns shrimp crustacean"),
    "fish": tokens("fish"),
    "soy": tokens("soy soya"),
}
# Said as the restriction, not a suggestion: "Miko can't have hummus", "nut-free", "avoid"
_SAYS_THE_RESTRICTION = re.compile(
    r"\b(?:allerg\w*|intoleran\w*|can'?t|cannot|mustn'?t|avoid\w*|without|free|no|not|never|"
    r"instead of|check)\b",
    re.IGNORECASE,
)


# Asked of the allergy itself, where naming the allergen is the answer
_ASKS_OF_THE_ALLERGY = re.compile(
    r"\b(?:allerg\w*|intoleran\w*|coeliac|celiac|can'?t (?:have|eat)|cannot (?:have|eat)|diet)\b",
    re.IGNORECASE,
)


class UnsafeFood:
    """The allergens the facts recalled for one reply say someone cannot have."""

    def __init__(self, told: str, asked: str = "") -> None:
        kinds: set[str] = set()
        if _ASKS_OF_THE_ALLERGY.search(straight(asked)):
            told = ""  # asked of the allergy itself: "tell me Sam's allergy" -> "Peanuts."
        for fact in re.split(r"(?<=[.!?])\s+", told):
            if CANNOT_EAT.search(straight(fact)):
                said = set(tokens(fact))
                kinds |= {kind for kind, names in _NAMED_AS.items() if said & set(names)}
        self._foods = frozenset().union(*(_FOODS[kind] for kind in kinds)) if kinds else None

    def names_a_food_of(self, said: str) -> bool:
        """Whether `said` names a food of what someone here cannot have, however it is said
        ("some peanuts, no reaction yet" still names peanuts)."""
        return self._foods is not None and bool(set(tokens(said)) & self._foods)

    def suggests(self, sentence: str) -> bool:
        """Whether `sentence` names a food someone here cannot have, not as the restriction."""
        if self._foods is None or _SAYS_THE_RESTRICTION.search(straight(sentence)):
            return False
        return bool(set(tokens(sentence)) & self._foods)
