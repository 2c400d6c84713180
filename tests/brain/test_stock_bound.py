"""The model never says what the house has or lacks: Hearth knows the list, not the
cupboards."""

from __future__ import annotations

import pytest

from appliance.brain.bounds import NO_STOCK, ReplyBounds, bounded


@pytest.mark.parametrize(
    "said",
    [
        # an outside trial asked "should we add butter to the list or do we still have some?"
        "We should add butter to the list, but we still have some.",
        "You have plenty of eggs.",
        "We're out of milk.",
        "There's still some cheese in the fridge.",
        "You've got loads of pasta, so no need.",
        # a held-out split's forms (benchmarks/stock.py)
        "The spice cupboard is empty.",
        "The fridge has some leftover chicken.",
        "There are no onions left.",
        "You've used up all the garlic.",
        "They've run out of cereal at home.",
    ],
)
def test_what_the_house_has_is_never_made_up(said: str) -> None:
    broken = ReplyBounds(asked="should we add butter or do we still have some?").broken(said)
    assert broken is not None and broken.bound == "stock"


@pytest.mark.parametrize(
    "said",
    [
        "You have some eggs on your shopping list.",  # of the list, which Hearth knows
        "We have a chest freezer in the garage.",  # a fact, no amount
        "You have plenty of time before dinner.",
        "Timers are handy when you have lots of things cooking at once.",
        "You can add butter to the list if you need it.",
        "If you're out of eggs, use a flax egg.",  # not stated as known
        "Make sure you have enough baking paper before you start.",
        "Mix everything in a big bowl until there is no dry flour left.",
        "The fridge is making a buzzing noise.",
        "You're out of luck with that recipe.",
        "Do you have any butter?",
    ],
)
def test_the_list_time_and_facts_pass(said: str) -> None:
    assert ReplyBounds(asked="what now?").broken(said) is None


def test_what_the_person_said_they_lack_is_told_not_made_up() -> None:
    said = "Sorry to hear you're out of olive oil."
    assert ReplyBounds(asked="we're out of olive oil").broken(said) is None
    assert ReplyBounds(asked="what goes with pasta?").broken(said) is not None  # control


def test_a_reply_ends_at_the_made_up_stock() -> None:
    pieces = ["We should add butter. ", "But we still have some. ", "Enjoy!"]
    said = "".join(bounded(pieces, ReplyBounds(asked="do we have butter?")))
    assert said == "We should add butter. " + NO_STOCK
