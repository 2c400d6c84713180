"""A food-safety question said of a pregnancy is answered from the NHS's pregnancy table,
never the rows said for everyone, nor "throw it out" (kitchen/pregnancy.py). A twelfth
outside trial heard "No: whole cuts of beef and lamb … can be served rare or pink…" to "can
a pregnant woman eat rare beef", and "check the packet… throw it out" for brie and pâté."""

from __future__ import annotations

import re

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


@pytest.mark.parametrize(
    ("asked", "says"),
    [
        # a held-out split's, after its first read (tuning now): plurals, a texted age,
        # the week of a pregnancy, the cheese named before the milk, a herbal tea
        ("how many coffees a day can i have pregnant", "200 mg"),
        ("Is a king prawn curry safe during pregnancy", "Cooked shellfish is fine"),
        ("im pregnant can i have farmhouse cheddar made with unpasteurised milk", "Yes: hard"),
        ("raspberry leaf tea at 36 weeks, is it safe", "won't guess: your midwife"),
        (
            "eggs from my neighbour's chickens no lion mark, can I eat them runny, I'm pregnant",
            "Cook them until the white and yolk are solid",
        ),
        ("can i have a red bull while pregnant", "200 mg"),
    ],
)
def test_a_pregnancy_said_otherwise_still_gets_its_row(asked: str, says: str) -> None:
    found = answer(asked)
    assert found is not None and says in found.text


@pytest.mark.parametrize(
    "asked",
    [
        "I'm not pregnant, can I eat brie",
        "I had my baby 2 weeks ago, can I eat brie again",
        "can my flatmate have smoked salmon, he's 25",  # a grown-up, by the age said
    ],
)
def test_no_pregnancy_and_no_child_gets_neither_row(asked: str) -> None:  # the controls
    found = answer(asked)
    assert found is None or not re.search(r"pregnan|midwife|health visitor", found.text)


@pytest.mark.parametrize(
    ("asked", "says"),
    [
        # a review's: a pregnancy said beside a child's food or how food is kept had got a
        # pregnancy row ("Yes: you can eat peanuts… in pregnancy" for a toddler)
        ("I'm pregnant, can my toddler have whole nuts?", "Not whole for a child under 5"),
        ("can I eat chicken that's a day past its use by date while pregnant", "use-by date"),
        ("can I warm breast milk in the microwave, I'm pregnant", "Never warm or defrost"),
        ("I'm pregnant, can I eat rice that was left out overnight", "out for more than 2 hours"),
        # and its rows misread: "drinking" is no alcohol, raw fish no cooked fish
        ("is drinking coffee ok in pregnancy", "200 mg"),
        ("can I have a drink of milk while pregnant", "pasteurised or UHT milk is fine"),
        ("can I eat raw fish while pregnant", "Only if the fish in it has been cooked"),
        ("is rare venison ok when pregnant", "Only cooked right through"),
        ("one glass of wine at christmas, 6 months pregnant, ok?", "not to drink alcohol"),
    ],
)
def test_a_pregnancy_beside_another_rule_or_said_otherwise(asked: str, says: str) -> None:
    found = answer(asked)
    assert found is not None and says in found.text


@pytest.mark.parametrize(
    "asked", ["is ginger beer ok when pregnant", "can i have apple cider vinegar while pregnant"]
)
def test_a_drink_named_like_alcohol_is_no_alcohol(asked: str) -> None:
    found = answer(asked)
    assert found is not None and "alcohol" not in found.text


def test_a_pregnant_animal_is_no_pregnancy_of_the_house() -> None:
    found = answer("my pregnant cat, can she eat tuna")
    assert found is None or "pregnancy" not in found.text


@pytest.mark.parametrize(
    ("asked", "says"),
    [
        # a second review's: a pint of milk, pasteurised goats' milk, beer batter and wine
        # gums are no alcohol and no raw milk; the baby to come is no baby here
        ("can I have a pint of milk a day while pregnant", "pasteurised or UHT milk is fine"),
        ("is pasteurised goats milk ok in pregnancy", "pasteurised or UHT milk is fine"),
        ("is caffeine safe for my unborn baby, I'm pregnant", "200 mg"),
        ("I'm expecting a baby, can I eat sushi", "Only if the fish in it has been cooked"),
        ("i'm 8 months along can i eat blue cheese", "Not unless it is cooked"),
    ],
)
def test_a_pregnancy_said_with_the_baby_to_come_or_a_word_like_a_drink(asked, says) -> None:
    found = answer(asked)
    assert found is not None and says in found.text


@pytest.mark.parametrize(
    "asked", ["can I eat wine gums when pregnant", "can I eat beer battered fish while pregnant"]
)
def test_a_food_named_for_a_drink_is_no_drink(asked: str) -> None:
    found = answer(asked)
    assert found is not None and "alcohol" not in found.text


def test_a_food_in_date_in_a_pregnancy_is_the_pregnancy_s_and_past_it_the_date_s() -> None:
    # a second review's: "…brie that's within its use by date" got the freezing rule
    within = answer("I'm pregnant, can I eat brie that's within its use by date")
    assert within is not None and within.text.startswith("Not unless it is cooked")
    past = answer("can I eat chicken that's a day past its use by date while pregnant")
    assert past is not None and past.text.startswith("Don't eat food after its use-by date")
