"""Kitchen questions as kitchen_heldout3 and kitchen_heldout4 asked them: each rule's guard
beside a control that the rule must leave as it was."""

from __future__ import annotations

import pytest

from appliance.kitchen.allergens import ALLERGEN_UNSURE
from appliance.kitchen.ask import answer
from appliance.kitchen.safety import UNSURE


def _said(question: str) -> str:
    found = answer(question)
    assert found is not None, question
    return found.text


def test_an_old_recipes_oven_in_words_is_given_in_degrees_and_gas_marks() -> None:
    said = _said("my nan's recipe just says moderate oven, what temp is that")
    assert "180 °C" in said and "gas mark 4" in said
    assert "140 to 150 °C" in _said("bake in a slow oven for 2 hours what temperature")
    # control: how long, in a warm oven, asks no temperature
    found = answer("how long do i leave it in a warm oven")
    assert found is None or "warm oven is" not in found.text


def test_how_long_beside_an_ovens_temperature_asks_the_time() -> None:
    assert _said("salmon fillet in the oven at 200, how long").startswith(
        "Salmon fillet: 12 to 15 minutes"
    )
    assert _said("200c in f").startswith("200 °C is about 400 °F")  # control


def test_a_cooking_time_the_tables_lack_is_never_how_long_it_keeps() -> None:
    said = _said("how long to fry raw king prawns")
    assert said.startswith("I don't have a frying time") and "keep" not in said
    assert "an air fryer time" in _said("fish fingers in the air fryer how long")
    assert "keep 1 to 3 days" in _said("how long do raw prawns keep")  # control


@pytest.mark.parametrize(
    ("question", "begins"),
    [
        ("a kilo and a half of pork shoulder how long", "A 1.5 kg pork"),
        ("how long do i cook a 2kg lamb leg", "A 2 kg lamb"),
        ("hw lng 4 a 2 kilo leg of lamb medium", "A 2 kg lamb, medium"),
        ("hard boiled egg how many mins", "Boiled egg, hard"),
        ("how long do snags take under the grill", "Sausages: 14 to 16 minutes"),
    ],
)
def test_weights_and_foods_said_as_a_household_says_them(question: str, begins: str) -> None:
    assert _said(question).startswith(begins)


@pytest.mark.parametrize(
    ("question", "says"),
    [
        ("1 cup brown sugar packed, grams?", "215 g"),
        ("what gas mark is 180", "gas mark 4"),
        ("how many litres in an american gallon", "3.79 litres"),
        (
            "my aunty in brisbane says an aussie tablespoon is different how many teaspoons "
            "is one of theirs",
            "4 tsp",
        ),
        ("recipe says zucchini, what do we call that", "courgette"),
        ("what do you lot call all purpose flour", "plain flour"),
        ("my american sister in law wants heavy cream what do i buy", "double cream"),
    ],
)
def test_measures_and_names_asked_otherwise(question: str, says: str) -> None:
    assert says in _said(question)


def test_half_and_half_says_what_makes_it() -> None:
    said = _said("what's half and half, can i make it")
    assert "milk" in said and "single cream" in said
    assert answer("whats for dinner") is None  # control: "what's …" names no food


@pytest.mark.parametrize(
    ("question", "says"),
    [
        ("some of the mussels are open and dont shut when i tap them, ok to cook?", "throw away"),
        ("how long do dried kidney beans need boiling hard so theyre not poisonous", "10 minutes"),
        ("i picked some mushrooms in the park can we have them for tea", "expert"),
        ("whats the danger zone for food temperature in celsius", "63 °C"),
        ("can i reheat chicken twice", "more than once"),
        ("can i reheat rice twice", "only once"),
        ("defrosting a 6 kilo turkey in the fridge how long will it take", "60 to 72 hours"),
        ("how long to defrost a 1.5kg chicken in the fridge", "24 hours"),
        ("how long is leftover christmas turkey good for in the fridge", "2 to 4 days"),
    ],
)
def test_food_safety_asked_as_a_household_asks(question: str, says: str) -> None:
    assert says in _said(question)


@pytest.mark.parametrize(
    ("question", "says"),
    [
        ("how long do mushrooms keep in the fridge", "3 to 7 days"),
        ("how long do tinned kidney beans keep once opened", UNSURE),
        ("what temperature should i reheat leftovers to", "°C"),
        ("how long does bacon keep", "7 days"),
        ("how long does chocolate cake keep", "Cakes and muffins"),
    ],
)
def test_controls_of_those_rules(question: str, says: str) -> None:
    assert says in _said(question)


@pytest.mark.parametrize(
    "question",
    [
        "my neighbour gave us some of his home cured bacon, how long will it keep",
        "got a vacuum packed duck from the farm shop with no label, how long will it keep",
        "my nans home canned green beans from a couple of years ago the lids a bit domed are "
        "they ok",
        "those korean rice cakes from the asian supermarket, how long are they ok once opened",
        "how long do fish cakes keep in the fridge",
    ],
)
def test_what_no_table_vouches_for_gets_the_honest_answer(question: str) -> None:
    assert _said(question) == UNSURE


def test_what_a_sauce_is_made_of_is_said_and_what_it_is_free_of_never() -> None:
    assert "expect fish" in _said("is worcestershire sauce got fish in it")
    assert "expect sesame" in _said("does hummus have sesame in it")
    assert "expect nuts" in _said("is pesto nut free my son has a nut allergy")
    # controls: a sauce no row names, and an allergen its row does not hold
    assert _said("is brown sauce got fish in it") == ALLERGEN_UNSURE
    assert _said("is pesto gluten free") == ALLERGEN_UNSURE


def test_milk_is_a_little_heavier_than_water() -> None:
    """An eighteenth trial's "what's a pint of milk in grams" got 545 g, lighter than a pint
    of water (568 g): the chart's 8 oz a cup."""
    assert "585 g" in _said("whats a pint of milk in grams")
    assert "570 g" in _said("whats a pint of water in grams")  # control: 568 g, said to 5 g
