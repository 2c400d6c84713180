"""A thing on the list with its amount written after it ("rice 5kg", "plantain x6") is
still that thing: a fifteenth trial's "is rice on the list" got "No, rice isn't on the
shopping list." with "rice 5kg" on it, and "take rice off the list" "Not on it: rice."."""

from __future__ import annotations

from appliance.household import HouseholdStore, perform
from appliance.household.named import household_command


def said(store: HouseholdStore, text: str) -> str:
    command = household_command(store, text, store.now())
    assert command is not None, text
    return perform(store, command, "t")


def test_an_amount_after_the_thing_is_no_part_of_it(store: HouseholdStore) -> None:
    store.add_items(["rice 5kg", "plantain x6", "bag of spuds"])
    assert said(store, "is rice on the list") == "Yes: rice 5kg is on the shopping list."
    assert said(store, "is plantain on the list") == "Yes: plantain x6 is on the shopping list."
    assert said(store, "have we spuds on the list?") == (
        "Yes: bag of spuds is on the shopping list."
    )
    assert said(store, "take rice off the list") == "I've taken rice 5kg off the shopping list."
    assert [item.name for item in store.items()] == ["plantain x6", "bag of spuds"]


def test_a_thing_of_another_kind_is_still_not_it(store: HouseholdStore) -> None:
    # the controls: "rice flour" is no rice, and milk is not on a list of rice
    store.add_items(["rice flour 1kg"])
    assert said(store, "is rice on the list") == "No, rice isn't on the shopping list."
    assert said(store, "have we milk on the list") == "No, milk isn't on the shopping list."
    assert [item.name for item in store.items()] == ["rice flour 1kg"]
