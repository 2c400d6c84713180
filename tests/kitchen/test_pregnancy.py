"""A food-safety question said of a pregnancy is answered from the NHS's pregnancy table,
never the rows said for everyone, nor "throw it out" (kitchen/pregnancy.py). A twelfth
outside trial heard "No: whole cuts of beef and lamb … can be served rare or pink…" to "can
a pregnant woman eat rare beef", and "check the packet… throw it out" for brie and pâté."""

from __future__ import annotations

import pytest

from appliance.kitchen.ask import answer
from appliance.kitchen.pregnancy import NOT_IN_THE_TABLE


@pytest.mark.parametrize(
    ("asked", "says"),
    [
        ("can a pregnant woman eat rare beef", "Only cooked right through"),
        ("what temp should beef be for a pregnant person", "no trace of pink or blood"),
        ("can I eat brie when pregnant", "Not unless it is cooked until steaming hot"),
        ("is smoked salmon ok in pregnancy", "cold-smoked or cured fish"),
        ("can i have pâté while pregnant", "avoid all pâté"),  # the accent read as "pate"
        ("how much caffeine can i have when pregnant", "200 mg"),
        ("im pregnant can i have a glass of wine", "not to drink alcohol at all"),
        ("can pregnant women eat runny eggs", "British Lion"),
        ("can I eat cheddar when pregnant", "Yes: hard cheeses"),
        ("im pregnant, can i eat goats cheese", "no white rind"),
        ("is tuna ok for pregnant women", "4 medium cans"),
        ("my wife is pregnant, can she have salami", "Not cold"),
    ],
)
def test_a_pregnancy_gets_the_pregnancy_row(asked: str, says: str) -> None:
    found = answer(asked)
    assert found is not None and found.kind == "safety"
    assert says in found.text and "NHS" in found.text


def test_a_food_the_table_does_not_hold_gets_where_to_ask() -> None:
    found = answer("pregnant, can I eat kimchi")
    assert found is not None and found.text == NOT_IN_THE_TABLE


@pytest.mark.parametrize(
    ("asked", "says"),
    [
        # the controls: no pregnancy, the rows for everyone as before
        ("can I eat rare beef", "can be served rare or pink"),
        ("how long does smoked salmon keep in the fridge", "Smoked salmon keeps"),
        ("we're expecting ten for dinner, can beef be served rare", "served rare or pink"),
    ],
)
def test_without_a_pregnancy_the_rows_for_everyone_answer(asked: str, says: str) -> None:
    found = answer(asked)
    assert found is not None and says in found.text
