"""The model never says what a measure comes to: the kitchen's tables own those."""

from __future__ import annotations

import pytest

from appliance.brain.bounds import NO_MEASURE, ReplyBounds, bounded
from tests.brain.conftest import scripted_reply


@pytest.mark.parametrize(
    "said",
    [
        # what an outside trial heard the small model say to misheard kitchen questions
        "A cup of flour is approximately 15.3 grams.",
        "A quarter cup is 250 milliliters.",
        "1 gallon = 2560 ml.",
        "To convert, multiply by 0.7.",
        "Convert and you will get 4.91 millileters of milk.",
        "Boil and eat for runny yolk: The answer is 24 hours.",
        "A soft-boiled egg takes 6 minutes from boiling water.",
        "The answer is 10.",  # a second trial: to "how many grams in a cup of flour"
        'The answer is: "2019-12-31 23:45"',
    ],
)
def test_an_amount_a_measure_comes_to_is_never_said(said: str) -> None:
    broken = ReplyBounds().broken(said)
    assert broken is not None and broken.bound == "measure"


@pytest.mark.parametrize(
    "said",
    [
        "Add 200 g of flour and mix.",  # a step says no amount is another
        "Bake at 180°C for 25 minutes.",
        "Preheat the oven to 200 degrees.",
        "Whisk the eggs for 2 minutes.",
        "The bus is 10 minutes late.",  # a length of time, not a cooking time
        "It weighs a lot.",
        "The answer is yes.",
    ],
)
def test_a_recipe_step_or_a_length_of_time_is_said(said: str) -> None:
    assert ReplyBounds().broken(said) is None


def test_a_reply_ends_at_its_made_up_measure() -> None:
    pieces = ["Good question. A cup of flour is ", "about 15.3 grams. Sift it first."]
    said = "".join(bounded(pieces, ReplyBounds()))
    assert said == "Good question. " + NO_MEASURE


def test_asked_how_long_to_cook_or_rest_the_models_guess_is_not_said(settings, memory) -> None:
    # an outside trial: the kitchen's tables hold no resting time, and the model said this
    said = "how long should I rest the chicken for?"
    reply, _ = scripted_reply(
        settings, memory, ["The chicken should be rested for 2 hours before serving."], said
    )
    assert reply.text == NO_MEASURE


@pytest.mark.parametrize(
    ("asked", "reply"),
    [
        ("how do I make pancakes?", "Cook for 2 minutes each side."),  # a step, not asked
        ("how long has Sam been at school?", "Sam has been at school for 3 hours."),
    ],
)
def test_a_duration_not_asked_of_the_kitchen_is_said(asked: str, reply: str) -> None:
    assert ReplyBounds("", asked).broken(reply) is None  # the controls beside the above
