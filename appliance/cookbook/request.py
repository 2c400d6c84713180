"""What a cook asks of a cooking session, as one record, and the numbers said in it.

phrases.py reads a sentence into a `CookingRequest`; walk.py answers it.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from appliance.cookbook.amounts import Ingredient
from appliance.numbers import ORDINALS, number_at

WHILE_COOKING = (
    "serves",
    "next",
    "back",
    "repeat",
    "ingredients_for_step",
    "amount",
    "oven",
    "how_long",
    "start_timer",
    "scale",
    "stop_cooking",
    "step_number",
)


@dataclass(frozen=True)
class CookingRequest:
    intent: str  # one of WHILE_COOKING, "start" or "recipes"
    name: str | None = None  # amount: the ingredient; start: the recipe; how_long: a verb
    factor: Fraction | None = None  # scale: how much of the recipe
    serves: int | None = None  # scale: for how many
    have: Ingredient | None = None  # scale: "I only have 300 g of flour"
    step: int | None = None  # step_number


# A number as a cook says one in a step or a count: digits, a word, an ordinal, "last".
NUMBER_WORDS = (
    r"(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
    r"fifteen|twenty|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last)"
)


def said_number(text: str) -> int | None:
    if text in ORDINALS:
        return ORDINALS[text]
    if text.isdigit():
        return int(text)
    found = number_at(text.split(), 0)
    return int(found[0]) if found is not None else None
