"""An item on the list changed, carried out on the real store: said with the list named,
by the words alone; said without it, only when the list holds that one thing."""

from __future__ import annotations

import datetime as dt

import pytest

from appliance.household import HouseholdStore, perform
from appliance.household.named import household_command
from appliance.household.phrases import parse

NOW = dt.datetime(2026, 12, 7, 17, 45)


def changed(store: HouseholdStore, on_it: list[str], said: str) -> list[str]:
    """The list after `said`, with `on_it` on it before."""
    store.add_items(on_it)
    command = household_command(store, said, NOW)
    if command is not None:
        perform(store, command)
    return sorted(item.name for item in store.items())


@pytest.mark.parametrize(
    ("on_it", "said", "after"),
    [
        (["500g mince", "bread"], "change the mince to 750g", ["750g mince", "bread"]),
        (["1 pint of milk"], "make the milk 2 pints", ["2 pints of milk"]),
        (["6 eggs", "apples"], "change the eggs to a dozen", ["12 eggs", "apples"]),
        (["3 lemons"], "make the lemons five", ["5 lemons"]),  # digits, as it was
        (["whole milk"], "get semi-skimmed instead of whole milk", ["semi-skimmed milk"]),
        (["butter"], "swap the butter for marg", ["marg"]),
        (["a small loaf"], "change the small loaf to a large one", ["a large loaf"]),
        (["coke", "crisps"], "change coke to diet coke on the list", ["crisps", "diet coke"]),
        (["cheddar"], "get red Leicester instead of the cheddar", ["red Leicester"]),
        (["500g mince"], "make the mince a kilo", ["1kg mince"]),
        (["2 pints of milk"], "change the milk to semi skimmed", ["2 pints of semi skimmed milk"]),
        (["1 bag of carrots"], "we'll need two bags of carrots, not one", ["2 bags of carrots"]),
        (["4 chicken breasts"], "bump the chicken breasts up to six", ["6 chicken breasts"]),
        (["250g butter"], "double the butter", ["500g butter"]),
        # halved to one, the thing counted said as one (a trial's "1 eggs"); a unit's own
        (["2 eggs"], "halve the eggs", ["1 egg"]),
        (["2 loaves of bread"], "halve the bread", ["1 loaf of bread"]),
        (["2 red peppers"], "halve the peppers", ["1 red pepper"]),
        (["2 pints of milk"], "halve the milk", ["1 pint of milk"]),
        (["2 tomatoes"], "halve the tomatoes", ["1 tomato"]),
        (["2 fish"], "halve the fish", ["1 fish"]),
        (["3 onions"], "three onions won't be enough, make it five", ["5 onions"]),
        (["lemons"], "on the shopping list, swap lemons for limes", ["limes"]),
        (["cheddar"], "instead of cheddar, put brie", ["brie"]),
    ],
)
def test_an_item_on_the_list_changed(
    store: HouseholdStore, on_it: list[str], said: str, after: list[str]
) -> None:
    assert changed(store, on_it, said) == sorted(after)


@pytest.mark.parametrize(
    ("on_it", "said"),
    [
        # not on the list: a recipe's swap, or the furniture's
        (["pasta"], "swap the chopped tomatoes for passata"),
        (["crisps"], "swap the chairs round for the party"),
        (["mince"], "can I swap the mince for lentils in a bolognese?"),
        # two things the words could mean: which is asked, nothing changed here
        (["oat milk", "whole milk"], "change the milk to 2 pints"),
        (["butter"], "double the butter"),  # no amount to double
        (["3 onions", "2 onions of a kind"], "make it five"),  # nothing named before it
    ],
)
def test_nothing_changes_unless_the_list_holds_that_one_thing(
    store: HouseholdStore, on_it: list[str], said: str
) -> None:
    assert changed(store, on_it, said) == sorted(on_it)


def test_the_list_named_is_read_from_the_words_alone() -> None:
    # the positive control beside the records' gate: no store is asked
    assert parse("change the eggs on the list to twelve", NOW) is not None
    assert parse("swap the broccoli for peas", NOW) is None


def test_an_oven_turned_up_is_no_list_change(store: HouseholdStore) -> None:
    assert changed(store, ["chicken"], "put the chicken up to 200") == ["chicken"]
    # the control, on the same list
    assert changed(store, ["4 chicken breasts"], "bump the chicken breasts up to 6") == [
        "6 chicken breasts",
        "chicken",
    ]


@pytest.mark.parametrize(
    "said",
    [
        # a review's: the oven's settings, a place, a dish, a meal, a recipe's amounts
        "change the chicken to 180",
        "take the chicken down to 160",
        "change the chicken to 180, it's a fan oven",
        "change the mince to 180 degrees",
        "change the chicken to gas mark 6",
        "switch the chicken to the top oven",
        "make the chicken into a curry",
        "make the chicken two",
        "put two eggs in the cake, make it three",
        "I need 2 eggs, not 3",
        "the recipe uses 500g mince, make it 750g",
        "I'll have tea instead of milk thanks",
        "let's have pasta instead of chicken",
        "have peas instead of chicken",
        "instead of chicken, have fish",
        "swap the chicken for tofu, it's for the curry",
        "swap the milk with Sam",
        "Sam wants tea instead of milk",
    ],
)
def test_talk_of_cooking_and_meals_leaves_the_list_as_it_was(
    store: HouseholdStore, said: str
) -> None:
    on_it = ["500g mince", "whole milk", "chicken", "6 eggs", "peas"]
    assert changed(store, on_it, said) == sorted(on_it)


@pytest.mark.parametrize(
    ("on_it", "said", "after"),
    [
        (["500g mince"], "change the mince to 750", ["750g mince"]),  # its unit, as it was
        (["peas"], "change the peas to frozen", ["frozen peas"]),
        (["peas"], "swap the peas for the carrots", ["carrots"]),
        (["6 eggs"], "we'll need 12 eggs, not 6", ["12 eggs"]),
    ],
)
def test_an_amount_or_a_kind_of_what_the_list_holds(
    store: HouseholdStore, on_it: list[str], said: str, after: list[str]
) -> None:
    assert changed(store, on_it, said) == after


@pytest.mark.parametrize(
    ("on_it", "said", "after"),
    [
        # an eleventh outside trial's: "mac" and "cheese" went on the list, and "is mac and
        # cheese on the list?" reached the model, which said it was not
        (
            [],
            "add salt and vinegar crisps and mac and cheese to the list",
            ["mac and cheese", "salt and vinegar crisps"],
        ),
        (["salt and vinegar crisps", "milk"], "take the salt and vinegar crisps off", ["milk"]),
        ([], "add salt and pepper crisps and milk", ["milk", "salt and pepper crisps"]),
        # the controls: two things said with "and" are two things
        ([], "add salt and pepper", ["pepper", "salt"]),
        ([], "add bread and butter", ["bread", "butter"]),
        ([], "add salt and vinegar", ["salt", "vinegar"]),  # a review's became one item
        ([], "add gin and tonic", ["gin", "tonic"]),
    ],
)
def test_one_thing_with_and_in_its_name_is_one_item(
    store: HouseholdStore, on_it: list[str], said: str, after: list[str]
) -> None:
    assert changed(store, on_it, said) == after


def test_asked_whether_one_thing_with_and_in_its_name_is_on_the_list() -> None:
    from appliance.household.requests import CheckItem

    assert parse("is mac and cheese on the list?", NOW) == CheckItem("mac and cheese")
