"""What is in a food, for someone who must not eat it, is never guessed (allergens.py)."""

from __future__ import annotations

import pytest

from appliance.brain.bounds import ReplyBounds, bounded
from appliance.kitchen.allergens import ALLERGEN_UNSURE
from appliance.kitchen.ask import answer
from appliance.memory import Memory
from tests.brain.conftest import scripted_reply


@pytest.mark.parametrize(
    "asked",
    [
        # a third outside trial, a family with a coeliac son: the model answered each
        "is cornflour gluten free?",
        "can a coeliac eat oats?",
        "does this have nuts in it?",
        # a food made of another allergen than the one asked: still the label's
        "is hummus gluten free?",
    ],
)
def test_what_a_food_holds_is_left_to_its_label(asked: str) -> None:
    found = answer(asked)
    assert found is not None and found.text == ALLERGEN_UNSURE and found.kind == "unsure"


@pytest.mark.parametrize(
    ("asked", "holds"),
    [
        # made of it by its very name (made_of.csv): said, with the label still to check
        ("is soy sauce gluten free?", "expect gluten"),
        ("is there gluten in soy sauce?", "expect gluten"),
        ("does mayonnaise contain egg?", "expect eggs"),
        ("what nuts are in pesto?", "expect nuts"),
    ],
)
def test_what_a_food_is_made_of_by_its_name_is_said_and_the_label_still_checked(
    asked: str, holds: str
) -> None:
    found = answer(asked)
    assert found is not None and found.kind == "unsure"
    assert holds in found.text and "Check the label all the same" in found.text
    assert "free" not in found.text.split("Check the label")[0]  # never what it is free of


@pytest.mark.parametrize(
    "asked", ["can Ravi have milk?", "do we have any eggs left?", "how long do eggs keep?"]
)
def test_memory_the_list_and_the_tables_still_answer_theirs(asked: str) -> None:
    found = answer(asked)  # the controls
    assert found is None or found.text != ALLERGEN_UNSURE


def test_a_swap_asked_for_a_diet_is_never_an_unchecked_one() -> None:
    # the trial's: "cracker crumbs, matzo meal or ground oats" for a gluten-free one
    found = answer("gluten free substitute for breadcrumbs?")
    assert found is not None and "cracker" not in found.text
    assert found.text.startswith("The kitchen's swaps aren't checked for allergens or diets")
    found = answer("what can I use instead of flour in a white sauce for a coeliac?")
    assert found is not None and "gluten-free dish" in found.text
    found = answer("what can I use instead of breadcrumbs?")  # the control: no diet said
    assert found is not None and "cracker crumbs" in found.text


@pytest.mark.parametrize(
    "said",
    [
        "No, cornflour is not gluten free.",
        "Soy sauce contains wheat.",
        "Oats are safe for coeliacs.",
    ],
)
def test_the_model_never_says_what_a_food_holds(said: str) -> None:
    assert "".join(bounded([said], ReplyBounds("", "tell me about sauces"))) == ALLERGEN_UNSURE


def test_a_memory_answer_about_what_someone_cannot_have_stands(settings, memory: Memory) -> None:
    memory.add("Ravi cannot have dairy.", "health", links=["Ravi"])
    reply, model = scripted_reply(settings, memory, [], "can Ravi have milk?")
    assert reply.text == "From memory: Ravi cannot have dairy." and model.prompts == []


@pytest.mark.parametrize("asked", ["are pine nuts actually nuts?", "is coconut a nut?"])
def test_whether_a_food_is_a_nut_is_left_to_its_label(asked: str) -> None:
    # a fourth outside trial, a nut allergy in the house: the model answered each wrongly
    found = answer(asked)
    assert found is not None and found.text == ALLERGEN_UNSURE


def test_a_swap_for_a_food_named_like_another_is_not_the_others() -> None:
    # a fourth trial: "instead of peanut butter" got the butter row
    found = answer("what can I use instead of peanut butter?")
    assert (
        found is not None and found.text == "The kitchen's tables have no swap for peanut butter."
    )
    found = answer("what can I use instead of butter?")  # the control
    assert found is not None and found.text.startswith("Instead of 1 cup butter")
